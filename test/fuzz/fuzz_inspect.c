/*
 * libFuzzer harness: the format detection behind uidx_inspect().
 * sources: src/codec.c src/inspect.c src/iuid.c src/comb.c src/luuid.c src/uuidv7.c src/distid.c
 *
 * Any bytes at all must give at most UIDX_MAX_READINGS readings, most likely
 * first, and every reading must really have its kind's layout.
 */
#include <stdlib.h>
#include <string.h>

#include "comb.h"
#include "distid.h"
#include "inspect.h"
#include "iuid.h"
#include "luuid.h"
#include "uuidv7.h"

int			LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define NOW_MS INT64_C(1763769600000)	/* 2025-11-22, fixed so runs repeat */

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	UidxReading readings[UIDX_MAX_READINGS];
	int			n = uidx_inspect_text((const char *) data, size, NOW_MS, readings);

	if (n < 0 || n > UIDX_MAX_READINGS)
		abort();
	for (int i = 0; i < n; i++)
	{
		const UidxReading *r = &readings[i];
		Distid128State d128;

		if (i > 0 && readings[i - 1].score < r->score)
			abort();
		if (uidx_kind_name(r->kind) == NULL || uidx_form_name(r->form) == NULL)
			abort();
		switch (r->kind)
		{
			case UIDX_KIND_IUID:
				if (iuid_invalid_reason(r->value) != NULL)
					abort();
				break;
			case UIDX_KIND_UUIDV7:
				if (!uuidv7_is_v7(r->value))
					abort();
				break;
			case UIDX_KIND_DISTID128:
				if (!distid128_unpack(r->value, &d128))
					abort();
				break;
			case UIDX_KIND_LUUID:
				if (!luuid_is_layout(r->value))
					abort();
				break;
			case UIDX_KIND_COMB_PREFIX:
			case UIDX_KIND_COMB_SUFFIX:
			case UIDX_KIND_COMB_SQLSERVER:
			case UIDX_KIND_UUID_V4:
				if (!comb_is_version4(r->value))
					abort();
				break;
			case UIDX_KIND_DISTID:
				if (distid_invalid_reason(r->value) != NULL)
					abort();
				break;
			case UIDX_KIND_PUBLIC_ID:
				break;
		}
	}
	return 0;
}
