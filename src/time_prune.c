/*
 * time_prune.c -- time filters that prune partitions (docs/partitioning.md
 * "Time filters that prune partitions").
 *
 * May touch: the query tree handed to the planner hook, only by appending
 * conditions to an AND list that already holds the clause they come from,
 * and the finished PlannedStmt's dependsOnRole.  It removes nothing, and
 * it never edits a plan.
 *
 * PostgreSQL prunes a partitioned table from conditions on its partition
 * key in the key's btree family, before any per-partition planning begins.
 * So before planning, each `f(key) op c` conjunct of a WHERE or JOIN ... ON
 * list, where key is a column of a partitioned table (also as a view or a
 * subquery in FROM shows it), gains the range of keys it implies
 * (time_bounds.c) in the same list.  The list means what it meant, since
 * the clause implies the range; PostgreSQL prunes with it at plan time for
 * constants and at executor start for parameters and stable expressions
 * such as now().  Its row estimate is the clause's own (time_index.c).
 */
#include "uidx.h"
#include "compat.h"
#include "time_bounds.h"
#include "time_index.h"

#include "access/xact.h"
#include "catalog/pg_class_d.h"
#include "nodes/makefuncs.h"
#include "nodes/nodeFuncs.h"
#include "optimizer/optimizer.h"
#include "optimizer/planner.h"
#include "parser/parsetree.h"
#include "rewrite/rewriteManip.h"
#include "utils/guc.h"

bool		uidx_time_filter_rewrite = true;

static planner_hook_type prev_planner_hook = NULL;

/*
 * Is `expr` (under binary coercions) a column of a partitioned table, as
 * seen from `query`: directly, or as a column of a subquery or view in its
 * FROM whose output that column is?
 */
static bool
is_partitioned_column(Node *expr, Query *query)
{
	Var		   *var;
	RangeTblEntry *rte;

	while (expr && IsA(expr, RelabelType))
		expr = (Node *) ((RelabelType *) expr)->arg;
	if (expr == NULL || !IsA(expr, Var))
		return false;
	var = (Var *) expr;
	if (var->varlevelsup != 0 || var->varattno <= 0 ||
		var->varno < 1 || var->varno > list_length(query->rtable))
		return false;
	rte = rt_fetch(var->varno, query->rtable);
	if (rte->rtekind == RTE_RELATION)
		return rte->relkind == RELKIND_PARTITIONED_TABLE;
	if (rte->rtekind == RTE_SUBQUERY && var->varattno <= list_length(rte->subquery->targetList))
	{
		TargetEntry *tle = list_nth_node(TargetEntry, rte->subquery->targetList,
										 var->varattno - 1);

		/* a set operation's output columns are no one table's */
		return rte->subquery->setOperations == NULL &&
			is_partitioned_column((Node *) tle->expr, rte->subquery);
	}
	return false;
}

/* Is `expr` free of what no pruning step can evaluate? */
static bool
is_prunable_value(Node *expr)
{
	return !contain_var_clause(expr) && !contain_volatile_functions(expr) &&
		!checkExprHasSubLink(expr) && !contain_aggs_of_level(expr, 0) &&
		!contain_windowfuncs(expr);
}

/* The conditions one conjunct implies, appended to *derived */
static void
derive_from_clause(Node *node, Query *query, List **derived)
{
	UidxTimeFilter filter;
	List	   *conditions;
	ListCell   *lc;
	bool		exact;

	if (!uidx_match_time_filter(node, &filter) || !is_prunable_value(filter.other) ||
		!is_partitioned_column(filter.key, query))
		return;
	conditions = uidx_time_filter_conditions(&filter, filter.key, &exact);
	foreach(lc, conditions)
		if (!list_member(*derived, lfirst(lc)))
			*derived = lappend(*derived, lfirst(lc));
}

/* Conjuncts of a qual, looking into nested ANDs (BETWEEN is one) */
static void
derive_from_quals(Node *quals, Query *query, List **derived)
{
	if (quals == NULL)
		return;
	if (is_andclause(quals))
	{
		ListCell   *lc;

		foreach(lc, ((BoolExpr *) quals)->args)
			derive_from_quals(lfirst(lc), query, derived);
	}
	else
		derive_from_clause(quals, query, derived);
}

