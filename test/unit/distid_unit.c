/*
 * distid_unit.c -- replays the generator traces and packing vectors of
 * FORMATS.md §A1, §A2 on the pure core (src/distid.c, src/codec.c) built with
 * -DUIDX_NO_POSTGRES.  The generators' clock and random inputs are fixed
 * here, which SQL cannot do.  Also the strict alphanumeric decoder and the
 * numeric_out parser.  Run by test/t/unit-distid.sh.
 */
#include <inttypes.h>
#include <stdio.h>

#include "distid.h"
#include "codec.h"

static int	failures = 0;
static int	checks = 0;

static void
check_str(const char *label, const char *actual, const char *expected)
{
	checks++;
	if (strcmp(actual, expected) != 0)
	{
		failures++;
		printf("FAIL %s: got %s, expected %s\n", label, actual, expected);
	}
}

static void
check_u64(const char *label, uint64_t actual, uint64_t expected)
{
	checks++;
	if (actual != expected)
	{
		failures++;
		printf("FAIL %s: got %" PRIu64 " (0x%" PRIx64 "), expected %" PRIu64 " (0x%" PRIx64 ")\n",
			   label, actual, actual, expected, expected);
	}
}

static void
hex_upper(const uint8_t *bytes, int n, char *out)
{
	for (int i = 0; i < n; i++)
		sprintf(out + 2 * i, "%02X", bytes[i]);
}

/* ---- FORMATS.md §A1 --------------------------------------------------- */

#define CLOCK_2024_MS1900 INT64_C(3913056000000)	/* 2024-01-01, ms since 1900 */
#define BASE (CLOCK_2024_MS1900 - DISTID_LEEWAY_MS)

typedef struct A1Vector
{
	int64_t		clock_ms1900;
	uint64_t	r48;
	uint64_t	t;
	const char *decimal;
	const char *hex26;
	const char *alnum;
} A1Vector;

static const A1Vector a1_vectors[] = {
	{INT64_C(3786825600000), 0x000000000001, UINT64_C(3786825599000),
	"1065896647285840956882944001", "000371B0650818000000000001", "3uRpl0h58RPKLfPN"},
	{INT64_C(3918198896789), 0x123456789abc, UINT64_C(3918198895789),
	"1102874942939946846548171452", "00039046DA74AD123456789ABC", "42rJyA13xiyPsX9g"},
	{INT64_C(3944678400000), 0xffffffffffff, UINT64_C(3944678399000),
	"1110328260489834271296454655", "00039671279C18FFFFFFFFFFFF", "44YQpDOu3ayRFuKF"},
	{INT64_C(3552768000000), 0x800000000000, UINT64_C(3552767999000),
	"1000015289777029656585699328", "00033B31797C18800000000000", "3fSjxAeYcvxX32LA"},
	{INT64_C(6311433599999), 0x0a0b0c0d0e0f, UINT64_C(6311433598999),
	"1776510625289106347317333519", "0005BD7EC1F8170A0B0C0D0E0F", "6W5HlLIZmsgWP3dP"},
	{INT64_C(3590472600000), 0x0005deece66d, UINT64_C(3590472599000),
	"1010628191183773544529847917", "000343F8D805D80005DEECE66D", "3hsPQ0V6a1YnWW7h"},
};

static void
a1_check_value(const char *label, const DistidState *s, uint64_t t, uint64_t r,
			   const char *decimal)
{
	uint8_t		bytes[UIDX_LEN];
	char		text[UIDX_U128_DECIMAL_BUFLEN];
	char		full[256];

	snprintf(full, sizeof(full), "%s ts45", label);
	check_u64(full, s->t, t);
	snprintf(full, sizeof(full), "%s r48", label);
	check_u64(full, s->r, r);
	if (decimal)
	{
		distid_pack(s->t, s->r, bytes);
		uidx_u128_to_decimal(bytes, text);
		snprintf(full, sizeof(full), "%s decimal", label);
		check_str(full, text, decimal);
	}
}

/*
 * What the SQL wrapper does: retry the step with the same random draw,
 * the clock advancing 1 ms per sleep.  Returns the number of sleeps.
 */
static int
a1_generate(DistidState *s, int64_t clock_ms1900, uint64_t random48)
{
	int			sleeps = 0;
	DistidStep	step;

	while ((step = distid_next(s, clock_ms1900 + sleeps, random48)) == DISTID_SLEEP)
		sleeps++;
	check_u64("A1 step emitted", step, DISTID_EMIT);
	return sleeps;
}

