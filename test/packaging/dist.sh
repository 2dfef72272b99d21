#!/usr/bin/env bash
# The PGXN release: `make dist` builds uidx-<version>.zip from the committed
# HEAD; this checks what is in it (what a build needs and nothing else),
# validates its META.json against the PGXN Meta Spec 1.0.0, unpacks it into
# an empty directory and there builds it as an unprivileged user, installs it
# and runs `make installcheck` against a server another unprivileged user
# initdb'd (test/packaging/lib.sh); then Debian's pgxnclient installs and
# checks the same zip, offline, from the local file.  Root only.
#
#   dist.sh [PG_CONFIG]      default: pg_config (Debian's 15)
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/test/packaging/lib.sh"
pgc=${1:-${PG_CONFIG:-pg_config}}
pgc=$(command -v "$pgc") || pkg_die "no pg_config $pgc"
start=$(date +%s)
for p in unzip pgxnclient python3 sudo; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' \
    || DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$p" >&2
done

dir=$(mktemp -d /tmp/uidx-dist.XXXXXX); chmod 755 "$dir"
trap 'pkg_stop "$dir" "$pgc"; [ "${keep:-}" ] || rm -rf "$dir"' EXIT
fail() { keep=1; echo "FAIL: $*" >&2; echo "uidx packaging: kept $dir" >&2; exit 1; }

extversion=$(sed -n 's/^EXTVERSION *= *//p' "$top/Makefile")
version=$extversion.0
make -C "$top" -s dist >&2
zip=$dir/uidx-$version.zip
mv "$top/uidx-$version.zip" "$zip"
echo "dist: $(basename "$zip"), $(stat -c %s "$zip") bytes, $(unzip -Z1 "$zip" | grep -vc '/$') files"

# --- contents: only these paths; and what a build and installcheck need ---
unzip -Z1 "$zip" | grep -v '/$' >"$dir/files"
bad=$(grep -vE "^uidx-$version/(LICENSE|CHANGELOG\.md|META\.json|Makefile|README\.md|docs/[A-Za-z0-9-]+\.md|uidx\.control|src/[^/]+\.[ch]|sql/[a-z0-9_.-]+\.sql|src/sql/[a-z0-9_/.-]+\.sql|src/sql/managed/build\.sh|src/sql/assemble\.sh|test/regress/[a-z0-9_]+\.sql|expected/[a-z0-9_]+\.out|test/t/generators\.list|test/t/generators-fixtures\.sql)$" "$dir/files" || true)
[ -z "$bad" ] || fail "files the zip must not hold: $bad"
for f in LICENSE META.json Makefile README.md uidx.control src/uidx.c test/t/generators.list test/t/generators-fixtures.sql; do
  grep -qx "uidx-$version/$f" "$dir/files" || fail "the zip lacks $f"
done
for t in $(git -C "$top" ls-tree --name-only HEAD sql/ | grep '\.sql$'); do
  n=$(basename "$t" .sql)
  grep -qx "uidx-$version/expected/$n.out" "$dir/files" || fail "the zip has sql/$n.sql but no expected/$n.out"
done

# --- META.json against the PGXN Meta Spec 1.0.0 ---
unzip -q -p "$zip" "uidx-$version/META.json" >"$dir/META.json"
unzip -q -p "$zip" "uidx-$version/LICENSE" >"$dir/LICENSE"
python3 - "$dir/META.json" "$dir/LICENSE" "$dir/files" "uidx-$version" "$version" <<'PY' || fail "META.json"
import json, re, sys
meta_path, license_path, files_path, root, version = sys.argv[1:]
meta = json.load(open(meta_path))
files = {l.strip()[len(root) + 1:] for l in open(files_path)}
errors = []
semver = re.compile(r'^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(-[0-9A-Za-z-]+)?$')
licenses = {'agpl_3', 'apache_1_1', 'apache_2_0', 'artistic_1', 'artistic_2', 'bsd', 'freebsd',
            'gfdl_1_2', 'gfdl_1_3', 'gpl_1', 'gpl_2', 'gpl_3', 'lgpl_2_1', 'lgpl_3_0', 'mit',
            'mozilla_1_0', 'mozilla_1_1', 'openssl', 'perl_5', 'postgresql', 'qpl_1_0', 'ssleay',
            'sun', 'zlib', 'open_source', 'restricted', 'unrestricted', 'unknown'}
