/*
 * luuid.c -- the PK-embedded UUID with CRC-12 groups (FORMATS.md §D), after
 * R. Buckland's io.straight.fw.model.Uuid (first revision):
 *
 *   msb = pk << 16 | 6 << 12 | group      lsb = 0xA << 60 | random60
 *
 * The nibble 6 is not RFC 9562 version 6; see the README (PK-embedded UUID) for how
 * to tell the two apart.  The top half is the pure core; the SQL interface
 * follows below #ifndef UIDX_NO_POSTGRES.
 */
#include "luuid.h"
#include "entropy.h"

/* the reflected polynomial 0x80F (as 0xF01), one step per input byte */
static const uint16_t crc12_table[256] = {
	0x000, 0xA0B, 0xA15, 0x01E, 0xA29, 0x022, 0x03C, 0xA37,
	0xA51, 0x05A, 0x044, 0xA4F, 0x078, 0xA73, 0xA6D, 0x066,
	0xAA1, 0x0AA, 0x0B4, 0xABF, 0x088, 0xA83, 0xA9D, 0x096,
	0x0F0, 0xAFB, 0xAE5, 0x0EE, 0xAD9, 0x0D2, 0x0CC, 0xAC7,
	0xB41, 0x14A, 0x154, 0xB5F, 0x168, 0xB63, 0xB7D, 0x176,
	0x110, 0xB1B, 0xB05, 0x10E, 0xB39, 0x132, 0x12C, 0xB27,
	0x1E0, 0xBEB, 0xBF5, 0x1FE, 0xBC9, 0x1C2, 0x1DC, 0xBD7,
	0xBB1, 0x1BA, 0x1A4, 0xBAF, 0x198, 0xB93, 0xB8D, 0x186,
	0x881, 0x28A, 0x294, 0x89F, 0x2A8, 0x8A3, 0x8BD, 0x2B6,
	0x2D0, 0x8DB, 0x8C5, 0x2CE, 0x8F9, 0x2F2, 0x2EC, 0x8E7,
	0x220, 0x82B, 0x835, 0x23E, 0x809, 0x202, 0x21C, 0x817,
	0x871, 0x27A, 0x264, 0x86F, 0x258, 0x853, 0x84D, 0x246,
	0x3C0, 0x9CB, 0x9D5, 0x3DE, 0x9E9, 0x3E2, 0x3FC, 0x9F7,
	0x991, 0x39A, 0x384, 0x98F, 0x3B8, 0x9B3, 0x9AD, 0x3A6,
	0x961, 0x36A, 0x374, 0x97F, 0x348, 0x943, 0x95D, 0x356,
	0x330, 0x93B, 0x925, 0x32E, 0x919, 0x312, 0x30C, 0x907,
	0xF01, 0x50A, 0x514, 0xF1F, 0x528, 0xF23, 0xF3D, 0x536,
	0x550, 0xF5B, 0xF45, 0x54E, 0xF79, 0x572, 0x56C, 0xF67,
	0x5A0, 0xFAB, 0xFB5, 0x5BE, 0xF89, 0x582, 0x59C, 0xF97,
	0xFF1, 0x5FA, 0x5E4, 0xFEF, 0x5D8, 0xFD3, 0xFCD, 0x5C6,
	0x440, 0xE4B, 0xE55, 0x45E, 0xE69, 0x462, 0x47C, 0xE77,
	0xE11, 0x41A, 0x404, 0xE0F, 0x438, 0xE33, 0xE2D, 0x426,
	0xEE1, 0x4EA, 0x4F4, 0xEFF, 0x4C8, 0xEC3, 0xEDD, 0x4D6,
	0x4B0, 0xEBB, 0xEA5, 0x4AE, 0xE99, 0x492, 0x48C, 0xE87,
	0x780, 0xD8B, 0xD95, 0x79E, 0xDA9, 0x7A2, 0x7BC, 0xDB7,
	0xDD1, 0x7DA, 0x7C4, 0xDCF, 0x7F8, 0xDF3, 0xDED, 0x7E6,
	0xD21, 0x72A, 0x734, 0xD3F, 0x708, 0xD03, 0xD1D, 0x716,
	0x770, 0xD7B, 0xD65, 0x76E, 0xD59, 0x752, 0x74C, 0xD47,
	0xCC1, 0x6CA, 0x6D4, 0xCDF, 0x6E8, 0xCE3, 0xCFD, 0x6F6,
	0x690, 0xC9B, 0xC85, 0x68E, 0xCB9, 0x6B2, 0x6AC, 0xCA7,
	0x660, 0xC6B, 0xC75, 0x67E, 0xC49, 0x642, 0x65C, 0xC57,
	0xC31, 0x63A, 0x624, 0xC2F, 0x618, 0xC13, 0xC0D, 0x606,
};

