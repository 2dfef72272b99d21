/*
 * libFuzzer harness: the text input of comb (uuid-style hex; every 16-byte
 * value is a valid comb) and the pure COMB decoders that read its bytes.
 * sources: src/codec.c src/comb.c
 *
 * Properties checked on every input:
 *  - uidx_parse_hex16 accepts exactly the grammar of PostgreSQL's uuid_in
 *    (compared with an independent reference recogniser below), and what it
 *    accepts has the digits of the text, in order, whatever their case;
 *  - canonical output parses back to the same bytes;
 *  - prefix <-> suffix conversion is an involution that keeps bytes 6-9
 *    (version and variant) and with them version-4-ness;
 *  - a SQL Server datetime in bytes 10-15 decodes to a microsecond that
 *    encodes back to the same days and ticks (a full day of ticks, accepted
 *    like RT.Comb does, is the next midnight);
 *  - stamping the prefix COMB time read from a version-4 value changes nothing.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "comb.h"

int			LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/*
 * uuid_in's grammar, written independently of uidx_parse_hex16: optional
 * braces around 32 hex digits, a hyphen allowed after every 4th digit but
 * the last.  Collects the digits it accepted.
 */
static int
reference_accepts(const char *text, char digits[33])
{
	const char *p = text;
	int			n = 0;
	int			braces = (*p == '{');

	if (braces)
		p++;
	while (n < 32)
	{
		if (!isxdigit((unsigned char) *p))
			return 0;
		digits[n++] = (char) tolower((unsigned char) *p++);
		if (n % 4 == 0 && n < 32 && *p == '-')
			p++;
	}
	digits[32] = '\0';
	if (braces && *p++ != '}')
		return 0;
	return *p == '\0';
}

static void
check_sqlserver_round_trip(const uint8_t id[UIDX_LEN])
{
	int64_t		unix_us;
	uint32_t	ticks;
	uint64_t	field = uidx_load_be(id + 10, 6);
	bool		decoded = comb_sqlserver_decode(id, &unix_us, &ticks);

	if (ticks != (uint32_t) (field & 0xFFFFFFFF))
		abort();
	if (decoded != (ticks <= COMB_SQLSERVER_MAX_TICKS))
		abort();
	if (!decoded)
		return;
	if (ticks < COMB_SQLSERVER_MAX_TICKS)
	{
		if (comb_sqlserver_datetime(unix_us) != field)
			abort();
	}
	else if (comb_sqlserver_datetime(unix_us) !=
			 (((field >> 32) + 1) & 0xFFFF) << 32)
		abort();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char	   *text = malloc(size + 1);
	uint8_t		bytes[UIDX_LEN];
	uint8_t		again[UIDX_LEN];
	uint8_t		swapped[UIDX_LEN];
	char		canonical[37];
	char		digits[33];
	bool		parsed;

	memcpy(text, data, size);
	text[size] = '\0';
	parsed = uidx_parse_hex16(text, bytes);
	if (parsed != (reference_accepts(text, digits) != 0))
		abort();
	if (parsed)
	{
		char		plain[33];
		int			n = 0;

		uidx_format_hex16(bytes, canonical);
		for (const char *p = canonical; *p; p++)
			if (*p != '-')
				plain[n++] = *p;
		plain[n] = '\0';
		if (strcmp(plain, digits) != 0)
			abort();
		if (!uidx_parse_hex16(canonical, again) || memcmp(bytes, again, UIDX_LEN) != 0)
			abort();

		comb_swap_ends(bytes, swapped);
		if (memcmp(swapped + 6, bytes + 6, 4) != 0 ||
			memcmp(swapped, bytes + 10, 6) != 0 ||
			memcmp(swapped + 10, bytes, 6) != 0)
			abort();
		if (comb_is_version4(swapped) != comb_is_version4(bytes))
			abort();
		comb_swap_ends(swapped, again);
		if (memcmp(again, bytes, UIDX_LEN) != 0)
			abort();

		check_sqlserver_round_trip(bytes);

		if (comb_is_version4(bytes))
		{
			memcpy(again, bytes, UIDX_LEN);
			comb_stamp(again, COMB_PREFIX_FIELD, uidx_load_be(bytes, 6));
			comb_stamp(again, COMB_SUFFIX_FIELD, uidx_load_be(bytes + 10, 6));
			if (memcmp(again, bytes, UIDX_LEN) != 0)
				abort();
		}
	}
	free(text);
	return 0;
}
