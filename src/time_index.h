/*
 * time_index.h -- the planner layer of time filters: index conditions and
 * estimates (time_index.c, time_estimate.c), partition pruning
 * (time_prune.c)
 */
#ifndef UIDX_TIME_INDEX_H
#define UIDX_TIME_INDEX_H

#include "uidx.h"

/* server side only: the fuzz harnesses build the pure cores without it */
#ifndef UIDX_NO_POSTGRES
#include "nodes/pathnodes.h"

/* uidx.time_filter_rewrite: whether the planner layer does anything */
extern bool uidx_time_filter_rewrite;

/*
 * Whether the statement being planned is one uidx's planner hook rewrote
 * (time_prune.c): the rewrite is on, uidx is installed, and the hook saw the
 * statement from its start.  The other hooks act only then.
 */
extern bool uidx_time_filter_planning(void);

/* From _PG_init: the setting, the planner hook and the set_rel_pathlist hook. */
extern void uidx_install_time_filter_hooks(void);
extern void uidx_install_time_index_hook(void);

/*
 * Caches in `range` (a `key >= bound` or `key <= bound` condition that
 * time_bounds.c made) the fraction of the key column's rows it holds, from
 * the column's histogram read as times.  With a time function (on a column
 * that can hold other layouts), only values for which it is not NULL count.
 * Leaves it alone where the bound is not known at plan time or the column
 * has no statistics.
 */
extern void uidx_estimate_range(PlannerInfo *root, RestrictInfo *range, Oid time_function);

/*
 * The fraction of the key column's rows that all of `ranges` (such
 * conditions on one key, of one layout) hold, as one interval of times;
 * -1 where a bound is not known at plan time or there are no statistics.
 */
extern double uidx_estimate_ranges(PlannerInfo *root, List *ranges, Oid time_function);

/*
 * Forgets the key ends read from an index (time_estimate.c), which the
 * estimates of one rel share: called as the set_rel_pathlist hook starts
 * and ends.
 */
extern void uidx_estimate_probes_reset(void);

#endif							/* UIDX_NO_POSTGRES */
#endif							/* UIDX_TIME_INDEX_H */
