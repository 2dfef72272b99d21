/*
 * bytes16.h -- the fixed 16-byte types: one descriptor per type and key order,
 * and the generic I/O, comparison, sort support and hashing of bytes16.c
 */
#ifndef UIDX_BYTES16_H
#define UIDX_BYTES16_H

#include "uidx.h"

/* server side only: the fuzz harnesses build the pure cores without it */
#ifndef UIDX_NO_POSTGRES

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

/* Raises 22P02 for bytes that are not a valid value of `type`. */
extern void bytes16_check_valid(const Bytes16Type *type, const uint8_t *bytes,
								const char *shown_as);

#endif							/* UIDX_NO_POSTGRES */
#endif							/* UIDX_BYTES16_H */
