/*
 * uidx.c -- module entry point.
 *
 * _PG_init only defines settings.  With shared_preload_libraries it runs in
 * the postmaster, before any backend is forked, so it must not draw
 * randomness or create generator state that children would inherit.
 */
#include "uidx.h"

#include "catalog/pg_class.h"
#include "commands/sequence.h"
#include "utils/builtins.h"
#include "utils/guc.h"
#include "utils/lsyscache.h"

PG_MODULE_MAGIC;

void		_PG_init(void);

void
_PG_init(void)
{
	uidx_define_clock_settings();
	uidx_define_iuid_settings();
	uidx_define_public_id_settings();
	MarkGUCPrefixReserved("uidx");
}

void
uidx_require_arg(FunctionCallInfo fcinfo, int argno, const char *what)
{
	if (PG_ARGISNULL(argno))
		ereport(ERROR,
				(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
				 errmsg("%s must not be null", what)));
}

/*
 * nextval() of a regclass argument.  The relation kind is checked first, so
 * the error for a non-sequence is the same on every server version (core's
 * own wording changed in 17).
 */
int64
uidx_nextval(Oid seq)
{
	if (get_rel_relkind(seq) != RELKIND_SEQUENCE)
		ereport(ERROR,
				(errcode(ERRCODE_WRONG_OBJECT_TYPE),
				 errmsg("\"%s\" is not a sequence", get_rel_name(seq))));
	return nextval_internal(seq, true);
}

PG_FUNCTION_INFO_V1(uidx_raise_unknown_name);
Datum
uidx_raise_unknown_name(PG_FUNCTION_ARGS)
{
	const char *kind = PG_ARGISNULL(0) ? "name" : text_to_cstring(PG_GETARG_TEXT_PP(0));

	uidx_require_arg(fcinfo, 1, kind);
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
			 errmsg("unknown %s \"%s\"", kind, text_to_cstring(PG_GETARG_TEXT_PP(1))),
			 errhint("Registered names are listed in the uidx registry tables.")));
	PG_RETURN_NULL();
}

PG_FUNCTION_INFO_V1(uidx_uuid_lower_bound);
Datum
uidx_uuid_lower_bound(PG_FUNCTION_ARGS)
{
	Bytes16    *result = palloc0(sizeof(Bytes16));
	int64		unix_ms = uidx_timestamptz_to_unix_ms(PG_GETARG_TIMESTAMPTZ(0), 0,
													  UIDX_MAX_MS48, "uuid");

	uidx_store_be(result->data, 6, (uint64) unix_ms);
	PG_RETURN_BYTES16_P(result);
}
