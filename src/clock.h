/*
 * clock.h -- the one clock every generator reads (clock.c)
 */
#ifndef UIDX_CLOCK_H
#define UIDX_CLOCK_H

#include "uidx.h"

/* server side only: the fuzz harnesses build the pure cores without it */
#ifndef UIDX_NO_POSTGRES

/* The one place generators read the time; tests can move it (see clock.c). */
extern int64 uidx_now_unix_ns(void);
/*
 * One reading of that clock as floor unix ms, and its fraction of that
 * millisecond in 1/2^fraction_bits ms (rounded down), for the generators that
 * order values within a millisecond (FORMATS.md §A2, §C).
 */
extern int64 uidx_now_unix_ms_fraction(int fraction_bits, uint32 *fraction);
/* floor(ts / 1 ms) since 1970; 22003 naming type_name outside [min_ms, max_ms] */
extern int64 uidx_timestamptz_to_unix_ms(TimestampTz ts, int64 min_ms,
										 int64 max_ms, const char *type_name);
extern TimestampTz uidx_unix_ms_to_timestamptz(int64 unix_ms);
extern void uidx_define_clock_settings(void);

#endif							/* UIDX_NO_POSTGRES */
#endif							/* UIDX_CLOCK_H */
