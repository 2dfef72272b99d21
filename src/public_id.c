/*
 * public_id.c -- Architect.Identities' public identities: an ID is put into
 * one 16-byte block, encrypted with AES (ECB, one block, no padding) under
 * the secret key read from the file named by uidx.public_id_key_file, and
 * shown as a uuid that reveals nothing.  Decoding checks the zero bytes the
 * plaintext must have, so a forged or mistyped public id decodes to NULL.
 *
 * Bit compatibility with the .NET library: the ciphertext is read as a Guid
 * in .NET byte order, so the uuid is netswap(ciphertext).
 */
#include "public_id.h"
#include "codec.h"
#include "bytes16.h"

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
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <openssl/evp.h>

#include "common/base64.h"
#include "distid.h"
#include "access/parallel.h"
#include "miscadmin.h"
#include "utils/guc.h"
#include "utils/uuid.h"

/*
 * The key lives in a file, never in a setting: any setting can be read
 * through some SQL path (README, "The key file").  uidx.public_id_key_file
 * names the file; the key itself exists only in this backend's memory, as
 * the two OpenSSL contexts below.
 */
static char *public_id_key_file = NULL;

/* The setting of uidx 1.0 that held the key; now any value is refused. */
static char *removed_public_id_key = NULL;

/* a key file is tiny: the base64 of at most 32 bytes and some white space */
#define KEY_FILE_MAX_BYTES 1024

typedef enum KeyFileStatus
{
	KEY_FILE_OK,
	KEY_FILE_NOT_SET,
	KEY_FILE_OPEN_FAILED,
	KEY_FILE_READ_FAILED,
	KEY_FILE_NOT_REGULAR,
	KEY_FILE_WRONG_OWNER,
	KEY_FILE_GROUP_WORLD_ACCESS,
	KEY_FILE_TOO_LARGE,
	KEY_FILE_NOT_BASE64,
	KEY_FILE_WRONG_LENGTH
} KeyFileStatus;

typedef struct PublicIdKeyState
{
	/*
	 * Read the file at the next use: set at backend start and by every
	 * configuration reload, and kept set while the file is unusable.
	 */
	bool		reread;
	KeyFileStatus status;		/* of the last read */
	int			saved_errno;	/* for KEY_FILE_OPEN_FAILED, _READ_FAILED */
	char		path[MAXPGPATH];	/* the file last read, for the server log */
	/* both set exactly when status is KEY_FILE_OK */
	EVP_CIPHER_CTX *encrypt;
	EVP_CIPHER_CTX *decrypt;
} PublicIdKeyState;

static PublicIdKeyState key_state = {.reread = true, .status = KEY_FILE_NOT_SET};

/*
 * The GUC machinery calls this when the value is set: at library load, and
 * at every configuration reload in which the setting comes from a file, even
 * when its value did not change.  So the file is read again after each
 * reload, which is when a new key is meant to take effect.
 */
static void
assign_public_id_key_file(const char *newval, void *extra)
{
	key_state.reread = true;
}

/*
 * A value for the removed setting is probably a key: the error must not
 * repeat it, as the default message would (into the server log, too), and
 * the copy the GUC machinery made is wiped before it is freed.
 */
static bool
check_removed_public_id_key(char **newval, void **extra, GucSource source)
{
	if (*newval == NULL || (*newval)[0] == '\0')
		return true;
	explicit_bzero(*newval, strlen(*newval));
	GUC_check_errmsg("parameter \"uidx.public_id_key\" is no longer supported");
	GUC_check_errdetail("The public-id key is read from the file named by uidx.public_id_key_file, out of reach of SQL.");
	GUC_check_errhint("Write the key to a file that only the server's operating system user can read, set uidx.public_id_key_file to it and remove uidx.public_id_key from the configuration.");
	return false;
}

/*
 * Only the server's configuration sets the key file: postgresql.conf, ALTER
 * SYSTEM (both PGC_S_FILE) or the server's command line.  PGC_SIGHUP already
 * makes the GUC machinery refuse a database, role or session value before
 * this hook runs; the hook keeps that true whatever path a value takes, and
 * its message names no value (a path is not for every role to read).
 */
static bool
check_public_id_key_file(char **newval, void **extra, GucSource source)
{
	if (source <= PGC_S_ARGV)
		return true;
	GUC_check_errcode(ERRCODE_CANT_CHANGE_RUNTIME_PARAM);
	GUC_check_errmsg("parameter \"uidx.public_id_key_file\" can only be set in postgresql.conf or with ALTER SYSTEM");
	return false;
}

