/*
 * compat.h -- the differences between the server versions uidx is built for
 * (README "Supported servers": 15 to 19), each written once.  uidx.h
 * includes it right after postgres.h, so every server-side file has it; no
 * other file of src/ tests PG_VERSION_NUM.
 *
 * Every version difference the code guards, by the version that brought it,
 * and where the guard is:
 *
 * PostgreSQL 16
 *   - postgres.h no longer includes the varlena macros: varatt.h (below).
 *   - soft input errors: ereturn() and ErrorSaveContext (nodes/miscnodes.h);
 *     before 16 uidx passes a marker node of its own (below; UIDX_INPUT_ERROR
 *     in every input function, UidxSoftErrorContext in uidx_is_valid,
 *     bytes16.c).
 *   - pg_proc_aclcheck() became object_aclcheck() (time_bounds.c).
 *   - make_restrictinfo() gained has_clone and is_clone (time_index.c).
 *   - GUC string values are allocated with guc_strdup() and released with
 *     guc_free(), not strdup()/free() (below; clock.c).
 *   - PgStat_StatTabEntry's fields were renamed (changes_since_analyze
 *     became mod_since_analyze, vacuum_timestamp last_vacuum_time, and so
 *     on): UIDX_TABSTAT_* below; time_estimate.c.
 * PostgreSQL 17
 *   - MERGE's ON condition is Query.mergeJoinCondition, which the planner
 *     hook's rewrite must see (time_prune.c).
 * PostgreSQL 18
 *   - core has uuidv7(): uidx's SQL functions of that name call it
 *     (UIDX_CORE_HAS_UUIDV7 below; uuidv7.c).
 *   - the magic block names the module and its version, which
 *     pg_get_loaded_modules() shows: PG_MODULE_MAGIC_EXT (UIDX_MODULE_MAGIC
 *     below; module.c).
 *   - pg_noreturn is written before the declaration, not as an attribute
 *     after it (UIDX_NORETURN below; codec.h).
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

/* The versions that are built and tested: docs/upgrades.md "Supported servers and upgrades". */
#if PG_VERSION_NUM < 150000
#error "uidx needs PostgreSQL 15 or later"
#endif

#include "nodes/nodes.h"
#include "optimizer/planner.h"

/*
 * The fields of a table's cumulative statistics (pgstat.h's
 * PgStat_StatTabEntry) that time_estimate.c reads, by their PostgreSQL 16
 * names.
 */
#if PG_VERSION_NUM >= 160000
#define UIDX_TABSTAT_MOD_SINCE_ANALYZE(entry) ((entry)->mod_since_analyze)
#define UIDX_TABSTAT_VACUUM_TIME(entry) ((entry)->last_vacuum_time)
#define UIDX_TABSTAT_AUTOVACUUM_TIME(entry) ((entry)->last_autovacuum_time)
#define UIDX_TABSTAT_ANALYZE_TIME(entry) ((entry)->last_analyze_time)
#define UIDX_TABSTAT_AUTOANALYZE_TIME(entry) ((entry)->last_autoanalyze_time)
#else
#define UIDX_TABSTAT_MOD_SINCE_ANALYZE(entry) ((entry)->changes_since_analyze)
#define UIDX_TABSTAT_VACUUM_TIME(entry) ((entry)->vacuum_timestamp)
#define UIDX_TABSTAT_AUTOVACUUM_TIME(entry) ((entry)->autovac_vacuum_timestamp)
#define UIDX_TABSTAT_ANALYZE_TIME(entry) ((entry)->analyze_timestamp)
#define UIDX_TABSTAT_AUTOANALYZE_TIME(entry) ((entry)->autovac_analyze_timestamp)
#endif

/* From PostgreSQL 16 on, postgres.h no longer brings the varlena macros. */
#if PG_VERSION_NUM >= 160000
#include "varatt.h"
#endif

/*
 * Soft input errors (pg_input_is_valid) exist from PostgreSQL 16 on.  Before
 * that, uidx_is_valid() passes its own marker node as the context, and
 * uidx's input functions return instead of raising when they see it.  Either
 * way UidxSoftErrorContext is what a caller passes as fcinfo->context, set
 * up with UIDX_SOFT_ERROR_CONTEXT_INIT; error_occurred says whether the
 * input was rejected.
 */
#if PG_VERSION_NUM >= 160000
#include "nodes/miscnodes.h"

typedef ErrorSaveContext UidxSoftErrorContext;

#define UIDX_SOFT_ERROR_CONTEXT_INIT {T_ErrorSaveContext}

#define UIDX_INPUT_ERROR(fcinfo, ...) \
	ereturn((fcinfo)->context, (Datum) 0, __VA_ARGS__)
#else
typedef struct UidxSoftErrorContext
{
	NodeTag		type;			/* T_Invalid: never a real node */
	uint32		magic;			/* UIDX_SOFT_ERROR_MAGIC */
	bool		error_occurred;
} UidxSoftErrorContext;

#define UIDX_SOFT_ERROR_MAGIC 0x75696478	/* "uidx" */
#define UIDX_SOFT_ERROR_CONTEXT_INIT {T_Invalid, UIDX_SOFT_ERROR_MAGIC, false}

