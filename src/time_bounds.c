/*
 * time_bounds.c -- a time filter as a range of its key (docs/partitioning.md
 * "Time filters that use the index", test/FORMATS.md).
 *
 * May touch: expression trees it builds itself, and the catalogs read-only.
 * It never changes a clause it is given and never plans; time_index.c and
 * time_prune.c decide where the conditions made here go.
 *
 * Each time-ordered key type's default btree family orders its values by the
 * 48-bit time field first (time_layout.c), so `f(key) op c` on a key of the
 * function's own type is exactly a comparison of the key with one key
 * value, a bound:
 *
 *     f(key) >= c   is   key >= KEY_time_bound(c, false, true)
 *     f(key) >  c   is   key >= KEY_time_bound(c, false, false)
 *     f(key) <  c   is   key <= KEY_time_bound(c, true, false)
 *     f(key) <= c   is   key <= KEY_time_bound(c, true, true)
 *
 * (= is >= and <=), for every value of the key type, where the bound of an
 * instant the field cannot hold sorts before or after every valid key.  Key
 * types without such a value (comb: every 16 bytes are one) get the nearest
 * key instead, which makes the range a little wider, never narrower; so
 * the conditions are exact only where the key type has that value or the
 * instant is a constant the field can hold.  On uuid the function is NULL
 * for other layouts and the range admits them: the conditions then use the
 * field bounds of uidx_time_bound(), which cover whole milliseconds, and are
 * never exact.  A condition that is not exact is only ever added next to the
 * clause it comes from, which keeps its meaning.
 */
#include "uidx.h"
#include "time_bounds.h"
#include "clock.h"

#include "access/nbtree.h"
#include "access/stratnum.h"
#include "catalog/pg_am_d.h"
#include "catalog/pg_proc_d.h"
#include "catalog/pg_type_d.h"
#include "commands/defrem.h"
#include "miscadmin.h"
#include "nodes/makefuncs.h"
#include "nodes/nodeFuncs.h"
#include "nodes/supportnodes.h"
#include "optimizer/optimizer.h"
#include "optimizer/paths.h"
#include "parser/parse_coerce.h"
#include "utils/acl.h"
#include "utils/lsyscache.h"
#include "utils/uuid.h"

bool		uidx_plan_checked_privileges = false;

/* ---------------------------------------------------------------------------
 * Bound values
 * ------------------------------------------------------------------------- */

/* `field` (0 .. UIDX_MAX_MS48) at the layout's offset in `tail` */
static void
key_with_field(const UidxTimeLayout *layout, const uint8 *tail, int64 field,
			   uint8 out[UIDX_LEN])
{
	Assert(field >= 0 && field <= UIDX_MAX_MS48);
	memcpy(out, tail, UIDX_LEN);
	uidx_store_be(out + layout->time_offset, UIDX_TIME_FIELD_BYTES, (uint64) field);
}

/*
 * The smallest valid key whose field is at least `field` (upper = false),
 * or the largest whose field is at most `field` (upper = true).  Where no
 * field value fits, the 16 bytes past every key are returned; *exact says
 * whether those sort past every valid key of the type (else they are the
 * type's first or last key, and the range they bound is one key wider).
 */
static void
key_bound(const UidxTimeLayout *layout, int64 field, bool upper, uint8 out[UIDX_LEN],
		  bool *exact)
{
	*exact = true;
	if (!upper)
	{
		if (field > UIDX_MAX_MS48)
		{
			memset(out, 0xFF, UIDX_LEN);
			*exact = layout->ones_above_all;
		}
		else
			key_with_field(layout, layout->min_tail, Max(field, 0), out);
	}
	else
	{
		if (field < 0)
		{
			memset(out, 0, UIDX_LEN);
			*exact = layout->zeros_below_all;
		}
		else
			key_with_field(layout, layout->max_tail, Min(field, UIDX_MAX_MS48), out);
	}
}

/* The field value a bound of `at` starts from (see the table above). */
static int64
bound_field(TimestampTz at, TimestampTz epoch, bool upper, bool inclusive)
{
	int64		field;

	if (inclusive)
		return (upper ? uidx_time_field_floor : uidx_time_field_ceil) (at, epoch);
	/* > c: the millisecond after floor(c); < c: the one before ceil(c) */
	if (upper)
	{
		field = uidx_time_field_ceil(at, epoch);
		return field == PG_INT64_MIN ? field : field - 1;
	}
	field = uidx_time_field_floor(at, epoch);
	return field == PG_INT64_MAX ? field : field + 1;
}

/*
 * KEY_time_bound(at, upper, inclusive): the key bound of an instant, as the
 * table at the top says.  Never raises: the conditions that call it must
 * not fail where the user's clause would not.
 */
