/*
 * clock.c -- the one clock every generator reads, and its test controls.
 *
 * Tests must be able to step the clock back, freeze it, jump it forward
 * and move it by an exact amount per reading (sql/clock_faults.sql,
 * sql/iuid.sql).  That is done with superuser-only settings rather than a
 * build flag, so the very binary users run is the one tested.  They cannot
 * be left on unnoticed: every statement that reads the clock while the
 * offset or the freeze is active gets a WARNING.
 *
 * The one build flag, UIDX_CLOCK_GRAIN_NS, coarsens the real clock instead
 * (test/README.md "Testing"): built with it, the whole suite runs against a
 * clock that ticks only every N ns, as on a machine whose clock is coarse or
 * whose backends are slow, so that no result may depend on how many calls
 * fall into one tick.
 */
#include "uidx.h"
#include "clock.h"

#include <limits.h>
#include <time.h>

#include "access/xact.h"
#include "common/int.h"
#include "miscadmin.h"
#include "utils/builtins.h"
#include "utils/guc.h"

/* µs between 1970-01-01 and PostgreSQL's epoch 2000-01-01 (layout.h) */
StaticAssertDecl(UIDX_PG_EPOCH_UNIX_US ==
				 (int64) (POSTGRES_EPOCH_JDATE - UNIX_EPOCH_JDATE) * USECS_PER_DAY,
				 "layout.h's PostgreSQL epoch is the server's");

static int	debug_clock_offset_ms = 0;
static int	debug_clock_step_ns = 0;
static bool debug_clock_freeze = false;
static int64 frozen_at_ns = 0;
static TimestampTz last_warned_statement = 0;

/*
 * uidx.debug_clock_freeze reads as a boolean, but its stored value is
 * "off" or "on@<unix ns>": the instant the clock stands at travels with the
 * value.  Parallel workers get the leader's settings as these stored
 * strings, so they stand at the leader's instant rather than at their own
 * start; and SET LOCAL or a rollback restores the instant frozen before.
 */
static char *debug_clock_freeze_text = NULL;

#define FROZEN_PREFIX "on@"

#if defined(UIDX_CLOCK_GRAIN_NS) && (UIDX_CLOCK_GRAIN_NS) < 1
#error "UIDX_CLOCK_GRAIN_NS must be a positive number of nanoseconds"
#endif

static int64
real_now_ns(void)
{
	struct timespec ts;
	int64		ns;

	if (clock_gettime(CLOCK_REALTIME, &ts) != 0)
		elog(ERROR, "clock_gettime(CLOCK_REALTIME) failed: %m");
	ns = (int64) ts.tv_sec * UIDX_NS_PER_S + ts.tv_nsec;
#ifdef UIDX_CLOCK_GRAIN_NS
	/* a coarse clock for tests: the grain's start (the clock is past 1970) */
	ns -= ns % (int64) (UIDX_CLOCK_GRAIN_NS);
#endif
	return ns;
}

/* "on@<ns>" -> true and the instant; anything else -> false */
static bool
parse_frozen(const char *text, int64 *at_ns)
{
	char	   *end;
	long long	v;

	if (strncmp(text, FROZEN_PREFIX, strlen(FROZEN_PREFIX)) != 0)
		return false;
	text += strlen(FROZEN_PREFIX);
	errno = 0;
	v = strtoll(text, &end, 10);
	if (end == text || *end != '\0' || errno != 0)
		return false;
	*at_ns = (int64) v;
	return true;
}

/* replaces a string setting's proposed value, as GUC wants it allocated */
static bool
replace_guc_string(char **newval, const char *value)
{
	char	   *copy = uidx_guc_strdup(value);

	if (copy == NULL)
		return false;
	uidx_guc_free(*newval);
	*newval = copy;
	return true;
}

static bool
check_debug_clock_freeze(char **newval, void **extra, GucSource source)
{
	bool		on;
	int64		at_ns;
	char		canonical[sizeof(FROZEN_PREFIX) + 24];

	if (parse_frozen(*newval, &at_ns))
		return true;
	if (!parse_bool(*newval, &on))
	{
		GUC_check_errcode(ERRCODE_INVALID_PARAMETER_VALUE);
		GUC_check_errmsg("parameter \"%s\" requires a Boolean value",
						 "uidx.debug_clock_freeze");
		return false;
	}
	/* turning it on again keeps the instant it stands at */
	at_ns = debug_clock_freeze ? frozen_at_ns : real_now_ns();
	if (on)
		snprintf(canonical, sizeof(canonical), FROZEN_PREFIX INT64_FORMAT, at_ns);
	else
		strlcpy(canonical, "off", sizeof(canonical));
	if (!replace_guc_string(newval, canonical))
	{
		GUC_check_errcode(ERRCODE_OUT_OF_MEMORY);
		return false;
	}
	return true;
}

