/*
 * time_index.c -- time filters that use an index on the key, and their row
 * estimates (docs/partitioning.md "Time filters that use the index").
 *
 * May touch, in the set_rel_pathlist hook of a table or partition, and only
 * while uidx's planner hook plans the statement (time_prune.c): index paths
 * it asks PostgreSQL to make (create_index_paths) with the key ranges of
 * time_bounds.c as extra index conditions; the IndexClause lists of those
 * paths; the selectivities cached in the rel's RestrictInfos and the rows of
 * the rel and its paths; and the rel's list of RestrictInfos, only to leave
 * out a time filter that range conditions of the same list enforce exactly
 * (drop_enforced_filters).  It never changes a clause and never edits a
 * finished plan.
 *
 * PostgreSQL asks a function's support function for index conditions only
 * when the indexed column is a direct argument of the clause's own function,
 * which `iuid_timestamp(id) >= c` is not (the key sits one level down, inside
 * the time function).  So this hook makes the key range of each such filter
 * (time_bounds.c) a RestrictInfo of its own, for the index path builder only,
 * and PostgreSQL plans index paths with it as usual.  Where the range holds
 * for exactly the rows the filter holds for, the path's IndexClause for it
 * is made to name the user's own RestrictInfo, lossy = false: that is how a
 * PostgreSQL index clause says it enforces a clause, and the plan then has
 * no filter for it (create_indexscan_plan leaves out a clause that *is*, by
 * pointer, an index clause's).  Anything less than that proof leaves the
 * user's clause as the scan's filter.
 *
 * The estimate of such a filter is the estimate of its key range, from the
 * key column's own statistics (time_estimate.c), counted once.
 */
#include "uidx.h"
#include "compat.h"
#include "time_bounds.h"
#include "time_index.h"
#include "time_layout.h"

#include "access/sysattr.h"
#include "catalog/pg_class_d.h"
#include "nodes/nodeFuncs.h"
#include "nodes/pathnodes.h"
#include "optimizer/cost.h"
#include "optimizer/optimizer.h"
#include "optimizer/paths.h"
#include "optimizer/restrictinfo.h"
#include "utils/lsyscache.h"

/* One user clause `f(key) op c` of the rel, and the key range it implies */
typedef struct NaturalFilter
{
	RestrictInfo *rinfo;		/* the user's clause */
	UidxTimeFilter filter;
	List	   *ranges;			/* RestrictInfos of the range's conditions */
	bool		exact;			/* they hold for exactly the clause's rows */
	bool		replaces;		/* and may stand in for it: exact, and they
								 * fail (or not) where it does */
} NaturalFilter;

static set_rel_pathlist_hook_type prev_set_rel_pathlist_hook = NULL;

/* Is `expr` (a filter's key: binary coercions stripped) a user column of `rel`? */
static bool
is_column_of(Node *expr, RelOptInfo *rel)
{
	Var		   *var;

	if (expr == NULL || !IsA(expr, Var))
		return false;
	var = (Var *) expr;
	return (Index) var->varno == rel->relid && var->varlevelsup == 0 && var->varattno > 0;
}

/* The rel's RestrictInfo whose clause equals `clause`, or NULL */
static RestrictInfo *
find_restrictinfo(List *rinfos, Expr *clause)
{
	ListCell   *lc;

	foreach(lc, rinfos)
		if (equal(lfirst_node(RestrictInfo, lc)->clause, clause))
			return lfirst_node(RestrictInfo, lc);
	return NULL;
}

static RestrictInfo *
range_restrictinfo(PlannerInfo *root, RelOptInfo *rel, Expr *cond, Index security_level)
{
	return uidx_make_base_restrictinfo(root, cond, security_level, rel->relids);
}

/*
 * The time filters of the rel, each with its range.  *extra gets the range
 * conditions the rel does not hold already (time_prune.c adds them on a
 * partitioned table's key, so a partition has them).
 */
