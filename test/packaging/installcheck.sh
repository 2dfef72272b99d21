#!/usr/bin/env bash
# `make installcheck` as users run it: the tree (its tracked files, as a fresh
# clone has them) built by an unprivileged OS user, installed, and tested by
# that user against a server that another unprivileged OS user initdb'd with
# its defaults and a non-C locale (UIDX_LOCALE, default en_US.UTF-8).  The
# server cannot write into the tree, so a test that needs server-side file
# access in the checkout fails here.  Root only; see test/packaging/lib.sh.
#
#   installcheck.sh [PG_CONFIG]      default: pg_config (Debian's 15)
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/test/packaging/lib.sh"
pgc=${1:-${PG_CONFIG:-pg_config}}
pgc=$(command -v "$pgc") || pkg_die "no pg_config $pgc"
start=$(date +%s)

dir=$(mktemp -d /tmp/uidx-installcheck.XXXXXX); chmod 755 "$dir"
trap 'pkg_stop "$dir" "$pgc"; [ "${keep:-}" ] || rm -rf "$dir"' EXIT
pkg_users
mkdir "$dir/tree"
# tracked files with their working-tree contents: no build products, no caches
(cd "$top" && git ls-files -z --cached | xargs -0 -I{} sh -c '[ -e "$1" ] && printf "%s\0" "$1"' _ {} \
   | cpio -0pdm --quiet "$dir/tree")
pkg_prefix "$dir" "$pgc"
pkg_start "$dir" "$pgc"
rc=0; pkg_installcheck "$dir/tree" "$pgc" "$dir" || rc=$?
[ $rc -eq 0 ] || { keep=1; echo "uidx packaging: kept $dir" >&2; }
echo "installcheck ($("$pgc" --version), locale $(pkg_locale), as uidx_check against uidx_server): exit $rc after $(( $(date +%s) - start ))s"
exit $rc
