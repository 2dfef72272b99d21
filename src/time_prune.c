/*
 * time_prune.c -- time filters that prune partitions (docs/partitioning.md
 * "Time filters that prune partitions").
 *
 * May touch: the query tree handed to the planner hook, and a query level's
 * prepared quals in the get_relation_info hook of its first base relation
 * (before PostgreSQL distributes them) or, where a UNION ALL's branches come
 * first, the RestrictInfos of their append rel (before its members copy
 * them), only by appending conditions to an AND list that already holds the
 * clause they come from; and, through
 * time_bounds.c, the plan's dependsOnRole (root->glob) where a condition
 * needed a privilege PUBLIC lacks.  It removes nothing, and it never edits a
 * plan.
 *
 * PostgreSQL prunes a partitioned table from conditions on its partition
 * key in the key's btree family, before any per-partition planning begins.
 * So before planning, each `f(key) op c` conjunct of a WHERE or JOIN ... ON
 * list, where key is a column of a partitioned table (also as a view or a
 * subquery or a UNION branch in FROM shows it), gains the range of keys it implies
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
#include "optimizer/pathnode.h"
#include "optimizer/plancat.h"
#include "optimizer/planner.h"
#include "optimizer/restrictinfo.h"
#include "parser/parsetree.h"
#include "rewrite/rewriteManip.h"
#include "utils/guc.h"

bool		uidx_time_filter_rewrite = true;

static planner_hook_type prev_planner_hook = NULL;
static UIDX_REL_HOOK_TYPE prev_rel_hook = NULL;

/* the query level whose planned quals have their conditions (see below) */
static PlannerInfo *rewritten_root = NULL;

/*
 * Whether uidx_planner is planning a statement it rewrote (the rewrite on,
 * uidx installed): the second pass and time_index.c's hook act only then, so
 * that a query planned while uidx loads (its planner hook did not see it, and
 * its other hooks come in halfway) is planned by PostgreSQL alone, all of it.
 */
static bool in_uidx_planner = false;

static bool is_partitioned_output(Query *subquery, AttrNumber attno);
static bool is_inlinable_cte_output(const char *ctename, Query *query, AttrNumber attno);
static bool is_partitioned_setop_output(Node *setop, Query *query, AttrNumber attno);

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
	if (rte->rtekind == RTE_SUBQUERY)
		return is_partitioned_output(rte->subquery, var->varattno);
	if (rte->rtekind == RTE_CTE && rte->ctelevelsup == 0 && !rte->self_reference)
		return is_inlinable_cte_output(rte->ctename, query, var->varattno);
	return false;
}

/*
 * A WITH query that PostgreSQL will inline into its one reference (a plain
 * SELECT, referenced once, not MATERIALIZED or recursive) is a FROM subquery
 * by then, and a condition on its output reaches its tables as a subquery's
 * does (docs/partitioning.md "Query shapes").  Any other CTE is scanned as it
 * is, where the condition only filters.
 */
static bool
is_inlinable_cte_output(const char *ctename, Query *query, AttrNumber attno)
{
	ListCell   *lc;

	foreach(lc, query->cteList)
	{
		CommonTableExpr *cte = lfirst_node(CommonTableExpr, lc);

		if (strcmp(cte->ctename, ctename) != 0)
			continue;
		return !cte->cterecursive && cte->cterefcount == 1 &&
			cte->ctematerialized != CTEMaterializeAlways &&
			IsA(cte->ctequery, Query) &&
			((Query *) cte->ctequery)->commandType == CMD_SELECT &&
			is_partitioned_output((Query *) cte->ctequery, attno);
	}
	return false;
}

/*
 * Is output column `attno` of `subquery` a column of a partitioned table,
 * where PostgreSQL can take a condition on it into the subquery?  Not past a
 * LIMIT or OFFSET (OFFSET 0 is the fence users write), which PostgreSQL
 * neither pulls up nor pushes a condition into; a UNION (ALL) or INTERSECT
 * takes it into every branch, so one branch that shows a partitioned key is
 * enough; an EXCEPT takes none.
 */
static bool
is_partitioned_output(Query *subquery, AttrNumber attno)
{
	if (subquery->limitOffset != NULL || subquery->limitCount != NULL ||
		attno > list_length(subquery->targetList))
		return false;
	if (subquery->setOperations != NULL)
		return is_partitioned_setop_output(subquery->setOperations, subquery, attno);
	return is_partitioned_column((Node *) list_nth_node(TargetEntry, subquery->targetList,
														attno - 1)->expr,
								 subquery);
}

