/*
 * iuid.c -- inDrive's iUID, a UUIDv8 (FORMATS.md §C):
 *
 *   TTTTTTTT-TTTT-8Fcc-Vsrr-rrrrrrrrrrrr
 *   48-bit unix ms | version 8 | format version F (0) | country |
 *   variant 10 | 8-bit service entity | 54 random bits
 *
 * The top half of the file is the pure core (also built into the fuzz
 * harness with UIDX_NO_POSTGRES); the bottom half is the SQL interface.
 */
#include "iuid.h"
#include "bytes16.h"
#include "clock.h"
#include "entropy.h"

void
iuid_pack(const IuidFields *f, uint8_t out[UIDX_LEN])
{
	uint64_t	lsb;

	uidx_store_be(out + IUID_TIME_OFFSET, UIDX_TIME_FIELD_BYTES, (uint64_t) f->unix_ms);
	out[IUID_FORMAT_BYTE] = (uint8_t) (0x80 | (f->format_version & 0x0F));
	out[IUID_COUNTRY_BYTE] = (uint8_t) f->country;
	lsb = (UINT64_C(2) << 62) |
		((uint64_t) (f->service_entity & 0xFF) << IUID_RANDOM_BITS) |
		(f->random & IUID_RANDOM_MAX);
	uidx_store_be(out + IUID_LOW_OFFSET, IUID_LOW_BYTES, lsb);
}

void
iuid_unpack(const uint8_t in[UIDX_LEN], IuidFields *f)
{
	uint64_t	lsb = uidx_load_be(in + IUID_LOW_OFFSET, IUID_LOW_BYTES);

	f->unix_ms = (int64_t) uidx_load_be(in + IUID_TIME_OFFSET, UIDX_TIME_FIELD_BYTES);
	f->format_version = in[IUID_FORMAT_BYTE] & 0x0F;
	f->country = in[IUID_COUNTRY_BYTE];
	f->service_entity = (int) ((lsb >> IUID_RANDOM_BITS) & 0xFF);
	f->random = lsb & IUID_RANDOM_MAX;
}

const char *
iuid_invalid_reason(const uint8_t in[UIDX_LEN])
{
	if (uidx_version(in) != 8)
		return "An iUID has version 8 (the 13th hex digit).";
	if (!uidx_variant_is_rfc(in))
		return "An iUID has the RFC 9562 variant: the 17th hex digit is 8, 9, a or b.";
	if ((in[IUID_FORMAT_BYTE] & 0x0F) != 0)
		return "Only iUID format version 0 (the 14th hex digit) is defined.";
	return NULL;
}

/*
 * rand starts with the clock's fraction of its millisecond, then random bits
 * whose top bit is clear, so at least 2^41 of headroom is left below the
 * next fraction for increments (FORMATS.md §C).  Values of concurrent
 * backends thus arrive nearly in time order, and an index on them fills its
 * leaves as from one writer instead of splitting them in the middle.
 */
static uint64_t
iuid_fresh_random(uint32_t fraction, uint64_t fresh)
{
	return ((uint64_t) fraction << IUID_BELOW_FRACTION_BITS) |
		(fresh & ((UINT64_C(1) << (IUID_BELOW_FRACTION_BITS - 1)) - 1));
}

/*
 * One high-water mark (unix_ms, random) per backend, whatever the origin
 * (FORMATS.md §C).  Past its millisecond the value is fresh.  Within it the
 * value is fresh only when the clock's fraction has moved past the previous
 * random's fraction bits, and otherwise the previous random + 1 + a fresh
 * 32-bit step, so knowing one ID does not reveal the next.  Increments may
 * carry into the fraction bits: the value then runs a little ahead of the
 * clock within its millisecond, as RFC 9562's method 3 counters do.  Only a
 * full random field borrows the next millisecond, after at least 2^21 IDs
 * in one, so the time is never more than 1 ms ahead of the clock, except
 * after the clock stepped back, where the last millisecond is kept: order
 * beats wall-clock accuracy.  Country and entity take no part: (unix_ms,
 * random) strictly increases, so each origin's IDs strictly increase, and an
 * ID whose origin sorts lower within the same millisecond sorts below the
 * previous one instead of moving the time ahead.
 */
