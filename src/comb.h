/*
 * comb.h -- the pure core of the COMB family (FORMATS.md §B).
 *
 * Every COMB starts as 16 random bytes; a time (or sequence) field is
 * stamped over some of them and version 4 / variant 10 is forced, exactly
 * as uuid-creator, RT.Comb and sequential-uuids do.  The core never draws
 * the random bytes itself: generators pass fresh ones, the *_from_parts SQL
 * functions pass given ones, so both run the same code.
 */
#ifndef UIDX_COMB_H
#define UIDX_COMB_H

#include "uidx.h"

/* Where a layout keeps its time field (RFC byte order). */
typedef struct CombField
{
	int			offset;
	int			length;
} CombField;

#define COMB_PREFIX_FIELD		((CombField) {COMB_PREFIX_TIME_OFFSET, UIDX_TIME_FIELD_BYTES})	/* unix ms */
#define COMB_SUFFIX_FIELD		((CombField) {COMB_SUFFIX_TIME_OFFSET, UIDX_TIME_FIELD_BYTES})	/* unix ms */
#define COMB_SHORT_SUFFIX_FIELD ((CombField) {COMB_SHORT_COUNTER_OFFSET, COMB_SHORT_COUNTER_BYTES})	/* 16-bit interval counter */
#define COMB_SQLSERVER_FIELD	((CombField) {COMB_SQLSERVER_OFFSET, COMB_SQLSERVER_DAYS_BYTES + COMB_SQLSERVER_TICKS_BYTES})	/* datetime days + ticks */

/* Writes value big-endian into the field, then sets version 4, variant 10. */
extern void comb_stamp(uint8_t id[UIDX_LEN], CombField field, uint64_t value);

/* Version 4 with the RFC variant, as every COMB generator makes them. */
extern bool comb_is_version4(const uint8_t id[UIDX_LEN]);

/*
 * A prefix COMB made around now_ms, about to become a comb (FORMATS.md §B,
 * "The comb type"): version 4, bytes 0-5 within COMB_FRESH_PREFIX_WINDOW_MS
 * of now_ms, and bytes 10-15 holding no time up to the end of that window in
 * either of the comb type's readings (unix ms, SQL Server datetime).  A
 * suffix or SQL Server COMB made before then holds one there, so it is never
 * taken for a prefix COMB, whatever its random bytes 0-5 are.
 */
#define COMB_FRESH_PREFIX_WINDOW_MS INT64_C(60000)
extern bool comb_is_fresh_prefix(const uint8_t id[UIDX_LEN], int64_t now_ms);

/*
 * Swaps bytes 0-5 with bytes 10-15: prefix COMB <-> suffix COMB.  Bytes 6-9,
 * which hold the version and variant, stay where they are, so a version-4
 * COMB of one form is a version-4 COMB of the other.  An involution.
 */
extern void comb_swap_ends(const uint8_t in[UIDX_LEN], uint8_t out[UIDX_LEN]);

/* ---- monotonic generators (README "COMB UUIDs") ---- */

/*
 * comb_prefix_generate(), comb_suffix_generate() and comb_sqlserver_generate()
 * put a fraction of their time unit (the millisecond, or the 1/300 s tick)
 * in the random bits that follow the time field in their type's comparison
 * order, RFC 9562 section 6.2, method 3:
 *
 *   prefix COMB (uuid order)  TTTTTTTT-TTTT-4fff-Vrrr-rrrrrrrrrrrr  12-bit fraction, 62 random bits
 *   comb, SQL Server COMB     rrrrrrrr-rrrr-4rrr-Vfff-TTTTTTTTTTTT  14-bit fraction, 60 random bits
 *
 * (SQL Server compares bytes 8-9 right after 10-15, and bytes 8-9 hold 14
 * bits beside the variant.)  A tick is the time field's value in its unit
 * times 2^bits plus the fraction.  Each backend's ticks strictly increase,
 * by at least one per value (uidx_ascending), so consecutive values differ
 * within the first 8 compared bytes, the abbreviated sort key.
 */
#define COMB_PREFIX_FRACTION_BITS	12
#define COMB_SQLORDER_FRACTION_BITS 14

/* The tick of a unix time in nanoseconds, in milliseconds (prefix, comb). */
extern uint64_t comb_unix_ms_tick(int64_t unix_ns, int fraction_bits);

/* The same in SQL Server ticks since 1900-01-01, 25,920,000 a day. */
extern uint64_t comb_sqlserver_tick(int64_t unix_ns);

/* The largest tick each layout can hold. */
#define COMB_PREFIX_TICK_MAX \
	((uint64_t) UIDX_MAX_MS48 << COMB_PREFIX_FRACTION_BITS | 0xFFF)
