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
 * and validation and other segments: iuid's country order (docs/regions.md
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
 * The comparison of a function's two arguments in the type's order, for the
 * wrappers of cmp and the six operators.  They read nothing but the 16 bytes,
 * and a uuid is the same 16 bytes as a Bytes16, so the same C function also
 * serves the cross-type operators with uuid (T op uuid, uuid op T, and uuid
 * op uuid read in T's order): the SQL declarations of those point at the
 * type's own symbols, so a uuid is always compared in the order of the type
 * it meets (docs/drivers.md "The server side").
 * Equality and hashing are bytewise whatever the order, so a second order
 * of a type has only cmp, lt, le, gt, ge and sortsupport, and shares `=`.
 */
extern int	bytes16_compare_args(const Bytes16Type *type, FunctionCallInfo fcinfo);
/* min() and max(): the larger and the smaller argument in the type's order */
extern Datum bytes16_larger(const Bytes16Type *type, FunctionCallInfo fcinfo);
extern Datum bytes16_smaller(const Bytes16Type *type, FunctionCallInfo fcinfo);

/* Raises 22P02 for bytes that are not a valid value of `type`. */
extern void bytes16_check_valid(const Bytes16Type *type, const uint8_t *bytes,
								const char *shown_as);

#endif							/* UIDX_NO_POSTGRES */
#endif							/* UIDX_BYTES16_H */