int
luuid_crc12(const uint8_t *data, size_t len)
{
	unsigned int crc = 0xFFF;

	for (size_t i = 0; i < len; i++)
		crc = (crc >> 8) ^ crc12_table[(crc ^ data[i]) & 0xFF];
	return (int) (crc ^ 0xFFF);
}

void
luuid_pack(uint64_t pk, int group, uint64_t random60, uint8_t out[UIDX_LEN])
{
	uint64_t	msb = (pk & LUUID_PK_MAX) << 16 | UINT64_C(6) << 12 |
		((uint64_t) group & LUUID_GROUP_MAX);
	uint64_t	lsb = UINT64_C(0xA) << 60 | (random60 & LUUID_RANDOM_MAX);

	uidx_store_be(out, 8, msb);
	uidx_store_be(out + 8, 8, lsb);
}

bool
luuid_is_layout(const uint8_t in[UIDX_LEN])
{
	return uidx_version(in) == 6 && (in[8] >> 4) == 0xA;
}

uint64_t
luuid_pk_of(const uint8_t in[UIDX_LEN])
{
	return uidx_load_be(in, 6);
}

int
luuid_group_of(const uint8_t in[UIDX_LEN])
{
	return (in[6] & 0x0F) << 8 | in[7];
}

void
luuid_lower_bound(uint64_t pk, int group, uint8_t out[UIDX_LEN])
{
	luuid_pack(pk, group, 0, out);
}

void
luuid_upper_bound(uint64_t pk, int group, uint8_t out[UIDX_LEN])
{
	/* a...: all 60 random bits set plus one carries into the nibble: b000... */
	luuid_pack(pk, group, 0, out);
	out[8] = 0xB0;
}

int
luuid_format_short(uint64_t pk, char out[LUUID_SHORT_MAX_LEN + 1])
{
	static const char hex_digits[] = "0123456789abcdef";
	char		reversed[16];
	int			n = 0;

	pk &= LUUID_PK_MAX;
	do
	{
		reversed[n++] = hex_digits[pk & 0xF];
		pk >>= 4;
	} while (pk != 0);
	for (int i = 0; i < n; i++)
		out[i] = reversed[n - 1 - i];
	out[n] = '\0';
	return n;
}

LuuidShortStatus
luuid_parse_short(const char *text, size_t len, uint64_t *pk)
{
	uint64_t	v = 0;
	bool		too_big = false;

	if (len == 0)
		return LUUID_SHORT_MALFORMED;
	for (size_t i = 0; i < len; i++)
	{
		unsigned char c = (unsigned char) text[i];
		int			digit;

		if (c >= '0' && c <= '9')
			digit = c - '0';
		else if (c >= 'a' && c <= 'f')
			digit = c - 'a' + 10;
		else if (c >= 'A' && c <= 'F')
			digit = c - 'A' + 10;
		else
			return LUUID_SHORT_MALFORMED;
		/* keep scanning after an overflow: bad syntax outranks bad range */
		if (v > (LUUID_PK_MAX >> 4))
			too_big = true;
		else
			v = v << 4 | (uint64_t) digit;
	}
	if (too_big)
		return LUUID_SHORT_OUT_OF_RANGE;
	*pk = v;
	return LUUID_SHORT_OK;
}

