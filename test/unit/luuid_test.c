/*
 * Unit test of the pure cores of luuid.c and uuidv7.c against every vector
 * of FORMATS.md §D and §E, including those with fixed random bits that the
 * SQL generators cannot reproduce.  Built with -DUIDX_NO_POSTGRES by
 * test/t/unit-luuid.sh.
 */
#include "luuid.h"
#include "uuidv7.h"
#include "codec.h"

#include <stdio.h>

static int	failures = 0;

static void
expect_str(const char *what, const char *got, const char *want)
{
	if (strcmp(got, want) != 0)
	{
		printf("FAIL %s: got %s, want %s\n", what, got, want);
		failures++;
	}
}

static void
expect_int(const char *what, long long got, long long want)
{
	if (got != want)
	{
		printf("FAIL %s: got %lld, want %lld\n", what, got, want);
		failures++;
	}
}

static void
expect_uuid(const char *what, const uint8_t bytes[UIDX_LEN], const char *want)
{
	char		text[37];

	uidx_format_hex16(bytes, text);
	expect_str(what, text, want);
}

static void
rand8_of(uint64_t v, uint8_t out[8])
{
	uidx_store_be(out, 8, v);
}

static void
test_crc12(void)
{
	static const struct
	{
		const char *text;
		int			crc;
	}			vectors[] = {
		{"", 0x000},
		{"a", 0x03D},
		{"Person", 0x2B6},
		{"com.soqqo.system.domain.Person", 0xF47},
		{"123456789", 0xDDD},
		{"java.lang.Long", 0x71B},
		{"java.lang.String", 0x94E},
		{"The quick brown fox jumps over the lazy dog", 0x7E2},
		{"Gr\xC3\xB6\xC3\x9F" "e", 0x724},	/* "Größe" in UTF-8 */
		/* the collision the SQL test uses */
		{"Entity2885", 0x2B6},
	};

	for (size_t i = 0; i < sizeof(vectors) / sizeof(vectors[0]); i++)
		expect_int(vectors[i].text,
				   luuid_crc12((const uint8_t *) vectors[i].text, strlen(vectors[i].text)),
				   vectors[i].crc);
}

static void
test_luuid_vectors(void)
{
	static const struct
	{
		uint64_t	pk;
		const char *group;
		uint64_t	rand64;
		const char *want;
	}			vectors[] = {
		{102, "com.soqqo.system.domain.Person", UINT64_C(0x0123456789ABCDEF),
		"00000000-0066-6f47-a012-3456789abcde"},
		{1, "Person", 0, "00000000-0001-62b6-a000-000000000000"},
		{179, "java.lang.Long", UINT64_C(0xFFFFFFFFFFFFFFFF),
		"00000000-00b3-671b-afff-ffffffffffff"},
		{UINT64_C(281474976710655), "a", UINT64_C(0x8000000000000001),
		"ffffffff-ffff-603d-a800-000000000000"},
		/* above 2^48-1: the pack drops the high bits like the Java shift */
		{UINT64_C(281474976710661), "java.lang.String", UINT64_C(0xDEADBEEFCAFEBABE),
		"00000000-0005-694e-adea-dbeefcafebab"},
	};

	for (size_t i = 0; i < sizeof(vectors) / sizeof(vectors[0]); i++)
	{
		uint8_t		b[UIDX_LEN];
		int			group = luuid_crc12((const uint8_t *) vectors[i].group,
										strlen(vectors[i].group));

		/* the vectors' rand64 >>> 4 are the 60 random bits */
		luuid_pack(vectors[i].pk, group, vectors[i].rand64 >> 4, b);
		expect_uuid(vectors[i].group, b, vectors[i].want);
		expect_int("is_layout", luuid_is_layout(b), 1);
		expect_int("pk_of", (long long) luuid_pk_of(b), (long long) (vectors[i].pk & LUUID_PK_MAX));
		expect_int("group_of", luuid_group_of(b), group);
	}
}