static void
test_a1(void)
{
	DistidState s = {0, 0, false};
	uint8_t		bytes[UIDX_LEN];
	char		text[64];
	char		label[64];

	for (size_t i = 0; i < sizeof(a1_vectors) / sizeof(a1_vectors[0]); i++)
	{
		const A1Vector *v = &a1_vectors[i];
		DistidState fresh = {0, 0, false};

		snprintf(label, sizeof(label), "A1 vector %zu", i + 1);
		check_u64(label, a1_generate(&fresh, v->clock_ms1900, v->r48), 0);
		a1_check_value(label, &fresh, v->t, v->r48, v->decimal);
		distid_pack(fresh.t, fresh.r, bytes);
		hex_upper(bytes + 3, 13, text);
		check_str(label, text, v->hex26);
		check_u64(label, uidx_alnum_encode_decimal(bytes, text), 1);
		check_str(label, text, v->alnum);
		check_u64(label, distid_invalid_reason(bytes) == NULL, 1);
	}

	/* the README id */
	distid_pack(UINT64_C(3868281180285), UINT64_C(0xb2ad82883dc7), bytes);
	uidx_u128_to_decimal(bytes, text);
	check_str("A1 README id", text, "1088824355131185736905670087");

	/* generator trace, fixed clock 2024-01-01T00:00:00Z */
	check_u64("A1 call 1 sleeps", a1_generate(&s, CLOCK_2024_MS1900, 0xfffffffff000), 0);
	a1_check_value("A1 call 1", &s, BASE, 0xfffffffff000, "1101427346186299223002050560");
	check_u64("A1 call 2 sleeps", a1_generate(&s, CLOCK_2024_MS1900, 0x800), 0);
	a1_check_value("A1 call 2", &s, BASE, 0xfffffffff800, "1101427346186299223002052608");
	/* step 4.2: the increment overflows, T borrows the next ms */
	check_u64("A1 call 3 sleeps", a1_generate(&s, CLOCK_2024_MS1900, 0x1000), 0);
	a1_check_value("A1 call 3", &s, BASE + 1, 0x000000001000, "1101427346186299223002058752");
	/* the largest increment, 2^41 - 1: bits 41-47 (and 48 up) of the draw are not used */
	check_u64("A1 call 4 sleeps", a1_generate(&s, CLOCK_2024_MS1900, 0xabffffffffffff), 0);
	a1_check_value("A1 call 4", &s, BASE + 1, 0x020000000fff, "1101427346186301422025314303");
	/* step 3: the clock advanced */
	check_u64("A1 call 5 sleeps", a1_generate(&s, CLOCK_2024_MS1900 + 5, 0x123), 0);
	a1_check_value("A1 call 5", &s, BASE + 5, 0x000000000123, "1101427346187425122908897571");

	/* step 4.3: burst exhausted, sleep once until the clock reaches T + 1 ms */
	s.t = BASE + 999;
	s.r = DISTID_RANDOM_MAX;
	check_u64("A1 burst exhausted sleeps", a1_generate(&s, CLOCK_2024_MS1900, 0x777), 1);
	a1_check_value("A1 burst exhausted", &s, BASE + 1000, 0x777, NULL);

	/* step 4.4: clock set back 5 s with the random part exhausted */
	s.t = BASE;
	s.r = DISTID_RANDOM_MAX;
	check_u64("A1 setback exhausted sleeps", a1_generate(&s, CLOCK_2024_MS1900 - 5000, 0x999), 0);
	a1_check_value("A1 setback exhausted", &s, BASE - 5000, 0x999, NULL);

	/* step 4.1 wins over a setback */
	s.t = BASE;
	s.r = 0x100000000000;
	check_u64("A1 setback not exhausted sleeps", a1_generate(&s, CLOCK_2024_MS1900 - 5000, 0x999), 0);
	a1_check_value("A1 setback not exhausted", &s, BASE, 0x100000000999, NULL);

	/* boundaries of step 4.3: prevT - (now - 1 ms) <= 1000 sleeps, 1001 restarts */
	s.t = BASE + 999;
	s.r = DISTID_RANDOM_MAX;
	check_u64("A1 setback 1000 ms", distid_next(&s, CLOCK_2024_MS1900 - 1000, 0x5), DISTID_SLEEP);
	a1_check_value("A1 setback 1000 ms unchanged", &s, BASE + 999, DISTID_RANDOM_MAX, NULL);
	check_u64("A1 setback 1001 ms", distid_next(&s, CLOCK_2024_MS1900 - 1001, 0x5), DISTID_EMIT);
	a1_check_value("A1 setback 1001 ms", &s, BASE - 1001, 0x5, NULL);

	/* uidx's generators keep order instead of step 4.4: the next ms, not the earlier time */
	s.t = BASE;
	s.r = DISTID_RANDOM_MAX;
	s.keep_order = true;
	check_u64("A1 keep-order setback sleeps", a1_generate(&s, CLOCK_2024_MS1900 - 5000, 0x999), 0);
	a1_check_value("A1 keep-order setback", &s, BASE + 1, 0x999, NULL);
	s.keep_order = false;

	/* a zero draw counts as 1, both as fresh value and as increment */
	s.t = 0;
	s.r = 0;
	distid_next(&s, CLOCK_2024_MS1900, 0);
	a1_check_value("A1 zero draw fresh", &s, BASE, 1, NULL);
	distid_next(&s, CLOCK_2024_MS1900, UINT64_C(1) << 41);
	a1_check_value("A1 zero increment", &s, BASE, 2, NULL);

	/* the 45-bit time field: its last ms, then no more */
	s.t = 0;
	s.r = 0;
	check_u64("A1 last ms", distid_next(&s, (int64_t) DISTID_TIME_LIMIT - 1 + DISTID_LEEWAY_MS, 7),
			  DISTID_EMIT);
	check_u64("A1 time exhausted", distid_next(&s, (int64_t) DISTID_TIME_LIMIT + DISTID_LEEWAY_MS, 7),
			  DISTID_CLOCK_OUT_OF_RANGE);
	s.r = DISTID_RANDOM_MAX;
	check_u64("A1 no ms left to borrow", distid_next(&s, (int64_t) DISTID_TIME_LIMIT - 1 + DISTID_LEEWAY_MS, 7),
			  DISTID_CLOCK_OUT_OF_RANGE);
	check_u64("A1 clock before 1900 + 1 s", distid_next(&s, DISTID_LEEWAY_MS - 1, 7),
			  DISTID_CLOCK_OUT_OF_RANGE);
}

