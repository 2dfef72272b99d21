/*
 * time_layout.h -- where each time-ordered layout keeps its millisecond, and
 * the one table the planner layer reads it from (time_layout.c).
 *
 * Every time-ordered layout holds a millisecond count as a 48-bit big-endian
 * field (test/FORMATS.md).  The offsets and epochs below are the only
 * definitions of those facts: the families' packing code (iuid.c, comb.c,
 * distid.c) and the planner layer (time_bounds.c, time_index.c,
 * time_prune.c) all read them from here.
 */
#ifndef UIDX_TIME_LAYOUT_H
#define UIDX_TIME_LAYOUT_H

#include "uidx.h"

#define UIDX_TIME_FIELD_BYTES	6	/* 48 bits of milliseconds */

/* first byte of the time field of each layout (test/FORMATS.md) */
#define IUID_TIME_OFFSET		0	/* iUID: unix ms */
#define COMB_PREFIX_TIME_OFFSET 0	/* prefix COMB: unix ms */
#define COMB_SUFFIX_TIME_OFFSET 10	/* suffix COMB, the comb type: unix ms */
#define DISTID_TIME_OFFSET		4	/* DistributedId: ms since 1900 */
#define DISTID128_TIME_OFFSET	0	/* DistributedId128: ms since 1700 */

/* epochs of the fields, in unix milliseconds */
#define UIDX_UNIX_EPOCH_MS		INT64_C(0)
#define UIDX_1900_UNIX_MS		INT64_C(-2208988800000)	/* 1900-01-01 */
#define DISTID_EPOCH_UNIX_MS	UIDX_1900_UNIX_MS
#define DISTID128_EPOCH_UNIX_MS INT64_C(-8520336000000)	/* 1700-01-01 */

/*
 * Instants that every layout's field holds lie between these two, with more
 * than a day to spare on each side (the earliest epoch is 1700, the latest
 * end 10889): a date or timestamp outside them can be moved to them before
 * it becomes a timestamptz, in any time zone, without changing which side
 * of every field it is on (time_bounds.c), and then it cannot overflow.
 */
#define UIDX_INSTANT_FLOOR_UNIX_MS	INT64_C(-30610224000000)	/* 1000-01-01 */
#define UIDX_INSTANT_CEIL_UNIX_MS	INT64_C(568971820800000)	/* 20000-01-01 */

#ifndef UIDX_NO_POSTGRES

/*
 * One time function and the key it reads.  The key type's default btree
 * family orders its values by the time field first (the families' SQL in
 * sql/install/), so a range of times is a range of keys: that is what the
 * support function, the index-condition path and the pruning rewrite use.
 */
typedef struct UidxTimeLayout
{
	const char *function;		/* the time function, in uidx's schema */
	const char *key_type;		/* its argument, in uidx's schema; NULL: uuid */
	int			time_offset;	/* first byte of the 48-bit field */
	int64		epoch_unix_ms;	/* what field value 0 means */

	/*
	 * The key type's own facts (the same in every row of one key type): the
	 * largest field value a valid key holds, and the bytes outside the
	 * field of its smallest and largest valid keys of one field value
	 * (bytes its order reads before the field stay as in every valid key).
	 * A bound made of them is a value the type's input function accepts
	 * (docs/internals.md); an instant outside 0 .. max_field has no key
	 * bound on its far side.  The function gives exact key bounds of an
	 * instant (NULL where the time function is NULL for some values of
	 * the key type, as on uuid: then only wider field bounds exist).
	 */
	int64		max_field;
	uint8		min_tail[UIDX_LEN];
	uint8		max_tail[UIDX_LEN];
	const char *bound_function; /* KEY_time_bound(timestamptz, bool, bool) */
} UidxTimeLayout;

/* The OIDs of one row in this database, resolved once per backend. */
typedef struct UidxTimeLayoutOids
{
	const UidxTimeLayout *layout;
	Oid			function;
	Oid			key_type;
	Oid			bound_function; /* InvalidOid where the layout has none */
	Oid			btree_family;	/* the key type's default btree family */
} UidxTimeLayoutOids;

/* The rows of the table (time_layout.c), for the C functions of each key type. */
typedef enum UidxTimeLayoutId
{
	UIDX_LAYOUT_IUID,			/* iuid_timestamp(iuid) */
	UIDX_LAYOUT_COMB,			/* comb_timestamp(comb) */
	UIDX_LAYOUT_DISTID,			/* distid_timestamp(distid) */
	UIDX_LAYOUT_IUID_UUID,		/* iuid_timestamp(uuid) */
	UIDX_LAYOUT_COMB_PREFIX,	/* comb_prefix_timestamp(uuid) */
	UIDX_LAYOUT_DISTID128,		/* distid128_timestamp(uuid) */
	UIDX_NUM_LAYOUTS
} UidxTimeLayoutId;

extern const UidxTimeLayout *uidx_time_layout(UidxTimeLayoutId id);

/* The first row of a key type, or NULL for other types */
extern const UidxTimeLayoutOids *uidx_time_layout_of_key_type(Oid key_type);

/* The btree family of <, <=, =, >=, > on timestamptz, date and timestamp */
extern Oid	uidx_datetime_family(void);

/* The row of a time function, or NULL when funcid is not one of uidx's. */
extern const UidxTimeLayoutOids *uidx_time_layout_of_function(Oid funcid);

/*
 * The row whose key type is `key_type` and which reads the same field as
 * `of` (a uuid key reads any field at offset 0: its order is memcmp), or
 * NULL: then bounds of that field are no range of such keys.
 */
extern const UidxTimeLayoutOids *uidx_time_layout_for_key(const UidxTimeLayoutOids *of,
														  Oid key_type);

/* uidx_time_bound(timestamptz, integer, timestamptz, boolean), or InvalidOid */
extern Oid	uidx_field_bound_function(void);

/* The extension's OID, or InvalidOid while it is not installed here. */
extern Oid	uidx_extension_oid(void);

/*
 * The field value of the first millisecond at or after `at` (ceiling) or
 * at or before it (floor), unclamped: it can be negative or past the
 * field's largest value.
 */
extern int64 uidx_time_field_ceil(TimestampTz at, TimestampTz epoch);
extern int64 uidx_time_field_floor(TimestampTz at, TimestampTz epoch);

#endif							/* UIDX_NO_POSTGRES */
#endif							/* UIDX_TIME_LAYOUT_H */
