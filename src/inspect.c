/*
 * inspect.c -- uidx_inspect(): what is this ID?
 *
 * Support staff paste an ID from a log or an e-mail.  The pure detector
 * (top half, fuzzed under test/fuzz) lists every layout the text could be,
 * each with a score; only the order of scores matters.  Structure that is
 * unlikely by chance scores high (an iUID needs version 8, variant 10 and
 * format 0), a time field scores only when its time is plausible, and a bare
 * version-4 UUID, which any random value may be, scores low.  The SQL layer
 * (uidx_inspect, src/sql/common/inspect.sql) adds registry names and moves registered
 * groups up.
 */
#include "inspect.h"
#include "codec.h"
#include "clock.h"

#include <strings.h>

#include "comb.h"
#include "distid.h"
#include "iuid.h"
#include "luuid.h"
#include "uuidv7.h"

#define PLAUSIBLE_FROM_UNIX_MS	INT64_C(631152000000)	/* 1990-01-01 */
#define PLAUSIBLE_AHEAD_MS		UIDX_MS_PER_DAY	/* a day of clock skew */

static const char *const kind_names[] = {
	[UIDX_KIND_IUID] = "iuid",
	[UIDX_KIND_UUIDV7] = "uuidv7",
	[UIDX_KIND_DISTID128] = "distid128",
	[UIDX_KIND_LUUID] = "luuid",
	[UIDX_KIND_COMB_PREFIX] = "comb_prefix",
	[UIDX_KIND_COMB_SUFFIX] = "comb_suffix",
	[UIDX_KIND_COMB_SQLSERVER] = "comb_sqlserver",
	[UIDX_KIND_DISTID] = "distid",
	[UIDX_KIND_UUID_V4] = "uuid_v4",
	[UIDX_KIND_PUBLIC_ID] = "public_id",
};

static const char *const form_names[] = {
	[UIDX_FORM_UUID] = "uuid",
	[UIDX_FORM_DECIMAL] = "decimal",
	[UIDX_FORM_ALNUM16] = "alnum16",
	[UIDX_FORM_ALNUM22] = "alnum22",
};

const char *
uidx_kind_name(UidxKind kind)
{
	return kind_names[kind];
}

const char *
uidx_form_name(UidxForm form)
{
	return form_names[form];
}

typedef struct Detection
{
	UidxReading *out;
	int			count;
	UidxForm	form;
	int64_t		now_ms;
} Detection;

static bool
plausible_time(const Detection *d, int64_t unix_ms)
{
	return unix_ms >= PLAUSIBLE_FROM_UNIX_MS && unix_ms <= d->now_ms + PLAUSIBLE_AHEAD_MS;
}

static void
add_reading(Detection *d, UidxKind kind, int score, const uint8_t value[UIDX_LEN],
			bool has_time, int64_t unix_ms)
{
	UidxReading *r;

	if (d->count >= UIDX_MAX_READINGS)
		return;
	r = &d->out[d->count++];
	r->kind = kind;
	r->form = d->form;
	r->score = score;
	memcpy(r->value, value, UIDX_LEN);
	r->has_time = has_time;
	r->unix_ms = unix_ms;
}

/* a structured layout whose time is implausible is still listed, lower */
static int
time_score(const Detection *d, int score, int64_t unix_ms)
{
	return plausible_time(d, unix_ms) ? score : score - 40;
}

/*
 * Decimal and 16-character text can only be a DistributedId, so it is listed
 * whatever its time; a 16-byte value only when its time is plausible.
 */
static void
detect_distid_value(Detection *d, const uint8_t value[UIDX_LEN], int score,
					bool only_if_plausible)
{
	uint64_t	t;
	uint64_t	r;
	int64_t		unix_ms;

	if (distid_invalid_reason(value) != NULL)
		return;
	distid_unpack(value, &t, &r);
	unix_ms = DISTID_EPOCH_UNIX_MS + (int64_t) t;
	if (only_if_plausible && !plausible_time(d, unix_ms))
		return;
	add_reading(d, UIDX_KIND_DISTID, time_score(d, score, unix_ms), value, true, unix_ms);
}

