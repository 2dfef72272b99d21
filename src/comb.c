/*
 * comb.c -- COMB UUIDs: random UUIDs with a time part (FORMATS.md §B).
 *
 *   prefix COMB        TTTTTTTT-TTTT-4rrr-Vrrr-rrrrrrrrrrrr   uuid-creator, RT.Comb PostgreSql
 *   suffix COMB        rrrrrrrr-rrrr-4rrr-Vrrr-TTTTTTTTTTTT   uuid-creator, RT.Comb Sql; the comb type
 *   short prefix COMB  MMMMrrrr-rrrr-4rrr-Vrrr-rrrrrrrrrrrr   uuid-creator, sequential-uuids
 *   short suffix COMB  rrrrrrrr-rrrr-4rrr-Vrrr-MMMMrrrrrrrr   uuid-creator
 *   SQL Server COMB    rrrrrrrr-rrrr-4rrr-Vrrr-DDDDTTTTTTTT   Nilsson, RT.Comb Legacy
 *
 * T = 48-bit unix ms, M = interval counter mod 2^16, D/T = SQL Server
 * datetime days and 1/300 s ticks.  The prefix, suffix and SQL Server
 * generators without `at` put a fraction of the clock into the r bits
 * (comb.h); the layouts are unchanged.  The top half of the file is the pure
 * core (built into the fuzz harnesses with UIDX_NO_POSTGRES); the bottom half
 * is the SQL interface.
 */
#include "comb.h"
#include "bytes16.h"
#include "codec.h"
#include "clock.h"
#include "entropy.h"

void
comb_stamp(uint8_t id[UIDX_LEN], CombField field, uint64_t value)
{
	uidx_store_be(id + field.offset, field.length, value);
	id[UIDX_VERSION_BYTE] = (uint8_t) ((id[UIDX_VERSION_BYTE] & 0x0F) | 0x40);
	id[UIDX_VARIANT_BYTE] = (uint8_t) ((id[UIDX_VARIANT_BYTE] & 0x3F) | 0x80);
}

bool
comb_is_version4(const uint8_t id[UIDX_LEN])
{
	return uidx_version(id) == 4 && uidx_variant_is_rfc(id);
}

bool
comb_is_fresh_prefix(const uint8_t id[UIDX_LEN], int64_t now_ms)
{
	int64_t		prefix_ms = (int64_t) uidx_load_be(id + COMB_PREFIX_TIME_OFFSET,
												   UIDX_TIME_FIELD_BYTES);
	int64_t		latest_ms = now_ms + COMB_FRESH_PREFIX_WINDOW_MS;
	int64_t		sqlserver_us;
	uint32_t	ticks;

	if (!comb_is_version4(id) ||
		prefix_ms < now_ms - COMB_FRESH_PREFIX_WINDOW_MS || prefix_ms > latest_ms)
		return false;
	if ((int64_t) uidx_load_be(id + COMB_SUFFIX_TIME_OFFSET, UIDX_TIME_FIELD_BYTES) <= latest_ms)
		return false;
	return !(comb_sqlserver_decode(id, &sqlserver_us, &ticks) &&
			 sqlserver_us <= latest_ms * UIDX_US_PER_MS);
}

void
comb_swap_ends(const uint8_t in[UIDX_LEN], uint8_t out[UIDX_LEN])
{
	const int	middle = COMB_PREFIX_TIME_OFFSET + UIDX_TIME_FIELD_BYTES;
	uint8_t		tmp[UIDX_LEN];

	memcpy(tmp + COMB_PREFIX_TIME_OFFSET, in + COMB_SUFFIX_TIME_OFFSET, UIDX_TIME_FIELD_BYTES);
	memcpy(tmp + middle, in + middle, COMB_SUFFIX_TIME_OFFSET - middle);
	memcpy(tmp + COMB_SUFFIX_TIME_OFFSET, in + COMB_PREFIX_TIME_OFFSET, UIDX_TIME_FIELD_BYTES);
	memcpy(out, tmp, UIDX_LEN);
}

/* ---- monotonic generators ---- */

/* a SQL Server tick is 1/300 s = 10^7 / 3 ns: time is counted in thirds of a ns */
#define TICK_THIRDS_NS (3 * UIDX_NS_PER_MS * UIDX_MS_PER_S / COMB_SQLSERVER_TICKS_PER_S)

/* `offset` of `unit` (0 <= offset < unit) in 1/2^bits, rounded down */
static uint64_t
comb_fraction(int64_t offset, int64_t unit, int bits)
{
	return ((uint64_t) offset << bits) / (uint64_t) unit;
}

uint64_t
comb_unix_ms_tick(int64_t unix_ns, int fraction_bits)
{
	int64_t		ms = uidx_floor_div(unix_ns, UIDX_NS_PER_MS);

	return (uint64_t) ms << fraction_bits |
		comb_fraction(unix_ns - ms * UIDX_NS_PER_MS, UIDX_NS_PER_MS, fraction_bits);
}

