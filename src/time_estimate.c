/*
 * time_estimate.c -- how many rows a key range of a time filter holds, from
 * the key column's statistics (docs/partitioning.md "Time filters that use the index").
 *
 * May touch: the selectivity cached in the RestrictInfo it is given, and
 * nothing else; it reads pg_statistic through examine_variable.
 *
 * PostgreSQL estimates `iuid_timestamp(id) >= c` at a default third of the
 * rows (there are no statistics of the expression), and `id >= bound`
 * through the key's histogram without interpolating inside a bucket
 * (uuid-like types have no scalar reading).  The key's order reads the time
 * field first, so the histogram's bounds read as times are in order too:
 * the fraction below a time is found between two bounds and interpolated
 * linearly in time, as scalarineqsel does for numbers and timestamps.
 */
#include "uidx.h"
#include "time_index.h"
#include "time_layout.h"

#include "access/htup_details.h"
#include "access/nbtree.h"
#include "access/stratnum.h"
#include "catalog/pg_am_d.h"
#include "catalog/pg_statistic.h"
#include "commands/defrem.h"
#include "nodes/nodeFuncs.h"
#include "optimizer/optimizer.h"
#include "utils/lsyscache.h"
#include "utils/selfuncs.h"
#include "utils/uuid.h"

/* the time field of a key value */
static double
field_of(Datum key, int time_offset)
{
	return (double) uidx_load_be(DatumGetUUIDP(key)->data + time_offset, UIDX_TIME_FIELD_BYTES);
}

/*
 * The fraction of the histogram's population whose field is below `field`,
 * linear in time between two bounds.
 */
static double
histogram_fraction_below(const AttStatsSlot *hist, int time_offset, double field)
{
	int			lo = 0;
	int			hi = hist->nvalues - 1;
	double		lo_field;
	double		hi_field;

	Assert(hist->nvalues >= 2);
	if (field <= field_of(hist->values[0], time_offset))
		return 0.0;
	if (field > field_of(hist->values[hi], time_offset))
		return 1.0;
	/* the last bound below field is at lo, and the first at or above at hi */
	while (hi - lo > 1)
	{
		int			mid = (lo + hi) / 2;

		if (field_of(hist->values[mid], time_offset) < field)
			lo = mid;
		else
			hi = mid;
	}
	lo_field = field_of(hist->values[lo], time_offset);
	hi_field = field_of(hist->values[hi], time_offset);
	Assert(lo_field < field && field <= hi_field);
	return (lo + (field - lo_field) / (hi_field - lo_field)) / (hist->nvalues - 1);
}

/* Is the time function NULL for `key` (a value of another layout)? */
static bool
time_is_null(Oid time_function, Datum key)
{
	LOCAL_FCINFO(fcinfo, 1);
	FmgrInfo	flinfo;

	fmgr_info(time_function, &flinfo);
	InitFunctionCallInfoData(*fcinfo, &flinfo, 1, InvalidOid, NULL, NULL);
	fcinfo->args[0].value = key;
	fcinfo->args[0].isnull = false;
	(void) FunctionCallInvoke(fcinfo);
	return fcinfo->isnull;
}

/*
 * Bounds that a layout's share is read from, at the least: from fewer, a
 * share of one half would read as 0 or 1 too often.
 */
#define SHARE_WINDOW 21

/*
 * The fraction of the histogram's population whose field is at least `from`
 * and below `below`, counting only values for which `time_function` (where
 * given) is not NULL.  The bounds are in the field's order even where they
 * are of other layouts: on uuid, whose order is memcmp, a time field is
 * read at offset 0 only (time_layout.c), where every value has its first
 * six bytes.  So the population between two times is interpolated over all
 * bounds, and then multiplied by the layout's share among the bounds around
 * that interval (SHARE_WINDOW at the least).  A column that holds one layout
 * has a share of 1; one that holds iUIDs and UUIDv7s made at the same times
 * about one half everywhere; one that holds iUIDs and random UUIDs nearly 1
 * wherever the iUIDs' times are, since random values spread over every
 * field value.
 */
static double
histogram_fraction_between(const AttStatsSlot *hist, int time_offset, double from,
						   double below, Oid time_function)
{
	double		span;
	int			lo = 0;
	int			hi = hist->nvalues - 1;
	int			of_layout = 0;

	span = histogram_fraction_below(hist, time_offset, below) -
		histogram_fraction_below(hist, time_offset, from);
	if (span <= 0.0 || !OidIsValid(time_function))
		return Max(span, 0.0);
	/* the bounds of the buckets that hold the interval, then widened */
	while (lo < hi && field_of(hist->values[lo + 1], time_offset) < from)
		lo++;
	while (hi > lo && field_of(hist->values[hi - 1], time_offset) >= below)
		hi--;
	while (hi - lo + 1 < Min(SHARE_WINDOW, hist->nvalues))
	{
		if (lo > 0)
			lo--;
		if (hi < hist->nvalues - 1)
			hi++;
	}
	for (int i = lo; i <= hi; i++)
		if (!time_is_null(time_function, hist->values[i]))
			of_layout++;
	return span * of_layout / (hi - lo + 1);
}

