/*
 * codec.c -- text encodings shared by the families.
 *
 * The top part is pure C (no server calls) and is also built into the unit
 * tests and fuzz harnesses with UIDX_NO_POSTGRES; the glue that turns its
 * status codes into errors and its integers into numeric sits at the bottom.
 */
#include "uidx.h"
#include "codec.h"

static const char hex_digits[] = "0123456789abcdef";

static int
hex_value(unsigned char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

bool
uidx_parse_hex16(const char *text, uint8_t out[UIDX_LEN])
{
	const char *p = text;
	bool		braces = (*p == '{');

	if (braces)
		p++;
	for (int i = 0; i < UIDX_LEN; i++)
	{
		int			hi = hex_value((unsigned char) p[0]);
		int			lo;

		if (hi < 0)
			return false;
		lo = hex_value((unsigned char) p[1]);
		if (lo < 0)
			return false;
		out[i] = (uint8_t) (hi << 4 | lo);
		p += 2;
		/* uuid_in's rule: a hyphen may follow any group of four digits */
		if (*p == '-' && (i % 2) == 1 && i < UIDX_LEN - 1)
			p++;
	}
	if (braces)
	{
		if (*p != '}')
			return false;
		p++;
	}
	return *p == '\0';
}

void
uidx_format_hex16(const uint8_t in[UIDX_LEN], char out[37])
{
	char	   *p = out;

	for (int i = 0; i < UIDX_LEN; i++)
	{
		if (i == 4 || i == 6 || i == 8 || i == 10)
			*p++ = '-';
		*p++ = hex_digits[in[i] >> 4];
		*p++ = hex_digits[in[i] & 0x0F];
	}
	*p = '\0';
}

/* ---------------------------------------------------------------------------
 * Unsigned 128-bit integers as 16 big-endian bytes.  Arithmetic goes through
 * four 32-bit limbs (most significant first) so that no compiler support for
 * 128-bit integers is needed.
 * ------------------------------------------------------------------------- */

const uint8_t uidx_decimal28_max[UIDX_LEN] = {
	0x00, 0x00, 0x00, 0x00, 0x20, 0x4F, 0xCE, 0x5E,
	0x3E, 0x25, 0x02, 0x61, 0x0F, 0xFF, 0xFF, 0xFF
};

static void
u128_to_limbs(const uint8_t in[UIDX_LEN], uint32_t limbs[4])
{
	for (int i = 0; i < 4; i++)
		limbs[i] = (uint32_t) uidx_load_be(in + 4 * i, 4);
}

static void
u128_from_limbs(const uint32_t limbs[4], uint8_t out[UIDX_LEN])
{
	for (int i = 0; i < 4; i++)
		uidx_store_be(out + 4 * i, 4, limbs[i]);
}

void
uidx_u128_to_decimal(const uint8_t in[UIDX_LEN], char out[UIDX_U128_DECIMAL_BUFLEN])
{
	uint32_t	limbs[4];
	char		reversed[UIDX_U128_DECIMAL_BUFLEN];
	int			n = 0;
	bool		nonzero;

	u128_to_limbs(in, limbs);
	/* peel off nine digits per long division by 10^9 */
	do
	{
		uint64_t	rem = 0;

		nonzero = false;
		for (int i = 0; i < 4; i++)
		{
			uint64_t	cur = (rem << 32) | limbs[i];

			limbs[i] = (uint32_t) (cur / 1000000000);
			rem = cur % 1000000000;
			nonzero |= (limbs[i] != 0);
		}
		for (int d = 0; d < 9 && (nonzero || rem != 0 || n == 0); d++)
		{
			reversed[n++] = (char) ('0' + rem % 10);
			rem /= 10;
		}
	} while (nonzero);

	for (int i = 0; i < n; i++)
		out[i] = reversed[n - 1 - i];
	out[n] = '\0';
}

bool
uidx_u128_from_digits(const char *digits, size_t len, uint8_t out[UIDX_LEN])
{
	uint32_t	limbs[4] = {0, 0, 0, 0};

	if (len == 0)
		return false;
	for (size_t k = 0; k < len; k++)
	{
		uint64_t	carry;

		if (digits[k] < '0' || digits[k] > '9')
			return false;
		carry = (uint64_t) (digits[k] - '0');
		for (int i = 3; i >= 0; i--)
		{
			uint64_t	cur = (uint64_t) limbs[i] * 10 + carry;

			limbs[i] = (uint32_t) cur;
			carry = cur >> 32;
		}
		if (carry != 0)
			return false;
	}
	u128_from_limbs(limbs, out);
	return true;
}

static bool
all_digits(const char *p, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (p[i] < '0' || p[i] > '9')
			return false;
	return true;
}

UidxNumericStatus
uidx_numeric_text_to_u128(const char *text, uint8_t out[UIDX_LEN])
{
	const char *p = text;
	const char *point;
	size_t		int_len;
	bool		negative = false;
	bool		fraction = false;

	if (strcmp(p, "NaN") == 0 || strcmp(p, "Infinity") == 0 ||
		strcmp(p, "-Infinity") == 0)
		return UIDX_NUMERIC_NOT_FINITE;
	if (*p == '-')
	{
		negative = true;
		p++;
	}
	point = strchr(p, '.');
	int_len = point ? (size_t) (point - p) : strlen(p);
	if (int_len == 0 || !all_digits(p, int_len))
		return UIDX_NUMERIC_MALFORMED;
	if (point != NULL)
	{
		size_t		frac_len = strlen(point + 1);

		if (frac_len == 0 || !all_digits(point + 1, frac_len))
			return UIDX_NUMERIC_MALFORMED;
		for (size_t i = 0; i < frac_len; i++)
			fraction |= (point[1 + i] != '0');
	}
	if (fraction)
		return UIDX_NUMERIC_NOT_INTEGER;
	/* leading zeros only matter for "-0", which numeric never prints anyway */
	while (int_len > 1 && *p == '0')
	{
		p++;
		int_len--;
	}
	if (negative && !(int_len == 1 && *p == '0'))
		return UIDX_NUMERIC_NEGATIVE;
	if (int_len > UIDX_U128_DECIMAL_BUFLEN - 1 || !uidx_u128_from_digits(p, int_len, out))
		return UIDX_NUMERIC_TOO_LARGE;
	return UIDX_NUMERIC_OK;
}

/* ---------------------------------------------------------------------------
 * Alphanumeric block encoding (FORMATS.md §A3).  Each 64-bit big-endian half is
 * written as exactly 11 base-62 digits on its own, never the whole value as
 * one number: that is what Architect.Identities does, and why its decimal
 * form is 16 characters.  The alphabet is in ASCII order, so byte-wise
 * (COLLATE "C") order of the text is numeric order.
 * ------------------------------------------------------------------------- */

static const char alnum_alphabet[] =
"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

static int
alnum_digit_value(unsigned char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'A' && c <= 'Z')
		return c - 'A' + 10;
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 36;
	return -1;
}