uint64_t
comb_sqlserver_tick(int64_t unix_ns)
{
	int64_t		unix_day = uidx_floor_div(unix_ns, UIDX_NS_PER_DAY);
	int64_t		thirds = (unix_ns - unix_day * UIDX_NS_PER_DAY) * 3;
	int64_t		tick_of_day = thirds / TICK_THIRDS_NS;
	uint64_t	tick = (uint64_t) (unix_day + COMB_SQLSERVER_EPOCH_DAYS) *
		COMB_SQLSERVER_TICKS_PER_DAY + (uint64_t) tick_of_day;

	return tick << COMB_SQLORDER_FRACTION_BITS |
		comb_fraction(thirds - tick_of_day * TICK_THIRDS_NS, TICK_THIRDS_NS,
					  COMB_SQLORDER_FRACTION_BITS);
}

void
comb_prefix_pack(uint64_t tick, const uint8_t rand8[8], uint8_t out[UIDX_LEN])
{
	uint64_t	fraction = tick & 0xFFF;

	uidx_store_be(out + COMB_PREFIX_TIME_OFFSET, UIDX_TIME_FIELD_BYTES,
				  tick >> COMB_PREFIX_FRACTION_BITS);
	/* the fraction's 12 bits follow the version nibble */
	out[UIDX_VERSION_BYTE] = (uint8_t) (0x40 | fraction >> 8);
	out[UIDX_VERSION_BYTE + 1] = (uint8_t) fraction;
	memcpy(out + UIDX_VARIANT_BYTE, rand8, COMB_RANDOM_BYTES);
	out[UIDX_VARIANT_BYTE] = (uint8_t) (0x80 | (out[UIDX_VARIANT_BYTE] & 0x3F));
}

/* bytes 0-9 of the comb-type layouts: random, then variant and fraction */
static void
comb_sqlorder_pack(uint64_t time_field, uint64_t fraction, const uint8_t rand8[8],
				   uint8_t out[UIDX_LEN])
{
	memcpy(out, rand8, COMB_RANDOM_BYTES);
	out[UIDX_VERSION_BYTE] = (uint8_t) (0x40 | (out[UIDX_VERSION_BYTE] & 0x0F));
	/* the fraction's 14 bits follow the variant */
	out[UIDX_VARIANT_BYTE] = (uint8_t) (0x80 | fraction >> 8);
	out[UIDX_VARIANT_BYTE + 1] = (uint8_t) fraction;
	uidx_store_be(out + COMB_SUFFIX_TIME_OFFSET, UIDX_TIME_FIELD_BYTES, time_field);
}

void
comb_suffix_pack(uint64_t tick, const uint8_t rand8[8], uint8_t out[UIDX_LEN])
{
	comb_sqlorder_pack(tick >> COMB_SQLORDER_FRACTION_BITS, tick & 0x3FFF, rand8, out);
}

void
comb_sqlserver_pack(uint64_t tick, const uint8_t rand8[8], uint8_t out[UIDX_LEN])
{
	uint64_t	unit = tick >> COMB_SQLORDER_FRACTION_BITS;
	uint64_t	days = unit / COMB_SQLSERVER_TICKS_PER_DAY;

	comb_sqlorder_pack((days % COMB_SQLSERVER_DAYS_LIMIT) << COMB_SQLSERVER_TICKS_BITS |
					   unit % COMB_SQLSERVER_TICKS_PER_DAY,
					   tick & 0x3FFF, rand8, out);
}

/* ---- SQL Server datetime ---- */

/* one tick is 1/300 s = 10000/3 microseconds */
#define TICK_US_NUM 10000
#define TICK_US_DEN 3

uint64_t
comb_sqlserver_datetime(int64_t unix_us)
{
	int64_t		unix_day = uidx_floor_div(unix_us, UIDX_US_PER_DAY);
	int64_t		us_of_day = unix_us - unix_day * UIDX_US_PER_DAY;
	uint64_t	days = (uint64_t) (unix_day + COMB_SQLSERVER_EPOCH_DAYS) % COMB_SQLSERVER_DAYS_LIMIT;
	uint64_t	ticks = (uint64_t) (us_of_day * TICK_US_DEN / TICK_US_NUM);

	return days << COMB_SQLSERVER_TICKS_BITS | ticks;
}

bool
comb_sqlserver_decode(const uint8_t id[UIDX_LEN], int64_t *unix_us, uint32_t *ticks)
{
	int64_t		days = (int64_t) uidx_load_be(id + COMB_SQLSERVER_OFFSET,
											  COMB_SQLSERVER_DAYS_BYTES);

	*ticks = (uint32_t) uidx_load_be(id + COMB_SQLSERVER_TICKS_OFFSET,
									 COMB_SQLSERVER_TICKS_BYTES);
	if (*ticks > COMB_SQLSERVER_MAX_TICKS)
		return false;
	*unix_us = (days - COMB_SQLSERVER_EPOCH_DAYS) * UIDX_US_PER_DAY +
		((int64_t) *ticks * TICK_US_NUM + TICK_US_DEN - 1) / TICK_US_DEN;
	return true;
}

/* ---- sequential-uuids 1.0.3 blocks ---- */

