/*
 * time_index.c -- `WHERE iuid_timestamp(id) >= $1` as an index condition on id.
 *
 * Every time-ordered layout uidx knows keeps its millisecond as a 48-bit
 * big-endian field that the index order reads first (README "Time filters
 * that use the index"): iuid, prefix COMBs and DistributedId128 in bytes
 * 0-5, the comb type in bytes 10-15, distid in bytes 4-9.  So a condition on
 * the extracted time implies a range of the key itself, the way LIKE 'abc%'
 * implies a range of the text: the planner support function of each time
 * function turns
 *
 *     f(id) >= c   into   id >= uidx_time_bound(c, offset, epoch, false)
 *     f(id) <= c   into   id <= uidx_time_bound(c, offset, epoch, true)
 *
 * (= into both).  PostgreSQL asks a support function for index conditions
 * only when an argument of the clause's own function is the index key, which
 * `f(id) >= c` is not (the key sits one level down, inside f); so uidx's
 * set_rel_pathlist hook asks it, for the functions whose support function is
 * uidx's, and plans index paths with what it returns.  The range is a superset: the bounds cover whole
 * milliseconds, and on a uuid column they also admit values of other layouts,
 * for which f() is NULL.  The condition is therefore marked lossy and the
 * original clause is checked on every row the index returns; no row that
 * satisfies it can fall outside the range, which is all an index condition
 * may promise.  The bound is compared with the key through the operator
 * family's own (key, uuid) operators, i.e. in the key type's order.
 */
#include "uidx.h"
#include "compat.h"
#include "clock.h"
#include "time_index.h"
#include "distid.h"

#include "access/htup_details.h"
#include "access/nbtree.h"
#include "access/stratnum.h"
#include "catalog/dependency.h"
#include "catalog/pg_am_d.h"
#include "catalog/pg_class_d.h"
#include "catalog/pg_proc_d.h"
#include "commands/extension.h"
#include "catalog/pg_type_d.h"
#include "commands/defrem.h"
#include "common/int.h"
#include "nodes/makefuncs.h"
#include "nodes/nodeFuncs.h"
#include "nodes/pathnodes.h"
#include "nodes/supportnodes.h"
#include "optimizer/optimizer.h"
#include "optimizer/paths.h"
#include "optimizer/planner.h"
#include "parser/parsetree.h"
#include "rewrite/rewriteManip.h"
#include "access/xact.h"
#include "optimizer/restrictinfo.h"
#include "parser/parse_func.h"
#include "utils/acl.h"
#include "utils/guc.h"
#include "utils/lsyscache.h"
#include "utils/hsearch.h"
#include "utils/inval.h"
#include "utils/syscache.h"
#include "catalog/pg_type.h"
#include "miscadmin.h"
#include "utils/uuid.h"

/*
 * The parse location of the index conditions made here (no parser sets a
 * negative one other than -1): where the planner hook's exact pruning
 * conditions are index conditions of the same scan, these lossy ones are
 * dropped from it (strip_index_scan).
 */
#define INDEX_HOOK_LOCATION (-22)

/* ---------------------------------------------------------------------------
 * Which catalog objects are uidx's, remembered per backend: the planner asks
 * for every time filter it plans, and the answers come from pg_extension and
 * pg_depend scans that the system caches do not hold.  Any change to pg_proc
 * or pg_type (CREATE, ALTER, DROP EXTENSION among them) forgets them all.
 * ------------------------------------------------------------------------- */

typedef struct MemberEntry
{
	Oid			key[2];			/* catalog, object */
	bool		member;
} MemberEntry;

static HTAB *member_cache = NULL;
static Oid	cached_uidx = InvalidOid;
static bool callbacks_registered = false;

static void
forget_members(Datum arg, int cacheid, uint32 hashvalue)
{
	if (member_cache)
		hash_destroy(member_cache);
	member_cache = NULL;
	cached_uidx = InvalidOid;
}

/* The extension's OID, or InvalidOid while it is not installed here */
static Oid
uidx_extension_oid(void)
{
	if (!callbacks_registered)
	{
		CacheRegisterSyscacheCallback(PROCOID, forget_members, (Datum) 0);
		CacheRegisterSyscacheCallback(TYPEOID, forget_members, (Datum) 0);
		callbacks_registered = true;
	}
	if (!OidIsValid(cached_uidx))
		cached_uidx = get_extension_oid("uidx", true);
	return cached_uidx;
}

/* Is the object (a function or a type) a member of uidx? */
static bool
is_uidx_member(Oid catalog, Oid object)
{
	Oid			key[2] = {catalog, object};
	MemberEntry *entry;
	bool		found;
	Oid			uidx = uidx_extension_oid();

	if (!OidIsValid(uidx) || !OidIsValid(object))
		return false;
	if (member_cache == NULL)
	{
		HASHCTL		ctl;

		memset(&ctl, 0, sizeof(ctl));
		ctl.keysize = sizeof(key);
		ctl.entrysize = sizeof(MemberEntry);
		member_cache = hash_create("uidx members", 64, &ctl, HASH_ELEM | HASH_BLOBS);
	}
	entry = hash_search(member_cache, key, HASH_FIND, NULL);
	if (entry)
		return entry->member;
	found = getExtensionOfObject(catalog, object) == uidx;
	/* the lookups above may have forgotten everything: insert afresh */
	if (member_cache == NULL)
		return found;
	entry = hash_search(member_cache, key, HASH_ENTER, NULL);
	entry->member = found;
	return found;
}

/*
 * The smallest (upper = false) or largest (upper = true) 16 bytes whose time
 * field holds the millisecond of `at`: all other bytes 00 or FF.  Instants
 * outside the field's range are clamped to its ends, so the bound never
 * raises an error the original clause would not have raised.
 */
/*
 * The value the 48-bit field would hold for the millisecond of `at`, clamped
 * to the field's range, so that no bound raises an error the original clause
 * would not have raised.
 */
static int64
time_field_of(TimestampTz at, TimestampTz epoch)
{
	int64		since_epoch;
	int64		field;

	if (TIMESTAMP_IS_NOBEGIN(at))
		return 0;
	if (TIMESTAMP_IS_NOEND(at) || pg_sub_s64_overflow(at, epoch, &since_epoch))
		return UIDX_MAX_MS48;
	field = uidx_floor_div(since_epoch, 1000);
	field = Max(field, 0);
	return Min(field, UIDX_MAX_MS48);
}

