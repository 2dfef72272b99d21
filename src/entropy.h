/*
 * entropy.h -- random bytes from pg_strong_random, buffered per backend (entropy.c)
 */
#ifndef UIDX_ENTROPY_H
#define UIDX_ENTROPY_H

#include "uidx.h"

/* server side only: the fuzz harnesses build the pure cores without it */
#ifndef UIDX_NO_POSTGRES

extern void uidx_random_bytes(void *dst, size_t len);
extern uint64 uidx_random_u64(void);

#endif							/* UIDX_NO_POSTGRES */
#endif							/* UIDX_ENTROPY_H */