int
comb_block_prefix_bits(int64_t block_count)
{
	int			bits = 1;

	if (block_count < 1 || block_count > COMB_BLOCK_COUNT_MAX)
		return 0;
	while ((INT64_C(1) << bits) < block_count)
		bits++;
	return (bits + 7) / 8 * 8;
}

/*
 * sequential-uuids re-spreads the wrap period block_size * block_count over
 * all 2^prefix_bits prefixes: block_size * block_count / 2^prefix_bits,
 * at least 1.  Written as q * count + r * count / 2^bits (block_size =
 * q * 2^bits + r) so that no product can overflow: r and count are below 2^25.
 */
static int64_t
comb_effective_block_size(int64_t block_size, int64_t block_count, int prefix_bits)
{
	int64_t		q = block_size >> prefix_bits;
	int64_t		r = block_size & ((INT64_C(1) << prefix_bits) - 1);
	int64_t		size = q * block_count + ((r * block_count) >> prefix_bits);

	return size < 1 ? 1 : size;
}

void
comb_block_stamp(uint8_t id[UIDX_LEN], int64_t value, int64_t block_size,
				 int64_t block_count)
{
	int			bits = comb_block_prefix_bits(block_count);
	/* C division truncates towards zero, as upstream does for negative values */
	int64_t		block = value / comb_effective_block_size(block_size, block_count, bits);
	CombField	field = {0, bits / 8};

	comb_stamp(id, field, (uint64_t) block & ((UINT64_C(1) << bits) - 1));
}

void
comb_short_prefix_stamp(uint8_t id[UIDX_LEN], int64_t unix_ms, int64_t interval_ms,
						int64_t interval_count)
{
	/*
	 * uuid_time_nextval divides whole seconds by whole seconds; doing the
	 * same keeps its rounding of the re-spread block size, so any
	 * (interval, count) it accepts gives its prefix.
	 */
	if (interval_ms % UIDX_MS_PER_S == 0)
		comb_block_stamp(id, uidx_floor_div(unix_ms, UIDX_MS_PER_S), interval_ms / UIDX_MS_PER_S,
						 interval_count);
	else
		comb_block_stamp(id, unix_ms, interval_ms, interval_count);
}

uint16_t
comb_short_counter(int64_t unix_ms, int64_t interval_ms)
{
	return (uint16_t) uidx_floor_div(unix_ms, interval_ms);
}

bool
comb_short_counter_in_window(uint16_t counter, int64_t at_ms, int64_t tolerance_ms,
							 int64_t interval_ms)
{
	int64_t		earliest = at_ms - tolerance_ms;
	int64_t		first = uidx_floor_div(earliest < 0 ? 0 : earliest, interval_ms);
	int64_t		last = uidx_floor_div(at_ms + tolerance_ms, interval_ms);

	if (last < first)
		return false;
	if (last - first >= 0xFFFF)
		return true;
	return (uint16_t) (counter - (uint16_t) first) <= (uint64_t) (last - first);
}

#ifndef UIDX_NO_POSTGRES
/* ---------------------------------------------------------------------------
 * SQL interface
 * ------------------------------------------------------------------------- */
#include "common/int.h"
#include "miscadmin.h"
#include "utils/builtins.h"
#include "utils/timestamp.h"
#include "utils/uuid.h"

/*
 * Which 16-byte values are valid combs?  All of them.  Generated combs are
 * version 4, variant 10, but the type's main use is to hold keys brought over
 * from SQL Server, and those keep whatever the NEWID() under them was
 * (Nilsson's layout), or are not COMBs at all: NEWSEQUENTIALID() values
 * (version 1), plain NEWID() rows from before the switch to COMBs, other
 * tools' layouts.  Rejecting them would make the migration fail on data
 * that was valid where it came from, and nothing here depends on the
 * version bits: the order and comb_timestamp() read bytes 10-15, which
 * mean a 48-bit millisecond for every bit pattern.  So the cast from uuid
 * never fails, and comb_sqlserver_timestamp() alone checks its field.
 *
 * The order is SQL Server's uniqueidentifier order (README "The comb type"):
 * bytes 10-15, then 8-9, each group left to right, then the groups 6-7,
 * 4-5 and 0-3 right to left, byte by byte.  That is System.Data.SqlTypes.
 * SqlGuid's comparison, which reads the .NET byte order (comb holds RFC
 * order, like uuid).  The abbreviated sort key, the first 8 bytes of this
 * order, is the time field and bytes 8-9.
 */
static const Bytes16Type comb_type = {
	.name = "comb",
	.invalid_reason = NULL,
	.nsegments = COMB_KEY_NSEGMENTS,
	.segments = COMB_KEY_SEGMENTS,
};

/*
 * The SQL functions of type comb: each calls the shared code of bytes16.c
 * with the type's descriptor (test/README.md "Where things are").
 */
PG_FUNCTION_INFO_V1(comb_in);
Datum
comb_in(PG_FUNCTION_ARGS)
{
	return bytes16_in(&comb_type, fcinfo);
}

PG_FUNCTION_INFO_V1(comb_out);
Datum
comb_out(PG_FUNCTION_ARGS)
{
	return bytes16_out(&comb_type, fcinfo);
}