/*
 * The smallest (upper = false) or largest (upper = true) 16 bytes whose time
 * field holds the millisecond of `at`: all other bytes 00 or FF.
 */
static void
time_bound_bytes(TimestampTz at, int time_offset, TimestampTz epoch, bool upper,
				 uint8 out[UIDX_LEN])
{
	memset(out, upper ? 0xFF : 0x00, UIDX_LEN);
	uidx_store_be(out + time_offset, 6, (uint64) time_field_of(at, epoch));
}

PG_FUNCTION_INFO_V1(uidx_time_bound);
Datum
uidx_time_bound(PG_FUNCTION_ARGS)
{
	int32		time_offset = PG_GETARG_INT32(1);
	pg_uuid_t  *result;

	if (time_offset < 0 || time_offset > UIDX_LEN - 6)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("time_offset must be between 0 and %d: %d",
						UIDX_LEN - 6, time_offset)));
	result = palloc(sizeof(pg_uuid_t));
	time_bound_bytes(PG_GETARG_TIMESTAMPTZ(0), time_offset,
					 PG_GETARG_TIMESTAMPTZ(2), PG_GETARG_BOOL(3), result->data);
	PG_RETURN_UUID_P(result);
}

/* ---------------------------------------------------------------------------
 * Comparisons of a key with an instant, for partition pruning (README "Time
 * filters that prune partitions").
 *
 * An instant stands for one key: the smallest key of the first millisecond
 * at or after it, the key the type's lower-bound function returns
 * (iuid_lower_bound, comb_lower_bound, distid_lower_bound,
 * uidx_uuid_lower_bound), so `key @>=@ at` is exactly f(key) >= at and
 * `key @<@ at` is f(key) < at for every key the type can store
 * (test/FORMATS.md).  Comparing with that key, in the family's own order,
 * keeps the family's equality transitive, and a partition bound made by
 * those functions compares equal to its instant, so PostgreSQL prunes the
 * partition before it exactly.  Instants the field cannot hold sort before
 * (before the epoch) or after (after its last millisecond, infinity) every
 * key.
 *
 * Each key type's btree family holds the two with a cross-type comparison
 * support function: the field is what the family's order reads first, so
 * PostgreSQL's partition pruning compares a partition's bounds with an
 * instant through them.  Their restriction estimator reports selectivity 1:
 * the planner rewrite adds them next to the user's own time filter, which
 * they only restate, so they must not lower the row estimate a second time.
 * ------------------------------------------------------------------------- */

/* The smallest tail (bytes outside the field) of each key type */
static const uint8 iuid_min_key[UIDX_LEN] = {0, 0, 0, 0, 0, 0, 0x80, 0, 0x80, 0, 0, 0, 0, 0, 0, 0};
static const uint8 zero_key[UIDX_LEN] = {0};

static int
key_time_cmp(FunctionCallInfo fcinfo, int time_offset, int64 epoch_unix_ms,
			 const uint8 *min_key)
{
	const uint8 *key = PG_GETARG_UUID_P(0)->data;
	TimestampTz at = PG_GETARG_TIMESTAMPTZ(1);
	/* the epoch as a timestamptz: a constant of the layout, never out of range */
	TimestampTz epoch = epoch_unix_ms * 1000 -
		(POSTGRES_EPOCH_JDATE - UNIX_EPOCH_JDATE) * USECS_PER_DAY;
	int64		field = (int64) uidx_load_be(key + time_offset, 6);
	/* the key's instant: at most 2^48 ms after its epoch, well within int64 */
	TimestampTz instant = epoch + field * 1000;

	if (TIMESTAMP_IS_NOBEGIN(at))
		return 1;
	if (TIMESTAMP_IS_NOEND(at) || at > epoch + UIDX_MAX_MS48 * 1000)
		return -1;
	/* field against the first millisecond at or after `at` */
	if (instant < at)
		return -1;
	if (instant - 1000 >= at && field > 0)
		return 1;
	/* the same millisecond: the rest of the key against the smallest one */
	for (int i = 0; i < UIDX_LEN; i++)
	{
		if (i >= time_offset && i < time_offset + 6)
			continue;
		if (key[i] != min_key[i])
			return key[i] < min_key[i] ? -1 : 1;
	}
	return 0;
}

/* iuid: bytes 0-5, unix milliseconds; version 8, variant 10 */
PG_FUNCTION_INFO_V1(uidx_iuid_time_cmp);
Datum
uidx_iuid_time_cmp(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32(key_time_cmp(fcinfo, 0, 0, iuid_min_key));
}

PG_FUNCTION_INFO_V1(uidx_iuid_time_lt);
Datum
uidx_iuid_time_lt(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(key_time_cmp(fcinfo, 0, 0, iuid_min_key) < 0);
}

PG_FUNCTION_INFO_V1(uidx_iuid_time_ge);
Datum
uidx_iuid_time_ge(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(key_time_cmp(fcinfo, 0, 0, iuid_min_key) >= 0);
}

/* uuid read as an iUID or prefix COMB: bytes 0-5, unix milliseconds */
PG_FUNCTION_INFO_V1(uidx_uuid_time_cmp);
Datum
uidx_uuid_time_cmp(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32(key_time_cmp(fcinfo, 0, 0, zero_key));
}

PG_FUNCTION_INFO_V1(uidx_uuid_time_lt);
Datum
uidx_uuid_time_lt(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(key_time_cmp(fcinfo, 0, 0, zero_key) < 0);
}

PG_FUNCTION_INFO_V1(uidx_uuid_time_ge);
Datum
uidx_uuid_time_ge(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(key_time_cmp(fcinfo, 0, 0, zero_key) >= 0);
}

/* comb: bytes 10-15, unix milliseconds */
PG_FUNCTION_INFO_V1(uidx_comb_time_cmp);
Datum
uidx_comb_time_cmp(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32(key_time_cmp(fcinfo, 10, 0, zero_key));
}

PG_FUNCTION_INFO_V1(uidx_comb_time_lt);
Datum
uidx_comb_time_lt(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(key_time_cmp(fcinfo, 10, 0, zero_key) < 0);
}

PG_FUNCTION_INFO_V1(uidx_comb_time_ge);
Datum
uidx_comb_time_ge(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(key_time_cmp(fcinfo, 10, 0, zero_key) >= 0);
}

