/*
 * time_legacy.c -- the C functions of 1.2 that 1.3 no longer names: those of
 * its time operators, and its time functions' SUPPORT functions.
 *
 * May touch: nothing but its arguments.
 *
 * uidx 1.2 pruned partitions with cross-type operators `key @>=@ t` and
 * `key @<@ t` (src/sql/versions/uidx--1.1--1.2.sql), which 1.3 drops
 * (uidx--1.2--1.3.sql): time filters now use ranges of the key in the key
 * type's own family (time_bounds.c).  The shipped 1.1--1.2 script still
 * creates these functions on an update from 1.0 or 1.1, which needs each C
 * symbol to load, and a 1.2 database runs them until it is updated; so they
 * stay, with 1.2's meaning, and nothing of 1.3 calls them.
 *
 * An instant stands for one key: the smallest key of the first millisecond
 * at or after it, so `key @>=@ at` is exactly f(key) >= at and `key @<@ at`
 * is f(key) < at for every key the type can store.  Instants the field
 * cannot hold sort before (before the epoch) or after (after its last
 * millisecond, infinity) every key.
 *
 * 1.2 also named a SUPPORT function on each time function, to give index
 * conditions on the key.  PostgreSQL never asked them for any: it asks a
 * support function for index conditions only where the indexed column is an
 * argument of the clause's own function, which `f(key) op t` is not
 * (docs/internals.md "Index paths").  1.3 drops them (uidx--1.2--1.3.sql),
 * but src/sql/versions/uidx--1.2.sql creates them (CREATE EXTENSION ... VERSION
 * '1.2', and the upgrade test), a 1.2 database names them until it is
 * updated, and PostgreSQL calls a function's support function to cost every plan that
 * calls the function: so the symbols stay, and give no help to any request.
 */
#include "uidx.h"
#include "time_layout.h"
#include "clock.h"

#include "utils/uuid.h"

static int
key_time_cmp(FunctionCallInfo fcinfo, const UidxTimeLayout *layout)
{
	int			time_offset = layout->time_offset;
	int64		epoch_unix_ms = layout->epoch_unix_ms;
	const uint8 *min_key = layout->min_tail;
	const uint8 *key = PG_GETARG_UUID_P(0)->data;
	TimestampTz at = PG_GETARG_TIMESTAMPTZ(1);
	TimestampTz epoch = uidx_unix_ms_to_timestamptz(epoch_unix_ms);
	int64		field = (int64) uidx_load_be(key + time_offset, UIDX_TIME_FIELD_BYTES);
	/* the key's instant: at most 2^48 ms after its epoch, well within int64 */
	TimestampTz instant = epoch + field * UIDX_US_PER_MS;

	if (TIMESTAMP_IS_NOBEGIN(at))
		return 1;
	if (TIMESTAMP_IS_NOEND(at) || at > epoch + UIDX_MAX_MS48 * UIDX_US_PER_MS)
		return -1;
	/* field against the first millisecond at or after `at` */
	if (instant < at)
		return -1;
	if (instant - 1000 >= at && field > 0)
		return 1;
	/* the same millisecond: the rest of the key against the smallest one */
	for (int i = 0; i < UIDX_LEN; i++)
	{
		if (i >= time_offset && i < time_offset + UIDX_TIME_FIELD_BYTES)
			continue;
		if (key[i] != min_key[i])
			return key[i] < min_key[i] ? -1 : 1;
	}
	return 0;
}

/* iuid: bytes 0-5, unix milliseconds; version 8, variant 10 */
PG_FUNCTION_INFO_V1(uidx_iuid_time_cmp);
Datum
uidx_iuid_time_cmp(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32(key_time_cmp(fcinfo, uidx_time_layout(UIDX_LAYOUT_IUID)));
}

PG_FUNCTION_INFO_V1(uidx_iuid_time_lt);
Datum
uidx_iuid_time_lt(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(key_time_cmp(fcinfo, uidx_time_layout(UIDX_LAYOUT_IUID)) < 0);
}

PG_FUNCTION_INFO_V1(uidx_iuid_time_ge);
Datum
uidx_iuid_time_ge(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(key_time_cmp(fcinfo, uidx_time_layout(UIDX_LAYOUT_IUID)) >= 0);
}

/* uuid read as an iUID or prefix COMB: bytes 0-5, unix milliseconds */
PG_FUNCTION_INFO_V1(uidx_uuid_time_cmp);
Datum
uidx_uuid_time_cmp(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32(key_time_cmp(fcinfo, uidx_time_layout(UIDX_LAYOUT_IUID_UUID)));
}

