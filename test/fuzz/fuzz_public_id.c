/*
 * libFuzzer harness: the public-id decoding checks (FORMATS.md §A4), i.e. what the
 * public_id_decode_* functions do with a decrypted block before they accept
 * it, and the encoders' plaintext blocks.  AES itself is OpenSSL's and not
 * fuzzed here: any block at all can come out of decrypting a forged uuid.
 * sources: src/public_id.c src/codec.c src/distid.c
 *
 * Properties checked on every 16-byte block (shorter inputs are padded with
 * zeros, longer ones cut):
 *  - as a bigint/ulong block it is accepted exactly when its first eight
 *    bytes are zero, and then the id is the last eight read little-endian
 *    and encodes back to the same block;
 *  - as a decimal block it is accepted exactly when the flags word is zero
 *    and the value (hi, lo, mid as .NET lays them out) is at most 10^28 - 1,
 *    and then it encodes back to the same block; a ulong block is also a
 *    decimal block of the same value;
 *  - public_id_decode_distid's extra check is the 2^93 limit;
 *  - the Guid byte-order swap applied around AES is an involution.
 */
#include <stdlib.h>
#include <string.h>

#include "distid.h"
#include "codec.h"
#include "public_id.h"

int			LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static uint64_t
reference_le(const uint8_t *p, int n)
{
	uint64_t	v = 0;

	for (int i = 0; i < n; i++)
		v |= (uint64_t) p[i] << (8 * i);
	return v;
}

static bool
reference_zero(const uint8_t *p, int n)
{
	for (int i = 0; i < n; i++)
		if (p[i] != 0)
			return false;
	return true;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t		plain[UIDX_LEN] = {0};
	uint8_t		again[UIDX_LEN];
	uint8_t		value[UIDX_LEN];
	uint8_t		expected_value[UIDX_LEN];
	char		digits[UIDX_U128_DECIMAL_BUFLEN];
	uint64_t	id = 0;
	bool		as_u64;
	bool		as_decimal;

	memcpy(plain, data, size < UIDX_LEN ? size : UIDX_LEN);

	as_u64 = public_id_plain_to_u64(plain, &id);
	if (as_u64 != reference_zero(plain, 8))
		abort();
	if (as_u64)
	{
		if (id != reference_le(plain + 8, 8))
			abort();
		public_id_plain_from_u64(id, again);
		if (memcmp(again, plain, UIDX_LEN) != 0)
			abort();
	}

	/* hi is bytes 4-7, then lo and mid together as one little-endian 64 bits */
	memset(expected_value, 0, 4);
	uidx_store_be(expected_value + 4, 4, reference_le(plain + 4, 4));
	uidx_store_be(expected_value + 8, 8, reference_le(plain + 8, 8));
	uidx_u128_to_decimal(expected_value, digits);
	as_decimal = public_id_plain_to_decimal(plain, value);
	if (as_decimal != (reference_zero(plain, 4) && strlen(digits) <= 28))
		abort();
	if (as_decimal)
	{
		if (memcmp(value, expected_value, UIDX_LEN) != 0)
			abort();
		public_id_plain_from_decimal(value, again);
		if (memcmp(again, plain, UIDX_LEN) != 0)
			abort();
		/* the 2^93 limit: 93 bits need bytes 4-15 and only 5 bits of byte 4 */
		if ((distid_invalid_reason(value) == NULL) != (value[4] < 0x20))
			abort();
	}
	if (as_u64 && (!as_decimal || uidx_load_be(value + 8, 8) != id ||
				   !reference_zero(value, 8)))
		abort();

	uidx_netswap(plain, again);
	uidx_netswap(again, value);
	if (memcmp(value, plain, UIDX_LEN) != 0)
		abort();
	return 0;
}
