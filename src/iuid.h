/*
 * iuid.h -- the pure core of the iUID family (FORMATS.md §C).
 */
#ifndef UIDX_IUID_H
#define UIDX_IUID_H

#include "uidx.h"

/* IUID_RANDOM_BITS and the field offsets: layout.h */
#define IUID_RANDOM_MAX ((UINT64_C(1) << IUID_RANDOM_BITS) - 1)
/*
 * The generator puts the clock's sub-millisecond fraction, in 1/4096 ms, into
 * the leading bits of rand (FORMATS.md §C); the rest stays random.
 */
#define IUID_FRACTION_BITS 12
#define IUID_BELOW_FRACTION_BITS (IUID_RANDOM_BITS - IUID_FRACTION_BITS)

typedef struct IuidFields
{
	int64_t		unix_ms;		/* 0 .. 2^48-1 */
	int			format_version; /* 0 .. 15; only 0 is valid today */
	int			country;		/* 0 .. 255 */
	int			service_entity; /* 0 .. 255 */
	uint64_t	random;			/* 0 .. 2^54-1 */
} IuidFields;

extern void iuid_pack(const IuidFields *f, uint8_t out[UIDX_LEN]);
extern void iuid_unpack(const uint8_t in[UIDX_LEN], IuidFields *f);
extern const char *iuid_invalid_reason(const uint8_t in[UIDX_LEN]);

/*
 * The monotonic generator step.  `prev` is the last value this backend made
 * (or NULL for none), of any country and service entity: only its unix_ms
 * and random are read, so (unix_ms, random) strictly increases per backend
 * and the IDs of each origin strictly increase.  Returns the next value for
 * now_ms with the requested country and service entity, never more than
 * 1 ms ahead of a clock that does not step back; `fraction` is the same clock reading's
 * sub-millisecond part in 1/2^IUID_FRACTION_BITS ms, `fresh` a fresh random
 * draw (only its low bits are used) and `step` a fresh 32-bit draw used to
 * advance within a millisecond.
 */
extern void iuid_next(const IuidFields *prev, int64_t now_ms, uint32_t fraction,
					  int country,
					  int service_entity, uint64_t fresh, uint32_t step,
					  IuidFields *next);

#ifndef UIDX_NO_POSTGRES
/* The iUID settings (uidx.iuid_country and friends), from _PG_init. */
extern void uidx_define_iuid_settings(void);
#endif

#endif							/* UIDX_IUID_H */
