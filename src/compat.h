/*
 * compat.h -- the differences between the server versions uidx is built for
 * (README "Supported servers": 15 to 19) that need more than an #include,
 * each written once.
 *
 * Every version difference the code guards, by the version that brought it,
 * and where the guard is:
 *
 * PostgreSQL 16
 *   - postgres.h no longer includes the varlena macros: varatt.h (uidx.h).
 *   - soft input errors: ereturn() and ErrorSaveContext (nodes/miscnodes.h);
 *     before 16 uidx passes a marker node of its own (uidx.h, uidx.c).
 *   - pg_proc_aclcheck() became object_aclcheck() (time_bounds.c).
 *   - make_restrictinfo() gained has_clone and is_clone (time_index.c).
 *   - GUC string values are allocated with guc_strdup() and released with
 *     guc_free(), not strdup()/free() (clock.c).
 * PostgreSQL 17
 *   - MERGE's ON condition is Query.mergeJoinCondition, which the planner
 *     hook's rewrite must see (time_prune.c).
 * PostgreSQL 18
 *   - core has uuidv7(): uidx's SQL functions of that name call it (uuidv7.c).
 *   - pg_noreturn is written before the declaration, not as an attribute
 *     after it (codec.h).
 * PostgreSQL 19
 *   - planner_hook_type and standard_planner() take a fifth argument,
 *     ExplainState *es (below; time_prune.c's planner hook).
 *   - fewer headers are included indirectly: every file includes what it
 *     uses (access/htup_details.h for heap_form_tuple() and GETSTRUCT() in
 *     inspect.c and time_estimate.c), which is right on every version, so
 *     needs no guard.
 *   - VARSIZE_ANY_EXHDR() and VARDATA_ANY() are functions of const void *:
 *     uidx passes them pointers only, so needs no guard.
 *   - C11 is required: uidx is plain C11.
 *   - core has casts between uuid and bytea: uidx defines none, and must not
 *     (one would make pg_upgrade to 19 fail); sql/uuid_interop.sql checks.
 *
 * The SQL scripts and tests compare server_version_num only where core
 * gained a function uidx otherwise provides (uuidv7 and uuid_extract_* in
 * 18, among them); those are behaviour, not C API, and are not listed here.
 */
#ifndef UIDX_COMPAT_H
#define UIDX_COMPAT_H

#include "uidx.h"

#include "optimizer/planner.h"

/*
 * A planner hook's parameter list, and the arguments that pass it on to the
 * previous hook or standard_planner().  From PostgreSQL 19 on both carry the
 * ExplainState of an EXPLAIN (NULL otherwise).
 */
#if PG_VERSION_NUM >= 190000
#define UIDX_PLANNER_ARGS \
	Query *parse, const char *query_string, int cursorOptions, \
	ParamListInfo boundParams, ExplainState *es
#define UIDX_PLANNER_CALL_ARGS \
	parse, query_string, cursorOptions, boundParams, es
#else
#define UIDX_PLANNER_ARGS \
	Query *parse, const char *query_string, int cursorOptions, \
	ParamListInfo boundParams
#define UIDX_PLANNER_CALL_ARGS \
	parse, query_string, cursorOptions, boundParams
#endif

/* ---------------------------------------------------------------------------
 * The planner layer (time_*.c): the version differences its files meet, each
 * as one macro, so that none of them tests PG_VERSION_NUM itself.
 * ------------------------------------------------------------------------- */

/* (each macro expands where its file includes the headers of what it calls) */

/*
 * A condition of the one base relation `relids`, pushed down, not an outer
 * join's: make_restrictinfo() gained has_clone and is_clone in PostgreSQL 16.
 */
#if PG_VERSION_NUM >= 160000
#define uidx_make_base_restrictinfo(root, clause, security_level, relids) \
	make_restrictinfo((root), (clause), true, false, false, false, (security_level), \
					  (relids), NULL, NULL)
#else
#define uidx_make_base_restrictinfo(root, clause, security_level, relids) \
	make_restrictinfo((root), (clause), true, false, false, (security_level), \
					  (relids), NULL, NULL)
#endif

/* EXECUTE on a function for a role: object_aclcheck() from PostgreSQL 16 on */
#if PG_VERSION_NUM >= 160000
#define uidx_proc_aclcheck(proc, role, mode) \
	object_aclcheck(ProcedureRelationId, (proc), (role), (mode))
#else
#define uidx_proc_aclcheck(proc, role, mode) pg_proc_aclcheck((proc), (role), (mode))
#endif

/*
 * MERGE's ON condition: Query.mergeJoinCondition from PostgreSQL 17 on (before,
 * the planner found it in the join tree, where the rewrite sees it anyway).
 */
#if PG_VERSION_NUM >= 170000
#define UIDX_HAVE_MERGE_JOIN_CONDITION 1
#endif

#endif							/* UIDX_COMPAT_H */
