# Sourced by tests that must prove a database's user data unchanged (dump and
# restore, extension upgrade).  fingerprint DB prints:
#   one line per table: name, row count, md5 of its rows in a fixed order;
#   and one line per partition with its bound
fingerprint() {
  local t user_schemas="n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast')"
  # names may hold spaces and quotes ("luuid app"."Order Items"): one per line
  psql -X -qAt -d "$1" -c "
      SELECT c.oid::regclass FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE $user_schemas AND c.relkind IN ('r', 'p') ORDER BY c.oid::regclass::text" |
  while IFS= read -r t; do
    psql -X -qAt -v ON_ERROR_STOP=1 -d "$1" -c "
      SELECT \$n\$$t \$n\$ || count(*) || ' ' || md5(coalesce(string_agg(x::text, E'\\n' ORDER BY x::text), ''))
      FROM $t x"
  done
  psql -X -qAt -d "$1" -c "
      SELECT c.oid::regclass FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE $user_schemas AND c.relkind = 'S' ORDER BY c.oid::regclass::text" |
  while IFS= read -r t; do
    psql -X -qAt -v ON_ERROR_STOP=1 -d "$1" -c "SELECT \$n\$sequence $t \$n\$ || last_value || ' ' || is_called FROM $t"
  done
  psql -X -qAt -d "$1" -c "
    SELECT 'partition ' || c.oid::regclass || ' ' || pg_get_expr(c.relpartbound, c.oid)
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE $user_schemas AND c.relispartition AND c.relkind IN ('r', 'p') ORDER BY 1"
}