#ifndef UIDX_NO_POSTGRES
/* ---------------------------------------------------------------------------
 * SQL interface
 * ------------------------------------------------------------------------- */
#include "mb/pg_wchar.h"
#include "utils/builtins.h"
#include "utils/lsyscache.h"
#include "utils/uuid.h"

/* The CRC-12 of the text's UTF-8 bytes, whatever the database encoding. */
static int
crc12_of_text(text *t)
{
	const char *bytes = VARDATA_ANY(t);
	int			len = VARSIZE_ANY_EXHDR(t);
	const char *utf8 = pg_server_to_any(bytes, len, PG_UTF8);

	if (utf8 != bytes)
		len = strlen(utf8);		/* converted copies are NUL-terminated */
	return luuid_crc12((const uint8_t *) utf8, len);
}

PG_FUNCTION_INFO_V1(luuid_crc12_text);
Datum
luuid_crc12_text(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32(crc12_of_text(PG_GETARG_TEXT_PP(0)));
}

PG_FUNCTION_INFO_V1(luuid_crc12_bytea);
Datum
luuid_crc12_bytea(PG_FUNCTION_ARGS)
{
	bytea	   *b = PG_GETARG_BYTEA_PP(0);

	PG_RETURN_INT32(luuid_crc12((const uint8_t *) VARDATA_ANY(b),
								VARSIZE_ANY_EXHDR(b)));
}

/* ---- argument checks ---- */

static void
luuid_check_pk(int64 pk)
{
	if (pk < 0 || (uint64) pk > LUUID_PK_MAX)
		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("luuid pk " INT64_FORMAT " is out of range", pk),
				 errdetail("A PK-embedded UUID holds a primary key from 0 to 2^48-1 (281474976710655).")));
}

static int
luuid_group_id_arg(FunctionCallInfo fcinfo, int argno)
{
	int32		group;

	uidx_require_arg(fcinfo, argno, "luuid group_id");
	group = PG_GETARG_INT32(argno);
	if (group < 0 || group > LUUID_GROUP_MAX)
		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("luuid group_id %d is out of range", group),
				 errdetail("A group id is a CRC-12: an integer from 0 to 4095.")));
	return group;
}

static int
luuid_group_name_arg(FunctionCallInfo fcinfo, int argno)
{
	uidx_require_arg(fcinfo, argno, "luuid group_name");
	return crc12_of_text(PG_GETARG_TEXT_PP(argno));
}

static int64
luuid_pk_arg(FunctionCallInfo fcinfo, int argno)
{
	int64		pk;

	uidx_require_arg(fcinfo, argno, "luuid pk");
	pk = PG_GETARG_INT64(argno);
	luuid_check_pk(pk);
	return pk;
}

static Datum
luuid_random_datum(uint64 pk, int group)
{
	pg_uuid_t  *result = palloc(sizeof(pg_uuid_t));

	luuid_pack(pk, group, uidx_random_u64() & LUUID_RANDOM_MAX, result->data);
	PG_RETURN_UUID_P(result);
}

/* ---- generators ---- */

PG_FUNCTION_INFO_V1(luuid_generate_by_id);
Datum
luuid_generate_by_id(PG_FUNCTION_ARGS)
{
	int			group = luuid_group_id_arg(fcinfo, 0);

	return luuid_random_datum(luuid_pk_arg(fcinfo, 1), group);
}

PG_FUNCTION_INFO_V1(luuid_generate_by_name);
Datum
luuid_generate_by_name(PG_FUNCTION_ARGS)
{
	int			group = luuid_group_name_arg(fcinfo, 0);

	return luuid_random_datum(luuid_pk_arg(fcinfo, 1), group);
}

/*
 * nextval() without the trip through the fmgr: same permission checks, same
 * "cannot run in a parallel worker" rule (so the SQL function is PARALLEL
 * UNSAFE, as nextval is).
 */
