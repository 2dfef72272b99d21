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
 *  - stamping the prefix COMB time read from a version-4 value changes nothing;
 *  - the monotonic generator step (the input's first 32 bytes read as a
 *    previous tick, a clock reading and random bytes) always moves forward,
 *    and the packed COMBs of the two ticks are in order whatever their
 *    random bytes: prefix COMBs as uuid (memcmp), suffix and SQL Server
 *    COMBs by a comparator written from the definition of SQL Server's order
 *    (SqlGuid); every packed value is version 4, variant 10 and carries the
 *    tick's time and fraction and the random bytes;
 *  - the clock-to-tick conversions never go backwards, and at whole
 *    microseconds the SQL Server tick is the one comb_sqlserver_datetime
 *    gives.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "comb.h"
#include "codec.h"

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

/*
 * System.Data.SqlTypes.SqlGuid's comparison: bytes of the .NET order (RFC
 * bytes 0-3, 4-5 and 6-7 reversed) at positions 10-15, 8, 9, 6, 7, 4, 5,
 * 0-3, most significant first.
 */
static int
sqlguid_compare(const uint8_t a[UIDX_LEN], const uint8_t b[UIDX_LEN])
{
	static const int order[UIDX_LEN] = {10, 11, 12, 13, 14, 15, 8, 9, 6, 7, 4, 5, 0, 1, 2, 3};
	uint8_t		na[UIDX_LEN];
	uint8_t		nb[UIDX_LEN];

	uidx_netswap(a, na);
	uidx_netswap(b, nb);
	for (int i = 0; i < UIDX_LEN; i++)
		if (na[order[i]] != nb[order[i]])
			return na[order[i]] < nb[order[i]] ? -1 : 1;
	return 0;
}

/* version 4, variant 10, the tick's time field and fraction, the random bytes */
static void
check_packed(const uint8_t id[UIDX_LEN], uint64_t tick, const uint8_t rand8[8],
			 int prefix, uint64_t field)
{
	uint64_t	fraction = prefix ? uidx_load_be(id + 6, 2) & 0xFFF
		: uidx_load_be(id + 8, 2) & 0x3FFF;
	uint64_t	mask = prefix ? 0xFFF : 0x3FFF;
	const uint8_t *random = id + (prefix ? 8 : 0);

	if (!comb_is_version4(id) || fraction != (tick & mask) ||
		uidx_load_be(id + (prefix ? 0 : 10), 6) != field)
		abort();
	for (int i = 0; i < 8; i++)
	{
		uint8_t		keep = (prefix && i == 0) ? 0x3F : (!prefix && i == 6) ? 0x0F : 0xFF;

		if ((random[i] & keep) != (rand8[i] & keep))
			abort();
	}
}

/*
 * One step of a generator: a previous tick and a clock reading (the input's
 * first 16 bytes, reduced to what the layout holds), two sets of random bytes.
 */
static void
check_monotonic(const uint8_t *data, size_t size)
{
	uint8_t		in[32] = {0};
	uint64_t	prev;
	uint64_t	now;
	uint64_t	next;
	const uint8_t *r1 = in + 16;
	const uint8_t *r2 = in + 24;
	uint8_t		a[UIDX_LEN];
	uint8_t		b[UIDX_LEN];

	memcpy(in, data, size < sizeof(in) ? size : sizeof(in));

	/* prefix COMB: uuid order */
	prev = uidx_load_be(in, 8) % COMB_PREFIX_TICK_MAX;
	now = uidx_load_be(in + 8, 8) % (COMB_PREFIX_TICK_MAX + 1);
	next = (uint64_t) uidx_ascending((int64_t) prev, (int64_t) now, 1);
	if (next <= prev || next < now)
		abort();
	comb_prefix_pack(prev, r1, a);
	comb_prefix_pack(next, r2, b);
	check_packed(a, prev, r1, 1, prev >> COMB_PREFIX_FRACTION_BITS);
	check_packed(b, next, r2, 1, next >> COMB_PREFIX_FRACTION_BITS);
	if (memcmp(a, b, UIDX_LEN) >= 0)
		abort();

	/* comb (suffix COMB): SQL Server's order */
	prev = uidx_load_be(in, 8) % COMB_SUFFIX_TICK_MAX;
	now = uidx_load_be(in + 8, 8) % (COMB_SUFFIX_TICK_MAX + 1);
	next = (uint64_t) uidx_ascending((int64_t) prev, (int64_t) now, 1);
	comb_suffix_pack(prev, r1, a);
	comb_suffix_pack(next, r2, b);
	check_packed(a, prev, r1, 0, prev >> COMB_SQLORDER_FRACTION_BITS);
	check_packed(b, next, r2, 0, next >> COMB_SQLORDER_FRACTION_BITS);
	if (sqlguid_compare(a, b) >= 0)
		abort();

	/* SQL Server COMB: days since 1900 and ticks, up to 2079-06-06 */
	prev = uidx_load_be(in, 8) % COMB_SQLSERVER_TICK_MAX;
	now = uidx_load_be(in + 8, 8) % (COMB_SQLSERVER_TICK_MAX + 1);
	next = (uint64_t) uidx_ascending((int64_t) prev, (int64_t) now, 1);
	comb_sqlserver_pack(prev, r1, a);
	comb_sqlserver_pack(next, r2, b);
	check_packed(a, prev, r1, 0,
				 (prev >> 14) / COMB_SQLSERVER_TICKS_PER_DAY << 32 |
				 (prev >> 14) % COMB_SQLSERVER_TICKS_PER_DAY);
	if (sqlguid_compare(a, b) >= 0)
		abort();
}

static void
check_ticks(const uint8_t *data, size_t size)
{
	uint8_t		in[16] = {0};
	/* 1900-01-01 .. 2079-06-06, the SQL Server COMB range, in ns */
	int64_t		first = COMB_SQLSERVER_MIN_MS * 1000000;
	uint64_t	span = (uint64_t) (COMB_SQLSERVER_MAX_MS - COMB_SQLSERVER_MIN_MS + 1) * 1000000;
	int64_t		ns1;
	int64_t		ns2;
	int64_t		us;
	int64_t		t;
	uint8_t		id[UIDX_LEN];
	uint8_t		zero[8] = {0};

	if (size > 32)
		memcpy(in, data + 32, size - 32 < sizeof(in) ? size - 32 : sizeof(in));
	ns1 = first + (int64_t) (uidx_load_be(in, 8) % span);
	ns2 = first + (int64_t) (uidx_load_be(in + 8, 8) % span);
	if (ns1 > ns2)
	{
		t = ns1;
		ns1 = ns2;
		ns2 = t;
	}
	if (comb_sqlserver_tick(ns1) > comb_sqlserver_tick(ns2))
		abort();
	if (ns1 >= 0 && comb_unix_ms_tick(ns1, 14) > comb_unix_ms_tick(ns2, 14))
		abort();
	if (ns1 >= 0 && (comb_unix_ms_tick(ns1, 12) >> 12 != (uint64_t) (ns1 / 1000000) ||
					 comb_unix_ms_tick(ns1, 14) >> 2 != comb_unix_ms_tick(ns1, 12)))
		abort();

	us = uidx_floor_div(ns1, 1000);
	comb_sqlserver_pack(comb_sqlserver_tick(us * 1000), zero, id);
	if (uidx_load_be(id + 10, 6) != comb_sqlserver_datetime(us))
		abort();
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

	check_monotonic(data, size);
	check_ticks(data, size);
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