PG_FUNCTION_INFO_V1(comb_recv);
Datum
comb_recv(PG_FUNCTION_ARGS)
{
	return bytes16_recv(&comb_type, fcinfo);
}

PG_FUNCTION_INFO_V1(comb_send);
Datum
comb_send(PG_FUNCTION_ARGS)
{
	return bytes16_send(&comb_type, fcinfo);
}

PG_FUNCTION_INFO_V1(comb_sortsupport);
Datum
comb_sortsupport(PG_FUNCTION_ARGS)
{
	return bytes16_sortsupport(&comb_type, fcinfo);
}

PG_FUNCTION_INFO_V1(comb_cmp);
Datum
comb_cmp(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32(bytes16_compare_args(&comb_type, fcinfo));
}

PG_FUNCTION_INFO_V1(comb_lt);
Datum
comb_lt(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(bytes16_compare_args(&comb_type, fcinfo) < 0);
}

PG_FUNCTION_INFO_V1(comb_le);
Datum
comb_le(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(bytes16_compare_args(&comb_type, fcinfo) <= 0);
}

PG_FUNCTION_INFO_V1(comb_gt);
Datum
comb_gt(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(bytes16_compare_args(&comb_type, fcinfo) > 0);
}

PG_FUNCTION_INFO_V1(comb_ge);
Datum
comb_ge(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(bytes16_compare_args(&comb_type, fcinfo) >= 0);
}

PG_FUNCTION_INFO_V1(comb_eq);
Datum
comb_eq(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(bytes16_compare_args(&comb_type, fcinfo) == 0);
}

PG_FUNCTION_INFO_V1(comb_ne);
Datum
comb_ne(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(bytes16_compare_args(&comb_type, fcinfo) != 0);
}

PG_FUNCTION_INFO_V1(comb_hash);
Datum
comb_hash(PG_FUNCTION_ARGS)
{
	return bytes16_hash(fcinfo);
}

PG_FUNCTION_INFO_V1(comb_hash_extended);
Datum
comb_hash_extended(PG_FUNCTION_ARGS)
{
	return bytes16_hash_extended(fcinfo);
}

/*
 * The cast from uuid, where a prefix COMB generator's value meets a comb
 * column (DEFAULT comb_prefix_generate()).  Every 16-byte value is a valid
 * comb, but a prefix COMB made a moment ago is a mistake that would
 * otherwise show only as times centuries ahead (its bytes 10-15 are
 * random) and rows that no time partition takes: comb_is_fresh_prefix()
 * recognises it by both ends, so that a suffix or SQL Server COMB, whose
 * bytes 10-15 hold a past time, is never refused (FORMATS.md §B, "The comb
 * type").  IMMUTABLE all the same: the value returned depends on the
 * argument alone; the clock only decides whether a freshly made prefix
 * COMB is refused, which a value older than a minute never is.
 */
PG_FUNCTION_INFO_V1(comb_from_uuid);
Datum
comb_from_uuid(PG_FUNCTION_ARGS)
{
	const uint8 *id = PG_GETARG_UUID_P(0)->data;

	if (comb_is_fresh_prefix(id, uidx_floor_div(uidx_now_unix_ns(), UIDX_NS_PER_MS)))
	{
		char		hex[37];

		uidx_format_hex16(id, hex);
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
				 errmsg("uuid \"%s\" is a prefix COMB, which the comb type cannot hold", hex),
				 errdetail("Its bytes 0-5 hold the current time; a comb holds its time in bytes 10-15, and there this value holds none."),
				 errhint("Give a comb column comb_suffix_generate() or comb_sqlserver_generate(), or keep prefix COMBs in a uuid column.")));
	}
	PG_RETURN_BYTES16_P(bytes16_from_uuid(&comb_type, fcinfo));
}

PG_FUNCTION_INFO_V1(comb_larger);
Datum
comb_larger(PG_FUNCTION_ARGS)
{
	return bytes16_larger(&comb_type, fcinfo);
}

PG_FUNCTION_INFO_V1(comb_smaller);
Datum
comb_smaller(PG_FUNCTION_ARGS)
{
	return bytes16_smaller(&comb_type, fcinfo);
}

/* ---- arguments ---- */

static int64
comb_unix_ms_arg(FunctionCallInfo fcinfo, int argno, const char *type_name)
{
	uidx_require_arg(fcinfo, argno, "COMB timestamp");
	return uidx_timestamptz_to_unix_ms(PG_GETARG_TIMESTAMPTZ(argno), 0,
									   UIDX_MAX_MS48, type_name);
}

/* The clock, checked against what a 48-bit millisecond field holds. */
static int64
comb_now_ns(void)
{
	int64		now_ns = uidx_now_unix_ns();

	if (now_ns < 0 || uidx_floor_div(now_ns, UIDX_NS_PER_MS) > UIDX_MAX_MS48)
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("system clock is outside the range a COMB can hold")));
	return now_ns;
}

static int64
comb_now_ms(void)
{
	return uidx_floor_div(comb_now_ns(), UIDX_NS_PER_MS);
}

