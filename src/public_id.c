/*
 * public_id.c -- Architect.Identities' public identities (FORMATS.md §A4): an ID is
 * put into one 16-byte block, encrypted with AES (ECB, one block, no
 * padding) under the secret uidx.public_id_key, and shown as a uuid that
 * reveals nothing.  Decoding checks the zero bytes the plaintext must have,
 * so a forged or mistyped public id decodes to NULL.
 *
 * Bit compatibility with the .NET library: the ciphertext is read as a Guid
 * in .NET byte order, so the uuid is netswap(ciphertext).
 */
#include "public_id.h"

static void
store_le(uint8_t *p, int nbytes, uint64_t v)
{
	for (int i = 0; i < nbytes; i++)
	{
		p[i] = (uint8_t) v;
		v >>= 8;
	}
}

static uint64_t
load_le(const uint8_t *p, int nbytes)
{
	uint64_t	v = 0;

	for (int i = nbytes - 1; i >= 0; i--)
		v = (v << 8) | p[i];
	return v;
}

static bool
all_zero(const uint8_t *p, int nbytes)
{
	uint8_t		any = 0;

	for (int i = 0; i < nbytes; i++)
		any |= p[i];
	return any == 0;
}

void
public_id_plain_from_u64(uint64_t id, uint8_t plain[UIDX_LEN])
{
	memset(plain, 0, 8);
	store_le(plain + 8, 8, id);
}

bool
public_id_plain_to_u64(const uint8_t plain[UIDX_LEN], uint64_t *id)
{
	if (!all_zero(plain, 8))
		return false;
	*id = load_le(plain + 8, 8);
	return true;
}

void
public_id_plain_from_decimal(const uint8_t value[UIDX_LEN], uint8_t plain[UIDX_LEN])
{
	memset(plain, 0, 4);
	store_le(plain + 4, 4, uidx_load_be(value + 4, 4));
	store_le(plain + 8, 8, uidx_load_be(value + 8, 8));
}

bool
public_id_plain_to_decimal(const uint8_t plain[UIDX_LEN], uint8_t value[UIDX_LEN])
{
	uint8_t		candidate[UIDX_LEN];

	if (!all_zero(plain, 4))
		return false;
	memset(candidate, 0, 4);
	uidx_store_be(candidate + 4, 4, load_le(plain + 4, 4));
	uidx_store_be(candidate + 8, 8, load_le(plain + 8, 8));
	if (uidx_u128_compare(candidate, uidx_decimal28_max) > 0)
		return false;
	memcpy(value, candidate, UIDX_LEN);
	return true;
}

#ifndef UIDX_NO_POSTGRES
/* ---------------------------------------------------------------------------
 * SQL interface
 * ------------------------------------------------------------------------- */
#include <openssl/evp.h>

#include "common/base64.h"
#include "distid.h"
#include "utils/guc.h"
#include "utils/uuid.h"

/* ---- uidx.public_id_key ---- */

typedef struct PublicIdKey
{
	int			len;			/* 0: no key */
	uint8		bytes[PUBLIC_ID_MAX_KEY_LEN];
} PublicIdKey;

/* a check hook's `extra` belongs to the GUC machinery, which frees it */
#if PG_VERSION_NUM >= 160000
#define guc_extra_alloc(size) guc_malloc(LOG, (size))
#else
#define guc_extra_alloc(size) malloc(size)
#endif

static char *public_id_key_text = NULL;
static PublicIdKey public_id_key;

/*
 * The error for a bad value must not repeat the value, which is (almost) a
 * key: the default message would put it into the server log.
 */
static bool
check_public_id_key(char **newval, void **extra, GucSource source)
{
	const char *text = *newval;
	int			text_len = text ? (int) strlen(text) : 0;
	char		decoded[PUBLIC_ID_MAX_KEY_LEN * 2];
	int			decoded_len = 0;
	PublicIdKey *key;

	if (text_len > 0)
	{
		bool		too_long = pg_b64_dec_len(text_len) > (int) sizeof(decoded);

		/* void *: the output type changed from char * to uint8 * in PG 18 */
		decoded_len = too_long ? -1
			: pg_b64_decode(text, text_len, (void *) decoded, sizeof(decoded));
		if (decoded_len < 0 || !public_id_key_length_ok(decoded_len))
		{
			explicit_bzero(decoded, sizeof(decoded));
			GUC_check_errmsg("invalid value for parameter \"uidx.public_id_key\"");
			GUC_check_errdetail("%s",
								decoded_len < 0 && !too_long
								? "The value is not valid base64."
								: "The key must be 16, 24 or 32 bytes (AES-128, AES-192 or AES-256).");
			GUC_check_errhint("Generate one with: openssl rand -base64 32");
			return false;
		}
	}

	key = guc_extra_alloc(sizeof(PublicIdKey));
	if (key != NULL)
	{
		memset(key, 0, sizeof(PublicIdKey));
		key->len = decoded_len;
		memcpy(key->bytes, decoded, decoded_len);
	}
	explicit_bzero(decoded, sizeof(decoded));
	*extra = key;
	return key != NULL;
}