static void
test_luuid_layout_check(void)
{
	uint8_t		b[UIDX_LEN];

	luuid_pack(1, 0x2B6, 0, b);
	b[8] = 0xB0;				/* variant 10 but not the fixed bits 10 */
	expect_int("nibble b", luuid_is_layout(b), 0);
	b[8] = 0x80;
	expect_int("nibble 8", luuid_is_layout(b), 0);
	b[8] = 0xA0;
	b[6] = 0x72;				/* version 7 */
	expect_int("version 7", luuid_is_layout(b), 0);
}

static void
test_luuid_bounds_and_short(void)
{
	uint8_t		lo[UIDX_LEN],
				hi[UIDX_LEN],
				v[UIDX_LEN];
	char		s[LUUID_SHORT_MAX_LEN + 1];
	uint64_t	pk = 0;

	luuid_lower_bound(0x23122e, 0x2B6, lo);
	luuid_upper_bound(0x23122e, 0x2B6, hi);
	expect_uuid("lower", lo, "00000023-122e-62b6-a000-000000000000");
	expect_uuid("upper", hi, "00000023-122e-62b6-b000-000000000000");
	luuid_pack(0x23122e, 0x2B6, LUUID_RANDOM_MAX, v);
	expect_int("max random below upper", memcmp(v, hi, UIDX_LEN) < 0, 1);
	luuid_pack(0x23122e, 0x2B6, 0, v);
	expect_int("min random equals lower", memcmp(v, lo, UIDX_LEN), 0);

	expect_int("short len", luuid_format_short(0x23122e, s), 6);
	expect_str("short", s, "23122e");
	luuid_format_short(0, s);
	expect_str("short 0", s, "0");
	luuid_format_short(LUUID_PK_MAX, s);
	expect_str("short max", s, "ffffffffffff");

	expect_int("parse", luuid_parse_short("23122E", 6, &pk), LUUID_SHORT_OK);
	expect_int("parse value", (long long) pk, 0x23122e);
	expect_int("parse zeros", luuid_parse_short("0000000000000001", 16, &pk), LUUID_SHORT_OK);
	expect_int("parse zeros value", (long long) pk, 1);
	expect_int("parse max", luuid_parse_short("ffffffffffff", 12, &pk), LUUID_SHORT_OK);
	expect_int("parse max value", (long long) pk, (long long) LUUID_PK_MAX);
	expect_int("parse 2^48", luuid_parse_short("1000000000000", 13, &pk), LUUID_SHORT_OUT_OF_RANGE);
	expect_int("parse empty", luuid_parse_short("", 0, &pk), LUUID_SHORT_MALFORMED);
	expect_int("parse junk after overflow", luuid_parse_short("1000000000000x", 14, &pk), LUUID_SHORT_MALFORMED);
	expect_int("parse space", luuid_parse_short(" 1", 2, &pk), LUUID_SHORT_MALFORMED);
	expect_int("parse sign", luuid_parse_short("-1", 2, &pk), LUUID_SHORT_MALFORMED);
}

static void
pack_ns(int64_t ns, uint64_t rand64, int step_bits, uint8_t out[UIDX_LEN])
{
	uint8_t		rand8[8];

	rand8_of(rand64, rand8);
	uuidv7_pack((uint64_t) (ns / UIDX_NS_PER_MS), (uint32_t) (ns % UIDX_NS_PER_MS),
				rand8, step_bits, out);
}