static List *
natural_filters(PlannerInfo *root, RelOptInfo *rel, List **extra)
{
	List	   *filters = NIL;
	ListCell   *lc;

	foreach(lc, rel->baserestrictinfo)
	{
		RestrictInfo *rinfo = lfirst_node(RestrictInfo, lc);
		NaturalFilter *nf;
		List	   *conditions;
		ListCell   *cond_lc;
		bool		exact;

		if (rinfo->pseudoconstant)
			continue;
		nf = palloc0(sizeof(NaturalFilter));
		if (!uidx_match_time_filter((Node *) rinfo->clause, &nf->filter) ||
			!is_column_of(nf->filter.key, rel) ||
			contain_var_clause(nf->filter.other) ||
			contain_volatile_functions(nf->filter.other))
		{
			pfree(nf);
			continue;
		}
		conditions = uidx_time_filter_conditions_for_plan(root, &nf->filter, nf->filter.key, &exact);
		if (conditions == NIL)
		{
			pfree(nf);
			continue;
		}
		nf->rinfo = rinfo;
		nf->exact = exact;
		nf->replaces = exact && !nf->filter.clause_needed;
		foreach(cond_lc, conditions)
		{
			Expr	   *cond = (Expr *) lfirst(cond_lc);
			RestrictInfo *range = find_restrictinfo(rel->baserestrictinfo, cond);

			if (range == NULL)
				range = find_restrictinfo(*extra, cond);
			if (range == NULL)
			{
				range = range_restrictinfo(root, rel, cond, rinfo->security_level);
				*extra = lappend(*extra, range);
			}
			nf->ranges = lappend(nf->ranges, range);
		}
		filters = lappend(filters, nf);
	}
	return filters;
}

/* ---------------------------------------------------------------------------
 * Estimates
 * ------------------------------------------------------------------------- */

/*
 * PostgreSQL estimates `key >= a AND key <= b` from the two conditions'
 * own selectivities, as their sum less 1.  That is the fraction between a
 * and b only where every row is above a or below b; on a uuid column that
 * also holds other layouts, whose rows the time function does not read and
 * the ranges' estimates leave out, the sum less 1 is far too small or below
 * zero, and PostgreSQL then falls back to a flat 0.5 %.  So the ranges of
 * one key and one time function are estimated together, as one interval
 * (time_estimate.c), and that figure is given to the first of them, 1 to the
 * others: summed less 1, as PostgreSQL pairs them, or multiplied, it is the
 * interval's.  The same holds on a key the function reads whole where the
 * table was never analyzed: its estimates are fractions of the rows its
 * file holds, fewer than the planner's rel->tuples (which assumes at least
 * 10 pages of a table never counted), so two sides need not sum to 1 either.
 */
static bool
estimate_range_group(PlannerInfo *root, List *ranges, Oid time_function, bool regroup)
{
	double		selec = -1.0;
	List	   *estimated = NIL;
	ListCell   *lc;

	if (list_length(ranges) >= 2)
		selec = uidx_estimate_ranges(root, ranges, time_function);
	/*
	 * Where the interval has no estimate (one bound not known while
	 * planning, or one range alone), each range gets its own; where it has
	 * one, theirs would be overwritten, so they are not computed at all.
	 */
	foreach(lc, ranges)
	{
		RestrictInfo *range = lfirst_node(RestrictInfo, lc);
		Selectivity before = range->norm_selec;

		if (selec >= 0.0)
			range->norm_selec = foreach_current_index(lc) == 0 ? selec : 1.0;
		else
			uidx_estimate_range(root, range, time_function);
		if (range->norm_selec != before)
			estimated = lappend(estimated, range);
	}
	/* the id-range form pairs those of its conditions that have an estimate */
	if (selec < 0.0 && regroup && list_length(estimated) >= 2 &&
		list_length(estimated) < list_length(ranges))
		(void) estimate_range_group(root, estimated, time_function, false);
	return selec >= 0.0 || estimated != NIL;
}