PG_FUNCTION_INFO_V1(luuid_nextval);
Datum
luuid_nextval(PG_FUNCTION_ARGS)
{
	Oid			seq;
	int			group;
	int64		pk;

	uidx_require_arg(fcinfo, 0, "luuid sequence");
	seq = PG_GETARG_OID(0);
	group = luuid_group_name_arg(fcinfo, 1);
	pk = uidx_nextval(seq);
	if (pk < 0 || (uint64) pk > LUUID_PK_MAX)
	{
		char	   *seq_name = get_rel_name(seq);

		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("luuid pk " INT64_FORMAT " from sequence \"%s\" is out of range",
						pk, seq_name ? seq_name : "?"),
				 errdetail("A PK-embedded UUID holds a primary key from 0 to 2^48-1 (281474976710655)."),
				 errhint("Give the sequence MINVALUE 0 and MAXVALUE 281474976710655.")));
	}
	return luuid_random_datum((uint64) pk, group);
}

/* ---- extraction: NULL unless the uuid has this layout ---- */

PG_FUNCTION_INFO_V1(luuid_pk);
Datum
luuid_pk(PG_FUNCTION_ARGS)
{
	const uint8 *bytes = PG_GETARG_UUID_P(0)->data;

	if (!luuid_is_layout(bytes))
		PG_RETURN_NULL();
	PG_RETURN_INT64((int64) luuid_pk_of(bytes));
}

PG_FUNCTION_INFO_V1(luuid_group);
Datum
luuid_group(PG_FUNCTION_ARGS)
{
	const uint8 *bytes = PG_GETARG_UUID_P(0)->data;

	if (!luuid_is_layout(bytes))
		PG_RETURN_NULL();
	PG_RETURN_INT32(luuid_group_of(bytes));
}

PG_FUNCTION_INFO_V1(luuid_short);
Datum
luuid_short(PG_FUNCTION_ARGS)
{
	const uint8 *bytes = PG_GETARG_UUID_P(0)->data;
	char		buf[LUUID_SHORT_MAX_LEN + 1];
	int			len;

	if (!luuid_is_layout(bytes))
		PG_RETURN_NULL();
	len = luuid_format_short(luuid_pk_of(bytes), buf);
	PG_RETURN_TEXT_P(cstring_to_text_with_len(buf, len));
}

/* ---- look-up bounds from the short form ---- */

static uint64
luuid_short_arg(FunctionCallInfo fcinfo, int argno)
{
	text	   *t = PG_GETARG_TEXT_PP(argno);
	uint64		pk = 0;

	switch (luuid_parse_short(VARDATA_ANY(t), VARSIZE_ANY_EXHDR(t), &pk))
	{
		case LUUID_SHORT_OK:
			break;
		case LUUID_SHORT_MALFORMED:
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
					 errmsg("invalid luuid short form: \"%s\"", text_to_cstring(t)),
					 errdetail("The short form is the primary key in hexadecimal, e.g. \"23122e\".")));
			break;
		case LUUID_SHORT_OUT_OF_RANGE:
			ereport(ERROR,
					(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
					 errmsg("luuid short form \"%s\" is out of range", text_to_cstring(t)),
					 errdetail("A PK-embedded UUID holds a primary key from 0 to 2^48-1 (ffffffffffff).")));
			break;
	}
	return pk;
}

static Datum
luuid_bound_datum(FunctionCallInfo fcinfo,
				  void (*bound) (uint64_t pk, int group, uint8_t out[UIDX_LEN]))
{
	uint64		pk = luuid_short_arg(fcinfo, 0);
	int			group = crc12_of_text(PG_GETARG_TEXT_PP(1));
	pg_uuid_t  *result = palloc(sizeof(pg_uuid_t));

	bound(pk, group, result->data);
	PG_RETURN_UUID_P(result);
}

PG_FUNCTION_INFO_V1(luuid_from_short);
Datum
luuid_from_short(PG_FUNCTION_ARGS)
{
	return luuid_bound_datum(fcinfo, luuid_lower_bound);
}

PG_FUNCTION_INFO_V1(luuid_upper_bound_short);
Datum
luuid_upper_bound_short(PG_FUNCTION_ARGS)
{
	return luuid_bound_datum(fcinfo, luuid_upper_bound);
}

#endif							/* UIDX_NO_POSTGRES */