/* distid: bytes 4-9, milliseconds since 1900 */
PG_FUNCTION_INFO_V1(uidx_distid_time_cmp);
Datum
uidx_distid_time_cmp(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32(key_time_cmp(fcinfo, 4, DISTID_EPOCH_UNIX_MS, zero_key));
}

PG_FUNCTION_INFO_V1(uidx_distid_time_lt);
Datum
uidx_distid_time_lt(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(key_time_cmp(fcinfo, 4, DISTID_EPOCH_UNIX_MS, zero_key) < 0);
}

PG_FUNCTION_INFO_V1(uidx_distid_time_ge);
Datum
uidx_distid_time_ge(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(key_time_cmp(fcinfo, 4, DISTID_EPOCH_UNIX_MS, zero_key) >= 0);
}

/*
 * The next instant after `at` (one microsecond later): f(key) <= at is
 * f(key) < uidx_instant_after(at), and f(key) > at is f(key) >=
 * uidx_instant_after(at).  The
 * largest finite instant and the infinities map to infinity, never an error.
 */
static TimestampTz
instant_after(TimestampTz at)
{
	if (TIMESTAMP_NOT_FINITE(at))
		return at;
	if (at + 1 >= END_TIMESTAMP)
		return DT_NOEND;
	return at + 1;
}

PG_FUNCTION_INFO_V1(uidx_instant_after);
Datum
uidx_instant_after(PG_FUNCTION_ARGS)
{
	PG_RETURN_TIMESTAMPTZ(instant_after(PG_GETARG_TIMESTAMPTZ(0)));
}

/* Restriction and join estimators of those operators: they add no selectivity. */
PG_FUNCTION_INFO_V1(uidx_time_filter_sel);
Datum
uidx_time_filter_sel(PG_FUNCTION_ARGS)
{
	PG_RETURN_FLOAT8(1.0);
}

PG_FUNCTION_INFO_V1(uidx_time_filter_joinsel);
Datum
uidx_time_filter_joinsel(PG_FUNCTION_ARGS)
{
	PG_RETURN_FLOAT8(1.0);
}

/* uidx_time_bound(at, offset, epoch, upper), folded to a constant when `at` is one */
static Expr *
bound_expr(Oid bound_fn, Node *at, int time_offset, TimestampTz epoch, bool upper)
{
	if (IsA(at, Const))
	{
		pg_uuid_t  *bytes = palloc(sizeof(pg_uuid_t));

		time_bound_bytes(DatumGetTimestampTz(((Const *) at)->constvalue),
						 time_offset, epoch, upper, bytes->data);
		return (Expr *) makeConst(UUIDOID, -1, InvalidOid, UUID_LEN,
								  UUIDPGetDatum(bytes), false, false);
	}
	return (Expr *) makeFuncExpr(bound_fn, UUIDOID,
								 list_make4(copyObject(at),
											makeConst(INT4OID, -1, InvalidOid, sizeof(int32),
													  Int32GetDatum(time_offset), false, true),
											makeConst(TIMESTAMPTZOID, -1, InvalidOid,
													  sizeof(TimestampTz),
													  TimestampTzGetDatum(epoch), false,
													  FLOAT8PASSBYVAL),
											makeBoolConst(upper, false)),
								 InvalidOid, InvalidOid, COERCE_EXPLICIT_CALL);
}

/* EXECUTE on a function for the current user */
static AclResult
uidx_proc_aclcheck(Oid proc)
{
#if PG_VERSION_NUM >= 160000
	return object_aclcheck(ProcedureRelationId, proc, GetUserId(), ACL_EXECUTE);
#else
	return pg_proc_aclcheck(proc, GetUserId(), ACL_EXECUTE);
#endif
}

