/*
 * distid.c -- Architect.Identities' DistributedId (FORMATS.md §A1) as the type
 * `distid`, and its 128-bit sibling DistributedId128 (FORMATS.md §A2) on uuid.
 *
 * The top half of the file is the pure core (also built into the unit tests
 * with UIDX_NO_POSTGRES); the bottom half is the SQL interface.
 */
#include "distid.h"
#include "codec.h"
#include "bytes16.h"
#include "clock.h"
#include "entropy.h"

const uint8_t distid_max[UIDX_LEN] = {
	0x00, 0x00, 0x00, 0x00, 0x1F, 0xFF, 0xFF, 0xFF,
	0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF
};

void
distid_pack(uint64_t t, uint64_t r, uint8_t out[UIDX_LEN])
{
	memset(out, 0, DISTID_TIME_OFFSET);
	uidx_store_be(out + DISTID_TIME_OFFSET, UIDX_TIME_FIELD_BYTES, t);
	uidx_store_be(out + DISTID_RANDOM_OFFSET, DISTID_RANDOM_BYTES, r);
}

void
distid_unpack(const uint8_t in[UIDX_LEN], uint64_t *t, uint64_t *r)
{
	*t = uidx_load_be(in + DISTID_TIME_OFFSET, UIDX_TIME_FIELD_BYTES);
	*r = uidx_load_be(in + DISTID_RANDOM_OFFSET, DISTID_RANDOM_BYTES);
}

const char *
distid_invalid_reason(const uint8_t in[UIDX_LEN])
{
	if (uidx_u128_compare(in, distid_max) > 0)
		return "A distid is an integer below 2^93 (9903520314283042199192993792).";
	return NULL;
}

/*
 * A 16-digit decimal would be ambiguous with the alphanumeric form.  Length
 * decides, in favour of the alphanumeric form: every real ID has 16
 * alphanumeric characters, while a 16-digit decimal is a T of at most 35 ms
 * after 1900, which no generator makes.  Such a value can still be written
 * with a leading zero.
 */
bool
distid_parse_text(const char *text, uint8_t out[UIDX_LEN])
{
	size_t		len = strlen(text);

	if (len == UIDX_ALNUM_DECIMAL_LEN)
		return uidx_alnum_decode_decimal(text, len, out) == UIDX_ALNUM_OK;
	if (len > DISTID_MAX_DIGITS)
		return false;
	return uidx_u128_from_digits(text, len, out);
}

/*
 * FORMATS.md §A1, step by step.  T runs up to 1000 ms behind the clock: within one
 * T the random part grows by random 41-bit increments (about 128 IDs per ms);
 * when it would overflow, T may advance ahead of the lagging clock up to
 * now - 1 ms, so a backend can burst about 128,000 IDs at once; beyond that
 * it waits for the clock.
 */
DistidStep
distid_next(DistidState *state, int64_t now_ms, uint64_t random48)
{
	uint64_t	fresh = random48 & DISTID_RANDOM_MAX;
	uint64_t	increment;
	uint64_t	t;
	uint64_t	latest_allowed;

	if (fresh == 0)
		fresh = 1;
	if (now_ms < DISTID_LEEWAY_MS ||
		(uint64_t) (now_ms - DISTID_LEEWAY_MS) >= DISTID_TIME_LIMIT)
		return DISTID_CLOCK_OUT_OF_RANGE;
	t = (uint64_t) (now_ms - DISTID_LEEWAY_MS);

	if (t > state->t)
	{
		state->t = t;
		state->r = fresh;
		return DISTID_EMIT;
	}

	/* the clock did not advance, or went back: stay on the last T if possible */
	increment = fresh & DISTID_INCREMENT_MASK;
	if (increment == 0)
		increment = 1;
	if (state->r <= DISTID_RANDOM_MAX - increment)
	{
		state->r += increment;
		return DISTID_EMIT;
	}

	/* this T is full: borrow the next one, as long as it is in the past */
	latest_allowed = t + DISTID_LEEWAY_MS - 1;
	if (state->t < latest_allowed)
	{
		if (state->t + 1 >= DISTID_TIME_LIMIT)
			return DISTID_CLOCK_OUT_OF_RANGE;
		state->t++;
		state->r = fresh;
		return DISTID_EMIT;
	}
	if (state->t - latest_allowed <= DISTID_LEEWAY_MS)
		return DISTID_SLEEP;

	/* the clock was set back by more than the burst window */
	if (state->keep_order)
	{
		if (state->t + 1 >= DISTID_TIME_LIMIT)
			return DISTID_CLOCK_OUT_OF_RANGE;
		state->t++;
	}
	else
		state->t = t;
	state->r = fresh;
	return DISTID_EMIT;
}