PG_FUNCTION_INFO_V1(uidx_uuid_time_lt);
Datum
uidx_uuid_time_lt(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(key_time_cmp(fcinfo, uidx_time_layout(UIDX_LAYOUT_IUID_UUID)) < 0);
}

PG_FUNCTION_INFO_V1(uidx_uuid_time_ge);
Datum
uidx_uuid_time_ge(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(key_time_cmp(fcinfo, uidx_time_layout(UIDX_LAYOUT_IUID_UUID)) >= 0);
}

/* comb: bytes 10-15, unix milliseconds */
PG_FUNCTION_INFO_V1(uidx_comb_time_cmp);
Datum
uidx_comb_time_cmp(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32(key_time_cmp(fcinfo, uidx_time_layout(UIDX_LAYOUT_COMB)));
}

PG_FUNCTION_INFO_V1(uidx_comb_time_lt);
Datum
uidx_comb_time_lt(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(key_time_cmp(fcinfo, uidx_time_layout(UIDX_LAYOUT_COMB)) < 0);
}

PG_FUNCTION_INFO_V1(uidx_comb_time_ge);
Datum
uidx_comb_time_ge(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(key_time_cmp(fcinfo, uidx_time_layout(UIDX_LAYOUT_COMB)) >= 0);
}

/* distid: bytes 4-9, milliseconds since 1900 */
PG_FUNCTION_INFO_V1(uidx_distid_time_cmp);
Datum
uidx_distid_time_cmp(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32(key_time_cmp(fcinfo, uidx_time_layout(UIDX_LAYOUT_DISTID)));
}

PG_FUNCTION_INFO_V1(uidx_distid_time_lt);
Datum
uidx_distid_time_lt(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(key_time_cmp(fcinfo, uidx_time_layout(UIDX_LAYOUT_DISTID)) < 0);
}

PG_FUNCTION_INFO_V1(uidx_distid_time_ge);
Datum
uidx_distid_time_ge(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(key_time_cmp(fcinfo, uidx_time_layout(UIDX_LAYOUT_DISTID)) >= 0);
}

/*
 * The next instant after `at` (one microsecond later); the largest finite
 * instant and the infinities map to infinity, never an error.
 */
PG_FUNCTION_INFO_V1(uidx_instant_after);
Datum
uidx_instant_after(PG_FUNCTION_ARGS)
{
	TimestampTz at = PG_GETARG_TIMESTAMPTZ(0);

	if (TIMESTAMP_NOT_FINITE(at))
		PG_RETURN_TIMESTAMPTZ(at);
	if (at + 1 >= END_TIMESTAMP)
		PG_RETURN_TIMESTAMPTZ(DT_NOEND);
	PG_RETURN_TIMESTAMPTZ(at + 1);
}

/* Restriction and join estimators of those operators: they add no selectivity. */
PG_FUNCTION_INFO_V1(uidx_time_filter_sel);
Datum
uidx_time_filter_sel(PG_FUNCTION_ARGS)
{
	PG_RETURN_FLOAT8(1.0);
}

PG_FUNCTION_INFO_V1(uidx_time_filter_joinsel);
Datum
uidx_time_filter_joinsel(PG_FUNCTION_ARGS)
{
	PG_RETURN_FLOAT8(1.0);
}

/*
 * The SUPPORT functions of 1.2's time functions (iuid_timestamp,
 * comb_timestamp, comb_prefix_timestamp, distid_timestamp and
 * distid128_timestamp): NULL, no help, whatever the request.
 */
static Datum
no_support(FunctionCallInfo fcinfo)
{
	PG_RETURN_POINTER(NULL);
}

PG_FUNCTION_INFO_V1(iuid_timestamp_support);
Datum
iuid_timestamp_support(PG_FUNCTION_ARGS)
{
	return no_support(fcinfo);
}

PG_FUNCTION_INFO_V1(comb_timestamp_support);
Datum
comb_timestamp_support(PG_FUNCTION_ARGS)
{
	return no_support(fcinfo);
}

PG_FUNCTION_INFO_V1(comb_prefix_timestamp_support);
Datum
comb_prefix_timestamp_support(PG_FUNCTION_ARGS)
{
	return no_support(fcinfo);
}

PG_FUNCTION_INFO_V1(distid_timestamp_support);
Datum
distid_timestamp_support(PG_FUNCTION_ARGS)
{
	return no_support(fcinfo);
}

PG_FUNCTION_INFO_V1(distid128_timestamp_support);
Datum
distid128_timestamp_support(PG_FUNCTION_ARGS)
{
	return no_support(fcinfo);
}