static inline bool
uidx_soft_error(Node *context)
{
	UidxSoftErrorContext *soft = (UidxSoftErrorContext *) context;

	if (soft == NULL || soft->type != T_Invalid || soft->magic != UIDX_SOFT_ERROR_MAGIC)
		return false;
	soft->error_occurred = true;
	return true;
}

#define UIDX_INPUT_ERROR(fcinfo, ...) \
	do { \
		if (uidx_soft_error((fcinfo)->context)) \
			return (Datum) 0; \
		ereport(ERROR, __VA_ARGS__); \
		pg_unreachable(); \
	} while (0)
#endif

/*
 * A GUC string setting's value: allocated with guc_strdup() and released
 * with guc_free() from PostgreSQL 16 on, with strdup() and free() before.
 * The copy is NULL when memory ran out.
 */
#if PG_VERSION_NUM >= 160000
#define uidx_guc_strdup(value)	guc_strdup(LOG, (value))
#define uidx_guc_free(ptr)		guc_free(ptr)
#else
#define uidx_guc_strdup(value)	strdup(value)
#define uidx_guc_free(ptr)		free(ptr)
#endif

/* Whether core has uuidv7() and uuidv7(interval) (PostgreSQL 18). */
#define UIDX_CORE_HAS_UUIDV7 (PG_VERSION_NUM >= 180000)

/*
 * The magic block.  On 18 and later it carries uidx's name and version, as
 * pg_get_loaded_modules() shows them; UIDX_VERSION is the Makefile's
 * EXTVERSION (PG_CPPFLAGS), the extension's default_version.
 */
#if PG_VERSION_NUM >= 180000
#define UIDX_MODULE_MAGIC PG_MODULE_MAGIC_EXT(.name = "uidx", .version = UIDX_VERSION)
#else
#define UIDX_MODULE_MAGIC PG_MODULE_MAGIC
#endif

/*
 * A function that never returns: pg_noreturn before the declaration from
 * PostgreSQL 18 on; before, the same attribute, which GCC and Clang also
 * take in front of a declaration.
 */
#if PG_VERSION_NUM >= 180000
#define UIDX_NORETURN pg_noreturn
#else
#define UIDX_NORETURN pg_attribute_noreturn()
#endif

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

/*
 * The hook that sees each new base relation of a query level, right after
 * its catalog information is read: get_relation_info_hook until PostgreSQL
 * 18, build_simple_rel_hook (called at that point for every kind of base
 * relation) from 19 on.  UIDX_REL_HOOK_OF_TABLE is true when the relation
 * is a table, which is all that the older hook is called for.
 */
#if PG_VERSION_NUM >= 190000
#define UIDX_REL_HOOK_TYPE build_simple_rel_hook_type
#define UIDX_REL_HOOK build_simple_rel_hook
#define UIDX_REL_HOOK_ARGS PlannerInfo *root, RelOptInfo *rel, RangeTblEntry *rte
#define UIDX_REL_HOOK_CALL_ARGS root, rel, rte
#define UIDX_REL_HOOK_OF_TABLE (rte->rtekind == RTE_RELATION)
#else
#define UIDX_REL_HOOK_TYPE get_relation_info_hook_type
#define UIDX_REL_HOOK get_relation_info_hook
#define UIDX_REL_HOOK_ARGS PlannerInfo *root, Oid relationObjectId, bool inhparent, RelOptInfo *rel
#define UIDX_REL_HOOK_CALL_ARGS root, relationObjectId, inhparent, rel
#define UIDX_REL_HOOK_OF_TABLE true
#endif

/*
 * An index scan for the planner's probe of a key's actual end
 * (time_estimate.c): index_beginscan() gained an instrumentation argument in
 * PostgreSQL 18, and scan options (SO_NONE, as selfuncs.c's own probe
 * passes) in 19.
 */
#if PG_VERSION_NUM >= 190000
#define uidx_index_beginscan(heap, index, snapshot, nkeys) \
	index_beginscan((heap), (index), (snapshot), NULL, (nkeys), 0, SO_NONE)
#elif PG_VERSION_NUM >= 180000
#define uidx_index_beginscan(heap, index, snapshot, nkeys) \
	index_beginscan((heap), (index), (snapshot), NULL, (nkeys), 0)
#else
#define uidx_index_beginscan(heap, index, snapshot, nkeys) \
	index_beginscan((heap), (index), (snapshot), (nkeys), 0)
#endif

/*
 * The same probe's reading of a btree's end leaf page and of the row its end
 * entry names: _bt_get_endpoint() lost its snapshot argument with "snapshot
 * too old" in PostgreSQL 17, and table_index_fetch_begin() gained scan
 * options in 19.
 */
#if PG_VERSION_NUM >= 170000
#define uidx_bt_get_endpoint(index, rightmost, snapshot) \
	_bt_get_endpoint((index), 0, (rightmost))
#else
#define uidx_bt_get_endpoint(index, rightmost, snapshot) \
	_bt_get_endpoint((index), 0, (rightmost), (snapshot))
#endif
#if PG_VERSION_NUM >= 190000
#define uidx_index_fetch_begin(heap) table_index_fetch_begin((heap), SO_NONE)
#else
#define uidx_index_fetch_begin(heap) table_index_fetch_begin(heap)
#endif

#endif							/* UIDX_COMPAT_H */
