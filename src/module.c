/*
 * module.c -- the module: its magic block (UIDX_MODULE_MAGIC, compat.h)
 * and _PG_init, the top of the dependency order (docs/internals.md "Architecture").  It may include any
 * header of src/; no other file includes anything of it.
 *
 * _PG_init only defines settings and installs the planner hooks of
 * time_prune.c and time_index.c.  With shared_preload_libraries it runs in
 * the postmaster, before any backend is forked, so it must not draw
 * randomness or create generator state that children would inherit.
 */
#include "uidx.h"
#include "clock.h"
#include "iuid.h"
#include "public_id.h"
#include "time_index.h"

#include "utils/guc.h"

#ifndef UIDX_VERSION
#error "UIDX_VERSION is not defined: build with the Makefile (PG_CPPFLAGS)"
#endif

UIDX_MODULE_MAGIC;

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
