-- ---------------------------------------------------------------------------
-- iUID regions (docs/managed.md "Regions in uidx_sql"): the region registry and the
-- helpers that make a router table's partitions, for uuid keys
-- ---------------------------------------------------------------------------
-- The C extension partitions a router by RANGE (id iuid_country_ops), an
-- operator class that uidx_sql cannot create: CREATE OPERATOR CLASS needs a
-- superuser.  The router here is partitioned by LIST on the IMMUTABLE
-- expression @extschema@.iuid_country(id) instead.  Tuple routing computes it,
-- so INSERTs land in the region of each ID's country, and a non-iUID (country
-- NULL) finds no partition.  But the planner prunes only on a condition on
-- that expression: `WHERE id = $1` alone asks every region, and a lookup must
-- also say `@extschema@.iuid_country(id) = @extschema@.iuid_country($1)`.
-- Arguments, the registry, partition names, checks and SQLSTATEs are those of
-- the C extension (docs/regions.md "Regions"); a region's foreign partition is one per
-- remote table (below).

-- The router's region registry: which foreign server holds each country
-- (NULL: the router's own database).  A country has one region, whatever
-- table is routed.  Its rows are user data: pg_dump keeps them.
CREATE TABLE @extschema@.uidx_region (
    country smallint PRIMARY KEY CHECK (country BETWEEN 0 AND 255),
    server  name
);
SELECT pg_catalog.pg_extension_config_dump('@extschema@.uidx_region', '');
GRANT SELECT ON @extschema@.uidx_region TO PUBLIC;
COMMENT ON TABLE @extschema@.uidx_region IS 'iuid country -> the foreign server of its region (NULL: this database), kept by uidx_attach_region and uidx_attach_local_region';

-- The work of uidx_attach_region and uidx_attach_local_region: checks, then
-- partitions <parent>_cNNN, FOR VALUES IN (the countries), for the countries
-- that no partition of `parent` holds yet.  A country already held by a
-- partition of the same region is skipped, so both are idempotent.
CREATE FUNCTION @extschema@.uidx_attach_countries(parent regclass, region_server name, is_local boolean,
                                                  countries integer[], remote_table text)
RETURNS SETOF regclass
LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    key_fn      regprocedure := '@extschema@.iuid_country(uuid)'::regprocedure;
    key_clause  text;
    key_column  name;
    parent_ns   name;
    parent_name name;
    remote_ns   text;
    remote_name text;
    max_bytes   integer := current_setting('max_identifier_length')::integer;
    wanted      integer[];
    todo        integer[] := '{}';
    run         integer[] := '{}';
    c           integer;
    held        record;
    p           record;
    done        boolean;
    part_name   text;
    bounds      text;
BEGIN
    IF parent IS NULL THEN
        RAISE EXCEPTION 'parent must not be null' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF countries IS NULL OR array_position(countries, NULL) IS NOT NULL THEN
        RAISE EXCEPTION 'countries must not be null nor hold a null' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF cardinality(countries) = 0 THEN
        RAISE EXCEPTION 'countries must not be empty' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    FOREACH c IN ARRAY countries LOOP
        IF c < 0 OR c > 255 THEN
            RAISE EXCEPTION 'iuid country % is out of range', c
                USING ERRCODE = 'numeric_value_out_of_range',
                      DETAIL = 'An iUID country is an integer from 0 to 255.';
        END IF;
    END LOOP;
    SELECT array_agg(DISTINCT x ORDER BY x) INTO wanted FROM unnest(countries) x;

    -- nspname, not regnamespace::name: the latter is already quoted where
    -- the name needs it, and format('%I') would quote it twice
    SELECT n.nspname, k.relname INTO parent_ns, parent_name
      FROM pg_class k JOIN pg_namespace n ON n.oid = k.relnamespace
     WHERE k.oid = parent;
    -- The one key that routes by country: LIST on iuid_country() of a uuid
    -- column, compared as the server prints it (function and column quoted
    -- and the function qualified, as this pinned search_path makes both
    -- sides print it).
    SELECT format('%I.%I', n.nspname, f.proname) INTO key_clause
      FROM pg_proc f JOIN pg_namespace n ON n.oid = f.pronamespace
     WHERE f.oid = key_fn;
    SELECT a.attname INTO key_column
      FROM pg_partitioned_table pt
      JOIN pg_attribute a ON a.attrelid = pt.partrelid
     WHERE pt.partrelid = parent AND pt.partstrat = 'l' AND pt.partnatts = 1 AND pt.partattrs[0] = 0
       AND a.attnum > 0 AND NOT a.attisdropped AND a.atttypid = 'uuid'::regtype
       AND pg_get_partkeydef(pt.partrelid) = format('LIST (%s(%I))', key_clause, a.attname);
    IF key_column IS NULL THEN
        RAISE EXCEPTION 'table "%" is not partitioned by LIST on %() of a uuid column', parent, key_clause
            USING ERRCODE = 'wrong_object_type',
                  HINT = format('Create it with PARTITION BY LIST (%s(id)).', key_clause);
    END IF;

    IF NOT is_local THEN
        IF region_server IS NULL THEN
            RAISE EXCEPTION 'server must not be null' USING ERRCODE = 'null_value_not_allowed';
        END IF;
        IF NOT EXISTS (SELECT 1 FROM pg_foreign_server s WHERE s.srvname = region_server) THEN
            RAISE EXCEPTION 'server "%" does not exist', region_server USING ERRCODE = 'undefined_object';
        END IF;
        remote_ns := parent_ns;
        remote_name := parent_name;
        IF remote_table IS NOT NULL THEN
            SELECT CASE WHEN cardinality(i) = 2 THEN i[1] ELSE parent_ns END,
                   CASE WHEN cardinality(i) <= 2 THEN i[cardinality(i)] END
              INTO remote_ns, remote_name
              FROM parse_ident(remote_table) i;
            IF remote_name IS NULL THEN
                RAISE EXCEPTION 'remote_table must be a table name, optionally schema-qualified: "%"', remote_table
                    USING ERRCODE = 'invalid_parameter_value';
            END IF;
        END IF;
    END IF;

    -- One region per country, whatever the table.
    SELECT r.country, r.server INTO held
      FROM @extschema@.uidx_region r
     WHERE r.country = ANY (wanted)
       AND CASE WHEN is_local THEN r.server IS NOT NULL ELSE r.server IS DISTINCT FROM region_server END
     ORDER BY r.country LIMIT 1;
    IF FOUND THEN
        RAISE EXCEPTION 'iuid country % already belongs to %', held.country,
                        CASE WHEN held.server IS NULL THEN 'the local region'
                             ELSE format('region "%s"', held.server) END
            USING ERRCODE = 'invalid_object_definition',
                  HINT = format('A country belongs to exactly one region: see the table %s.',
                                '@extschema@.uidx_region'::regclass);
    END IF;

    -- The countries the partitions of `parent` hold, from their bounds (a
    -- list of integers, maybe with NULL).  A country held by a partition of
    -- this region is done; one held by any other partition is a conflict.
    FOREACH c IN ARRAY wanted LOOP
        done := false;
        FOR p IN
            SELECT k.oid::regclass AS part, k.relkind, fs.srvname
              FROM pg_inherits i
              JOIN pg_class k ON k.oid = i.inhrelid
              LEFT JOIN pg_foreign_table ft ON ft.ftrelid = k.oid
              LEFT JOIN pg_foreign_server fs ON fs.oid = ft.ftserver
              CROSS JOIN LATERAL regexp_match(pg_get_expr(k.relpartbound, k.oid), '^FOR VALUES IN \((.*)\)$') m
             WHERE i.inhparent = parent AND m IS NOT NULL   -- not the DEFAULT partition
               AND c IN (SELECT btrim(v, '''')::integer FROM regexp_split_to_table(m[1], ', ') v WHERE v <> 'NULL')
             ORDER BY k.relname
        LOOP
            IF (CASE WHEN is_local THEN p.relkind <> 'f' ELSE p.srvname IS NOT DISTINCT FROM region_server END) THEN
                done := true;
            ELSE
                RAISE EXCEPTION 'iuid country % of table "%" is already held by partition "%"', c, parent, p.part
                    USING ERRCODE = 'invalid_object_definition',
                          DETAIL = CASE WHEN p.srvname IS NOT NULL
                                        THEN format('The partition is a foreign table on server "%s".', p.srvname)
                                        ELSE 'The partition is a local table.' END;
            END IF;
        END LOOP;
        IF NOT done THEN
            todo := todo || c;
        END IF;
    END LOOP;

    -- A foreign partition reads its whole remote table: two partitions on
    -- the same remote table would return its rows twice to every scan that
    -- is not pruned.  So the region's partition on that table, if there is
    -- one, is given the new countries (detached and attached again with the
    -- longer list, which only changes the catalog for a foreign table), and
    -- otherwise one partition holds them all.  Local partitions hold only
    -- their own rows: one per run of consecutive countries, as in the C
    -- extension.
    IF NOT is_local AND cardinality(todo) > 0 THEN
        SELECT k.oid::regclass AS part, m[1] AS list INTO p
          FROM pg_inherits i
          JOIN pg_class k ON k.oid = i.inhrelid
          JOIN pg_namespace kn ON kn.oid = k.relnamespace
          JOIN pg_foreign_table ft ON ft.ftrelid = k.oid
          JOIN pg_foreign_server fs ON fs.oid = ft.ftserver
          CROSS JOIN LATERAL regexp_match(pg_get_expr(k.relpartbound, k.oid), '^FOR VALUES IN \((.*)\)$') m
         WHERE i.inhparent = parent AND m IS NOT NULL AND fs.srvname = region_server
           -- postgres_fdw's defaults: the foreign table's own schema and name
           AND coalesce((SELECT substr(o, 13) FROM unnest(ft.ftoptions) o WHERE o LIKE 'schema_name=%'), kn.nspname) = remote_ns
           AND coalesce((SELECT substr(o, 12) FROM unnest(ft.ftoptions) o WHERE o LIKE 'table_name=%'), k.relname) = remote_name
         ORDER BY k.relname LIMIT 1;
        IF FOUND THEN
            EXECUTE format('ALTER TABLE %s DETACH PARTITION %s', parent, p.part);
            EXECUTE format('ALTER TABLE %s ATTACH PARTITION %s FOR VALUES IN (%s, %s)',
                           parent, p.part, p.list, array_to_string(todo, ', '));
            RETURN NEXT p.part;
            todo := '{}';
        END IF;
    END IF;
    FOREACH c IN ARRAY todo || ARRAY[NULL::integer] LOOP
        IF cardinality(run) > 0 AND (c IS NULL OR (is_local AND c <> run[cardinality(run)] + 1)) THEN
            -- the parent part shortened, at a character boundary, so that
            -- the country suffix survives the server's truncation of names
            -- to max_identifier_length bytes and names stay distinct
            part_name := parent_name;
            WHILE octet_length(part_name || '_c000') > max_bytes LOOP
                part_name := left(part_name, -1);
            END LOOP;
            part_name := part_name || '_c' || lpad(run[1]::text, 3, '0');
            IF to_regclass(format('%I.%I', parent_ns, part_name)) IS NOT NULL THEN
                RAISE EXCEPTION 'relation "%" already exists and does not hold iuid country % for "%"',
                                format('%I.%I', parent_ns, part_name), run[1], parent
                    USING ERRCODE = 'duplicate_table';
            END IF;
            bounds := format('FOR VALUES IN (%s)', array_to_string(run, ', '));
            IF is_local THEN
                -- partitioned by time (uuid order is time order for iUIDs),
                -- for uidx_create_time_partitions
                EXECUTE format('CREATE TABLE %I.%I PARTITION OF %s %s PARTITION BY RANGE (%I)',
                               parent_ns, part_name, parent, bounds, key_column);
            ELSE
                EXECUTE format('CREATE FOREIGN TABLE %I.%I PARTITION OF %s %s SERVER %I OPTIONS (schema_name %L, table_name %L)',
                               parent_ns, part_name, parent, bounds, region_server, remote_ns, remote_name);
            END IF;
            RETURN NEXT format('%I.%I', parent_ns, part_name)::regclass;
            run := '{}';
        END IF;
        IF c IS NOT NULL THEN
            run := run || c;
        END IF;
    END LOOP;
    INSERT INTO @extschema@.uidx_region (country, server)
    SELECT x, CASE WHEN is_local THEN NULL ELSE region_server END FROM unnest(wanted) x
    ON CONFLICT (country) DO NOTHING;
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_attach_countries(regclass, name, boolean, integer[], text) IS 'internal: the work of uidx_attach_region and uidx_attach_local_region';

CREATE FUNCTION @extschema@.uidx_attach_region(parent regclass, server name, countries integer[],
                                               remote_table text DEFAULT NULL)
RETURNS SETOF regclass
LANGUAGE sql VOLATILE PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp
AS $$
SELECT @extschema@.uidx_attach_countries(parent, server, false, countries, remote_table)
$$;
COMMENT ON FUNCTION @extschema@.uidx_attach_region(regclass, name, integer[], text) IS 'makes the postgres_fdw partitions of a router table (PARTITION BY LIST (iuid_country(id))) for the countries of a region, and registers them';

CREATE FUNCTION @extschema@.uidx_attach_local_region(parent regclass, countries integer[])
RETURNS SETOF regclass
LANGUAGE sql VOLATILE PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp
AS $$
SELECT @extschema@.uidx_attach_countries(parent, NULL, true, countries, NULL)
$$;
COMMENT ON FUNCTION @extschema@.uidx_attach_local_region(regclass, integer[]) IS 'makes the local partitions of a router table for the router''s own countries, each partitioned by RANGE (id) in time order, and registers them';

-- For an application tier that routes by itself.  A uuid that is not an
-- iUID is refused as the C extension's iuid type refuses it (22P02).
CREATE FUNCTION @extschema@.uidx_region_of(id uuid) RETURNS name
LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    wanted integer := @extschema@.iuid_country(id);
    result name;
BEGIN
    IF wanted IS NULL THEN
        RAISE EXCEPTION 'invalid input value for type iuid: "%"', id
            USING ERRCODE = 'invalid_text_representation',
                  DETAIL = 'An iUID has version 8, variant 10 and format version 0 (iuid_is_valid).';
    END IF;
    SELECT r.server INTO result FROM @extschema@.uidx_region r WHERE r.country = wanted;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'no region holds iuid country %', wanted
            USING ERRCODE = 'invalid_parameter_value',
                  HINT = 'Attach one with uidx_attach_region().';
    END IF;
    RETURN result;
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_region_of(uuid) IS 'the foreign server of the region that holds the iUID''s country (NULL: this database)';
