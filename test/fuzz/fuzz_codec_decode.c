/*
 * libFuzzer harness: the strict alphanumeric decoders behind alnum_decode_*
 * (11, 16 and 22 characters; any bytes, NULs included, as SQL text of that
 * length) and the numeric_out text parser behind numeric -> distid.
 * sources: src/codec.c
 *
 * Strict decoding makes the encoding a bijection: whatever decodes must
 * encode back to exactly the input.  Each status must also be the one an
 * independent reading of the rules gives: wrong length, then a character
 * outside 0-9 A-Z a-z, then an 11-character block above 2^64 - 1 (with a
 * fixed width and an alphabet in ASCII order that is a text comparison with
 * the encoding of 2^64 - 1), then a 16-character decimal above 10^28 - 1.
 * A parsed numeric text must print as a decimal that parses to the same
 * integer, and equals the input's integer digits without leading zeros;
 * its status must be the one the grammar of numeric_out gives.
 */
#include <stdlib.h>
#include <string.h>

#include "uidx.h"
#include "codec.h"

int			LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char u64_max_block[] = "LygHa16AHYF";	/* 2^64 - 1 */
static const char u128_max_decimal[] = "340282366920938463463374607431768211455";

static bool
is_alnum_char(uint8_t c)
{
	return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

/* the status a decoder of `expected` characters must give, range aside */
static UidxAlnumStatus
reference_alnum(const uint8_t *text, size_t len, size_t expected,
				const size_t *block_starts, int nblocks)
{
	if (len != expected)
		return UIDX_ALNUM_BAD_LENGTH;
	for (size_t i = 0; i < len; i++)
		if (!is_alnum_char(text[i]))
			return UIDX_ALNUM_BAD_CHARACTER;
	for (int b = 0; b < nblocks; b++)
		if (memcmp(text + block_starts[b], u64_max_block, 11) > 0)
			return UIDX_ALNUM_NONCANONICAL;
	return UIDX_ALNUM_OK;
}

static void
check_alnum(const uint8_t *data, size_t size)
{
	const char *text = (const char *) data;
	static const size_t u64_blocks[] = {0};
	static const size_t u128_blocks[] = {0, 11};
	static const size_t decimal_blocks[] = {5};
	uint8_t		bytes[UIDX_LEN];
	char		encoded[UIDX_U128_DECIMAL_BUFLEN];
	char		max_text[UIDX_ALNUM_DECIMAL_LEN + 1];
	uint64_t	v;
	UidxAlnumStatus status;
	UidxAlnumStatus expected;

	status = uidx_alnum_decode_u64(text, size, &v);
	if (status != reference_alnum(data, size, UIDX_ALNUM_U64_LEN, u64_blocks, 1))
		abort();
	if (status == UIDX_ALNUM_OK)
	{
		uidx_alnum_encode_u64(v, encoded);
		if (memcmp(encoded, text, size) != 0)
			abort();
	}

	status = uidx_alnum_decode_u128(text, size, bytes);
	if (status != reference_alnum(data, size, UIDX_ALNUM_U128_LEN, u128_blocks, 2))
		abort();
	if (status == UIDX_ALNUM_OK)
	{
		uidx_alnum_encode_u128(bytes, encoded);
		if (memcmp(encoded, text, size) != 0)
			abort();
	}

	/* the decimal form: five characters of the high half, then a full block */
	if (!uidx_alnum_encode_decimal(uidx_decimal28_max, max_text))
		abort();
	expected = reference_alnum(data, size, UIDX_ALNUM_DECIMAL_LEN, decimal_blocks, 1);
	if (expected == UIDX_ALNUM_OK && memcmp(text, max_text, UIDX_ALNUM_DECIMAL_LEN) > 0)
		expected = UIDX_ALNUM_OUT_OF_RANGE;
	status = uidx_alnum_decode_decimal(text, size, bytes);
	if (status != expected)
		abort();
	if (status == UIDX_ALNUM_OK)
	{
		if (!uidx_alnum_encode_decimal(bytes, encoded) || memcmp(encoded, text, size) != 0)
			abort();
	}
}

static bool
all_digits(const char *p, size_t len)
{
	return strspn(p, "0123456789") >= len;
}

/* numeric_out's grammar: NaN | [-]Infinity | [-]digits[.digits] */
static UidxNumericStatus
reference_numeric(const char *text, const char **int_digits, size_t *int_len)
{
	const char *p = text;
	const char *point;
	bool		negative = false;
	bool		fraction = false;

	if (strcmp(p, "NaN") == 0 || strcmp(p, "Infinity") == 0 || strcmp(p, "-Infinity") == 0)
		return UIDX_NUMERIC_NOT_FINITE;
	if (*p == '-')
	{
		negative = true;
		p++;
	}
	point = strchr(p, '.');
	*int_len = point ? (size_t) (point - p) : strlen(p);
	if (*int_len == 0 || !all_digits(p, *int_len))
		return UIDX_NUMERIC_MALFORMED;
	if (point && (point[1] == '\0' || !all_digits(point + 1, strlen(point + 1))))
		return UIDX_NUMERIC_MALFORMED;
	for (const char *f = point ? point + 1 : ""; *f; f++)
		fraction |= (*f != '0');
	if (fraction)
		return UIDX_NUMERIC_NOT_INTEGER;
	while (*int_len > 1 && *p == '0')
	{
		p++;
		(*int_len)--;
	}
	*int_digits = p;
	if (negative && strncmp(p, "0", *int_len) != 0)
		return UIDX_NUMERIC_NEGATIVE;
	if (*int_len > strlen(u128_max_decimal) ||
		(*int_len == strlen(u128_max_decimal) && memcmp(p, u128_max_decimal, *int_len) > 0))
		return UIDX_NUMERIC_TOO_LARGE;
	return UIDX_NUMERIC_OK;
}

static void
check_numeric(const uint8_t *data, size_t size)
{
	char	   *cstring = malloc(size + 1);
	uint8_t		bytes[UIDX_LEN];
	uint8_t		again[UIDX_LEN];
	char		encoded[UIDX_U128_DECIMAL_BUFLEN];
	const char *int_digits = NULL;
	size_t		int_len = 0;
	UidxNumericStatus status;

	memcpy(cstring, data, size);
	cstring[size] = '\0';
	status = uidx_numeric_text_to_u128(cstring, bytes);
	if (status != reference_numeric(cstring, &int_digits, &int_len))
		abort();
	if (status == UIDX_NUMERIC_OK)
	{
		uidx_u128_to_decimal(bytes, encoded);
		if (strlen(encoded) != int_len || memcmp(encoded, int_digits, int_len) != 0)
			abort();
		if (uidx_numeric_text_to_u128(encoded, again) != UIDX_NUMERIC_OK ||
			memcmp(bytes, again, UIDX_LEN) != 0 ||
			!uidx_u128_from_digits(encoded, strlen(encoded), again) ||
			memcmp(bytes, again, UIDX_LEN) != 0)
			abort();
	}
	free(cstring);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	check_alnum(data, size);
	check_numeric(data, size);
	return 0;
}