static void
test_uuidv7_vectors(void)
{
	static const struct
	{
		int64_t		ns;
		uint64_t	rand64;
		const char *want12;
		const char *want10;
	}			vectors[] = {
		{INT64_C(1645557742000000000), UINT64_C(0x0123456789abcdef),
			"017f22e2-79b0-7000-8123-456789abcdef", "017f22e2-79b0-7000-8123-456789abcdef"},
		{INT64_C(1740365184503623456), UINT64_C(0x0123456789abcdef),
			"019535d9-3df7-79f9-8123-456789abcdef", "019535d9-3df7-79f9-8123-456789abcdef"},
		{INT64_C(1700000000123456789), UINT64_C(0x0123456789abcdef),
			"018bcfe5-687b-774f-8123-456789abcdef", "018bcfe5-687b-774f-8123-456789abcdef"},
		{INT64_C(1700000000999999999), UINT64_C(0x0123456789abcdef),
			"018bcfe5-6be7-7fff-8123-456789abcdef", "018bcfe5-6be7-7fff-8123-456789abcdef"},
		{INT64_C(1735689600000000244), UINT64_C(0x0123456789abcdef),
			"01941f29-7c00-7000-8123-456789abcdef", "01941f29-7c00-7000-8123-456789abcdef"},
		{INT64_C(1700000000123456789), UINT64_C(0xc3f0e1d2c3b4a596),
			"018bcfe5-687b-774f-83f0-e1d2c3b4a596", "018bcfe5-687b-774c-83f0-e1d2c3b4a596"},
		{INT64_C(1740365184503623779), UINT64_C(0xc3f0e1d2c3b4a596),
			"019535d9-3df7-79fa-83f0-e1d2c3b4a596", "019535d9-3df7-79f9-83f0-e1d2c3b4a596"},
	};

	for (size_t i = 0; i < sizeof(vectors) / sizeof(vectors[0]); i++)
	{
		uint8_t		b[UIDX_LEN];

		pack_ns(vectors[i].ns, vectors[i].rand64, 12, b);
		expect_uuid("v7 12-bit", b, vectors[i].want12);
		expect_int("is v7", uuidv7_is_v7(b), 1);
		pack_ns(vectors[i].ns, vectors[i].rand64, 10, b);
		expect_uuid("v7 10-bit", b, vectors[i].want10);
	}
}

static void
test_uuidv7_ascending(void)
{
	static const char *const want[] = {
		"018bcfe5-6800-7000-8123-456789abcdef",
		"018bcfe5-6800-7001-8123-456789abcdef",
		"018bcfe5-6800-7002-8123-456789abcdef",
	};
	const int64_t stuck = INT64_C(1700000000000000000);
	const int64_t step = UUIDV7_MINIMAL_STEP_NS(12);
	int64_t		previous = 0;

	expect_int("step 12 bits", step, 245);
	expect_int("step 10 bits", UUIDV7_MINIMAL_STEP_NS(10), 977);
	for (int call = 0; call < 3; call++)
	{
		uint8_t		b[UIDX_LEN];

		previous = uidx_ascending(previous, stuck, step);
		expect_int("ascending ns", previous, stuck + call * step);
		pack_ns(previous, UINT64_C(0x0123456789abcdef), 12, b);
		expect_uuid("ascending uuid", b, want[call]);
	}
	/* a clock set back an hour: still previous + step */
	expect_int("clock set back",
			   uidx_ascending(previous, stuck - INT64_C(3600000000000), step),
			   previous + step);
	/* a clock that moved on enough is taken as it is */
	expect_int("clock ahead", uidx_ascending(previous, previous + 246, step),
			   previous + 246);
}

static void
test_uuidv7_decode(void)
{
	uint8_t		b[UIDX_LEN];

	uidx_parse_hex16("019535d9-3df7-79fb-b466-fa907fa17f9e", b);
	expect_int("decode ms", (long long) uidx_load_be(b, 6), INT64_C(1740365184503));
	expect_int("decode fraction", (b[6] & 0x0F) << 8 | b[7], 0x9fb);
	expect_int("decode is v7", uuidv7_is_v7(b), 1);
	uidx_parse_hex16("017f22e2-79b0-7cc3-98c4-dc0c0c07398f", b);
	expect_int("decode ms", (long long) uidx_load_be(b, 6), INT64_C(1645557742000));
	expect_int("decode fraction", (b[6] & 0x0F) << 8 | b[7], 0xcc3);
	b[8] = 0x18;				/* variant 0xx: not RFC 9562 */
	expect_int("non-RFC variant", uuidv7_is_v7(b), 0);
}

int
main(void)
{
	test_crc12();
	test_luuid_vectors();
	test_luuid_layout_check();
	test_luuid_bounds_and_short();
	test_uuidv7_vectors();
	test_uuidv7_ascending();
	test_uuidv7_decode();
	if (failures > 0)
	{
		printf("%d failures\n", failures);
		return 1;
	}
	printf("luuid and uuidv7 cores: all vectors pass\n");
	return 0;
}