void
iuid_next(const IuidFields *prev, int64_t now_ms, uint32_t fraction,
		  int country, int service_entity, uint64_t fresh, uint32_t step,
		  IuidFields *next)
{
	next->format_version = 0;
	next->country = country;
	next->service_entity = service_entity;
	next->random = iuid_fresh_random(fraction & ((1u << IUID_FRACTION_BITS) - 1), fresh);
	next->unix_ms = now_ms;

	if (prev == NULL || now_ms > prev->unix_ms)
		return;

	next->unix_ms = prev->unix_ms;
	/* the clock moved on to a later fraction within prev's millisecond */
	if (now_ms == prev->unix_ms &&
		(next->random >> IUID_BELOW_FRACTION_BITS) > (prev->random >> IUID_BELOW_FRACTION_BITS))
		return;
	if (prev->random <= IUID_RANDOM_MAX - 1 - (uint64_t) step)
	{
		next->random = prev->random + 1 + step;
		return;
	}
	/* the next millisecond, from its start: the clock is not there yet */
	next->unix_ms = prev->unix_ms + 1;
	next->random = iuid_fresh_random(0, fresh);
}

#ifndef UIDX_NO_POSTGRES
/* ---------------------------------------------------------------------------
 * SQL interface
 * ------------------------------------------------------------------------- */
#include "miscadmin.h"
#include "utils/guc.h"
#include "utils/uuid.h"

static const Bytes16Type iuid_type = {
	.name = "iuid",
	.invalid_reason = iuid_invalid_reason,
	.nsegments = IUID_KEY_NSEGMENTS,
	.segments = IUID_KEY_SEGMENTS,
};

/*
 * The SQL functions of type iuid: each calls the shared code of bytes16.c
 * with the type's descriptor (test/README.md "Where things are").
 */
PG_FUNCTION_INFO_V1(iuid_in);
Datum
iuid_in(PG_FUNCTION_ARGS)
{
	return bytes16_in(&iuid_type, fcinfo);
}

PG_FUNCTION_INFO_V1(iuid_out);
Datum
iuid_out(PG_FUNCTION_ARGS)
{
	return bytes16_out(&iuid_type, fcinfo);
}

PG_FUNCTION_INFO_V1(iuid_recv);
Datum
iuid_recv(PG_FUNCTION_ARGS)
{
	return bytes16_recv(&iuid_type, fcinfo);
}

PG_FUNCTION_INFO_V1(iuid_send);
Datum
iuid_send(PG_FUNCTION_ARGS)
{
	return bytes16_send(&iuid_type, fcinfo);
}

PG_FUNCTION_INFO_V1(iuid_sortsupport);
Datum
iuid_sortsupport(PG_FUNCTION_ARGS)
{
	return bytes16_sortsupport(&iuid_type, fcinfo);
}

PG_FUNCTION_INFO_V1(iuid_cmp);
Datum
iuid_cmp(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32(bytes16_compare_args(&iuid_type, fcinfo));
}

PG_FUNCTION_INFO_V1(iuid_lt);
Datum
iuid_lt(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(bytes16_compare_args(&iuid_type, fcinfo) < 0);
}

PG_FUNCTION_INFO_V1(iuid_le);
Datum
iuid_le(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(bytes16_compare_args(&iuid_type, fcinfo) <= 0);
}

PG_FUNCTION_INFO_V1(iuid_gt);
Datum
iuid_gt(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(bytes16_compare_args(&iuid_type, fcinfo) > 0);
}

PG_FUNCTION_INFO_V1(iuid_ge);
Datum
iuid_ge(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(bytes16_compare_args(&iuid_type, fcinfo) >= 0);
}

PG_FUNCTION_INFO_V1(iuid_eq);
Datum
iuid_eq(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(bytes16_compare_args(&iuid_type, fcinfo) == 0);
}

PG_FUNCTION_INFO_V1(iuid_ne);
Datum
iuid_ne(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(bytes16_compare_args(&iuid_type, fcinfo) != 0);
}

PG_FUNCTION_INFO_V1(iuid_hash);
Datum
iuid_hash(PG_FUNCTION_ARGS)
{
	return bytes16_hash(fcinfo);
}

