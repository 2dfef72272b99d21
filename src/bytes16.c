/*
 * bytes16.c -- the plumbing every fixed 16-byte uidx type shares.
 *
 * Modelled on PostgreSQL's utils/adt/uuid.c.  A type is a Bytes16Type
 * descriptor (validation and comparison key order); everything here is
 * written once against that descriptor.  The wire format is the uuid one:
 * the 16 bytes as they are stored.  uidx_is_valid(), at the end, checks the
 * input of any type of uidx without raising.
 */
#include "uidx.h"
#include "bytes16.h"
#include "codec.h"

#include "catalog/dependency.h"
#include "catalog/pg_type_d.h"
#include "commands/extension.h"
#include "common/hashfn.h"
#include "lib/hyperloglog.h"
#include "libpq/pqformat.h"
#include "port/pg_bswap.h"
#include "utils/builtins.h"
#include "utils/lsyscache.h"
#include "utils/sortsupport.h"
#include "utils/syscache.h"
#include "utils/uuid.h"

Bytes16 *
bytes16_copy(const uint8_t *bytes)
{
	Bytes16    *result = palloc(sizeof(Bytes16));

	memcpy(result->data, bytes, UIDX_LEN);
	return result;
}

void
bytes16_check_valid(const Bytes16Type *type, const uint8_t *bytes,
					const char *shown_as)
{
	const char *reason = type->invalid_reason ? type->invalid_reason(bytes) : NULL;

	if (reason != NULL)
	{
		char		hex[37];

		if (shown_as == NULL)
		{
			uidx_format_hex16(bytes, hex);
			shown_as = hex;
		}
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
				 errmsg("invalid input value for type %s: \"%s\"",
						type->name, shown_as),
				 errdetail("%s", reason)));
	}
}

Datum
bytes16_in(const Bytes16Type *type, FunctionCallInfo fcinfo)
{
	const char *text = PG_GETARG_CSTRING(0);
	uint8_t		bytes[UIDX_LEN];
	const char *reason;
	bool		parsed = type->parse_text ? type->parse_text(text, bytes)
		: uidx_parse_hex16(text, bytes);

	if (!parsed)
		UIDX_INPUT_ERROR(fcinfo,
						 errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
						 errmsg("invalid input syntax for type %s: \"%s\"",
								type->name, text));

	reason = type->invalid_reason ? type->invalid_reason(bytes) : NULL;
	if (reason != NULL)
		UIDX_INPUT_ERROR(fcinfo,
						 errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
						 errmsg("invalid input value for type %s: \"%s\"",
								type->name, text),
						 errdetail("%s", reason));

	PG_RETURN_BYTES16_P(bytes16_copy(bytes));
}

Datum
bytes16_out(const Bytes16Type *type, FunctionCallInfo fcinfo)
{
	Bytes16    *value = PG_GETARG_BYTES16_P(0);
	char	   *text;

	if (type->format_text)
		PG_RETURN_CSTRING(type->format_text(value->data));
	text = palloc(37);
	uidx_format_hex16(value->data, text);
	PG_RETURN_CSTRING(text);
}

Datum
bytes16_recv(const Bytes16Type *type, FunctionCallInfo fcinfo)
{
	StringInfo	buf = (StringInfo) PG_GETARG_POINTER(0);
	int			received = buf->len - buf->cursor;
	const char *bytes;
	const char *reason;

	/*
	 * The length before the layout: a value of another size (a uuid's text
	 * sent as binary, say) is not a wrongly laid out one.  The callers (bind,
	 * binary COPY, array and record input) hand over exactly one value.
	 */
	if (received != UIDX_LEN)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
				 errmsg("incorrect binary data format for type %s", type->name),
				 errdetail("Expected %d bytes, received %d.", UIDX_LEN, received)));
	bytes = pq_getmsgbytes(buf, UIDX_LEN);
	reason = type->invalid_reason ?
		type->invalid_reason((const uint8_t *) bytes) : NULL;
	if (reason != NULL)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
				 errmsg("invalid external binary value for type %s", type->name),
				 errdetail("%s", reason)));
	PG_RETURN_BYTES16_P(bytes16_copy((const uint8_t *) bytes));
}

Datum
bytes16_send(const Bytes16Type *type, FunctionCallInfo fcinfo)
{
	Bytes16    *value = PG_GETARG_BYTES16_P(0);
	StringInfoData buf;

	pq_begintypsend(&buf);
	pq_sendbytes(&buf, (char *) value->data, UIDX_LEN);
	PG_RETURN_BYTEA_P(pq_endtypsend(&buf));
}

