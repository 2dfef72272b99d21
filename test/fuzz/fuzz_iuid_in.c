/*
 * libFuzzer harness: the text input of iuid (uuid-style hex, then iUID checks).
 * sources: src/codec.c src/iuid.c
 *
 * Beyond "no crash, no UB": whatever parses must format back to a string that
 * parses to the same bytes, and validity must not depend on the text form.
 */
#include <stdlib.h>
#include <string.h>

#include "iuid.h"
#include "codec.h"

int			LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char	   *text = malloc(size + 1);
	uint8_t		bytes[UIDX_LEN];
	uint8_t		again[UIDX_LEN];
	char		canonical[37];

	memcpy(text, data, size);
	text[size] = '\0';
	if (uidx_parse_hex16(text, bytes))
	{
		const char *reason = iuid_invalid_reason(bytes);

		uidx_format_hex16(bytes, canonical);
		if (!uidx_parse_hex16(canonical, again) || memcmp(bytes, again, UIDX_LEN) != 0)
			abort();
		if ((reason == NULL) != (iuid_invalid_reason(again) == NULL))
			abort();
		if (reason == NULL)
		{
			IuidFields	f;
			uint8_t		packed[UIDX_LEN];

			iuid_unpack(bytes, &f);
			iuid_pack(&f, packed);
			if (memcmp(bytes, packed, UIDX_LEN) != 0)
				abort();
		}
	}
	free(text);
	return 0;
}
