/*
 * entropy.c -- per-backend buffered CSPRNG over pg_strong_random.
 *
 * pg_strong_random costs about as much as a whole gen_random_uuid(); drawing
 * 4 KiB at a time makes randomness nearly free per ID.  The buffer belongs to
 * the process that filled it: a backend forked from a postmaster that (with
 * shared_preload_libraries) somehow drew bytes would otherwise hand out the
 * same bytes as its siblings, so the owner's pid is checked on every draw.
 * Nothing is drawn at load time.
 */
#include "uidx.h"
#include "entropy.h"

#include "miscadmin.h"

#define ENTROPY_BUFFER_SIZE 4096

static uint8 entropy_buffer[ENTROPY_BUFFER_SIZE];
static size_t entropy_used = ENTROPY_BUFFER_SIZE;	/* empty */
static int	entropy_owner_pid = 0;

static void
entropy_refill(void)
{
	if (!pg_strong_random(entropy_buffer, ENTROPY_BUFFER_SIZE))
		ereport(ERROR,
				(errcode(ERRCODE_INTERNAL_ERROR),
				 errmsg("could not generate random values")));
	entropy_used = 0;
	entropy_owner_pid = MyProcPid;
}

void
uidx_random_bytes(void *dst, size_t len)
{
	uint8	   *out = dst;

	if (unlikely(entropy_owner_pid != MyProcPid))
		entropy_used = ENTROPY_BUFFER_SIZE;
	while (len > 0)
	{
		size_t		n;

		if (entropy_used == ENTROPY_BUFFER_SIZE)
			entropy_refill();
		n = Min(len, ENTROPY_BUFFER_SIZE - entropy_used);
		memcpy(out, entropy_buffer + entropy_used, n);
		/* handed-out bytes are never handed out again, not even after a fork */
		memset(entropy_buffer + entropy_used, 0, n);
		entropy_used += n;
		out += n;
		len -= n;
	}
}

uint64
uidx_random_u64(void)
{
	uint64		v;

	uidx_random_bytes(&v, sizeof(v));
	return v;
}