/*
 * The fraction of the column's rows whose field is at least `from` and below
 * `below` (and, with a time function, for which it is not NULL); -1 without
 * a histogram or most common values.
 */
static double
fraction_between_stats(VariableStatData *vardata, int time_offset, double from,
					   double below, Oid time_function)
{
	Form_pg_statistic stats = (Form_pg_statistic) GETSTRUCT(vardata->statsTuple);
	AttStatsSlot mcv;
	AttStatsSlot hist;
	double		mcv_total = 0.0;
	double		selec = 0.0;

	if (get_attstatsslot(&mcv, vardata->statsTuple, STATISTIC_KIND_MCV, InvalidOid,
						 ATTSTATSSLOT_VALUES | ATTSTATSSLOT_NUMBERS))
	{
		for (int i = 0; i < mcv.nvalues; i++)
		{
			double		field = field_of(mcv.values[i], time_offset);

			mcv_total += mcv.numbers[i];
			if (field >= from && field < below &&
				!(OidIsValid(time_function) && time_is_null(time_function, mcv.values[i])))
				selec += mcv.numbers[i];
		}
		free_attstatsslot(&mcv);
	}
	if (get_attstatsslot(&hist, vardata->statsTuple, STATISTIC_KIND_HISTOGRAM, InvalidOid,
						 ATTSTATSSLOT_VALUES))
	{
		if (hist.nvalues >= 2)
			selec += histogram_fraction_between(&hist, time_offset, from, below, time_function) *
				Max(0.0, 1.0 - stats->stanullfrac - mcv_total);
		free_attstatsslot(&hist);
	}
	else if (mcv_total == 0.0)
		return -1.0;
	return selec;
}

/*
 * The parts of a range condition that time_bounds.c made (`key >= bound` or
 * `key <= bound`): false where its bound is not known while planning.
 */
static bool
range_parts(PlannerInfo *root, RestrictInfo *range, Node **key,
			const UidxTimeLayout **layout, int *strategy, double *field)
{
	OpExpr	   *clause = (OpExpr *) range->clause;
	Node	   *bound;
	const UidxTimeLayoutOids *key_row;

	Assert(is_opclause(clause) && list_length(clause->args) == 2);
	*key = linitial(clause->args);
	bound = estimate_expression_value(root, lsecond(clause->args));
	if (!IsA(bound, Const) || ((Const *) bound)->constisnull)
		return false;
	key_row = uidx_time_layout_of_key_type(getBaseType(exprType(*key)));
	if (key_row == NULL)
		return false;
	*layout = key_row->layout;
	*strategy = get_op_opfamily_strategy(clause->opno, key_row->btree_family);
	if (*strategy != BTGreaterEqualStrategyNumber && *strategy != BTLessEqualStrategyNumber)
		return false;
	*field = field_of(((Const *) bound)->constvalue, (*layout)->time_offset);
	return true;
}

/*
 * The fraction of the key's rows whose field is at least `from` and below
 * `below`, counting only values the time function reads where it is given;
 * -1 without statistics.
 */
static double
fraction_between(PlannerInfo *root, Node *key, const UidxTimeLayout *layout, double from,
				 double below, Oid time_function)
{
	VariableStatData vardata;
	double		selec = -1.0;

	examine_variable(root, key, 0, &vardata);
	if (HeapTupleIsValid(vardata.statsTuple))
	{
		selec = fraction_between_stats(&vardata, layout->time_offset, from, below, time_function);
		if (selec >= 0.0)
			CLAMP_PROBABILITY(selec);
	}
	ReleaseVariableStats(vardata);
	return selec;
}

void
uidx_estimate_range(PlannerInfo *root, RestrictInfo *range, Oid time_function)
{
	Node	   *key;
	const UidxTimeLayout *layout;
	int			strategy;
	double		field;
	double		selec;

	if (!range_parts(root, range, &key, &layout, &strategy, &field))
		return;
	/* key >= bound: the field at least bound's; key <= bound: at most */
	if (strategy == BTGreaterEqualStrategyNumber)
		selec = fraction_between(root, key, layout, field, (double) UIDX_MAX_MS48 + 1,
								 time_function);
	else
		selec = fraction_between(root, key, layout, 0.0, field + 1, time_function);
	if (selec >= 0.0)
		range->norm_selec = selec;
}

double
uidx_estimate_ranges(PlannerInfo *root, List *ranges, Oid time_function)
{
	Node	   *key = NULL;
	const UidxTimeLayout *layout = NULL;
	double		from = 0.0;
	double		below = (double) UIDX_MAX_MS48 + 1;
	ListCell   *lc;

	foreach(lc, ranges)
	{
		Node	   *range_key;
		const UidxTimeLayout *range_layout;
		int			strategy;
		double		field;

		if (!range_parts(root, lfirst_node(RestrictInfo, lc), &range_key, &range_layout,
						 &strategy, &field) ||
			(key != NULL && (!equal(key, range_key) || layout != range_layout)))
			return -1.0;
		key = range_key;
		layout = range_layout;
		if (strategy == BTGreaterEqualStrategyNumber)
			from = Max(from, field);
		else
			below = Min(below, field + 1);
	}
	if (key == NULL)
		return -1.0;
	return fraction_between(root, key, layout, from, below, time_function);
}