/*
 * A time filter inside an OR: its cached selectivity becomes its range's, so
 * that the OR is estimated from the key's statistics too.  Other arms, and
 * arms that are not time filters on the rel's columns, stay as they are.
 */
static bool
estimate_arm(PlannerInfo *root, RelOptInfo *rel, RestrictInfo *arm)
{
	UidxTimeFilter filter;
	List	   *conditions;
	List	   *ranges = NIL;
	ListCell   *lc;
	bool		exact;

	if (!uidx_match_time_filter((Node *) arm->clause, &filter) ||
		!is_column_of(filter.key, rel) || contain_var_clause(filter.other) ||
		contain_volatile_functions(filter.other))
		return false;
	conditions = uidx_time_filter_conditions_for_plan(root, &filter, filter.key, &exact);
	if (conditions == NIL)
		return false;
	foreach(lc, conditions)
	{
		RestrictInfo *range = range_restrictinfo(root, rel, (Expr *) lfirst(lc),
												 arm->security_level);

		ranges = lappend(ranges, range);
	}
	(void) estimate_range_group(root, ranges, exact ? InvalidOid : filter.layout->function,
								false);
	arm->norm_selec = clauselist_selectivity(root, ranges, 0, JOIN_INNER, NULL);
	return true;
}

static bool
estimate_or_arms(PlannerInfo *root, RelOptInfo *rel)
{
	bool		any = false;
	ListCell   *lc;

	foreach(lc, rel->baserestrictinfo)
	{
		RestrictInfo *rinfo = lfirst_node(RestrictInfo, lc);
		bool		changed = false;
		ListCell   *arm_lc;

		if (rinfo->orclause == NULL)
			continue;
		foreach(arm_lc, ((BoolExpr *) rinfo->orclause)->args)
		{
			Node	   *arm = lfirst(arm_lc);

			if (IsA(arm, RestrictInfo))
				changed |= estimate_arm(root, rel, (RestrictInfo *) arm);
			else if (is_andclause(arm))
			{
				ListCell   *and_lc;

				foreach(and_lc, ((BoolExpr *) arm)->args)
					if (IsA(lfirst(and_lc), RestrictInfo))
						changed |= estimate_arm(root, rel, lfirst_node(RestrictInfo, and_lc));
			}
		}
		/* estimated again from its arms */
		if (changed)
			rinfo->norm_selec = -1;
		any |= changed;
	}
	return any;
}

/*
 * The rel's own conditions `key op c` (op the key type's btree <, <=, >=,
 * >) on a key whose type is a time-ordered one of uidx's with exact bounds
 * (iuid, comb, distid): the id-range form of a time filter.  PostgreSQL's
 * estimate of them assumes the middle of a histogram bucket (it has no
 * scalar reading of these types) and counts nothing past the histogram's
 * end; their cached selectivity becomes the key's fraction read as times
 * (time_estimate.c), which probes the key's actual end, and those of one
 * key are estimated together, as one interval (estimate_range_group).  On
 * uuid, whose layouts the order does not tell apart, they keep PostgreSQL's
 * estimate.
 * An estimator of uidx's own on these operators would do the same without
 * this hook, but PostgreSQL pairs two bounds of a column only for its own
 * scalar*sel estimators (clauselist_selectivity_ext() in clausesel.c) and
 * would multiply them instead.
 */
