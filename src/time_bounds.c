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
 * (= is >= and <=), for every value of the key type.  Every bound is a
 * valid key (the smallest or largest of its millisecond, clamped to the
 * field values the type holds), because a plan's constants travel as text:
 * postgres_fdw and Citus send them to servers that read them with the
 * type's input function.  Where no valid key lies on the far side of an
 * instant (f(key) > c with c after the type's last millisecond, f(key) < c
 * before its first), the bound is NULL: no key satisfies the filter, and
 * none satisfies `key >= NULL` either, so the conditions stay exact.  On
 * uuid the function is NULL for other layouts and the range admits them:
 * the conditions then use the field bounds of uidx_time_bound(), which
 * cover whole milliseconds, and are never exact.  A condition that is not
 * exact is only ever added next to the clause it comes from, which keeps
 * its meaning.
 *
 * The conditions never fail where the clause would not: a date or
 * timestamp becomes a timestamptz only after it is moved into the range
 * every field holds (as_timestamptz), so an instant PostgreSQL's cross-type
 * comparison reads without overflow cannot overflow here either; a cast to
 * timestamp or timestamptz the user wrote is read through the same way.
 * They are strict: NULL wherever the clause is NULL (docs/internals.md
 * "Strict and equivalent").
 */
#include "uidx.h"
#include "compat.h"
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
#include "optimizer/optimizer.h"
#include "optimizer/paths.h"
#include "parser/parse_coerce.h"
#include "utils/acl.h"
#include "utils/date.h"
#include "utils/fmgroids.h"
#include "utils/lsyscache.h"
#include "utils/timestamp.h"
#include "utils/uuid.h"

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
 * or the largest whose field is at most `field` (upper = true), into out;
 * false where there is none (the field is past the type's last or before
 * its first millisecond).
 */
bool
uidx_time_key_bound(const UidxTimeLayout *layout, int64 field, bool upper, uint8 out[UIDX_LEN])
{
	if (!upper)
	{
		if (field > layout->max_field)
			return false;
		key_with_field(layout, layout->min_tail, Max(field, 0), out);
	}
	else
	{
		if (field < 0)
			return false;
		key_with_field(layout, layout->max_tail, Min(field, layout->max_field), out);
	}
	return true;
}

/*
 * Debug builds check that a value put into a plan is one the type's input
 * function reads back as itself: postgres_fdw and Citus send constants as
 * text (docs/internals.md).
 */