static void
detect_uuid(Detection *d, const uint8_t b[UIDX_LEN])
{
	bool		structured = false;
	Distid128State d128;

	if (iuid_invalid_reason(b) == NULL)
	{
		int64_t		ms = (int64_t) uidx_load_be(b + IUID_TIME_OFFSET, UIDX_TIME_FIELD_BYTES);

		add_reading(d, UIDX_KIND_IUID, time_score(d, 90, ms), b, true, ms);
		structured = true;
	}
	if (uuidv7_is_v7(b))
	{
		int64_t		ms = (int64_t) uidx_load_be(b + UUIDV7_TIME_OFFSET, UIDX_TIME_FIELD_BYTES);

		add_reading(d, UIDX_KIND_UUIDV7, time_score(d, 85, ms), b, true, ms);
		structured = true;
	}
	if (distid128_unpack(b, &d128))
	{
		int64_t		ms = DISTID128_EPOCH_UNIX_MS + (int64_t) d128.t;

		add_reading(d, UIDX_KIND_DISTID128, time_score(d, 85, ms), b, true, ms);
		structured = true;
	}
	if (luuid_is_layout(b))
	{
		add_reading(d, UIDX_KIND_LUUID, 70, b, false, 0);
		structured = true;
	}
	if (comb_is_version4(b))
	{
		int64_t		prefix_ms = (int64_t) uidx_load_be(b + COMB_PREFIX_TIME_OFFSET,
													   UIDX_TIME_FIELD_BYTES);
		int64_t		suffix_ms = (int64_t) uidx_load_be(b + COMB_SUFFIX_TIME_OFFSET,
													   UIDX_TIME_FIELD_BYTES);
		int64_t		sqlserver_us;
		uint32_t	ticks;
		bool		any_comb = false;

		if (plausible_time(d, prefix_ms))
		{
			add_reading(d, UIDX_KIND_COMB_PREFIX, 60, b, true, prefix_ms);
			any_comb = true;
		}
		if (plausible_time(d, suffix_ms))
		{
			add_reading(d, UIDX_KIND_COMB_SUFFIX, 55, b, true, suffix_ms);
			any_comb = true;
		}
		if (comb_sqlserver_decode(b, &sqlserver_us, &ticks) &&
			plausible_time(d, uidx_floor_div(sqlserver_us, UIDX_US_PER_MS)))
		{
			add_reading(d, UIDX_KIND_COMB_SQLSERVER, 50, b, true,
						uidx_floor_div(sqlserver_us, UIDX_US_PER_MS));
			any_comb = true;
		}
		/* a random UUID is always possible, likelier when no time fits */
		add_reading(d, UIDX_KIND_UUID_V4, any_comb ? 30 : 45, b, false, 0);
		structured = true;
	}
	/* a DistributedId cast to uuid: the 16-byte integer below 2^93 */
	detect_distid_value(d, b, 50, true);

	/*
	 * An AES public id is indistinguishable from random bytes without the
	 * key: offered only when no layout explains the value.
	 */
	if (!structured)
		add_reading(d, UIDX_KIND_PUBLIC_ID, 20, b, false, 0);
}

static bool
is_ascii_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

static int
compare_score_desc(const UidxReading *a, const UidxReading *b)
{
	if (a->score != b->score)
		return a->score > b->score ? -1 : 1;
	return (int) a->kind - (int) b->kind;
}

int
uidx_inspect_text(const char *text, size_t len, int64_t now_unix_ms,
				  UidxReading out[UIDX_MAX_READINGS])
{
	Detection	d = {out, 0, UIDX_FORM_UUID, now_unix_ms};
	char		buf[UIDX_INSPECT_MAX_TEXT + 1];
	size_t		start = 0;
	size_t		end = len;
	size_t		n;
	uint8_t		value[UIDX_LEN];

	/* pasted text: surrounding white space and a urn:uuid: prefix are fine */
	while (start < end && is_ascii_space(text[start]))
		start++;
	while (end > start && is_ascii_space(text[end - 1]))
		end--;
	if (end - start >= 9 && strncasecmp(text + start, "urn:uuid:", 9) == 0)
		start += 9;
	n = end - start;
	if (n == 0 || n > UIDX_INSPECT_MAX_TEXT || memchr(text + start, '\0', n) != NULL)
		return 0;
	memcpy(buf, text + start, n);
	buf[n] = '\0';

	if (uidx_parse_hex16(buf, value))
		detect_uuid(&d, value);
	else if (n <= DISTID_MAX_DIGITS && strspn(buf, "0123456789") == n)
	{
		d.form = UIDX_FORM_DECIMAL;
		if (distid_parse_text(buf, value))
			detect_distid_value(&d, value, 80, false);
	}
	else if (n == UIDX_ALNUM_DECIMAL_LEN &&
			 uidx_alnum_decode_decimal(buf, n, value) == UIDX_ALNUM_OK)
	{
		d.form = UIDX_FORM_ALNUM16;
		detect_distid_value(&d, value, 80, false);
	}
	else if (n == UIDX_ALNUM_U128_LEN &&
			 uidx_alnum_decode_u128(buf, n, value) == UIDX_ALNUM_OK)
	{
		d.form = UIDX_FORM_ALNUM22;
		detect_uuid(&d, value);
	}

	/* insertion sort: at most UIDX_MAX_READINGS entries */
	for (int i = 1; i < d.count; i++)
	{
		UidxReading key = out[i];
		int			j = i - 1;

		while (j >= 0 && compare_score_desc(&out[j], &key) > 0)
		{
			out[j + 1] = out[j];
			j--;
		}
		out[j + 1] = key;
	}
	return d.count;
}