static Datum
time_bound(FunctionCallInfo fcinfo, UidxTimeLayoutId id)
{
	const UidxTimeLayout *layout = uidx_time_layout(id);
	bool		upper = PG_GETARG_BOOL(1);
	pg_uuid_t  *result = palloc(sizeof(pg_uuid_t));
	bool		exact;

	key_bound(layout,
			  bound_field(PG_GETARG_TIMESTAMPTZ(0),
						  uidx_unix_ms_to_timestamptz(layout->epoch_unix_ms), upper,
						  PG_GETARG_BOOL(2)),
			  upper, result->data, &exact);
	PG_RETURN_UUID_P(result);
}

PG_FUNCTION_INFO_V1(iuid_time_bound);
Datum
iuid_time_bound(PG_FUNCTION_ARGS)
{
	return time_bound(fcinfo, UIDX_LAYOUT_IUID);
}

PG_FUNCTION_INFO_V1(comb_time_bound);
Datum
comb_time_bound(PG_FUNCTION_ARGS)
{
	return time_bound(fcinfo, UIDX_LAYOUT_COMB);
}

PG_FUNCTION_INFO_V1(distid_time_bound);
Datum
distid_time_bound(PG_FUNCTION_ARGS)
{
	return time_bound(fcinfo, UIDX_LAYOUT_DISTID);
}

/*
 * The field bounds on uuid: the smallest (upper = false) or largest (upper
 * = true) 16 bytes whose field at `time_offset` holds the millisecond of
 * `at`, all other bytes 00 or FF; clamped to the field's range.
 */
static void
field_bound_bytes(TimestampTz at, int time_offset, TimestampTz epoch, bool upper,
				  uint8 out[UIDX_LEN])
{
	int64		field = uidx_time_field_floor(at, epoch);

	field = Max(field, 0);
	field = Min(field, UIDX_MAX_MS48);
	memset(out, upper ? 0xFF : 0x00, UIDX_LEN);
	uidx_store_be(out + time_offset, UIDX_TIME_FIELD_BYTES, (uint64) field);
}

PG_FUNCTION_INFO_V1(uidx_time_bound);
Datum
uidx_time_bound(PG_FUNCTION_ARGS)
{
	int32		time_offset = PG_GETARG_INT32(1);
	TimestampTz epoch = PG_GETARG_TIMESTAMPTZ(2);
	pg_uuid_t  *result;

	if (time_offset < 0 || time_offset > UIDX_LEN - UIDX_TIME_FIELD_BYTES)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("time_offset must be between 0 and %d: %d",
						UIDX_LEN - UIDX_TIME_FIELD_BYTES, time_offset)));
	result = palloc(sizeof(pg_uuid_t));
	field_bound_bytes(PG_GETARG_TIMESTAMPTZ(0), time_offset, epoch, PG_GETARG_BOOL(3),
					  result->data);
	PG_RETURN_UUID_P(result);
}

/* ---------------------------------------------------------------------------
 * Recognising a time filter
 * ------------------------------------------------------------------------- */

/* `expr` as a timestamptz, the way the family's cross-type operators read it */
static Node *
as_timestamptz(Node *expr)
{
	Oid			type = exprType(expr);

	if (type == TIMESTAMPTZOID)
		return expr;
	if (type != TIMESTAMPOID && type != DATEOID)
		return NULL;
	return coerce_to_target_type(NULL, expr, type, TIMESTAMPTZOID, -1,
								 COERCION_IMPLICIT, COERCE_IMPLICIT_CAST, -1);
}

bool
uidx_match_time_filter(Node *node, UidxTimeFilter *filter)
{
	OpExpr	   *clause = (OpExpr *) node;
	Node	   *left;
	Node	   *right;
	FuncExpr   *call;
	Node	   *other;
	Oid			left_type;
	Oid			right_type;
	int			strategy;

	if (node == NULL || !is_opclause(node) || list_length(clause->args) != 2)
		return false;
	left = linitial(clause->args);
	right = lsecond(clause->args);
	if (IsA(left, FuncExpr) && list_length(((FuncExpr *) left)->args) == 1 &&
		exprType(left) == TIMESTAMPTZOID)
	{
		call = (FuncExpr *) left;
		other = right;
	}
	else if (IsA(right, FuncExpr) && list_length(((FuncExpr *) right)->args) == 1 &&
			 exprType(right) == TIMESTAMPTZOID)
	{
		call = (FuncExpr *) right;
		other = left;
	}
	else
		return false;
	filter->layout = uidx_time_layout_of_function(call->funcid);
	if (filter->layout == NULL)
		return false;

	/* a comparison of the datetime family: its cross-type ones read other as timestamptz */
	op_input_types(clause->opno, &left_type, &right_type);
	strategy = get_op_opfamily_strategy(clause->opno, uidx_datetime_family());
	if (strategy == 0)
		return false;
	if (call == (FuncExpr *) right)
		strategy = BTCommuteStrategyNumber(strategy);
	if (exprType(other) != (call == (FuncExpr *) right ? left_type : right_type))
		return false;
	other = as_timestamptz(other);
	if (other == NULL)
		return false;

	filter->clause = clause;
	filter->call = call;
	filter->strategy = strategy;
	filter->other = other;
	filter->key = linitial(call->args);
	while (IsA(filter->key, RelabelType))
		filter->key = (Node *) ((RelabelType *) filter->key)->arg;
	return true;
}