def err(m): errors.append(m)
def string(v, what):
    if not isinstance(v, str) or not v.strip(): err(f'{what}: a non-empty string is required')
known = {'name', 'abstract', 'version', 'maintainer', 'license', 'provides', 'meta-spec',
         'description', 'generated_by', 'tags', 'no_index', 'prereqs', 'release_status', 'resources'}
for k in ('name', 'abstract', 'version', 'maintainer', 'license', 'provides', 'meta-spec'):
    if k not in meta: err(f'{k}: required')
for k in meta:
    if k not in known and not k.lower().startswith('x_'): err(f'{k}: not in the spec (custom keys start with x_)')
name = meta.get('name', '')
if not isinstance(name, str) or not re.fullmatch(r'[^\s/\\\x00-\x1f]{2,}', name): err('name: invalid')
string(meta.get('abstract'), 'abstract')
if not semver.match(str(meta.get('version', ''))): err('version: not a semantic version')
if meta.get('version') != version: err(f'version: {meta.get("version")} is not Makefile EXTVERSION + .0 ({version})')
mt = meta.get('maintainer')
if not (isinstance(mt, str) and mt.strip()) and not (isinstance(mt, list) and mt and all(isinstance(x, str) and x.strip() for x in mt)):
    err('maintainer: a string or a list of strings')
if meta.get('license') not in licenses: err(f'license: {meta.get("license")!r} is not one the spec names')
lic = open(license_path).read()
if meta.get('license') == 'postgresql' and not ('PostgreSQL License' in lic and 'Permission to use, copy, modify, and distribute this software' in ' '.join(lic.split())):
    err('license: META.json says postgresql, LICENSE is not the PostgreSQL License')
provides = meta.get('provides', {})
if not isinstance(provides, dict) or not provides: err('provides: at least one extension')
for ext, p in (provides.items() if isinstance(provides, dict) else []):
    for k in p:
        if k not in ('file', 'version', 'abstract', 'docfile') and not k.lower().startswith('x_'): err(f'provides.{ext}.{k}: not in the spec')
    if not semver.match(str(p.get('version', ''))): err(f'provides.{ext}.version: not a semantic version')
    for k in ('file', 'docfile'):
        if k == 'file' or k in p:
            if p.get(k) not in files: err(f'provides.{ext}.{k}: {p.get(k)!r} is not a file of the distribution')
ms = meta.get('meta-spec', {})
if ms.get('version') != '1.0.0': err('meta-spec.version: must be 1.0.0')
if meta.get('release_status', 'stable') not in ('stable', 'testing', 'unstable'): err('release_status: stable, testing or unstable')
if 'release_status' not in meta: err('release_status: state it (stable, testing or unstable)')
tags = meta.get('tags', [])
if not isinstance(tags, list) or not all(isinstance(t, str) and 0 < len(t) <= 255 for t in tags): err('tags: a list of strings')
ni = meta.get('no_index', {})
for k, v in ni.items():
    if k not in ('file', 'directory') or not isinstance(v, list): err(f'no_index.{k}: file or directory, a list')
for phase, rels in meta.get('prereqs', {}).items():
    if phase not in ('configure', 'build', 'test', 'runtime', 'develop'): err(f'prereqs.{phase}: not a phase')
    for rel, reqs in rels.items():
        if rel not in ('requires', 'recommends', 'suggests', 'conflicts'): err(f'prereqs.{phase}.{rel}: not a relationship')
        for n, v in reqs.items():
            if v != 0 and not (isinstance(v, str) and re.fullmatch(r'((==|!=|>=|<=|>|<)\s*)?\d+\.\d+\.\d+(-\S+)?(\s*,\s*((==|!=|>=|<=|>|<)\s*)?\d+\.\d+\.\d+(-\S+)?)*', v)):
                err(f'prereqs.{phase}.{rel}.{n}: {v!r} is not a version range')
