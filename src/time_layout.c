/*
 * time_layout.c -- the table of time-ordered layouts, resolved to this
 * database's OIDs.
 *
 * May touch: the catalogs, read-only, through the system caches; nothing of
 * the planner.  Every other file of the planner layer asks here what a
 * function or a key type is; none of them looks at a name.
 *
 * Each row names its objects once; they are looked up in the extension's
 * schema on first use in a backend and forgotten when one of them changes
 * or an operator class does (CREATE, ALTER or DROP EXTENSION among them),
 * so a function is known by its OID, never by what it is called.  That uidx
 * is not installed is kept the same way (uidx_extension_oid).
 */
#include "uidx.h"
#include "time_layout.h"

#include "access/genam.h"
#include "access/htup_details.h"
#include "access/stratnum.h"
#include "access/table.h"
#include "catalog/namespace.h"
#include "catalog/pg_extension.h"
#include "catalog/pg_proc.h"
#include "catalog/pg_type_d.h"
#include "catalog/pg_am_d.h"
#include "commands/defrem.h"
#include "commands/extension.h"
#include "common/int.h"
#include "datatype/timestamp.h"
#include "nodes/makefuncs.h"
#include "utils/builtins.h"
#include "utils/fmgroids.h"
#include "utils/inval.h"
#include "utils/lsyscache.h"
#include "utils/syscache.h"

/*
 * The offsets, epochs and tails are layout.h's, where each key type's order
 * (the segments its family's descriptor reads) is defined from the same
 * offset; UIDX_ONES_TAIL is above every key of the field's millisecond.
 */
static const UidxTimeLayout layouts[UIDX_NUM_LAYOUTS] = {
	/* iuid: every value has version 8, format 0 and variant 10 */
	[UIDX_LAYOUT_IUID] = {"iuid_timestamp", "iuid", IUID_TIME_OFFSET, IUID_EPOCH_UNIX_MS,
	UIDX_MAX_MS48, IUID_MIN_TAIL, IUID_MAX_TAIL, "iuid_time_bound"},
	/* any 16 bytes are a comb, whose order reads bytes 10-15 first */
	[UIDX_LAYOUT_COMB] = {"comb_timestamp", "comb", COMB_SUFFIX_TIME_OFFSET, COMB_EPOCH_UNIX_MS,
	UIDX_MAX_MS48, {0}, UIDX_ONES_TAIL, "comb_time_bound"},
	/* a distid is below 2^93: its field (T) has 45 bits, to the year 3015 */
	[UIDX_LAYOUT_DISTID] = {"distid_timestamp", "distid", DISTID_TIME_OFFSET, DISTID_EPOCH_UNIX_MS,
	(INT64_C(1) << DISTID_TIME_BITS) - 1, {0}, DISTID_MAX_TAIL, "distid_time_bound"},
	/* on uuid: NULL for other layouts, so only field bounds, never exact */
	[UIDX_LAYOUT_IUID_UUID] = {"iuid_timestamp", NULL, IUID_TIME_OFFSET, IUID_EPOCH_UNIX_MS,
	UIDX_MAX_MS48, {0}, UIDX_ONES_TAIL, NULL},
	[UIDX_LAYOUT_COMB_PREFIX] = {"comb_prefix_timestamp", NULL, COMB_PREFIX_TIME_OFFSET, COMB_EPOCH_UNIX_MS,
	UIDX_MAX_MS48, {0}, UIDX_ONES_TAIL, NULL},
	[UIDX_LAYOUT_DISTID128] = {"distid128_timestamp", NULL, DISTID128_TIME_OFFSET, DISTID128_EPOCH_UNIX_MS,
	UIDX_MAX_MS48, {0}, UIDX_ONES_TAIL, NULL},
};

#define NUM_LAYOUTS UIDX_NUM_LAYOUTS

const UidxTimeLayout *
uidx_time_layout(UidxTimeLayoutId id)
{
	Assert(id >= 0 && id < UIDX_NUM_LAYOUTS);
	return &layouts[id];
}

static UidxTimeLayoutOids resolved[NUM_LAYOUTS];
static Oid	resolved_field_bound = InvalidOid;
static Oid	resolved_datetime_family = InvalidOid;