const char *
uidx_alnum_status_text(UidxAlnumStatus status)
{
	switch (status)
	{
		case UIDX_ALNUM_OK:
			break;
		case UIDX_ALNUM_BAD_LENGTH:
			return "The text does not have the length of this alphanumeric form.";
		case UIDX_ALNUM_BAD_CHARACTER:
			return "Only the characters 0-9, A-Z and a-z can occur.";
		case UIDX_ALNUM_NONCANONICAL:
			return "An 11-character block denotes a value of 2^64 or more, which no encoder produces.";
		case UIDX_ALNUM_OUT_OF_RANGE:
			return "The value is out of range for the type.";
	}
	return "No error.";
}

static void
alnum_encode_block(uint64_t v, char *out, int nchars)
{
	for (int i = nchars - 1; i >= 0; i--)
	{
		out[i] = alnum_alphabet[v % 62];
		v /= 62;
	}
}

/* v must be below 62^nchars for the text to be the full value */
static UidxAlnumStatus
alnum_decode_block(const char *text, int nchars, uint64_t *out)
{
	uint64_t	v = 0;

	for (int i = 0; i < nchars; i++)
	{
		uint64_t	digit = (uint64_t) alnum_digit_value((unsigned char) text[i]);

		if (v > (UINT64_MAX - digit) / 62)
			return UIDX_ALNUM_NONCANONICAL;
		v = v * 62 + digit;
	}
	*out = v;
	return UIDX_ALNUM_OK;
}