Node *
uidx_time_index_support(Node *rawreq, int time_offset, int64 epoch_unix_ms)
{
	SupportRequestIndexCondition *req;
	OpExpr	   *clause;
	Node	   *left;
	Node	   *right;
	FuncExpr   *call;
	Node	   *other;
	Node	   *key;
	bool		commuted;
	Oid			ts_family;
	int			strategy;
	Oid			op_left;
	Oid			op_right;
	Oid			key_type;
	Oid			ge_op;
	Oid			le_op;
	Oid			bound_fn;
	Oid			bound_args[4] = {TIMESTAMPTZOID, INT4OID, TIMESTAMPTZOID, BOOLOID};
	char	   *schema;
	TimestampTz epoch = uidx_unix_ms_to_timestamptz(epoch_unix_ms);
	List	   *conditions = NIL;
	ListCell   *lc;

	if (!IsA(rawreq, SupportRequestIndexCondition))
		return NULL;
	req = (SupportRequestIndexCondition *) rawreq;
	if (!is_opclause(req->node))
		return NULL;
	clause = (OpExpr *) req->node;
	if (list_length(clause->args) != 2)
		return NULL;
	left = linitial(clause->args);
	right = lsecond(clause->args);

	/* f(key) op other, or other op f(key) */
	if (IsA(left, FuncExpr) && ((FuncExpr *) left)->funcid == req->funcid)
	{
		call = (FuncExpr *) left;
		other = right;
		commuted = false;
	}
	else if (IsA(right, FuncExpr) && ((FuncExpr *) right)->funcid == req->funcid)
	{
		call = (FuncExpr *) right;
		other = left;
		commuted = true;
	}
	else
		return NULL;

	/* a comparison of two timestamptz, as the type's btree family defines it */
	op_input_types(clause->opno, &op_left, &op_right);
	if (op_left != TIMESTAMPTZOID || op_right != TIMESTAMPTZOID)
		return NULL;
	ts_family = get_opclass_family(GetDefaultOpClass(TIMESTAMPTZOID, BTREE_AM_OID));
	strategy = get_op_opfamily_strategy(clause->opno, ts_family);
	if (strategy == 0)
		return NULL;
	if (commuted)
		strategy = BTCommuteStrategyNumber(strategy);

	if (!is_pseudo_constant_for_index(req->root, other, req->index))
		return NULL;
	if (IsA(other, Const) && ((Const *) other)->constisnull)
		return NULL;

	/* btree and BRIN minmax number <, <=, =, >=, > alike */
	if (req->index->relam != BTREE_AM_OID && req->index->relam != BRIN_AM_OID)
		return NULL;
	key_type = req->index->opcintype[req->indexcol];
	ge_op = get_opfamily_member(req->opfamily, key_type, UUIDOID, BTGreaterEqualStrategyNumber);
	le_op = get_opfamily_member(req->opfamily, key_type, UUIDOID, BTLessEqualStrategyNumber);
	if (!OidIsValid(ge_op) || !OidIsValid(le_op))
		return NULL;

	schema = get_namespace_name(get_func_namespace(req->funcid));
	bound_fn = LookupFuncName(list_make2(makeString(schema), makeString("uidx_time_bound")),
							  4, bound_args, true);
	if (!OidIsValid(bound_fn))
		return NULL;

	/*
	 * A bound computed while the query runs calls uidx_time_bound, which the
	 * user's own query did not call: without EXECUTE on it there is no index
	 * condition, rather than an error (README "Time filters that use the
	 * index").
	 */
	if (!IsA(other, Const) &&
		uidx_proc_aclcheck(bound_fn) != ACLCHECK_OK)
		return NULL;

	/*
	 * The key as the index holds it: iuid_timestamp(id::uuid) has an iuid
	 * key, and a column of a domain over iuid is an iuid key too.
	 */
	key = (Node *) list_nth(call->args, req->indexarg);
	while (IsA(key, RelabelType) && getBaseType(exprType(key)) != key_type)
		key = (Node *) ((RelabelType *) key)->arg;
	if (getBaseType(exprType(key)) != key_type)
		return NULL;
	if (exprType(key) != key_type)
		key = (Node *) makeRelabelType((Expr *) copyObject(key), key_type, -1,
									   InvalidOid, COERCE_IMPLICIT_CAST);
	if (strategy == BTGreaterStrategyNumber || strategy == BTGreaterEqualStrategyNumber ||
		strategy == BTEqualStrategyNumber)
		conditions = lappend(conditions,
							 make_opclause(ge_op, BOOLOID, false, (Expr *) copyObject(key),
										   bound_expr(bound_fn, other, time_offset, epoch, false),
										   InvalidOid, InvalidOid));
	if (strategy == BTLessStrategyNumber || strategy == BTLessEqualStrategyNumber ||
		strategy == BTEqualStrategyNumber)
		conditions = lappend(conditions,
							 make_opclause(le_op, BOOLOID, false, (Expr *) copyObject(key),
										   bound_expr(bound_fn, other, time_offset, epoch, true),
										   InvalidOid, InvalidOid));
	/* marked, so that exact pruning conditions can take their place (below) */
	foreach(lc, conditions)
		((OpExpr *) lfirst(lc))->location = INDEX_HOOK_LOCATION;
	req->lossy = true;
	return (Node *) conditions;
}

/* ---------------------------------------------------------------------------
 * The set_rel_pathlist hook
 * ------------------------------------------------------------------------- */

static set_rel_pathlist_hook_type prev_set_rel_pathlist_hook = NULL;

/* uidx.time_filter_rewrite: the pruning conditions of the planner hook below */
static bool time_filter_rewrite = true;

/* Is `expr` the plain column that index column `col` holds? */
static bool
is_index_key(Node *expr, RelOptInfo *rel, IndexOptInfo *index, int col)
{
	Var		   *var;

	while (expr && IsA(expr, RelabelType))
		expr = (Node *) ((RelabelType *) expr)->arg;
	if (expr == NULL || !IsA(expr, Var) || index->indexkeys[col] == 0)
		return false;
	var = (Var *) expr;
	return var->varno == rel->relid && var->varlevelsup == 0 &&
		var->varattno == index->indexkeys[col];
}

/* Only uidx's own support functions know the nested form they are asked about. */
static bool
is_uidx_support(Oid support)
{
	if (!OidIsValid(support))
		return false;
	return is_uidx_member(ProcedureRelationId, support);
}

static void
uidx_set_rel_pathlist(PlannerInfo *root, RelOptInfo *rel, Index rti, RangeTblEntry *rte)
{
	List	   *derived = NIL;
	ListCell   *lc;

	if (prev_set_rel_pathlist_hook)
		prev_set_rel_pathlist_hook(root, rel, rti, rte);
	/*
	 * Plain tables and partitions, not the parent of a partition or
	 * inheritance set: since PostgreSQL 16 a partitioned table's indexlist
	 * holds its partitioned indexes, which are for proofs, not for scans.
	 */
	if (rte->rtekind != RTE_RELATION || rte->inh || rel->indexlist == NIL ||
		(rte->relkind != RELKIND_RELATION && rte->relkind != RELKIND_MATVIEW) ||
		(rel->reloptkind != RELOPT_BASEREL && rel->reloptkind != RELOPT_OTHER_MEMBER_REL))
		return;

	foreach(lc, rel->baserestrictinfo)
	{
		RestrictInfo *rinfo = lfirst_node(RestrictInfo, lc);
		OpExpr	   *clause = (OpExpr *) rinfo->clause;
		ListCell   *arg_lc;

		if (rinfo->pseudoconstant || !is_opclause(clause) || list_length(clause->args) != 2)
			continue;
		foreach(arg_lc, clause->args)
		{
			FuncExpr   *call = (FuncExpr *) lfirst(arg_lc);
			Oid			support;
			ListCell   *index_lc;

			if (!IsA(call, FuncExpr) || list_length(call->args) != 1)
				continue;
			support = get_func_support(call->funcid);
			if (!is_uidx_support(support))
				continue;
			foreach(index_lc, rel->indexlist)
			{
				IndexOptInfo *index = lfirst_node(IndexOptInfo, index_lc);

				for (int col = 0; col < index->nkeycolumns; col++)
				{
					SupportRequestIndexCondition req;
					List	   *conditions;
					ListCell   *cond_lc;

					if (!is_index_key(linitial(call->args), rel, index, col))
						continue;
					memset(&req, 0, sizeof(req));
					req.type = T_SupportRequestIndexCondition;
					req.root = root;
					req.funcid = call->funcid;
					req.node = (Node *) clause;
					req.indexarg = 0;
					req.index = index;
					req.indexcol = col;
					req.opfamily = index->opfamily[col];
					req.indexcollation = index->indexcollations[col];
					conditions = (List *) DatumGetPointer(OidFunctionCall1(support,
																		   PointerGetDatum(&req)));
					foreach(cond_lc, conditions)
					{
						Expr	   *cond = (Expr *) lfirst(cond_lc);
						ListCell   *seen;
						bool		duplicate = false;

						foreach(seen, derived)
							duplicate |= equal(((RestrictInfo *) lfirst(seen))->clause, cond);
						if (duplicate)
							continue;
#if PG_VERSION_NUM >= 160000
						derived = lappend(derived,
										  make_restrictinfo(root, cond, true, false, false, false,
															rinfo->security_level, rel->relids,
															NULL, NULL));
#else
						derived = lappend(derived,
										  make_restrictinfo(root, cond, true, false, false,
															rinfo->security_level, rel->relids,
															NULL, NULL));
#endif
					}
				}
			}
		}
	}
	if (derived == NIL)
		return;

	/*
	 * The implied ranges are seen by the index path builder only: the rel's
	 * row estimate was made without them (they add nothing the original
	 * clauses did not say), and the original clauses stay the filter that
	 * every returned row is checked against.
	 */
	{
		List	   *original = rel->baserestrictinfo;
		List	   *original_per_index = NIL;
		ListCell   *index_lc;

		/* each index matches the clauses its predicate does not imply */
		foreach(index_lc, rel->indexlist)
		{
			IndexOptInfo *index = lfirst_node(IndexOptInfo, index_lc);

			original_per_index = lappend(original_per_index, index->indrestrictinfo);
			index->indrestrictinfo = list_concat_copy(index->indrestrictinfo, derived);
		}
		rel->baserestrictinfo = list_concat_copy(original, derived);
		create_index_paths(root, rel);
		rel->baserestrictinfo = original;
		forboth(index_lc, rel->indexlist, lc, original_per_index)
			lfirst_node(IndexOptInfo, index_lc)->indrestrictinfo = (List *) lfirst(lc);
	}
}