static void
check_plan_value(Oid type, Datum value)
{
#ifdef USE_ASSERT_CHECKING
	Oid			output;
	Oid			input;
	Oid			ioparam;
	bool		varlena;
	char	   *text;
	Datum		back;

	if (!OidIsValid(type))
		return;
	getTypeOutputInfo(type, &output, &varlena);
	getTypeInputInfo(type, &input, &ioparam);
	text = OidOutputFunctionCall(output, value);
	back = OidInputFunctionCall(input, text, ioparam, -1);
	if (memcmp(DatumGetUUIDP(back)->data, DatumGetUUIDP(value)->data, UIDX_LEN) != 0)
		elog(ERROR, "time filter bound \"%s\" of type %u does not read back as itself",
			 text, type);
#endif
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
 * table at the top says, or NULL where no key is on the far side of it.
 * Never raises: the conditions that call it must not fail where the user's
 * clause would not.
 */
static Datum
time_bound(FunctionCallInfo fcinfo, UidxTimeLayoutId id)
{
	const UidxTimeLayout *layout = uidx_time_layout(id);
	bool		upper = PG_GETARG_BOOL(1);
	pg_uuid_t  *result = palloc(sizeof(pg_uuid_t));

	if (!uidx_time_key_bound(layout,
				   bound_field(PG_GETARG_TIMESTAMPTZ(0),
							   uidx_unix_ms_to_timestamptz(layout->epoch_unix_ms), upper,
							   PG_GETARG_BOOL(2)),
				   upper, result->data))
		PG_RETURN_NULL();
	check_plan_value(get_fn_expr_rettype(fcinfo->flinfo), UUIDPGetDatum(result));
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

/* unix milliseconds as a value of `type` (date: the day, UTC) */
static Datum
instant_of_type(int64 unix_ms, Oid type)
{
	TimestampTz at = uidx_unix_ms_to_timestamptz(unix_ms);

	if (type == DATEOID)
		return DateADTGetDatum((DateADT) (at / USECS_PER_DAY));
	return TimestampGetDatum((Timestamp) at);
}

/*
 * A call of core's larger/smaller function of `type` (date or timestamp):
 * strict, so NULL stays NULL, where GREATEST and LEAST skip a NULL.
 */
static Node *
strict_minmax(Oid type, bool larger, Node *arg, Datum limit)
{
	Oid			proc = type == DATEOID ? (larger ? F_DATE_LARGER : F_DATE_SMALLER)
		: (larger ? F_TIMESTAMP_LARGER : F_TIMESTAMP_SMALLER);

	return (Node *) makeFuncExpr(proc, type,
								 list_make2(arg, makeConst(type, -1, InvalidOid, get_typlen(type),
														   limit, false, get_typbyval(type))),
								 InvalidOid, InvalidOid, COERCE_EXPLICIT_CALL);
}

/*
 * `expr` (a date or timestamp) moved to UIDX_INSTANT_FLOOR/CEIL where it lies
 * outside them.  Within them, a date or timestamp becomes a timestamptz in
 * every time zone without overflow, and outside them it lies beyond every
 * layout's field on the same side either way (time_layout.h), so every
 * bound of it is the same.  A constant inside stays as it is.  NULL stays
 * NULL (docs/internals.md "Strict and equivalent"): the clause it comes
 * from is NULL then, and so must every condition that replaces it be.
 */
static Node *
clamp_instant(Node *expr, Oid type)
{
	Datum		floor = instant_of_type(UIDX_INSTANT_FLOOR_UNIX_MS, type);
	Datum		ceil = instant_of_type(UIDX_INSTANT_CEIL_UNIX_MS, type);

	StaticAssertStmt(UIDX_INSTANT_FLOOR_UNIX_MS + 2 * UIDX_MS_PER_DAY < DISTID128_EPOCH_UNIX_MS &&
					 UIDX_INSTANT_FLOOR_UNIX_MS + 2 * UIDX_MS_PER_DAY < DISTID_EPOCH_UNIX_MS &&
					 UIDX_UNIX_EPOCH_MS + UIDX_MAX_MS48 + 2 * UIDX_MS_PER_DAY < UIDX_INSTANT_CEIL_UNIX_MS,
					 "every field lies between the clamp instants");
	if (IsA(expr, Const))
	{
		Const	   *c = (Const *) expr;

		if (c->constisnull)
			return expr;
		/* date and timestamp compare as int32 and int64, infinities included */
		if (type == DATEOID ? DatumGetDateADT(c->constvalue) < DatumGetDateADT(floor)
			: DatumGetTimestamp(c->constvalue) < DatumGetTimestamp(floor))
			return (Node *) makeConst(type, -1, InvalidOid, c->constlen, floor, false, c->constbyval);
		if (type == DATEOID ? DatumGetDateADT(c->constvalue) > DatumGetDateADT(ceil)
			: DatumGetTimestamp(c->constvalue) > DatumGetTimestamp(ceil))
			return (Node *) makeConst(type, -1, InvalidOid, c->constlen, ceil, false, c->constbyval);
		return expr;
	}
	return strict_minmax(type, false, strict_minmax(type, true, copyObject(expr), floor), ceil);
}

/*
 * Is `expr` core's length coercion of a timestamp or timestamptz
 * (`$1::timestamptz(0)`, `timestamp(x, 3)`)?  It rounds to the type's
 * precision, in the type it is of.
 */
static bool
is_length_coercion(Node *expr)
{
	FuncExpr   *call = (FuncExpr *) expr;
	Oid			type;
	Oid			coercion;

	if (!IsA(expr, FuncExpr) || list_length(call->args) != 2)
		return false;
	type = call->funcresulttype;
	return (type == TIMESTAMPOID || type == TIMESTAMPTZOID) &&
		exprType(linitial(call->args)) == type &&
		find_typmod_coercion_function(type, &coercion) == COERCION_PATH_FUNC &&
		coercion == call->funcid;
}

/* Is `expr` core's cast of a date or timestamp to a later type (see below)? */
static bool
is_widening_cast(Node *expr)
{
	FuncExpr   *call = (FuncExpr *) expr;
	Oid			from;
	Oid			to;
	Oid			cast;

	/* written as a cast, or as a call of the cast's function (`timestamptz(d)`) */
	if (!IsA(expr, FuncExpr) || list_length(call->args) != 1)
		return false;
	from = exprType(linitial(call->args));
	to = call->funcresulttype;
	return ((from == DATEOID && (to == TIMESTAMPOID || to == TIMESTAMPTZOID)) ||
			(from == TIMESTAMPOID && to == TIMESTAMPTZOID)) &&
		find_coercion_pathway(to, from, COERCION_EXPLICIT, &cast) == COERCION_PATH_FUNC &&
		cast == call->funcid;
}

/*
 * The date or timestamp under `expr`, where `expr` is core's cast of one to a
 * later type of date < timestamp < timestamptz (`$1::timestamptz`,
 * `$1::timestamp` of a date, `timestamptz($1)`; casts of casts too, and the
 * length coercions among them, `$1::timestamptz(0)`); NULL otherwise.  Those
 * casts keep the instant (a length coercion rounds it), and fail past the
 * later type's range, where the clause may never be evaluated (no row
 * reaches it).  The conditions read the value before the casts, as the
 * cross-type comparisons do, so that they cannot fail there.
 */
static Node *
widening_cast_argument(Node *expr)
{
	Node	   *found = NULL;

	for (;;)
	{
		if (is_widening_cast(expr))
			expr = found = linitial(((FuncExpr *) expr)->args);
		else if (is_length_coercion(expr))
			expr = linitial(((FuncExpr *) expr)->args);
		else
			return found;
	}
}

/*
 * `expr`, the chain of casts widening_cast_argument() read through, made
 * again over `replacement` in place of `found`: the same casts and the same
 * rounding, in the same order, of another value.
 */
static Node *
with_cast_argument(Node *expr, Node *found, Node *replacement)
{
	FuncExpr   *call;

	if (expr == found)
		return replacement;
	call = (FuncExpr *) copyObject(expr);
	linitial(call->args) = with_cast_argument(linitial(((FuncExpr *) expr)->args), found,
											  replacement);
	return (Node *) call;
}

/*
 * `expr` as a timestamptz, the way the family's cross-type operators read
 * it, and so that it cannot overflow where they do not (clamp_instant).
 * *cast_read: a widening cast that can fail was read through
 * (widening_cast_argument), so the conditions do not fail where the cast
 * does, and cannot stand in for the clause.  The casts read through are
 * applied again to the clamped value: a length coercion's rounding is
 * kept, and within the clamp no cast, rounding or time zone overflows.
 */
static Node *
as_timestamptz(Node *expr, bool *cast_read)
{
	Oid			type = exprType(expr);
	Node	   *arg;
	Node	   *clamped;

	*cast_read = false;
	if (type != TIMESTAMPTZOID && type != TIMESTAMPOID && type != DATEOID)
		return NULL;
	arg = widening_cast_argument(expr);
	if (arg == NULL)
	{
		if (type == TIMESTAMPTZOID)
			return expr;
		clamped = clamp_instant(expr, type);
	}
	else
	{
		clamped = clamp_instant(arg, exprType(arg));
		/* a constant the clamp keeps as it is cannot make the casts fail */
		*cast_read = clamped != arg;
		clamped = with_cast_argument(expr, arg, clamped);
		if (type == TIMESTAMPTZOID)
			return clamped;
	}
	return coerce_to_target_type(NULL, clamped, type, TIMESTAMPTZOID, -1,
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
	other = as_timestamptz(other, &filter->clause_needed);
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
	return uidx_proc_aclcheck(proc, role, ACL_EXECUTE) == ACLCHECK_OK;
}

/*
 * May the plan being made call `proc`?  Where PUBLIC may, every role may,
 * and the answer is no role's.  Otherwise it is the current role's, and so is
 * the plan: while planning (root given) it is marked so, as PostgreSQL marks
 * a plan under row-level security, and made again for another role;
 * before planning (no root, no plan to mark) the answer is no.  Marking
 * every plan would make PostgreSQL plan a cached statement again at each
 * execution.
 */
static bool
may_execute(PlannerInfo *root, Oid proc)
{
	if (role_may_execute(proc, ACL_ID_PUBLIC))
		return true;
	if (root == NULL)
		return false;
	root->glob->dependsOnRole = true;
	return role_may_execute(proc, GetUserId());
}

/* the bound as a constant of `type`; NULL where there is none (key_bound) */
static Const *
bytes_const(Oid type, const uint8 bytes[UIDX_LEN], bool found)
{
	pg_uuid_t  *value;

	if (!found)
		return makeNullConst(type, -1, InvalidOid);
	value = palloc(sizeof(pg_uuid_t));
	memcpy(value->data, bytes, UIDX_LEN);
	check_plan_value(type, UUIDPGetDatum(value));
	return makeConst(type, -1, InvalidOid, UUID_LEN, UUIDPGetDatum(value), false, false);
}

/*
 * One bound of the filter's instant: a constant when it is one, else a call
 * that computes it at run time.  NULL when the role may not run that call.
 */
static Expr *
bound_expr(PlannerInfo *root, const UidxTimeFilter *filter,
		   const UidxTimeLayoutOids *key_layout, bool key_bound_of_type, bool upper,
		   bool inclusive, bool *exact)
{
	const UidxTimeLayout *layout = filter->layout->layout;
	Node	   *at = filter->other;
	uint8		bytes[UIDX_LEN];

	if (key_bound_of_type)
	{
		const UidxTimeLayout *key = key_layout->layout;

		if (IsA(at, Const))
		{
			bool		found;

			found = uidx_time_key_bound(key, bound_field(DatumGetTimestampTz(((Const *) at)->constvalue),
											   uidx_unix_ms_to_timestamptz(key->epoch_unix_ms),
											   upper, inclusive),
							  upper, bytes);
			return (Expr *) bytes_const(key_layout->key_type, bytes, found);
		}
		if (!may_execute(root, key_layout->bound_function))
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
		bool		found;

		memset(field_only.min_tail, 0, UIDX_LEN);
		memset(field_only.max_tail, 0xFF, UIDX_LEN);
		found = uidx_time_key_bound(&field_only, bound_field(DatumGetTimestampTz(((Const *) at)->constvalue),
												   uidx_unix_ms_to_timestamptz(layout->epoch_unix_ms),
												   upper, inclusive),
						  upper, bytes);
		return (Expr *) bytes_const(UUIDOID, bytes, found);
	}
	if (!OidIsValid(uidx_field_bound_function()) ||
		!may_execute(root, uidx_field_bound_function()))
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
comparison(PlannerInfo *root, Oid family, Oid key_type, Node *key, Expr *bound, int strategy)
{
	Oid			op = get_opfamily_member(family, key_type, exprType((Node *) bound), strategy);
	OpExpr	   *clause;

	if (!OidIsValid(op) || !may_execute(root, get_opcode(op)))
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
add_condition(PlannerInfo *root, List **conditions, const UidxTimeFilter *filter,
			  const UidxTimeLayoutOids *key_layout, bool key_bound_of_type, Oid family,
			  Node *key, bool upper, bool inclusive, bool *exact)
{
	Expr	   *bound = bound_expr(root, filter, key_layout, key_bound_of_type, upper, inclusive,
								 exact);
	Expr	   *cond;

	if (bound == NULL)
		return false;
	cond = comparison(root, family, key_layout->key_type, key, bound,
					  upper ? BTLessEqualStrategyNumber : BTGreaterEqualStrategyNumber);
	if (cond == NULL)
		return false;
	*conditions = lappend(*conditions, cond);
	return true;
}

List *
uidx_time_filter_conditions(const UidxTimeFilter *filter, Node *key, bool *exact)
{
	return uidx_time_filter_conditions_for_plan(NULL, filter, key, exact);
}

List *
uidx_time_filter_conditions_for_plan(PlannerInfo *root, const UidxTimeFilter *filter,
									 Node *key, bool *exact)
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
		!add_condition(root, &conditions, filter, key_layout, exact_type, family, key, false,
					   filter->strategy != BTGreaterStrategyNumber, exact))
		return NIL;
	if (upper &&
		!add_condition(root, &conditions, filter, key_layout, exact_type, family, key, true,
					   filter->strategy != BTLessStrategyNumber, exact))
		return NIL;
	return conditions;
}