/*
 * What this backend knows of uidx in its database: nothing yet, installed
 * (with `resolved` filled), or not installed.  "Not installed" is kept too,
 * so that a server that preloads uidx asks pg_extension once per database
 * connection, not at every plan.
 */
typedef enum ExtensionState
{
	EXTENSION_UNKNOWN,
	EXTENSION_LOOKING,			/* being found out: any change forgets it */
	EXTENSION_INSTALLED,
	EXTENSION_ABSENT
} ExtensionState;

static ExtensionState extension_state = EXTENSION_UNKNOWN;
static Oid	cached_extension = InvalidOid;
static bool callbacks_registered = false;

/*
 * The system cache hash values of the functions and types `resolved` names
 * (PROCOID, TYPEOID): an invalidation of another function or type (every
 * CREATE TEMP TABLE makes a type) leaves the table alone.
 */
#define MAX_WATCHED (4 * NUM_LAYOUTS + 1)
static uint32 watched_procs[MAX_WATCHED];
static int	num_watched_procs = 0;
static uint32 watched_types[MAX_WATCHED];
static int	num_watched_types = 0;

static void
forget_extension(void)
{
	extension_state = EXTENSION_UNKNOWN;
	cached_extension = InvalidOid;
	num_watched_procs = 0;
	num_watched_types = 0;
}

static bool
is_watched(const uint32 *watched, int n, uint32 hashvalue)
{
	for (int i = 0; i < n; i++)
		if (watched[i] == hashvalue)
			return true;
	return false;
}

/*
 * pg_proc or pg_type changed: forget what uidx knows where the change is to
 * one of the objects it resolved (ALTER EXTENSION UPDATE replaces every
 * function, DROP EXTENSION drops them, ALTER EXTENSION SET SCHEMA moves
 * them), or where the whole cache is reset (hashvalue 0).
 */
static void
proc_or_type_changed(Datum arg, int cacheid, uint32 hashvalue)
{
	if (extension_state == EXTENSION_ABSENT || extension_state == EXTENSION_UNKNOWN)
		return;
	if (hashvalue == 0 || extension_state == EXTENSION_LOOKING ||
		(cacheid == PROCOID && is_watched(watched_procs, num_watched_procs, hashvalue)) ||
		(cacheid == TYPEOID && is_watched(watched_types, num_watched_types, hashvalue)))
		forget_extension();
}

/*
 * An operator class or family changed: rare outside DDL of operator classes,
 * and part of every CREATE, DROP and ALTER EXTENSION uidx (its key types'
 * btree classes), in whichever state: the one sign of CREATE EXTENSION that
 * reaches a backend that knows uidx is not installed, since pg_extension has
 * no system cache to send one.
 */
static void
opclass_changed(Datum arg, int cacheid, uint32 hashvalue)
{
	forget_extension();
}

static void watch_resolved(void);
static bool resolve_layouts(Oid extension);

Oid
uidx_extension_oid(void)
{
	if (!callbacks_registered)
	{
		CacheRegisterSyscacheCallback(PROCOID, proc_or_type_changed, (Datum) 0);
		CacheRegisterSyscacheCallback(TYPEOID, proc_or_type_changed, (Datum) 0);
		CacheRegisterSyscacheCallback(CLAOID, opclass_changed, (Datum) 0);
		CacheRegisterSyscacheCallback(OPFAMILYOID, opclass_changed, (Datum) 0);
		callbacks_registered = true;
	}

	/*
	 * While uidx's own CREATE or ALTER EXTENSION script runs, its objects are
	 * half made: uidx counts as not installed, and nothing is kept (as
	 * Citus does for its own script).
	 */
	if (creating_extension && CurrentExtensionObject == get_extension_oid("uidx", true))
	{
		forget_extension();
		return InvalidOid;
	}
	/* (LOOKING here: an error ended the last lookup) */
	if (extension_state == EXTENSION_UNKNOWN || extension_state == EXTENSION_LOOKING)
	{
		Oid			extension;
		bool		found;

		/*
		 * The lookups can take in invalidations (a lock, a catalog read):
		 * one that comes in meanwhile forgets the answer, which then counts
		 * for this call only, and the next call asks again.
		 */
		extension_state = EXTENSION_LOOKING;
		extension = get_extension_oid("uidx", true);
		found = OidIsValid(extension) && resolve_layouts(extension);
		if (extension_state != EXTENSION_LOOKING)
			return InvalidOid;
		if (!found)
			extension_state = EXTENSION_ABSENT;
		else
		{
			cached_extension = extension;
			watch_resolved();
			extension_state = EXTENSION_INSTALLED;
		}
	}
	return extension_state == EXTENSION_INSTALLED ? cached_extension : InvalidOid;
}

