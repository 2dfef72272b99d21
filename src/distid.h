/*
 * distid.h -- the pure core of the DistributedId family (FORMATS.md §A1, §A2).
 */
#ifndef UIDX_DISTID_H
#define UIDX_DISTID_H

#include "uidx.h"

/*
 * DistributedId: id = T * 2^48 + R, below 2^93, stored as the 16-byte
 * big-endian integer (so memcmp order is numeric order is time order).
 * T counts milliseconds since 1900-01-01 and lags the generator's clock by
 * DISTID_LEEWAY_MS; the leeway is the burst budget.
 */
#define DISTID_RANDOM_MAX		((UINT64_C(1) << DISTID_RANDOM_BITS) - 1)
#define DISTID_TIME_LIMIT		(UINT64_C(1) << DISTID_TIME_BITS)	/* exclusive */
#define DISTID_INCREMENT_MASK	((UINT64_C(1) << 41) - 1)
#define DISTID_LEEWAY_MS		1000
#define DISTID_MAX_DIGITS		28

/* 2^93 - 1 */
extern const uint8_t distid_max[UIDX_LEN];

extern void distid_pack(uint64_t t, uint64_t r, uint8_t out[UIDX_LEN]);
extern void distid_unpack(const uint8_t in[UIDX_LEN], uint64_t *t, uint64_t *r);
extern const char *distid_invalid_reason(const uint8_t in[UIDX_LEN]);

/*
 * The text forms distid input accepts: exactly 16 characters are the
 * alphanumeric form (FORMATS.md §A3); otherwise 1 to 28 ASCII digits, leading zeros
 * allowed, no sign, no white space.  Does not check the 2^93 limit.
 */
extern bool distid_parse_text(const char *text, uint8_t out[UIDX_LEN]);

/* What a generator step asks its caller to do. */
typedef enum DistidStep
{
	DISTID_EMIT,				/* the state now holds the ID to hand out */
	DISTID_SLEEP,				/* sleep 1 ms, read the clock, retry with the same random */
	DISTID_CLOCK_OUT_OF_RANGE	/* the time field cannot hold the clock (or next ms) */
} DistidStep;

/*
 * The last ID made; all zero before the first.  keep_order chooses what
 * happens when the clock was set back by more than the burst window and the
 * random part is used up: false restarts at the earlier time (upstream's
 * step 4.4, which breaks the order of IDs); true moves on to the next
 * millisecond instead, so that every ID of a backend is greater than the one
 * before (uidx's generators).
 */
typedef struct DistidState
{
	uint64_t	t;
	uint64_t	r;
	bool		keep_order;
} DistidState;

/*
 * The FORMATS.md §A1 generator step.  now_ms is the clock in milliseconds since
 * 1900-01-01 (without the leeway); random48 is a fresh draw (only its low 48
 * bits are used), drawn once per ID and passed again on a retry.
 */
extern DistidStep distid_next(DistidState *state, int64_t now_ms, uint64_t random48);

/*
 * DistributedId128: a UUIDv7-shaped value with variant bit 64 clear.
 * T48 counts milliseconds since 1700-01-01 without leeway; the random part
 * is 75 bits, r_high (11 bits) * 2^64 + r_low.
 */
#define DISTID128_TIME_LIMIT	(UINT64_C(1) << 48)	/* exclusive */
#define DISTID128_RANDOM_HIGH_MAX ((UINT64_C(1) << 11) - 1)
#define DISTID128_INCREMENT_MASK ((UINT64_C(1) << 58) - 1)
#define DISTID128_SETBACK_MS	1000

/*
 * keep_order: as for DistidState, after a setback of a second or more.
 * clock_fraction (uidx's generator, FORMATS.md §A2): random_high is not
 * random but the clock's fraction of its millisecond in 1/2^11 ms, and
 * within a millisecond a fraction above r_high starts from it again.
 */
#define DISTID128_FRACTION_BITS 11
typedef struct Distid128State
{
	uint64_t	t;
	uint64_t	r_high;
	uint64_t	r_low;
	bool		keep_order;
	bool		clock_fraction;
} Distid128State;

extern void distid128_pack(const Distid128State *value, uint8_t out[UIDX_LEN]);
/* false when the bytes are not DistributedId128-shaped (version 7, bit 64 clear) */
extern bool distid128_unpack(const uint8_t in[UIDX_LEN], Distid128State *value);

/* The FORMATS.md §A2 generator step; now_ms counts from 1700-01-01. */
extern DistidStep distid128_next(Distid128State *state, int64_t now_ms,
								 uint64_t random_high, uint64_t random_low);

#endif							/* UIDX_DISTID_H */