static bool
estimate_key_ranges(PlannerInfo *root, RelOptInfo *rel, List *filters)
{
	List	   *natural_ranges = NIL;
	List	   *keys = NIL;
	List	   *groups = NIL;
	bool		any = false;
	ListCell   *lc;
	ListCell   *group_lc;

	foreach(lc, filters)
		natural_ranges = list_concat(natural_ranges, ((NaturalFilter *) lfirst(lc))->ranges);
	foreach(lc, rel->baserestrictinfo)
	{
		RestrictInfo *rinfo = lfirst_node(RestrictInfo, lc);
		OpExpr	   *clause = (OpExpr *) rinfo->clause;
		Node	   *key;
		Node	   *other;
		const UidxTimeLayoutOids *key_row;
		ListCell   *key_lc;

		if (rinfo->pseudoconstant || !is_opclause(clause) || list_length(clause->args) != 2 ||
			list_member_ptr(natural_ranges, rinfo))
			continue;
		key = linitial(clause->args);
		other = lsecond(clause->args);
		if (!is_column_of(strip_implicit_coercions(key), rel))
		{
			key = other;
			other = linitial(clause->args);
		}
		if (!is_column_of(strip_implicit_coercions(key), rel) || contain_var_clause(other) ||
			contain_volatile_functions(other))
			continue;
		key_row = uidx_time_layout_of_key_domain(exprType(key));
		if (key_row == NULL || !OidIsValid(key_row->bound_function))
			continue;
		/* grouped by key, as one interval */
		forboth(key_lc, keys, group_lc, groups)
			if (equal(lfirst(key_lc), strip_implicit_coercions(key)))
				break;
		if (key_lc == NULL)
		{
			keys = lappend(keys, strip_implicit_coercions(key));
			groups = lappend(groups, list_make1(rinfo));
		}
		else
			lfirst(group_lc) = lappend((List *) lfirst(group_lc), rinfo);
	}
	foreach(lc, groups)
		any |= estimate_range_group(root, (List *) lfirst(lc), InvalidOid, true);
	return any;
}

/*
 * The rel's rows with each time filter counted as its key range: the ranges
 * get their selectivity from the key's statistics (time_estimate.c), pairs
 * of them combine as PostgreSQL combines `key >= a AND key <= b`, and the
 * filters themselves, which the ranges restate, are left out.  Paths made
 * before keep their rows in proportion.
 */
static void
estimate_rows(PlannerInfo *root, RelOptInfo *rel, List *filters, List *extra)
{
	List	   *counted = NIL;
	List	   *filter_rinfos = NIL;
	List	   *grouped = NIL;
	double		old_rows = rel->rows;
	double		ratio;
	ListCell   *lc;

	foreach(lc, filters)
		filter_rinfos = lappend(filter_rinfos, ((NaturalFilter *) lfirst(lc))->rinfo);
	/* the ranges of each key and time function, as one interval */
	foreach(lc, filters)
	{
		NaturalFilter *nf = (NaturalFilter *) lfirst(lc);
		List	   *group = NIL;
		ListCell   *other_lc;

		if (list_member_ptr(grouped, nf))
			continue;
		for_each_from(other_lc, filters, foreach_current_index(lc))
		{
			NaturalFilter *other = (NaturalFilter *) lfirst(other_lc);

			if (other->exact != nf->exact || other->filter.layout != nf->filter.layout ||
				!equal(other->filter.key, nf->filter.key))
				continue;
			grouped = lappend(grouped, other);
			group = list_concat_unique_ptr(group, other->ranges);
		}
		(void) estimate_range_group(root, group,
									nf->exact ? InvalidOid : nf->filter.layout->function, false);
	}
	foreach(lc, rel->baserestrictinfo)
		if (!list_member_ptr(filter_rinfos, lfirst(lc)))
			counted = lappend(counted, lfirst(lc));
	counted = list_concat(counted, extra);
	rel->rows = clamp_row_est(rel->tuples *
							  clauselist_selectivity(root, counted, 0, JOIN_INNER, NULL));

	/*
	 * Estimates made later from the rel's clauses (parameterized paths,
	 * joins) see each filter at the selectivity of its range where the range
	 * is not a clause of the rel itself, and at 1 where it is.
	 */
	foreach(lc, filters)
	{
		NaturalFilter *nf = (NaturalFilter *) lfirst(lc);
		ListCell   *range_lc;
		bool		all_in_rel = true;

		foreach(range_lc, nf->ranges)
			all_in_rel &= list_member_ptr(rel->baserestrictinfo, lfirst(range_lc));
		nf->rinfo->norm_selec = all_in_rel ? 1.0 :
			clauselist_selectivity(root, nf->ranges, 0, JOIN_INNER, NULL);
	}

	if (old_rows <= 0)
		return;
	ratio = rel->rows / old_rows;
	foreach(lc, rel->pathlist)
	{
		Path	   *path = (Path *) lfirst(lc);

		if (path->param_info == NULL)
			path->rows = clamp_row_est(path->rows * ratio);
	}
	foreach(lc, rel->partial_pathlist)
	{
		Path	   *path = (Path *) lfirst(lc);

		if (path->param_info == NULL)
			path->rows = clamp_row_est(path->rows * ratio);
	}
}