void
distid128_pack(const Distid128State *value, uint8_t out[UIDX_LEN])
{
	uint64_t	random_top12 = (value->r_high << 1) | (value->r_low >> 63);

	/* T48 is the top of the first 64 bits (DISTID128_TIME_OFFSET 0) */
	uidx_store_be(out, 8, (value->t << UIDX_TIME_FIELD_SHIFT) | (UINT64_C(7) << 12) |
				  random_top12);
	uidx_store_be(out + 8, 8, value->r_low & (UINT64_MAX >> 1));
}

bool
distid128_unpack(const uint8_t in[UIDX_LEN], Distid128State *value)
{
	uint64_t	upper = uidx_load_be(in, 8);
	uint64_t	lower = uidx_load_be(in + 8, 8);

	if (uidx_version(in) != 7 || (lower >> 63) != 0)
		return false;
	value->t = upper >> UIDX_TIME_FIELD_SHIFT;
	value->r_high = (upper >> 1) & DISTID128_RANDOM_HIGH_MAX;
	value->r_low = ((upper & 1) << 63) | lower;
	return true;
}

/*
 * FORMATS.md §A2.  Without a leeway there is no burst beyond the 2^74 / 2^57 (about
 * 131,000) IDs one millisecond holds on average.
 */
DistidStep
distid128_next(Distid128State *state, int64_t now_ms, uint64_t random_high,
			   uint64_t random_low)
{
	uint64_t	fresh_high = random_high & DISTID128_RANDOM_HIGH_MAX;
	uint64_t	fresh_low = random_low;
	uint64_t	increment;
	uint64_t	sum_low;
	uint64_t	sum_high;
	uint64_t	t;

	if (fresh_high == 0 && fresh_low == 0)
		fresh_low = 1;
	if (now_ms < 0 || (uint64_t) now_ms >= DISTID128_TIME_LIMIT)
		return DISTID_CLOCK_OUT_OF_RANGE;
	t = (uint64_t) now_ms;

	if (t > state->t)
	{
		state->t = t;
		state->r_high = fresh_high;
		state->r_low = fresh_low;
		return DISTID_EMIT;
	}

	/* the clock moved on within the last millisecond: keep up with it */
	if (state->clock_fraction && t == state->t && fresh_high > state->r_high)
	{
		state->r_high = fresh_high;
		state->r_low = fresh_low;
		return DISTID_EMIT;
	}

	increment = fresh_low & DISTID128_INCREMENT_MASK;
	if (increment == 0)
		increment = 1;
	sum_low = state->r_low + increment;
	sum_high = state->r_high + (sum_low < increment ? 1 : 0);
	if (sum_high <= DISTID128_RANDOM_HIGH_MAX)
	{
		state->r_high = sum_high;
		state->r_low = sum_low;
		return DISTID_EMIT;
	}
	if (t + DISTID128_SETBACK_MS > state->t)
		return DISTID_SLEEP;

	/* the clock was set back by a second or more */
	if (state->keep_order)
	{
		if (state->t + 1 >= DISTID128_TIME_LIMIT)
			return DISTID_CLOCK_OUT_OF_RANGE;
		state->t++;
		/* the start of a millisecond the clock has not reached */
		if (state->clock_fraction)
			fresh_high = 0;
	}
	else
		state->t = t;
	state->r_high = fresh_high;
	state->r_low = fresh_low;
	if (state->r_high == 0 && state->r_low == 0)
		state->r_low = 1;
	return DISTID_EMIT;
}