#ifndef UIDX_NO_POSTGRES
/* ---------------------------------------------------------------------------
 * SQL interface: uidx_inspect_readings(text) -> (kind, ts, details, score);
 * uidx_inspect() in SQL adds registry names on top.
 * ------------------------------------------------------------------------- */
#include "access/htup_details.h"
#include "access/xact.h"
#include "funcapi.h"
#include "lib/stringinfo.h"
#include "public_id.h"
#include "utils/builtins.h"
#include "utils/jsonb.h"

typedef struct InspectState
{
	UidxReading readings[UIDX_MAX_READINGS];
	int			count;
	char		public_id_decoded[UIDX_U128_DECIMAL_BUFLEN];	/* "" if none */
} InspectState;

/*
 * With the public-id key configured, a 128-bit value that decrypts to a valid
 * bigint or decimal block is a public id beyond reasonable doubt (a random
 * value passes the check with odds of 2^-35 or less): it goes first, with
 * the id it stands for.  Without a key, public ids stay opaque.
 */
static void
add_decrypted_public_id(InspectState *state)
{
	uint8		plain[UIDX_LEN];
	uint8		value[UIDX_LEN];
	uint64		id64;
	UidxReading *r;
	int			i;

	if (state->count == 0 ||
		(state->readings[0].form != UIDX_FORM_UUID && state->readings[0].form != UIDX_FORM_ALNUM22) ||
		!public_id_try_decrypt(state->readings[0].value, plain))
		return;
	if (public_id_plain_to_u64(plain, &id64))
		snprintf(state->public_id_decoded, sizeof(state->public_id_decoded), UINT64_FORMAT, id64);
	else if (public_id_plain_to_decimal(plain, value))
		uidx_u128_to_decimal(value, state->public_id_decoded);
	else
		return;

	/* replace the opaque reading if there is one, else make room */
	for (i = 0; i < state->count && state->readings[i].kind != UIDX_KIND_PUBLIC_ID; i++)
		;
	if (i == state->count && state->count == UIDX_MAX_READINGS)
		i = state->count - 1;
	else if (i == state->count)
		state->readings[state->count++] = state->readings[0];
	r = &state->readings[i];
	*r = state->readings[0];
	r->kind = UIDX_KIND_PUBLIC_ID;
	r->has_time = false;
	r->score = 95;
	/* keep most-likely-first */
	for (; i > 0; i--)
	{
		UidxReading tmp = state->readings[i - 1];

		state->readings[i - 1] = state->readings[i];
		state->readings[i] = tmp;
	}
}

static void
append_hex(StringInfo s, const char *key, const uint8_t value[UIDX_LEN])
{
	char		hex[37];

	uidx_format_hex16(value, hex);
	appendStringInfo(s, ", \"%s\": \"%s\"", key, hex);
}

static void
append_distid(StringInfo s, const uint8_t value[UIDX_LEN])
{
	char		decimal[UIDX_U128_DECIMAL_BUFLEN];
	char		alnum[UIDX_ALNUM_DECIMAL_LEN + 1];

	uidx_u128_to_decimal(value, decimal);
	appendStringInfo(s, ", \"decimal\": \"%s\"", decimal);
	if (uidx_alnum_encode_decimal(value, alnum))
		appendStringInfo(s, ", \"alnum\": \"%s\"", alnum);
}