/* An append rel (a partitioned table) has the rows of its live members. */
static void
sum_member_rows(PlannerInfo *root, RelOptInfo *rel)
{
	double		rows = 0;
	bool		any = false;
	ListCell   *lc;

	foreach(lc, root->append_rel_list)
	{
		AppendRelInfo *appinfo = lfirst_node(AppendRelInfo, lc);
		RelOptInfo *member;

		if (appinfo->parent_relid != rel->relid)
			continue;
		member = root->simple_rel_array[appinfo->child_relid];
		if (member == NULL || IS_DUMMY_REL(member))
			continue;
		rows += member->rows;
		any = true;
	}
	if (any)
		rel->rows = clamp_row_est(rows);
}

/* ---------------------------------------------------------------------------
 * Index paths
 * ------------------------------------------------------------------------- */

/*
 * Where every range condition of an exact filter is an index clause of the
 * path, those index clauses become one that names the filter's own
 * RestrictInfo: the index then enforces the filter, and PostgreSQL leaves
 * it out of the scan's filter.
 */
static void
enforce_in_path(IndexPath *path, NaturalFilter *nf)
{
	List	   *kept = NIL;
	List	   *quals = NIL;
	IndexClause *enforced = NULL;
	ListCell   *lc;
	ListCell   *range_lc;

	foreach(range_lc, nf->ranges)
	{
		bool		found = false;

		foreach(lc, path->indexclauses)
		{
			IndexClause *iclause = lfirst_node(IndexClause, lc);

			found |= iclause->rinfo == lfirst(range_lc) && !iclause->lossy;
		}
		if (!found)
			return;
	}
	foreach(lc, path->indexclauses)
	{
		IndexClause *iclause = lfirst_node(IndexClause, lc);

		if (!list_member_ptr(nf->ranges, iclause->rinfo))
		{
			kept = lappend(kept, iclause);
			continue;
		}
		quals = list_concat(quals, iclause->indexquals);
		if (enforced == NULL)
		{
			enforced = makeNode(IndexClause);
			enforced->rinfo = nf->rinfo;
			enforced->lossy = false;
			enforced->indexcol = iclause->indexcol;
			enforced->indexcols = NIL;
			kept = lappend(kept, enforced);
		}
		else if (iclause->indexcol != enforced->indexcol)
			elog(ERROR, "time filter range on two index columns");
	}
	Assert(enforced != NULL);
	enforced->indexquals = quals;
	path->indexclauses = kept;
}

static void
enforce_in_paths(List *paths, List *filters)
{
	ListCell   *lc;

	foreach(lc, paths)
	{
		ListCell   *nf_lc;

		if (!IsA(lfirst(lc), IndexPath))
			continue;
		foreach(nf_lc, filters)
		{
			NaturalFilter *nf = (NaturalFilter *) lfirst(nf_lc);

			if (nf->replaces)
				enforce_in_path((IndexPath *) lfirst(lc), nf);
		}
	}
}

/*
 * Index paths with the ranges the rel does not hold as clauses: seen by the
 * path builder only; the rel's clauses, and so its scans' filters, stay the
 * user's.
 */
