# Shared by the scripts under test/packaging/ (sourced, not run).  They test
# uidx the way users get it: built and installed by PGXS as a DBA does, then
# `make installcheck` against a server that runs as ANOTHER unprivileged OS
# user, with initdb's defaults and a non-C locale.  They need root (to create
# the two OS users and to install), never touch the system's PostgreSQL
# install or its clusters: the server is a private copy (hard links) of the
# one PG_CONFIG names, as in test/scripts/sandbox.sh.
#
#   pkg_users                 creates uidx_server (owns the cluster) and
#                             uidx_check (owns the source tree, runs the
#                             tests), both without privileges
#   pkg_locale                prints the locale to initdb with (UIDX_LOCALE,
#                             default en_US.UTF-8, generated when missing;
#                             its charset gives the database encoding:
#                             en_US.ISO-8859-1 makes a LATIN1 server)
#   pkg_prefix DIR PG_CONFIG  the private copy of the server under DIR/root
#   pkg_start DIR PG_CONFIG   initdb + start as uidx_server in DIR; exports
#                             PGHOST PGPORT PGUSER for clients
#   pkg_stop DIR PG_CONFIG    stops it (no error when it is not running)
#   pkg_installcheck TREE PG_CONFIG DIR
#                             make; make install DESTDIR=DIR/root; make
#                             installcheck as uidx_check; prints the summary
#                             (UIDX_TESTS="iuid comb": only these tests)

pkg_die() { echo "uidx packaging: $*" >&2; exit 1; }

[ "$(id -u)" -eq 0 ] || pkg_die "run as root (creates OS users, installs into a private server copy)"

pkg_users() {
  local u
  for u in uidx_server uidx_check; do
    id "$u" >/dev/null 2>&1 || useradd --system --user-group --no-create-home \
      --home-dir /nonexistent --shell /usr/sbin/nologin "$u"
  done
}

pkg_locale() {
  local loc=${UIDX_LOCALE:-en_US.UTF-8} norm cs=UTF-8
  # locale -a spells the charset in lower case without punctuation
  norm=$(printf '%s' "$loc" | tr 'A-Z' 'a-z')
  case "$loc" in
    *.*) cs=${loc#*.}; norm=${norm%%.*}.$(printf '%s' "$cs" | tr 'A-Z' 'a-z' | tr -cd 'a-z0-9')
         case $norm in *.utf8) cs=UTF-8 ;; esac ;;
  esac
  if ! locale -a 2>/dev/null | tr 'A-Z' 'a-z' | grep -qx "$norm"; then
    case "$loc" in
      C.UTF-8|C.utf8) pkg_die "locale $loc is missing (libc-bin ships it)" ;;
    esac
    if ! command -v locale-gen >/dev/null; then
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends locales >&2
    fi
    grep -qx "$loc $cs" /etc/locale.gen 2>/dev/null || echo "$loc $cs" >>/etc/locale.gen
    locale-gen >&2
  fi
  echo "$loc"
}

pkg_link_tree() {  # hard links where possible (fast, no space), copies otherwise
  mkdir -p "$(dirname "$2")"
  cp -al "$1" "$2" 2>/dev/null || { rm -rf "$2"; cp -a "$1" "$2"; }
}

# The server's bin, lib, share AND include directories: with all four, the
# copy's own pg_config reports the copy's directories (PostgreSQL relocates
# them relative to its binary), so PGXS can build and install against it.
pkg_prefix() {
  local dir=$1 pgc=$2 d
  rm -rf "$dir/root"
  for d in "$(dirname "$("$pgc" --bindir)")" "$("$pgc" --pkglibdir)" "$("$pgc" --sharedir)" \
           "$("$pgc" --includedir)" "$("$pgc" --pkgincludedir)"; do
    [ -d "$dir/root$d" ] || pkg_link_tree "$d" "$dir/root$d"
  done
}

pkg_start() {
  local dir=$1 pgc=$2 loc bin
  loc=$(pkg_locale)
  bin=$dir/root$("$pgc" --bindir)
  mkdir -p "$dir/data" "$dir/sock"; chmod 755 "$dir"
  chown uidx_server: "$dir/data" "$dir/sock"
  # initdb's defaults: only the environment's locale, as a user's shell has it
  runuser -u uidx_server -- env -i PATH=/usr/bin:/bin LANG="$loc" \
    "$bin/initdb" -D "$dir/data" >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; return 1; }
  runuser -u uidx_server -- env -i PATH=/usr/bin:/bin LANG="$loc" \
    "$bin/pg_ctl" -D "$dir/data" -l "$dir/data/server.log" -w \
    -o "-c listen_addresses='' -k $dir/sock -p 5432" start >/dev/null \
    || { cat "$dir/data/server.log" >&2; return 1; }
  export PGHOST=$dir/sock PGPORT=5432 PGUSER=uidx_server
  echo "uidx packaging: server $("$bin/postgres" --version) as uidx_server, $(psql -d postgres -XAtc "SELECT 'encoding ' || pg_encoding_to_char(encoding) || ', collate ' || datcollate || ', ctype ' || datctype FROM pg_database WHERE datname = 'template1'")"
}

pkg_stop() {
  local dir=$1 pgc=$2
  [ -f "$dir/data/postmaster.pid" ] || return 0
  runuser -u uidx_server -- "$dir/root$("$pgc" --bindir)/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null || true
}

pkg_installcheck() {
  local tree=$1 pgc=$2 dir=$3 rc=0
  chown -R uidx_check: "$tree"
  runuser -u uidx_check -- make -C "$tree" -s PG_CONFIG="$pgc" >"$dir/build.log" 2>&1 \
    || { cat "$dir/build.log" >&2; return 1; }
  make -C "$tree" -s PG_CONFIG="$pgc" install DESTDIR="$dir/root" >>"$dir/build.log" 2>&1 \
    || { cat "$dir/build.log" >&2; return 1; }
  # the server must not be able to write into the tree (it runs as uidx_server)
  chmod -R go-w "$tree"
  runuser -u uidx_check -- env PGHOST="$PGHOST" PGPORT="$PGPORT" PGUSER="$PGUSER" \
    PATH=/usr/bin:/bin LANG="$(pkg_locale)" \
    make -C "$tree" PG_CONFIG="$pgc" installcheck ${UIDX_TESTS:+REGRESS="$UIDX_TESTS"} >"$dir/installcheck.log" 2>&1 || rc=$?
  grep -E '^(#|ok|not ok)|tests (passed|failed)|All [0-9]+ tests' "$dir/installcheck.log" | tail -3
  if [ $rc -ne 0 ]; then
    tail -40 "$dir/installcheck.log" >&2
    [ -f "$tree/regression.diffs" ] && head -150 "$tree/regression.diffs" >&2
  fi
  return $rc
}
