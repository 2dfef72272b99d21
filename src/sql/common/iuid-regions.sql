-- The region helpers, in both editions (src/sql/assemble.sh).  The C extension
-- partitions a router by RANGE (id iuid_country_ops); uidx_sql, which cannot
-- create an operator class, by LIST (iuid_country(id)) (docs/managed.md
-- "Regions in uidx_sql").  What reads or writes partition bounds differs by
-- edition; the checks, the registry, the names and the SQLSTATEs do not.

-- The registry as the catalog has it now: each row with the server its
-- partition is on (NULL for a local one; the recorded name for a row without
-- a partition, as 1.2 left them) and whether that partition still exists.
-- Rows follow partitions by OID, so a renamed server or partition changes
-- nothing here; pg_dump writes `part` as a name and a restore reads it back
-- as the new OID (docs/regions.md).
CREATE FUNCTION @extschema@.uidx_region_current(OUT country smallint, OUT server name, OUT part regclass,
                                                OUT recorded_server name, OUT live boolean)
RETURNS SETOF record
LANGUAGE sql STABLE PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$
SELECT g.country, CASE WHEN g.part IS NULL THEN g.server ELSE fs.srvname END, g.part, g.server,
       g.part IS NULL OR k.oid IS NOT NULL
  FROM @extschema@.uidx_region g
  LEFT JOIN pg_class k ON k.oid = g.part
  LEFT JOIN pg_foreign_table ft ON ft.ftrelid = k.oid
  LEFT JOIN pg_foreign_server fs ON fs.oid = ft.ftserver
$$;
COMMENT ON FUNCTION @extschema@.uidx_region_current() IS 'internal: the region registry with each row''s server as its partition is on now';

-- Takes the region helpers' lock until the transaction ends: SHARE ROW
-- EXCLUSIVE on the registry itself.  A role that may only read the registry
-- takes ACCESS SHARE at most, and an advisory lock is no lock on it, so
-- neither holds the helpers up.  A role that may write the registry can, and
-- so can the database owner, whom PostgreSQL lets ANALYZE (and VACUUM) every
-- table of its database: an ANALYZE in an open transaction holds SHARE
-- UPDATE EXCLUSIVE until it ends.  So the wait is bounded as the partition
-- helpers' are, by lock_timeout or, where that is 0, uidx_ddl_lock_wait()
-- (docs/security.md "locks"); the caller's lock_timeout is given back.
CREATE FUNCTION @extschema@.uidx_region_lock() RETURNS void
LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    caller_timeout constant text := current_setting('lock_timeout');
    wait           constant text := @extschema@.uidx_ddl_lock_wait();
BEGIN
    PERFORM set_config('lock_timeout', wait, true);
    LOCK TABLE @extschema@.uidx_region IN SHARE ROW EXCLUSIVE MODE;
    PERFORM set_config('lock_timeout', caller_timeout, true);
EXCEPTION WHEN lock_not_available THEN
    RAISE EXCEPTION 'could not lock the region registry % within lock_timeout (%)',
                    '@extschema@.uidx_region'::regclass, wait
        USING ERRCODE = 'lock_not_available',
              DETAIL = 'Another transaction holds a lock on it: one that writes the registry, or an ANALYZE or VACUUM of it.',
              HINT = 'pg_locks shows who holds it.  Retry when it has ended, or raise lock_timeout (docs/regions.md).';
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_region_lock() IS 'internal: the region helpers'' lock on the registry';

