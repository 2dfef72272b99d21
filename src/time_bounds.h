/*
 * time_bounds.h -- a time filter as a range of its key (time_bounds.c)
 */
#ifndef UIDX_TIME_BOUNDS_H
#define UIDX_TIME_BOUNDS_H

#include "uidx.h"
#include "time_layout.h"

#ifndef UIDX_NO_POSTGRES
#include "nodes/pathnodes.h"
#include "nodes/primnodes.h"

/* `f(key) strategy other`, as uidx_match_time_filter found it in a clause */
typedef struct UidxTimeFilter
{
	OpExpr	   *clause;			/* the clause itself */
	FuncExpr   *call;			/* f(...) */
	const UidxTimeLayoutOids *layout;	/* f's row */
	Node	   *key;			/* f's argument, binary coercions stripped */
	int			strategy;		/* btree strategy, with f(...) on the left */
	Node	   *other;			/* the instant, as a timestamptz expression */
	bool		clause_needed;	/* other reads past a cast that can fail: the
								 * conditions never replace the clause */
} UidxTimeFilter;

/*
 * The smallest valid key whose field is at least `field` (upper = false),
 * or the largest whose field is at most `field` (upper = true); false where
 * there is none.
 */
extern bool uidx_time_key_bound(const UidxTimeLayout *layout, int64 field, bool upper,
								uint8 out[UIDX_LEN]);

/*
 * Whether `clause` compares a uidx time function of one argument with
 * another expression through the datetime btree family.  It looks at the
 * form only: whether the key is a column and the other side a constant of
 * the scan is the caller's to check.
 */
extern bool uidx_match_time_filter(Node *clause, UidxTimeFilter *filter);

/*
 * The conditions on `key` (the filter's key, or the same column as another
 * query level sees it) that the filter implies, in the key type's default
 * btree family; NIL where there are none (a key type whose order does not
 * read the field first, or a role that may not run what they call).
 * *exact: they hold for exactly the rows the filter holds for.
 *
 * While planning (root given), a condition that calls a function PUBLIC may
 * not run is made where the current role may run it, and the plan is marked
 * as that role's (root->glob->dependsOnRole).  Without root (before planning,
 * where there is no plan to mark) such a condition is not made.
 */
extern List *uidx_time_filter_conditions_for_plan(PlannerInfo *root,
												  const UidxTimeFilter *filter, Node *key,
												  bool *exact);
extern List *uidx_time_filter_conditions(const UidxTimeFilter *filter, Node *key,
										 bool *exact);


#endif							/* UIDX_NO_POSTGRES */
#endif							/* UIDX_TIME_BOUNDS_H */
