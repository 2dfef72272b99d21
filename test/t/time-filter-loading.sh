#!/usr/bin/env bash
# Runs the TAP test test/tap/time_filter_loading.pl (its own cluster on
# PostgreSQL::Test::Cluster, with this tree installed: run inside the sandbox's
# prefix by run-tests.sh).  Its files live in a temporary directory, never in
# the checkout.  Skipped (77) when the server's TAP modules are missing.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
perl_lib=$(pg_config --pkglibdir)/pgxs/src/test/perl
if [ ! -f "$perl_lib/PostgreSQL/Test/Cluster.pm" ] || ! perl -MIPC::Run -e1 2>/dev/null; then
  echo "skip: PostgreSQL::Test::Cluster or IPC::Run is not installed"
  exit 77
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# initdb refuses to run as root: the cluster is then the postgres user's
as_server=()
if [ "$(id -u)" -eq 0 ]; then
  chown postgres "$work"
  as_server=(runuser -u postgres --)
fi
cd "$work"
"${as_server[@]}" env PATH="$PATH" TESTDIR="$work" \
  PG_REGRESS="$(pg_config --pkglibdir)/pgxs/src/test/regress/pg_regress" \
  prove -I "$perl_lib" "$top/test/tap/time_filter_loading.pl"
