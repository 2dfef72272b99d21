/*
 * uuidv7.c -- uuidv7() and uuidv7(interval) with PostgreSQL 18's behaviour
 * (FORMATS.md §E) for servers before 18, and UUIDv7 helpers for all.
 *
 *   TTTTTTTT-TTTT-7fff-Vrrr-rrrrrrrrrrrr
 *   48-bit unix ms | version 7 | 12-bit sub-ms fraction | variant 10 |
 *   62 random bits
 *
 * The top half is the pure core; the SQL interface follows below
 * #ifndef UIDX_NO_POSTGRES.
 */
#include "uuidv7.h"
#include "clock.h"
#include "entropy.h"

void
uuidv7_pack(uint64_t unix_ms, uint32_t sub_ms_ns, const uint8_t rand8[8],
			int step_bits, uint8_t out[UIDX_LEN])
{
	uint32_t	fraction = (uint32_t) (((uint64_t) sub_ms_ns << UUIDV7_SUBMS_BITS) /
									   UIDX_NS_PER_MS);

	uidx_store_be(out + UUIDV7_TIME_OFFSET, UIDX_TIME_FIELD_BYTES, unix_ms);
	/* the fraction's 12 bits follow the version nibble, then variant and random */
	out[UIDX_VERSION_BYTE] = (uint8_t) (fraction >> 8);
	out[UIDX_VERSION_BYTE + 1] = (uint8_t) fraction;
	memcpy(out + UIDX_VARIANT_BYTE, rand8, 8);
	if (step_bits == 10)
		out[UIDX_VERSION_BYTE + 1] ^= out[UIDX_VARIANT_BYTE] >> 6;
	out[UIDX_VERSION_BYTE] = (out[UIDX_VERSION_BYTE] & 0x0F) | 0x70;
	out[UIDX_VARIANT_BYTE] = (out[UIDX_VARIANT_BYTE] & 0x3F) | 0x80;
}

bool
uuidv7_is_v7(const uint8_t in[UIDX_LEN])
{
	return uidx_variant_is_rfc(in) && uidx_version(in) == 7;
}

#ifndef UIDX_NO_POSTGRES
/* ---------------------------------------------------------------------------
 * SQL interface
 *
 * C symbols carry a uidx_ prefix: PostgreSQL 18's server exports uuidv7 and
 * uuidv7_interval itself.
 * ------------------------------------------------------------------------- */
#include "datatype/timestamp.h"
#include "miscadmin.h"
#include "utils/builtins.h"
#include "utils/timestamp.h"
#include "utils/uuid.h"

#if UIDX_CORE_HAS_UUIDV7
/*
 * From PostgreSQL 18 on, uidx installs no uuidv7() of its own (README
 * "UUIDv7").  A cluster that was pg_upgrade'd from an older server can still
 * have uidx's SQL functions; they call core so that both draw from one
 * monotonic clock and never interleave out of order.
 */
PG_FUNCTION_INFO_V1(uidx_uuidv7);
Datum
uidx_uuidv7(PG_FUNCTION_ARGS)
{
	return uuidv7(fcinfo);
}

PG_FUNCTION_INFO_V1(uidx_uuidv7_interval);
Datum
uidx_uuidv7_interval(PG_FUNCTION_ARGS)
{
	return uuidv7_interval(fcinfo);
}
#else							/* uidx's own generators before 18 */

/* PostgreSQL's choice: macOS and MSVC clocks have microseconds only */
#if defined(__darwin__) || defined(_MSC_VER)
#define UUIDV7_STEP_BITS 10
#else
#define UUIDV7_STEP_BITS 12
#endif

/* what the 48-bit millisecond field holds, as PostgreSQL timestamps */
#define UUIDV7_MIN_TIMESTAMP (-UIDX_PG_EPOCH_UNIX_US)
#define UUIDV7_MAX_TIMESTAMP ((int64) UIDX_MAX_MS48 * UIDX_US_PER_MS - UIDX_PG_EPOCH_UNIX_US)

static int64 previous_ns = 0;
static int	previous_ns_pid = 0;	/* 0: nothing generated in this process */

/*
 * The clock reading for the next value of this backend: never less than the
 * last one plus the minimal step, so values keep increasing when the clock
 * stands still or is set back (they then run ahead of it until it catches up).
 */
static int64
next_ascending_ns(void)
{
	int64		now = uidx_now_unix_ns();

	if (previous_ns_pid != MyProcPid)
	{
		previous_ns = 0;
		previous_ns_pid = MyProcPid;
	}
	previous_ns = uidx_ascending(previous_ns, now, UUIDV7_MINIMAL_STEP_NS(UUIDV7_STEP_BITS));
	return previous_ns;
}

static void
uuidv7_timestamp_out_of_range(void)
{
	ereport(ERROR,
			(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
			 errmsg("timestamp out of range for UUID version 7"),
			 errdetail("UUID version 7 supports timestamps from 1970-01-01 to approximately year 10889.")));
}

static Datum
uuidv7_datum(int64 unix_ms, int64 sub_ms_ns)
{
	pg_uuid_t  *result = palloc(sizeof(pg_uuid_t));
	uint8		rand8[8];

	uidx_random_bytes(rand8, sizeof(rand8));
	uuidv7_pack((uint64) unix_ms, (uint32) sub_ms_ns, rand8, UUIDV7_STEP_BITS,
				result->data);
	PG_RETURN_UUID_P(result);
}