PG_FUNCTION_INFO_V1(iuid_hash_extended);
Datum
iuid_hash_extended(PG_FUNCTION_ARGS)
{
	return bytes16_hash_extended(fcinfo);
}

PG_FUNCTION_INFO_V1(iuid_from_uuid);
Datum
iuid_from_uuid(PG_FUNCTION_ARGS)
{
	PG_RETURN_BYTES16_P(bytes16_from_uuid(&iuid_type, fcinfo));
}

PG_FUNCTION_INFO_V1(iuid_larger);
Datum
iuid_larger(PG_FUNCTION_ARGS)
{
	return bytes16_larger(&iuid_type, fcinfo);
}

PG_FUNCTION_INFO_V1(iuid_smaller);
Datum
iuid_smaller(PG_FUNCTION_ARGS)
{
	return bytes16_smaller(&iuid_type, fcinfo);
}

/*
 * The country order of iuid_country_ops (docs/regions.md "Regions"): the country byte
 * first, then the default order.  With the country first, a range partition
 * per region holds each region's IDs in one contiguous range, and the
 * abbreviated sort key starts with the country.  Bytes 0-6 and 8-15 after
 * byte 7 are the default order for IDs of one country, so the two orders
 * agree within a country and share `=`.
 */
static const Bytes16Type iuid_country_type = {
	.name = "iuid",
	.invalid_reason = iuid_invalid_reason,
	.nsegments = IUID_COUNTRY_KEY_NSEGMENTS,
	.segments = IUID_COUNTRY_KEY_SEGMENTS,
};

/* The functions of the country order: the same shared code, its own descriptor. */
PG_FUNCTION_INFO_V1(iuid_country_sortsupport);
Datum
iuid_country_sortsupport(PG_FUNCTION_ARGS)
{
	return bytes16_sortsupport(&iuid_country_type, fcinfo);
}

PG_FUNCTION_INFO_V1(iuid_country_cmp);
Datum
iuid_country_cmp(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32(bytes16_compare_args(&iuid_country_type, fcinfo));
}

PG_FUNCTION_INFO_V1(iuid_country_lt);
Datum
iuid_country_lt(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(bytes16_compare_args(&iuid_country_type, fcinfo) < 0);
}

PG_FUNCTION_INFO_V1(iuid_country_le);
Datum
iuid_country_le(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(bytes16_compare_args(&iuid_country_type, fcinfo) <= 0);
}

PG_FUNCTION_INFO_V1(iuid_country_gt);
Datum
iuid_country_gt(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(bytes16_compare_args(&iuid_country_type, fcinfo) > 0);
}

PG_FUNCTION_INFO_V1(iuid_country_ge);
Datum
iuid_country_ge(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(bytes16_compare_args(&iuid_country_type, fcinfo) >= 0);
}

/* ---- uidx.country ---- */

static char *country_setting_text = NULL;
static int	country_setting = -1;

/*
 * A string setting, because empty means unset; a number in it is read by
 * the server's own parse_int, so it takes exactly what an integer setting
 * takes: surrounding white space, a sign, 0x hex, 0 octal, and a fraction
 * or exponent rounded to the nearest integer.
 */
static bool
parse_country(const char *text, int *country)
{
	int			v;

	if (!parse_int(text, &v, 0, NULL) || v < 0 || v > 255)
		return false;
	*country = v;
	return true;
}

static bool
check_country_setting(char **newval, void **extra, GucSource source)
{
	int			country;

	if (*newval == NULL || (*newval)[0] == '\0' || parse_country(*newval, &country))
		return true;
	GUC_check_errdetail("uidx.country must be an integer from 0 to 255, or empty for unset.");
	return false;
}

static void
assign_country_setting(const char *newval, void *extra)
{
	if (newval == NULL || newval[0] == '\0' || !parse_country(newval, &country_setting))
		country_setting = -1;
}

void
uidx_define_iuid_settings(void)
{
	DefineCustomStringVariable("uidx.country",
							   "Country code (0-255) iuid_generate() uses when none is given.",
							   "Has no default; set it per regional database with ALTER DATABASE ... SET uidx.country = N.",
							   &country_setting_text,
							   "",
							   PGC_USERSET, 0,
							   check_country_setting, assign_country_setting, NULL);
}

/* ---- argument checks ---- */

