/*
 * uidx.h -- what every file of uidx needs: the 16-byte helpers of the pure
 * core, and on the server side argument checks, settings and soft input
 * errors.  The shared machinery has headers of its own: bytes16.h (the
 * 16-byte types), codec.h (128-bit integers and the alphanumeric encoding),
 * clock.h, entropy.h and time_index.h.
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
/* The versions that are built and tested: docs/upgrades.md "Supported servers and upgrades". */
#if PG_VERSION_NUM < 150000
#error "uidx needs PostgreSQL 15 or later"
#endif
#endif
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define UIDX_LEN 16

/* ---------------------------------------------------------------------------
 * Pure core (also compiled into the fuzz harnesses, so no postgres.h here)
 * ------------------------------------------------------------------------- */

/*
 * Parses the text forms uuid_in accepts: 32 hex digits in either case, an
 * optional hyphen after any group of four digits, optionally wrapped in
 * braces.  Returns false on anything else.
 */
extern bool uidx_parse_hex16(const char *text, uint8_t out[UIDX_LEN]);

/* Canonical lower-case 8-4-4-4-12 form; out must hold 37 bytes. */
extern void uidx_format_hex16(const uint8_t in[UIDX_LEN], char out[37]);

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
	return b[6] >> 4;
}

static inline bool
uidx_variant_is_rfc(const uint8_t *b)
{
	return (b[8] & 0xC0) == 0x80;
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

/* Unix-ms range a 48-bit big-endian timestamp field can hold. */
#define UIDX_MAX_MS48 ((int64_t) 0xFFFFFFFFFFFF)

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
/* From PostgreSQL 16 on, postgres.h no longer brings the varlena macros. */
#if PG_VERSION_NUM >= 160000
#include "varatt.h"
#endif

/* Raises 22004 "<what> must not be null" when argument argno is NULL. */
extern void uidx_require_arg(FunctionCallInfo fcinfo, int argno, const char *what);

/* nextval() of a sequence; 42809 when `seq` is not a sequence (uidx.c) */
extern int64 uidx_nextval(Oid seq);

/* ---- settings, each defined by its family; called from _PG_init ---- */
extern void uidx_define_iuid_settings(void);
extern void uidx_define_public_id_settings(void);

/*
 * Soft input errors (pg_input_is_valid) exist from PostgreSQL 16 on.  Before
 * that, uidx_is_valid() (uidx.c) passes its own marker node as the context,
 * and uidx's input functions return instead of raising when they see it.
 */
#if PG_VERSION_NUM >= 160000
#define UIDX_INPUT_ERROR(fcinfo, ...) \
	ereturn((fcinfo)->context, (Datum) 0, __VA_ARGS__)
#else
typedef struct UidxSoftError
{
	NodeTag		type;			/* T_Invalid: never a real node */
	uint32		magic;			/* UIDX_SOFT_ERROR_MAGIC */
	bool		error_occurred;
} UidxSoftError;

#define UIDX_SOFT_ERROR_MAGIC 0x75696478	/* "uidx" */

static inline bool
uidx_soft_error(Node *context)
{
	UidxSoftError *soft = (UidxSoftError *) context;

	if (soft == NULL || soft->type != T_Invalid || soft->magic != UIDX_SOFT_ERROR_MAGIC)
		return false;
	soft->error_occurred = true;
	return true;
}

#define UIDX_INPUT_ERROR(fcinfo, ...) \
	do { \
		if (uidx_soft_error((fcinfo)->context)) \
			return (Datum) 0; \
		ereport(ERROR, __VA_ARGS__); \
		pg_unreachable(); \
	} while (0)
#endif

#endif							/* UIDX_NO_POSTGRES */
#endif							/* UIDX_H */