static void
assign_debug_clock_freeze(const char *newval, void *extra)
{
	debug_clock_freeze = parse_frozen(newval, &frozen_at_ns);
}

static const char *
show_debug_clock_freeze(void)
{
	return debug_clock_freeze ? "on" : "off";
}

int64
uidx_now_unix_ns(void)
{
	int64		now;

	if (likely(debug_clock_offset_ms == 0 && !debug_clock_freeze))
		return real_now_ns();

	if (debug_clock_freeze)
	{
		now = frozen_at_ns;
		/*
		 * The next reading is later by uidx.debug_clock_step_ns.  Only this
		 * process's copy moves: the setting keeps the instant it was frozen
		 * at, so a parallel worker starts from there, and so does this
		 * process when the setting is restored (the end of a SET LOCAL, the
		 * rollback of a SET).
		 */
		if (pg_add_s64_overflow(frozen_at_ns, debug_clock_step_ns, &frozen_at_ns))
			ereport(ERROR,
					(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
					 errmsg("the uidx test clock is out of range")));
	}
	else
		now = real_now_ns();
	/* only an instant given as "on@<ns>" can be that far out */
	if (pg_add_s64_overflow(now, (int64) debug_clock_offset_ms * UIDX_NS_PER_MS, &now))
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("the uidx test clock is out of range")));
	if (last_warned_statement != GetCurrentStatementStartTimestamp())
	{
		last_warned_statement = GetCurrentStatementStartTimestamp();
		ereport(WARNING,
				(errmsg("uidx is using a test clock"),
				 errdetail("uidx.debug_clock_offset_ms = %d, uidx.debug_clock_freeze = %s, uidx.debug_clock_step_ns = %d.",
						   debug_clock_offset_ms, debug_clock_freeze ? "on" : "off",
						   debug_clock_step_ns),
				 errhint("These settings are for testing only: RESET them.")));
	}
	return now;
}

int64
uidx_now_unix_ms_fraction(int fraction_bits, uint32 *fraction)
{
	int64		now_ns = uidx_now_unix_ns();
	int64		unix_ms = now_ns / UIDX_NS_PER_MS - (now_ns % UIDX_NS_PER_MS < 0 ? 1 : 0);

	Assert(fraction_bits >= 0 && fraction_bits <= 20);
	*fraction = (uint32) (((now_ns - unix_ms * UIDX_NS_PER_MS) << fraction_bits) / UIDX_NS_PER_MS);
	return unix_ms;
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

	/* the last 29,000 years of timestamptz overflow int64 as unix time */
	if (pg_add_s64_overflow(ts, UIDX_PG_EPOCH_UNIX_US, &unix_us))
		unix_ms = PG_INT64_MAX;	/* past every type's range */
	else
		/* floor, not truncation: 1969-12-31 23:59:59.9995 is ms -1 */
		unix_ms = unix_us / UIDX_US_PER_MS - (unix_us % UIDX_US_PER_MS < 0 ? 1 : 0);
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
	int64		unix_us;
	TimestampTz result;

	/* every field uidx reads is well within range; this is the guard */
	if (pg_mul_s64_overflow(unix_ms, UIDX_US_PER_MS, &unix_us) ||
		pg_sub_s64_overflow(unix_us, UIDX_PG_EPOCH_UNIX_US, &result) ||
		!IS_VALID_TIMESTAMP(result))
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("timestamp out of range: unix millisecond " INT64_FORMAT, unix_ms)));
	return result;
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
	DefineCustomStringVariable("uidx.debug_clock_freeze",
							   "Stops the clock uidx generators read, for tests only.",
							   "The clock stands at the moment this was turned on (plus uidx.debug_clock_offset_ms).",
							   &debug_clock_freeze_text,
							   "off",
							   PGC_SUSET, GUC_NOT_IN_SAMPLE,
							   check_debug_clock_freeze, assign_debug_clock_freeze,
							   show_debug_clock_freeze);
	DefineCustomIntVariable("uidx.debug_clock_step_ns",
							"Moves the stopped test clock on by this much at every reading, for tests only.",
							"While uidx.debug_clock_freeze is on, each reading of the clock returns the instant it stands at and then advances it by this many ns; 0 keeps it still.",
							&debug_clock_step_ns,
							0, 0, INT_MAX,
							PGC_SUSET, GUC_NOT_IN_SAMPLE,
							NULL, NULL, NULL);
}