#define COMB_SUFFIX_TICK_MAX \
	((uint64_t) UIDX_MAX_MS48 << COMB_SQLORDER_FRACTION_BITS | 0x3FFF)
#define COMB_SQLSERVER_TICK_MAX \
	((COMB_SQLSERVER_DAYS_LIMIT * COMB_SQLSERVER_TICKS_PER_DAY - 1) << COMB_SQLORDER_FRACTION_BITS | 0x3FFF)

/*
 * A tick and 8 random bytes in a layout (version 4, variant 10): the prefix
 * COMB's random bits are bytes 8-15, the others' bytes 0-7.
 */
extern void comb_prefix_pack(uint64_t tick, const uint8_t rand8[8], uint8_t out[UIDX_LEN]);
extern void comb_suffix_pack(uint64_t tick, const uint8_t rand8[8], uint8_t out[UIDX_LEN]);
extern void comb_sqlserver_pack(uint64_t tick, const uint8_t rand8[8], uint8_t out[UIDX_LEN]);

/* ---- SQL Server datetime (days since 1900 + 1/300 s ticks) ---- */

/* the field's days since 1900-01-01 (layout.h) are 16 bits: up to 2079-06-06 */
#define COMB_SQLSERVER_EPOCH_DAYS	(-COMB_SQLSERVER_EPOCH_UNIX_DAYS)	/* 1900-01-01 .. 1970-01-01 */
#define COMB_SQLSERVER_DAYS_LIMIT	(UINT64_C(1) << (8 * COMB_SQLSERVER_DAYS_BYTES))	/* exclusive */
#define COMB_SQLSERVER_MIN_MS		(COMB_SQLSERVER_EPOCH_UNIX_DAYS * UIDX_MS_PER_DAY)
#define COMB_SQLSERVER_MAX_MS		\
	(COMB_SQLSERVER_MIN_MS + (int64_t) COMB_SQLSERVER_DAYS_LIMIT * UIDX_MS_PER_DAY - 1)	/* 2079-06-06 23:59:59.999 */
#define COMB_SQLSERVER_TICKS_PER_DAY \
	((int) (COMB_SQLSERVER_TICKS_PER_S * UIDX_MS_PER_DAY / UIDX_MS_PER_S))	/* 25,920,000 */
/* the field: the day's 16 bits, then the tick's 32 */
#define COMB_SQLSERVER_TICKS_BITS	(8 * COMB_SQLSERVER_TICKS_BYTES)
/* RT.Comb decodes up to a whole day of ticks (midnight of the next day) */
#define COMB_SQLSERVER_MAX_TICKS	COMB_SQLSERVER_TICKS_PER_DAY

/*
 * The 6-byte field value (low 16 bits of the day count, then the 32-bit tick
 * count) for a unix time in microseconds; ticks are truncated like RT.Comb.
 */
extern uint64_t comb_sqlserver_datetime(int64_t unix_us);

/*
 * Decodes bytes 10-15 to the unix microsecond where the tick starts (rounded
 * up to a whole microsecond, so that it encodes back to the same tick).
 * Returns false, with *ticks set, when the tick count exceeds a day.
 */
extern bool comb_sqlserver_decode(const uint8_t id[UIDX_LEN], int64_t *unix_us,
								  uint32_t *ticks);

/* ---- sequential-uuids 1.0.3 blocks ---- */

#define COMB_BLOCK_COUNT_MAX (INT64_C(1) << 24)

/*
 * Prefix width in bits (8, 16 or 24) for block_count, or 0 when block_count
 * is outside 1 .. 2^24.
 */
extern int	comb_block_prefix_bits(int64_t block_count);

/*
 * Stamps the block prefix of `value` over the first prefix_bits/8 bytes and
 * sets version 4, variant 10.  block_size >= 1 and a valid block_count are
 * the caller's checks.
 */
extern void comb_block_stamp(uint8_t id[UIDX_LEN], int64_t value,
							 int64_t block_size, int64_t block_count);

/*
 * The short prefix COMB: the block prefix of the time.  Whole-second
 * intervals count in seconds, like uuid_time_nextval; finer ones in ms.
 */
extern void comb_short_prefix_stamp(uint8_t id[UIDX_LEN], int64_t unix_ms,
									int64_t interval_ms, int64_t interval_count);

/* The 16-bit interval counter of a time (short prefix and short suffix). */
extern uint16_t comb_short_counter(int64_t unix_ms, int64_t interval_ms);

/*
 * True if a 16-bit counter value was current at some instant within
 * [at_ms - tolerance_ms, at_ms + tolerance_ms] (instants before 1970 do not
 * count), the counter wrapping every 65536 intervals.
 */
extern bool comb_short_counter_in_window(uint16_t counter, int64_t at_ms,
										 int64_t tolerance_ms, int64_t interval_ms);

#endif							/* UIDX_COMB_H */
