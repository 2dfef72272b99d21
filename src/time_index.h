/*
 * time_index.h -- index conditions for the time extraction functions (time_index.c)
 */
#ifndef UIDX_TIME_INDEX_H
#define UIDX_TIME_INDEX_H

#include "uidx.h"

/* server side only: the fuzz harnesses build the pure cores without it */
#ifndef UIDX_NO_POSTGRES

/*
 * The planner support request of a time function whose result is the
 * millisecond held big-endian in bytes [time_offset, time_offset + 6) since
 * epoch_unix_ms, where the index order compares those bytes first.
 */
extern Node *uidx_time_index_support(Node *rawreq, int time_offset, int64 epoch_unix_ms);
/* From _PG_init: makes index paths from what those support functions say. */
extern void uidx_install_time_index_hook(void);

#endif							/* UIDX_NO_POSTGRES */
#endif							/* UIDX_TIME_INDEX_H */