/* The qual, with the conditions it implies and does not already hold added */
static Node *
add_pruning_conditions(Node *quals, Query *query)
{
	List	   *derived = NIL;
	List	   *conjuncts;
	ListCell   *lc;

	derive_from_quals(quals, query, &derived);
	if (derived == NIL)
		return quals;
	conjuncts = is_andclause(quals) ? ((BoolExpr *) quals)->args : list_make1(quals);
	foreach(lc, derived)
		if (!list_member(conjuncts, lfirst(lc)))
			conjuncts = lappend(conjuncts, lfirst(lc));
	if (is_andclause(quals))
	{
		((BoolExpr *) quals)->args = conjuncts;
		return quals;
	}
	return (Node *) make_andclause(conjuncts);
}

static bool rewrite_walker(Node *node, void *context);

static void
rewrite_jointree(Node *node, Query *query)
{
	ListCell   *lc;

	if (node == NULL)
		return;
	if (IsA(node, FromExpr))
	{
		FromExpr   *from = (FromExpr *) node;

		foreach(lc, from->fromlist)
			rewrite_jointree(lfirst(lc), query);
		from->quals = add_pruning_conditions(from->quals, query);
	}
	else if (IsA(node, JoinExpr))
	{
		JoinExpr   *join = (JoinExpr *) node;

		rewrite_jointree(join->larg, query);
		rewrite_jointree(join->rarg, query);
		join->quals = add_pruning_conditions(join->quals, query);
	}
}

static void
rewrite_query(Query *query)
{
	if (query->commandType == CMD_UTILITY)
		return;
	rewrite_jointree((Node *) query->jointree, query);
#if PG_VERSION_NUM >= 170000
	/* MERGE's ON condition, which the planner moves into the join itself */
	query->mergeJoinCondition = add_pruning_conditions(query->mergeJoinCondition, query);
#endif
	/* subqueries in FROM, CTEs and sublinks */
	query_tree_walker(query, rewrite_walker, NULL, 0);
}

static bool
rewrite_walker(Node *node, void *context)
{
	if (node == NULL)
		return false;
	if (IsA(node, Query))
	{
		rewrite_query((Query *) node);
		return false;
	}
	return expression_tree_walker(node, rewrite_walker, context);
}

static PlannedStmt *
uidx_planner(UIDX_PLANNER_ARGS)
{
	bool		outer_checked = uidx_plan_checked_privileges;
	PlannedStmt *stmt;

	uidx_plan_checked_privileges = false;
	PG_TRY();
	{
		if (uidx_time_filter_rewrite && parse->commandType != CMD_UTILITY &&
			IsTransactionState() && OidIsValid(uidx_extension_oid()))
			rewrite_query(parse);
		if (prev_planner_hook)
			stmt = prev_planner_hook(UIDX_PLANNER_CALL_ARGS);
		else
			stmt = standard_planner(UIDX_PLANNER_CALL_ARGS);

		/*
		 * Conditions made or left out on privileges PUBLIC lacks
		 * (time_bounds.c) make the plan the current role's: a cached plan
		 * is not used after SET ROLE, as under row-level security.
		 */
		if (uidx_plan_checked_privileges)
			stmt->dependsOnRole = true;
	}
	PG_FINALLY();
	{
		uidx_plan_checked_privileges = outer_checked;
	}
	PG_END_TRY();
	return stmt;
}

void
uidx_install_time_filter_hooks(void)
{
	DefineCustomBoolVariable("uidx.time_filter_rewrite",
							 "Lets time filters on uidx keys prune partitions and use indexes.",
							 "Off, `f(id) >= t` scans every partition and uses no index on id (README \"Time filters that prune partitions\").",
							 &uidx_time_filter_rewrite,
							 true,
							 PGC_USERSET,
							 0,
							 NULL, NULL, NULL);
	prev_planner_hook = planner_hook;
	planner_hook = uidx_planner;
	uidx_install_time_index_hook();
}
