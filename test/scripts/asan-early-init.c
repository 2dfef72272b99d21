/*
 * Preloaded (with -z initfirst) beside the ASan runtime for `make asan-check`.
 *
 * A preloaded libasan is initialised after the constructors of the server's
 * own libraries; libp11-kit's constructor (via libldap -> gnutls) then calls
 * into an uninitialised ASan while holding glibc's gettext lock and the server
 * deadlocks before main().  Initialising ASan first, from an initfirst
 * library, avoids that.
 */
extern void __asan_init(void);

__attribute__((constructor)) static void
asan_early_init(void)
{
	__asan_init();
}