/*
 * A session that loads uidx after it started (uidx not in
 * shared_preload_libraries) first knows uidx.public_id_key_file as a
 * placeholder, which takes any value: the configured one from the files, and
 * then, over it, a client's (PGOPTIONS '-c ...') or one stored with ALTER
 * DATABASE/ROLE ... SET (a superuser can store one while uidx is not loaded
 * in the session).  When uidx loads, the GUC machinery re-applies only the
 * placeholder's last value; PGC_SIGHUP refuses it with a warning and the
 * setting falls back to empty, so the configured file would be lost for the
 * whole session.  It cannot be recovered from the placeholder (overwritten),
 * so it is read again the way a reload reads it: postgresql.conf with its
 * includes, then postgresql.auto.conf (ALTER SYSTEM), the last line winning.
 *
 * Why not rely on MarkGUCPrefixReserved("uidx") (uidx.c calls it): it only
 * removes placeholders left after the definitions, by then the value is
 * already lost.  Why not refuse the session: PostgreSQL 15 to 18 give no hook
 * that runs before the placeholder is overwritten.  A value given on the
 * server's command line (-c, PGC_S_ARGV) is not in the files and cannot be
 * recovered this way: README, "The key file", says to use postgresql.conf.
 *
 * Not needed with shared_preload_libraries: the setting is real from the
 * start and PostgreSQL refuses every other value itself (a client's -c ends
 * the connection, a database or role value gets a warning).  Not done in a
 * parallel worker either: it gets the leader's settings.
 */
static void
recover_configured_key_file(void)
{
	ConfigVariable *head = NULL;
	ConfigVariable *tail = NULL;
	const char *value = NULL;

	if (process_shared_preload_libraries_in_progress || !IsUnderPostmaster ||
		IsParallelWorker() || ConfigFileName == NULL)
		return;
	/* still the configured value: the placeholder, if any, was not overwritten */
	if (public_id_key_file != NULL && public_id_key_file[0] != '\0')
		return;
	if (ParseConfigFile(ConfigFileName, true, NULL, 0, 0, LOG, &head, &tail) &&
		ParseConfigFile(PG_AUTOCONF_FILENAME, false, NULL, 0, 0, LOG, &head, &tail))
	{
		for (ConfigVariable *item = head; item != NULL; item = item->next)
			if (pg_strcasecmp(item->name, "uidx.public_id_key_file") == 0)
				value = item->value;
		if (value != NULL && value[0] != '\0')
			(void) set_config_option("uidx.public_id_key_file", value,
									 PGC_SIGHUP, PGC_S_FILE, GUC_ACTION_SET,
									 true, WARNING, false);
	}
	FreeConfigVariables(head);
}

/*
 * uidx.public_id_key_file is PGC_SIGHUP: set in postgresql.conf or with
 * ALTER SYSTEM, never per database, role or session, so that no role can
 * point the functions at a key of its choosing, nor make them fail.
 * GUC_SUPERUSER_ONLY: only superusers and pg_read_all_settings see where the
 * key is.
 */
void
uidx_define_public_id_settings(void)
{
	DefineCustomStringVariable("uidx.public_id_key_file",
							   "File holding the secret AES key of the public_id_* functions, in base64.",
							   "Relative to the data directory unless absolute. The file must be owned by the server's operating system user and have permissions u=rw (0600) or less.",
							   &public_id_key_file,
							   "",
							   PGC_SIGHUP, GUC_SUPERUSER_ONLY | GUC_NOT_IN_SAMPLE,
							   check_public_id_key_file, assign_public_id_key_file, NULL);
	recover_configured_key_file();
	DefineCustomStringVariable("uidx.public_id_key",
							   "Removed: the public-id key is read from the file named by uidx.public_id_key_file.",
							   "Any value is refused.",
							   &removed_public_id_key,
							   "",
							   PGC_SUSET, GUC_SUPERUSER_ONLY | GUC_NOT_IN_SAMPLE,
							   check_removed_public_id_key, NULL, NULL);
}

/* ---- the key file ---- */