Bytes16 *
bytes16_from_uuid(const Bytes16Type *type, FunctionCallInfo fcinfo)
{
	pg_uuid_t  *uuid = PG_GETARG_UUID_P(0);

	bytes16_check_valid(type, uuid->data, NULL);
	return bytes16_copy(uuid->data);
}

/* ---------------------------------------------------------------------------
 * Comparison
 * ------------------------------------------------------------------------- */

int
bytes16_compare(const Bytes16Type *type, const Bytes16 *a, const Bytes16 *b)
{
	for (int i = 0; i < type->nsegments; i++)
	{
		const Bytes16Segment *seg = &type->segments[i];
		int			c = memcmp(a->data + seg->offset, b->data + seg->offset,
							   seg->length);

		if (c != 0)
			return c;
	}
	return 0;
}

int
bytes16_compare_args(const Bytes16Type *type, FunctionCallInfo fcinfo)
{
	return bytes16_compare(type, PG_GETARG_BYTES16_P(0), PG_GETARG_BYTES16_P(1));
}

Datum
bytes16_larger(const Bytes16Type *type, FunctionCallInfo fcinfo)
{
	Bytes16    *a = PG_GETARG_BYTES16_P(0);
	Bytes16    *b = PG_GETARG_BYTES16_P(1);

	PG_RETURN_BYTES16_P(bytes16_compare(type, a, b) >= 0 ? a : b);
}

Datum
bytes16_smaller(const Bytes16Type *type, FunctionCallInfo fcinfo)
{
	Bytes16    *a = PG_GETARG_BYTES16_P(0);
	Bytes16    *b = PG_GETARG_BYTES16_P(1);

	PG_RETURN_BYTES16_P(bytes16_compare(type, a, b) <= 0 ? a : b);
}

/* ---------------------------------------------------------------------------
 * Sort support: the abbreviated key is the first 8 bytes of the comparison
 * key, read big-endian, so unsigned Datum order agrees with the full order.
 * Whether to keep abbreviating is decided as in uuid.c: time-ordered values
 * made within one millisecond share their first bytes, and when too few
 * abbreviated keys differ, abbreviation costs more than it saves.
 * ------------------------------------------------------------------------- */

typedef struct Bytes16SortState
{
	const Bytes16Type *type;
	int64		input_count;
	bool		estimating;
	hyperLogLogState abbr_card;
} Bytes16SortState;

static int
bytes16_fast_cmp(Datum x, Datum y, SortSupport ssup)
{
	Bytes16SortState *state = (Bytes16SortState *) ssup->ssup_extra;

	return bytes16_compare(state->type, DatumGetBytes16P(x), DatumGetBytes16P(y));
}

static int
bytes16_memcmp_cmp(Datum x, Datum y, SortSupport ssup)
{
	return memcmp(DatumGetBytes16P(x)->data, DatumGetBytes16P(y)->data, UIDX_LEN);
}

#if SIZEOF_DATUM >= 8

static Datum
bytes16_abbrev_convert(Datum original, SortSupport ssup)
{
	Bytes16SortState *state = (Bytes16SortState *) ssup->ssup_extra;
	const Bytes16 *value = DatumGetBytes16P(original);
	uint8_t		key[8];
	int			filled = 0;
	uint64		abbrev;

	for (int i = 0; i < state->type->nsegments && filled < 8; i++)
	{
		const Bytes16Segment *seg = &state->type->segments[i];
		int			n = Min((int) seg->length, 8 - filled);

		memcpy(key + filled, value->data + seg->offset, n);
		filled += n;
	}
	memcpy(&abbrev, key, 8);
	abbrev = pg_ntoh64(abbrev);

	state->input_count++;
	if (state->estimating)
		addHyperLogLog(&state->abbr_card,
					   DatumGetUInt32(hash_uint32((uint32) (abbrev ^ (abbrev >> 32)))));
	return UInt64GetDatum(abbrev);
}

static bool
bytes16_abbrev_abort(int memtupcount, SortSupport ssup)
{
	Bytes16SortState *state = (Bytes16SortState *) ssup->ssup_extra;
	double		abbr_card;

	if (memtupcount < 10000 || state->input_count < 10000 || !state->estimating)
		return false;
	abbr_card = estimateHyperLogLog(&state->abbr_card);
	if (abbr_card > 100000.0)
	{
		/* plenty of distinct keys: stop paying for the estimate */
		state->estimating = false;
		return false;
	}
	return abbr_card < state->input_count / 2000.0 + 0.5;
}
#endif							/* SIZEOF_DATUM >= 8 */

