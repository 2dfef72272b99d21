/*
 * libFuzzer harness: the text input of distid (1-28 digits, or the
 * 16-character alphanumeric form), then the 2^93 check.
 * sources: src/codec.c src/distid.c
 *
 * Whatever parses to a valid distid must give the same bytes back from both
 * output forms, decimal and alphanumeric.
 */
#include <stdlib.h>
#include <string.h>

#include "distid.h"

int			LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char	   *text = malloc(size + 1);
	uint8_t		bytes[UIDX_LEN];
	uint8_t		again[UIDX_LEN];
	char		decimal[UIDX_U128_DECIMAL_BUFLEN];
	char		alnum[UIDX_ALNUM_DECIMAL_LEN + 1];

	memcpy(text, data, size);
	text[size] = '\0';
	if (distid_parse_text(text, bytes) && distid_invalid_reason(bytes) == NULL)
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