static int
iuid_byte_arg(FunctionCallInfo fcinfo, int argno, const char *what)
{
	int32		v;

	char		label[64];

	snprintf(label, sizeof(label), "iuid %s", what);
	uidx_require_arg(fcinfo, argno, label);
	v = PG_GETARG_INT32(argno);
	if (v < 0 || v > 255)
		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("iuid %s %d is out of range", what, v),
				 errdetail("An iUID %s is an integer from 0 to 255.", what)));
	return v;
}

/* The country argument, or uidx.country when it is NULL. */
static int
iuid_country_arg(FunctionCallInfo fcinfo, int argno)
{
	if (!PG_ARGISNULL(argno))
		return iuid_byte_arg(fcinfo, argno, "country");
	if (country_setting < 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("no country given and uidx.country is not set"),
				 errhint("Pass the country, or set it for the database: ALTER DATABASE ... SET uidx.country = N.")));
	return country_setting;
}

static int64
iuid_ms_arg(FunctionCallInfo fcinfo, int argno)
{
	uidx_require_arg(fcinfo, argno, "iuid timestamp");
	return uidx_timestamptz_to_unix_ms(PG_GETARG_TIMESTAMPTZ(argno), 0,
									   UIDX_MAX_MS48, "iuid");
}

static Datum
iuid_datum(const IuidFields *f)
{
	Bytes16    *result = palloc(sizeof(Bytes16));

	iuid_pack(f, result->data);
	PG_RETURN_BYTES16_P(result);
}

/* ---- generators ---- */

static IuidFields last_generated;
static int	last_generated_pid = 0;	/* 0: nothing generated in this process */

PG_FUNCTION_INFO_V1(iuid_generate);
Datum
iuid_generate(PG_FUNCTION_ARGS)
{
	int			service_entity = iuid_byte_arg(fcinfo, 0, "service_entity");
	int			country = iuid_country_arg(fcinfo, 1);
	uint64		draw[2];
	uint32		fraction;
	int64		now_ms = uidx_now_unix_ms_fraction(IUID_FRACTION_BITS, &fraction);
	IuidFields	next;

	if (now_ms < 0 || now_ms > UIDX_MAX_MS48)
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("system clock is outside the range an iuid can hold")));

	uidx_random_bytes(draw, sizeof(draw));
	iuid_next(last_generated_pid == MyProcPid ? &last_generated : NULL,
			  now_ms, fraction, country, service_entity, draw[0], (uint32) draw[1],
			  &next);
	if (next.unix_ms > UIDX_MAX_MS48)
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("iuid timestamp space is exhausted")));
	last_generated = next;
	last_generated_pid = MyProcPid;
	return iuid_datum(&next);
}

PG_FUNCTION_INFO_V1(iuid_generate_at);
Datum
iuid_generate_at(PG_FUNCTION_ARGS)
{
	IuidFields	f;

	f.unix_ms = iuid_ms_arg(fcinfo, 0);
	f.service_entity = iuid_byte_arg(fcinfo, 1, "service_entity");
	f.country = iuid_country_arg(fcinfo, 2);
	f.format_version = 0;
	f.random = uidx_random_u64() & IUID_RANDOM_MAX;
	return iuid_datum(&f);
}

PG_FUNCTION_INFO_V1(iuid_from_parts);
Datum
iuid_from_parts(PG_FUNCTION_ARGS)
{
	IuidFields	f;
	int64		random = PG_GETARG_INT64(3);

	f.unix_ms = iuid_ms_arg(fcinfo, 0);
	f.country = iuid_byte_arg(fcinfo, 1, "country");
	f.service_entity = iuid_byte_arg(fcinfo, 2, "service_entity");
	if (random < 0 || (uint64) random > IUID_RANDOM_MAX)
		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("iuid random part " INT64_FORMAT " is out of range", random),
				 errdetail("The random part of an iUID is an integer from 0 to 2^54-1.")));
	f.format_version = 0;
	f.random = (uint64) random;
	return iuid_datum(&f);
}

PG_FUNCTION_INFO_V1(iuid_lower_bound);
Datum
iuid_lower_bound(PG_FUNCTION_ARGS)
{
	IuidFields	f = {0};

	f.unix_ms = iuid_ms_arg(fcinfo, 0);
	return iuid_datum(&f);
}

