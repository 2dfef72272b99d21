/*
 * time_layout.c -- the table of time-ordered layouts, resolved to this
 * database's OIDs.
 *
 * May touch: the catalogs, read-only, through the system caches and
 * LookupFuncName; nothing of the planner.  Every other file of the planner
 * layer asks here what a function or a key type is; none of them looks at a
 * name.
 *
 * Each row names its objects once; they are looked up in the extension's
 * schema on first use in a backend and forgotten whenever pg_proc or pg_type
 * changes (CREATE, ALTER or DROP EXTENSION among them), so a function is
 * known by its OID, never by what it is called.
 */
#include "uidx.h"
#include "time_layout.h"

#include "access/genam.h"
#include "access/htup_details.h"
#include "access/stratnum.h"
#include "access/table.h"
#include "catalog/namespace.h"
#include "catalog/pg_extension.h"
#include "catalog/pg_type_d.h"
#include "catalog/pg_am_d.h"
#include "commands/defrem.h"
#include "commands/extension.h"
#include "common/int.h"
#include "datatype/timestamp.h"
#include "nodes/makefuncs.h"
#include "parser/parse_func.h"
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
static Oid	cached_extension = InvalidOid;
static bool is_resolved = false;
static bool callbacks_registered = false;

static void
forget_layouts(Datum arg, int cacheid, uint32 hashvalue)
{
	is_resolved = false;
	cached_extension = InvalidOid;
}

Oid
uidx_extension_oid(void)
{
	if (!callbacks_registered)
	{
		CacheRegisterSyscacheCallback(PROCOID, forget_layouts, (Datum) 0);
		CacheRegisterSyscacheCallback(TYPEOID, forget_layouts, (Datum) 0);
		CacheRegisterSyscacheCallback(CLAOID, forget_layouts, (Datum) 0);
		callbacks_registered = true;
	}
	if (!OidIsValid(cached_extension))
		cached_extension = get_extension_oid("uidx", true);
	return cached_extension;
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

static Oid
function_in_schema(const char *schema, const char *name, int nargs, const Oid *argtypes)
{
	if (name == NULL)
		return InvalidOid;
	return LookupFuncName(list_make2(makeString(pstrdup(schema)), makeString(pstrdup(name))),
						  nargs, argtypes, true);
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

/*
 * Fills `resolved`.  A lookup can itself invalidate what it filled (a
 * catalog change seen while reading), so the result counts only when no
 * invalidation came in between.
 */
static bool
resolve_layouts(void)
{
	Oid			extension = uidx_extension_oid();
	Oid			schema;
	char	   *schema_name;
	static const Oid bound_args[3] = {TIMESTAMPTZOID, BOOLOID, BOOLOID};
	static const Oid field_bound_args[4] = {TIMESTAMPTZOID, INT4OID, TIMESTAMPTZOID, BOOLOID};

	if (is_resolved)
		return true;
	if (!OidIsValid(extension))
		return false;
	schema = extension_schema(extension);
	schema_name = get_namespace_name(schema);
	if (schema_name == NULL)
		return false;
	is_resolved = true;
	for (int i = 0; i < NUM_LAYOUTS; i++)
	{
		UidxTimeLayoutOids *row = &resolved[i];
		Oid			key_type = type_in_schema(layouts[i].key_type, schema);

		row->layout = &layouts[i];
		row->key_type = key_type;
		row->function = OidIsValid(key_type) ?
			function_in_schema(schema_name, layouts[i].function, 1, &key_type) : InvalidOid;
		row->bound_function = function_in_schema(schema_name, layouts[i].bound_function,
												 3, bound_args);
		row->btree_family = default_btree_family(key_type);
	}
	resolved_datetime_family = default_btree_family(TIMESTAMPTZOID);
	resolved_field_bound = function_in_schema(schema_name, "uidx_time_bound", 4,
											  field_bound_args);
	return is_resolved;
}

const UidxTimeLayoutOids *
uidx_time_layout_of_function(Oid funcid)
{
	if (!OidIsValid(funcid) || !resolve_layouts())
		return NULL;
	for (int i = 0; i < NUM_LAYOUTS; i++)
		if (resolved[i].function == funcid)
			return &resolved[i];
	return NULL;
}

const UidxTimeLayoutOids *
uidx_time_layout_of_key_type(Oid key_type)
{
	if (!OidIsValid(key_type) || !resolve_layouts())
		return NULL;
	for (int i = 0; i < NUM_LAYOUTS; i++)
		if (resolved[i].key_type == key_type)
			return &resolved[i];
	return NULL;
}

Oid
uidx_datetime_family(void)
{
	return resolve_layouts() ? resolved_datetime_family : InvalidOid;
}

const UidxTimeLayoutOids *
uidx_time_layout_for_key(const UidxTimeLayoutOids *of, Oid key_type)
{
	Assert(of != NULL);
	if (!resolve_layouts())
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
	return resolve_layouts() ? resolved_field_bound : InvalidOid;
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
