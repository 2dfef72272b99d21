/*
 * uidx.h -- shared declarations of the uidx extension.
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
/* The versions that are built and tested: README "Supported servers". */
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

/* ---- unsigned 128-bit integers held as 16 big-endian bytes (codec.c) ---- */

/* memcmp order of big-endian bytes is numeric order */
static inline int
uidx_u128_compare(const uint8_t a[UIDX_LEN], const uint8_t b[UIDX_LEN])
{
	return memcmp(a, b, UIDX_LEN);
}

/* 10^28 - 1, the largest .NET decimal integer the Architect encoders accept */
extern const uint8_t uidx_decimal28_max[UIDX_LEN];

/* enough for 2^128 - 1 (39 digits) and the terminating NUL */
#define UIDX_U128_DECIMAL_BUFLEN 40

/* Decimal digits, no sign, no leading zeros (except "0" itself). */
extern void uidx_u128_to_decimal(const uint8_t in[UIDX_LEN],
								 char out[UIDX_U128_DECIMAL_BUFLEN]);

/*
 * `len` ASCII digits (at least one; leading zeros allowed) to an integer.
 * False on any other character or a value of 2^128 or more.
 */
extern bool uidx_u128_from_digits(const char *digits, size_t len,
								  uint8_t out[UIDX_LEN]);

typedef enum UidxNumericStatus
{
	UIDX_NUMERIC_OK = 0,
	UIDX_NUMERIC_MALFORMED,		/* not what numeric_out prints */
	UIDX_NUMERIC_NOT_FINITE,	/* NaN, Infinity, -Infinity */
	UIDX_NUMERIC_NOT_INTEGER,	/* a non-zero fractional digit */
	UIDX_NUMERIC_NEGATIVE,
	UIDX_NUMERIC_TOO_LARGE		/* 2^128 or more */
} UidxNumericStatus;

/*
 * numeric_out's text of a non-negative integer to the integer: "123",
 * "123.000" (trailing fractional zeros are a scale, not a fraction).
 * Anything numeric_out can print is classified, anything else is MALFORMED.
 */
extern UidxNumericStatus uidx_numeric_text_to_u128(const char *text,
												   uint8_t out[UIDX_LEN]);

/* ---- the alphanumeric (base-62 block) encoding, FORMATS.md §A3 (codec.c) ---- */

#define UIDX_ALNUM_BLOCK_LEN	11	/* one 64-bit half */
#define UIDX_ALNUM_U64_LEN		11	/* bigint */
#define UIDX_ALNUM_DECIMAL_LEN	16	/* decimal up to 10^28-1, distid */
#define UIDX_ALNUM_U128_LEN		22	/* uuid, UInt128 */

typedef enum UidxAlnumStatus
{
	UIDX_ALNUM_OK = 0,
	UIDX_ALNUM_BAD_LENGTH,
	UIDX_ALNUM_BAD_CHARACTER,	/* outside 0-9 A-Z a-z, including non-ASCII */
	UIDX_ALNUM_NONCANONICAL,	/* an 11-character block worth 2^64 or more */
	UIDX_ALNUM_OUT_OF_RANGE		/* canonical, but too large for the target */
} UidxAlnumStatus;

/* One sentence explaining a failure status, for error details. */
extern const char *uidx_alnum_status_text(UidxAlnumStatus status);

/* Encoders write exactly N characters and a NUL. */
extern void uidx_alnum_encode_u64(uint64_t v, char out[UIDX_ALNUM_U64_LEN + 1]);
extern void uidx_alnum_encode_u128(const uint8_t in[UIDX_LEN],
								   char out[UIDX_ALNUM_U128_LEN + 1]);
/* false (nothing written) when the value exceeds 10^28 - 1 */
extern bool uidx_alnum_encode_decimal(const uint8_t in[UIDX_LEN],
									  char out[UIDX_ALNUM_DECIMAL_LEN + 1]);