Datum
bytes16_sortsupport(const Bytes16Type *type, FunctionCallInfo fcinfo)
{
	SortSupport ssup = (SortSupport) PG_GETARG_POINTER(0);
	bool		plain_order = (type->nsegments == 1);
	Bytes16SortState *state;
	MemoryContext oldcontext = MemoryContextSwitchTo(ssup->ssup_cxt);

	state = palloc0(sizeof(Bytes16SortState));
	state->type = type;
	ssup->ssup_extra = state;
	ssup->comparator = plain_order ? bytes16_memcmp_cmp : bytes16_fast_cmp;

#if SIZEOF_DATUM >= 8
	if (ssup->abbreviate)
	{
		state->estimating = true;
		initHyperLogLog(&state->abbr_card, 10);
		ssup->abbrev_full_comparator = ssup->comparator;
		ssup->comparator = ssup_datum_unsigned_cmp;
		ssup->abbrev_converter = bytes16_abbrev_convert;
		ssup->abbrev_abort = bytes16_abbrev_abort;
	}
#endif
	MemoryContextSwitchTo(oldcontext);
	PG_RETURN_VOID();
}

/* ---------------------------------------------------------------------------
 * Hashing: equality is bytewise for every type, so all 16 bytes are hashed
 * as stored, whatever the comparison order.
 * ------------------------------------------------------------------------- */

Datum
bytes16_hash(FunctionCallInfo fcinfo)
{
	Bytes16    *value = PG_GETARG_BYTES16_P(0);

	return hash_any(value->data, UIDX_LEN);
}

Datum
bytes16_hash_extended(FunctionCallInfo fcinfo)
{
	Bytes16    *value = PG_GETARG_BYTES16_P(0);

	return hash_any_extended(value->data, UIDX_LEN, PG_GETARG_INT64(1));
}

/*
 * Does `text` read as a value of `type`, without raising?  For the types of
 * uidx (whose input functions all report errors through UIDX_INPUT_ERROR)
 * and for uuid, on every server version: PostgreSQL 16 brought
 * pg_input_is_valid() for any type, and before it only uidx's own input
 * functions know how to report an error softly (docs/drivers.md "The server side").
 */
PG_FUNCTION_INFO_V1(uidx_is_valid);
Datum
uidx_is_valid(PG_FUNCTION_ARGS)
{
	char	   *str = text_to_cstring(PG_GETARG_TEXT_PP(0));
	Oid			type = PG_GETARG_OID(1);
	Oid			uidx = get_extension_oid("uidx", true);
	Oid			typinput;
	Oid			typioparam;
	FmgrInfo	flinfo;
	LOCAL_FCINFO(input_fcinfo, 3);

	if (type == UUIDOID)
	{
		uint8		bytes[UIDX_LEN];

		PG_RETURN_BOOL(uidx_parse_hex16(str, bytes));
	}
	/* a regtype argument can hold any OID: format_type_be() needs a type */
	if (!SearchSysCacheExists1(TYPEOID, ObjectIdGetDatum(type)))
		ereport(ERROR,
				(errcode(ERRCODE_UNDEFINED_OBJECT),
				 errmsg("type with OID %u does not exist", type)));
	if (!OidIsValid(uidx) || getExtensionOfObject(TypeRelationId, type) != uidx)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("uidx_is_valid checks the types of uidx and uuid, not %s",
						format_type_be(type)),
				 errhint("On PostgreSQL 16 and later, pg_input_is_valid() checks any type.")));

	getTypeInputInfo(type, &typinput, &typioparam);
	fmgr_info(typinput, &flinfo);
	{
		UidxSoftErrorContext soft = UIDX_SOFT_ERROR_CONTEXT_INIT;

		InitFunctionCallInfoData(*input_fcinfo, &flinfo, 3, InvalidOid, (Node *) &soft, NULL);
		input_fcinfo->args[0].value = CStringGetDatum(str);
		input_fcinfo->args[0].isnull = false;
		input_fcinfo->args[1].value = ObjectIdGetDatum(typioparam);
		input_fcinfo->args[1].isnull = false;
		input_fcinfo->args[2].value = Int32GetDatum(-1);
		input_fcinfo->args[2].isnull = false;
		(void) FunctionCallInvoke(input_fcinfo);
		PG_RETURN_BOOL(!soft.error_occurred);
	}
}
