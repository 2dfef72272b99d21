/*
 * clock.c -- the one clock every generator reads, and its test controls.
 *
 * Tests must be able to step the clock back, freeze it and jump it forward
 * (sql/clock_faults.sql).  That is done with two superuser-only settings
 * rather than a build flag, so the very binary users run is the one tested.
 * They cannot be left on unnoticed: every statement that reads the clock
 * while either is active gets a WARNING.
 */
#include "uidx.h"

#include <limits.h>
#include <time.h>

#include "miscadmin.h"
#include "utils/guc.h"
#include "access/xact.h"

#define NS_PER_MS INT64CONST(1000000)
/* µs between 1970-01-01 and PostgreSQL's epoch 2000-01-01 */
#define UNIX_TO_PG_EPOCH_US \
	((int64) (POSTGRES_EPOCH_JDATE - UNIX_EPOCH_JDATE) * USECS_PER_DAY)

static int	debug_clock_offset_ms = 0;
static bool debug_clock_freeze = false;
static int64 frozen_at_ns = 0;
static TimestampTz last_warned_statement = 0;

static int64
real_now_ns(void)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_REALTIME, &ts) != 0)
		elog(ERROR, "clock_gettime(CLOCK_REALTIME) failed: %m");
	return (int64) ts.tv_sec * INT64CONST(1000000000) + ts.tv_nsec;
}

static void
assign_debug_clock_freeze(bool newval, void *extra)
{
	if (newval && !debug_clock_freeze)
		frozen_at_ns = real_now_ns();
}

int64
uidx_now_unix_ns(void)
{
	int64		now;

	if (likely(debug_clock_offset_ms == 0 && !debug_clock_freeze))
		return real_now_ns();

	now = debug_clock_freeze ? frozen_at_ns : real_now_ns();
	now += (int64) debug_clock_offset_ms * NS_PER_MS;
	if (last_warned_statement != GetCurrentStatementStartTimestamp())
	{
		last_warned_statement = GetCurrentStatementStartTimestamp();
		ereport(WARNING,
				(errmsg("uidx is using a test clock"),
				 errdetail("uidx.debug_clock_offset_ms = %d, uidx.debug_clock_freeze = %s.",
						   debug_clock_offset_ms, debug_clock_freeze ? "on" : "off"),
				 errhint("These settings are for testing only: RESET them.")));
	}
	return now;
}

int64
uidx_timestamptz_to_unix_ms(TimestampTz ts, int64 min_ms, int64 max_ms,
							const char *type_name)
{
	int64		unix_us;
	int64		unix_ms;

	if (TIMESTAMP_NOT_FINITE(ts))
		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("timestamp out of range for type %s: infinite", type_name)));

	unix_us = ts + UNIX_TO_PG_EPOCH_US;
	/* floor, not truncation: 1969-12-31 23:59:59.9995 is ms -1 */
	unix_ms = unix_us / 1000 - (unix_us % 1000 < 0 ? 1 : 0);
	if (unix_ms < min_ms || unix_ms > max_ms)
	{
		/* timestamptz_to_str returns a static buffer: copy before the next call */
		char	   *min_text = pstrdup(timestamptz_to_str(uidx_unix_ms_to_timestamptz(min_ms)));
		char	   *max_text = pstrdup(timestamptz_to_str(uidx_unix_ms_to_timestamptz(max_ms)));

		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("timestamp out of range for type %s: \"%s\"",
						type_name, timestamptz_to_str(ts)),
				 errdetail("The type holds times from %s to %s.", min_text, max_text)));
	}
	return unix_ms;
}

TimestampTz
uidx_unix_ms_to_timestamptz(int64 unix_ms)
{
	return unix_ms * 1000 - UNIX_TO_PG_EPOCH_US;
}

void
uidx_define_clock_settings(void)
{
	DefineCustomIntVariable("uidx.debug_clock_offset_ms",
							"Shifts the clock uidx generators read, for tests only.",
							"Every statement that reads the clock while this is non-zero gets a WARNING.",
							&debug_clock_offset_ms,
							0, INT_MIN, INT_MAX,
							PGC_SUSET, GUC_NOT_IN_SAMPLE | GUC_UNIT_MS,
							NULL, NULL, NULL);
	DefineCustomBoolVariable("uidx.debug_clock_freeze",
							 "Stops the clock uidx generators read, for tests only.",
							 "The clock stands at the moment this was turned on (plus uidx.debug_clock_offset_ms).",
							 &debug_clock_freeze,
							 false,
							 PGC_SUSET, GUC_NOT_IN_SAMPLE,
							 NULL, assign_debug_clock_freeze, NULL);
}
