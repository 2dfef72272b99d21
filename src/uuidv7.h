/*
 * uuidv7.h -- the pure core of UUIDv7 as PostgreSQL 18 makes it
 * (FORMATS.md §E): RFC 9562 Method 3, a 12-bit sub-millisecond fraction in rand_a.
 */
#ifndef UIDX_UUIDV7_H
#define UIDX_UUIDV7_H

#include "uidx.h"

#define UUIDV7_SUBMS_BITS 12

/*
 * Nanoseconds by which consecutive timestamps of one backend advance at
 * least, so the 12-bit fraction strictly grows: 245 ns with a nanosecond
 * clock (12 bits), 977 ns where the clock has only microseconds (10 bits).
 */
#define UUIDV7_MINIMAL_STEP_NS(step_bits) \
	(UIDX_NS_PER_MS / (INT64_C(1) << (step_bits)) + 1)

/*
 * Packs unix_ms, the 12-bit fraction of sub_ms_ns (0 .. 999999) and 62 bits
 * of rand8 (its top two bits give way to the variant).  With step_bits 10 the
 * two lowest fraction bits carry no clock information, so, like PostgreSQL,
 * they are XOR-ed with the top two random bits.
 */
extern void uuidv7_pack(uint64_t unix_ms, uint32_t sub_ms_ns,
						const uint8_t rand8[8], int step_bits,
						uint8_t out[UIDX_LEN]);

/*
 * The 60-bit timestamp of a version 1 UUID (100 ns ticks since 1582-10-15):
 * time_low in bytes 0-3, time_mid in 4-5, time_hi in the low 12 bits of 6-7.
 */
static inline uint64_t
uuidv1_ticks(const uint8_t in[UIDX_LEN])
{
	return ((uint64_t) (uidx_load_be(in + 6, 2) & 0x0FFF) << 48) |
		(uidx_load_be(in + 4, 2) << 32) | uidx_load_be(in, 4);
}

/* RFC 9562 variant and version 7 */
extern bool uuidv7_is_v7(const uint8_t in[UIDX_LEN]);

#endif							/* UIDX_UUIDV7_H */