/* pg_extension.extnamespace (get_extension_schema is not exported before 16) */
static Oid
extension_schema(Oid extension)
{
	Relation	rel = table_open(ExtensionRelationId, AccessShareLock);
	ScanKeyData key;
	SysScanDesc scan;
	HeapTuple	tuple;
	Oid			schema = InvalidOid;

	ScanKeyInit(&key, Anum_pg_extension_oid, BTEqualStrategyNumber, F_OIDEQ,
				ObjectIdGetDatum(extension));
	scan = systable_beginscan(rel, ExtensionOidIndexId, true, NULL, 1, &key);
	tuple = systable_getnext(scan);
	if (HeapTupleIsValid(tuple))
		schema = ((Form_pg_extension) GETSTRUCT(tuple))->extnamespace;
	systable_endscan(scan);
	table_close(rel, AccessShareLock);
	return schema;
}

static Oid
type_in_schema(const char *name, Oid schema)
{
	if (name == NULL)
		return UUIDOID;
	return GetSysCacheOid2(TYPENAMENSP, Anum_pg_type_oid,
						   CStringGetDatum(name), ObjectIdGetDatum(schema));
}

/*
 * A function by its name and argument types in `schema`, from the system
 * cache: the planner asks as whichever role plans, and that role need not
 * have USAGE on uidx's schema (LookupFuncName would fail there).
 */
static Oid
function_in_schema(Oid schema, const char *name, int nargs, const Oid *argtypes)
{
	if (name == NULL)
		return InvalidOid;
	return GetSysCacheOid3(PROCNAMEARGSNSP, Anum_pg_proc_oid, CStringGetDatum(name),
						   PointerGetDatum(buildoidvector(argtypes, nargs)),
						   ObjectIdGetDatum(schema));
}

/*
 * A type's default btree family: GetDefaultOpClass scans pg_opclass, which no
 * system cache holds, so the planner asks here once per backend.
 */
static Oid
default_btree_family(Oid type)
{
	Oid			opclass = OidIsValid(type) ? GetDefaultOpClass(type, BTREE_AM_OID) : InvalidOid;

	return OidIsValid(opclass) ? get_opclass_family(opclass) : InvalidOid;
}

/* Fills `resolved` for the extension `extension`; false where it has gone. */
static bool
resolve_layouts(Oid extension)
{
	Oid			schema;
	static const Oid bound_args[3] = {TIMESTAMPTZOID, BOOLOID, BOOLOID};
	static const Oid field_bound_args[4] = {TIMESTAMPTZOID, INT4OID, TIMESTAMPTZOID, BOOLOID};

	schema = extension_schema(extension);
	if (!OidIsValid(schema))
		return false;
	for (int i = 0; i < NUM_LAYOUTS; i++)
	{
		UidxTimeLayoutOids *row = &resolved[i];
		Oid			key_type = type_in_schema(layouts[i].key_type, schema);

		row->layout = &layouts[i];
		row->key_type = key_type;
		row->function = OidIsValid(key_type) ?
			function_in_schema(schema, layouts[i].function, 1, &key_type) : InvalidOid;
		row->bound_function = function_in_schema(schema, layouts[i].bound_function,
												 3, bound_args);
		row->btree_family = default_btree_family(key_type);
	}
	resolved_datetime_family = default_btree_family(TIMESTAMPTZOID);
	resolved_field_bound = function_in_schema(schema, "uidx_time_bound", 4,
											  field_bound_args);
	return true;
}

static void
watch(uint32 *watched, int *n, int cacheid, Oid oid)
{
	if (!OidIsValid(oid) || oid == UUIDOID)
		return;
	Assert(*n < MAX_WATCHED);
	watched[(*n)++] = GetSysCacheHashValue1(cacheid, ObjectIdGetDatum(oid));
}