/* The smallest iUID of a country in the country order: a partition bound. */
PG_FUNCTION_INFO_V1(iuid_country_lower_bound);
Datum
iuid_country_lower_bound(PG_FUNCTION_ARGS)
{
	IuidFields	f = {0};

	f.country = iuid_byte_arg(fcinfo, 0, "country");
	return iuid_datum(&f);
}

/* ---- extraction: on iuid always a value, on uuid NULL unless it is an iUID ---- */

/* The fields of a uuid, false unless it holds an iUID. */
static bool
iuid_unpack_uuid(const uint8 *bytes, IuidFields *f)
{
	if (iuid_invalid_reason(bytes) != NULL)
		return false;
	iuid_unpack(bytes, f);
	return true;
}

PG_FUNCTION_INFO_V1(iuid_timestamp);
Datum
iuid_timestamp(PG_FUNCTION_ARGS)
{
	IuidFields	f;

	iuid_unpack(PG_GETARG_BYTES16_P(0)->data, &f);
	return TimestampTzGetDatum(uidx_unix_ms_to_timestamptz(f.unix_ms));
}

PG_FUNCTION_INFO_V1(iuid_timestamp_uuid);
Datum
iuid_timestamp_uuid(PG_FUNCTION_ARGS)
{
	IuidFields	f;

	if (!iuid_unpack_uuid(PG_GETARG_UUID_P(0)->data, &f))
		PG_RETURN_NULL();
	return TimestampTzGetDatum(uidx_unix_ms_to_timestamptz(f.unix_ms));
}

PG_FUNCTION_INFO_V1(iuid_country);
Datum
iuid_country(PG_FUNCTION_ARGS)
{
	IuidFields	f;

	iuid_unpack(PG_GETARG_BYTES16_P(0)->data, &f);
	return Int32GetDatum(f.country);
}

PG_FUNCTION_INFO_V1(iuid_country_uuid);
Datum
iuid_country_uuid(PG_FUNCTION_ARGS)
{
	IuidFields	f;

	if (!iuid_unpack_uuid(PG_GETARG_UUID_P(0)->data, &f))
		PG_RETURN_NULL();
	return Int32GetDatum(f.country);
}

PG_FUNCTION_INFO_V1(iuid_service_entity);
Datum
iuid_service_entity(PG_FUNCTION_ARGS)
{
	IuidFields	f;

	iuid_unpack(PG_GETARG_BYTES16_P(0)->data, &f);
	return Int32GetDatum(f.service_entity);
}

PG_FUNCTION_INFO_V1(iuid_service_entity_uuid);
Datum
iuid_service_entity_uuid(PG_FUNCTION_ARGS)
{
	IuidFields	f;

	if (!iuid_unpack_uuid(PG_GETARG_UUID_P(0)->data, &f))
		PG_RETURN_NULL();
	return Int32GetDatum(f.service_entity);
}

PG_FUNCTION_INFO_V1(iuid_format_version);
Datum
iuid_format_version(PG_FUNCTION_ARGS)
{
	IuidFields	f;

	iuid_unpack(PG_GETARG_BYTES16_P(0)->data, &f);
	return Int32GetDatum(f.format_version);
}

PG_FUNCTION_INFO_V1(iuid_format_version_uuid);
Datum
iuid_format_version_uuid(PG_FUNCTION_ARGS)
{
	IuidFields	f;

	if (!iuid_unpack_uuid(PG_GETARG_UUID_P(0)->data, &f))
		PG_RETURN_NULL();
	return Int32GetDatum(f.format_version);
}

PG_FUNCTION_INFO_V1(iuid_random);
Datum
iuid_random(PG_FUNCTION_ARGS)
{
	IuidFields	f;

	iuid_unpack(PG_GETARG_BYTES16_P(0)->data, &f);
	return Int64GetDatum((int64) f.random);
}

PG_FUNCTION_INFO_V1(iuid_random_uuid);
Datum
iuid_random_uuid(PG_FUNCTION_ARGS)
{
	IuidFields	f;

	if (!iuid_unpack_uuid(PG_GETARG_UUID_P(0)->data, &f))
		PG_RETURN_NULL();
	return Int64GetDatum((int64) f.random);
}

#endif							/* UIDX_NO_POSTGRES */