/* the length and alphabet checks every decoder starts with */
static UidxAlnumStatus
alnum_check_text(const char *text, size_t len, size_t expected_len)
{
	if (len != expected_len)
		return UIDX_ALNUM_BAD_LENGTH;
	for (size_t i = 0; i < len; i++)
		if (alnum_digit_value((unsigned char) text[i]) < 0)
			return UIDX_ALNUM_BAD_CHARACTER;
	return UIDX_ALNUM_OK;
}

void
uidx_alnum_encode_u64(uint64_t v, char out[UIDX_ALNUM_U64_LEN + 1])
{
	alnum_encode_block(v, out, UIDX_ALNUM_BLOCK_LEN);
	out[UIDX_ALNUM_U64_LEN] = '\0';
}

void
uidx_alnum_encode_u128(const uint8_t in[UIDX_LEN], char out[UIDX_ALNUM_U128_LEN + 1])
{
	alnum_encode_block(uidx_load_be(in, 8), out, UIDX_ALNUM_BLOCK_LEN);
	alnum_encode_block(uidx_load_be(in + 8, 8), out + UIDX_ALNUM_BLOCK_LEN,
					   UIDX_ALNUM_BLOCK_LEN);
	out[UIDX_ALNUM_U128_LEN] = '\0';
}

/*
 * The high half of a decimal is at most 542101086 < 62^5, so its block
 * always starts with six '0's, which the 16-character form leaves out.
 */
#define ALNUM_DECIMAL_HIGH_LEN (UIDX_ALNUM_DECIMAL_LEN - UIDX_ALNUM_BLOCK_LEN)

bool
uidx_alnum_encode_decimal(const uint8_t in[UIDX_LEN], char out[UIDX_ALNUM_DECIMAL_LEN + 1])
{
	if (uidx_u128_compare(in, uidx_decimal28_max) > 0)
		return false;
	alnum_encode_block(uidx_load_be(in, 8), out, ALNUM_DECIMAL_HIGH_LEN);
	alnum_encode_block(uidx_load_be(in + 8, 8), out + ALNUM_DECIMAL_HIGH_LEN,
					   UIDX_ALNUM_BLOCK_LEN);
	out[UIDX_ALNUM_DECIMAL_LEN] = '\0';
	return true;
}

UidxAlnumStatus
uidx_alnum_decode_u64(const char *text, size_t len, uint64_t *out)
{
	UidxAlnumStatus status = alnum_check_text(text, len, UIDX_ALNUM_U64_LEN);

	if (status != UIDX_ALNUM_OK)
		return status;
	return alnum_decode_block(text, UIDX_ALNUM_BLOCK_LEN, out);
}

UidxAlnumStatus
uidx_alnum_decode_u128(const char *text, size_t len, uint8_t out[UIDX_LEN])
{
	UidxAlnumStatus status = alnum_check_text(text, len, UIDX_ALNUM_U128_LEN);
	uint64_t	high;
	uint64_t	low;

	if (status == UIDX_ALNUM_OK)
		status = alnum_decode_block(text, UIDX_ALNUM_BLOCK_LEN, &high);
	if (status == UIDX_ALNUM_OK)
		status = alnum_decode_block(text + UIDX_ALNUM_BLOCK_LEN, UIDX_ALNUM_BLOCK_LEN, &low);
	if (status != UIDX_ALNUM_OK)
		return status;
	uidx_store_be(out, 8, high);
	uidx_store_be(out + 8, 8, low);
	return UIDX_ALNUM_OK;
}