/* ---------------------------------------------------------------------------
 * The planner hook: conditions for partition pruning
 *
 * A partitioned table is pruned by PostgreSQL from conditions on its
 * partition key that use an operator of the key's btree family, before any
 * per-partition planning begins; set_rel_pathlist comes too late for that.
 * So before planning, each `f(key) op c` in a WHERE or JOIN ... ON list on a
 * partitioned table gains `key @>=@ c` or `key @<@ c` in the same list, a
 * comparison of the key with the smallest key of c's millisecond (above, and
 * sql/install/70-time-filter.sql).  It is implied by the clause it comes from
 * (for a key of another layout, where f(key) is NULL, the clause is false
 * anyway), so the list means what it meant; it estimates
 * at selectivity 1, so the row estimate is the original clause's; and
 * PostgreSQL prunes with it at plan time for constants and at executor
 * start for parameters and stable expressions such as now().
 * ------------------------------------------------------------------------- */

static planner_hook_type prev_planner_hook = NULL;

/* How a time function or a pruning operator reads the key */
typedef enum TimeLayout
{
	LAYOUT_NONE,
	LAYOUT_PREFIX,				/* bytes 0-5, unix ms: iuid, prefix COMB */
	LAYOUT_COMB,				/* bytes 10-15, unix ms: comb */
	LAYOUT_DISTID				/* bytes 4-9, ms since 1900: distid */
} TimeLayout;

typedef struct RewriteContext
{
	Oid			uidx;			/* the extension's OID */
	List	   *ops;			/* the pruning operators added */
	List	   *exact;			/* per exact condition added, its mark */
} RewriteContext;

/*
 * The parse location of the conditions the hook adds: no parser sets a
 * negative one other than -1 (unknown), and the planner copies it with the
 * clause into every partition, so the finished plan can tell them from a
 * clause the user wrote with the same operator.
 */
#define DERIVED_LOCATION (-21)

/*
 * An added condition that is exactly the clause it comes from, not just
 * implied by it, is marked with that clause's location instead: where the
 * condition is enforced by a btree index scan, the clause itself need not be
 * checked again on each row.  That holds for a key of the time function's
 * own type, every value of which the function reads (iuid_timestamp on iuid,
 * comb_timestamp on comb, distid_timestamp on distid); on uuid, other layouts
 * make f(key) NULL, and the clause stays.
 */
#define EXACT_MARK(location) (-1000 - (location))
#define EXACT_ORIGIN(mark) (-1000 - (mark))
#define IS_EXACT_MARK(location) ((location) <= -1000)

/* the layout of a time function, from its planner support function */
static TimeLayout
function_layout(Oid funcid, RewriteContext *ctx)
{
	Oid			support = get_func_support(funcid);
	char	   *name;

	if (!OidIsValid(support) ||
		!is_uidx_member(ProcedureRelationId, support))
		return LAYOUT_NONE;
	name = get_func_name(support);
	if (name == NULL)
		return LAYOUT_NONE;
	if (strcmp(name, "iuid_timestamp_support") == 0 ||
		strcmp(name, "comb_prefix_timestamp_support") == 0)
		return LAYOUT_PREFIX;
	if (strcmp(name, "comb_timestamp_support") == 0)
		return LAYOUT_COMB;
	if (strcmp(name, "distid_timestamp_support") == 0)
		return LAYOUT_DISTID;
	/* distid128_timestamp: no key type's family orders by its 1700 epoch */
	return LAYOUT_NONE;
}

/* the layout of a pruning operator, from its function (sql/install/70-time-filter.sql) */
static TimeLayout
operator_layout(Oid opno, RewriteContext *ctx)
{
	Oid			fn = get_opcode(opno);
	char	   *name;

	if (!OidIsValid(fn) || !is_uidx_member(ProcedureRelationId, fn))
		return LAYOUT_NONE;
	/* a role that may not run it gets no rewrite rather than an error */
	if (uidx_proc_aclcheck(fn) != ACLCHECK_OK)
		return LAYOUT_NONE;
	name = get_func_name(fn);
	if (name == NULL)
		return LAYOUT_NONE;
	if (strncmp(name, "iuid_time_", 10) == 0 || strncmp(name, "uidx_uuid_time_", 15) == 0)
		return LAYOUT_PREFIX;
	if (strncmp(name, "comb_time_", 10) == 0)
		return LAYOUT_COMB;
	if (strncmp(name, "distid_time_", 12) == 0)
		return LAYOUT_DISTID;
	return LAYOUT_NONE;
}