#ifndef UIDX_NO_POSTGRES
/* ---------------------------------------------------------------------------
 * SQL interface
 * ------------------------------------------------------------------------- */
#include "miscadmin.h"
#include "utils/builtins.h"
#include "utils/uuid.h"

static char *
distid_format_text(const uint8_t *bytes)
{
	char	   *text = palloc(UIDX_U128_DECIMAL_BUFLEN);

	uidx_u128_to_decimal(bytes, text);
	return text;
}

/*
 * Bytes 0-3 of a valid distid are zero, so comparing bytes 4-15 first gives
 * the same order while making the abbreviated sort key the full T and the
 * top of R instead of four zero bytes and T's top 32 bits.
 */
static const Bytes16Type distid_type = {
	.name = "distid",
	.invalid_reason = distid_invalid_reason,
	.nsegments = DISTID_KEY_NSEGMENTS,
	.segments = DISTID_KEY_SEGMENTS,
	.parse_text = distid_parse_text,
	.format_text = distid_format_text,
};

/*
 * The SQL functions of type distid: each calls the shared code of bytes16.c
 * with the type's descriptor (test/README.md "Where things are").
 */
PG_FUNCTION_INFO_V1(distid_in);
Datum
distid_in(PG_FUNCTION_ARGS)
{
	return bytes16_in(&distid_type, fcinfo);
}

PG_FUNCTION_INFO_V1(distid_out);
Datum
distid_out(PG_FUNCTION_ARGS)
{
	return bytes16_out(&distid_type, fcinfo);
}

PG_FUNCTION_INFO_V1(distid_recv);
Datum
distid_recv(PG_FUNCTION_ARGS)
{
	return bytes16_recv(&distid_type, fcinfo);
}

PG_FUNCTION_INFO_V1(distid_send);
Datum
distid_send(PG_FUNCTION_ARGS)
{
	return bytes16_send(&distid_type, fcinfo);
}

PG_FUNCTION_INFO_V1(distid_sortsupport);
Datum
distid_sortsupport(PG_FUNCTION_ARGS)
{
	return bytes16_sortsupport(&distid_type, fcinfo);
}

PG_FUNCTION_INFO_V1(distid_cmp);
Datum
distid_cmp(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32(bytes16_compare_args(&distid_type, fcinfo));
}

PG_FUNCTION_INFO_V1(distid_lt);
Datum
distid_lt(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(bytes16_compare_args(&distid_type, fcinfo) < 0);
}

PG_FUNCTION_INFO_V1(distid_le);
Datum
distid_le(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(bytes16_compare_args(&distid_type, fcinfo) <= 0);
}

PG_FUNCTION_INFO_V1(distid_gt);
Datum
distid_gt(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(bytes16_compare_args(&distid_type, fcinfo) > 0);
}

PG_FUNCTION_INFO_V1(distid_ge);
Datum
distid_ge(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(bytes16_compare_args(&distid_type, fcinfo) >= 0);
}

PG_FUNCTION_INFO_V1(distid_eq);
Datum
distid_eq(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(bytes16_compare_args(&distid_type, fcinfo) == 0);
}

PG_FUNCTION_INFO_V1(distid_ne);
Datum
distid_ne(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(bytes16_compare_args(&distid_type, fcinfo) != 0);
}

PG_FUNCTION_INFO_V1(distid_hash);
Datum
distid_hash(PG_FUNCTION_ARGS)
{
	return bytes16_hash(fcinfo);
}

