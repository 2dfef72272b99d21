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
 * On a column that also holds values of other layouts (a uuid column), the
 * histogram's bounds are no ordered sample of times: the fraction is that of
 * the bounds (as a sample of the column's values) that are of the layout and
 * below `field`.  -1 when every bound is of the layout.
 */
static double
sampled_fraction_below(const AttStatsSlot *hist, int time_offset, double field,
					   Oid time_function)
{
	int			other = 0;
	int			below = 0;

	for (int i = 0; i < hist->nvalues; i++)
	{
		if (time_is_null(time_function, hist->values[i]))
			other++;
		else if (field_of(hist->values[i], time_offset) < field)
			below++;
	}
	if (other == 0)
		return -1.0;
	return (double) below / hist->nvalues;
}

/* fraction of the column's rows whose field is below `field` */
static double
fraction_below(VariableStatData *vardata, int time_offset, double field, Oid time_function)
{
	Form_pg_statistic stats = (Form_pg_statistic) GETSTRUCT(vardata->statsTuple);
	AttStatsSlot mcv;
	AttStatsSlot hist;
	double		mcv_total = 0.0;
	double		mcv_below = 0.0;
	double		below;

	if (get_attstatsslot(&mcv, vardata->statsTuple, STATISTIC_KIND_MCV, InvalidOid,
						 ATTSTATSSLOT_VALUES | ATTSTATSSLOT_NUMBERS))
	{
		for (int i = 0; i < mcv.nvalues; i++)
		{
			mcv_total += mcv.numbers[i];
			if (field_of(mcv.values[i], time_offset) < field &&
				!(OidIsValid(time_function) && time_is_null(time_function, mcv.values[i])))
				mcv_below += mcv.numbers[i];
		}
		free_attstatsslot(&mcv);
	}
	below = mcv_below;
	if (get_attstatsslot(&hist, vardata->statsTuple, STATISTIC_KIND_HISTOGRAM, InvalidOid,
						 ATTSTATSSLOT_VALUES))
	{
		if (hist.nvalues >= 2)
		{
			double		fraction = -1.0;

			if (OidIsValid(time_function))
				fraction = sampled_fraction_below(&hist, time_offset, field, time_function);
			if (fraction < 0.0)
				fraction = histogram_fraction_below(&hist, time_offset, field);
			below += fraction * Max(0.0, 1.0 - stats->stanullfrac - mcv_total);
		}
		free_attstatsslot(&hist);
	}
	else if (mcv_total == 0.0)
		return -1.0;
	return below;
}

void
uidx_estimate_range(PlannerInfo *root, RestrictInfo *range, Oid time_function)
{
	OpExpr	   *clause = (OpExpr *) range->clause;
	Node	   *key;
	Node	   *bound;
	Oid			key_type;
	const UidxTimeLayoutOids *key_row;
	const UidxTimeLayout *layout;
	int			strategy;
	VariableStatData vardata;
	double		field;
	double		below;

	Assert(is_opclause(clause) && list_length(clause->args) == 2);
	key = linitial(clause->args);
	bound = estimate_expression_value(root, lsecond(clause->args));
	if (!IsA(bound, Const) || ((Const *) bound)->constisnull)
		return;
	key_type = getBaseType(exprType(key));
	key_row = uidx_time_layout_of_key_type(key_type);
	if (key_row == NULL)
		return;
	layout = key_row->layout;
	strategy = get_op_opfamily_strategy(clause->opno, key_row->btree_family);
	if (strategy != BTGreaterEqualStrategyNumber && strategy != BTLessEqualStrategyNumber)
		return;
	field = field_of(((Const *) bound)->constvalue, layout->time_offset);

	examine_variable(root, key, 0, &vardata);
	if (HeapTupleIsValid(vardata.statsTuple))
	{
		/* key >= bound: the field at least bound's; key <= bound: at most */
		below = fraction_below(&vardata, layout->time_offset,
							   strategy == BTGreaterEqualStrategyNumber ? field : field + 1,
							   time_function);
		if (below >= 0.0)
		{
			double		selec = strategy == BTGreaterEqualStrategyNumber ?
				fraction_below(&vardata, layout->time_offset, (double) UIDX_MAX_MS48 + 1,
							   time_function) - below : below;

			CLAMP_PROBABILITY(selec);
			range->norm_selec = selec;
		}
	}
	ReleaseVariableStats(vardata);
}