static const char *
comb_interval_text(Interval *span)
{
	return DatumGetCString(DirectFunctionCall1(interval_out, IntervalPGetDatum(span)));
}

/*
 * An interval argument as microseconds.  A day counts as 24 hours and months
 * are refused, as date_bin() does: a month has no fixed length, and these
 * lengths must not depend on the calendar.  `positive`: > 0, else >= 0.
 */
static int64
comb_interval_us(FunctionCallInfo fcinfo, int argno, const char *what, bool positive)
{
	Interval   *span;
	int64		us;

	uidx_require_arg(fcinfo, argno, what);
	span = PG_GETARG_INTERVAL_P(argno);
#ifdef INTERVAL_NOT_FINITE
	if (INTERVAL_NOT_FINITE(span))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("%s must be finite", what)));
#endif
	if (span->month != 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("%s must not contain months or years: \"%s\"",
						what, comb_interval_text(span)),
				 errhint("A month has no fixed length; give the span in days.")));
	if (pg_mul_s64_overflow((int64) span->day, USECS_PER_DAY, &us) ||
		pg_add_s64_overflow(us, span->time, &us))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("%s is too long: \"%s\"", what, comb_interval_text(span))));
	if (positive ? us <= 0 : us < 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("%s must be %s: \"%s\"", what,
						positive ? "positive" : "zero or positive",
						comb_interval_text(span))));
	return us;
}

/* COMB times have millisecond resolution, so a finer interval cannot be honoured. */
static int64
comb_interval_length_ms(FunctionCallInfo fcinfo, int argno)
{
	int64		us = comb_interval_us(fcinfo, argno, "interval_length", true);

	if (us % UIDX_US_PER_MS != 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("interval_length must be a whole number of milliseconds: \"%s\"",
						comb_interval_text(PG_GETARG_INTERVAL_P(argno)))));
	return us / UIDX_US_PER_MS;
}

static int64
comb_block_count_arg(FunctionCallInfo fcinfo, int argno, const char *what)
{
	int32		count;

	uidx_require_arg(fcinfo, argno, what);
	count = PG_GETARG_INT32(argno);
	if (comb_block_prefix_bits(count) == 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("%s must be between 1 and 16777216: %d", what, count),
				 errdetail("The prefix holds at most 24 bits.")));
	return count;
}

/* The 16 bytes a generator would have drawn, given explicitly. */
static void
comb_random_arg(FunctionCallInfo fcinfo, int argno, uint8 out[UIDX_LEN])
{
	bytea	   *random = PG_GETARG_BYTEA_PP(argno);

	if (VARSIZE_ANY_EXHDR(random) != UIDX_LEN)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("random must be exactly 16 bytes, not %d",
						(int) VARSIZE_ANY_EXHDR(random))));
	memcpy(out, VARDATA_ANY(random), UIDX_LEN);
}

/*
 * Fresh random bytes everywhere except in the field that is about to be
 * stamped: it would be overwritten anyway, and the buffer lasts longer.
 */
static Bytes16 *
comb_random_around(CombField field)
{
	Bytes16    *result = palloc(sizeof(Bytes16));
	int			after = field.offset + field.length;

	if (field.offset > 0)
		uidx_random_bytes(result->data, field.offset);
	if (after < UIDX_LEN)
		uidx_random_bytes(result->data + after, UIDX_LEN - after);
	return result;
}

/*
 * comb_prefix_generate(), comb_suffix_generate() and comb_sqlserver_generate()
 * are monotonic per backend, so that a btree index on them fills its leaves
 * like a sequence instead of splitting them 50/50, as the random order within
 * a time unit of uuid-creator and RT.Comb does; their clock fraction differs
 * from one value to the next, so that sorts can tell them apart by the
 * abbreviated key (comb.h).  Each keeps its own last tick.  The other
 * generators, and the `at` forms (backfills), keep no state: their order
 * within one time unit is random, and their time part is always the clock
 * reading (or `at`).
 */

/* ---- prefix and suffix COMBs ---- */

typedef void (*CombPack) (uint64_t tick, const uint8_t rand8[8], uint8_t out[UIDX_LEN]);

static Datum
comb_stamped(CombField field, uint64 value)
{
	Bytes16    *result = comb_random_around(field);

	comb_stamp(result->data, field, value);
	PG_RETURN_BYTES16_P(result);
}

static Datum
comb_monotonic_datum(uint64 *last_tick, int *last_pid, uint64 now_tick,
					 uint64 max_tick, CombPack pack)
{
	uint64		tick = now_tick;
	uint8		rand8[8];
	Bytes16    *result = palloc(sizeof(Bytes16));

	if (*last_pid == MyProcPid)
		tick = (uint64) uidx_ascending((int64) *last_tick, (int64) now_tick, 1);
	if (tick > max_tick)
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("COMB timestamp space is exhausted")));
	*last_tick = tick;
	*last_pid = MyProcPid;
	uidx_random_bytes(rand8, sizeof(rand8));
	pack(tick, rand8, result->data);
	PG_RETURN_BYTES16_P(result);
}