/* The decoded fields of one reading, as a JSON object. */
static Datum
reading_details(const UidxReading *r, const char *public_id_decoded)
{
	StringInfoData s;

	initStringInfo(&s);
	appendStringInfo(&s, "{\"form\": \"%s\"", uidx_form_name(r->form));
	switch (r->kind)
	{
		case UIDX_KIND_IUID:
			{
				IuidFields f;

				iuid_unpack(r->value, &f);
				append_hex(&s, "uuid", r->value);
				appendStringInfo(&s, ", \"country\": %d, \"service_entity\": %d, "
								 "\"format_version\": %d, \"random\": " UINT64_FORMAT,
								 f.country, f.service_entity, f.format_version,
								 (uint64) f.random);
				break;
			}
		case UIDX_KIND_UUIDV7:
			append_hex(&s, "uuid", r->value);
			appendStringInfo(&s, ", \"sub_ms_fraction\": %d",
							 (int) (uidx_load_be(r->value + UIDX_VERSION_BYTE, 2) & 0x0FFF));
			break;
		case UIDX_KIND_LUUID:
			{
				char		short_form[LUUID_SHORT_MAX_LEN + 1];

				luuid_format_short(luuid_pk_of(r->value), short_form);
				append_hex(&s, "uuid", r->value);
				appendStringInfo(&s, ", \"pk\": " UINT64_FORMAT ", \"short\": \"%s\", \"group\": %d",
								 (uint64) luuid_pk_of(r->value), short_form,
								 luuid_group_of(r->value));
				break;
			}
		case UIDX_KIND_DISTID:
			append_distid(&s, r->value);
			if (r->form == UIDX_FORM_UUID)
				append_hex(&s, "uuid", r->value);
			break;
		case UIDX_KIND_PUBLIC_ID:
			append_hex(&s, "uuid", r->value);
			if (public_id_decoded != NULL)
				appendStringInfo(&s, ", \"decoded\": \"%s\"", public_id_decoded);
			break;
		case UIDX_KIND_DISTID128:
		case UIDX_KIND_COMB_PREFIX:
		case UIDX_KIND_COMB_SUFFIX:
		case UIDX_KIND_COMB_SQLSERVER:
		case UIDX_KIND_UUID_V4:
			append_hex(&s, "uuid", r->value);
			break;
	}
	appendStringInfoChar(&s, '}');
	return DirectFunctionCall1(jsonb_in, CStringGetDatum(s.data));
}

PG_FUNCTION_INFO_V1(uidx_inspect_readings);
Datum
uidx_inspect_readings(PG_FUNCTION_ARGS)
{
	FuncCallContext *funcctx;
	InspectState *state;

	if (SRF_IS_FIRSTCALL())
	{
		MemoryContext oldcontext;
		text	   *id = PG_GETARG_TEXT_PP(0);
		TupleDesc	tupdesc;

		funcctx = SRF_FIRSTCALL_INIT();
		oldcontext = MemoryContextSwitchTo(funcctx->multi_call_memory_ctx);
		if (get_call_result_type(fcinfo, NULL, &tupdesc) != TYPEFUNC_COMPOSITE)
			elog(ERROR, "uidx_inspect_readings must return a record");
		funcctx->tuple_desc = BlessTupleDesc(tupdesc);
		state = palloc(sizeof(InspectState));
		/*
		 * "Implausibly far ahead" is judged against the statement's start,
		 * as now() is, not the clock: the function is STABLE, so one
		 * statement must see one answer (and the test clock, which moves the
		 * generators, does not move what counts as plausible).
		 */
		state->count = uidx_inspect_text(VARDATA_ANY(id), VARSIZE_ANY_EXHDR(id),
										 uidx_floor_div(GetCurrentStatementStartTimestamp() -
														uidx_unix_ms_to_timestamptz(0), UIDX_US_PER_MS),
										 state->readings);
		state->public_id_decoded[0] = '\0';
		add_decrypted_public_id(state);
		funcctx->user_fctx = state;
		funcctx->max_calls = state->count;
		MemoryContextSwitchTo(oldcontext);
	}

	funcctx = SRF_PERCALL_SETUP();
	state = funcctx->user_fctx;
	if (funcctx->call_cntr < funcctx->max_calls)
	{
		const UidxReading *r = &state->readings[funcctx->call_cntr];
		Datum		values[4];
		bool		nulls[4] = {false, !r->has_time, false, false};

		values[0] = CStringGetTextDatum(uidx_kind_name(r->kind));
		values[1] = r->has_time ? TimestampTzGetDatum(uidx_unix_ms_to_timestamptz(r->unix_ms)) : (Datum) 0;
		values[2] = reading_details(r, state->public_id_decoded[0] ? state->public_id_decoded : NULL);
		values[3] = Int32GetDatum(r->score);
		SRF_RETURN_NEXT(funcctx,
						HeapTupleGetDatum(heap_form_tuple(funcctx->tuple_desc, values, nulls)));
	}
	SRF_RETURN_DONE(funcctx);
}
#endif							/* UIDX_NO_POSTGRES */
