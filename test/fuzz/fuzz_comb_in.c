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
 *  - the monotonic generator step (the input's first 40 bytes read as a
 *    previous state, a clock reading and random draws) always moves forward,
 *    and the packed COMBs of the two states are in order: prefix COMBs as
 *    uuid (memcmp), suffix and SQL Server COMBs by a comparator written
 *    from the definition of SQL Server's order (SqlGuid); every packed value
 *    is version 4, variant 10 and carries the tick's time and fraction;
 *  - the clock-to-tick conversions never go backwards, and at whole
 *    microseconds the SQL Server tick is the one comb_sqlserver_datetime
 *    gives.
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

/* version 4, variant 10, and the tick's time field and fraction */
static void
check_packed(const uint8_t id[UIDX_LEN], const CombMonotonic *v, int prefix, uint64_t field)
{
	uint64_t	fraction = prefix ? uidx_load_be(id + 6, 2) & 0xFFF
		: uidx_load_be(id + 8, 2) >> 2 & 0xFFF;

	if (!comb_is_version4(id) || fraction != (v->tick & 0xFFF) ||
		uidx_load_be(id + (prefix ? 0 : 10), 6) != field)
		abort();
}

static void
check_monotonic(const uint8_t *data, size_t size)
{
	uint8_t		in[40] = {0};
	uint64_t	tick_mask = (UINT64_C(1) << 60) - 1;
	CombMonotonic prev;
	CombMonotonic next;
	uint64_t	now_tick;
	uint64_t	fresh;
	uint32_t	step;
	uint8_t		a[UIDX_LEN];
	uint8_t		b[UIDX_LEN];

	memcpy(in, data, size < sizeof(in) ? size : sizeof(in));
	prev.tick = uidx_load_be(in, 8) & tick_mask;
	prev.counter = uidx_load_be(in + 8, 8) & COMB_COUNTER_MAX;
	now_tick = uidx_load_be(in + 16, 8) & tick_mask;
	fresh = uidx_load_be(in + 24, 8);
	step = (uint32_t) uidx_load_be(in + 32, 4);

	/* the unix-ms layouts: every 60-bit tick but the last can be moved on from */
	if (prev.tick == COMB_UNIX_MS_TICK_MAX)
		prev.tick--;
	comb_monotonic_next(&prev, now_tick, fresh, step, &next);
	if (next.counter > COMB_COUNTER_MAX ||
		!(next.tick > prev.tick || (next.tick == prev.tick && next.counter > prev.counter)))
		abort();
	if (next.tick < now_tick)
		abort();
	comb_prefix_pack(&prev, a);
	comb_prefix_pack(&next, b);
	check_packed(a, &prev, 1, prev.tick >> 12);
	check_packed(b, &next, 1, next.tick >> 12);
	if (memcmp(a, b, UIDX_LEN) >= 0)
		abort();
	comb_suffix_pack(&prev, a);
	comb_suffix_pack(&next, b);
	check_packed(a, &prev, 0, prev.tick >> 12);
	check_packed(b, &next, 0, next.tick >> 12);
	if (sqlguid_compare(a, b) >= 0)
		abort();

	/* the SQL Server layout holds ticks up to 2079-06-06 */
	prev.tick %= COMB_SQLSERVER_TICK_MAX;
	now_tick %= COMB_SQLSERVER_TICK_MAX + 1;
	comb_monotonic_next(&prev, now_tick, fresh, step, &next);
	comb_sqlserver_pack(&prev, a);
	comb_sqlserver_pack(&next, b);
	check_packed(a, &prev, 0, (prev.tick >> 12) / COMB_SQLSERVER_TICKS_PER_DAY << 32 |
				 (prev.tick >> 12) % COMB_SQLSERVER_TICKS_PER_DAY);
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
	CombMonotonic v = {0, 0};

	if (size > 40)
		memcpy(in, data + 40, size - 40 < sizeof(in) ? size - 40 : sizeof(in));
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
	if (ns1 >= 0 && comb_unix_ms_tick(ns1) > comb_unix_ms_tick(ns2))
		abort();
	if (ns1 >= 0 && comb_unix_ms_tick(ns1) >> 12 != (uint64_t) (ns1 / 1000000))
		abort();

	us = uidx_floor_div(ns1, 1000);
	v.tick = comb_sqlserver_tick(us * 1000);
	comb_sqlserver_pack(&v, id);
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