static Datum
comb_stamped_parts(FunctionCallInfo fcinfo, int random_argno, CombField field,
				   uint64 value)
{
	Bytes16    *result = palloc(sizeof(Bytes16));

	comb_random_arg(fcinfo, random_argno, result->data);
	comb_stamp(result->data, field, value);
	PG_RETURN_BYTES16_P(result);
}

/*
 * comb_prefix_generate(): monotonic per backend, with a last tick of its own;
 * comb_prefix_last_pid owns it (0: nothing generated in this process, and a
 * forked process starts afresh).
 */
static uint64 comb_prefix_last;
static int	comb_prefix_last_pid = 0;

PG_FUNCTION_INFO_V1(comb_prefix_generate);
Datum
comb_prefix_generate(PG_FUNCTION_ARGS)
{
	return comb_monotonic_datum(&comb_prefix_last, &comb_prefix_last_pid,
								comb_unix_ms_tick(comb_now_ns(), COMB_PREFIX_FRACTION_BITS),
								COMB_PREFIX_TICK_MAX, comb_prefix_pack);
}

PG_FUNCTION_INFO_V1(comb_prefix_generate_at);
Datum
comb_prefix_generate_at(PG_FUNCTION_ARGS)
{
	return comb_stamped(COMB_PREFIX_FIELD, comb_unix_ms_arg(fcinfo, 0, "prefix COMB"));
}

PG_FUNCTION_INFO_V1(comb_prefix_from_parts);
Datum
comb_prefix_from_parts(PG_FUNCTION_ARGS)
{
	return comb_stamped_parts(fcinfo, 1, COMB_PREFIX_FIELD, comb_unix_ms_arg(fcinfo, 0, "prefix COMB"));
}

/*
 * comb_suffix_generate(): monotonic per backend, with a last tick of its own;
 * comb_suffix_last_pid owns it (0: nothing generated in this process, and a
 * forked process starts afresh).
 */
static uint64 comb_suffix_last;
static int	comb_suffix_last_pid = 0;

PG_FUNCTION_INFO_V1(comb_suffix_generate);
Datum
comb_suffix_generate(PG_FUNCTION_ARGS)
{
	return comb_monotonic_datum(&comb_suffix_last, &comb_suffix_last_pid,
								comb_unix_ms_tick(comb_now_ns(), COMB_SQLORDER_FRACTION_BITS),
								COMB_SUFFIX_TICK_MAX, comb_suffix_pack);
}

PG_FUNCTION_INFO_V1(comb_suffix_generate_at);
Datum
comb_suffix_generate_at(PG_FUNCTION_ARGS)
{
	return comb_stamped(COMB_SUFFIX_FIELD, comb_unix_ms_arg(fcinfo, 0, "comb"));
}

PG_FUNCTION_INFO_V1(comb_suffix_from_parts);
Datum
comb_suffix_from_parts(PG_FUNCTION_ARGS)
{
	return comb_stamped_parts(fcinfo, 1, COMB_SUFFIX_FIELD, comb_unix_ms_arg(fcinfo, 0, "comb"));
}

PG_FUNCTION_INFO_V1(comb_lower_bound);
Datum
comb_lower_bound(PG_FUNCTION_ARGS)
{
	Bytes16    *result = palloc0(sizeof(Bytes16));

	uidx_store_be(result->data + COMB_SUFFIX_TIME_OFFSET, UIDX_TIME_FIELD_BYTES,
				  (uint64) comb_unix_ms_arg(fcinfo, 0, "comb"));
	PG_RETURN_BYTES16_P(result);
}

/* ---- short prefix and short suffix COMBs ---- */

PG_FUNCTION_INFO_V1(comb_short_prefix_generate);
Datum
comb_short_prefix_generate(PG_FUNCTION_ARGS)
{
	int64		interval_ms = comb_interval_length_ms(fcinfo, 0);
	int64		interval_count = comb_block_count_arg(fcinfo, 1, "interval_count");
	int			prefix_bytes = comb_block_prefix_bits(interval_count) / 8;
	Bytes16    *result = comb_random_around((CombField) {0, prefix_bytes});

	comb_short_prefix_stamp(result->data, comb_now_ms(), interval_ms, interval_count);
	PG_RETURN_BYTES16_P(result);
}

PG_FUNCTION_INFO_V1(comb_short_prefix_from_parts);
Datum
comb_short_prefix_from_parts(PG_FUNCTION_ARGS)
{
	int64		unix_ms = comb_unix_ms_arg(fcinfo, 0, "short prefix COMB");
	int64		interval_ms = comb_interval_length_ms(fcinfo, 2);
	int64		interval_count = comb_block_count_arg(fcinfo, 3, "interval_count");
	Bytes16    *result = palloc(sizeof(Bytes16));

	comb_random_arg(fcinfo, 1, result->data);
	comb_short_prefix_stamp(result->data, unix_ms, interval_ms, interval_count);
	PG_RETURN_BYTES16_P(result);
}