/* `key @op@ at` for a btree strategy, or NULL */
static Expr *
pruning_clause(Node *key, Node *at, int strategy, TimeLayout layout, RewriteContext *ctx)
{
	Oid			base = getBaseType(exprType(key));
	Oid			opclass = GetDefaultOpClass(base, BTREE_AM_OID);
	Oid			op;
	OpExpr	   *clause;

	if (!OidIsValid(opclass))
		return NULL;
	op = get_opfamily_member(get_opclass_family(opclass), base, TIMESTAMPTZOID, strategy);
	if (!OidIsValid(op) || operator_layout(op, ctx) != layout)
		return NULL;
	if (exprType(key) != base)
		key = (Node *) makeRelabelType((Expr *) copyObject(key), base, -1, InvalidOid,
									   COERCE_IMPLICIT_CAST);
	else
		key = copyObject(key);
	clause = (OpExpr *) make_opclause(op, BOOLOID, false, (Expr *) key,
									  (Expr *) copyObject(at), InvalidOid, InvalidOid);
	clause->opfuncid = get_opcode(op);
	clause->location = DERIVED_LOCATION;
	ctx->ops = list_append_unique_oid(ctx->ops, op);
	return (Expr *) clause;
}

static void
add_derived(List **derived, Expr *clause)
{
	if (clause && !list_member(*derived, clause))
		*derived = lappend(*derived, clause);
}

/*
 * uidx_instant_after(at): a constant when `at` is one, else a call of the
 * function in the schema of the time function `funcid` (NULL when the role
 * may not run it: no rewrite then, rather than an error).
 */
static Node *
instant_after_expr(Node *at, Oid funcid)
{
	Oid			fn;
	Oid			argtypes[1] = {TIMESTAMPTZOID};
	char	   *schema;

	if (IsA(at, Const))
		return (Node *) makeConst(TIMESTAMPTZOID, -1, InvalidOid, sizeof(TimestampTz),
								  TimestampTzGetDatum(instant_after(DatumGetTimestampTz(((Const *) at)->constvalue))),
								  false, FLOAT8PASSBYVAL);
	schema = get_namespace_name(get_func_namespace(funcid));
	if (schema == NULL)
		return NULL;
	fn = LookupFuncName(list_make2(makeString(schema), makeString("uidx_instant_after")),
						1, argtypes, true);
	if (!OidIsValid(fn) || uidx_proc_aclcheck(fn) != ACLCHECK_OK)
		return NULL;
	return (Node *) makeFuncExpr(fn, TIMESTAMPTZOID, list_make1(copyObject(at)),
								 InvalidOid, InvalidOid, COERCE_EXPLICIT_CALL);
}

static char *
type_name(Oid type)
{
	HeapTuple	tuple = SearchSysCache1(TYPEOID, ObjectIdGetDatum(type));
	char	   *name;

	if (!HeapTupleIsValid(tuple))
		return NULL;
	name = pstrdup(NameStr(((Form_pg_type) GETSTRUCT(tuple))->typname));
	ReleaseSysCache(tuple);
	return name;
}

/* Does f read every value of `type` (see EXACT_MARK)? */
static bool
is_exact(Oid funcid, Oid type, RewriteContext *ctx)
{
	Oid			support = get_func_support(funcid);
	char	   *support_name = OidIsValid(support) ? get_func_name(support) : NULL;
	char	   *typname = type_name(type);

	if (support_name == NULL || typname == NULL ||
		!is_uidx_member(TypeRelationId, type))
		return false;
	return (strcmp(support_name, "iuid_timestamp_support") == 0 && strcmp(typname, "iuid") == 0) ||
		(strcmp(support_name, "comb_timestamp_support") == 0 && strcmp(typname, "comb") == 0) ||
		(strcmp(support_name, "distid_timestamp_support") == 0 && strcmp(typname, "distid") == 0);
}

/* Is `expr` (under binary coercions) a column of a partitioned table of `query`? */
static Node *
partitioned_key(Node *expr, Query *query)
{
	Var		   *var;
	RangeTblEntry *rte;

	while (expr && IsA(expr, RelabelType))
		expr = (Node *) ((RelabelType *) expr)->arg;
	if (expr == NULL || !IsA(expr, Var))
		return NULL;
	var = (Var *) expr;
	if (var->varlevelsup != 0 || var->varattno <= 0 ||
		var->varno < 1 || var->varno > list_length(query->rtable))
		return NULL;
	rte = rt_fetch(var->varno, query->rtable);
	if (rte->rtekind != RTE_RELATION || rte->relkind != RELKIND_PARTITIONED_TABLE)
		return NULL;
	return expr;
}

