#!/usr/bin/env bash
# The dependency direction of src/ (docs/internals.md "Architecture"):
# every file belongs to one layer, includes headers of its own layer or
# below only, and the includes between files (X.c and X.h are one node)
# have no cycle.  With the objects built (make test builds them), the same
# holds for the symbols each object takes from another.  No server needed.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top/src"

layer_of() {
  case $1 in
    layout|compat|uidx|codec|bytes16|clock|entropy) echo 1 ;;              # core
    iuid|comb|distid|alnum|public_id|luuid|uuidv7|inspect) echo 2 ;;       # families
    time_*) echo 3 ;;                                                     # planner
    module) echo 4 ;;                                                     # _PG_init
    *) echo 0 ;;
  esac
}
names=(- core families planner module)
fail=0
edges=$(mktemp); trap 'rm -f "$edges"' EXIT

for f in *.c *.h; do
  m=${f%.*}
  [ "$(layer_of "$m")" != 0 ] || { echo "src/$f: in no layer (add it to test/t/layers.sh and docs/internals.md)"; fail=1; continue; }
  for d in $(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"/]*\)\.h".*/\1/p' "$f"); do
    [ -f "$d.h" ] || continue            # a server header
    [ "$d" != "$m" ] || continue
    echo "$m $d" >>"$edges"
    if [ "$(layer_of "$d")" -gt "$(layer_of "$m")" ]; then
      echo "src/$f includes $d.h: ${names[$(layer_of "$m")]} may not include ${names[$(layer_of "$d")]}"
      fail=1
    fi
  done
done
if ! tsort "$edges" >/dev/null 2>"$edges.loop"; then
  echo "include cycle in src/ (tsort):"; sed 's/^tsort: /  /' "$edges.loop"; fail=1
fi
rm -f "$edges.loop"

# the symbols of the built objects, where they are all there and current
objs_current=1
for c in *.c; do
  o=${c%.c}.o
  if [ ! -f "$o" ] || [ "$c" -nt "$o" ]; then objs_current=0; fi
done
if [ $objs_current = 1 ]; then
  defs=$(mktemp); undefs=$(mktemp)
  for o in *.o; do nm --defined-only -g "$o" | awk -v m="${o%.o}" 'NF == 3 {print $3, m}'; done | sort -u >"$defs"
  for o in *.o; do nm -u "$o" | awk -v m="${o%.o}" '{print $2, m}'; done | sort >"$undefs"
  while read -r sym user definer; do
    [ "$user" != "$definer" ] || continue
    if [ "$(layer_of "$definer")" -gt "$(layer_of "$user")" ]; then
      echo "src/$user.o calls $sym of $definer.o: ${names[$(layer_of "$user")]} may not call ${names[$(layer_of "$definer")]}"
      fail=1
    fi
  done < <(join "$undefs" "$defs")
  rm -f "$defs" "$undefs"
else
  echo "objects not built or stale: symbols not checked"
fi

[ $fail = 0 ] && echo "src/: $(ls *.c *.h | wc -l) files in 4 layers, includes acyclic and downward"
exit $fail
