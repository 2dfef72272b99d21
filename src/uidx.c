/*
 * uidx.c -- module entry point.
 *
 * _PG_init only defines settings and installs the planner hooks of
 * time_prune.c and time_index.c.  With shared_preload_libraries it runs in
 * the postmaster, before any backend is forked, so it must not draw
 * randomness or create generator state that children would inherit.
 */
#include "uidx.h"
#include "bytes16.h"
#include "clock.h"
#include "time_index.h"

#include "catalog/dependency.h"
#include "catalog/pg_class.h"
#include "catalog/pg_type_d.h"
#include "commands/extension.h"
#include "commands/sequence.h"
#if PG_VERSION_NUM >= 160000
#include "nodes/miscnodes.h"
#endif
#include "utils/builtins.h"
#include "utils/guc.h"
#include "utils/lsyscache.h"
#include "utils/syscache.h"

PG_MODULE_MAGIC;

void		_PG_init(void);

void
_PG_init(void)
{
	uidx_define_clock_settings();
	uidx_define_iuid_settings();
	uidx_define_public_id_settings();
	uidx_install_time_filter_hooks();
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

/*
 * Does `text` read as a value of `type`, without raising?  For the types of
 * uidx and for uuid, on every server version: PostgreSQL 16 brought
 * pg_input_is_valid() for any type, and before it only uidx's own input
 * functions know how to report an error softly (README "Working with uuid:
 * drivers, ORMs and foreign keys").
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
#if PG_VERSION_NUM >= 160000
		ErrorSaveContext soft = {T_ErrorSaveContext};
#else
		UidxSoftError soft = {T_Invalid, UIDX_SOFT_ERROR_MAGIC, false};
#endif

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