/* ---- FORMATS.md §A2 --------------------------------------------------- */

#define CLOCK_2024_MS1700 INT64_C(10224403200000)

typedef struct A2Vector
{
	int64_t		clock_ms1700;
	uint64_t	r_high;
	uint64_t	r_low;
	const char *uuid;
	const char *decimal;
	uint64_t	upper;
	uint64_t	lower;
	const char *alnum;
} A2Vector;

static const A2Vector a2_vectors[] = {
	{INT64_C(10192867200000), 0x000, UINT64_C(0x0000000000000001),
		"0945363a-8c00-7000-0000-000000000001", "12322420333983599260071732388091133953",
	UINT64_C(667999744819228672), UINT64_C(1), "0nLRe6nheOO00000000001"},
	{INT64_C(10229546096789), 0x123, UINT64_C(0x456789abcdef0123),
		"094dc076-1895-7246-4567-89abcdef0123", "12366762399346812216331456648160674083",
	UINT64_C(670403532999193158), UINT64_C(5001117282205630755), "0nWSE9DGnFm5xRAYHvsZcZ"},
	{INT64_C(10271663999999), 0x7ff, UINT64_C(0xffffffffffffffff),
		"09578ee2-4bff-7fff-7fff-ffffffffffff", "12417679820005475895045959245421871103",
	UINT64_C(673163771903967231), UINT64_C(9223372036854775807), "0nj61hY7LzTAzL8n0Y58m7"},
	{INT64_C(8520336000000), 0x000, UINT64_C(0x8000000000000000),
		"07bfcb99-c400-7001-0000-000000000000", "10300454182192560007392146269109485568",
	UINT64_C(558388740096028673), UINT64_C(0), "0fFQQu1lc9Z00000000000"},
	{INT64_C(10424523905005), 0x3ff, UINT64_C(0x8000000000000000),
		"097b260b-57ed-77ff-0000-000000000000", "12602476105951031014064226492726902784",
	UINT64_C(683181598638438399), UINT64_C(0), "0oSyh9uekE300000000000"},
};

