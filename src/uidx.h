/*
 * uidx.h -- what every file of uidx needs, and the bottom of the core layer
 * (docs/internals.md "Architecture"): the byte helpers of the pure core, and
 * on the server side argument checks and soft input errors (uidx.c).  It
 * includes only layout.h and compat.h of uidx's own headers.  The rest of
 * the core has headers of its own: bytes16.h (the 16-byte types), codec.h
 * (hex, 128-bit integers and the alphanumeric encoding), clock.h and
 * entropy.h.
 *
 * Layering: the pure core of each family (parsers, encoders, bit packing,
 * generator step functions) is plain C over bytes and integers: no palloc, no ereport,
 * no clock or randomness of their own.  That keeps them usable from the
 * libFuzzer harnesses under test/fuzz and makes clock faults easy to simulate.
 * The SQL-facing wrappers read the clock, draw randomness, call the core and
 * turn a failure into the right ereport.
 */
#ifndef UIDX_H
#define UIDX_H

/* postgres.h must come first in server code; the fuzz harnesses go without. */
#ifndef UIDX_NO_POSTGRES
#include "postgres.h"
#include "compat.h"
#endif
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "layout.h"

#define UIDX_LEN 16

/* ---------------------------------------------------------------------------
 * Pure core (also compiled into the fuzz harnesses, so no postgres.h here)
 * ------------------------------------------------------------------------- */

/* Big-endian load/store of the low `nbytes` bytes of an integer. */
static inline uint64_t
uidx_load_be(const uint8_t *p, int nbytes)
{
	uint64_t	v = 0;

	for (int i = 0; i < nbytes; i++)
		v = (v << 8) | p[i];
	return v;
}

static inline void
uidx_store_be(uint8_t *p, int nbytes, uint64_t v)
{
	for (int i = nbytes - 1; i >= 0; i--)
	{
		p[i] = (uint8_t) v;
		v >>= 8;
	}
}

/* The RFC 9562 version nibble and the two-bit variant of 16 bytes. */
static inline int
uidx_version(const uint8_t *b)
{
	return b[UIDX_VERSION_BYTE] >> 4;
}

static inline bool
uidx_variant_is_rfc(const uint8_t *b)
{
	return (b[UIDX_VARIANT_BYTE] & 0xC0) == 0x80;
}

/* a / b rounded towards minus infinity (C division truncates); b > 0 */
static inline int64_t
uidx_floor_div(int64_t a, int64_t b)
{
	int64_t		q = a / b;

	return (a % b != 0 && a < 0) ? q - 1 : q;
}

/*
 * max(now, previous + step): the next reading of a clock that must strictly
 * increase, as RFC 9562 section 6.2, method 3 (and PostgreSQL 18's uuidv7())
 * keep it per backend.  When the clock stands still or is set back the
 * readings run ahead of it by `step` each, until it catches up.
 */
static inline int64_t
uidx_ascending(int64_t previous, int64_t now, int64_t step)
{
	return previous + step >= now ? previous + step : now;
}

/*
 * .NET Guid byte order <-> RFC order: bytes 0-3, 4-5 and 6-7 reversed, 8-15
 * unchanged.  An involution, so it converts either way.
 */
static inline void
uidx_netswap(const uint8_t in[UIDX_LEN], uint8_t out[UIDX_LEN])
{
	static const uint8_t from[UIDX_LEN] =
	{3, 2, 1, 0, 5, 4, 7, 6, 8, 9, 10, 11, 12, 13, 14, 15};

	for (int i = 0; i < UIDX_LEN; i++)
		out[i] = in[from[i]];
}

#ifndef UIDX_NO_POSTGRES
/* ---------------------------------------------------------------------------
 * Server side
 * ------------------------------------------------------------------------- */
#include "fmgr.h"
#include "nodes/nodes.h"
#include "utils/timestamp.h"

/* Raises 22004 "<what> must not be null" when argument argno is NULL. */
extern void uidx_require_arg(FunctionCallInfo fcinfo, int argno, const char *what);

/* nextval() of a sequence; 42809 when `seq` is not a sequence (uidx.c) */
extern int64 uidx_nextval(Oid seq);

/* An input function's errors: UIDX_INPUT_ERROR (compat.h). */

#endif							/* UIDX_NO_POSTGRES */
#endif							/* UIDX_H */