/* The pruning conditions one conjunct implies, appended to *derived */
static void
derive_from_clause(Node *node, Query *query, List **derived, RewriteContext *ctx)
{
	OpExpr	   *clause = (OpExpr *) node;
	Node	   *left;
	Node	   *right;
	FuncExpr   *call;
	Node	   *other;
	Node	   *key;
	Oid			op_left;
	Oid			op_right;
	int			strategy;
	TimeLayout	layout;
	List	   *made = NIL;
	bool		exact;
	ListCell   *lc;

	if (!is_opclause(node) || list_length(clause->args) != 2)
		return;
	left = linitial(clause->args);
	right = lsecond(clause->args);
	if (IsA(left, FuncExpr) && list_length(((FuncExpr *) left)->args) == 1)
	{
		call = (FuncExpr *) left;
		other = right;
	}
	else if (IsA(right, FuncExpr) && list_length(((FuncExpr *) right)->args) == 1)
	{
		call = (FuncExpr *) right;
		other = left;
	}
	else
		return;
	op_input_types(clause->opno, &op_left, &op_right);
	if (op_left != TIMESTAMPTZOID || op_right != TIMESTAMPTZOID)
		return;
	strategy = get_op_opfamily_strategy(clause->opno,
										get_opclass_family(GetDefaultOpClass(TIMESTAMPTZOID,
																			 BTREE_AM_OID)));
	if (strategy == 0)
		return;
	if (call == (FuncExpr *) right)
		strategy = BTCommuteStrategyNumber(strategy);
	if (exprType(other) != TIMESTAMPTZOID ||
		(IsA(other, Const) && ((Const *) other)->constisnull) ||
		contain_var_clause(other) || contain_volatile_functions(other) ||
		checkExprHasSubLink(other) || contain_aggs_of_level(other, 0) ||
		contain_windowfuncs(other))
		return;
	key = partitioned_key(linitial(call->args), query);
	if (key == NULL)
		return;
	layout = function_layout(call->funcid, ctx);
	if (layout == LAYOUT_NONE)
		return;

	/*
	 * f(key) >= c is key @>=@ c and f(key) < c is key @<@ c; > and <= are
	 * the same against uidx_instant_after(c); = is both >= and <=.
	 */
	if (strategy == BTGreaterEqualStrategyNumber || strategy == BTEqualStrategyNumber)
		made = lappend(made, pruning_clause(key, other, BTGreaterEqualStrategyNumber, layout, ctx));
	if (strategy == BTLessStrategyNumber)
		made = lappend(made, pruning_clause(key, other, BTLessStrategyNumber, layout, ctx));
	if (strategy == BTGreaterStrategyNumber || strategy == BTLessEqualStrategyNumber ||
		strategy == BTEqualStrategyNumber)
	{
		Node	   *after = instant_after_expr(other, call->funcid);

		made = lappend(made, after == NULL ? NULL :
					   pruning_clause(key, after,
									  strategy == BTGreaterStrategyNumber ?
									  BTGreaterEqualStrategyNumber : BTLessStrategyNumber,
									  layout, ctx));
	}
	exact = clause->location >= 0 && is_exact(call->funcid, getBaseType(exprType(key)), ctx);
	foreach(lc, made)
		exact &= lfirst(lc) != NULL;
	foreach(lc, made)
	{
		OpExpr	   *cond = (OpExpr *) lfirst(lc);

		if (cond == NULL)
			continue;
		if (exact)
		{
			cond->location = EXACT_MARK(clause->location);
			ctx->exact = lappend_int(ctx->exact, cond->location);
		}
		add_derived(derived, (Expr *) cond);
	}
}

/* Conjuncts of a qual, looking into nested ANDs (BETWEEN is one) */
static void
derive_from_quals(Node *quals, Query *query, List **derived, RewriteContext *ctx)
{
	if (quals == NULL)
		return;
	if (is_andclause(quals))
	{
		ListCell   *lc;

		foreach(lc, ((BoolExpr *) quals)->args)
			derive_from_quals(lfirst(lc), query, derived, ctx);
	}
	else
		derive_from_clause(quals, query, derived, ctx);
}

/* The qual with the conditions it implies added to it */
static Node *
add_pruning_conditions(Node *quals, Query *query, RewriteContext *ctx)
{
	List	   *derived = NIL;

	derive_from_quals(quals, query, &derived, ctx);
	if (derived == NIL)
		return quals;
	if (is_andclause(quals))
	{
		((BoolExpr *) quals)->args = list_concat(((BoolExpr *) quals)->args, derived);
		return quals;
	}
	return (Node *) make_andclause(lcons(quals, derived));
}

static bool rewrite_walker(Node *node, RewriteContext *ctx);

static void
rewrite_jointree(Node *node, Query *query, RewriteContext *ctx)
{
	ListCell   *lc;

	if (node == NULL)
		return;
	if (IsA(node, FromExpr))
	{
		FromExpr   *from = (FromExpr *) node;

		foreach(lc, from->fromlist)
			rewrite_jointree(lfirst(lc), query, ctx);
		from->quals = add_pruning_conditions(from->quals, query, ctx);
	}
	else if (IsA(node, JoinExpr))
	{
		JoinExpr   *join = (JoinExpr *) node;

		rewrite_jointree(join->larg, query, ctx);
		rewrite_jointree(join->rarg, query, ctx);
		join->quals = add_pruning_conditions(join->quals, query, ctx);
	}
}

static void
rewrite_query(Query *query, RewriteContext *ctx)
{
	if (query->commandType != CMD_UTILITY)
		rewrite_jointree((Node *) query->jointree, query, ctx);
	/* subqueries in FROM, CTEs and sublinks */
	query_tree_walker(query, rewrite_walker, (void *) ctx, 0);
}

static bool
rewrite_walker(Node *node, RewriteContext *ctx)
{
	if (node == NULL)
		return false;
	if (IsA(node, Query))
	{
		rewrite_query((Query *) node, ctx);
		return false;
	}
	return expression_tree_walker(node, rewrite_walker, (void *) ctx);
}

/* ---------------------------------------------------------------------------
 * Once PostgreSQL has pruned with them, the added conditions leave the plan:
 * they are implied by the filter that stays, so no row changes; the executor
 * neither spends time on them nor checks EXECUTE on their functions, which
 * the user's query did not call (run-time pruning compares through the
 * family's support function, which needs no grant).
 * ------------------------------------------------------------------------- */

static bool
is_derived(Node *node, List *ops)
{
	int			location;

	if (node == NULL || !IsA(node, OpExpr) || !list_member_oid(ops, ((OpExpr *) node)->opno))
		return false;
	location = ((OpExpr *) node)->location;
	return location == DERIVED_LOCATION || IS_EXACT_MARK(location);
}

static List *
strip_derived(List *quals, List *ops)
{
	List	   *kept = NIL;
	ListCell   *lc;

	foreach(lc, quals)
		if (!is_derived(lfirst(lc), ops))
			kept = lappend(kept, lfirst(lc));
	return kept;
}

/* Index quals and their original form are parallel lists: drop pairs. */
static void
strip_derived_pairs(List **indexqual, List **orig, List *ops)
{
	List	   *kept_qual = NIL;
	List	   *kept_orig = NIL;
	ListCell   *q;
	ListCell   *o;

	if (list_length(*indexqual) != list_length(*orig))
		return;
	forboth(q, *indexqual, o, *orig)
	{
		if (is_derived(lfirst(o), ops))
			continue;
		kept_qual = lappend(kept_qual, lfirst(q));
		kept_orig = lappend(kept_orig, lfirst(o));
	}
	*indexqual = kept_qual;
	*orig = kept_orig;
}

static int
count_int(List *list, int value)
{
	int			n = 0;
	ListCell   *lc;

	foreach(lc, list)
		n += lfirst_int(lc) == value;
	return n;
}

/*
 * A btree index scan whose index conditions hold every exact condition made
 * from a clause enforces that clause: it leaves the scan's filter, and the
 * exact conditions stay as index conditions.  Otherwise every added
 * condition leaves the index conditions too.
 */