static void
a2_check_uuid(const char *label, const Distid128State *s, const char *expected)
{
	uint8_t		bytes[UIDX_LEN];
	char		text[37];
	Distid128State back;

	distid128_pack(s, bytes);
	uidx_format_hex16(bytes, text);
	check_str(label, text, expected);
	checks++;
	if (!distid128_unpack(bytes, &back) || back.t != s->t ||
		back.r_high != s->r_high || back.r_low != s->r_low)
	{
		failures++;
		printf("FAIL %s: does not unpack to what was packed\n", label);
	}
}

static int
a2_generate(Distid128State *s, int64_t clock_ms1700, uint64_t r_high, uint64_t r_low)
{
	int			sleeps = 0;
	DistidStep	step;

	while ((step = distid128_next(s, clock_ms1700 + sleeps, r_high, r_low)) == DISTID_SLEEP)
		sleeps++;
	check_u64("A2 step emitted", step, DISTID_EMIT);
	return sleeps;
}

static void
test_a2(void)
{
	Distid128State s = {0, 0, 0, false, false};
	uint8_t		bytes[UIDX_LEN];
	char		text[64];
	char		label[64];

	for (size_t i = 0; i < sizeof(a2_vectors) / sizeof(a2_vectors[0]); i++)
	{
		const A2Vector *v = &a2_vectors[i];
		Distid128State fresh = {0, 0, 0, false, false};

		snprintf(label, sizeof(label), "A2 vector %zu", i + 1);
		check_u64(label, a2_generate(&fresh, v->clock_ms1700, v->r_high, v->r_low), 0);
		a2_check_uuid(label, &fresh, v->uuid);
		distid128_pack(&fresh, bytes);
		uidx_u128_to_decimal(bytes, text);
		check_str(label, text, v->decimal);
		check_u64(label, uidx_load_be(bytes, 8), v->upper);
		check_u64(label, uidx_load_be(bytes + 8, 8), v->lower);
		uidx_alnum_encode_u128(bytes, text);
		check_str(label, text, v->alnum);
	}

	/* README example: ts48=10210557583916, r75=0x3569b93cdefcbdf0888 */
	s.t = UINT64_C(10210557583916);
	s.r_high = 0x356;
	s.r_low = UINT64_C(0x9b93cdefcbdf0888);
	a2_check_uuid("A2 README", &s, "094954a8-622c-76ad-1b93-cdefcbdf0888");

	/* not DistributedId128-shaped: version 4, or bit 64 set */
	uidx_parse_hex16("094954a8-622c-46ad-1b93-cdefcbdf0888", bytes);
	check_u64("A2 version 4 rejected", distid128_unpack(bytes, &s), 0);
	uidx_parse_hex16("094954a8-622c-76ad-9b93-cdefcbdf0888", bytes);
	check_u64("A2 bit 64 rejected", distid128_unpack(bytes, &s), 0);

	/* generator trace, fixed clock 2024-01-01T00:00:00Z, r75 near max */
	memset(&s, 0, sizeof(s));
	check_u64("A2 call 1 sleeps", a2_generate(&s, CLOCK_2024_MS1700, 0x7ff, UINT64_C(0xfffffffffffffffa)), 0);
	a2_check_uuid("A2 call 1", &s, "094c8deb-b800-7fff-7fff-fffffffffffa");
	check_u64("A2 call 2 sleeps", a2_generate(&s, CLOCK_2024_MS1700, 0, 3), 0);
	a2_check_uuid("A2 call 2", &s, "094c8deb-b800-7fff-7fff-fffffffffffd");
	/* bit 58 of the draw is not part of the increment 7, which overflows */
	check_u64("A2 call 3 sleeps", a2_generate(&s, CLOCK_2024_MS1700, 0, UINT64_C(0x0400000000000007)), 1);
	a2_check_uuid("A2 call 3", &s, "094c8deb-b801-7000-0400-000000000007");

	/* the increment is the low 58 bits of the draw's low word */
	s.r_high = 0;
	s.r_low = 0;
	a2_generate(&s, CLOCK_2024_MS1700, 0x7ff, UINT64_C(0xfc00000000000007));
	check_u64("A2 increment high", s.r_high, 0);
	check_u64("A2 increment low", s.r_low, 7);

	/* the increment carries into the high random bits */
	s.r_high = 0;
	s.r_low = UINT64_MAX;
	a2_generate(&s, CLOCK_2024_MS1700, 0, 1);
	check_u64("A2 carry high", s.r_high, 1);
	check_u64("A2 carry low", s.r_low, 0);

	/* a setback of 1000 ms or more with the random part exhausted restarts */
	s.t = CLOCK_2024_MS1700;
	s.r_high = DISTID128_RANDOM_HIGH_MAX;
	s.r_low = UINT64_MAX;
	check_u64("A2 setback 999 ms", distid128_next(&s, CLOCK_2024_MS1700 - 999, 0, 5), DISTID_SLEEP);
	check_u64("A2 setback 1000 ms", distid128_next(&s, CLOCK_2024_MS1700 - 1000, 0, 5), DISTID_EMIT);
	check_u64("A2 setback restarted t", s.t, CLOCK_2024_MS1700 - 1000);
	check_u64("A2 setback restarted r", s.r_low, 5);

	/* uidx's generator keeps order instead: the next ms after the last one */
	s.t = CLOCK_2024_MS1700;
	s.r_high = DISTID128_RANDOM_HIGH_MAX;
	s.r_low = UINT64_MAX;
	s.keep_order = true;
	check_u64("A2 keep-order setback", distid128_next(&s, CLOCK_2024_MS1700 - 1000, 0, 5), DISTID_EMIT);
	check_u64("A2 keep-order setback t", s.t, CLOCK_2024_MS1700 + 1);
	check_u64("A2 keep-order setback r", s.r_low, 5);
	s.keep_order = false;
}