res = meta.get('resources', {})
for k, v in res.items():
    if k == 'homepage' and not (isinstance(v, str) and re.match(r'https?://', v)): err('resources.homepage: a URL')
    elif k == 'bugtracker' and not (set(v) <= {'web', 'mailto'} and v): err('resources.bugtracker: web and/or mailto')
    elif k == 'repository' and not (set(v) <= {'url', 'web', 'type'} and v): err('resources.repository: url, web, type')
    elif k not in ('homepage', 'bugtracker', 'repository') and not k.lower().startswith('x_'): err(f'resources.{k}: not in the spec')
if errors:
    print('\n'.join('META.json: ' + e for e in errors), file=sys.stderr); sys.exit(1)
print(f"META.json: valid against the PGXN Meta Spec 1.0.0 ({meta['name']} {meta['version']}, "
      f"license {meta['license']}, release_status {meta['release_status']}, "
      f"resources {', '.join(sorted(res)) or 'none'})")
PY

# --- unpacked into an empty directory: build, install, installcheck ---
pkg_users
mkdir "$dir/empty"
(cd "$dir/empty" && unzip -q "$zip")
[ "$(ls "$dir/empty")" = "uidx-$version" ] || fail "the zip does not unpack into one uidx-$version/ directory"

# --- what the zip's README promises: it says what the zip is for, and
# promises no command whose script the zip lacks; every relative link of its
# Markdown names a file inside the zip; make demo and make test say that they
# need a clone instead of failing on a missing script ---
unpacked=$dir/empty/uidx-$version
head -5 "$unpacked/README.md" | grep -q "^This is uidx's release zip" \
  || fail "the zip's README does not open with what the zip is for"
! grep -q '<!-- clone -->\|<!-- release zip:' "$unpacked/README.md" || fail "the zip's README still has the clone's part"
promised=$(awk '/^```sh$/{f=1; next} /^```$/{f=0} f' "$unpacked/README.md" \
  | grep -oE '(^|sudo )make [a-z][a-z-]*' | awk '{print $NF}' | sort -u | tr '\n' ' ')
for t in $promised; do
  case $t in install|installcheck) ;; *) fail "the zip's README shows make $t" ;; esac
done
python3 "$top/test/scripts/doc-links.py" --root "$unpacked" | sed 's/^/dist: links: /' \
  || fail "a link of the zip's Markdown names a file the zip does not hold"
for t in demo test deps; do
  rc=0; out=$(cd "$unpacked" && make -s "$t" 2>&1) || rc=$?
  [ $rc -eq 2 ] && grep -q "uidx: make $t needs a clone of the uidx repository" <<<"$out" \
    || fail "make $t in the unpacked zip: exit $rc, $out"
done
echo "dist: the zip's README says what the zip is for and shows only make, make install and make installcheck; make demo, test and deps say they need a clone"
pkg_prefix "$dir" "$pgc"
pkg_start "$dir" "$pgc"
pkg_installcheck "$dir/empty/uidx-$version" "$pgc" "$dir" || fail "make installcheck in the unpacked zip"
echo "dist: unpacked zip built, installed, installchecked (locale $(pkg_locale), as uidx_check against uidx_server) after $(( $(date +%s) - start ))s"

