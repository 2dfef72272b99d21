/*
 * libFuzzer harness: the strict alphanumeric decoders (any bytes, NULs
 * included, as SQL text of that length) and the numeric_out text parser.
 * sources: src/codec.c
 *
 * Strict decoding makes the encoding a bijection: whatever decodes must
 * encode back to exactly the input.  A parsed numeric text must print as a
 * decimal that parses to the same integer.
 */
#include <stdlib.h>
#include <string.h>

#include "uidx.h"

int			LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *text = (const char *) data;
	char	   *cstring = malloc(size + 1);
	uint8_t		bytes[UIDX_LEN];
	uint8_t		again[UIDX_LEN];
	char		encoded[UIDX_U128_DECIMAL_BUFLEN];
	uint64_t	v;

	if (uidx_alnum_decode_u64(text, size, &v) == UIDX_ALNUM_OK)
	{
		uidx_alnum_encode_u64(v, encoded);
		if (size != UIDX_ALNUM_U64_LEN || memcmp(encoded, text, size) != 0)
			abort();
	}
	if (uidx_alnum_decode_u128(text, size, bytes) == UIDX_ALNUM_OK)
	{
		uidx_alnum_encode_u128(bytes, encoded);
		if (size != UIDX_ALNUM_U128_LEN || memcmp(encoded, text, size) != 0)
			abort();
	}
	if (uidx_alnum_decode_decimal(text, size, bytes) == UIDX_ALNUM_OK)
	{
		if (!uidx_alnum_encode_decimal(bytes, encoded) ||
			size != UIDX_ALNUM_DECIMAL_LEN || memcmp(encoded, text, size) != 0)
			abort();
	}

	memcpy(cstring, data, size);
	cstring[size] = '\0';
	if (uidx_numeric_text_to_u128(cstring, bytes) == UIDX_NUMERIC_OK)
	{
		uidx_u128_to_decimal(bytes, encoded);
		if (uidx_numeric_text_to_u128(encoded, again) != UIDX_NUMERIC_OK ||
			memcmp(bytes, again, UIDX_LEN) != 0 ||
			!uidx_u128_from_digits(encoded, strlen(encoded), again) ||
			memcmp(bytes, again, UIDX_LEN) != 0)
			abort();
	}
	free(cstring);
	return 0;
}
