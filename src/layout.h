/*
 * layout.h -- the facts of every layout, each written once: where a layout
 * keeps its fields (first byte and width, RFC byte order), the epochs its
 * time fields count from and the units they count in (test/FORMATS.md).
 *
 * Pure C with no server header, so the pure cores, the fuzz harnesses and
 * the unit tests (UIDX_NO_POSTGRES) read the same facts as the server code.
 * The families' packers and decoders, the clock and the planner layer's
 * table of layouts (time_layout.c) use these names; a number that means one
 * of these facts is not written anywhere else in src/ (docs/internals.md
 * "Architecture").  Every fact is a plain `#define NAME value` on one line,
 * so other code can be generated from this file.
 */
#ifndef UIDX_LAYOUT_H
#define UIDX_LAYOUT_H

#include <stdint.h>

/* ---- units ---- */
#define UIDX_MS_PER_S			INT64_C(1000)
#define UIDX_US_PER_S			INT64_C(1000000)
#define UIDX_US_PER_MS			INT64_C(1000)
#define UIDX_NS_PER_US			INT64_C(1000)
#define UIDX_NS_PER_MS			INT64_C(1000000)
#define UIDX_NS_PER_S			INT64_C(1000000000)
#define UIDX_MS_PER_DAY			INT64_C(86400000)
#define UIDX_US_PER_DAY			INT64_C(86400000000)
#define UIDX_NS_PER_DAY			INT64_C(86400000000000)

/* ---- epochs, in days since 1970-01-01 (the unix epoch) ---- */
#define UIDX_1700_UNIX_DAYS		INT64_C(-98615) /* DistributedId128 */
#define UIDX_1900_UNIX_DAYS		INT64_C(-25567) /* DistributedId, SQL Server datetime */
#define UIDX_GREGORIAN_UNIX_DAYS INT64_C(-141427)	/* 1582-10-15: UUID version 1 */
#define UIDX_PG_UNIX_DAYS		INT64_C(10957)	/* 2000-01-01: PostgreSQL's timestamps */

/* the same in unix milliseconds and microseconds */
#define UIDX_UNIX_EPOCH_MS		INT64_C(0)
#define UIDX_1900_UNIX_MS		(UIDX_1900_UNIX_DAYS * UIDX_MS_PER_DAY)
#define UIDX_1700_UNIX_MS		(UIDX_1700_UNIX_DAYS * UIDX_MS_PER_DAY)
#define UIDX_1900_UNIX_US		(UIDX_1900_UNIX_DAYS * UIDX_US_PER_DAY)
#define UIDX_PG_EPOCH_UNIX_US	(UIDX_PG_UNIX_DAYS * UIDX_US_PER_DAY)
#define UIDX_GREGORIAN_UNIX_US	(UIDX_GREGORIAN_UNIX_DAYS * UIDX_US_PER_DAY)

/* ---- the RFC 9562 fields every uuid-shaped layout shares ---- */
#define UIDX_VERSION_BYTE		6	/* version in the high nibble */
#define UIDX_VARIANT_BYTE		8	/* variant in the top two bits */

/*
 * ---- the 48-bit time field ----
 * Every time-ordered layout holds a count of milliseconds as a 48-bit
 * big-endian field; at offset 0 it is the top 48 bits of the first 64.
 */
#define UIDX_TIME_FIELD_BYTES	6
#define UIDX_TIME_FIELD_BITS	48
#define UIDX_MAX_MS48			((INT64_C(1) << UIDX_TIME_FIELD_BITS) - 1)
#define UIDX_TIME_FIELD_SHIFT	(64 - UIDX_TIME_FIELD_BITS)

/* ---- iUID (FORMATS.md §C): unix ms, version 8, format, country, variant, service entity, random ---- */
#define IUID_TIME_OFFSET		0
#define IUID_EPOCH_UNIX_MS		UIDX_UNIX_EPOCH_MS
#define IUID_FORMAT_BYTE		UIDX_VERSION_BYTE	/* version 8, format in the low nibble */
#define IUID_COUNTRY_BYTE		7
#define IUID_LOW_OFFSET			8	/* 64 bits: variant, service entity, random */
#define IUID_LOW_BYTES			8
#define IUID_RANDOM_BITS		54