static void
plan_index_paths(PlannerInfo *root, RelOptInfo *rel, List *extra)
{
	List	   *original = rel->baserestrictinfo;
	List	   *original_per_index = NIL;
	ListCell   *index_lc;
	ListCell   *lc;

	foreach(index_lc, rel->indexlist)
	{
		IndexOptInfo *index = lfirst_node(IndexOptInfo, index_lc);

		original_per_index = lappend(original_per_index, index->indrestrictinfo);
		index->indrestrictinfo = list_concat_copy(index->indrestrictinfo, extra);
	}
	rel->baserestrictinfo = list_concat_copy(original, extra);
	create_index_paths(root, rel);
	rel->baserestrictinfo = original;
	forboth(index_lc, rel->indexlist, lc, original_per_index)
		lfirst_node(IndexOptInfo, index_lc)->indrestrictinfo = (List *) lfirst(lc);
}

/*
 * A filter whose range is exact, and whose range conditions are all clauses
 * of the rel itself (the pruning rewrite put them there), holds for exactly
 * the rows those conditions hold for, and every scan of the rel applies
 * them: a sequential or bitmap scan as its filter, an index scan as index
 * conditions or filter.  So the filter itself is left out of the rel's
 * clauses, which the scans' filters are made from, and a row is tested once,
 * by the range.  Its estimate is already in the rel's (estimate_rows counts
 * it as 1 there).  Nothing less than that proof (a range that is not exact,
 * or one that only an index path holds) removes it.
 */
static void
drop_enforced_filters(RelOptInfo *rel, List *filters)
{
	ListCell   *lc;

	foreach(lc, filters)
	{
		NaturalFilter *nf = (NaturalFilter *) lfirst(lc);
		ListCell   *range_lc;
		ListCell   *index_lc;
		bool		all_in_rel = nf->replaces;

		foreach(range_lc, nf->ranges)
			all_in_rel &= list_member_ptr(rel->baserestrictinfo, lfirst(range_lc));
		if (!all_in_rel)
			continue;
		/* an index without a predicate shares the rel's list (check_index_predicates) */
		foreach(index_lc, rel->indexlist)
		{
			IndexOptInfo *index = lfirst_node(IndexOptInfo, index_lc);

			if (index->indrestrictinfo != rel->baserestrictinfo)
				index->indrestrictinfo = list_delete_ptr(index->indrestrictinfo, nf->rinfo);
		}
		rel->baserestrictinfo = list_delete_ptr(rel->baserestrictinfo, nf->rinfo);
	}
}

static void
uidx_set_rel_pathlist(PlannerInfo *root, RelOptInfo *rel, Index rti, RangeTblEntry *rte)
{
	List	   *filters;
	List	   *extra = NIL;

	if (prev_set_rel_pathlist_hook)
		prev_set_rel_pathlist_hook(root, rel, rti, rte);
	if (!uidx_time_filter_planning() || rte->rtekind != RTE_RELATION)
		return;
	if (rte->inh)
	{
		sum_member_rows(root, rel);
		return;
	}
	if ((rte->relkind != RELKIND_RELATION && rte->relkind != RELKIND_MATVIEW) ||
		(rel->reloptkind != RELOPT_BASEREL && rel->reloptkind != RELOPT_OTHER_MEMBER_REL) ||
		IS_DUMMY_REL(rel))
		return;

	filters = natural_filters(root, rel, &extra);
	uidx_estimate_probes_reset();
	if ((estimate_or_arms(root, rel) | estimate_key_ranges(root, rel, filters)) || filters != NIL)
		estimate_rows(root, rel, filters, extra);
	uidx_estimate_probes_reset();
	if (filters == NIL)
		return;
	if (rel->indexlist != NIL)
	{
		if (extra != NIL)
			plan_index_paths(root, rel, extra);
		enforce_in_paths(rel->pathlist, filters);
		enforce_in_paths(rel->partial_pathlist, filters);
	}
	drop_enforced_filters(rel, filters);
}

void
uidx_install_time_index_hook(void)
{
	prev_set_rel_pathlist_hook = set_rel_pathlist_hook;
	set_rel_pathlist_hook = uidx_set_rel_pathlist;
}
