/*
 * libFuzzer harness: the text input of distid (1-28 digits, or the
 * 16-character alphanumeric form), then the 2^93 check.
 * sources: src/codec.c src/distid.c
 *
 * The text is accepted exactly when an independent reading of the rule says
 * so: 16 characters are the alphanumeric form (they must decode), any other
 * length must be 1 to 28 ASCII digits.  Accepted digits must be the value's
 * decimal form once leading zeros are dropped.  Whatever parses to a valid
 * distid must give the same bytes back from both output forms, decimal and
 * alphanumeric; validity is exactly "below 2^93".
 */
#include <stdlib.h>
#include <string.h>

#include "distid.h"
#include "codec.h"

int			LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static bool
reference_digits(const char *text, size_t len)
{
	if (len == 0 || len > DISTID_MAX_DIGITS)
		return false;
	for (size_t i = 0; i < len; i++)
		if (text[i] < '0' || text[i] > '9')
			return false;
	return true;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char	   *text = malloc(size + 1);
	size_t		len;
	uint8_t		bytes[UIDX_LEN];
	uint8_t		again[UIDX_LEN];
	char		decimal[UIDX_U128_DECIMAL_BUFLEN];
	char		alnum[UIDX_ALNUM_DECIMAL_LEN + 1];
	bool		parsed;
	bool		expected;

	memcpy(text, data, size);
	text[size] = '\0';
	len = strlen(text);			/* a C string ends at the first NUL */
	parsed = distid_parse_text(text, bytes);
	expected = len == UIDX_ALNUM_DECIMAL_LEN
		? uidx_alnum_decode_decimal(text, len, again) == UIDX_ALNUM_OK
		: reference_digits(text, len);
	if (parsed != expected)
		abort();
	if (parsed && len != UIDX_ALNUM_DECIMAL_LEN)
	{
		const char *significant = text;

		while (significant[0] == '0' && significant[1] != '\0')
			significant++;
		uidx_u128_to_decimal(bytes, decimal);
		if (strcmp(decimal, significant) != 0)
			abort();
	}
	if (parsed)
	{
		/* 2^93 needs bit 5 of byte 4; the bytes before it are always zero here */
		bool		below_2_93 = bytes[0] == 0 && bytes[1] == 0 && bytes[2] == 0 &&
			bytes[3] == 0 && bytes[4] < 0x20;

		if ((distid_invalid_reason(bytes) == NULL) != below_2_93)
			abort();
	}
	if (parsed && distid_invalid_reason(bytes) == NULL)
	{
		uidx_u128_to_decimal(bytes, decimal);
		if (strlen(decimal) > DISTID_MAX_DIGITS)
			abort();
		/* a 16-digit decimal reads as alphanumeric: the leading zero avoids that */
		if (strlen(decimal) == UIDX_ALNUM_DECIMAL_LEN)
		{
			memmove(decimal + 1, decimal, strlen(decimal) + 1);
			decimal[0] = '0';
		}
		if (!distid_parse_text(decimal, again) || memcmp(bytes, again, UIDX_LEN) != 0)
			abort();
		if (!uidx_alnum_encode_decimal(bytes, alnum) ||
			!distid_parse_text(alnum, again) || memcmp(bytes, again, UIDX_LEN) != 0)
			abort();
	}
	free(text);
	return 0;
}