static bool
is_partitioned_setop_output(Node *setop, Query *query, AttrNumber attno)
{
	if (IsA(setop, RangeTblRef))
	{
		RangeTblEntry *leaf = rt_fetch(((RangeTblRef *) setop)->rtindex, query->rtable);

		return leaf->rtekind == RTE_SUBQUERY && is_partitioned_output(leaf->subquery, attno);
	}
	if (IsA(setop, SetOperationStmt))
	{
		SetOperationStmt *op = (SetOperationStmt *) setop;

		return op->op != SETOP_EXCEPT &&
			(is_partitioned_setop_output(op->larg, query, attno) ||
			 is_partitioned_setop_output(op->rarg, query, attno));
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

/*
 * The conditions one conjunct implies, appended to *derived; `root` is the
 * level being planned, NULL before planning (time_bounds.h).
 */
static void
derive_from_clause(PlannerInfo *root, Node *node, Query *query, List **derived)
{
	UidxTimeFilter filter;
	List	   *conditions;
	ListCell   *lc;
	bool		exact;

	if (!uidx_match_time_filter(node, &filter) || !is_prunable_value(filter.other) ||
		!is_partitioned_column(filter.key, query))
		return;
	conditions = uidx_time_filter_conditions_for_plan(root, &filter, filter.key, &exact);
	foreach(lc, conditions)
		if (!list_member(*derived, lfirst(lc)))
			*derived = lappend(*derived, lfirst(lc));
}

/* Conjuncts of a qual, looking into nested ANDs (BETWEEN is one) */
static void
derive_from_quals(PlannerInfo *root, Node *quals, Query *query, List **derived)
{
	if (quals == NULL)
		return;
	if (is_andclause(quals))
	{
		ListCell   *lc;

		foreach(lc, ((BoolExpr *) quals)->args)
			derive_from_quals(root, lfirst(lc), query, derived);
	}
	else
		derive_from_clause(root, quals, query, derived);
}

static List *add_pruning_conditions_to_list(PlannerInfo *root, List *quals, Query *query);

/*
 * The qual, with the conditions it implies and does not already hold added
 * (an implicit-AND list where the planner has prepared it)
 */
static Node *
add_pruning_conditions(PlannerInfo *root, Node *quals, Query *query)
{
	List	   *derived = NIL;
	List	   *conjuncts;
	ListCell   *lc;

	if (quals != NULL && IsA(quals, List))
		return (Node *) add_pruning_conditions_to_list(root, (List *) quals, query);
	derive_from_quals(root, quals, query, &derived);
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

/*
 * An implicit-AND list of planned quals, with the conditions it implies and
 * does not already hold appended.
 */
static List *
add_pruning_conditions_to_list(PlannerInfo *root, List *quals, Query *query)
{
	List	   *derived = NIL;
	ListCell   *lc;

	foreach(lc, quals)
		derive_from_quals(root, lfirst(lc), query, &derived);
	foreach(lc, derived)
		if (!list_member(quals, lfirst(lc)))
			quals = lappend(quals, lfirst(lc));
	return quals;
}

static bool rewrite_walker(Node *node, void *context);

static void
rewrite_jointree(PlannerInfo *root, Node *node, Query *query)
{
	ListCell   *lc;

	if (node == NULL)
		return;
	if (IsA(node, FromExpr))
	{
		FromExpr   *from = (FromExpr *) node;

		foreach(lc, from->fromlist)
			rewrite_jointree(root, lfirst(lc), query);
		from->quals = add_pruning_conditions(root, from->quals, query);
	}
	else if (IsA(node, JoinExpr))
	{
		JoinExpr   *join = (JoinExpr *) node;

		rewrite_jointree(root, join->larg, query);
		rewrite_jointree(root, join->rarg, query);
		join->quals = add_pruning_conditions(root, join->quals, query);
	}
}

static void
rewrite_query(Query *query)
{
	if (query->commandType == CMD_UTILITY)
		return;
	rewrite_jointree(NULL, (Node *) query->jointree, query);
#ifdef UIDX_HAVE_MERGE_JOIN_CONDITION
	/* MERGE's ON condition, which the planner moves into the join itself */
	query->mergeJoinCondition = add_pruning_conditions(NULL, query->mergeJoinCondition, query);
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

/*
 * The quals of one query level as the planner has prepared them: SQL
 * functions inlined, CTEs inlined, views and subqueries pulled up, sub-selects
 * turned into parameters of init plans, each qual list and each policy's or
 * security barrier's level an implicit-AND list.  The planner prepares a
 * condition once, so what is added here is added in prepared form (every one
 * of them is: time_bounds.c makes operators with their function and no
 * sublinks).
 */
static void
rewrite_planned_query(PlannerInfo *root)
{
	Query	   *query = root->parse;
	ListCell   *lc;

	rewrite_jointree(root, (Node *) query->jointree, query);
	/* a policy's conditions at its own security level, each level one list */
	foreach(lc, query->rtable)
	{
		RangeTblEntry *rte = lfirst_node(RangeTblEntry, lc);
		ListCell   *level;

		foreach(level, rte->securityQuals)
			if (IsA(lfirst(level), List))
				lfirst(level) = add_pruning_conditions_to_list(root, lfirst(level), query);
	}
}

/*
 * A UNION ALL in FROM (a subquery, a view, an inlined WITH query) becomes an
 * append rel whose members are its branches' tables.  Where the level has
 * no table of its own, get_relation_info first runs for such a member, after
 * PostgreSQL has given the level's quals to the append rel as its
 * RestrictInfos: the hook below is too late for the quals themselves.  But
 * build_simple_rel copies the append rel's RestrictInfos to each member
 * right after this hook, before a partitioned member is pruned, so the
 * conditions go there (once; the members after the first find them).
 */
static void
add_pruning_conditions_to_union(PlannerInfo *root, RelOptInfo *rel)
{
	AppendRelInfo *appinfo;
	RelOptInfo *parent;
	List	   *added = NIL;
	ListCell   *lc;

	if (root->append_rel_array == NULL ||
		(appinfo = root->append_rel_array[rel->relid]) == NULL ||
		(parent = root->simple_rel_array[appinfo->parent_relid]) == NULL ||
		parent->reloptkind != RELOPT_BASEREL ||
		planner_rt_fetch(parent->relid, root)->rtekind != RTE_SUBQUERY)
		return;
	foreach(lc, parent->baserestrictinfo)
	{
		RestrictInfo *rinfo = lfirst_node(RestrictInfo, lc);
		List	   *derived = NIL;
		ListCell   *cond_lc;

		if (rinfo->pseudoconstant)
			continue;
		derive_from_clause(root, (Node *) rinfo->clause, root->parse, &derived);
		foreach(cond_lc, derived)
		{
			Expr	   *cond = (Expr *) lfirst(cond_lc);
			ListCell   *have;
			bool		found = false;

			foreach(have, parent->baserestrictinfo)
				found |= equal(lfirst_node(RestrictInfo, have)->clause, cond);
			foreach(have, added)
				found |= equal(lfirst_node(RestrictInfo, have)->clause, cond);
			if (!found)
				added = lappend(added,
								uidx_make_base_restrictinfo(root, cond, rinfo->security_level,
															parent->relids));
		}
	}
	parent->baserestrictinfo = list_concat(parent->baserestrictinfo, added);
}

/*
 * get_relation_info runs for each base relation of a query level after the
 * planner has prepared that level's quals and before it hands them to the
 * relations (query_planner: add_base_rels_to_query, then
 * deconstruct_jointree), which is where PostgreSQL prunes.  So the first
 * call of a level adds the conditions there, where the forms that the planner
 * hook cannot see have become plain filters on the table's key: an inlined
 * SQL function, a WITH query, a policy's USING clause, a sub-select (then a
 * parameter that PostgreSQL prunes with while the query runs).  Partitions
 * and other member relations come later, and are skipped.
 */
static void
uidx_get_relation_info(UIDX_REL_HOOK_ARGS)
{
	if (prev_rel_hook)
		prev_rel_hook(UIDX_REL_HOOK_CALL_ARGS);
	if (!UIDX_REL_HOOK_OF_TABLE ||
		!uidx_time_filter_planning() || root->parse == NULL || root->parse->jointree == NULL ||
		root->parse->commandType == CMD_UTILITY)
		return;
	if (rel->reloptkind == RELOPT_OTHER_MEMBER_REL)
	{
		add_pruning_conditions_to_union(root, rel);
		return;
	}
	if (rel->reloptkind != RELOPT_BASEREL || root == rewritten_root)
		return;
	rewritten_root = root;
	rewrite_planned_query(root);
}

static PlannedStmt *
uidx_planner(UIDX_PLANNER_ARGS)
{
	PlannerInfo *outer_root = rewritten_root;
	bool		outer_in_planner = in_uidx_planner;
	PlannedStmt *stmt;

	rewritten_root = NULL;
	in_uidx_planner = uidx_time_filter_rewrite && parse->commandType != CMD_UTILITY &&
		IsTransactionState() && OidIsValid(uidx_extension_oid());
	PG_TRY();
	{
		if (in_uidx_planner)
			rewrite_query(parse);
		if (prev_planner_hook)
			stmt = prev_planner_hook(UIDX_PLANNER_CALL_ARGS);
		else
			stmt = standard_planner(UIDX_PLANNER_CALL_ARGS);
	}
	PG_FINALLY();
	{
		rewritten_root = outer_root;
		in_uidx_planner = outer_in_planner;
	}
	PG_END_TRY();
	return stmt;
}

bool
uidx_time_filter_planning(void)
{
	return in_uidx_planner && uidx_time_filter_rewrite;
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
	prev_rel_hook = UIDX_REL_HOOK;
	UIDX_REL_HOOK = uidx_get_relation_info;
	uidx_install_time_index_hook();
}