/*
 * uidx's generator with clock_fraction (FORMATS.md §A2): random_high is the
 * clock's fraction of its millisecond; within the millisecond a later
 * fraction starts from it again, an earlier or equal one increments.
 */
static void
test_a2_fraction(void)
{
	Distid128State s = {0, 0, 0, true, true};

	check_u64("A2 fraction new ms", distid128_next(&s, CLOCK_2024_MS1700, 100, 9), DISTID_EMIT);
	check_u64("A2 fraction new ms high", s.r_high, 100);
	check_u64("A2 fraction new ms low", s.r_low, 9);
	/* the same fraction: an increment, as upstream */
	check_u64("A2 fraction same", distid128_next(&s, CLOCK_2024_MS1700, 100, 3), DISTID_EMIT);
	check_u64("A2 fraction same high", s.r_high, 100);
	check_u64("A2 fraction same low", s.r_low, 12);
	/* a later fraction within the millisecond: taken */
	check_u64("A2 fraction later", distid128_next(&s, CLOCK_2024_MS1700, 700, 4), DISTID_EMIT);
	check_u64("A2 fraction later high", s.r_high, 700);
	check_u64("A2 fraction later low", s.r_low, 4);
	/* an earlier one (the clock stepped back within the ms): an increment */
	check_u64("A2 fraction earlier", distid128_next(&s, CLOCK_2024_MS1700, 5, 2), DISTID_EMIT);
	check_u64("A2 fraction earlier high", s.r_high, 700);
	check_u64("A2 fraction earlier low", s.r_low, 6);
	/* a setback of a second with the millisecond full: the next ms from its start */
	s.r_high = DISTID128_RANDOM_HIGH_MAX;
	s.r_low = UINT64_MAX;
	check_u64("A2 fraction setback", distid128_next(&s, CLOCK_2024_MS1700 - 1000, 2000, 0), DISTID_EMIT);
	check_u64("A2 fraction setback t", s.t, CLOCK_2024_MS1700 + 1);
	check_u64("A2 fraction setback high", s.r_high, 0);
	check_u64("A2 fraction setback low", s.r_low, 1);
}

/* ---- FORMATS.md §A3 decoding quirks the strict decoder rejects ---- */

