/*
 * time_layout.h -- where each time-ordered layout keeps its millisecond, and
 * the one table the planner layer reads it from (time_layout.c).
 *
 * Every time-ordered layout holds a millisecond count as a 48-bit big-endian
 * field (test/FORMATS.md); its offset and epoch are defined once, in
 * layout.h, which the families' packers read too.  The table is the planner
 * layer's own: no family includes this header (docs/internals.md
 * "Architecture").
 */
#ifndef UIDX_TIME_LAYOUT_H
#define UIDX_TIME_LAYOUT_H

#include "uidx.h"
#include "layout.h"

#ifndef UIDX_NO_POSTGRES

/*
 * One time function and the key it reads.  The key type's default btree
 * family orders its values by the time field first (the families' SQL in
 * src/sql/install/), so a range of times is a range of keys: that is what the
 * index-condition path and the pruning rewrite use.
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

/* The same of a type or, where that is a domain, of its base type */
extern const UidxTimeLayoutOids *uidx_time_layout_of_key_domain(Oid type);

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
