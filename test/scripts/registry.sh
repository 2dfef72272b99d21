# Sourced: registry_lines prints the lines of test/t/generators.list that
# apply to the server psql reaches (servers "all", or "<18" below 18), as
# function|expression|type|order|random bits|parallel.
registry_lines() {
  local v
  v=$(psql -X -qAt -d postgres -c "SHOW server_version_num")
  grep -vE '^\s*(#|$)' "$(dirname "${BASH_SOURCE[0]}")/../t/generators.list" |
    awk -F'|' -v v="$v" '$7 == "all" || ($7 == "<18" && v < 180000) { print $1 "|" $2 "|" $3 "|" $4 "|" $5 "|" $6 }'
}
