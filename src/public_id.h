/*
 * public_id.h -- the pure core of public identities: the AES
 * plaintext block of each input type, and the checks that reject a forged
 * block on the way back.  The cipher itself is OpenSSL's (public_id.c).
 */
#ifndef UIDX_PUBLIC_ID_H
#define UIDX_PUBLIC_ID_H

#include "uidx.h"

/* AES key sizes in bytes; anything else is refused */
#define PUBLIC_ID_MAX_KEY_LEN 32

static inline bool
public_id_key_length_ok(int len)
{
	return len == 16 || len == 24 || len == 32;
}

/* ulong/long: eight zero bytes, then the id little-endian */
extern void public_id_plain_from_u64(uint64_t id, uint8_t plain[UIDX_LEN]);
/* true iff the eight check bytes are zero */
extern bool public_id_plain_to_u64(const uint8_t plain[UIDX_LEN], uint64_t *id);

/*
 * decimal (an integer 0 .. 10^28-1 as 16 big-endian bytes): .NET's in-memory
 * decimal, flags = 0, hi (little-endian 32 bits), lo and mid (little-endian
 * 64 bits).  Below 2^64 that is the ulong block.
 */
extern void public_id_plain_from_decimal(const uint8_t value[UIDX_LEN],
										 uint8_t plain[UIDX_LEN]);
/* true iff the flags word is zero and the value is at most 10^28 - 1 */
extern bool public_id_plain_to_decimal(const uint8_t plain[UIDX_LEN],
									   uint8_t value[UIDX_LEN]);

#ifndef UIDX_NO_POSTGRES
/* Decrypts a public id with the file key; false when there is no usable key. */
extern bool public_id_try_decrypt(const uint8 public_id[UIDX_LEN], uint8 plain[UIDX_LEN]);
/* The public id settings (the key file), from _PG_init. */
extern void uidx_define_public_id_settings(void);
#endif

#endif							/* UIDX_PUBLIC_ID_H */
