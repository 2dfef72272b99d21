#!/usr/bin/env bash
# The growth section's plots, made with gnuplot from the CSV the run wrote
# (test/bench/run.sh); can be run again on any such CSV.
#
#   growth-plot.sh CSV PREFIX [SUBTITLE]
#
# writes PREFIX.png (insert rate and WAL per row, the picture of the README's
# Performance section), PREFIX-rate.png, PREFIX-wal.png and PREFIX-lookup.png
# (lookup p99): one line per key, table size on a logarithmic x axis.
set -euo pipefail
csv=$1 prefix=$2 subtitle=${3:-}
here=$(cd "$(dirname "$0")" && pwd)

# The keys in CSV order and their labels, as gnuplot word lists (labels
# may hold commas and spaces, so they are read with a CSV parser, not by
# gnuplot)
lists=$(python3 - "$csv" <<'PY'
import csv, sys
seen = {}
with open(sys.argv[1], newline='') as f:
    for row in csv.DictReader(f):
        seen.setdefault(row['key'], row['label'])
def words(items):
    return ' '.join('"' + i.replace('"', '') + '"' for i in items)
# the baselines keep their colour whatever else runs: the sequential key
# black, v4 red, bigserial grey, pg_uuidv7 brown
fixed = {'seq': '#000000', 'v4': '#d62728', 'bigserial': '#888888', 'pg_uuidv7': '#8c564b'}
others = iter(['#1f77b4', '#2ca02c', '#ff7f0e', '#9467bd', '#17becf', '#e377c2', '#bcbd22', '#393b79'] * 4)
print(words(seen))
print(words(seen.values()))
print(' '.join(fixed.get(k) or next(others) for k in seen))
PY
)
keys=$(sed -n 1p <<<"$lists")
titles=$(sed -n 2p <<<"$lists")
colours=$(sed -n 3p <<<"$lists")
[ -n "$keys" ] || { echo "growth-plot: no rows in $csv" >&2; exit 1; }

gp() {  # output panel
  gnuplot -e "csv='$csv'; out='$1'; panel='$2'; subtitle='${subtitle//\'/\'\'}'; keys='$keys'; titles='$titles'; colours='$colours'" \
    "$here/growth.gp"
}
gp "$prefix.png" both
gp "$prefix-rate.png" rate
gp "$prefix-wal.png" wal
gp "$prefix-lookup.png" lookup
echo "growth: plots $prefix.png, $prefix-rate.png, $prefix-wal.png, $prefix-lookup.png"