UidxAlnumStatus
uidx_alnum_decode_decimal(const char *text, size_t len, uint8_t out[UIDX_LEN])
{
	UidxAlnumStatus status = alnum_check_text(text, len, UIDX_ALNUM_DECIMAL_LEN);
	uint64_t	high;
	uint64_t	low;
	uint8_t		value[UIDX_LEN];

	/* five characters never exceed 62^5 - 1, so the high block is canonical */
	if (status == UIDX_ALNUM_OK)
		status = alnum_decode_block(text, ALNUM_DECIMAL_HIGH_LEN, &high);
	if (status == UIDX_ALNUM_OK)
		status = alnum_decode_block(text + ALNUM_DECIMAL_HIGH_LEN, UIDX_ALNUM_BLOCK_LEN, &low);
	if (status != UIDX_ALNUM_OK)
		return status;
	uidx_store_be(value, 8, high);
	uidx_store_be(value + 8, 8, low);
	if (uidx_u128_compare(value, uidx_decimal28_max) > 0)
		return UIDX_ALNUM_OUT_OF_RANGE;
	memcpy(out, value, UIDX_LEN);
	return UIDX_ALNUM_OK;
}

#ifndef UIDX_NO_POSTGRES
/* ---------------------------------------------------------------------------
 * Server glue
 * ------------------------------------------------------------------------- */
#include "utils/builtins.h"
#include "utils/numeric.h"

static void
numeric_to_u128(Datum numeric, const uint8_t max[UIDX_LEN], const char *target,
				bool scale_zero, uint8_t out[UIDX_LEN])
{
	char	   *text = DatumGetCString(DirectFunctionCall1(numeric_out, numeric));
	UidxNumericStatus status;
	char		max_text[UIDX_U128_DECIMAL_BUFLEN];

	/* numeric_out prints a decimal point exactly when the display scale is not 0 */
	if (scale_zero && strchr(text, '.') != NULL)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("value %s has a non-zero scale, which %s does not accept", text, target),
				 errdetail("An ID is an integer of scale 0, as in Architect.Identities: 5, not 5.0."),
				 errhint("Cast a whole value written with a scale, such as 5.000, to numeric(28,0) first.")));
	status = uidx_numeric_text_to_u128(text, out);
	if (status == UIDX_NUMERIC_OK && uidx_u128_compare(out, max) <= 0)
	{
		pfree(text);
		return;
	}
	if (status == UIDX_NUMERIC_MALFORMED)
		elog(ERROR, "numeric_out printed unexpected text \"%s\"", text);
	uidx_u128_to_decimal(max, max_text);
	ereport(ERROR,
			(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
			 errmsg("value %s is out of range for %s", text, target),
			 errdetail("Only the integers from 0 to %s are accepted.", max_text)));
}

void
uidx_numeric_to_u128(Datum numeric, const uint8_t max[UIDX_LEN],
					 const char *target, uint8_t out[UIDX_LEN])
{
	numeric_to_u128(numeric, max, target, false, out);
}

void
uidx_numeric_scale0_to_u128(Datum numeric, const uint8_t max[UIDX_LEN],
							const char *target, uint8_t out[UIDX_LEN])
{
	numeric_to_u128(numeric, max, target, true, out);
}

Datum
uidx_u128_to_numeric(const uint8_t in[UIDX_LEN])
{
	char		text[UIDX_U128_DECIMAL_BUFLEN];

	uidx_u128_to_decimal(in, text);
	return DirectFunctionCall3(numeric_in, CStringGetDatum(text),
							   ObjectIdGetDatum(InvalidOid), Int32GetDatum(-1));
}

void
uidx_alnum_raise(UidxAlnumStatus status, const char *type_name,
				 int expected_len, const char *text, size_t len)
{
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
			 errmsg("invalid alphanumeric input for type %s: \"%.*s\"",
					type_name, (int) len, text),
			 errdetail("%s", uidx_alnum_status_text(status)),
			 errhint("The alphanumeric form of a %s is exactly %d characters of 0-9, A-Z and a-z.",
					 type_name, expected_len)));
}
#endif							/* UIDX_NO_POSTGRES */