/*
 * Strict decoders of `len` bytes of text: exactly N characters of the
 * alphabet, every 11-character block below 2^64 (upstream would silently
 * reduce it modulo 2^64), and for decimals a value of at most 10^28 - 1.
 */
extern UidxAlnumStatus uidx_alnum_decode_u64(const char *text, size_t len,
											 uint64_t *out);
extern UidxAlnumStatus uidx_alnum_decode_u128(const char *text, size_t len,
											  uint8_t out[UIDX_LEN]);
extern UidxAlnumStatus uidx_alnum_decode_decimal(const char *text, size_t len,
												 uint8_t out[UIDX_LEN]);

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

/*
 * A fixed 16-byte type is described once; the generic plumbing in bytes16.c
 * does the rest.  Comparison reads the bytes in `segments` order: a list of
 * (offset, length) segments covering all 16 bytes, each compared as unsigned
 * bytes from its first to its last.  For iuid that is plain memcmp order;
 * distid compares bytes 4-15 first (0-3 are always zero), for a useful
 * abbreviated sort key; comb follows SQL Server, which reads some byte groups
 * backwards, so those are listed one byte per segment (hence up to 16).
 *
 * A second order of the same type is a second descriptor with the same name
 * and validation and other segments: iuid's country order (README
 * "Regions") reads byte 7 first.  Everything in bytes16.c, sort support and
 * abbreviated keys included, serves it unchanged.
 */
typedef struct Bytes16Segment
{
	uint8		offset;
	uint8		length;
} Bytes16Segment;

typedef struct Bytes16Type
{
	const char *name;
	/* NULL if the bytes are a valid value of the type, else why not */
	const char *(*invalid_reason) (const uint8_t *bytes);
	int			nsegments;
	Bytes16Segment segments[UIDX_LEN];
	/* the type's own text forms, replacing the uuid-style hex; NULL for hex */
	bool		(*parse_text) (const char *text, uint8_t out[UIDX_LEN]);
	char	   *(*format_text) (const uint8_t *bytes);
} Bytes16Type;

typedef struct Bytes16
{
	uint8		data[UIDX_LEN];
} Bytes16;

#define DatumGetBytes16P(X)		((Bytes16 *) DatumGetPointer(X))
#define PG_GETARG_BYTES16_P(n)	DatumGetBytes16P(PG_GETARG_DATUM(n))
#define PG_RETURN_BYTES16_P(x)	PG_RETURN_POINTER(x)

extern Datum bytes16_in(const Bytes16Type *type, FunctionCallInfo fcinfo);
extern Datum bytes16_out(const Bytes16Type *type, FunctionCallInfo fcinfo);
extern Datum bytes16_recv(const Bytes16Type *type, FunctionCallInfo fcinfo);
extern Datum bytes16_send(const Bytes16Type *type, FunctionCallInfo fcinfo);
extern int	bytes16_compare(const Bytes16Type *type, const Bytes16 *a, const Bytes16 *b);
extern Datum bytes16_sortsupport(const Bytes16Type *type, FunctionCallInfo fcinfo);
extern Datum bytes16_hash(FunctionCallInfo fcinfo);
extern Datum bytes16_hash_extended(FunctionCallInfo fcinfo);
extern Bytes16 *bytes16_from_uuid(const Bytes16Type *type, FunctionCallInfo fcinfo);
extern Bytes16 *bytes16_copy(const uint8_t *bytes);

/*
 * Stamps out the SQL-callable wrappers every 16-byte type needs:
 * PREFIX_in, _out, _recv, _send, _cmp, _eq, _ne, _lt, _le, _gt, _ge,
 * _sortsupport, _hash, _hash_extended, _from_uuid (the validating cast) 
 * _larger, _smaller (min/max), and those of its key order (below).
 * Equality and hashing are bytewise whatever the order, so a second order of
 * a type has only BYTES16_DEFINE_ORDER_FUNCTIONS and shares `=`.
 *
 * A uuid is the same 16 bytes as a Bytes16, so the comparison functions also
 * serve the cross-type operators with uuid (T op uuid, uuid op T, and uuid op
 * uuid read in T's order): the SQL declarations of those point at these same
 * C symbols, so a uuid is always compared in the order of the type it meets
 * (README "Working with uuid: drivers, ORMs and foreign keys").
 */
