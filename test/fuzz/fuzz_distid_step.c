/*
 * libFuzzer harness: the FORMATS.md §A1 and §A2 generator steps driven by arbitrary
 * clock movements and random draws (each 10 input bytes: a signed 16-bit
 * clock step in ms, then 8 random bytes).
 * sources: src/codec.c src/distid.c
 *
 * Every emitted value must be in range and greater than the previous one,
 * except for the documented restart after a clock setback beyond the window.
 */
#include <stdlib.h>
#include <string.h>

#include "distid.h"

int			LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static uint64_t
load_le64(const uint8_t *p)
{
	uint64_t	v = 0;

	for (int i = 7; i >= 0; i--)
		v = (v << 8) | p[i];
	return v;
}

static void
step_a1(DistidState *s, int64_t now, uint64_t random)
{
	DistidState before = *s;
	uint64_t	t_now = (uint64_t) (now - DISTID_LEEWAY_MS);

	if (distid_next(s, now, random) != DISTID_EMIT)
	{
		if (s->t != before.t || s->r != before.r)
			abort();
		return;
	}
	if (s->t >= DISTID_TIME_LIMIT || s->r == 0 || s->r > DISTID_RANDOM_MAX)
		abort();
	if (s->t > before.t || (s->t == before.t && s->r > before.r))
		return;
	/* uidx's generators never go back */
	if (s->keep_order)
		abort();
	/* step 4.4: only with the random part full and T far behind */
	if (s->t != t_now || before.t - (t_now + DISTID_LEEWAY_MS - 1) <= DISTID_LEEWAY_MS)
		abort();
}

static void
step_a2(Distid128State *s, int64_t now, uint64_t random)
{
	Distid128State before = *s;
	uint8_t		packed[UIDX_LEN];
	Distid128State back;

	if (distid128_next(s, now, random >> 53, random * UINT64_C(0x9E3779B97F4A7C15)) != DISTID_EMIT)
		return;
	if (s->t >= DISTID128_TIME_LIMIT || s->r_high > DISTID128_RANDOM_HIGH_MAX)
		abort();
	distid128_pack(s, packed);
	if (!distid128_unpack(packed, &back) ||
		back.t != s->t || back.r_high != s->r_high || back.r_low != s->r_low)
		abort();
	if (s->t > before.t ||
		(s->t == before.t && (s->r_high > before.r_high ||
							  (s->r_high == before.r_high && s->r_low > before.r_low))))
		return;
	if (s->keep_order)
		abort();
	if (s->t != (uint64_t) now || before.t < (uint64_t) now + DISTID128_SETBACK_MS)
		abort();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* upstream's algorithm, and uidx's order-keeping generators (distid128 with the clock fraction) */
	DistidState a1 = {0, 0, false};
	DistidState a1_ordered = {0, 0, true};
	Distid128State a2 = {0, 0, 0, false, false};
	Distid128State a2_ordered = {0, 0, 0, true, true};
	int64_t		now1900 = INT64_C(3913056000000);	/* 2024-01-01 */
	int64_t		now1700 = INT64_C(10224403200000);

	for (size_t i = 0; i + 10 <= size; i += 10)
	{
		int16_t		delta = (int16_t) (data[i] | (data[i + 1] << 8));
		uint64_t	random = load_le64(data + i + 2);

		now1900 += delta;
		now1700 += delta;
		step_a1(&a1, now1900, random);
		step_a1(&a1_ordered, now1900, random);
		step_a2(&a2, now1700, random);
		step_a2(&a2_ordered, now1700, random);
	}
	return 0;
}
