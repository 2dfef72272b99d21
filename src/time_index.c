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
#include "clock.h"
#include "time_index.h"

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
#include "optimizer/restrictinfo.h"
#include "parser/parse_func.h"
#include "utils/lsyscache.h"
#include "utils/uuid.h"

/*
 * The smallest (upper = false) or largest (upper = true) 16 bytes whose time
 * field holds the millisecond of `at`: all other bytes 00 or FF.  Instants
 * outside the field's range are clamped to its ends, so the bound never
 * raises an error the original clause would not have raised.
 */
static void
time_bound_bytes(TimestampTz at, int time_offset, TimestampTz epoch, bool upper,
				 uint8 out[UIDX_LEN])
{
	int64		field;
	int64		since_epoch;

	if (TIMESTAMP_IS_NOBEGIN(at))
		field = 0;
	else if (TIMESTAMP_IS_NOEND(at) || pg_sub_s64_overflow(at, epoch, &since_epoch))
		field = UIDX_MAX_MS48;
	else
	{
		field = uidx_floor_div(since_epoch, 1000);
		field = Max(field, 0);
		field = Min(field, UIDX_MAX_MS48);
	}
	memset(out, upper ? 0xFF : 0x00, UIDX_LEN);
	uidx_store_be(out + time_offset, 6, (uint64) field);
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

	/* the key as the index holds it: iuid_timestamp(id::uuid) has an iuid key */
	key = (Node *) list_nth(call->args, req->indexarg);
	while (IsA(key, RelabelType) && exprType(key) != key_type)
		key = (Node *) ((RelabelType *) key)->arg;
	if (exprType(key) != key_type)
		return NULL;
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
	req->lossy = true;
	return (Node *) conditions;
}

/* ---------------------------------------------------------------------------
 * The set_rel_pathlist hook
 * ------------------------------------------------------------------------- */

static set_rel_pathlist_hook_type prev_set_rel_pathlist_hook = NULL;

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
is_uidx_support(Oid support, Oid *uidx)
{
	if (!OidIsValid(support))
		return false;
	if (!OidIsValid(*uidx))
		*uidx = get_extension_oid("uidx", true);
	return OidIsValid(*uidx) && getExtensionOfObject(ProcedureRelationId, support) == *uidx;
}

static void
uidx_set_rel_pathlist(PlannerInfo *root, RelOptInfo *rel, Index rti, RangeTblEntry *rte)
{
	List	   *derived = NIL;
	Oid			uidx = InvalidOid;
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
			if (!is_uidx_support(support, &uidx))
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

void
uidx_install_time_index_hook(void)
{
	prev_set_rel_pathlist_hook = set_rel_pathlist_hook;
	set_rel_pathlist_hook = uidx_set_rel_pathlist;
}