#define BYTES16_CMP_OP(prefix, type, op, test) \
	PG_FUNCTION_INFO_V1(prefix##_##op); \
	Datum prefix##_##op(PG_FUNCTION_ARGS) \
	{ \
		int			c = bytes16_compare(&(type), PG_GETARG_BYTES16_P(0), \
										PG_GETARG_BYTES16_P(1)); \
		PG_RETURN_BOOL(test); \
	}

#define BYTES16_WRAPPER(prefix, type, fn) \
	PG_FUNCTION_INFO_V1(prefix##_##fn); \
	Datum prefix##_##fn(PG_FUNCTION_ARGS) \
	{ \
		return bytes16_##fn(&(type), fcinfo); \
	}

/*
 * One key order: PREFIX_cmp, _lt, _le, _gt, _ge and _sortsupport.  They read
 * nothing but the 16 bytes, so the same C function also serves a uuid
 * argument (same size and layout) in a cross-type SQL declaration.
 */
#define BYTES16_DEFINE_ORDER_FUNCTIONS(prefix, type) \
	BYTES16_WRAPPER(prefix, type, sortsupport) \
	PG_FUNCTION_INFO_V1(prefix##_cmp); \
	Datum prefix##_cmp(PG_FUNCTION_ARGS) \
	{ \
		PG_RETURN_INT32(bytes16_compare(&(type), PG_GETARG_BYTES16_P(0), \
										PG_GETARG_BYTES16_P(1))); \
	} \
	BYTES16_CMP_OP(prefix, type, lt, c < 0) \
	BYTES16_CMP_OP(prefix, type, le, c <= 0) \
	BYTES16_CMP_OP(prefix, type, gt, c > 0) \
	BYTES16_CMP_OP(prefix, type, ge, c >= 0)

#define BYTES16_DEFINE_SQL_FUNCTIONS(prefix, type) \
	BYTES16_WRAPPER(prefix, type, in) \
	BYTES16_WRAPPER(prefix, type, out) \
	BYTES16_WRAPPER(prefix, type, recv) \
	BYTES16_WRAPPER(prefix, type, send) \
	BYTES16_DEFINE_ORDER_FUNCTIONS(prefix, type) \
	BYTES16_CMP_OP(prefix, type, eq, c == 0) \
	BYTES16_CMP_OP(prefix, type, ne, c != 0) \
	PG_FUNCTION_INFO_V1(prefix##_hash); \
	Datum prefix##_hash(PG_FUNCTION_ARGS) { return bytes16_hash(fcinfo); } \
	PG_FUNCTION_INFO_V1(prefix##_hash_extended); \
	Datum prefix##_hash_extended(PG_FUNCTION_ARGS) { return bytes16_hash_extended(fcinfo); } \
	PG_FUNCTION_INFO_V1(prefix##_from_uuid); \
	Datum prefix##_from_uuid(PG_FUNCTION_ARGS) \
	{ \
		PG_RETURN_BYTES16_P(bytes16_from_uuid(&(type), fcinfo)); \
	} \
	PG_FUNCTION_INFO_V1(prefix##_larger); \
	Datum prefix##_larger(PG_FUNCTION_ARGS) \
	{ \
		Bytes16    *a = PG_GETARG_BYTES16_P(0); \
		Bytes16    *b = PG_GETARG_BYTES16_P(1); \
		PG_RETURN_BYTES16_P(bytes16_compare(&(type), a, b) >= 0 ? a : b); \
	} \
	PG_FUNCTION_INFO_V1(prefix##_smaller); \
	Datum prefix##_smaller(PG_FUNCTION_ARGS) \
	{ \
		Bytes16    *a = PG_GETARG_BYTES16_P(0); \
		Bytes16    *b = PG_GETARG_BYTES16_P(1); \
		PG_RETURN_BYTES16_P(bytes16_compare(&(type), a, b) <= 0 ? a : b); \
	}

/* Raises 22004 "<what> must not be null" when argument argno is NULL. */
extern void uidx_require_arg(FunctionCallInfo fcinfo, int argno, const char *what);

/* nextval() of a sequence; 42809 when `seq` is not a sequence (uidx.c) */
extern int64 uidx_nextval(Oid seq);

/* Raises 22P02 for bytes that are not a valid value of `type`. */
extern void bytes16_check_valid(const Bytes16Type *type, const uint8_t *bytes,
								const char *shown_as);

/* ---- clock.c ---- */
/* The one place generators read the time; tests can move it (see clock.c). */
extern int64 uidx_now_unix_ns(void);
/* floor(ts / 1 ms) since 1970; 22003 naming type_name outside [min_ms, max_ms] */
extern int64 uidx_timestamptz_to_unix_ms(TimestampTz ts, int64 min_ms,
										 int64 max_ms, const char *type_name);
extern TimestampTz uidx_unix_ms_to_timestamptz(int64 unix_ms);
extern void uidx_define_clock_settings(void);

/* ---- entropy.c ---- */
extern void uidx_random_bytes(void *dst, size_t len);
extern uint64 uidx_random_u64(void);

/* ---- codec.c: numeric and alphanumeric glue of the pure codecs ---- */
/*
 * A numeric Datum as an integer 0 .. max (inclusive); anything else raises
 * 22003 naming `target`, the type or function the value was meant for.
 */
extern void uidx_numeric_to_u128(Datum numeric, const uint8_t max[UIDX_LEN],
								 const char *target, uint8_t out[UIDX_LEN]);
/*
 * The same, but a numeric with a non-zero display scale (5.0, 0.0) raises
 * 22023 first: Architect.Identities refuses a decimal with a scale where it
 * stands for an ID (README, "Alphanumeric encoding").
 */
extern void uidx_numeric_scale0_to_u128(Datum numeric, const uint8_t max[UIDX_LEN],
										const char *target, uint8_t out[UIDX_LEN]);
extern Datum uidx_u128_to_numeric(const uint8_t in[UIDX_LEN]);
/*
 * Raises 22P02 for a failed alphanumeric decode of `len` bytes of text into
 * type_name, whose alphanumeric form has expected_len characters.
 */
#if PG_VERSION_NUM >= 180000
pg_noreturn extern void uidx_alnum_raise(UidxAlnumStatus status, const char *type_name,
										 int expected_len, const char *text, size_t len);
#else
extern void uidx_alnum_raise(UidxAlnumStatus status, const char *type_name,
							 int expected_len, const char *text, size_t len)
			pg_attribute_noreturn();
#endif

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

/* ---- time_index.c: index conditions for the time extraction functions ---- */
/*
 * The planner support request of a time function whose result is the
 * millisecond held big-endian in bytes [time_offset, time_offset + 6) since
 * epoch_unix_ms, where the index order compares those bytes first.
 */
extern Node *uidx_time_index_support(Node *rawreq, int time_offset, int64 epoch_unix_ms);
/* From _PG_init: makes index paths from what those support functions say. */
extern void uidx_install_time_index_hook(void);

#define UIDX_TIME_SUPPORT(name, time_offset, epoch_unix_ms) \
	PG_FUNCTION_INFO_V1(name); \
	Datum name(PG_FUNCTION_ARGS) \
	{ \
		PG_RETURN_POINTER(uidx_time_index_support((Node *) PG_GETARG_POINTER(0), \
												  (time_offset), (epoch_unix_ms))); \
	}

#endif							/* UIDX_NO_POSTGRES */
#endif							/* UIDX_H */
