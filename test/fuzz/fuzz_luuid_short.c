/*
 * libFuzzer harness: the luuid short-form parser behind luuid_from_short and
 * luuid_upper_bound (hex pk, either case, leading zeros allowed), with the
 * bounds and the CRC-12 it feeds.
 * sources: src/luuid.c
 *
 * Properties checked on every input (taken with its length, NULs included,
 * as a text datum would be):
 *  - the status is what an independent reading of the rule says: malformed
 *    unless non-empty and only hex digits; out of range when, leading zeros
 *    dropped, more than 12 digits remain; malformed outranks out of range;
 *  - an accepted pk formats back to the input lower-cased without leading
 *    zeros ("0" for zero);
 *  - the bounds of (pk, crc12(input)) have the layout, that pk and group, the
 *    lower bound has random bits 0, the upper one is the lower one with the
 *    17th hex digit b, and a value with any random bits lies between them.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "luuid.h"

int			LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *text = (const char *) data;
	uint64_t	pk = UINT64_C(0xDEAD);
	LuuidShortStatus status = luuid_parse_short(text, size, &pk);
	LuuidShortStatus expected;
	size_t		first_significant = 0;
	bool		all_hex = size > 0;

	for (size_t i = 0; i < size; i++)
		if (!isxdigit(data[i]))
			all_hex = false;
	while (first_significant < size && data[first_significant] == '0')
		first_significant++;
	if (!all_hex)
		expected = LUUID_SHORT_MALFORMED;
	else if (size - first_significant > LUUID_SHORT_MAX_LEN)
		expected = LUUID_SHORT_OUT_OF_RANGE;
	else
		expected = LUUID_SHORT_OK;
	if (status != expected)
		abort();
	if (status != LUUID_SHORT_OK)
	{
		if (pk != UINT64_C(0xDEAD))	/* no output on failure */
			abort();
		return 0;
	}

	{
		char		shown[LUUID_SHORT_MAX_LEN + 1];
		size_t		want_len = first_significant == size ? 1 : size - first_significant;
		int			len = luuid_format_short(pk, shown);
		int			group = luuid_crc12(data, size);
		uint8_t		lower[UIDX_LEN];
		uint8_t		upper[UIDX_LEN];
		uint8_t		inside[UIDX_LEN];
		uint64_t	random60 = 0;

		if (pk > LUUID_PK_MAX || (size_t) len != want_len)
			abort();
		for (size_t i = 0; i < want_len; i++)
		{
			char		c = first_significant == size ? '0' :
				(char) tolower(data[first_significant + i]);

			if (shown[i] != c)
				abort();
		}
		if (group < 0 || group > LUUID_GROUP_MAX)
			abort();

		luuid_lower_bound(pk, group, lower);
		luuid_upper_bound(pk, group, upper);
		if (!luuid_is_layout(lower) || luuid_pk_of(lower) != pk ||
			luuid_group_of(lower) != group || uidx_load_be(lower + 8, 8) != UINT64_C(0xA) << 60)
			abort();
		if (upper[8] != 0xB0 || memcmp(upper, lower, 8) != 0 ||
			memcmp(upper + 9, lower + 9, 7) != 0)
			abort();
		for (size_t i = 0; i < size; i++)
			random60 = random60 * 31 + data[i];
		luuid_pack(pk, group, random60, inside);
		if (memcmp(lower, inside, UIDX_LEN) > 0 || memcmp(inside, upper, UIDX_LEN) >= 0)
			abort();
		luuid_pack(pk, group, LUUID_RANDOM_MAX, inside);
		if (memcmp(inside, upper, UIDX_LEN) >= 0)
			abort();
	}
	return 0;
}