static void
strip_index_scan(Plan *plan, List **indexqual, List **orig, RewriteContext *ctx)
{
	List	   *marks = NIL;
	List	   *kept_qual = NIL;
	ListCell   *lc;

	if (list_length(*indexqual) != list_length(*orig))
		return;
	foreach(lc, *orig)
		if (is_derived(lfirst(lc), ctx->ops) && IS_EXACT_MARK(((OpExpr *) lfirst(lc))->location))
			marks = lappend_int(marks, ((OpExpr *) lfirst(lc))->location);
	foreach(lc, plan->qual)
	{
		Node	   *qual = lfirst(lc);
		int			location = IsA(qual, OpExpr) ? ((OpExpr *) qual)->location : -1;

		if (is_derived(qual, ctx->ops))
			continue;
		if (location >= 0 &&
			count_int(marks, EXACT_MARK(location)) > 0 &&
			count_int(marks, EXACT_MARK(location)) == count_int(ctx->exact, EXACT_MARK(location)))
			continue;
		kept_qual = lappend(kept_qual, qual);
	}
	plan->qual = kept_qual;
	/* the exact conditions of clauses that left the filter stay */
	{
		List	   *kept_index = NIL;
		List	   *kept_orig = NIL;
		ListCell   *q;
		ListCell   *o;

		bool		exact_kept = false;

		forboth(q, *indexqual, o, *orig)
		{
			Node	   *cond = lfirst(o);

			if (is_derived(cond, ctx->ops))
			{
				int			mark = ((OpExpr *) cond)->location;

				if (!IS_EXACT_MARK(mark) ||
					count_int(marks, mark) != count_int(ctx->exact, mark))
					continue;
				exact_kept = true;
			}
			kept_index = lappend(kept_index, lfirst(q));
			kept_orig = lappend(kept_orig, cond);
		}

		/*
		 * The lossy conditions of the set_rel_pathlist hook bound the same
		 * scan less tightly: a superset, rechecked by the filter of its own
		 * clause, so leaving them out changes no row, and saves the scan
		 * two comparisons per index entry.
		 */
		if (exact_kept)
		{
			List	   *tight_index = NIL;
			List	   *tight_orig = NIL;

			forboth(q, kept_index, o, kept_orig)
			{
				if (IsA(lfirst(o), OpExpr) &&
					((OpExpr *) lfirst(o))->location == INDEX_HOOK_LOCATION)
					continue;
				tight_index = lappend(tight_index, lfirst(q));
				tight_orig = lappend(tight_orig, lfirst(o));
			}
			kept_index = tight_index;
			kept_orig = tight_orig;
		}
		*indexqual = kept_index;
		*orig = kept_orig;
	}
}

static void strip_plan(Plan *plan, RewriteContext *ctx);

static void
strip_plans(List *plans, RewriteContext *ctx)
{
	ListCell   *lc;

	foreach(lc, plans)
		strip_plan((Plan *) lfirst(lc), ctx);
}

static void
strip_plan(Plan *plan, RewriteContext *ctx)
{
	List	   *ops = ctx->ops;

	if (plan == NULL)
		return;
	switch (nodeTag(plan))
	{
		case T_IndexScan:
			strip_index_scan(plan, &((IndexScan *) plan)->indexqual,
							 &((IndexScan *) plan)->indexqualorig, ctx);
			break;
		case T_IndexOnlyScan:
			strip_index_scan(plan, &((IndexOnlyScan *) plan)->indexqual,
							 &((IndexOnlyScan *) plan)->recheckqual, ctx);
			break;
		case T_BitmapIndexScan:
			strip_derived_pairs(&((BitmapIndexScan *) plan)->indexqual,
								&((BitmapIndexScan *) plan)->indexqualorig, ops);
			break;
		case T_BitmapHeapScan:
			((BitmapHeapScan *) plan)->bitmapqualorig =
				strip_derived(((BitmapHeapScan *) plan)->bitmapqualorig, ops);
			break;
		case T_Append:
			strip_plans(((Append *) plan)->appendplans, ctx);
			break;
		case T_MergeAppend:
			strip_plans(((MergeAppend *) plan)->mergeplans, ctx);
			break;
		case T_BitmapAnd:
			strip_plans(((BitmapAnd *) plan)->bitmapplans, ctx);
			break;
		case T_BitmapOr:
			strip_plans(((BitmapOr *) plan)->bitmapplans, ctx);
			break;
		case T_SubqueryScan:
			strip_plan(((SubqueryScan *) plan)->subplan, ctx);
			break;
		case T_CustomScan:
			strip_plans(((CustomScan *) plan)->custom_plans, ctx);
			break;
		default:
			break;
	}
	plan->qual = strip_derived(plan->qual, ops);
	strip_plan(plan->lefttree, ctx);
	strip_plan(plan->righttree, ctx);
}

static PlannedStmt *
uidx_planner(UIDX_PLANNER_ARGS)
{
	RewriteContext ctx;
	PlannedStmt *stmt;

	ctx.uidx = InvalidOid;
	ctx.ops = NIL;
	ctx.exact = NIL;
	if (time_filter_rewrite && parse->commandType != CMD_UTILITY &&
		IsTransactionState())
	{
		ctx.uidx = uidx_extension_oid();
		if (OidIsValid(ctx.uidx))
			rewrite_query(parse, &ctx);
	}
	if (prev_planner_hook)
		stmt = prev_planner_hook(UIDX_PLANNER_CALL_ARGS);
	else
		stmt = standard_planner(UIDX_PLANNER_CALL_ARGS);
	if (ctx.ops != NIL)
	{
		strip_plan(stmt->planTree, &ctx);
		strip_plans(stmt->subplans, &ctx);
	}
	return stmt;
}

void
uidx_install_time_index_hook(void)
{
	DefineCustomBoolVariable("uidx.time_filter_rewrite",
							 "Lets time filters on uidx keys prune partitions.",
							 "Off, `f(id) >= t` on a partitioned table scans every partition (README \"Time filters that prune partitions\").",
							 &time_filter_rewrite,
							 true,
							 PGC_USERSET,
							 0,
							 NULL, NULL, NULL);
	prev_set_rel_pathlist_hook = set_rel_pathlist_hook;
	set_rel_pathlist_hook = uidx_set_rel_pathlist;
	prev_planner_hook = planner_hook;
	planner_hook = uidx_planner;
}