PG_FUNCTION_INFO_V1(distid_hash_extended);
Datum
distid_hash_extended(PG_FUNCTION_ARGS)
{
	return bytes16_hash_extended(fcinfo);
}

PG_FUNCTION_INFO_V1(distid_from_uuid);
Datum
distid_from_uuid(PG_FUNCTION_ARGS)
{
	PG_RETURN_BYTES16_P(bytes16_from_uuid(&distid_type, fcinfo));
}

PG_FUNCTION_INFO_V1(distid_larger);
Datum
distid_larger(PG_FUNCTION_ARGS)
{
	return bytes16_larger(&distid_type, fcinfo);
}

PG_FUNCTION_INFO_V1(distid_smaller);
Datum
distid_smaller(PG_FUNCTION_ARGS)
{
	return bytes16_smaller(&distid_type, fcinfo);
}

static int64
clock_ms_since(int64 epoch_unix_ms)
{
	return uidx_floor_div(uidx_now_unix_ns(), UIDX_NS_PER_MS) - epoch_unix_ms;
}

/*
 * Acts on what a generator step asked for; true once it emitted.  Sleeping
 * 1 ms is the throttle of FORMATS.md §A1 and §A2: the step is retried with a fresh
 * clock reading (and the same random draw) until the clock catches up.
 */
static bool
generator_step_done(DistidStep step, const char *type_name)
{
	switch (step)
	{
		case DISTID_EMIT:
			return true;
		case DISTID_SLEEP:
			pg_usleep(1000);
			CHECK_FOR_INTERRUPTS();
			return false;
		case DISTID_CLOCK_OUT_OF_RANGE:
			break;
	}
	ereport(ERROR,
			(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
			 errmsg("system clock is outside the range a %s can hold", type_name)));
	return false;
}

/* ---- distid generator: one state per backend ---- */

static DistidState distid_last;
static int	distid_last_pid = 0;

static void
distid_generate_bytes(uint8_t out[UIDX_LEN])
{
	uint8		random[6];
	uint64		random48;

	if (distid_last_pid != MyProcPid)
	{
		memset(&distid_last, 0, sizeof(distid_last));
		distid_last.keep_order = true;
		distid_last_pid = MyProcPid;
	}
	uidx_random_bytes(random, sizeof(random));
	random48 = uidx_load_be(random, sizeof(random));
	while (!generator_step_done(distid_next(&distid_last,
											clock_ms_since(DISTID_EPOCH_UNIX_MS),
											random48),
								"distid"))
		;
	distid_pack(distid_last.t, distid_last.r, out);
}

PG_FUNCTION_INFO_V1(distid_generate);
Datum
distid_generate(PG_FUNCTION_ARGS)
{
	Bytes16    *result = palloc(sizeof(Bytes16));

	distid_generate_bytes(result->data);
	PG_RETURN_BYTES16_P(result);
}

PG_FUNCTION_INFO_V1(distributed_id);
Datum
distributed_id(PG_FUNCTION_ARGS)
{
	uint8		bytes[UIDX_LEN];

	distid_generate_bytes(bytes);
	return uidx_u128_to_numeric(bytes);
}

/* ---- numeric casts ---- */

PG_FUNCTION_INFO_V1(distid_from_numeric);
Datum
distid_from_numeric(PG_FUNCTION_ARGS)
{
	Bytes16    *result = palloc(sizeof(Bytes16));

	uidx_numeric_to_u128(PG_GETARG_DATUM(0), distid_max, "type distid", result->data);
	PG_RETURN_BYTES16_P(result);
}

PG_FUNCTION_INFO_V1(distid_to_numeric);
Datum
distid_to_numeric(PG_FUNCTION_ARGS)
{
	return uidx_u128_to_numeric(PG_GETARG_BYTES16_P(0)->data);
}

/* ---- time ---- */