static void
assign_public_id_key(const char *newval, void *extra)
{
	if (extra != NULL)
		public_id_key = *(const PublicIdKey *) extra;
	else
		memset(&public_id_key, 0, sizeof(public_id_key));
}

/*
 * PGC_SUSET: only a superuser (or a role granted SET on it) sets the key,
 * in postgresql.conf, ALTER SYSTEM, ALTER DATABASE/ROLE or a session.
 * GUC_SUPERUSER_ONLY: SHOW, current_setting() and pg_settings show it only
 * to superusers and members of pg_read_all_settings.
 */
void
uidx_define_public_id_settings(void)
{
	DefineCustomStringVariable("uidx.public_id_key",
							   "Secret AES key of public_id_encode() and the public_id_decode_* functions, base64.",
							   "16, 24 or 32 bytes in base64, e.g. from: openssl rand -base64 32. Visible to superusers only.",
							   &public_id_key_text,
							   "",
							   PGC_SUSET, GUC_SUPERUSER_ONLY | GUC_NOT_IN_SAMPLE,
							   check_public_id_key, assign_public_id_key, NULL);
}

/* ---- the cipher: key schedules set up once per backend and key ---- */

typedef struct PublicIdCipher
{
	PublicIdKey key;			/* len 0 until both contexts are set up */
	EVP_CIPHER_CTX *encrypt;
	EVP_CIPHER_CTX *decrypt;
} PublicIdCipher;

static PublicIdCipher cipher;

static const EVP_CIPHER *
aes_ecb_for_key_length(int len)
{
	switch (len)
	{
		case 16:
			return EVP_aes_128_ecb();
		case 24:
			return EVP_aes_192_ecb();
		default:
			return EVP_aes_256_ecb();
	}
}

static void
cipher_context_init(EVP_CIPHER_CTX **ctx, const PublicIdKey *key, int encrypt)
{
	if (*ctx == NULL)
	{
		*ctx = EVP_CIPHER_CTX_new();
		if (*ctx == NULL)
			ereport(ERROR,
					(errcode(ERRCODE_OUT_OF_MEMORY),
					 errmsg("out of memory setting up the public id cipher")));
	}
	if (EVP_CipherInit_ex(*ctx, aes_ecb_for_key_length(key->len), NULL,
						  key->bytes, NULL, encrypt) != 1 ||
		EVP_CIPHER_CTX_set_padding(*ctx, 0) != 1)
		elog(ERROR, "could not set up AES for public ids");
}

static PublicIdCipher *
public_id_cipher(void)
{
	if (public_id_key.len == 0)
		ereport(ERROR,
				(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
				 errmsg("uidx.public_id_key is not set"),
				 errdetail("Public ids are encrypted with a secret key that a superuser configures."),
				 errhint("Set uidx.public_id_key in postgresql.conf or with ALTER SYSTEM to a base64 key, e.g. from: openssl rand -base64 32")));
	if (cipher.key.len == public_id_key.len &&
		memcmp(cipher.key.bytes, public_id_key.bytes, public_id_key.len) == 0)
		return &cipher;

	cipher.key.len = 0;
	cipher_context_init(&cipher.encrypt, &public_id_key, 1);
	cipher_context_init(&cipher.decrypt, &public_id_key, 0);
	cipher.key = public_id_key;
	return &cipher;
}

static void
aes_block(EVP_CIPHER_CTX *ctx, const uint8 in[UIDX_LEN], uint8 out[UIDX_LEN])
{
	int			out_len = 0;

	if (EVP_CipherUpdate(ctx, out, &out_len, in, UIDX_LEN) != 1 || out_len != UIDX_LEN)
		elog(ERROR, "AES failed on a public id block");
}

static Datum
public_id_from_plain(const uint8 plain[UIDX_LEN])
{
	uint8		ciphertext[UIDX_LEN];
	pg_uuid_t  *result = palloc(sizeof(pg_uuid_t));

	aes_block(public_id_cipher()->encrypt, plain, ciphertext);
	uidx_netswap(ciphertext, result->data);
	PG_RETURN_UUID_P(result);
}

