/*
 * inspect.h -- the pure format detection behind uidx_inspect().
 */
#ifndef UIDX_INSPECT_H
#define UIDX_INSPECT_H

#include "uidx.h"

typedef enum UidxKind
{
	UIDX_KIND_IUID,
	UIDX_KIND_UUIDV7,
	UIDX_KIND_DISTID128,
	UIDX_KIND_LUUID,
	UIDX_KIND_COMB_PREFIX,
	UIDX_KIND_COMB_SUFFIX,
	UIDX_KIND_COMB_SQLSERVER,
	UIDX_KIND_DISTID,
	UIDX_KIND_UUID_V4,
	UIDX_KIND_PUBLIC_ID
} UidxKind;

/* How the text spelled the value. */
typedef enum UidxForm
{
	UIDX_FORM_UUID,				/* hex, as uuid_in takes it */
	UIDX_FORM_DECIMAL,			/* up to 28 digits (DistributedId) */
	UIDX_FORM_ALNUM16,			/* DistributedId, FORMATS.md §A3 */
	UIDX_FORM_ALNUM22			/* a 128-bit value, FORMATS.md §A3 */
} UidxForm;

typedef struct UidxReading
{
	UidxKind	kind;
	UidxForm	form;
	int			score;			/* higher is more likely; only the order matters */
	uint8_t		value[UIDX_LEN];	/* the 16 bytes, as the kind's type stores them */
	bool		has_time;
	int64_t		unix_ms;
} UidxReading;

#define UIDX_MAX_READINGS 10

/* Text longer than this is never an ID; it is not looked at further. */
#define UIDX_INSPECT_MAX_TEXT 64

/*
 * Every plausible reading of `text`, most likely first; returns how many
 * (0 for garbage).  now_unix_ms bounds plausible embedded times: from
 * 1990-01-01 to a day after now.
 */
extern int	uidx_inspect_text(const char *text, size_t len, int64_t now_unix_ms,
							  UidxReading out[UIDX_MAX_READINGS]);

extern const char *uidx_kind_name(UidxKind kind);
extern const char *uidx_form_name(UidxForm form);

#endif							/* UIDX_INSPECT_H */
