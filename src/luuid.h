/*
 * luuid.h -- the pure core of the PK-embedded UUID family (FORMATS.md §D).
 *
 *   pppppppp-pppp-6ggg-arrr-rrrrrrrrrrrr
 *   48-bit primary key | nibble 6 | 12-bit group (CRC-12 of a name) |
 *   nibble a (1010) | 60 random bits
 */
#ifndef UIDX_LUUID_H
#define UIDX_LUUID_H

#include "uidx.h"

#define LUUID_PK_MAX ((UINT64_C(1) << 48) - 1)
#define LUUID_GROUP_MAX 0xFFF
#define LUUID_RANDOM_BITS 60
#define LUUID_RANDOM_MAX ((UINT64_C(1) << LUUID_RANDOM_BITS) - 1)
/* pk as lower-case hex without leading zeros: at most 12 digits */
#define LUUID_SHORT_MAX_LEN 12

/*
 * Buckland's CRC-12: width 12, poly 0x80F, init 0xFFF, reflected in and out,
 * xorout 0xFFF (check value 0xDDD).  No CRC catalogue lists it.
 */
extern int	luuid_crc12(const uint8_t *data, size_t len);

/*
 * Packs the layout.  Like Buckland's Java shift, bits of pk above 48 and of
 * random above 60 are dropped; callers that must reject them check first.
 */
extern void luuid_pack(uint64_t pk, int group, uint64_t random60,
					   uint8_t out[UIDX_LEN]);

/* version nibble 6 and byte 8's top nibble exactly 0xA */
extern bool luuid_is_layout(const uint8_t in[UIDX_LEN]);
extern uint64_t luuid_pk_of(const uint8_t in[UIDX_LEN]);
extern int	luuid_group_of(const uint8_t in[UIDX_LEN]);

/*
 * Every value for one (pk, group) lies in [lower, upper): the lower bound has
 * random bits 0, the upper bound is the next value after all-ones random.
 */
extern void luuid_lower_bound(uint64_t pk, int group, uint8_t out[UIDX_LEN]);
extern void luuid_upper_bound(uint64_t pk, int group, uint8_t out[UIDX_LEN]);

/* Writes the short form and its terminating NUL; returns its length. */
extern int	luuid_format_short(uint64_t pk, char out[LUUID_SHORT_MAX_LEN + 1]);

typedef enum LuuidShortStatus
{
	LUUID_SHORT_OK,
	LUUID_SHORT_MALFORMED,		/* empty, or not only hex digits */
	LUUID_SHORT_OUT_OF_RANGE	/* hex, but above 2^48-1 */
} LuuidShortStatus;

/* Hex digits in either case; leading zeros are accepted. */
extern LuuidShortStatus luuid_parse_short(const char *text, size_t len,
										  uint64_t *pk);

#endif							/* UIDX_LUUID_H */
