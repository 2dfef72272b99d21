/*
 * codec.c -- text encodings shared by the families (pure C, no server calls).
 */
#include "uidx.h"

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