static void
test_a3(void)
{
	uint64_t	v = 0;
	uint8_t		bytes[UIDX_LEN];

	check_u64("A3 LygHa16AHYF", uidx_alnum_decode_u64("LygHa16AHYF", 11, &v), UIDX_ALNUM_OK);
	check_u64("A3 LygHa16AHYF value", v, UINT64_MAX);
	check_u64("A3 LygHa16AHYG", uidx_alnum_decode_u64("LygHa16AHYG", 11, &v), UIDX_ALNUM_NONCANONICAL);
	check_u64("A3 zzzzzzzzzzz", uidx_alnum_decode_u64("zzzzzzzzzzz", 11, &v), UIDX_ALNUM_NONCANONICAL);
	check_u64("A3 $", uidx_alnum_decode_u64("1234567890$", 11, &v), UIDX_ALNUM_BAD_CHARACTER);
	check_u64("A3 length", uidx_alnum_decode_u64("000000000001", 12, &v), UIDX_ALNUM_BAD_LENGTH);
	/* an embedded NUL is a foreign character, not the end of the text */
	check_u64("A3 NUL", uidx_alnum_decode_u64("0000000000\0", 11, &v), UIDX_ALNUM_BAD_CHARACTER);
	check_u64("A3 decimal max+1", uidx_alnum_decode_decimal("agbFu5KnEQGxp4QC", 16, bytes),
			  UIDX_ALNUM_OUT_OF_RANGE);
	check_u64("A3 u128 LygHa16AHYG", uidx_alnum_decode_u128("LygHa16AHYGLygHa16AHYG", 22, bytes),
			  UIDX_ALNUM_NONCANONICAL);
}

/* ---- the numeric_out parser behind numeric -> distid casts ------------- */

static void
check_numeric_text(const char *text, UidxNumericStatus status, const char *value)
{
	uint8_t		bytes[UIDX_LEN];
	char		decimal[UIDX_U128_DECIMAL_BUFLEN];
	char		label[128];

	snprintf(label, sizeof(label), "numeric text \"%.60s\" status", text);
	check_u64(label, uidx_numeric_text_to_u128(text, bytes), status);
	if (value != NULL && status == UIDX_NUMERIC_OK)
	{
		uidx_u128_to_decimal(bytes, decimal);
		snprintf(label, sizeof(label), "numeric text \"%.60s\" value", text);
		check_str(label, decimal, value);
	}
}

static void
test_numeric_text(void)
{
	check_numeric_text("0", UIDX_NUMERIC_OK, "0");
	check_numeric_text("-0", UIDX_NUMERIC_OK, "0");
	check_numeric_text("0.000", UIDX_NUMERIC_OK, "0");
	check_numeric_text("1088824355131185736905670087", UIDX_NUMERIC_OK,
					   "1088824355131185736905670087");
	check_numeric_text("1088824355131185736905670087.0000", UIDX_NUMERIC_OK,
					   "1088824355131185736905670087");
	check_numeric_text("340282366920938463463374607431768211455", UIDX_NUMERIC_OK,
					   "340282366920938463463374607431768211455");
	check_numeric_text("000000000000340282366920938463463374607431768211455", UIDX_NUMERIC_OK,
					   "340282366920938463463374607431768211455");
	check_numeric_text("340282366920938463463374607431768211456", UIDX_NUMERIC_TOO_LARGE, NULL);
	check_numeric_text("1000000000000000000000000000000000000000000", UIDX_NUMERIC_TOO_LARGE, NULL);
	check_numeric_text("1.5", UIDX_NUMERIC_NOT_INTEGER, NULL);
	check_numeric_text("0.0000001", UIDX_NUMERIC_NOT_INTEGER, NULL);
	check_numeric_text("-1", UIDX_NUMERIC_NEGATIVE, NULL);
	check_numeric_text("-1.5", UIDX_NUMERIC_NOT_INTEGER, NULL);
	check_numeric_text("NaN", UIDX_NUMERIC_NOT_FINITE, NULL);
	check_numeric_text("Infinity", UIDX_NUMERIC_NOT_FINITE, NULL);
	check_numeric_text("-Infinity", UIDX_NUMERIC_NOT_FINITE, NULL);
	check_numeric_text("", UIDX_NUMERIC_MALFORMED, NULL);
	check_numeric_text("-", UIDX_NUMERIC_MALFORMED, NULL);
	check_numeric_text("1.", UIDX_NUMERIC_MALFORMED, NULL);
	check_numeric_text(".5", UIDX_NUMERIC_MALFORMED, NULL);
	check_numeric_text("1.2.3", UIDX_NUMERIC_MALFORMED, NULL);
	check_numeric_text("+1", UIDX_NUMERIC_MALFORMED, NULL);
	check_numeric_text("1e5", UIDX_NUMERIC_MALFORMED, NULL);
	check_numeric_text(" 1", UIDX_NUMERIC_MALFORMED, NULL);
}

int
main(void)
{
	test_a1();
	test_a2();
	test_a2_fraction();
	test_a3();
	test_numeric_text();
	printf("%d checks, %d failed\n", checks, failures);
	return failures == 0 ? 0 : 1;
}