static void
public_id_to_plain(const pg_uuid_t *public_id, uint8 plain[UIDX_LEN])
{
	uint8		ciphertext[UIDX_LEN];

	uidx_netswap(public_id->data, ciphertext);
	aes_block(public_id_cipher()->decrypt, ciphertext, plain);
}

/*
 * For uidx_inspect, which must never fail on what it is shown: decrypts with
 * the configured key, or returns false when there is none.
 */
bool
public_id_try_decrypt(const uint8 public_id[UIDX_LEN], uint8 plain[UIDX_LEN])
{
	if (public_id_key.len == 0)
		return false;
	public_id_to_plain((const pg_uuid_t *) public_id, plain);
	return true;
}

/* ---- encoders ---- */

PG_FUNCTION_INFO_V1(public_id_encode_bigint);
Datum
public_id_encode_bigint(PG_FUNCTION_ARGS)
{
	int64		id = PG_GETARG_INT64(0);
	uint8		plain[UIDX_LEN];

	if (id < 0)
		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("value " INT64_FORMAT " is out of range for public_id_encode(bigint)", id),
				 errdetail("Only non-negative ids have a public id.")));
	public_id_plain_from_u64((uint64) id, plain);
	return public_id_from_plain(plain);
}

PG_FUNCTION_INFO_V1(public_id_encode_numeric);
Datum
public_id_encode_numeric(PG_FUNCTION_ARGS)
{
	uint8		value[UIDX_LEN];
	uint8		plain[UIDX_LEN];

	uidx_numeric_to_u128(PG_GETARG_DATUM(0), uidx_decimal28_max,
						 "public_id_encode(numeric)", value);
	public_id_plain_from_decimal(value, plain);
	return public_id_from_plain(plain);
}

/* a DistributedId is a decimal upstream, so it is encrypted as one */
PG_FUNCTION_INFO_V1(public_id_encode_distid);
Datum
public_id_encode_distid(PG_FUNCTION_ARGS)
{
	uint8		plain[UIDX_LEN];

	public_id_plain_from_decimal(PG_GETARG_BYTES16_P(0)->data, plain);
	return public_id_from_plain(plain);
}

PG_FUNCTION_INFO_V1(public_id_encode_uuid);
Datum
public_id_encode_uuid(PG_FUNCTION_ARGS)
{
	return public_id_from_plain(PG_GETARG_UUID_P(0)->data);
}

/* ---- decoders: NULL for anything that is not a public id of the type ---- */

PG_FUNCTION_INFO_V1(public_id_decode_bigint);
Datum
public_id_decode_bigint(PG_FUNCTION_ARGS)
{
	uint8		plain[UIDX_LEN];
	uint64		id;

	public_id_to_plain(PG_GETARG_UUID_P(0), plain);
	if (!public_id_plain_to_u64(plain, &id) || id > (uint64) PG_INT64_MAX)
		PG_RETURN_NULL();
	PG_RETURN_INT64((int64) id);
}

PG_FUNCTION_INFO_V1(public_id_decode_numeric);
Datum
public_id_decode_numeric(PG_FUNCTION_ARGS)
{
	uint8		plain[UIDX_LEN];
	uint8		value[UIDX_LEN];

	public_id_to_plain(PG_GETARG_UUID_P(0), plain);
	if (!public_id_plain_to_decimal(plain, value))
		PG_RETURN_NULL();
	return uidx_u128_to_numeric(value);
}

PG_FUNCTION_INFO_V1(public_id_decode_distid);
Datum
public_id_decode_distid(PG_FUNCTION_ARGS)
{
	uint8		plain[UIDX_LEN];
	uint8		value[UIDX_LEN];

	public_id_to_plain(PG_GETARG_UUID_P(0), plain);
	if (!public_id_plain_to_decimal(plain, value) || distid_invalid_reason(value) != NULL)
		PG_RETURN_NULL();
	PG_RETURN_BYTES16_P(bytes16_copy(value));
}

PG_FUNCTION_INFO_V1(public_id_decode_uuid);
Datum
public_id_decode_uuid(PG_FUNCTION_ARGS)
{
	pg_uuid_t  *result = palloc(sizeof(pg_uuid_t));

	public_id_to_plain(PG_GETARG_UUID_P(0), result->data);
	PG_RETURN_UUID_P(result);
}

#endif							/* UIDX_NO_POSTGRES */
