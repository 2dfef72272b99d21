/*
 * alnum.c -- SQL interface of the alphanumeric ID encoding (FORMATS.md §A3).
 *
 * The encoding itself is the shared pure code in codec.c; this file only
 * maps SQL types onto it: bigint -> 11 characters, numeric and distid -> 16,
 * uuid -> 22.  Decoding is strict (see codec.c) and raises 22P02.
 */
#include "uidx.h"
#include "codec.h"
#include "bytes16.h"

#ifndef UIDX_NO_POSTGRES
#include "distid.h"
#include "utils/builtins.h"
#include "utils/uuid.h"

PG_FUNCTION_INFO_V1(alnum_encode_bigint);
Datum
alnum_encode_bigint(PG_FUNCTION_ARGS)
{
	int64		v = PG_GETARG_INT64(0);
	char		text[UIDX_ALNUM_U64_LEN + 1];

	if (v < 0)
		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("value " INT64_FORMAT " is out of range for alnum_encode(bigint)", v),
				 errdetail("Only non-negative values have an alphanumeric form.")));
	uidx_alnum_encode_u64((uint64) v, text);
	PG_RETURN_TEXT_P(cstring_to_text(text));
}

static Datum
alnum_encode_decimal_datum(const uint8 value[UIDX_LEN])
{
	char		text[UIDX_ALNUM_DECIMAL_LEN + 1];

	if (!uidx_alnum_encode_decimal(value, text))
		elog(ERROR, "value above 10^28-1 reached the alphanumeric decimal encoder");
	PG_RETURN_TEXT_P(cstring_to_text(text));
}

PG_FUNCTION_INFO_V1(alnum_encode_numeric);
Datum
alnum_encode_numeric(PG_FUNCTION_ARGS)
{
	uint8		value[UIDX_LEN];

	uidx_numeric_scale0_to_u128(PG_GETARG_DATUM(0), uidx_decimal28_max,
								"alnum_encode(numeric)", value);
	return alnum_encode_decimal_datum(value);
}

PG_FUNCTION_INFO_V1(alnum_encode_distid);
Datum
alnum_encode_distid(PG_FUNCTION_ARGS)
{
	return alnum_encode_decimal_datum(PG_GETARG_BYTES16_P(0)->data);
}

PG_FUNCTION_INFO_V1(alnum_encode_uuid);
Datum
alnum_encode_uuid(PG_FUNCTION_ARGS)
{
	char		text[UIDX_ALNUM_U128_LEN + 1];

	uidx_alnum_encode_u128(PG_GETARG_UUID_P(0)->data, text);
	PG_RETURN_TEXT_P(cstring_to_text(text));
}

/* ---- decoders ---- */

/* the text argument of a decoder, as bytes (not NUL-terminated) */
typedef struct AlnumArg
{
	const char *chars;
	size_t		len;
} AlnumArg;

static AlnumArg
alnum_arg(FunctionCallInfo fcinfo)
{
	text	   *input = PG_GETARG_TEXT_PP(0);
	AlnumArg	arg = {VARDATA_ANY(input), VARSIZE_ANY_EXHDR(input)};

	return arg;
}

static void
alnum_check(UidxAlnumStatus status, AlnumArg arg, const char *type_name, int expected_len)
{
	if (status != UIDX_ALNUM_OK)
		uidx_alnum_raise(status, type_name, expected_len, arg.chars, arg.len);
}

PG_FUNCTION_INFO_V1(alnum_decode_bigint);
Datum
alnum_decode_bigint(PG_FUNCTION_ARGS)
{
	AlnumArg	arg = alnum_arg(fcinfo);
	uint64		v = 0;
	UidxAlnumStatus status = uidx_alnum_decode_u64(arg.chars, arg.len, &v);

	if (status == UIDX_ALNUM_OK && v > (uint64) PG_INT64_MAX)
		status = UIDX_ALNUM_OUT_OF_RANGE;
	alnum_check(status, arg, "bigint", UIDX_ALNUM_U64_LEN);
	PG_RETURN_INT64((int64) v);
}

/* the 16-character decimal form, additionally bounded by max */
static void
alnum_decode_decimal_arg(FunctionCallInfo fcinfo, const uint8 max[UIDX_LEN],
						 const char *type_name, uint8 value[UIDX_LEN])
{
	AlnumArg	arg = alnum_arg(fcinfo);
	UidxAlnumStatus status = uidx_alnum_decode_decimal(arg.chars, arg.len, value);

	if (status == UIDX_ALNUM_OK && uidx_u128_compare(value, max) > 0)
		status = UIDX_ALNUM_OUT_OF_RANGE;
	alnum_check(status, arg, type_name, UIDX_ALNUM_DECIMAL_LEN);
}

PG_FUNCTION_INFO_V1(alnum_decode_numeric);
Datum
alnum_decode_numeric(PG_FUNCTION_ARGS)
{
	uint8		value[UIDX_LEN];

	alnum_decode_decimal_arg(fcinfo, uidx_decimal28_max, "numeric", value);
	return uidx_u128_to_numeric(value);
}

PG_FUNCTION_INFO_V1(alnum_decode_distid);
Datum
alnum_decode_distid(PG_FUNCTION_ARGS)
{
	uint8		value[UIDX_LEN];

	alnum_decode_decimal_arg(fcinfo, distid_max, "distid", value);
	PG_RETURN_BYTES16_P(bytes16_copy(value));
}

PG_FUNCTION_INFO_V1(alnum_decode_uuid);
Datum
alnum_decode_uuid(PG_FUNCTION_ARGS)
{
	AlnumArg	arg = alnum_arg(fcinfo);
	pg_uuid_t  *result = palloc(sizeof(pg_uuid_t));

	alnum_check(uidx_alnum_decode_u128(arg.chars, arg.len, result->data),
				arg, "uuid", UIDX_ALNUM_U128_LEN);
	PG_RETURN_UUID_P(result);
}

#endif							/* UIDX_NO_POSTGRES */