/* the hash values of what `resolved` names (proc_or_type_changed) */
static void
watch_resolved(void)
{
	num_watched_procs = 0;
	num_watched_types = 0;
	for (int i = 0; i < NUM_LAYOUTS; i++)
	{
		watch(watched_procs, &num_watched_procs, PROCOID, resolved[i].function);
		watch(watched_procs, &num_watched_procs, PROCOID, resolved[i].bound_function);
		watch(watched_types, &num_watched_types, TYPEOID, resolved[i].key_type);
	}
	watch(watched_procs, &num_watched_procs, PROCOID, resolved_field_bound);
}

const UidxTimeLayoutOids *
uidx_time_layout_of_function(Oid funcid)
{
	if (!OidIsValid(funcid) || !OidIsValid(uidx_extension_oid()))
		return NULL;
	for (int i = 0; i < NUM_LAYOUTS; i++)
		if (resolved[i].function == funcid)
			return &resolved[i];
	return NULL;
}

const UidxTimeLayoutOids *
uidx_time_layout_of_key_type(Oid key_type)
{
	if (!OidIsValid(key_type) || !OidIsValid(uidx_extension_oid()))
		return NULL;
	for (int i = 0; i < NUM_LAYOUTS; i++)
		if (resolved[i].key_type == key_type)
			return &resolved[i];
	return NULL;
}

const UidxTimeLayoutOids *
uidx_time_layout_of_key_domain(Oid type)
{
	const UidxTimeLayoutOids *row = uidx_time_layout_of_key_type(type);

	/* getBaseType reads the type's catalog row: only for a type not itself a key type */
	return row != NULL || !OidIsValid(type) ? row :
		uidx_time_layout_of_key_type(getBaseType(type));
}

Oid
uidx_datetime_family(void)
{
	return OidIsValid(uidx_extension_oid()) ? resolved_datetime_family : InvalidOid;
}

const UidxTimeLayoutOids *
uidx_time_layout_for_key(const UidxTimeLayoutOids *of, Oid key_type)
{
	Assert(of != NULL);
	if (!OidIsValid(uidx_extension_oid()))
		return NULL;
	if (of->key_type == key_type)
		return of;
	for (int i = 0; i < NUM_LAYOUTS; i++)
	{
		const UidxTimeLayoutOids *row = &resolved[i];

		if (row->key_type != key_type || row->layout->time_offset != of->layout->time_offset)
			continue;
		if (key_type == UUIDOID || row->layout->epoch_unix_ms == of->layout->epoch_unix_ms)
			return row;
	}
	return NULL;
}

Oid
uidx_field_bound_function(void)
{
	return OidIsValid(uidx_extension_oid()) ? resolved_field_bound : InvalidOid;
}

/*
 * Microseconds of `at` after the epoch, saturated: the infinities and
 * instants too far from the epoch for int64 arithmetic come out as the
 * int64 extremes, which every caller treats as "before" or "after" every
 * field value.
 */
static int64
usecs_since_epoch(TimestampTz at, TimestampTz epoch)
{
	int64		since;

	if (TIMESTAMP_IS_NOBEGIN(at))
		return PG_INT64_MIN;
	if (TIMESTAMP_IS_NOEND(at))
		return PG_INT64_MAX;
	if (pg_sub_s64_overflow(at, epoch, &since))
		return at < epoch ? PG_INT64_MIN : PG_INT64_MAX;
	return since;
}

int64
uidx_time_field_floor(TimestampTz at, TimestampTz epoch)
{
	int64		since = usecs_since_epoch(at, epoch);

	if (since == PG_INT64_MIN || since == PG_INT64_MAX)
		return since;
	return uidx_floor_div(since, UIDX_US_PER_MS);
}

int64
uidx_time_field_ceil(TimestampTz at, TimestampTz epoch)
{
	int64		since = usecs_since_epoch(at, epoch);

	if (since == PG_INT64_MIN || since == PG_INT64_MAX)
		return since;
	return -uidx_floor_div(-since, UIDX_US_PER_MS);
}