# --- pgxnclient, offline, from the local file, as docs/upgrades.md "From PGXN
# or the release zip" shows it: its block, run as the unprivileged uidx_check
# in a directory of its own holding the zip, with sudo allowed to it for this
# test only.  pg_config on its PATH is the private server copy's, which
# reports the copy's directories (owned by root), so `pgxn install` builds
# as uidx_check and installs through sudo; `pgxn check` runs make
# installcheck in a fresh unpack.  Without --sudo the same install fails. ---
copy_bin=$dir/root$("$pgc" --bindir)
copy_pgc=$copy_bin/pg_config
# what make install put there above goes: pgxn must install it again
rm -f "$dir/root$("$pgc" --pkglibdir)/uidx.so" "$dir/root$("$pgc" --sharedir)"/extension/uidx[-.]*
# pgxn refuses to install unless pg_config's libdir exists (Debian's is
# /usr/lib/<triplet>, not in the copy)
mkdir -p "$dir/root$("$pgc" --libdir)"
block=$(python3 "$top/test/packaging/doc-block.py" "$top/docs/upgrades.md" test/packaging/dist.sh "$version")
grep -q "pgxn install --sudo sudo ./uidx-$version.zip" <<<"$block" || fail "docs/upgrades.md shows no pgxn install --sudo sudo ./uidx-$version.zip"
mkdir "$dir/pgxn"; cp "$zip" "$dir/pgxn/"; chown -R uidx_check: "$dir/pgxn"
sudoers=/etc/sudoers.d/uidx-packaging-test
trap 'rm -f "$sudoers"; pkg_stop "$dir" "$pgc"; [ "${keep:-}" ] || rm -rf "$dir"' EXIT
as_check() {
  runuser -u uidx_check -- env -i HOME="$dir/pgxn" PATH="$copy_bin:/usr/bin:/bin" LANG=C.UTF-8 \
    PGHOST="$PGHOST" PGPORT="$PGPORT" PGUSER="$PGUSER" bash -euo pipefail -c "cd '$dir/pgxn' && $1"
}
rc=0; as_check "pgxn install ./uidx-$version.zip" >"$dir/pgxn-nosudo.log" 2>&1 || rc=$?
[ $rc -ne 0 ] && grep -q 'not writable' "$dir/pgxn-nosudo.log" \
  || { tail -20 "$dir/pgxn-nosudo.log" >&2; fail "pgxn install without --sudo as uidx_check: exit $rc, expected 'not writable'"; }
echo "pgxn install without --sudo as an unprivileged user: $(grep -o 'ERROR: .*not writable.*' "$dir/pgxn-nosudo.log" | head -1)"
echo 'uidx_check ALL=(root) NOPASSWD: ALL' >"$sudoers"; chmod 440 "$sudoers"
as_check "$block" >"$dir/pgxn.log" 2>&1 || { tail -60 "$dir/pgxn.log" >&2; fail "docs/upgrades.md's pgxn commands as uidx_check"; }
rm -f "$sudoers"
[ -f "$dir/root$("$pgc" --pkglibdir)/uidx.so" ] || fail "pgxn install --sudo sudo installed no uidx.so into the server"
grep -E 'tests passed|All [0-9]+ tests' "$dir/pgxn.log" | tail -1 | sed "s/^/pgxn ($(pgxn --version)) install --sudo sudo, check as uidx_check: /"
# with no server to reach (as without PGHOST where none listens on libpq's
# default socket) `pgxn check` fails with the Makefile's message and copies no
# empty regression.out or regression.diffs into the directory it runs in
mkdir "$dir/nohost"
rc=0
(cd "$dir/nohost" && env -u PGPORT -u PGUSER PGHOST="$dir/nohost" \
   pgxn check --pg_config "$copy_pgc" "$zip") >"$dir/pgxn-nohost.log" 2>&1 || rc=$?
[ $rc -ne 0 ] || fail "pgxn check without a server succeeded"
grep -q 'uidx: make installcheck cannot connect to the server' "$dir/pgxn-nohost.log" \
  || { tail -20 "$dir/pgxn-nohost.log" >&2; fail "pgxn check without a server: no uidx message"; }
left=$(ls -A "$dir/nohost")
[ -z "$left" ] || fail "pgxn check without a server left files in its directory: $left"
echo "pgxn check without a server: fails with uidx's message, leaves nothing"
echo "dist ($(basename "$zip"), $("$pgc" --version)): pass after $(( $(date +%s) - start ))s"
