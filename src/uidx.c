/*
 * uidx.c -- the bottom of the core layer (docs/internals.md "Architecture"):
 * the argument checks every family's SQL functions share, declared in
 * uidx.h.  It includes no other header of src/ but uidx.h (which brings
 * layout.h and compat.h).
 */
#include "uidx.h"

#include "catalog/pg_class.h"
#include "commands/sequence.h"
#include "utils/builtins.h"
#include "utils/lsyscache.h"

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