/* ---------------------------------------------------------------------------
 * The conditions
 * ------------------------------------------------------------------------- */

/* EXECUTE on a function for a role (ACL_ID_PUBLIC: for every role) */
static bool
role_may_execute(Oid proc, Oid role)
{
#if PG_VERSION_NUM >= 160000
	return object_aclcheck(ProcedureRelationId, proc, role, ACL_EXECUTE) == ACLCHECK_OK;
#else
	return pg_proc_aclcheck(proc, role, ACL_EXECUTE) == ACLCHECK_OK;
#endif
}

/*
 * EXECUTE on a function for the current role.  Where PUBLIC lacks it, the
 * answer is this role's, and so is the plan (uidx_plan_checked_privileges);
 * marking every plan so would make PostgreSQL plan a cached statement again
 * at each execution.
 */
static bool
may_execute(Oid proc)
{
	bool		may = role_may_execute(proc, GetUserId());

	if (!may || !role_may_execute(proc, ACL_ID_PUBLIC))
		uidx_plan_checked_privileges = true;
	return may;
}

static Const *
bytes_const(Oid type, const uint8 bytes[UIDX_LEN])
{
	pg_uuid_t  *value = palloc(sizeof(pg_uuid_t));

	memcpy(value->data, bytes, UIDX_LEN);
	return makeConst(type, -1, InvalidOid, UUID_LEN, UUIDPGetDatum(value), false, false);
}

/*
 * One bound of the filter's instant: a constant when it is one, else a call
 * that computes it at run time.  NULL when the role may not run that call.
 */
static Expr *
bound_expr(const UidxTimeFilter *filter, const UidxTimeLayoutOids *key_layout,
		   bool key_bound_of_type, bool upper, bool inclusive, bool *exact)
{
	const UidxTimeLayout *layout = filter->layout->layout;
	Node	   *at = filter->other;
	uint8		bytes[UIDX_LEN];

	if (key_bound_of_type)
	{
		const UidxTimeLayout *key = key_layout->layout;

		if (IsA(at, Const))
		{
			bool		bound_exact;

			key_bound(key, bound_field(DatumGetTimestampTz(((Const *) at)->constvalue),
									   uidx_unix_ms_to_timestamptz(key->epoch_unix_ms),
									   upper, inclusive),
					  upper, bytes, &bound_exact);
			*exact &= bound_exact;
			return (Expr *) bytes_const(key_layout->key_type, bytes);
		}
		*exact &= upper ? key->zeros_below_all : key->ones_above_all;
		if (!may_execute(key_layout->bound_function))
			return NULL;
		return (Expr *) makeFuncExpr(key_layout->bound_function, key_layout->key_type,
									 list_make3(copyObject(at),
												makeBoolConst(upper, false),
												makeBoolConst(inclusive, false)),
									 InvalidOid, InvalidOid, COERCE_EXPLICIT_CALL);
	}
	*exact = false;
	if (IsA(at, Const))
	{
		/* the same milliseconds as a key bound, with 00 and FF around them */
		UidxTimeLayout field_only = *layout;
		bool		bound_exact;

		memset(field_only.min_tail, 0, UIDX_LEN);
		memset(field_only.max_tail, 0xFF, UIDX_LEN);
		field_only.zeros_below_all = field_only.ones_above_all = false;
		key_bound(&field_only, bound_field(DatumGetTimestampTz(((Const *) at)->constvalue),
										   uidx_unix_ms_to_timestamptz(layout->epoch_unix_ms),
										   upper, inclusive),
				  upper, bytes, &bound_exact);
		return (Expr *) bytes_const(UUIDOID, bytes);
	}
	if (!OidIsValid(uidx_field_bound_function()) || !may_execute(uidx_field_bound_function()))
		return NULL;
	return (Expr *) makeFuncExpr(uidx_field_bound_function(), UUIDOID,
								 list_make4(copyObject(at),
											makeConst(INT4OID, -1, InvalidOid, sizeof(int32),
													  Int32GetDatum(layout->time_offset), false, true),
											makeConst(TIMESTAMPTZOID, -1, InvalidOid,
													  sizeof(TimestampTz),
													  TimestampTzGetDatum(uidx_unix_ms_to_timestamptz(layout->epoch_unix_ms)),
													  false, FLOAT8PASSBYVAL),
											makeBoolConst(upper, false)),
								 InvalidOid, InvalidOid, COERCE_EXPLICIT_CALL);
}