/* ---- COMB (FORMATS.md §B) ---- */
#define COMB_PREFIX_TIME_OFFSET 0	/* prefix COMB: unix ms */
#define COMB_SUFFIX_TIME_OFFSET 10	/* suffix COMB, the comb type: unix ms */
#define COMB_EPOCH_UNIX_MS		UIDX_UNIX_EPOCH_MS
#define COMB_RANDOM_BYTES		8	/* the random bytes a generator stamps over */
#define COMB_SHORT_PREFIX_OFFSET 0	/* short prefix COMB: block prefix, 8 to 24 bits */
#define COMB_SHORT_COUNTER_OFFSET 10	/* short suffix COMB: 16-bit interval counter */
#define COMB_SHORT_COUNTER_BYTES 2
#define COMB_SQLSERVER_OFFSET	10	/* SQL Server COMB: days since 1900, then ticks */
#define COMB_SQLSERVER_DAYS_BYTES 2
#define COMB_SQLSERVER_TICKS_OFFSET 12
#define COMB_SQLSERVER_TICKS_BYTES 4
#define COMB_SQLSERVER_EPOCH_UNIX_DAYS UIDX_1900_UNIX_DAYS
#define COMB_SQLSERVER_TICKS_PER_S 300	/* SQL Server datetime: 1/300 s */

/* ---- DistributedId (FORMATS.md §A1): T * 2^48 + R below 2^93, bytes 0-3 zero ---- */
#define DISTID_TIME_OFFSET		4	/* T: ms since 1900 */
#define DISTID_EPOCH_UNIX_MS	UIDX_1900_UNIX_MS
#define DISTID_RANDOM_OFFSET	10	/* R */
#define DISTID_RANDOM_BYTES		6
#define DISTID_TIME_BITS		45
#define DISTID_RANDOM_BITS		48

/* ---- DistributedId128 (FORMATS.md §A2): T48 since 1700, version 7 ---- */
#define DISTID128_TIME_OFFSET	0
#define DISTID128_EPOCH_UNIX_MS UIDX_1700_UNIX_MS

/* ---- UUIDv7 (FORMATS.md §E): unix ms, version 7, 12-bit fraction ---- */
#define UUIDV7_TIME_OFFSET		0
#define UUIDV7_EPOCH_UNIX_MS	UIDX_UNIX_EPOCH_MS

/*
 * Each key type's btree order, as (offset, length) segments read in turn
 * (bytes16.h): each reads its time field first, which is what lets the
 * planner layer turn a time filter into a range of keys (docs/internals.md).
 * The families' type descriptors and the planner's table both take them
 * from here.
 */
#define IUID_KEY_SEGMENTS		{{IUID_TIME_OFFSET, 16}}
#define COMB_KEY_SEGMENTS \
	{{COMB_SUFFIX_TIME_OFFSET, UIDX_TIME_FIELD_BYTES}, {8, 2}, {7, 1}, {6, 1}, \
	 {5, 1}, {4, 1}, {3, 1}, {2, 1}, {1, 1}, {0, 1}}
#define DISTID_KEY_SEGMENTS \
	{{DISTID_TIME_OFFSET, 16 - DISTID_TIME_OFFSET}, {0, DISTID_TIME_OFFSET}}
#define IUID_KEY_NSEGMENTS		1
#define COMB_KEY_NSEGMENTS		10
#define DISTID_KEY_NSEGMENTS	2

/*
 * iuid's country order (docs/regions.md "Regions"): the country first, then
 * the default order of the rest.
 */
#define IUID_COUNTRY_KEY_SEGMENTS \
	{{IUID_COUNTRY_BYTE, 1}, {0, IUID_COUNTRY_BYTE}, {IUID_LOW_OFFSET, IUID_LOW_BYTES}}
#define IUID_COUNTRY_KEY_NSEGMENTS 3

/*
 * The smallest and the largest valid key of one millisecond, but for the
 * time field (which the planner layer writes in): an iUID keeps version 8,
 * format 0 and variant 10; any 16 bytes are a comb; a distid's bytes 0-3,
 * which its order reads last, are zero.
 */
#define IUID_MIN_TAIL {0, 0, 0, 0, 0, 0, 0x80, 0, 0x80, 0, 0, 0, 0, 0, 0, 0}
#define IUID_MAX_TAIL {0, 0, 0, 0, 0, 0, 0x80, 0xFF, 0xBF, 0xFF, 0xFF, 0xFF, \
					   0xFF, 0xFF, 0xFF, 0xFF}
#define UIDX_ONES_TAIL {0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, \
						0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF}
#define DISTID_MAX_TAIL {0, 0, 0, 0, 0, 0, 0, 0, \
						 0, 0, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF}

/*
 * Instants that every layout's field holds lie between these two, with more
 * than a day to spare on each side (the earliest epoch is 1700, the latest
 * end 10889): a date or timestamp outside them can be moved to them before
 * it becomes a timestamptz, in any time zone, without changing which side
 * of every field it is on (time_bounds.c), and then it cannot overflow.
 */
#define UIDX_INSTANT_FLOOR_UNIX_MS	INT64_C(-30610224000000)	/* 1000-01-01 */
#define UIDX_INSTANT_CEIL_UNIX_MS	INT64_C(568971820800000)	/* 20000-01-01 */

#endif							/* UIDX_LAYOUT_H */