/* trims ASCII white space around text[0 .. *len) in place; returns the start */
static char *
trim_white_space(char *text, int *len)
{
	char	   *start = text;
	char	   *end = text + *len;

	while (start < end && (*start == ' ' || *start == '\t' || *start == '\n' || *start == '\r'))
		start++;
	while (end > start && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\n' || end[-1] == '\r'))
		end--;
	*len = (int) (end - start);
	return start;
}

/*
 * Reads and checks the key file into key[0 .. *key_len).  Raises nothing,
 * so that uidx_inspect can do without a key; key is wiped on failure.  The
 * checks are PostgreSQL's for ssl_key_file, without its exception for files
 * owned by root: the file must be the server user's and private to it.
 */
static KeyFileStatus
read_key_file(uint8 key[PUBLIC_ID_MAX_KEY_LEN], int *key_len)
{
	const char *setting = public_id_key_file;
	char		text[KEY_FILE_MAX_BYTES + 1];
	char		decoded[PUBLIC_ID_MAX_KEY_LEN * 2];
	int			text_len = 0;
	int			decoded_len;
	char	   *base64;
	int			base64_len;
	struct stat st;
	int			fd;
	volatile KeyFileStatus status = KEY_FILE_OK;

	*key_len = 0;
	if (setting == NULL || setting[0] == '\0')
		return KEY_FILE_NOT_SET;
	if (is_absolute_path(setting))
		strlcpy(key_state.path, setting, sizeof(key_state.path));
	else
		snprintf(key_state.path, sizeof(key_state.path), "%s/%s", DataDir, setting);

	/* O_NONBLOCK: a FIFO in its place must not hang the backend */
	fd = open(key_state.path, O_RDONLY | O_NONBLOCK | PG_BINARY | O_CLOEXEC, 0);
	if (fd < 0)
	{
		key_state.saved_errno = errno;
		return KEY_FILE_OPEN_FAILED;
	}
	if (fstat(fd, &st) != 0)
	{
		key_state.saved_errno = errno;
		status = KEY_FILE_READ_FAILED;
	}
	else if (!S_ISREG(st.st_mode))
		status = KEY_FILE_NOT_REGULAR;
#if !defined(WIN32) && !defined(__CYGWIN__)
	else if (st.st_uid != geteuid())
		status = KEY_FILE_WRONG_OWNER;
	else if (st.st_mode & (S_IRWXG | S_IRWXO))
		status = KEY_FILE_GROUP_WORLD_ACCESS;
#endif
	while (status == KEY_FILE_OK && text_len < (int) sizeof(text))
	{
		ssize_t		n = read(fd, text + text_len, sizeof(text) - text_len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
		{
			key_state.saved_errno = errno;
			status = KEY_FILE_READ_FAILED;
		}
		else if (n == 0)
			break;
		else
			text_len += (int) n;
	}
	close(fd);
	if (status == KEY_FILE_OK && text_len > KEY_FILE_MAX_BYTES)
		status = KEY_FILE_TOO_LARGE;

	if (status == KEY_FILE_OK)
	{
		base64 = trim_white_space(text, &text_len);
		base64_len = text_len;
		if (pg_b64_dec_len(base64_len) > (int) sizeof(decoded))
			status = KEY_FILE_WRONG_LENGTH;
		else
		{
			/* void *: the output type changed from char * to uint8 * in PG 18 */
			decoded_len = pg_b64_decode(base64, base64_len, (void *) decoded, sizeof(decoded));
			if (decoded_len < 0)
				status = KEY_FILE_NOT_BASE64;
			else if (!public_id_key_length_ok(decoded_len))
				status = KEY_FILE_WRONG_LENGTH;
			else
			{
				memcpy(key, decoded, decoded_len);
				*key_len = decoded_len;
			}
		}
	}
	explicit_bzero(text, sizeof(text));
	explicit_bzero(decoded, sizeof(decoded));
	return status;
}

/* ---- the cipher: key schedules set up once per backend and key ---- */

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

/*
 * Freeing a context makes OpenSSL wipe its key schedule.  Re-initialising
 * one in place would not: a shorter key leaves the tail of a longer one.
 */
static void
forget_key(void)
{
	EVP_CIPHER_CTX_free(key_state.encrypt);
	EVP_CIPHER_CTX_free(key_state.decrypt);
	key_state.encrypt = NULL;
	key_state.decrypt = NULL;
}

static EVP_CIPHER_CTX *
new_cipher_context(const uint8 *key, int key_len, int encrypt)
{
	EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();

	if (ctx == NULL)
		ereport(ERROR,
				(errcode(ERRCODE_OUT_OF_MEMORY),
				 errmsg("out of memory setting up the public id cipher")));
	if (EVP_CipherInit_ex(ctx, aes_ecb_for_key_length(key_len), NULL,
						  key, NULL, encrypt) != 1 ||
		EVP_CIPHER_CTX_set_padding(ctx, 0) != 1)
	{
		EVP_CIPHER_CTX_free(ctx);
		elog(ERROR, "could not set up AES for public ids");
	}
	return ctx;
}

/*
 * Reads the key file if this backend has not yet, or a reload came since;
 * the old key schedules are wiped whatever the outcome.  Returns the status.
 */
static KeyFileStatus
refresh_key(void)
{
	uint8		key[PUBLIC_ID_MAX_KEY_LEN];
	int			key_len;
	KeyFileStatus status;

	if (!key_state.reread)
		return key_state.status;

	forget_key();
	key_state.status = KEY_FILE_NOT_SET;
	status = read_key_file(key, &key_len);
	if (status == KEY_FILE_OK)
	{
		PG_TRY();
		{
			key_state.encrypt = new_cipher_context(key, key_len, 1);
			key_state.decrypt = new_cipher_context(key, key_len, 0);
		}
		PG_CATCH();
		{
			explicit_bzero(key, sizeof(key));
			forget_key();
			PG_RE_THROW();
		}
		PG_END_TRY();
	}
	explicit_bzero(key, sizeof(key));
	key_state.status = status;
	/* an unusable file is tried again at each use until it is fixed */
	key_state.reread = (status != KEY_FILE_OK);
	return status;
}

/*
 * The error for an unusable key file.  The client sees what is wrong, the
 * server log also where the file is: the path is the superuser-only
 * setting's business.  Nothing read from the file is ever shown.
 */
static void
raise_key_file_error(KeyFileStatus status)
{
	const char *detail = NULL;
	const char *hint = "The key file must be owned by the server's operating system user, have permissions u=rw (0600) or less, and hold a base64 key, e.g. from: openssl rand -base64 32";

	switch (status)
	{
		case KEY_FILE_OK:
			return;
		case KEY_FILE_NOT_SET:
			ereport(ERROR,
					(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
					 errmsg("uidx.public_id_key_file is not set"),
					 errdetail("Public ids are encrypted with a secret key that a superuser puts in a file."),
					 errhint("Write a base64 key, e.g. from: openssl rand -base64 32, to a file that only the server's operating system user can read, and set uidx.public_id_key_file to it in postgresql.conf or with ALTER SYSTEM.")));
			break;
		case KEY_FILE_OPEN_FAILED:
		case KEY_FILE_READ_FAILED:
			errno = key_state.saved_errno;
			ereport(ERROR,
					(errcode(ERRCODE_CONFIG_FILE_ERROR),
					 status == KEY_FILE_OPEN_FAILED
					 ? errmsg("could not open the public id key file: %m")
					 : errmsg("could not read the public id key file: %m"),
					 errdetail_log("The file is \"%s\".", key_state.path),
					 errhint("%s", hint)));
			break;
		case KEY_FILE_NOT_REGULAR:
			detail = "The public id key file is not a regular file.";
			break;
		case KEY_FILE_WRONG_OWNER:
			detail = "The public id key file must be owned by the server's operating system user.";
			break;
		case KEY_FILE_GROUP_WORLD_ACCESS:
			detail = "The public id key file has group or world access; it must have permissions u=rw (0600) or less.";
			break;
		case KEY_FILE_TOO_LARGE:
			detail = "The public id key file is too large to hold a key.";
			break;
		case KEY_FILE_NOT_BASE64:
			detail = "The public id key file does not hold valid base64.";
			break;
		case KEY_FILE_WRONG_LENGTH:
			detail = "The key must be 16, 24 or 32 bytes (AES-128, AES-192 or AES-256).";
			break;
	}
	ereport(ERROR,
			(errcode(ERRCODE_CONFIG_FILE_ERROR),
			 errmsg("the public id key file is not usable"),
			 errdetail("%s", detail),
			 errdetail_log("%s The file is \"%s\".", detail, key_state.path),
			 errhint("%s", hint)));
}

static EVP_CIPHER_CTX *
public_id_cipher(bool encrypt)
{
	KeyFileStatus status = refresh_key();

	if (status != KEY_FILE_OK)
		raise_key_file_error(status);
	return encrypt ? key_state.encrypt : key_state.decrypt;
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

	aes_block(public_id_cipher(true), plain, ciphertext);
	uidx_netswap(ciphertext, result->data);
	PG_RETURN_UUID_P(result);
}

static void
public_id_to_plain(const pg_uuid_t *public_id, uint8 plain[UIDX_LEN])
{
	uint8		ciphertext[UIDX_LEN];

	uidx_netswap(public_id->data, ciphertext);
	aes_block(public_id_cipher(false), ciphertext, plain);
}

/*
 * For uidx_inspect, which must never fail on what it is shown: decrypts with
 * the key from the key file, or returns false when there is no usable one.
 */
bool
public_id_try_decrypt(const uint8 public_id[UIDX_LEN], uint8 plain[UIDX_LEN])
{
	if (refresh_key() != KEY_FILE_OK)
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

	uidx_numeric_scale0_to_u128(PG_GETARG_DATUM(0), uidx_decimal28_max,
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