PG_FUNCTION_INFO_V1(comb_short_suffix_generate);
Datum
comb_short_suffix_generate(PG_FUNCTION_ARGS)
{
	int64		interval_ms = comb_interval_length_ms(fcinfo, 0);

	return comb_stamped(COMB_SHORT_SUFFIX_FIELD,
						comb_short_counter(comb_now_ms(), interval_ms));
}

PG_FUNCTION_INFO_V1(comb_short_suffix_from_parts);
Datum
comb_short_suffix_from_parts(PG_FUNCTION_ARGS)
{
	int64		unix_ms = comb_unix_ms_arg(fcinfo, 0, "short suffix COMB");
	int64		interval_ms = comb_interval_length_ms(fcinfo, 2);

	return comb_stamped_parts(fcinfo, 1, COMB_SHORT_SUFFIX_FIELD,
							  comb_short_counter(unix_ms, interval_ms));
}

PG_FUNCTION_INFO_V1(comb_short_prefix);
Datum
comb_short_prefix(PG_FUNCTION_ARGS)
{
	const uint8 *id = PG_GETARG_UUID_P(0)->data;

	if (!comb_is_version4(id))
		PG_RETURN_NULL();
	PG_RETURN_INT32((int32) uidx_load_be(id + COMB_SHORT_PREFIX_OFFSET, COMB_SHORT_COUNTER_BYTES));
}

/*
 * IMMUTABLE although `at` defaults to now(): the function depends on its
 * arguments only.  A default is an expression the caller's query gets, so a
 * call that leaves `at` out contains now(), which is STABLE; the planner then
 * folds nothing, and each execution validates against its own transaction's
 * now().  Marking the function itself STABLE would only keep it out of
 * index expressions and constraints where an explicit `at` is meant.
 */
PG_FUNCTION_INFO_V1(comb_short_prefix_is_valid);
Datum
comb_short_prefix_is_valid(PG_FUNCTION_ARGS)
{
	const uint8 *id = PG_GETARG_UUID_P(0)->data;
	int64		tolerance_ms = comb_interval_us(fcinfo, 1, "tolerance", false) / UIDX_US_PER_MS;
	int64		at_ms = comb_unix_ms_arg(fcinfo, 2, "short prefix COMB");
	int64		interval_ms = comb_interval_length_ms(fcinfo, 3);

	if (!comb_is_version4(id))
		PG_RETURN_BOOL(false);
	PG_RETURN_BOOL(comb_short_counter_in_window((uint16) uidx_load_be(id + COMB_SHORT_PREFIX_OFFSET, COMB_SHORT_COUNTER_BYTES), at_ms,
												tolerance_ms, interval_ms));
}

/* ---- sequence COMB (sequential-uuids 1.0.3 uuid_sequence_nextval) ---- */

static int64
comb_block_size_arg(FunctionCallInfo fcinfo, int argno)
{
	int32		size;

	uidx_require_arg(fcinfo, argno, "block_size");
	size = PG_GETARG_INT32(argno);
	if (size < 1)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("block_size must be a positive integer: %d", size)));
	return size;
}

/* sequences start at 1, and upstream counts blocks from value - 1 */
static int64
comb_sequence_position(int64 nextval)
{
	/* wraps for the minimum int64, like upstream's unchecked subtraction */
	return (int64) ((uint64) nextval - 1);
}

/*
 * PARALLEL UNSAFE because it calls nextval(): advancing a sequence is a write,
 * which parallel workers may not do (nextval() itself is PARALLEL UNSAFE).
 * The parameters are checked before nextval() so that a rejected call does
 * not use up a sequence value.
 */
PG_FUNCTION_INFO_V1(comb_sequence_generate);
Datum
comb_sequence_generate(PG_FUNCTION_ARGS)
{
	Oid			seq;
	int64		block_size = comb_block_size_arg(fcinfo, 1);
	int64		block_count = comb_block_count_arg(fcinfo, 2, "block_count");
	int			prefix_bytes = comb_block_prefix_bits(block_count) / 8;
	Bytes16    *result;
	int64		position;

	uidx_require_arg(fcinfo, 0, "sequence");
	seq = PG_GETARG_OID(0);
	position = comb_sequence_position(uidx_nextval(seq));
	result = comb_random_around((CombField) {0, prefix_bytes});
	comb_block_stamp(result->data, position, block_size, block_count);
	PG_RETURN_BYTES16_P(result);
}

PG_FUNCTION_INFO_V1(comb_sequence_from_parts);
Datum
comb_sequence_from_parts(PG_FUNCTION_ARGS)
{
	int64		position = comb_sequence_position(PG_GETARG_INT64(0));
	int64		block_size = comb_block_size_arg(fcinfo, 2);
	int64		block_count = comb_block_count_arg(fcinfo, 3, "block_count");
	Bytes16    *result = palloc(sizeof(Bytes16));

	comb_random_arg(fcinfo, 1, result->data);
	comb_block_stamp(result->data, position, block_size, block_count);
	PG_RETURN_BYTES16_P(result);
}

/* ---- SQL Server COMB (Nilsson, RT.Comb Legacy) ---- */