/* `key op bound` with the family's operator for the key and the bound's types */
static Expr *
comparison(Oid family, Oid key_type, Node *key, Expr *bound, int strategy)
{
	Oid			op = get_opfamily_member(family, key_type, exprType((Node *) bound), strategy);
	OpExpr	   *clause;

	if (!OidIsValid(op) || !may_execute(get_opcode(op)))
		return NULL;
	if (exprType(key) != key_type)
		key = (Node *) makeRelabelType((Expr *) copyObject(key), key_type, -1, InvalidOid,
									   COERCE_IMPLICIT_CAST);
	else
		key = copyObject(key);
	clause = (OpExpr *) make_opclause(op, BOOLOID, false, (Expr *) key, bound,
									  InvalidOid, InvalidOid);
	clause->opfuncid = get_opcode(op);
	return (Expr *) clause;
}

/*
 * key >= the lower bound (upper = false) or key <= the upper bound, appended
 * to *conditions; false where it cannot be made for this role.
 */
static bool
add_condition(List **conditions, const UidxTimeFilter *filter,
			  const UidxTimeLayoutOids *key_layout, bool key_bound_of_type, Oid family,
			  Node *key, bool upper, bool inclusive, bool *exact)
{
	Expr	   *bound = bound_expr(filter, key_layout, key_bound_of_type, upper, inclusive, exact);
	Expr	   *cond;

	if (bound == NULL)
		return false;
	cond = comparison(family, key_layout->key_type, key, bound,
					  upper ? BTLessEqualStrategyNumber : BTGreaterEqualStrategyNumber);
	if (cond == NULL)
		return false;
	*conditions = lappend(*conditions, cond);
	return true;
}

List *
uidx_time_filter_conditions(const UidxTimeFilter *filter, Node *key, bool *exact)
{
	Oid			key_type = getBaseType(exprType(filter->key));
	const UidxTimeLayoutOids *key_layout = uidx_time_layout_for_key(filter->layout, key_type);
	Oid			family;
	bool		exact_type;
	bool		lower;
	bool		upper;
	List	   *conditions = NIL;

	*exact = false;
	if (key_layout == NULL || !OidIsValid(key_layout->btree_family) ||
		(IsA(filter->other, Const) && ((Const *) filter->other)->constisnull))
		return NIL;
	family = key_layout->btree_family;

	/*
	 * Exact bounds of the key type itself where the function reads every
	 * value of it (the function's own key type, which has a bound function);
	 * field bounds as uuid, compared through the family's (key, uuid)
	 * operators, otherwise.
	 */
	exact_type = filter->layout == key_layout && OidIsValid(key_layout->bound_function);
	*exact = exact_type;
	lower = filter->strategy == BTGreaterStrategyNumber ||
		filter->strategy == BTGreaterEqualStrategyNumber ||
		filter->strategy == BTEqualStrategyNumber;
	upper = filter->strategy == BTLessStrategyNumber ||
		filter->strategy == BTLessEqualStrategyNumber ||
		filter->strategy == BTEqualStrategyNumber;
	Assert(lower || upper);
	if (lower &&
		!add_condition(&conditions, filter, key_layout, exact_type, family, key, false,
					   filter->strategy != BTGreaterStrategyNumber, exact))
		return NIL;
	if (upper &&
		!add_condition(&conditions, filter, key_layout, exact_type, family, key, true,
					   filter->strategy != BTLessStrategyNumber, exact))
		return NIL;
	return conditions;
}

/* ---------------------------------------------------------------------------
 * The planner support function of every time function: index conditions
 * for `f(key) op c` where key is an index column of the key type's own
 * btree or BRIN family.
 * ------------------------------------------------------------------------- */

Node *
uidx_time_index_support(Node *rawreq)
{
	SupportRequestIndexCondition *req;
	UidxTimeFilter filter;
	Oid			key_type;
	List	   *conditions;
	bool		exact;

	if (!IsA(rawreq, SupportRequestIndexCondition))
		return NULL;
	req = (SupportRequestIndexCondition *) rawreq;
	if (!uidx_match_time_filter(req->node, &filter) || filter.call->funcid != req->funcid ||
		req->indexarg != 0)
		return NULL;
	if (!is_pseudo_constant_for_index(req->root, filter.other, req->index))
		return NULL;
	key_type = getBaseType(exprType(filter.key));
	if (req->opfamily != get_opclass_family(GetDefaultOpClass(key_type, req->index->relam)) ||
		(req->index->relam != BTREE_AM_OID && req->index->relam != BRIN_AM_OID))
		return NULL;
	conditions = uidx_time_filter_conditions(&filter, filter.key, &exact);
	req->lossy = !exact;
	return (Node *) conditions;
}