static Datum
distid_timestamp_of(const uint8_t bytes[UIDX_LEN])
{
	uint64		t;
	uint64		r;

	distid_unpack(bytes, &t, &r);
	PG_RETURN_TIMESTAMPTZ(uidx_unix_ms_to_timestamptz((int64) t + DISTID_EPOCH_UNIX_MS));
}

PG_FUNCTION_INFO_V1(distid_timestamp);
Datum
distid_timestamp(PG_FUNCTION_ARGS)
{
	return distid_timestamp_of(PG_GETARG_BYTES16_P(0)->data);
}

PG_FUNCTION_INFO_V1(distid_timestamp_numeric);
Datum
distid_timestamp_numeric(PG_FUNCTION_ARGS)
{
	uint8		bytes[UIDX_LEN];

	uidx_numeric_to_u128(PG_GETARG_DATUM(0), distid_max, "type distid", bytes);
	return distid_timestamp_of(bytes);
}

/*
 * The smallest distid whose distid_timestamp() is at or after `at`, so that
 * distid_timestamp(id) >= at exactly when id >= distid_lower_bound(at).  The
 * millisecond is therefore rounded up: at 12:00:00.0005 the first qualifying
 * ID is the first of 12:00:00.001.  (An out-of-range error shows `at`
 * rounded up likewise.)
 */
PG_FUNCTION_INFO_V1(distid_lower_bound);
Datum
distid_lower_bound(PG_FUNCTION_ARGS)
{
	TimestampTz at = PG_GETARG_TIMESTAMPTZ(0);
	int64		sub_ms = TIMESTAMP_NOT_FINITE(at) ? 0 : at % UIDX_US_PER_MS;
	int64		unix_ms;
	Bytes16    *result = palloc(sizeof(Bytes16));

	if (sub_ms != 0)
		at += (sub_ms > 0 ? UIDX_US_PER_MS : 0) - sub_ms;
	unix_ms = uidx_timestamptz_to_unix_ms(at, DISTID_EPOCH_UNIX_MS,
										  DISTID_EPOCH_UNIX_MS + (int64) DISTID_TIME_LIMIT - 1,
										  "distid");
	distid_pack((uint64) (unix_ms - DISTID_EPOCH_UNIX_MS), 0, result->data);
	PG_RETURN_BYTES16_P(result);
}

/* ---- DistributedId128 on uuid ---- */

static Distid128State distid128_last;
static int	distid128_last_pid = 0;

PG_FUNCTION_INFO_V1(distid128_generate);
Datum
distid128_generate(PG_FUNCTION_ARGS)
{
	pg_uuid_t  *result = palloc(sizeof(pg_uuid_t));
	uint64		random_low;
	uint32		fraction;
	int64		unix_ms;

	if (distid128_last_pid != MyProcPid)
	{
		memset(&distid128_last, 0, sizeof(distid128_last));
		distid128_last.keep_order = true;
		distid128_last.clock_fraction = true;
		distid128_last_pid = MyProcPid;
	}
	uidx_random_bytes(&random_low, sizeof(random_low));
	/* R75's top 11 bits are the fraction of the same clock reading (§A2) */
	do
		unix_ms = uidx_now_unix_ms_fraction(DISTID128_FRACTION_BITS, &fraction);
	while (!generator_step_done(distid128_next(&distid128_last,
											   unix_ms - DISTID128_EPOCH_UNIX_MS,
											   fraction, random_low),
								"DistributedId128"));
	distid128_pack(&distid128_last, result->data);
	PG_RETURN_UUID_P(result);
}

PG_FUNCTION_INFO_V1(distid128_timestamp);
Datum
distid128_timestamp(PG_FUNCTION_ARGS)
{
	Distid128State value;

	if (!distid128_unpack(PG_GETARG_UUID_P(0)->data, &value))
		PG_RETURN_NULL();
	PG_RETURN_TIMESTAMPTZ(uidx_unix_ms_to_timestamptz((int64) value.t +
													  DISTID128_EPOCH_UNIX_MS));
}

#endif							/* UIDX_NO_POSTGRES */