/* UTC, unlike Nilsson's GETDATE(), like RT.Comb and its T-SQL port */
static uint64
comb_sqlserver_arg(FunctionCallInfo fcinfo, int argno)
{
	TimestampTz at;

	uidx_require_arg(fcinfo, argno, "COMB timestamp");
	at = PG_GETARG_TIMESTAMPTZ(argno);
	/* for the range check and its message; the ticks need the microseconds */
	(void) uidx_timestamptz_to_unix_ms(at, COMB_SQLSERVER_MIN_MS,
									   COMB_SQLSERVER_MAX_MS, "SQL Server COMB");
	return comb_sqlserver_datetime(at - uidx_unix_ms_to_timestamptz(0));
}

/* The clock as a tick (comb_sqlserver_tick); 2079-06-06 is the last day. */
static uint64
comb_sqlserver_now_tick(void)
{
	int64		now_ns = uidx_now_unix_ns();

	if (uidx_floor_div(now_ns, UIDX_NS_PER_US) > (COMB_SQLSERVER_MAX_MS + 1) * UIDX_US_PER_MS - 1)
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("system clock is past the last SQL Server COMB time, 2079-06-06")));
	return comb_sqlserver_tick(now_ns);
}

/*
 * comb_sqlserver_generate(): monotonic per backend, with a last tick of its own;
 * comb_sqlserver_last_pid owns it (0: nothing generated in this process, and a
 * forked process starts afresh).
 */
static uint64 comb_sqlserver_last;
static int	comb_sqlserver_last_pid = 0;

PG_FUNCTION_INFO_V1(comb_sqlserver_generate);
Datum
comb_sqlserver_generate(PG_FUNCTION_ARGS)
{
	return comb_monotonic_datum(&comb_sqlserver_last, &comb_sqlserver_last_pid,
								comb_sqlserver_now_tick(),
								COMB_SQLSERVER_TICK_MAX, comb_sqlserver_pack);
}

PG_FUNCTION_INFO_V1(comb_sqlserver_generate_at);
Datum
comb_sqlserver_generate_at(PG_FUNCTION_ARGS)
{
	return comb_stamped(COMB_SQLSERVER_FIELD, comb_sqlserver_arg(fcinfo, 0));
}

PG_FUNCTION_INFO_V1(comb_sqlserver_from_parts);
Datum
comb_sqlserver_from_parts(PG_FUNCTION_ARGS)
{
	return comb_stamped_parts(fcinfo, 1, COMB_SQLSERVER_FIELD, comb_sqlserver_arg(fcinfo, 0));
}

PG_FUNCTION_INFO_V1(comb_sqlserver_timestamp);
Datum
comb_sqlserver_timestamp(PG_FUNCTION_ARGS)
{
	Bytes16    *id = PG_GETARG_BYTES16_P(0);
	int64		unix_us;
	uint32		ticks;

	if (!comb_sqlserver_decode(id->data, &unix_us, &ticks))
	{
		char		hex[37];

		uidx_format_hex16(id->data, hex);
		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("comb \"%s\" does not hold a SQL Server datetime", hex),
				 errdetail("Its time of day is %u ticks of 1/300 s; a day has %d.",
						   ticks, COMB_SQLSERVER_MAX_TICKS)));
	}
	PG_RETURN_TIMESTAMPTZ(uidx_unix_ms_to_timestamptz(0) + unix_us);
}

/* ---- extraction and conversion ---- */

PG_FUNCTION_INFO_V1(comb_timestamp);
Datum
comb_timestamp(PG_FUNCTION_ARGS)
{
	int64		unix_ms = (int64) uidx_load_be(PG_GETARG_BYTES16_P(0)->data + COMB_SUFFIX_TIME_OFFSET,
												  UIDX_TIME_FIELD_BYTES);

	PG_RETURN_TIMESTAMPTZ(uidx_unix_ms_to_timestamptz(unix_ms));
}

PG_FUNCTION_INFO_V1(comb_prefix_timestamp);
Datum
comb_prefix_timestamp(PG_FUNCTION_ARGS)
{
	const uint8 *id = PG_GETARG_UUID_P(0)->data;

	if (!comb_is_version4(id))
		PG_RETURN_NULL();
	PG_RETURN_TIMESTAMPTZ(uidx_unix_ms_to_timestamptz((int64) uidx_load_be(id + COMB_PREFIX_TIME_OFFSET,
																			UIDX_TIME_FIELD_BYTES)));
}

PG_FUNCTION_INFO_V1(comb_prefix_to_suffix);
Datum
comb_prefix_to_suffix(PG_FUNCTION_ARGS)
{
	Bytes16    *result = palloc(sizeof(Bytes16));

	comb_swap_ends(PG_GETARG_UUID_P(0)->data, result->data);
	PG_RETURN_BYTES16_P(result);
}

PG_FUNCTION_INFO_V1(comb_suffix_to_prefix);
Datum
comb_suffix_to_prefix(PG_FUNCTION_ARGS)
{
	Bytes16    *result = palloc(sizeof(Bytes16));

	comb_swap_ends(PG_GETARG_BYTES16_P(0)->data, result->data);
	PG_RETURN_BYTES16_P(result);
}

#endif							/* UIDX_NO_POSTGRES */