-- Compares the registry with the catalog and returns the rows that differ:
-- a partition that is gone (dropped with its server, its router or alone),
-- a row that records no partition, or a server renamed since.  With repair,
-- it also mends them: a row whose partition is gone points to another
-- partition that holds its country (another router's), or is deleted; a
-- row without one gets the partition that holds its country on its server;
-- a renamed server's new name is written.  action says what was done.  In
-- uidx_sql, where no event trigger follows the catalog, run it after DROP
-- SERVER, DROP TABLE of a router or partition, and ALTER SERVER ... RENAME
-- (docs/managed.md "Regions in uidx_sql"), and in the C extension too, which
-- has no event trigger either (docs/security.md).  Repair adopts only a
-- partition that its owner, and its router's, could have registered
-- themselves (INSERT and UPDATE on the registry): a table of a role that may
-- only read the registry is never written into it.  Run under the region
-- helpers' lock.
CREATE FUNCTION @extschema@.uidx_region_check(repair boolean DEFAULT false)
RETURNS TABLE (country smallint, server name, part regclass, problem text, action text)
LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    r    record;
    h    record;
BEGIN
    IF repair IS NULL THEN
        RAISE EXCEPTION 'repair must not be null' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF repair THEN
        PERFORM @extschema@.uidx_region_lock();
    END IF;
    FOR r IN SELECT c.* FROM @extschema@.uidx_region_current() c
              WHERE c.part IS NULL OR NOT c.live OR c.server IS DISTINCT FROM c.recorded_server
              ORDER BY c.country
    LOOP
        country := r.country;
        server := r.recorded_server;
        part := r.part;
        action := NULL;
        IF r.part IS NOT NULL AND r.live THEN
            problem := format('server renamed to "%s"', r.server);
            IF repair THEN
                UPDATE @extschema@.uidx_region g SET server = r.server WHERE g.country = r.country;
                action := 'renamed';
            END IF;
        ELSE
            problem := CASE WHEN r.part IS NULL THEN 'no partition recorded' ELSE 'partition dropped' END;
            -- one region per country: any partition that holds it is in it,
            -- but a row without a partition is matched by its server's name
            SELECT p.part, p.server INTO h
              FROM @extschema@.uidx_region_partitions() p
              JOIN pg_class k ON k.oid = p.part
              JOIN pg_class rk ON rk.oid = p.router
             WHERE p.country = r.country
               AND (r.part IS NOT NULL OR p.server IS NOT DISTINCT FROM r.recorded_server)
               AND has_table_privilege(k.relowner, '@extschema@.uidx_region'::regclass, 'INSERT')
               AND has_table_privilege(k.relowner, '@extschema@.uidx_region'::regclass, 'UPDATE')
               AND has_table_privilege(rk.relowner, '@extschema@.uidx_region'::regclass, 'INSERT')
               AND has_table_privilege(rk.relowner, '@extschema@.uidx_region'::regclass, 'UPDATE')
             ORDER BY p.part::text LIMIT 1;
            IF repair AND FOUND THEN
                UPDATE @extschema@.uidx_region g SET part = h.part, server = h.server WHERE g.country = r.country;
                action := format('now partition %s', h.part);
            ELSIF repair THEN
                DELETE FROM @extschema@.uidx_region g WHERE g.country = r.country;
                action := 'deleted';
            END IF;
        END IF;
        RETURN NEXT;
    END LOOP;
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_region_check(boolean) IS 'reports, and with repair mends, the region registry rows that differ from the catalog (dropped partitions or servers, renamed servers)';

-- The work of uidx_attach_region and uidx_attach_local_region: checks, then
-- partitions <parent>_cNNN for the countries that no partition of `parent`
-- holds yet: one per run of consecutive countries (in uidx_sql a region's
-- foreign partition holds all its countries, FOR VALUES IN the list).  A
-- country already held by a partition of the same region is skipped, so both
-- are idempotent.
CREATE FUNCTION @extschema@.uidx_attach_countries(parent regclass, region_server name, is_local boolean,
                                                  countries integer[], remote_table text)
RETURNS SETOF regclass
LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
--@if uidx
    ext_ns      oid;
    key_opclass oid;
--@else
    key_fn      regprocedure := '@extschema@.iuid_country(uuid)'::regprocedure;
    key_clause  text;
--@endif
    key_column  name;
    caller_timeout constant text := current_setting('lock_timeout');
    parent_ns   name;
    parent_name name;
    remote_ns   text;
    remote_name text;
    wanted      integer[];
    todo        integer[] := '{}';
    c           integer;
    held        record;
    p           record;
    done        boolean;
    part_name   text;
    bounds      text;
--@if uidx
    lb          @extschema@.iuid;
    ub          @extschema@.iuid;   -- NULL: above every iuid
    lo          @extschema@.iuid;   -- NULL: MINVALUE
    hi          @extschema@.iuid;   -- NULL: MAXVALUE
    run_first   integer;
    run_last    integer;
    merged      integer[];
    replaced    regclass[] := '{}';
    detached    regclass;
--@else
    run         integer[] := '{}';
--@endif
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
--@if uidx
    SELECT e.extnamespace INTO ext_ns FROM pg_extension e WHERE e.extname = 'uidx';
    SELECT pt.partclass[0], a.attname, n.nspname, k.relname
      INTO key_opclass, key_column, parent_ns, parent_name
      FROM pg_class k
      JOIN pg_namespace n ON n.oid = k.relnamespace
      LEFT JOIN pg_partitioned_table pt
             ON pt.partrelid = k.oid AND pt.partstrat = 'r' AND pt.partnatts = 1
      LEFT JOIN pg_attribute a ON a.attrelid = pt.partrelid AND a.attnum = pt.partattrs[0]
     WHERE k.oid = parent;
    IF key_column IS NULL OR key_opclass IS DISTINCT FROM
           (SELECT o.oid FROM pg_opclass o JOIN pg_am am ON am.oid = o.opcmethod
             WHERE o.opcname = 'iuid_country_ops' AND am.amname = 'btree'
               AND o.opcnamespace = ext_ns) THEN
        RAISE EXCEPTION 'table "%" is not partitioned by RANGE on an iuid column with iuid_country_ops', parent
            USING ERRCODE = 'wrong_object_type',
                  HINT = 'Create it with PARTITION BY RANGE (id iuid_country_ops).';
    END IF;
--@else
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
--@endif

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

    -- One call at a time in the database, until the caller's transaction
    -- ends: two concurrent calls would each miss the other's uncommitted
    -- registry rows and partitions, and could give one country to two
    -- regions, or make two partitions that read one remote table (README
    -- "Regions").  In READ COMMITTED the second call waits, then reads what
    -- the first made, as if it had come after it.  In REPEATABLE READ and
    -- SERIALIZABLE every check would read the transaction's snapshot, taken
    -- before that commit (or another's, made before this call), so the call
    -- is refused there, whether or not another runs (docs/regions.md).  The
    -- lock is the registry's own (uidx_region_lock), which no role that may
    -- only read the registry can block.  The router is then locked
    -- SHARE UPDATE EXCLUSIVE, which also makes this backend read the catalog
    -- changes the other call committed (its names, for to_regclass).
    IF current_setting('transaction_isolation') <> 'read committed' THEN
        RAISE EXCEPTION 'uidx_attach_region and uidx_attach_local_region cannot run in a % transaction',
                        upper(current_setting('transaction_isolation'))
            USING ERRCODE = 'invalid_transaction_state',
                  DETAIL = 'Their checks must see what concurrent calls committed, and this transaction''s snapshot does not.',
                  HINT = 'Call them in a READ COMMITTED transaction (BEGIN ISOLATION LEVEL READ COMMITTED).';
    END IF;
    PERFORM @extschema@.uidx_region_lock();
    -- Every later lock (the router's here, each partition's and the router's
    -- ACCESS EXCLUSIVE for ATTACH, DETACH and CREATE ... PARTITION OF) waits
    -- at most uidx_ddl_lock_wait(): the database owner's ANALYZE of the
    -- router, or a read of it held open by a role it was granted to, would
    -- otherwise hold this call up without end.  lock_timeout is the caller's
    -- again at the end.
    PERFORM set_config('lock_timeout', @extschema@.uidx_ddl_lock_wait(), true);
    BEGIN
        EXECUTE format('LOCK TABLE %s IN SHARE UPDATE EXCLUSIVE MODE', parent);
    EXCEPTION WHEN lock_not_available THEN
        RAISE EXCEPTION 'could not lock table % within lock_timeout (%)', parent, current_setting('lock_timeout')
            USING ERRCODE = 'lock_not_available',
                  DETAIL = 'Another transaction holds a lock on it that conflicts with SHARE UPDATE EXCLUSIVE: DDL, an ANALYZE or VACUUM of it.',
                  HINT = 'pg_locks shows who holds it.  Retry when it has ended, or raise lock_timeout (docs/regions.md).';
    END;

    -- One region per country, whatever the table.  A row's region is the
    -- server its partition is on now (a renamed server is the same region);
    -- a row whose partition is gone holds nothing (uidx_region_check).
    SELECT r.country, r.server INTO held
      FROM @extschema@.uidx_region_current() r
     WHERE r.country = ANY (wanted) AND r.live
       AND CASE WHEN is_local THEN r.server IS NOT NULL ELSE r.server IS DISTINCT FROM region_server END
     ORDER BY r.country LIMIT 1;
    IF FOUND THEN
        RAISE EXCEPTION 'iuid country % already belongs to %', held.country,
                        CASE WHEN held.server IS NULL THEN 'the local region'
                             ELSE format('region "%s"', held.server) END
            USING ERRCODE = 'invalid_object_definition',
--@if uidx
                  HINT = 'A country belongs to exactly one region: see the table uidx_region.';
--@else
                  HINT = format('A country belongs to exactly one region: see the table %s.',
                                '@extschema@.uidx_region'::regclass);
--@endif
    END IF;

    -- The countries the partitions of `parent` hold, from their bounds (C:
    -- the text of an iuid, MINVALUE or MAXVALUE; uidx_sql: a list of
    -- integers, maybe with NULL).  A country held whole by a partition of
    -- this region is done; one held by any other partition, even in part, is
    -- a conflict.
    FOREACH c IN ARRAY wanted LOOP
        done := false;
--@if uidx
        lb := @extschema@.iuid_country_lower_bound(c);
        ub := CASE WHEN c < 255 THEN @extschema@.iuid_country_lower_bound(c + 1) END;
        FOR p IN
            SELECT r.part, r.relkind, r.server AS srvname, r.lo, r.hi
              FROM @extschema@.uidx_router_partitions(parent) r
             ORDER BY r.relname
        LOOP
            lo := CASE WHEN p.lo <> 'MINVALUE' THEN p.lo::@extschema@.iuid END;
            hi := CASE WHEN p.hi <> 'MAXVALUE' THEN p.hi::@extschema@.iuid END;
            CONTINUE WHEN NOT ((lo IS NULL OR ub IS NULL OR @extschema@.iuid_country_lt(lo, ub))
                               AND (hi IS NULL OR @extschema@.iuid_country_gt(hi, lb)));
            IF (CASE WHEN is_local THEN p.relkind <> 'f' ELSE p.srvname IS NOT DISTINCT FROM region_server END)
               AND (lo IS NULL OR @extschema@.iuid_country_le(lo, lb))
               AND (hi IS NULL OR (ub IS NOT NULL AND @extschema@.iuid_country_ge(hi, ub))) THEN
--@else
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
--@endif
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
    -- is not pruned (docs/regions.md "Regions").
--@if uidx
    -- New countries that extend the run of the partition already reading the
    -- table replace it with one that covers the whole run (a foreign
    -- partition holds no rows: only the catalog changes); a run apart needs a
    -- remote table of its own.
    IF NOT is_local AND cardinality(todo) > 0 THEN
        merged := todo;
        FOR p IN
            SELECT r.part, r.lo, r.hi
              FROM @extschema@.uidx_router_partitions(parent) r
             WHERE r.server = region_server AND r.reads_schema = remote_ns AND r.reads_table = remote_name
             ORDER BY r.relname
        LOOP
            run_first := CASE WHEN p.lo = 'MINVALUE' THEN 0 ELSE @extschema@.iuid_country(p.lo::@extschema@.iuid) END;
            run_last := CASE WHEN p.hi = 'MAXVALUE' THEN 255 ELSE @extschema@.iuid_country(p.hi::@extschema@.iuid) - 1 END;
            IF (p.lo <> 'MINVALUE' AND p.lo <> @extschema@.iuid_country_lower_bound(run_first)::text)
               OR (p.hi <> 'MAXVALUE' AND p.hi <> @extschema@.iuid_country_lower_bound(run_last + 1)::text) THEN
                RAISE EXCEPTION 'partition "%" of table "%" reads the remote table %.% of server "%" but does not hold whole countries',
                                p.part, parent, quote_ident(remote_ns), quote_ident(remote_name), region_server
                    USING ERRCODE = 'invalid_object_definition',
                          HINT = 'Attach the countries with another remote_table.';
            END IF;
            merged := merged || ARRAY(SELECT generate_series(run_first, run_last));
            replaced := replaced || p.part;
        END LOOP;
        SELECT array_agg(DISTINCT x ORDER BY x) INTO merged FROM unnest(merged) x;
        IF merged[cardinality(merged)] - merged[1] + 1 <> cardinality(merged) THEN
            RAISE EXCEPTION 'iuid countries % of region "%" are not one run of consecutive countries', merged, region_server
                USING ERRCODE = 'invalid_object_definition',
                      DETAIL = format('Each run would be a partition of "%s" reading the remote table %I.%I, and a scan of "%s" that is not pruned would return its rows once per partition.',
                                      parent, remote_ns, remote_name, parent),
                      HINT = 'Attach a run apart with a remote_table of its own, such as a view on the region that selects its countries.';
        END IF;
        FOREACH detached IN ARRAY replaced LOOP
            EXECUTE format('ALTER TABLE %s DETACH PARTITION %s', parent, detached);
            EXECUTE format('DROP FOREIGN TABLE %s', detached);
        END LOOP;
        todo := merged;
        run_first := NULL;
    END IF;
--@else
    -- The region's partition on that table, if there is one, is given the
    -- new countries (detached and attached again with the longer list, which
    -- only changes the catalog for a foreign table), and otherwise one
    -- partition holds them all.
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
--@endif

    -- One partition per run of consecutive countries (uidx_sql: per region,
    -- for a foreign one).
    FOREACH c IN ARRAY todo || ARRAY[NULL::integer] LOOP
--@if uidx
        IF run_first IS NOT NULL AND (c IS NULL OR c <> run_last + 1) THEN
--@else
        IF cardinality(run) > 0 AND (c IS NULL OR (is_local AND c <> run[cardinality(run)] + 1)) THEN
--@endif
            -- the parent part shortened, so that the country suffix is never
            -- cut and the name leaves room for its array type's
--@if uidx
            part_name := @extschema@.uidx_partition_name(parent_name, '_c' || lpad(run_first::text, 3, '0'));
            IF to_regclass(format('%I.%I', parent_ns, part_name)) IS NOT NULL THEN
                RAISE EXCEPTION 'relation "%" already exists and does not hold iuid country % for "%"',
                                format('%I.%I', parent_ns, part_name), run_first, parent
                    USING ERRCODE = 'duplicate_table';
            END IF;
            bounds := format('FOR VALUES FROM (%L) TO (%s)',
                             @extschema@.iuid_country_lower_bound(run_first)::text,
                             CASE WHEN run_last = 255 THEN 'MAXVALUE'
                                  ELSE quote_literal(@extschema@.iuid_country_lower_bound(run_last + 1)::text) END);
--@else
            part_name := @extschema@.uidx_partition_name(parent_name, '_c' || lpad(run[1]::text, 3, '0'));
            IF to_regclass(format('%I.%I', parent_ns, part_name)) IS NOT NULL THEN
                RAISE EXCEPTION 'relation "%" already exists and does not hold iuid country % for "%"',
                                format('%I.%I', parent_ns, part_name), run[1], parent
                    USING ERRCODE = 'duplicate_table';
            END IF;
            bounds := format('FOR VALUES IN (%s)', array_to_string(run, ', '));
--@endif
            IF is_local THEN
                -- partitioned by time in the default order (uuid order is
                -- time order for iUIDs), for uidx_create_time_partitions
                EXECUTE format('CREATE TABLE %I.%I PARTITION OF %s %s PARTITION BY RANGE (%I)',
                               parent_ns, part_name, parent, bounds, key_column);
            ELSE
                EXECUTE format('CREATE FOREIGN TABLE %I.%I PARTITION OF %s %s SERVER %I OPTIONS (schema_name %L, table_name %L)',
                               parent_ns, part_name, parent, bounds, region_server, remote_ns, remote_name);
            END IF;
            RETURN NEXT format('%I.%I', parent_ns, part_name)::regclass;
--@if uidx
            run_first := NULL;
        END IF;
        IF c IS NOT NULL AND run_first IS NULL THEN
            run_first := c;
        END IF;
        run_last := c;
--@else
            run := '{}';
        END IF;
        IF c IS NOT NULL THEN
            run := run || c;
        END IF;
--@endif
    END LOOP;
    -- Each country of this region that a partition of `parent` holds,
    -- with that partition: a new row, or one whose partition is gone (a
    -- partition that this call replaced, or one dropped where no event
    -- trigger removed its rows) or not yet recorded.  A row whose partition
    -- exists stays: it may be another router's.
    INSERT INTO @extschema@.uidx_region AS g (country, server, part)
    SELECT DISTINCT ON (h.country) h.country, h.server, h.part
      FROM @extschema@.uidx_region_partitions() h
     WHERE h.router = parent
       AND CASE WHEN is_local THEN h.server IS NULL ELSE h.server = region_server END
     ORDER BY h.country, h.part::text
    ON CONFLICT (country) DO UPDATE SET server = EXCLUDED.server, part = EXCLUDED.part
     WHERE g.part IS NULL OR NOT EXISTS (SELECT 1 FROM pg_class k WHERE k.oid = g.part);
    PERFORM set_config('lock_timeout', caller_timeout, true);
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
--@if uidx
COMMENT ON FUNCTION @extschema@.uidx_attach_region(regclass, name, integer[], text) IS 'makes the postgres_fdw partitions of a router table for the countries of a region, and registers them';
--@else
COMMENT ON FUNCTION @extschema@.uidx_attach_region(regclass, name, integer[], text) IS 'makes the postgres_fdw partitions of a router table (PARTITION BY LIST (iuid_country(id))) for the countries of a region, and registers them';
--@endif

CREATE FUNCTION @extschema@.uidx_attach_local_region(parent regclass, countries integer[])
RETURNS SETOF regclass
LANGUAGE sql VOLATILE PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp
AS $$
SELECT @extschema@.uidx_attach_countries(parent, NULL, true, countries, NULL)
$$;
--@if uidx
COMMENT ON FUNCTION @extschema@.uidx_attach_local_region(regclass, integer[]) IS 'makes the local partitions of a router table for the router''s own countries, each partitioned by time, and registers them';
--@else
COMMENT ON FUNCTION @extschema@.uidx_attach_local_region(regclass, integer[]) IS 'makes the local partitions of a router table for the router''s own countries, each partitioned by RANGE (id) in time order, and registers them';
--@endif

-- For an application tier that routes by itself.  In uidx_sql a uuid that is
-- not an iUID is refused as the C extension's iuid type refuses it (22P02).
--@if uidx
CREATE FUNCTION @extschema@.uidx_region_of(id @extschema@.iuid) RETURNS name
--@else
CREATE FUNCTION @extschema@.uidx_region_of(id uuid) RETURNS name
--@endif
LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    wanted integer := @extschema@.iuid_country(id);
    result name;
BEGIN
--@if uidx_sql
    IF wanted IS NULL THEN
        RAISE EXCEPTION 'invalid input value for type iuid: "%"', id
            USING ERRCODE = 'invalid_text_representation',
                  DETAIL = 'An iUID has version 8, variant 10 and format version 0 (iuid_is_valid).';
    END IF;
--@endif
    -- the server the country's partition is on now (renames are harmless);
    -- the recorded name only for a row without a partition
    SELECT CASE WHEN r.part IS NULL THEN r.server ELSE fs.srvname END INTO result
      FROM @extschema@.uidx_region r
      LEFT JOIN pg_foreign_table ft ON ft.ftrelid = r.part
      LEFT JOIN pg_foreign_server fs ON fs.oid = ft.ftserver
     WHERE r.country = wanted
       AND (r.part IS NULL OR EXISTS (SELECT 1 FROM pg_class k WHERE k.oid = r.part));
    IF NOT FOUND THEN
        RAISE EXCEPTION 'no region holds iuid country %', wanted
            USING ERRCODE = 'invalid_parameter_value',
                  HINT = 'Attach one with uidx_attach_region().';
    END IF;
    RETURN result;
END
$fn$;
--@if uidx
COMMENT ON FUNCTION @extschema@.uidx_region_of(@extschema@.iuid) IS 'the foreign server of the region that holds the id''s country (NULL: this database)';
--@else
COMMENT ON FUNCTION @extschema@.uidx_region_of(uuid) IS 'the foreign server of the region that holds the iUID''s country (NULL: this database)';
--@endif