PG_FUNCTION_INFO_V1(uidx_uuidv7);
Datum
uidx_uuidv7(PG_FUNCTION_ARGS)
{
	int64		ns = next_ascending_ns();

	/* only a test clock gets here; PostgreSQL 18 would wrap around */
	if (ns < 0 || ns / UIDX_NS_PER_MS > UIDX_MAX_MS48)
		uuidv7_timestamp_out_of_range();
	return uuidv7_datum(ns / UIDX_NS_PER_MS, ns % UIDX_NS_PER_MS);
}

/*
 * The shift is applied to a microsecond timestamptz (calendar-aware, in the
 * session time zone) and the clock's sub-microsecond nanoseconds are put
 * back afterwards, as PostgreSQL 18 does.
 */
PG_FUNCTION_INFO_V1(uidx_uuidv7_interval);
Datum
uidx_uuidv7_interval(PG_FUNCTION_ARGS)
{
	Interval   *shift = PG_GETARG_INTERVAL_P(0);
	int64		ns = next_ascending_ns();
	TimestampTz ts;
	int64		us;

#ifdef INTERVAL_NOT_FINITE		/* infinite intervals exist from 17 on */
	if (INTERVAL_NOT_FINITE(shift))
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("interval out of range for UUID version 7"),
				 errdetail("UUID version 7 does not support infinite intervals.")));
#endif

	ts = (TimestampTz) (ns / UIDX_NS_PER_US) - UIDX_PG_EPOCH_UNIX_US;
	ts = DatumGetTimestampTz(DirectFunctionCall2(timestamptz_pl_interval,
												 TimestampTzGetDatum(ts),
												 IntervalPGetDatum(shift)));
	if (ts < UUIDV7_MIN_TIMESTAMP || ts > UUIDV7_MAX_TIMESTAMP)
		uuidv7_timestamp_out_of_range();

	us = ts + UIDX_PG_EPOCH_UNIX_US;
	return uuidv7_datum(us / UIDX_US_PER_MS,
						(us % UIDX_US_PER_MS) * UIDX_NS_PER_US + ns % UIDX_NS_PER_US);
}

#endif							/* UIDX_CORE_HAS_UUIDV7 */

/* µs from 1582-10-15, the epoch of version 1 UUIDs, to PostgreSQL's (layout.h) */
#define GREGORIAN_TO_PG_EPOCH_US (UIDX_PG_EPOCH_UNIX_US - UIDX_GREGORIAN_UNIX_US)

/*
 * PostgreSQL 18's uuid_extract_timestamp: the 48-bit millisecond field of a
 * version 7, the 60-bit count of 100 ns since 1582-10-15 of a version 1;
 * NULL for other versions and for non-RFC variants.
 */
PG_FUNCTION_INFO_V1(uidx_uuidv7_timestamp);
Datum
uidx_uuidv7_timestamp(PG_FUNCTION_ARGS)
{
	const uint8 *b = PG_GETARG_UUID_P(0)->data;

	if (!uidx_variant_is_rfc(b))
		PG_RETURN_NULL();
	if (uidx_version(b) == 7)
		PG_RETURN_TIMESTAMPTZ(uidx_unix_ms_to_timestamptz((int64) uidx_load_be(b + UUIDV7_TIME_OFFSET,
																				UIDX_TIME_FIELD_BYTES)));
	if (uidx_version(b) == 1)
	{
		uint64		ticks = uuidv1_ticks(b);

		PG_RETURN_TIMESTAMPTZ((TimestampTz) (ticks / 10) - GREGORIAN_TO_PG_EPOCH_US);
	}
	PG_RETURN_NULL();
}

/* uuid_extract_version as in PostgreSQL 17+: NULL for non-RFC variants */
PG_FUNCTION_INFO_V1(uidx_uuid_extract_version);
Datum
uidx_uuid_extract_version(PG_FUNCTION_ARGS)
{
	const uint8 *b = PG_GETARG_UUID_P(0)->data;

	if (!uidx_variant_is_rfc(b))
		PG_RETURN_NULL();
	PG_RETURN_INT16((int16) uidx_version(b));
}

/*
 * The smallest uuid whose first six bytes hold the unix millisecond of `at`,
 * all other bytes zero: the lower bound of a partition of uuid keys whose
 * order reads the millisecond first (UUIDv7, iUID, prefix COMB), as
 * uidx_create_time_partitions uses it (src/sql/common/time-partitions.sql).
 */
PG_FUNCTION_INFO_V1(uidx_uuid_lower_bound);
Datum
uidx_uuid_lower_bound(PG_FUNCTION_ARGS)
{
	pg_uuid_t  *result = palloc0(sizeof(pg_uuid_t));
	int64		unix_ms = uidx_timestamptz_to_unix_ms(PG_GETARG_TIMESTAMPTZ(0), 0,
													  UIDX_MAX_MS48, "uuid");

	uidx_store_be(result->data + UUIDV7_TIME_OFFSET, UIDX_TIME_FIELD_BYTES, (uint64) unix_ms);
	PG_RETURN_UUID_P(result);
}

PG_FUNCTION_INFO_V1(uidx_uuidv7_lower_bound);
Datum
uidx_uuidv7_lower_bound(PG_FUNCTION_ARGS)
{
	static const uint8 zero_random[8] = {0};
	int64		unix_ms = uidx_timestamptz_to_unix_ms(PG_GETARG_TIMESTAMPTZ(0), 0,
													  UIDX_MAX_MS48, "uuid");
	pg_uuid_t  *result = palloc(sizeof(pg_uuid_t));

	uuidv7_pack((uint64) unix_ms, 0, zero_random, 12, result->data);
	PG_RETURN_UUID_P(result);
}

#endif							/* UIDX_NO_POSTGRES */
