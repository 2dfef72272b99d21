/*
 * codec.h -- the uuid text form, unsigned 128-bit integers in 16 big-endian
 * bytes, their decimal text, and the alphanumeric encoding of FORMATS.md §A3
 * (codec.c).  The pure
 * part is shared with the fuzz harnesses; the numeric glue is server side.
 */
#ifndef UIDX_CODEC_H
#define UIDX_CODEC_H

#include "uidx.h"

/* ---- the uuid text form (codec.c) ---- */

/*
 * Parses the text forms uuid_in accepts: 32 hex digits in either case, an
 * optional hyphen after any group of four digits, optionally wrapped in
 * braces.  Returns false on anything else.
 */
extern bool uidx_parse_hex16(const char *text, uint8_t out[UIDX_LEN]);

/* Canonical lower-case 8-4-4-4-12 form; out must hold 37 bytes. */
extern void uidx_format_hex16(const uint8_t in[UIDX_LEN], char out[37]);

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
UIDX_NORETURN extern void uidx_alnum_raise(UidxAlnumStatus status, const char *type_name,
										   int expected_len, const char *text, size_t len);
#endif							/* UIDX_NO_POSTGRES */
#endif							/* UIDX_CODEC_H */
