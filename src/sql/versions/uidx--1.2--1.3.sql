-- uidx 1.2 -> 1.3.  Only what changed since 1.2: every statement here has its
-- counterpart in src/sql/install/, and test/t/upgrade.pl proves that a database
-- updated from 1.0, 1.1 or 1.2 equals a fresh install of 1.3.  The
-- --@functions line re-creates every function from src/sql/install/ (the Makefile
-- expands it with src/sql/assemble.sh --update), so that a body changed there
-- reaches updated databases without a copy here; what can only go once those
-- functions are re-created (a function one of them named) is dropped after it.
\echo Use "ALTER EXTENSION uidx UPDATE TO '1.3'" to load this file. \quit

-- Time filters (README "Time filters that prune partitions"): the planner
-- now prunes and scans with ranges of the key in the key type's own btree
-- family (src/time_bounds.c), so the cross-type time operators of 1.2, and
-- the members they added to operator families, pg_catalog.uuid_ops among
-- them, go.  Tables partitioned by a uuid, iuid, comb or distid key keep
-- pruning with no change of theirs.
ALTER OPERATOR FAMILY iuid_ops USING btree DROP
    OPERATOR 1 (iuid, timestamptz),
    OPERATOR 4 (iuid, timestamptz),
    FUNCTION 1 (iuid, timestamptz);
ALTER OPERATOR FAMILY comb_ops USING btree DROP
    OPERATOR 1 (comb, timestamptz),
    OPERATOR 4 (comb, timestamptz),
    FUNCTION 1 (comb, timestamptz);
ALTER OPERATOR FAMILY distid_ops USING btree DROP
    OPERATOR 1 (distid, timestamptz),
    OPERATOR 4 (distid, timestamptz),
    FUNCTION 1 (distid, timestamptz);
ALTER OPERATOR FAMILY pg_catalog.uuid_ops USING btree DROP
    OPERATOR 1 (uuid, timestamptz),
    OPERATOR 4 (uuid, timestamptz),
    FUNCTION 1 (uuid, timestamptz);
DROP OPERATOR @<@ (iuid, timestamptz);
DROP OPERATOR @>=@ (iuid, timestamptz);
DROP OPERATOR @<@ (comb, timestamptz);
DROP OPERATOR @>=@ (comb, timestamptz);
DROP OPERATOR @<@ (distid, timestamptz);
DROP OPERATOR @>=@ (distid, timestamptz);
DROP OPERATOR @<@ (uuid, timestamptz);
DROP OPERATOR @>=@ (uuid, timestamptz);
DROP FUNCTION iuid_time_cmp(iuid, timestamptz);
DROP FUNCTION iuid_time_lt(iuid, timestamptz);
DROP FUNCTION iuid_time_ge(iuid, timestamptz);
DROP FUNCTION comb_time_cmp(comb, timestamptz);
DROP FUNCTION comb_time_lt(comb, timestamptz);
DROP FUNCTION comb_time_ge(comb, timestamptz);
DROP FUNCTION distid_time_cmp(distid, timestamptz);
DROP FUNCTION distid_time_lt(distid, timestamptz);
DROP FUNCTION distid_time_ge(distid, timestamptz);
DROP FUNCTION uidx_uuid_time_cmp(uuid, timestamptz);
DROP FUNCTION uidx_uuid_time_lt(uuid, timestamptz);
DROP FUNCTION uidx_uuid_time_ge(uuid, timestamptz);
DROP FUNCTION uidx_time_filter_sel(internal, oid, internal, integer);
DROP FUNCTION uidx_time_filter_joinsel(internal, oid, internal, smallint, internal);
DROP FUNCTION uidx_instant_after(timestamptz);

-- Striped tables (docs/partitioning.md "Striped tables") and a range that
-- starts after it ends refused (22023): uidx_create_time_partitions gets an
-- optional stripe count, and a default partition (docs/partitioning.md
-- "Retention").  Parameters change the signature, so the 1.2 function is
-- dropped and --@functions creates the new one (a call with four arguments
-- means what it meant).
DROP FUNCTION uidx_create_time_partitions(regclass, timestamptz, timestamptz, interval);

-- The partition helpers' shared pieces (docs/partitioning.md): names of at
-- most 62 bytes, one call at a time per table.  The region registry follows
-- the catalog (docs/regions.md): each row records the partition that holds
-- its country, by OID, and uidx_region_check(true) mends the rows of dropped
-- partitions and renamed servers; a dump leaves out a row whose partition is
-- gone.
ALTER TABLE uidx_region ADD COLUMN part regclass;
SELECT pg_catalog.pg_extension_config_dump('uidx_region', 'WHERE part IS NULL OR EXISTS (SELECT FROM pg_catalog.pg_class c WHERE c.oid OPERATOR(pg_catalog.=) part)');
COMMENT ON TABLE uidx_region IS 'iuid country -> the partition that holds it and the foreign server of its region (NULL: this database), kept by uidx_attach_region and uidx_attach_local_region';
COMMENT ON COLUMN uidx_region.part IS 'a router partition that holds the country; its server is the region';

-- The luuid registry has no event trigger any more (below), so a dropped
-- table's OID can stay in luuid_group.relation: a dump leaves such a row out
-- (its OID, dumped as a number, would name another relation after a restore).
SELECT pg_catalog.pg_extension_config_dump('luuid_group', 'WHERE relation IS NULL OR EXISTS (SELECT FROM pg_catalog.pg_class c WHERE c.oid OPERATOR(pg_catalog.=) relation AND c.relpersistence OPERATOR(pg_catalog.<>) ''t'' AND c.relkind OPERATOR(pg_catalog.<>) ALL (''{i,I,t}''::pg_catalog."char"[]))');

-- Every function of 1.3, new or changed, from src/sql/install/ (src/sql/assemble.sh
-- --update), with its comment; what follows needs them.
CREATE OR REPLACE FUNCTION uidx_raise_unknown_name(kind text, name text) RETURNS integer
    AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION uidx_raise_unknown_name(text, text) IS 'internal: raises 22023 unknown <kind> "<name>" for registry look-ups';
CREATE OR REPLACE FUNCTION @extschema@.uidx_partition_name(parent_name name, suffix text, reserve integer DEFAULT 0)
RETURNS text
LANGUAGE plpgsql STABLE PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    max_bytes integer;
    tag       text;
    part      text := parent_name;
BEGIN
    IF parent_name IS NULL OR suffix IS NULL OR reserve IS NULL THEN
        RAISE EXCEPTION 'parent_name, suffix and reserve must not be null'
            USING ERRCODE = 'null_value_not_allowed';
    END IF;
    max_bytes := current_setting('max_identifier_length')::integer - 1 - reserve;
    IF octet_length(parent_name || suffix) <= max_bytes THEN
        RETURN parent_name || suffix;
    END IF;
    tag := '_' || left(encode(sha256(convert_to(parent_name, 'UTF8')), 'hex'), 8);
    IF octet_length(tag || suffix) >= max_bytes THEN
        RAISE EXCEPTION 'partition name suffix "%" leaves no room for the name of its table', suffix
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    WHILE octet_length(part || tag || suffix) > max_bytes LOOP
        part := left(part, -1);
    END LOOP;
    RETURN part || tag || suffix;
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_partition_name(name, text, integer) IS 'internal: the name of a partition, at most max_identifier_length - 1 bytes, the parent part shortened and tagged with a hash';
CREATE OR REPLACE FUNCTION @extschema@.uidx_ddl_begin(helper text) RETURNS text
LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    caller_timeout constant text := current_setting('lock_timeout');
BEGIN
    IF current_setting('transaction_isolation') <> 'read committed' THEN
        RAISE EXCEPTION '% cannot run in a % transaction', helper, upper(current_setting('transaction_isolation'))
            USING ERRCODE = 'invalid_transaction_state',
                  DETAIL = 'Its checks must see what other transactions committed (rows of a default partition, partitions made by another call), and this transaction''s snapshot does not.',
                  HINT = 'Call it in a READ COMMITTED transaction (BEGIN ISOLATION LEVEL READ COMMITTED); a cron job''s session can SET default_transaction_isolation = ''read committed''.';
    END IF;
    PERFORM set_config('lock_timeout', @extschema@.uidx_ddl_lock_wait(), true);
    RETURN caller_timeout;
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_ddl_begin(text) IS 'internal: refuses REPEATABLE READ and SERIALIZABLE (25000) and bounds the lock waits of a partition helper; returns the caller''s lock_timeout';
CREATE OR REPLACE FUNCTION @extschema@.uidx_ddl_lock_wait() RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $fn$
SELECT CASE WHEN s.setting::bigint = 0 OR (s.source = 'database' AND s.setting::bigint > 60000) THEN '1min'
            ELSE current_setting('lock_timeout') END
  FROM pg_settings s
 WHERE s.name = 'lock_timeout'
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_ddl_lock_wait() IS 'internal: how long a partition helper waits for a lock, lock_timeout or 1min where it is 0 or a longer database default';
CREATE OR REPLACE FUNCTION @extschema@.uidx_raise_lock_wait(helper text, parent regclass, rel regclass, purpose text)
RETURNS void
LANGUAGE plpgsql VOLATILE PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    named regclass := coalesce(rel, parent);
    ns    name;
    tbl   name;
BEGIN
    SELECT n.nspname, c.relname INTO ns, tbl
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.oid = named;
    IF rel IS NOT NULL THEN
        RAISE EXCEPTION '%: could not lock table "%" within %', helper, format('%s.%s', ns, tbl), @extschema@.uidx_ddl_lock_wait()
            USING ERRCODE = 'lock_not_available', SCHEMA = ns, TABLE = tbl,
                  DETAIL = format('It waited for %s; another session holds a lock on the table that conflicts. This call changed nothing.', purpose),
                  HINT = 'pg_locks shows who holds it.  Run the call again later, or give it a longer lock_timeout (docs/partitioning.md "Isolation and locks").';
    END IF;
    RAISE EXCEPTION '%: could not % within %: a lock it needs is held by another session', helper, purpose, @extschema@.uidx_ddl_lock_wait()
        USING ERRCODE = 'lock_not_available', SCHEMA = ns, TABLE = tbl,
              DETAIL = format('The statement waited for a lock on a table it changes: "%s.%s", a partition of it, its default partition, or a table at the other end of a foreign key (one it references or one referencing it); or for another transaction that creates a relation of the same name. This call changed nothing.', ns, tbl),
              HINT = 'pg_locks shows who holds it.  Run the call again later, or give it a longer lock_timeout (docs/partitioning.md "Isolation and locks").';
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_raise_lock_wait(text, regclass, regclass, text) IS 'internal: the 55P03 of a partition helper that waited for a lock longer than uidx_ddl_lock_wait()';
CREATE OR REPLACE FUNCTION @extschema@.uidx_lock_partitioned(parent regclass) RETURNS void
LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp
AS $fn$
BEGIN
    IF parent IS NULL THEN
        RAISE EXCEPTION 'parent must not be null' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    -- On a hot standby (a cron job that runs on every server, to go on after
    -- a failover) nothing changes the table but replay, LOCK TABLE cannot
    -- take this mode (25006), and a call's DDL fails as any other: a call
    -- with nothing to do returns nothing there.
    IF pg_is_in_recovery() THEN
        RETURN;
    END IF;
    EXECUTE format('LOCK TABLE ONLY %s IN SHARE UPDATE EXCLUSIVE MODE', parent);
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_lock_partitioned(regclass) IS 'internal: one partition helper at a time per table, until the transaction ends';
CREATE OR REPLACE FUNCTION @extschema@.uidx_existing_relation(schema_name name, rel_name text) RETURNS regclass
LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp
AS $fn$
BEGIN
    IF schema_name IS NULL OR rel_name IS NULL THEN
        RAISE EXCEPTION 'schema_name and rel_name must not be null' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    RETURN to_regclass(format('%I.%I', schema_name, rel_name));
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_existing_relation(name, text) IS 'internal: a relation by name as the catalog has it now';
CREATE OR REPLACE FUNCTION @extschema@.uidx_time_partition_key(parent regclass, OUT key_name name, OUT key_type regtype,
                                                    OUT bound_fn regprocedure, OUT lt_op text,
                                                    OUT le_op text, OUT ge_op text)
LANGUAGE plpgsql STABLE PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    strategy    "char";
    nkeys       int2;
    key_opclass oid;
    ops         text[];
    ext_ns      name;
BEGIN
    IF parent IS NULL THEN
        RAISE EXCEPTION 'parent must not be null' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    SELECT p.partstrat, p.partnatts, a.atttypid::regtype, p.partclass[0], a.attname
      INTO strategy, nkeys, key_type, key_opclass, key_name
      FROM pg_partitioned_table p
      LEFT JOIN pg_attribute a ON a.attrelid = p.partrelid AND a.attnum = p.partattrs[0]
     WHERE p.partrelid = parent;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'relation "%" is not a partitioned table', parent
            USING ERRCODE = 'wrong_object_type';
    END IF;
    IF strategy <> 'r' OR nkeys <> 1 OR key_type IS NULL THEN
        RAISE EXCEPTION 'table "%" must be partitioned BY RANGE on a single column', parent
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    SELECT n.nspname INTO ext_ns
      FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
     WHERE e.extname = 'uidx';
    -- The partition key's type -> the function that turns an instant into
    -- its smallest key (README, uidx_create_time_partitions); a uuid column is
    -- bounded by the millisecond in its first six bytes.  A new partitionable
    -- type adds one row.
    SELECT b.bound INTO bound_fn
      FROM (VALUES ('uuid', 'uidx_uuid_lower_bound'), ('iuid', 'iuid_lower_bound'),
                   ('comb', 'comb_lower_bound'), ('distid', 'distid_lower_bound')) m(typ, fn)
     CROSS JOIN LATERAL (SELECT to_regprocedure(format('%I.%I(timestamptz)', ext_ns, m.fn)) AS bound) b
     WHERE key_type = CASE m.typ WHEN 'uuid' THEN 'pg_catalog.uuid'::regtype
                                 ELSE to_regtype(format('%I.%I', ext_ns, m.typ)) END;
    IF bound_fn IS NULL THEN
        RAISE EXCEPTION 'cannot make time partitions for a key of type %', key_type
            USING ERRCODE = 'datatype_mismatch',
                  HINT = 'The key must be of a type that has a lower-bound function: uuid (time-prefixed), iuid, comb or distid.';
    END IF;
    -- The bounds are in the type's default order, its time order; in any
    -- other (iuid_country_ops) they would hold other values than the
    -- partitions' names say.
    IF key_opclass IS DISTINCT FROM
           (SELECT o.oid FROM pg_opclass o JOIN pg_am am ON am.oid = o.opcmethod
             WHERE am.amname = 'btree' AND o.opcintype = key_type AND o.opcdefault) THEN
        RAISE EXCEPTION 'table "%" is partitioned by operator class %, not by the time order of %',
                        parent, (SELECT o.opcname FROM pg_opclass o WHERE o.oid = key_opclass), key_type
            USING ERRCODE = 'invalid_parameter_value',
                  HINT = 'A table partitioned by country (iuid_country_ops) gets one partition per country from uidx_attach_local_region(); those are partitioned by time.';
    END IF;
    SELECT array_agg(format('OPERATOR(%I.%s)', n.nspname, o.oprname) ORDER BY a.amopstrategy) INTO ops
      FROM pg_opclass c
      JOIN pg_amop a ON a.amopfamily = c.opcfamily AND a.amoplefttype = c.opcintype
                    AND a.amoprighttype = c.opcintype AND a.amopstrategy IN (1, 2, 4)
      JOIN pg_operator o ON o.oid = a.amopopr
      JOIN pg_namespace n ON n.oid = o.oprnamespace
     WHERE c.oid = key_opclass;
    lt_op := ops[1];
    le_op := ops[2];
    ge_op := ops[3];
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_time_partition_key(regclass) IS 'internal: the key column, lower-bound function and comparison operators of a table partitioned by time, after checking the table';
CREATE OR REPLACE FUNCTION @extschema@.uidx_partition_lock_budget() RETURNS integer
LANGUAGE sql STABLE PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $fn$
SELECT current_setting('max_locks_per_transaction')::integer
       * (current_setting('max_connections')::integer + current_setting('max_prepared_transactions')::integer) / 2
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_partition_lock_budget() IS 'internal: the locks one call of a partition helper may take, half of the server''s lock table';
CREATE OR REPLACE FUNCTION @extschema@.uidx_create_time_partitions(parent regclass, from_ts timestamptz,
                                            to_ts timestamptz, step interval,
                                            stripes integer DEFAULT 1,
                                            default_partition boolean DEFAULT false)
RETURNS SETOF regclass
LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    max_partitions integer;
    lock_budget integer;
    leaf_locks  integer;
    part_locks  integer;
    nindexes    integer;
    ext_ns      name;
    key         record;
    bound_fn    regprocedure;
    default_of  regclass;
    default_name text;
    default_rows boolean := false;
    parent_ns   name;
    parent_name name;
    name_format text;
    reserve     integer := 0;
    lows        timestamptz[] := '{}';
    names       text[] := '{}';
    bound_texts text[];
    by_bound    jsonb;
    n           integer := 0;
    lo          timestamptz;
    hi          timestamptz;
    suffix      text;
    part_name   text;
    existing    regclass;
    i           integer;
    missing     integer[] := '{}';
    make_default boolean;
    caller_timeout text;
    wait_rel    regclass;
    wait_for    text;
    named_table text;
    stripe_by   text := '';
BEGIN
    IF parent IS NULL OR from_ts IS NULL OR to_ts IS NULL OR step IS NULL OR default_partition IS NULL THEN
        RAISE EXCEPTION 'uidx_create_time_partitions: % must not be null',
                        CASE WHEN parent IS NULL THEN 'parent' WHEN from_ts IS NULL THEN 'from_ts'
                             WHEN to_ts IS NULL THEN 'to_ts' WHEN step IS NULL THEN 'step'
                             ELSE 'default_partition' END
            USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF stripes IS NULL THEN
        RAISE EXCEPTION 'uidx_create_time_partitions: stripes must not be null'
            USING ERRCODE = 'null_value_not_allowed',
                  HINT = 'Give 1 for partitions without stripes.';
    END IF;
    caller_timeout := @extschema@.uidx_ddl_begin('uidx_create_time_partitions');
    key := @extschema@.uidx_time_partition_key(parent);
    bound_fn := key.bound_fn;
    -- nspname, not regnamespace::name: the latter is already quoted where
    -- the name needs it, and format('%I') would quote it twice
    SELECT n.nspname, c.relname INTO parent_ns, parent_name
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE c.oid = parent;
    IF NOT (isfinite(from_ts) AND isfinite(to_ts) AND isfinite(step)) THEN
        RAISE EXCEPTION 'partition range and step must be finite: from "%" to "%" in steps of "%"',
                        from_ts, to_ts, step
            USING ERRCODE = 'datetime_field_overflow';
    END IF;
    IF step <= interval '0' THEN
        RAISE EXCEPTION 'partition step must be positive: "%"', step
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF step < interval '1 millisecond' THEN
        RAISE EXCEPTION 'partition step "%" is shorter than the smallest step, 1 millisecond', step
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = 'Every partition bound is the first value of a millisecond.';
    END IF;
    -- a range that ends before it starts is a mistake, not an empty request
    IF from_ts > to_ts THEN
        RAISE EXCEPTION 'partition range starts after it ends: from "%" to "%"', from_ts, to_ts
            USING ERRCODE = 'invalid_parameter_value',
                  HINT = 'Give the earlier time first.';
    END IF;

    SELECT n.nspname INTO ext_ns
      FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
     WHERE e.extname = 'uidx';

    IF stripes < 1 OR stripes > 1024 THEN
        RAISE EXCEPTION 'stripes must be between 1 and 1024: %', stripes
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF stripes > 1 THEN
        stripe_by := format(' PARTITION BY HASH (%I)', key.key_name);
        -- room for the stripes' suffix, _sNN, after the partition's name
        reserve := octet_length('_s' || (stripes - 1)::text);
    END IF;

    -- The per-call limit (uidx_partition_lock_budget): each partition made
    -- stays locked (ACCESS EXCLUSIVE) until the transaction ends, with its
    -- indexes and its TOAST table and index, and every stripe with its own;
    -- a default partition made takes as many as an unstriped partition.
    SELECT count(*) INTO nindexes FROM pg_index x WHERE x.indrelid = parent;
    leaf_locks := 1 + nindexes
                  + CASE WHEN EXISTS (SELECT 1 FROM pg_attribute a JOIN pg_type t ON t.oid = a.atttypid
                                       WHERE a.attrelid = parent AND a.attnum > 0 AND NOT a.attisdropped
                                         AND t.typstorage <> 'p')
                         THEN 2 ELSE 0 END;
    part_locks := leaf_locks;
    IF stripes > 1 THEN
        part_locks := 1 + nindexes + stripes * leaf_locks;
    END IF;
    lock_budget := @extschema@.uidx_partition_lock_budget();
    max_partitions := least(10000, greatest(1, (lock_budget - CASE WHEN default_partition THEN leaf_locks ELSE 0 END)
                                               / part_locks));

    -- fine enough that steps of the size give distinct names
    name_format := CASE WHEN step >= interval '1 day' THEN 'YYYYMMDD'
                        WHEN step >= interval '1 minute' THEN 'YYYYMMDD"_"HH24MI'
                        WHEN step >= interval '1 second' THEN 'YYYYMMDD"_"HH24MISS'
                        ELSE 'YYYYMMDD"_"HH24MISS"_"US' END;
    -- every lower bound and name first: nothing is created for a request
    -- that is refused
    lo := from_ts;
    WHILE lo < to_ts LOOP
        IF n >= max_partitions THEN
            RAISE EXCEPTION 'too many partitions: from "%" to "%" in steps of "%" is more than % partitions of "%" in one call',
                            from_ts, to_ts, step, max_partitions, parent
                USING ERRCODE = 'program_limit_exceeded',
                      DETAIL = format('Each new partition of "%s" holds %s locks until the transaction ends (itself, its indexes, its TOAST table and stripes); one call takes at most %s, half of max_locks_per_transaction (%s) x (max_connections (%s) + max_prepared_transactions (%s)).',
                                      parent, part_locks, lock_budget, current_setting('max_locks_per_transaction'),
                                      current_setting('max_connections'), current_setting('max_prepared_transactions')),
                      HINT = 'Create them in several calls, each in a transaction of its own, or raise max_locks_per_transaction.';
        END IF;
        hi := lo + step;
        IF hi <= lo THEN
            RAISE EXCEPTION 'partition step "%" does not move forward from "%"', step, lo
                USING ERRCODE = 'invalid_parameter_value';
        END IF;
        -- a step of months and days can be shorter in one month than it compares
        IF hi < lo + interval '1 millisecond' THEN
            RAISE EXCEPTION 'partition step "%" from "%" is shorter than the smallest step, 1 millisecond', step, lo
                USING ERRCODE = 'invalid_parameter_value',
                      DETAIL = 'Every partition bound is the first value of a millisecond.';
        END IF;
        suffix := '_p' || to_char(lo AT TIME ZONE 'UTC', name_format);
        part_name := @extschema@.uidx_partition_name(parent_name, suffix, reserve);
        -- names grow with the bound, so only neighbours can share one
        IF n > 0 AND part_name = names[n] THEN
            RAISE EXCEPTION 'partitions from "%" and from "%" would both be named "%"',
                            lows[n], lo, part_name
                USING ERRCODE = 'invalid_parameter_value',
                      HINT = 'Partitions are named after their lower bound in UTC: start the range at a time of day that keeps them on distinct days there, or use a shorter step.';
        END IF;
        n := n + 1;
        lows[n] := lo;
        names[n] := part_name;
        lo := hi;
    END LOOP;

    IF n = 0 AND NOT default_partition THEN
        PERFORM set_config('lock_timeout', caller_timeout, true);
        RETURN;
    END IF;
    -- What exists is read after the lock: a call that waited for another
    -- finds its partitions.
    wait_rel := parent;
    wait_for := 'SHARE UPDATE EXCLUSIVE, which one partition helper at a time holds';
    PERFORM @extschema@.uidx_lock_partitioned(parent);
    SELECT nullif(p.partdefid, 0)::regclass INTO default_of FROM pg_partitioned_table p WHERE p.partrelid = parent;
    make_default := default_of IS NULL AND default_partition;
    IF make_default THEN
        default_name := @extschema@.uidx_partition_name(parent_name, '_default');
        IF @extschema@.uidx_existing_relation(parent_ns, default_name) IS NOT NULL THEN
            RAISE EXCEPTION 'relation "%" already exists and is not a partition of "%"',
                            format('%I.%I', parent_ns, default_name), parent
                USING ERRCODE = 'duplicate_table';
        END IF;
    END IF;
    IF n > 0 THEN
        -- the bounds, as the server prints a partition bound, and the
        -- partitions that have them now
        EXECUTE format('SELECT array_agg(%s(b)::text ORDER BY o) FROM unnest($1) WITH ORDINALITY u(b, o)',
                       bound_fn::oid::regproc)
           INTO bound_texts USING lows || (lows[n] + step);
        SELECT jsonb_object_agg(pg_get_expr(c.relpartbound, c.oid), c.oid::regclass::text) INTO by_bound
          FROM pg_inherits h JOIN pg_class c ON c.oid = h.inhrelid
         WHERE h.inhparent = parent;
    END IF;
    -- the partitions to make: every name is checked before anything is made
    FOR i IN 1 .. n LOOP
        CONTINUE WHEN by_bound ? format('FOR VALUES FROM (%L) TO (%L)', bound_texts[i], bound_texts[i + 1]);
        existing := @extschema@.uidx_existing_relation(parent_ns, names[i]);
        IF existing IS NULL THEN
            missing := missing || i;
        ELSIF NOT EXISTS (SELECT 1 FROM pg_inherits WHERE inhrelid = existing AND inhparent = parent) THEN
            RAISE EXCEPTION 'relation "%" already exists and is not a partition of "%"', existing, parent
                USING ERRCODE = 'duplicate_table';
        END IF;
    END LOOP;
    IF cardinality(missing) = 0 AND NOT make_default THEN
        PERFORM set_config('lock_timeout', caller_timeout, true);
        RETURN;
    END IF;

    -- CREATE TABLE ... PARTITION OF locks the parent ACCESS EXCLUSIVE, and
    -- its default partition, which it scans: both are locked first, so that
    -- a wait names them, and so that no row reaches the default between the
    -- check below and the creation.
    wait_for := 'ACCESS EXCLUSIVE, to create partitions of it';
    EXECUTE format('LOCK TABLE ONLY %s IN ACCESS EXCLUSIVE MODE', parent);
    IF default_of IS NOT NULL AND cardinality(missing) > 0 THEN
        wait_rel := default_of;
        wait_for := 'ACCESS EXCLUSIVE, to create partitions beside this default partition';
        EXECUTE format('LOCK TABLE %s IN ACCESS EXCLUSIVE MODE', default_of);
        EXECUTE format('SELECT EXISTS (SELECT FROM %s)', default_of) INTO default_rows;
    END IF;
    wait_rel := NULL;
    IF make_default THEN
        -- made first: empty, it holds no row of the partitions to come
        wait_for := format('create the default partition "%s.%s" of "%s"', parent_ns, default_name, parent);
        EXECUTE format('CREATE TABLE %I.%I PARTITION OF %s DEFAULT', parent_ns, default_name, parent);
        RETURN NEXT format('%I.%I', parent_ns, default_name)::regclass;
    END IF;
    -- A new partition's range must hold no row of the default partition:
    -- the first range that does is refused before anything is made (an
    -- empty default, the usual case, is read once).
    IF default_rows THEN
        EXECUTE format('SELECT u.lo FROM unnest($1) u(lo)
                         WHERE EXISTS (SELECT FROM %s d WHERE d.%I %s %s(u.lo) AND d.%I %s %s(u.lo + $2))
                         ORDER BY u.lo LIMIT 1',
                       default_of, key.key_name, key.ge_op, bound_fn::oid::regproc,
                       key.key_name, key.lt_op, bound_fn::oid::regproc)
           INTO lo USING lows, step;
        IF lo IS NOT NULL THEN
            RAISE EXCEPTION 'default partition "%" holds rows from "%" to "%", the range of a new partition of "%"',
                            default_of, lo, lo + step, parent
                USING ERRCODE = 'check_violation',
                      DETAIL = 'PostgreSQL cannot create a partition for rows that its default partition holds; nothing was created.',
                      HINT = format('Move those rows into their partition first: detach %s, create the partitions, insert its rows into %s again and drop it (docs/partitioning.md "A default partition").',
                                    default_of, parent);
        END IF;
    END IF;

    -- The bounds are the key's values as literals, which its type's input
    -- function reads, not calls of the bound function: a quoted argument is
    -- of type unknown, and an overload of the function's name taking text,
    -- which any role that may create in its schema can add, would be chosen
    -- over it.  For the same reason uidx_create_stripes gets a regclass.
    FOREACH i IN ARRAY missing LOOP
        part_name := names[i];
        wait_for := format('create partition "%s.%s" of "%s"', parent_ns, part_name, parent);
        EXECUTE format('CREATE TABLE %I.%I PARTITION OF %s FOR VALUES FROM (%L) TO (%L)%s',
                       parent_ns, part_name, parent, bound_texts[i], bound_texts[i + 1], stripe_by);
        IF stripes > 1 THEN
            EXECUTE format('SELECT count(*) FROM %I.uidx_create_stripes(%L::pg_catalog.regclass, %s)',
                           ext_ns, format('%I.%I', parent_ns, part_name), stripes);
        END IF;
        RETURN NEXT format('%I.%I', parent_ns, part_name)::regclass;
    END LOOP;
    PERFORM set_config('lock_timeout', caller_timeout, true);
EXCEPTION WHEN lock_not_available THEN
    -- a helper this one called (uidx_create_stripes) named its wait already
    GET STACKED DIAGNOSTICS named_table = TABLE_NAME;
    IF named_table <> '' THEN
        RAISE;
    END IF;
    PERFORM @extschema@.uidx_raise_lock_wait('uidx_create_time_partitions', parent, wait_rel, wait_for);
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_create_time_partitions(regclass, timestamptz, timestamptz, interval, integer, boolean) IS 'creates the missing time-range partitions of a table partitioned by a uidx time-ordered column, each striped by hash when stripes > 1, and a default partition on request';
CREATE OR REPLACE FUNCTION @extschema@.uidx_drop_time_partitions(parent regclass, older_than timestamptz,
                                                      detach_only boolean DEFAULT false)
RETURNS SETOF text
LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    key          record;
    bound_text   text;
    default_of   regclass;
    old_rows     boolean := false;
    new_rows     boolean;
    parts        oid[] := '{}';
    uppers       text[] := '{}';
    doomed       oid[];
    needed       integer;
    budget       integer;
    r            record;
    upper_text   text;
    caller_timeout text;
    wait_rel     regclass;
    wait_for     text;
BEGIN
    IF parent IS NULL OR older_than IS NULL OR detach_only IS NULL THEN
        RAISE EXCEPTION 'uidx_drop_time_partitions: % must not be null',
                        CASE WHEN parent IS NULL THEN 'parent' WHEN older_than IS NULL THEN 'older_than'
                             ELSE 'detach_only' END
            USING ERRCODE = 'null_value_not_allowed';
    END IF;
    caller_timeout := @extschema@.uidx_ddl_begin('uidx_drop_time_partitions');
    key := @extschema@.uidx_time_partition_key(parent);
    IF NOT isfinite(older_than) THEN
        RAISE EXCEPTION 'older_than must be finite: "%"', older_than
            USING ERRCODE = 'datetime_field_overflow';
    END IF;
    EXECUTE format('SELECT %s($1)::text', key.bound_fn::oid::regproc) INTO bound_text USING older_than;

    -- What exists is read after the lock: a call that waited for another
    -- finds what the other left.
    wait_rel := parent;
    wait_for := 'SHARE UPDATE EXCLUSIVE, which one partition helper at a time holds';
    PERFORM @extschema@.uidx_lock_partitioned(parent);
    SELECT nullif(p.partdefid, 0)::regclass INTO default_of FROM pg_partitioned_table p WHERE p.partrelid = parent;
    -- every partition's upper bound, as the server prints it: a quoted
    -- literal of the key type, or MAXVALUE (never before a bound)
    FOR r IN SELECT c.oid, c.relkind, pg_get_expr(c.relpartbound, c.oid) AS bound
               FROM pg_inherits h JOIN pg_class c ON c.oid = h.inhrelid
              WHERE h.inhparent = parent AND c.oid IS DISTINCT FROM default_of::oid
    LOOP
        upper_text := substring(r.bound FROM '^FOR VALUES FROM \(.*\) TO \(''([^''\\]*)''\)$');
        CONTINUE WHEN upper_text IS NULL AND r.bound ~ ' TO \(MAXVALUE\)$';
        IF upper_text IS NULL THEN
            RAISE EXCEPTION 'partition "%" of "%" has a bound that cannot be read: %', r.oid::regclass, parent, r.bound
                USING ERRCODE = 'internal_error';
        END IF;
        parts := parts || r.oid;
        uppers := uppers || upper_text;
    END LOOP;
    -- those entirely before the bound, oldest first, in the key's order
    EXECUTE format('SELECT coalesce(array_agg(u.o ORDER BY u.up::%1$s), ''{}'') FROM unnest($1, $2) u(o, up)
                     WHERE u.up::%1$s %2$s $3::%1$s',
                   key.key_type, key.le_op)
       INTO doomed USING parts, uppers, bound_text;
    IF default_of IS NOT NULL THEN
        EXECUTE format('SELECT EXISTS (SELECT FROM %s d WHERE d.%I %s $1::%s)',
                       default_of, key.key_name, key.lt_op, key.key_type)
           INTO old_rows USING bound_text;
    END IF;
    IF cardinality(doomed) = 0 AND NOT old_rows THEN
        PERFORM set_config('lock_timeout', caller_timeout, true);
        RETURN;
    END IF;

    -- DETACH takes ACCESS EXCLUSIVE on the parent (ONLY: each partition is
    -- locked when it goes) and on its default partition: taken now, so
    -- that a wait names them, and so that no row reaches the default
    -- partition between its check and its detach
    wait_for := 'ACCESS EXCLUSIVE, to detach partitions from it';
    EXECUTE format('LOCK TABLE ONLY %s IN ACCESS EXCLUSIVE MODE', parent);
    IF default_of IS NOT NULL THEN
        wait_rel := default_of;
        wait_for := 'ACCESS EXCLUSIVE, to detach partitions beside this default partition';
        EXECUTE format('LOCK TABLE %s IN ACCESS EXCLUSIVE MODE', default_of);
    END IF;
    IF old_rows THEN
        EXECUTE format('SELECT EXISTS (SELECT FROM %s d WHERE d.%I %s $1::%s)',
                       default_of, key.key_name, key.ge_op, key.key_type)
           INTO new_rows USING bound_text;
        IF new_rows THEN
            RAISE EXCEPTION 'default partition "%" of "%" holds rows at or after "%" as well as rows before it',
                            default_of, parent, older_than
                USING ERRCODE = 'object_not_in_prerequisite_state',
                      DETAIL = 'Dropping it would drop rows newer than the bound; nothing was detached or dropped.',
                      HINT = format('Delete its older rows (DELETE FROM %s WHERE %I %s %s(%L)), or move them into partitions of their own (docs/partitioning.md "A default partition").',
                                    default_of, key.key_name, key.lt_op, key.bound_fn::oid::regproc, older_than);
        END IF;
        doomed := doomed || default_of::oid;
    END IF;
    -- A foreign table holds rows elsewhere, which DROP TABLE cannot drop.
    SELECT c.oid::regclass AS part INTO r FROM pg_class c WHERE c.oid = ANY (doomed) AND c.relkind = 'f' LIMIT 1;
    IF FOUND THEN
        RAISE EXCEPTION 'partition "%" of "%" is a foreign table', r.part, parent
            USING ERRCODE = 'wrong_object_type',
                  DETAIL = 'uidx_drop_time_partitions drops local partitions only; nothing was detached or dropped.',
                  HINT = 'Detach it with ALTER TABLE ... DETACH PARTITION, and drop its rows where they are.';
    END IF;

    -- The per-call limit: every table of each partition's tree (a striped
    -- partition and its stripes) stays locked until the transaction ends,
    -- with its row type and array type, each index and its constraint, and
    -- its TOAST table, index and type.
    SELECT sum(3 + 2 * (SELECT count(*) FROM pg_index x WHERE x.indrelid = t.relid)
               + CASE WHEN c.reltoastrelid <> 0 THEN 3 ELSE 0 END)::integer + 2
      INTO needed
      FROM unnest(doomed) d(o)
     CROSS JOIN LATERAL pg_partition_tree(d.o) t
      JOIN pg_class c ON c.oid = t.relid;
    budget := @extschema@.uidx_partition_lock_budget();
    IF needed > budget THEN
        RAISE EXCEPTION 'too many partitions: dropping the % partitions of "%" before "%" takes about % locks, more than one call may take (%)',
                        cardinality(doomed), parent, older_than, needed, budget
            USING ERRCODE = 'program_limit_exceeded',
                  DETAIL = format('Each dropped table, index and type stays locked until the transaction ends; one call takes at most %s locks, half of max_locks_per_transaction (%s) x (max_connections (%s) + max_prepared_transactions (%s)).',
                                  budget, current_setting('max_locks_per_transaction'),
                                  current_setting('max_connections'), current_setting('max_prepared_transactions')),
                  HINT = 'Drop them in several calls, an earlier older_than first, each in a transaction of its own, or raise max_locks_per_transaction.';
    END IF;

    -- each partition before any is detached, so that a wait names it; with
    -- its stripes where DROP TABLE will lock them too
    FOR r IN SELECT d.o::regclass AS part FROM unnest(doomed) WITH ORDINALITY d(o, i) ORDER BY d.i LOOP
        wait_rel := r.part;
        wait_for := CASE WHEN detach_only THEN 'ACCESS EXCLUSIVE, to detach it' ELSE 'ACCESS EXCLUSIVE, to detach and drop it' END;
        EXECUTE format('LOCK TABLE %s%s IN ACCESS EXCLUSIVE MODE', CASE WHEN detach_only THEN 'ONLY ' ELSE '' END, r.part);
    END LOOP;
    wait_rel := NULL;
    FOR r IN SELECT d.o::regclass AS part, format('%I.%I', n.nspname, c.relname) AS name
               FROM unnest(doomed) WITH ORDINALITY d(o, i)
               JOIN pg_class c ON c.oid = d.o JOIN pg_namespace n ON n.oid = c.relnamespace
              ORDER BY d.i
    LOOP
        wait_for := format('detach partition "%s" from "%s"', r.name, parent);
        EXECUTE format('ALTER TABLE %s DETACH PARTITION %s', parent, r.part);
        IF NOT detach_only THEN
            wait_for := format('drop partition "%s" of "%s"', r.name, parent);
            EXECUTE format('DROP TABLE %s', r.part);
        END IF;
        RETURN NEXT r.name;
    END LOOP;
    PERFORM set_config('lock_timeout', caller_timeout, true);
EXCEPTION WHEN lock_not_available THEN
    PERFORM @extschema@.uidx_raise_lock_wait('uidx_drop_time_partitions', parent, wait_rel, wait_for);
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_drop_time_partitions(regclass, timestamptz, boolean) IS 'detaches and drops (or only detaches) the time partitions of a table that lie entirely before a time, and returns their names';
CREATE OR REPLACE FUNCTION @extschema@.uidx_drop_time_partitions(parent regclass, older_than interval,
                                                      detach_only boolean DEFAULT false)
RETURNS SETOF text
LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp
AS $fn$
BEGIN
    IF parent IS NULL OR older_than IS NULL OR detach_only IS NULL THEN
        RAISE EXCEPTION 'uidx_drop_time_partitions: % must not be null',
                        CASE WHEN parent IS NULL THEN 'parent' WHEN older_than IS NULL THEN 'older_than'
                             ELSE 'detach_only' END
            USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF older_than < interval '0' THEN
        RAISE EXCEPTION 'older_than must not be negative: "%"', older_than
            USING ERRCODE = 'invalid_parameter_value',
                  HINT = 'Give the age of the oldest rows to keep, such as interval ''90 days''.';
    END IF;
    IF NOT isfinite(older_than) THEN
        RAISE EXCEPTION 'older_than must be finite: "%"', older_than
            USING ERRCODE = 'datetime_field_overflow';
    END IF;
    RETURN QUERY SELECT * FROM @extschema@.uidx_drop_time_partitions(parent, now() - older_than, detach_only);
END
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_drop_time_partitions(regclass, interval, boolean) IS 'detaches and drops (or only detaches) the time partitions of a table that lie entirely before now() - older_than, and returns their names';
CREATE OR REPLACE FUNCTION uidx_uuid_lower_bound(at timestamptz) RETURNS uuid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uidx_uuid_lower_bound(timestamptz) IS 'smallest uuid whose first six bytes hold the unix millisecond of at (partition bound)';
CREATE OR REPLACE FUNCTION uidx_time_bound(at timestamptz, time_offset integer, epoch timestamptz,
                                upper boolean) RETURNS uuid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uidx_time_bound(timestamptz, integer, timestamptz, boolean) IS 'internal: the index range bound the time functions'' planner support puts into index conditions';
CREATE OR REPLACE FUNCTION uidx_is_valid(input text, type regtype) RETURNS boolean
    AS 'MODULE_PATHNAME' LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uidx_is_valid(text, regtype) IS 'whether text is a valid input of a uidx type or uuid, without raising (pg_input_is_valid for PostgreSQL 15)';
CREATE OR REPLACE FUNCTION uidx_create_stripes(parent regclass, stripes integer)
RETURNS SETOF regclass
LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    strategy    "char";
    nkeys       int2;
    parent_ns   name;
    parent_name name;
    other       record;
    existing    regclass;
    names       text[] := '{}';
    held        integer[];
    caller_timeout text;
    wait_rel    regclass;
    wait_for    text;
BEGIN
    IF parent IS NULL OR stripes IS NULL THEN
        RAISE EXCEPTION 'uidx_create_stripes: % must not be null',
                        CASE WHEN parent IS NULL THEN 'parent' ELSE 'stripes' END
            USING ERRCODE = 'null_value_not_allowed';
    END IF;
    caller_timeout := @extschema@.uidx_ddl_begin('uidx_create_stripes');
    SELECT p.partstrat, p.partnatts, n.nspname, c.relname
      INTO strategy, nkeys, parent_ns, parent_name
      FROM pg_partitioned_table p
      JOIN pg_class c ON c.oid = p.partrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE p.partrelid = parent;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'relation "%" is not a partitioned table', parent
            USING ERRCODE = 'wrong_object_type';
    END IF;
    IF strategy <> 'h' OR nkeys <> 1 THEN
        RAISE EXCEPTION 'table "%" must be partitioned BY HASH on a single column', parent
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF stripes < 1 OR stripes > 1024 THEN
        RAISE EXCEPTION 'stripes must be between 1 and 1024: %', stripes
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    -- what exists is read after the lock: a call that waited for another
    -- finds its stripes (and their count)
    wait_rel := parent;
    wait_for := 'SHARE UPDATE EXCLUSIVE, which one partition helper at a time holds';
    PERFORM @extschema@.uidx_lock_partitioned(parent);
    -- PostgreSQL accepts mixed moduli that divide each other; uidx keeps
    -- one, so that the stripes stay equal and their names say their remainder
    SELECT c.oid::regclass AS part,
           substring(pg_get_expr(c.relpartbound, c.oid) FROM 'modulus (\d+)')::integer AS modulus
      INTO other
      FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
     WHERE i.inhparent = parent
       AND substring(pg_get_expr(c.relpartbound, c.oid) FROM 'modulus (\d+)')::integer <> stripes
     LIMIT 1;
    IF FOUND THEN
        RAISE EXCEPTION 'table "%" already has stripes of another count: "%" is one of %',
                        parent, other.part, other.modulus
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    SELECT coalesce(array_agg(substring(pg_get_expr(c.relpartbound, c.oid) FROM 'remainder (\d+)')::integer), '{}')
      INTO held
      FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
     WHERE i.inhparent = parent;

    -- every name first: nothing is created for a request that is refused
    FOR r IN 0 .. stripes - 1 LOOP
        names[r + 1] := @extschema@.uidx_partition_name(parent_name, '_s' || lpad(r::text, length((stripes - 1)::text), '0'));
        CONTINUE WHEN r = ANY (held);
        existing := @extschema@.uidx_existing_relation(parent_ns, names[r + 1]);
        IF existing IS NOT NULL THEN
            RAISE EXCEPTION 'relation "%" already exists and is not a partition of "%"', existing, parent
                USING ERRCODE = 'duplicate_table';
        END IF;
    END LOOP;

    IF cardinality(held) < stripes THEN
        -- CREATE TABLE ... PARTITION OF locks the parent ACCESS EXCLUSIVE:
        -- taken first, so that a wait names it
        wait_for := 'ACCESS EXCLUSIVE, to create stripes of it';
        EXECUTE format('LOCK TABLE ONLY %s IN ACCESS EXCLUSIVE MODE', parent);
    END IF;
    wait_rel := NULL;
    FOR r IN 0 .. stripes - 1 LOOP
        CONTINUE WHEN r = ANY (held);
        wait_for := format('create stripe "%s.%s" of "%s"', parent_ns, names[r + 1], parent);
        EXECUTE format('CREATE TABLE %I.%I PARTITION OF %s FOR VALUES WITH (MODULUS %s, REMAINDER %s)',
                       parent_ns, names[r + 1], parent, stripes, r);
        RETURN NEXT format('%I.%I', parent_ns, names[r + 1])::regclass;
    END LOOP;
    PERFORM set_config('lock_timeout', caller_timeout, true);
EXCEPTION WHEN lock_not_available THEN
    PERFORM @extschema@.uidx_raise_lock_wait('uidx_create_stripes', parent, wait_rel, wait_for);
END
$fn$;
COMMENT ON FUNCTION uidx_create_stripes(regclass, integer) IS 'creates the missing hash partitions (stripes) of a table partitioned by hash on its key';
CREATE OR REPLACE FUNCTION iuid_in(cstring) RETURNS iuid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE OR REPLACE FUNCTION iuid_out(iuid) RETURNS cstring
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE OR REPLACE FUNCTION iuid_recv(internal) RETURNS iuid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE OR REPLACE FUNCTION iuid_send(iuid) RETURNS bytea
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION iuid_in(cstring) IS 'text input of iuid (validating)';
COMMENT ON FUNCTION iuid_out(iuid) IS 'text output of iuid';
COMMENT ON FUNCTION iuid_recv(internal) IS 'binary input of iuid: 16 bytes, the uuid wire format (validating)';
COMMENT ON FUNCTION iuid_send(iuid) IS 'binary output of iuid: 16 bytes, the uuid wire format';
CREATE OR REPLACE FUNCTION iuid_cmp(iuid, iuid) RETURNS integer
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION iuid_eq(iuid, iuid) RETURNS boolean
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION iuid_ne(iuid, iuid) RETURNS boolean
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION iuid_lt(iuid, iuid) RETURNS boolean
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION iuid_le(iuid, iuid) RETURNS boolean
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION iuid_gt(iuid, iuid) RETURNS boolean
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION iuid_ge(iuid, iuid) RETURNS boolean
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION iuid_sortsupport(internal) RETURNS void
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE OR REPLACE FUNCTION iuid_hash(iuid) RETURNS integer
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION iuid_hash_extended(iuid, bigint) RETURNS bigint
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION iuid_cmp(iuid, iuid) IS 'btree comparison of iuid';
COMMENT ON FUNCTION iuid_eq(iuid, iuid) IS 'implementation of = for iuid';
COMMENT ON FUNCTION iuid_ne(iuid, iuid) IS 'implementation of <> for iuid';
COMMENT ON FUNCTION iuid_lt(iuid, iuid) IS 'implementation of < for iuid';
COMMENT ON FUNCTION iuid_le(iuid, iuid) IS 'implementation of <= for iuid';
COMMENT ON FUNCTION iuid_gt(iuid, iuid) IS 'implementation of > for iuid';
COMMENT ON FUNCTION iuid_ge(iuid, iuid) IS 'implementation of >= for iuid';
COMMENT ON FUNCTION iuid_sortsupport(internal) IS 'sort support of iuid, with abbreviated keys';
COMMENT ON FUNCTION iuid_hash(iuid) IS 'hash of iuid, equal to uuid_hash of the same 16 bytes';
COMMENT ON FUNCTION iuid_hash_extended(iuid, bigint) IS 'extended hash of iuid, equal to uuid_hash_extended of the same 16 bytes';
CREATE OR REPLACE FUNCTION iuid(uuid) RETURNS iuid
    AS 'MODULE_PATHNAME', 'iuid_from_uuid' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION iuid(uuid) IS 'cast from uuid to iuid, validating (22P02 for a value of another layout)';
CREATE OR REPLACE FUNCTION iuid_uuid_cmp(iuid, uuid) RETURNS integer
    AS 'MODULE_PATHNAME', 'iuid_cmp' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION iuid_uuid_eq(iuid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_eq' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION iuid_uuid_ne(iuid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_ne' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION iuid_uuid_lt(iuid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_lt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION iuid_uuid_le(iuid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_le' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION iuid_uuid_gt(iuid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_gt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION iuid_uuid_ge(iuid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_ge' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION uuid_iuid_cmp(uuid, iuid) RETURNS integer
    AS 'MODULE_PATHNAME', 'iuid_cmp' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION uuid_iuid_eq(uuid, iuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_eq' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION uuid_iuid_ne(uuid, iuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_ne' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION uuid_iuid_lt(uuid, iuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_lt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION uuid_iuid_le(uuid, iuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_le' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION uuid_iuid_gt(uuid, iuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_gt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION uuid_iuid_ge(uuid, iuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_ge' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION uuid_as_iuid_cmp(uuid, uuid) RETURNS integer
    AS 'MODULE_PATHNAME', 'iuid_cmp' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION uuid_as_iuid_eq(uuid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_eq' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION uuid_as_iuid_lt(uuid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_lt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION uuid_as_iuid_le(uuid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_le' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION uuid_as_iuid_gt(uuid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_gt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION uuid_as_iuid_ge(uuid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_ge' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION iuid_uuid_cmp(iuid, uuid) IS 'btree comparison of iuid and uuid, in iuid order';
COMMENT ON FUNCTION iuid_uuid_eq(iuid, uuid) IS 'implementation of = for iuid and uuid';
COMMENT ON FUNCTION iuid_uuid_ne(iuid, uuid) IS 'implementation of <> for iuid and uuid';
COMMENT ON FUNCTION iuid_uuid_lt(iuid, uuid) IS 'implementation of < for iuid and uuid, in iuid order';
COMMENT ON FUNCTION iuid_uuid_le(iuid, uuid) IS 'implementation of <= for iuid and uuid, in iuid order';
COMMENT ON FUNCTION iuid_uuid_gt(iuid, uuid) IS 'implementation of > for iuid and uuid, in iuid order';
COMMENT ON FUNCTION iuid_uuid_ge(iuid, uuid) IS 'implementation of >= for iuid and uuid, in iuid order';
COMMENT ON FUNCTION uuid_iuid_cmp(uuid, iuid) IS 'btree comparison of uuid and iuid, in iuid order';
COMMENT ON FUNCTION uuid_iuid_eq(uuid, iuid) IS 'implementation of = for uuid and iuid';
COMMENT ON FUNCTION uuid_iuid_ne(uuid, iuid) IS 'implementation of <> for uuid and iuid';
COMMENT ON FUNCTION uuid_iuid_lt(uuid, iuid) IS 'implementation of < for uuid and iuid, in iuid order';
COMMENT ON FUNCTION uuid_iuid_le(uuid, iuid) IS 'implementation of <= for uuid and iuid, in iuid order';
COMMENT ON FUNCTION uuid_iuid_gt(uuid, iuid) IS 'implementation of > for uuid and iuid, in iuid order';
COMMENT ON FUNCTION uuid_iuid_ge(uuid, iuid) IS 'implementation of >= for uuid and iuid, in iuid order';
COMMENT ON FUNCTION uuid_as_iuid_cmp(uuid, uuid) IS 'btree comparison of two uuids in iuid order, for the iuid operator family';
COMMENT ON FUNCTION uuid_as_iuid_eq(uuid, uuid) IS 'implementation of #=#: two uuids are equal (the iuid operator family''s uuid equality)';
COMMENT ON FUNCTION uuid_as_iuid_lt(uuid, uuid) IS 'implementation of #<#: two uuids compared in iuid order';
COMMENT ON FUNCTION uuid_as_iuid_le(uuid, uuid) IS 'implementation of #<=#: two uuids compared in iuid order';
COMMENT ON FUNCTION uuid_as_iuid_gt(uuid, uuid) IS 'implementation of #>#: two uuids compared in iuid order';
COMMENT ON FUNCTION uuid_as_iuid_ge(uuid, uuid) IS 'implementation of #>=#: two uuids compared in iuid order';
CREATE OR REPLACE FUNCTION iuid_larger(iuid, iuid) RETURNS iuid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE OR REPLACE FUNCTION iuid_smaller(iuid, iuid) RETURNS iuid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION iuid_larger(iuid, iuid) IS 'the larger of two iuid values (for max)';
COMMENT ON FUNCTION iuid_smaller(iuid, iuid) IS 'the smaller of two iuid values (for min)';
CREATE OR REPLACE FUNCTION iuid_generate(service_entity integer, country integer DEFAULT NULL)
RETURNS iuid
    AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION iuid_generate(integer, integer) IS 'new iUID for now, monotonic per backend; country NULL means uidx.country';
CREATE OR REPLACE FUNCTION @extschema@.iuid_generate(service_entity text, country integer DEFAULT NULL)
RETURNS iuid
LANGUAGE sql VOLATILE PARALLEL SAFE
AS $$
SELECT @extschema@.iuid_generate(
    COALESCE((SELECT e.code::pg_catalog.int4
                FROM @extschema@.iuid_service_entity e
               WHERE e.name OPERATOR(pg_catalog.=) $1),
             @extschema@.uidx_raise_unknown_name('iuid service entity', $1)),
    $2)
$$;
COMMENT ON FUNCTION @extschema@.iuid_generate(text, integer) IS 'new iUID for now, the service entity looked up by name in iuid_service_entity';
CREATE OR REPLACE FUNCTION iuid_generate_at(at timestamptz, service_entity integer,
                                 country integer DEFAULT NULL)
RETURNS iuid
    AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION iuid_generate_at(timestamptz, integer, integer) IS 'new iUID with the given time and fresh random bits (backfills)';
CREATE OR REPLACE FUNCTION iuid_from_parts(at timestamptz, country integer,
                                service_entity integer, random bigint DEFAULT 0)
RETURNS iuid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION iuid_from_parts(timestamptz, integer, integer, bigint) IS 'iUID packed from exactly the given fields';
CREATE OR REPLACE FUNCTION iuid_lower_bound(at timestamptz) RETURNS iuid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION iuid_lower_bound(timestamptz) IS 'smallest iUID of the millisecond of at (range scans, partition bounds)';
CREATE OR REPLACE FUNCTION iuid_time_bound(at timestamptz, upper boolean, inclusive boolean) RETURNS iuid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION iuid_time_bound(timestamptz, boolean, boolean) IS 'internal: the iuid bound of an instant in the conditions that time filters on iuid keys imply';
CREATE OR REPLACE FUNCTION iuid_timestamp(iuid) RETURNS timestamptz
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION iuid_timestamp(iuid) IS 'creation time (millisecond) of an iUID';
CREATE OR REPLACE FUNCTION iuid_country(iuid) RETURNS integer
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION iuid_country(iuid) IS 'country code of an iUID';
CREATE OR REPLACE FUNCTION iuid_service_entity(iuid) RETURNS integer
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION iuid_service_entity(iuid) IS 'service entity code of an iUID';
CREATE OR REPLACE FUNCTION iuid_format_version(iuid) RETURNS integer
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION iuid_format_version(iuid) IS 'format version of an iUID (0)';
CREATE OR REPLACE FUNCTION iuid_random(iuid) RETURNS bigint
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION iuid_random(iuid) IS '54 random bits of an iUID';
CREATE OR REPLACE FUNCTION iuid_timestamp(uuid) RETURNS timestamptz
    AS 'MODULE_PATHNAME', 'iuid_timestamp_uuid' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION iuid_timestamp(uuid) IS 'creation time of an iUID held in a uuid; NULL for other layouts';
CREATE OR REPLACE FUNCTION iuid_country(uuid) RETURNS integer
    AS 'MODULE_PATHNAME', 'iuid_country_uuid' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION iuid_country(uuid) IS 'country code of an iUID held in a uuid; NULL for other layouts';
CREATE OR REPLACE FUNCTION iuid_service_entity(uuid) RETURNS integer
    AS 'MODULE_PATHNAME', 'iuid_service_entity_uuid' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION iuid_service_entity(uuid) IS 'service entity code of an iUID held in a uuid; NULL for other layouts';
CREATE OR REPLACE FUNCTION iuid_format_version(uuid) RETURNS integer
    AS 'MODULE_PATHNAME', 'iuid_format_version_uuid' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION iuid_format_version(uuid) IS 'format version of an iUID held in a uuid; NULL for other layouts';
CREATE OR REPLACE FUNCTION iuid_random(uuid) RETURNS bigint
    AS 'MODULE_PATHNAME', 'iuid_random_uuid' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION iuid_random(uuid) IS 'random bits of an iUID held in a uuid; NULL for other layouts';
CREATE OR REPLACE FUNCTION iuid_partman_encoder(ts timestamptz) RETURNS uuid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.iuid_lower_bound(ts)::pg_catalog.uuid $$;
COMMENT ON FUNCTION iuid_partman_encoder(timestamptz) IS 'pg_partman p_time_encoder for iUIDs in uuid columns';
CREATE OR REPLACE FUNCTION iuid_partman_decoder(id text) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.iuid_timestamp(id::pg_catalog.uuid) $$;
COMMENT ON FUNCTION iuid_partman_decoder(text) IS 'pg_partman p_time_decoder for iUIDs in uuid columns';
CREATE OR REPLACE FUNCTION iuid_country_cmp(iuid, iuid) RETURNS integer
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION iuid_country_lt(iuid, iuid) RETURNS boolean
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION iuid_country_le(iuid, iuid) RETURNS boolean
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION iuid_country_gt(iuid, iuid) RETURNS boolean
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION iuid_country_ge(iuid, iuid) RETURNS boolean
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION iuid_country_sortsupport(internal) RETURNS void
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION iuid_country_cmp(iuid, iuid) IS 'btree comparison of iuid in the country order';
COMMENT ON FUNCTION iuid_country_lt(iuid, iuid) IS 'implementation of ~<~ for iuid: country first';
COMMENT ON FUNCTION iuid_country_le(iuid, iuid) IS 'implementation of ~<=~ for iuid: country first';
COMMENT ON FUNCTION iuid_country_gt(iuid, iuid) IS 'implementation of ~>~ for iuid: country first';
COMMENT ON FUNCTION iuid_country_ge(iuid, iuid) IS 'implementation of ~>=~ for iuid: country first';
COMMENT ON FUNCTION iuid_country_sortsupport(internal) IS 'sort support of iuid in the country order, with abbreviated keys that start with the country';
CREATE OR REPLACE FUNCTION iuid_country_cmp(iuid, uuid) RETURNS integer
    AS 'MODULE_PATHNAME', 'iuid_country_cmp' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION iuid_country_lt(iuid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_country_lt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION iuid_country_le(iuid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_country_le' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION iuid_country_gt(iuid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_country_gt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION iuid_country_ge(iuid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_country_ge' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION iuid_country_cmp(uuid, iuid) RETURNS integer
    AS 'MODULE_PATHNAME', 'iuid_country_cmp' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION iuid_country_lt(uuid, iuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_country_lt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION iuid_country_le(uuid, iuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_country_le' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION iuid_country_gt(uuid, iuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_country_gt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION iuid_country_ge(uuid, iuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_country_ge' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION iuid_country_cmp(uuid, uuid) RETURNS integer
    AS 'MODULE_PATHNAME', 'iuid_country_cmp' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION iuid_country_lt(uuid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_country_lt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION iuid_country_le(uuid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_country_le' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION iuid_country_gt(uuid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_country_gt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION iuid_country_ge(uuid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_country_ge' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION iuid_country_eq(uuid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_eq' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION iuid_country_cmp(iuid, uuid) IS 'btree comparison of iuid and uuid in the iuid country order';
COMMENT ON FUNCTION iuid_country_lt(iuid, uuid) IS 'implementation of ~<~ for iuid and uuid: country first';
COMMENT ON FUNCTION iuid_country_le(iuid, uuid) IS 'implementation of ~<=~ for iuid and uuid: country first';
COMMENT ON FUNCTION iuid_country_gt(iuid, uuid) IS 'implementation of ~>~ for iuid and uuid: country first';
COMMENT ON FUNCTION iuid_country_ge(iuid, uuid) IS 'implementation of ~>=~ for iuid and uuid: country first';
COMMENT ON FUNCTION iuid_country_cmp(uuid, iuid) IS 'btree comparison of uuid and iuid in the iuid country order';
COMMENT ON FUNCTION iuid_country_lt(uuid, iuid) IS 'implementation of ~<~ for uuid and iuid: country first';
COMMENT ON FUNCTION iuid_country_le(uuid, iuid) IS 'implementation of ~<=~ for uuid and iuid: country first';
COMMENT ON FUNCTION iuid_country_gt(uuid, iuid) IS 'implementation of ~>~ for uuid and iuid: country first';
COMMENT ON FUNCTION iuid_country_ge(uuid, iuid) IS 'implementation of ~>=~ for uuid and iuid: country first';
COMMENT ON FUNCTION iuid_country_cmp(uuid, uuid) IS 'btree comparison of two uuids in the iuid country order, for the iuid_country_ops family';
COMMENT ON FUNCTION iuid_country_lt(uuid, uuid) IS 'implementation of ~<~ for two uuids in the iuid country order';
COMMENT ON FUNCTION iuid_country_le(uuid, uuid) IS 'implementation of ~<=~ for two uuids in the iuid country order';
COMMENT ON FUNCTION iuid_country_gt(uuid, uuid) IS 'implementation of ~>~ for two uuids in the iuid country order';
COMMENT ON FUNCTION iuid_country_ge(uuid, uuid) IS 'implementation of ~>=~ for two uuids in the iuid country order';
COMMENT ON FUNCTION iuid_country_eq(uuid, uuid) IS 'implementation of ~=~: two uuids are equal (the iuid_country_ops family''s uuid equality)';
CREATE OR REPLACE FUNCTION iuid_country_lower_bound(country integer) RETURNS iuid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION iuid_country_lower_bound(integer) IS 'the smallest iuid of a country in the country order: a partition bound for iuid_country_ops';
CREATE OR REPLACE FUNCTION uidx_router_partitions(parent regclass, OUT part regclass, OUT relname name,
                                       OUT relkind "char", OUT server name, OUT reads_schema text,
                                       OUT reads_table text, OUT lo text, OUT hi text)
RETURNS SETOF record
LANGUAGE sql STABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$
SELECT k.oid::regclass, k.relname, k.relkind, fs.srvname,
       CASE WHEN ft.ftrelid IS NOT NULL
            THEN COALESCE((SELECT substr(o, 13) FROM unnest(ft.ftoptions) o WHERE o LIKE 'schema\_name=%'),
                          kn.nspname) END,
       CASE WHEN ft.ftrelid IS NOT NULL
            THEN COALESCE((SELECT substr(o, 12) FROM unnest(ft.ftoptions) o WHERE o LIKE 'table\_name=%'),
                          k.relname) END,
       m[1], m[2]
  FROM pg_inherits i
  JOIN pg_class k ON k.oid = i.inhrelid
  JOIN pg_namespace kn ON kn.oid = k.relnamespace
  LEFT JOIN pg_foreign_table ft ON ft.ftrelid = k.oid
  LEFT JOIN pg_foreign_server fs ON fs.oid = ft.ftserver
  CROSS JOIN LATERAL regexp_match(pg_get_expr(k.relpartbound, k.oid),
                                  '^FOR VALUES FROM \(''?([^'')]*)''?\) TO \(''?([^'')]*)''?\)$') m
 WHERE i.inhparent = parent AND m IS NOT NULL
$$;
COMMENT ON FUNCTION uidx_router_partitions(regclass) IS 'internal: the range partitions of a router table, their bounds and remote tables';
CREATE OR REPLACE FUNCTION uidx_region_partitions(OUT router regclass, OUT country integer, OUT part regclass,
                                       OUT server name)
RETURNS SETOF record
LANGUAGE sql STABLE PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$
SELECT pt.partrelid::regclass, c, r.part, r.server
  FROM pg_partitioned_table pt
 CROSS JOIN LATERAL @extschema@.uidx_router_partitions(pt.partrelid::regclass) r
 CROSS JOIN LATERAL generate_series(
           CASE WHEN r.lo = 'MINVALUE' THEN 0 ELSE @extschema@.iuid_country(r.lo::@extschema@.iuid) END,
           CASE WHEN r.hi = 'MAXVALUE' THEN 255 ELSE @extschema@.iuid_country(r.hi::@extschema@.iuid) - 1 END) c
 WHERE pt.partstrat = 'r' AND pt.partnatts = 1
   AND pt.partclass[0] = (SELECT o.oid FROM pg_opclass o JOIN pg_am am ON am.oid = o.opcmethod
                           WHERE o.opcname = 'iuid_country_ops' AND am.amname = 'btree'
                             AND o.opcnamespace = (SELECT e.extnamespace FROM pg_extension e WHERE e.extname = 'uidx'))
$$;
COMMENT ON FUNCTION uidx_region_partitions() IS 'internal: every country that a router partition holds, with the partition and its server';
CREATE OR REPLACE FUNCTION @extschema@.uidx_region_current(OUT country smallint, OUT server name, OUT part regclass,
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
CREATE OR REPLACE FUNCTION @extschema@.uidx_region_lock() RETURNS void
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
CREATE OR REPLACE FUNCTION @extschema@.uidx_region_check(repair boolean DEFAULT false)
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
CREATE OR REPLACE FUNCTION @extschema@.uidx_attach_countries(parent regclass, region_server name, is_local boolean,
                                                  countries integer[], remote_table text)
RETURNS SETOF regclass
LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    ext_ns      oid;
    key_opclass oid;
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
    lb          @extschema@.iuid;
    ub          @extschema@.iuid;   -- NULL: above every iuid
    lo          @extschema@.iuid;   -- NULL: MINVALUE
    hi          @extschema@.iuid;   -- NULL: MAXVALUE
    run_first   integer;
    run_last    integer;
    merged      integer[];
    replaced    regclass[] := '{}';
    detached    regclass;
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
                  HINT = 'A country belongs to exactly one region: see the table uidx_region.';
    END IF;

    -- The countries the partitions of `parent` hold, from their bounds (C:
    -- the text of an iuid, MINVALUE or MAXVALUE; uidx_sql: a list of
    -- integers, maybe with NULL).  A country held whole by a partition of
    -- this region is done; one held by any other partition, even in part, is
    -- a conflict.
    FOREACH c IN ARRAY wanted LOOP
        done := false;
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

    -- One partition per run of consecutive countries (uidx_sql: per region,
    -- for a foreign one).
    FOREACH c IN ARRAY todo || ARRAY[NULL::integer] LOOP
        IF run_first IS NOT NULL AND (c IS NULL OR c <> run_last + 1) THEN
            -- the parent part shortened, so that the country suffix is never
            -- cut and the name leaves room for its array type's
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
            run_first := NULL;
        END IF;
        IF c IS NOT NULL AND run_first IS NULL THEN
            run_first := c;
        END IF;
        run_last := c;
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
CREATE OR REPLACE FUNCTION @extschema@.uidx_attach_region(parent regclass, server name, countries integer[],
                                               remote_table text DEFAULT NULL)
RETURNS SETOF regclass
LANGUAGE sql VOLATILE PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp
AS $$
SELECT @extschema@.uidx_attach_countries(parent, server, false, countries, remote_table)
$$;
COMMENT ON FUNCTION @extschema@.uidx_attach_region(regclass, name, integer[], text) IS 'makes the postgres_fdw partitions of a router table for the countries of a region, and registers them';
CREATE OR REPLACE FUNCTION @extschema@.uidx_attach_local_region(parent regclass, countries integer[])
RETURNS SETOF regclass
LANGUAGE sql VOLATILE PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp
AS $$
SELECT @extschema@.uidx_attach_countries(parent, NULL, true, countries, NULL)
$$;
COMMENT ON FUNCTION @extschema@.uidx_attach_local_region(regclass, integer[]) IS 'makes the local partitions of a router table for the router''s own countries, each partitioned by time, and registers them';
CREATE OR REPLACE FUNCTION @extschema@.uidx_region_of(id @extschema@.iuid) RETURNS name
LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    wanted integer := @extschema@.iuid_country(id);
    result name;
BEGIN
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
COMMENT ON FUNCTION @extschema@.uidx_region_of(@extschema@.iuid) IS 'the foreign server of the region that holds the id''s country (NULL: this database)';
CREATE OR REPLACE FUNCTION comb_in(cstring) RETURNS comb
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE OR REPLACE FUNCTION comb_out(comb) RETURNS cstring
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE OR REPLACE FUNCTION comb_recv(internal) RETURNS comb
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE OR REPLACE FUNCTION comb_send(comb) RETURNS bytea
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION comb_in(cstring) IS 'text input of comb (validating)';
COMMENT ON FUNCTION comb_out(comb) IS 'text output of comb';
COMMENT ON FUNCTION comb_recv(internal) IS 'binary input of comb: 16 bytes, the uuid wire format (validating)';
COMMENT ON FUNCTION comb_send(comb) IS 'binary output of comb: 16 bytes, the uuid wire format';
CREATE OR REPLACE FUNCTION comb_cmp(comb, comb) RETURNS integer
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION comb_eq(comb, comb) RETURNS boolean
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION comb_ne(comb, comb) RETURNS boolean
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION comb_lt(comb, comb) RETURNS boolean
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION comb_le(comb, comb) RETURNS boolean
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION comb_gt(comb, comb) RETURNS boolean
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION comb_ge(comb, comb) RETURNS boolean
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION comb_sortsupport(internal) RETURNS void
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE OR REPLACE FUNCTION comb_hash(comb) RETURNS integer
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION comb_hash_extended(comb, bigint) RETURNS bigint
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION comb_cmp(comb, comb) IS 'btree comparison of comb';
COMMENT ON FUNCTION comb_eq(comb, comb) IS 'implementation of = for comb';
COMMENT ON FUNCTION comb_ne(comb, comb) IS 'implementation of <> for comb';
COMMENT ON FUNCTION comb_lt(comb, comb) IS 'implementation of < for comb';
COMMENT ON FUNCTION comb_le(comb, comb) IS 'implementation of <= for comb';
COMMENT ON FUNCTION comb_gt(comb, comb) IS 'implementation of > for comb';
COMMENT ON FUNCTION comb_ge(comb, comb) IS 'implementation of >= for comb';
COMMENT ON FUNCTION comb_sortsupport(internal) IS 'sort support of comb, with abbreviated keys';
COMMENT ON FUNCTION comb_hash(comb) IS 'hash of comb, equal to uuid_hash of the same 16 bytes';
COMMENT ON FUNCTION comb_hash_extended(comb, bigint) IS 'extended hash of comb, equal to uuid_hash_extended of the same 16 bytes';
CREATE OR REPLACE FUNCTION comb(uuid) RETURNS comb
    AS 'MODULE_PATHNAME', 'comb_from_uuid' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION comb(uuid) IS 'cast from uuid to comb, validating (22P02 for a value of another layout)';
CREATE OR REPLACE FUNCTION comb_uuid_cmp(comb, uuid) RETURNS integer
    AS 'MODULE_PATHNAME', 'comb_cmp' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION comb_uuid_eq(comb, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'comb_eq' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION comb_uuid_ne(comb, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'comb_ne' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION comb_uuid_lt(comb, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'comb_lt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION comb_uuid_le(comb, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'comb_le' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION comb_uuid_gt(comb, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'comb_gt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION comb_uuid_ge(comb, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'comb_ge' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION uuid_comb_cmp(uuid, comb) RETURNS integer
    AS 'MODULE_PATHNAME', 'comb_cmp' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION uuid_comb_eq(uuid, comb) RETURNS boolean
    AS 'MODULE_PATHNAME', 'comb_eq' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION uuid_comb_ne(uuid, comb) RETURNS boolean
    AS 'MODULE_PATHNAME', 'comb_ne' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION uuid_comb_lt(uuid, comb) RETURNS boolean
    AS 'MODULE_PATHNAME', 'comb_lt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION uuid_comb_le(uuid, comb) RETURNS boolean
    AS 'MODULE_PATHNAME', 'comb_le' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION uuid_comb_gt(uuid, comb) RETURNS boolean
    AS 'MODULE_PATHNAME', 'comb_gt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION uuid_comb_ge(uuid, comb) RETURNS boolean
    AS 'MODULE_PATHNAME', 'comb_ge' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION uuid_as_comb_cmp(uuid, uuid) RETURNS integer
    AS 'MODULE_PATHNAME', 'comb_cmp' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION uuid_as_comb_eq(uuid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'comb_eq' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION uuid_as_comb_lt(uuid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'comb_lt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION uuid_as_comb_le(uuid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'comb_le' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION uuid_as_comb_gt(uuid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'comb_gt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION uuid_as_comb_ge(uuid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'comb_ge' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION comb_uuid_cmp(comb, uuid) IS 'btree comparison of comb and uuid, in comb order';
COMMENT ON FUNCTION comb_uuid_eq(comb, uuid) IS 'implementation of = for comb and uuid';
COMMENT ON FUNCTION comb_uuid_ne(comb, uuid) IS 'implementation of <> for comb and uuid';
COMMENT ON FUNCTION comb_uuid_lt(comb, uuid) IS 'implementation of < for comb and uuid, in comb order';
COMMENT ON FUNCTION comb_uuid_le(comb, uuid) IS 'implementation of <= for comb and uuid, in comb order';
COMMENT ON FUNCTION comb_uuid_gt(comb, uuid) IS 'implementation of > for comb and uuid, in comb order';
COMMENT ON FUNCTION comb_uuid_ge(comb, uuid) IS 'implementation of >= for comb and uuid, in comb order';
COMMENT ON FUNCTION uuid_comb_cmp(uuid, comb) IS 'btree comparison of uuid and comb, in comb order';
COMMENT ON FUNCTION uuid_comb_eq(uuid, comb) IS 'implementation of = for uuid and comb';
COMMENT ON FUNCTION uuid_comb_ne(uuid, comb) IS 'implementation of <> for uuid and comb';
COMMENT ON FUNCTION uuid_comb_lt(uuid, comb) IS 'implementation of < for uuid and comb, in comb order';
COMMENT ON FUNCTION uuid_comb_le(uuid, comb) IS 'implementation of <= for uuid and comb, in comb order';
COMMENT ON FUNCTION uuid_comb_gt(uuid, comb) IS 'implementation of > for uuid and comb, in comb order';
COMMENT ON FUNCTION uuid_comb_ge(uuid, comb) IS 'implementation of >= for uuid and comb, in comb order';
COMMENT ON FUNCTION uuid_as_comb_cmp(uuid, uuid) IS 'btree comparison of two uuids in comb order, for the comb operator family';
COMMENT ON FUNCTION uuid_as_comb_eq(uuid, uuid) IS 'implementation of ^=^: two uuids are equal (the comb operator family''s uuid equality)';
COMMENT ON FUNCTION uuid_as_comb_lt(uuid, uuid) IS 'implementation of ^<^: two uuids compared in comb order';
COMMENT ON FUNCTION uuid_as_comb_le(uuid, uuid) IS 'implementation of ^<=^: two uuids compared in comb order';
COMMENT ON FUNCTION uuid_as_comb_gt(uuid, uuid) IS 'implementation of ^>^: two uuids compared in comb order';
COMMENT ON FUNCTION uuid_as_comb_ge(uuid, uuid) IS 'implementation of ^>=^: two uuids compared in comb order';
CREATE OR REPLACE FUNCTION comb_larger(comb, comb) RETURNS comb
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE OR REPLACE FUNCTION comb_smaller(comb, comb) RETURNS comb
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION comb_larger(comb, comb) IS 'the larger of two comb values (for max)';
COMMENT ON FUNCTION comb_smaller(comb, comb) IS 'the smaller of two comb values (for min)';
CREATE OR REPLACE FUNCTION comb_prefix_generate() RETURNS uuid
    AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION comb_prefix_generate() IS 'new prefix COMB (time in bytes 0-5) for now';
CREATE OR REPLACE FUNCTION comb_prefix_generate(at timestamptz) RETURNS uuid
    AS 'MODULE_PATHNAME', 'comb_prefix_generate_at' LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION comb_prefix_generate(timestamptz) IS 'new prefix COMB with the given time';
CREATE OR REPLACE FUNCTION comb_suffix_generate() RETURNS comb
    AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION comb_suffix_generate() IS 'new suffix COMB (time in bytes 10-15) for now';
CREATE OR REPLACE FUNCTION comb_suffix_generate(at timestamptz) RETURNS comb
    AS 'MODULE_PATHNAME', 'comb_suffix_generate_at' LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION comb_suffix_generate(timestamptz) IS 'new suffix COMB with the given time';
CREATE OR REPLACE FUNCTION comb_short_prefix_generate(interval_length interval DEFAULT '1 minute',
                                           interval_count integer DEFAULT 65536)
RETURNS uuid
    AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION comb_short_prefix_generate(interval, integer) IS 'new short prefix COMB: an interval counter in the leading bytes (sequential-uuids uuid_time_nextval)';
CREATE OR REPLACE FUNCTION comb_short_suffix_generate(interval_length interval DEFAULT '1 minute')
RETURNS uuid
    AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION comb_short_suffix_generate(interval) IS 'new short suffix COMB: a 16-bit interval counter in bytes 10-11';
CREATE OR REPLACE FUNCTION comb_sequence_generate(seq regclass, block_size integer DEFAULT 65536,
                                       block_count integer DEFAULT 65536)
RETURNS uuid
    AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE PARALLEL UNSAFE;
COMMENT ON FUNCTION comb_sequence_generate(regclass, integer, integer) IS 'new sequence COMB: a block number from nextval in the leading bytes (sequential-uuids uuid_sequence_nextval)';
CREATE OR REPLACE FUNCTION comb_sqlserver_generate() RETURNS comb
    AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION comb_sqlserver_generate() IS 'new SQL Server COMB (datetime days and ticks in bytes 10-15) for now';
CREATE OR REPLACE FUNCTION comb_sqlserver_generate(at timestamptz) RETURNS comb
    AS 'MODULE_PATHNAME', 'comb_sqlserver_generate_at' LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION comb_sqlserver_generate(timestamptz) IS 'new SQL Server COMB with the given time';
CREATE OR REPLACE FUNCTION comb_prefix_from_parts(at timestamptz, random bytea) RETURNS uuid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION comb_prefix_from_parts(timestamptz, bytea) IS 'prefix COMB from a time and the 16 random bytes';
CREATE OR REPLACE FUNCTION comb_suffix_from_parts(at timestamptz, random bytea) RETURNS comb
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION comb_suffix_from_parts(timestamptz, bytea) IS 'suffix COMB from a time and the 16 random bytes';
CREATE OR REPLACE FUNCTION comb_short_prefix_from_parts(at timestamptz, random bytea,
                                             interval_length interval DEFAULT '1 minute',
                                             interval_count integer DEFAULT 65536)
RETURNS uuid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION comb_short_prefix_from_parts(timestamptz, bytea, interval, integer) IS 'short prefix COMB from a time and the 16 random bytes';
CREATE OR REPLACE FUNCTION comb_short_suffix_from_parts(at timestamptz, random bytea,
                                             interval_length interval DEFAULT '1 minute')
RETURNS uuid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION comb_short_suffix_from_parts(timestamptz, bytea, interval) IS 'short suffix COMB from a time and the 16 random bytes';
CREATE OR REPLACE FUNCTION comb_sequence_from_parts(value bigint, random bytea,
                                         block_size integer DEFAULT 65536,
                                         block_count integer DEFAULT 65536)
RETURNS uuid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION comb_sequence_from_parts(bigint, bytea, integer, integer) IS 'sequence COMB from a sequence value and the 16 random bytes';
CREATE OR REPLACE FUNCTION comb_sqlserver_from_parts(at timestamptz, random bytea) RETURNS comb
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION comb_sqlserver_from_parts(timestamptz, bytea) IS 'SQL Server COMB from a time and the 16 random bytes';
CREATE OR REPLACE FUNCTION comb_prefix_timestamp(uuid) RETURNS timestamptz
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION comb_prefix_timestamp(uuid) IS 'time (millisecond) in bytes 0-5 of a prefix COMB; NULL unless version 4, variant 10';
CREATE OR REPLACE FUNCTION comb_timestamp(comb) RETURNS timestamptz
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION comb_timestamp(comb) IS 'time (millisecond) in bytes 10-15 of a comb';
CREATE OR REPLACE FUNCTION comb_sqlserver_timestamp(comb) RETURNS timestamptz
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION comb_sqlserver_timestamp(comb) IS 'SQL Server datetime in bytes 10-15 of a comb';
CREATE OR REPLACE FUNCTION comb_short_prefix(uuid) RETURNS integer
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION comb_short_prefix(uuid) IS '16-bit interval counter of a short prefix COMB; NULL unless version 4, variant 10';
CREATE OR REPLACE FUNCTION comb_short_prefix_is_valid(id uuid, tolerance interval DEFAULT '10 minutes',
                                           at timestamptz DEFAULT pg_catalog.now(),
                                           interval_length interval DEFAULT '1 minute')
RETURNS boolean
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION comb_short_prefix_is_valid(uuid, interval, timestamptz, interval) IS 'whether a short prefix COMB''s counter was current within at +/- tolerance';
CREATE OR REPLACE FUNCTION comb_prefix_to_suffix(uuid) RETURNS comb
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION comb_prefix_to_suffix(uuid) IS 'prefix COMB to the comb type (bytes 0-5 and 10-15 swapped)';
CREATE OR REPLACE FUNCTION comb_suffix_to_prefix(comb) RETURNS uuid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION comb_suffix_to_prefix(comb) IS 'comb to the prefix COMB form (bytes 0-5 and 10-15 swapped)';
CREATE OR REPLACE FUNCTION comb_lower_bound(at timestamptz) RETURNS comb
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION comb_lower_bound(timestamptz) IS 'smallest comb of the millisecond of at (range scans, partition bounds)';
CREATE OR REPLACE FUNCTION comb_time_bound(at timestamptz, upper boolean, inclusive boolean) RETURNS comb
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION comb_time_bound(timestamptz, boolean, boolean) IS 'internal: the comb bound of an instant in the conditions that time filters on comb keys imply';
CREATE OR REPLACE FUNCTION comb_prefix_partman_encoder(ts timestamptz) RETURNS uuid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.comb_prefix_from_parts(ts, '\x00000000000000000000000000000000'::pg_catalog.bytea) $$;
COMMENT ON FUNCTION comb_prefix_partman_encoder(timestamptz) IS 'pg_partman p_time_encoder for prefix COMBs in uuid columns';
CREATE OR REPLACE FUNCTION comb_prefix_partman_decoder(id text) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.comb_prefix_timestamp(id::pg_catalog.uuid) $$;
COMMENT ON FUNCTION comb_prefix_partman_decoder(text) IS 'pg_partman p_time_decoder for prefix COMBs in uuid columns';
CREATE OR REPLACE FUNCTION distid_in(cstring) RETURNS distid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE OR REPLACE FUNCTION distid_out(distid) RETURNS cstring
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE OR REPLACE FUNCTION distid_recv(internal) RETURNS distid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE OR REPLACE FUNCTION distid_send(distid) RETURNS bytea
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION distid_in(cstring) IS 'text input of distid (validating)';
COMMENT ON FUNCTION distid_out(distid) IS 'text output of distid';
COMMENT ON FUNCTION distid_recv(internal) IS 'binary input of distid: 16 bytes, the uuid wire format (validating)';
COMMENT ON FUNCTION distid_send(distid) IS 'binary output of distid: 16 bytes, the uuid wire format';
CREATE OR REPLACE FUNCTION distid_cmp(distid, distid) RETURNS integer
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION distid_eq(distid, distid) RETURNS boolean
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION distid_ne(distid, distid) RETURNS boolean
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION distid_lt(distid, distid) RETURNS boolean
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION distid_le(distid, distid) RETURNS boolean
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION distid_gt(distid, distid) RETURNS boolean
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION distid_ge(distid, distid) RETURNS boolean
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION distid_sortsupport(internal) RETURNS void
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE OR REPLACE FUNCTION distid_hash(distid) RETURNS integer
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION distid_hash_extended(distid, bigint) RETURNS bigint
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION distid_cmp(distid, distid) IS 'btree comparison of distid';
COMMENT ON FUNCTION distid_eq(distid, distid) IS 'implementation of = for distid';
COMMENT ON FUNCTION distid_ne(distid, distid) IS 'implementation of <> for distid';
COMMENT ON FUNCTION distid_lt(distid, distid) IS 'implementation of < for distid';
COMMENT ON FUNCTION distid_le(distid, distid) IS 'implementation of <= for distid';
COMMENT ON FUNCTION distid_gt(distid, distid) IS 'implementation of > for distid';
COMMENT ON FUNCTION distid_ge(distid, distid) IS 'implementation of >= for distid';
COMMENT ON FUNCTION distid_sortsupport(internal) IS 'sort support of distid, with abbreviated keys';
COMMENT ON FUNCTION distid_hash(distid) IS 'hash of distid, equal to uuid_hash of the same 16 bytes';
COMMENT ON FUNCTION distid_hash_extended(distid, bigint) IS 'extended hash of distid, equal to uuid_hash_extended of the same 16 bytes';
CREATE OR REPLACE FUNCTION distid(uuid) RETURNS distid
    AS 'MODULE_PATHNAME', 'distid_from_uuid' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION distid(uuid) IS 'cast from uuid to distid, validating (22P02 for a value of another layout)';
CREATE OR REPLACE FUNCTION distid_uuid_cmp(distid, uuid) RETURNS integer
    AS 'MODULE_PATHNAME', 'distid_cmp' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION distid_uuid_eq(distid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'distid_eq' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION distid_uuid_ne(distid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'distid_ne' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION distid_uuid_lt(distid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'distid_lt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION distid_uuid_le(distid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'distid_le' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION distid_uuid_gt(distid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'distid_gt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION distid_uuid_ge(distid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'distid_ge' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION uuid_distid_cmp(uuid, distid) RETURNS integer
    AS 'MODULE_PATHNAME', 'distid_cmp' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION uuid_distid_eq(uuid, distid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'distid_eq' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION uuid_distid_ne(uuid, distid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'distid_ne' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION uuid_distid_lt(uuid, distid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'distid_lt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION uuid_distid_le(uuid, distid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'distid_le' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION uuid_distid_gt(uuid, distid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'distid_gt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION uuid_distid_ge(uuid, distid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'distid_ge' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION uuid_as_distid_cmp(uuid, uuid) RETURNS integer
    AS 'MODULE_PATHNAME', 'distid_cmp' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION uuid_as_distid_eq(uuid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'distid_eq' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION uuid_as_distid_lt(uuid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'distid_lt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION uuid_as_distid_le(uuid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'distid_le' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION uuid_as_distid_gt(uuid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'distid_gt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE OR REPLACE FUNCTION uuid_as_distid_ge(uuid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'distid_ge' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION distid_uuid_cmp(distid, uuid) IS 'btree comparison of distid and uuid, in distid order';
COMMENT ON FUNCTION distid_uuid_eq(distid, uuid) IS 'implementation of = for distid and uuid';
COMMENT ON FUNCTION distid_uuid_ne(distid, uuid) IS 'implementation of <> for distid and uuid';
COMMENT ON FUNCTION distid_uuid_lt(distid, uuid) IS 'implementation of < for distid and uuid, in distid order';
COMMENT ON FUNCTION distid_uuid_le(distid, uuid) IS 'implementation of <= for distid and uuid, in distid order';
COMMENT ON FUNCTION distid_uuid_gt(distid, uuid) IS 'implementation of > for distid and uuid, in distid order';
COMMENT ON FUNCTION distid_uuid_ge(distid, uuid) IS 'implementation of >= for distid and uuid, in distid order';
COMMENT ON FUNCTION uuid_distid_cmp(uuid, distid) IS 'btree comparison of uuid and distid, in distid order';
COMMENT ON FUNCTION uuid_distid_eq(uuid, distid) IS 'implementation of = for uuid and distid';
COMMENT ON FUNCTION uuid_distid_ne(uuid, distid) IS 'implementation of <> for uuid and distid';
COMMENT ON FUNCTION uuid_distid_lt(uuid, distid) IS 'implementation of < for uuid and distid, in distid order';
COMMENT ON FUNCTION uuid_distid_le(uuid, distid) IS 'implementation of <= for uuid and distid, in distid order';
COMMENT ON FUNCTION uuid_distid_gt(uuid, distid) IS 'implementation of > for uuid and distid, in distid order';
COMMENT ON FUNCTION uuid_distid_ge(uuid, distid) IS 'implementation of >= for uuid and distid, in distid order';
COMMENT ON FUNCTION uuid_as_distid_cmp(uuid, uuid) IS 'btree comparison of two uuids in distid order, for the distid operator family';
COMMENT ON FUNCTION uuid_as_distid_eq(uuid, uuid) IS 'implementation of %=%: two uuids are equal (the distid operator family''s uuid equality)';
COMMENT ON FUNCTION uuid_as_distid_lt(uuid, uuid) IS 'implementation of %<%: two uuids compared in distid order';
COMMENT ON FUNCTION uuid_as_distid_le(uuid, uuid) IS 'implementation of %<=%: two uuids compared in distid order';
COMMENT ON FUNCTION uuid_as_distid_gt(uuid, uuid) IS 'implementation of %>%: two uuids compared in distid order';
COMMENT ON FUNCTION uuid_as_distid_ge(uuid, uuid) IS 'implementation of %>=%: two uuids compared in distid order';
CREATE OR REPLACE FUNCTION distid_larger(distid, distid) RETURNS distid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE OR REPLACE FUNCTION distid_smaller(distid, distid) RETURNS distid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION distid_larger(distid, distid) IS 'the larger of two distid values (for max)';
COMMENT ON FUNCTION distid_smaller(distid, distid) IS 'the smaller of two distid values (for min)';
CREATE OR REPLACE FUNCTION distid(numeric) RETURNS distid
    AS 'MODULE_PATHNAME', 'distid_from_numeric' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION distid(numeric) IS 'cast from numeric to distid (an integer from 0 to 2^93 - 1)';
CREATE OR REPLACE FUNCTION distid_to_numeric(distid) RETURNS numeric
    AS 'MODULE_PATHNAME', 'distid_to_numeric' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION distid_to_numeric(distid) IS 'cast from distid to numeric';
CREATE OR REPLACE FUNCTION distid_int4_eq(distid, integer) RETURNS boolean LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS 'SELECT $1 OPERATOR(@extschema@.=) @extschema@.distid($2::pg_catalog.numeric)';
CREATE OR REPLACE FUNCTION int4_distid_eq(integer, distid) RETURNS boolean LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS 'SELECT @extschema@.distid($1::pg_catalog.numeric) OPERATOR(@extschema@.=) $2';
CREATE OR REPLACE FUNCTION distid_int4_ne(distid, integer) RETURNS boolean LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS 'SELECT $1 OPERATOR(@extschema@.<>) @extschema@.distid($2::pg_catalog.numeric)';
CREATE OR REPLACE FUNCTION int4_distid_ne(integer, distid) RETURNS boolean LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS 'SELECT @extschema@.distid($1::pg_catalog.numeric) OPERATOR(@extschema@.<>) $2';
CREATE OR REPLACE FUNCTION distid_int8_eq(distid, bigint) RETURNS boolean LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS 'SELECT $1 OPERATOR(@extschema@.=) @extschema@.distid($2::pg_catalog.numeric)';
CREATE OR REPLACE FUNCTION int8_distid_eq(bigint, distid) RETURNS boolean LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS 'SELECT @extschema@.distid($1::pg_catalog.numeric) OPERATOR(@extschema@.=) $2';
CREATE OR REPLACE FUNCTION distid_int8_ne(distid, bigint) RETURNS boolean LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS 'SELECT $1 OPERATOR(@extschema@.<>) @extschema@.distid($2::pg_catalog.numeric)';
CREATE OR REPLACE FUNCTION int8_distid_ne(bigint, distid) RETURNS boolean LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS 'SELECT @extschema@.distid($1::pg_catalog.numeric) OPERATOR(@extschema@.<>) $2';
CREATE OR REPLACE FUNCTION distid_numeric_eq(distid, numeric) RETURNS boolean LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS 'SELECT $1 OPERATOR(@extschema@.=) @extschema@.distid($2::pg_catalog.numeric)';
CREATE OR REPLACE FUNCTION numeric_distid_eq(numeric, distid) RETURNS boolean LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS 'SELECT @extschema@.distid($1::pg_catalog.numeric) OPERATOR(@extschema@.=) $2';
CREATE OR REPLACE FUNCTION distid_numeric_ne(distid, numeric) RETURNS boolean LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS 'SELECT $1 OPERATOR(@extschema@.<>) @extschema@.distid($2::pg_catalog.numeric)';
CREATE OR REPLACE FUNCTION numeric_distid_ne(numeric, distid) RETURNS boolean LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS 'SELECT @extschema@.distid($1::pg_catalog.numeric) OPERATOR(@extschema@.<>) $2';
COMMENT ON FUNCTION distid_int4_eq(distid, integer) IS 'implementation of = for distid and integer: the integer as a distid (inlined, so that an index on the distid serves it)';
COMMENT ON FUNCTION int4_distid_eq(integer, distid) IS 'implementation of = for integer and distid: the integer as a distid (inlined, so that an index on the distid serves it)';
COMMENT ON FUNCTION distid_int4_ne(distid, integer) IS 'implementation of <> for distid and integer: the integer as a distid (inlined, so that an index on the distid serves it)';
COMMENT ON FUNCTION int4_distid_ne(integer, distid) IS 'implementation of <> for integer and distid: the integer as a distid (inlined, so that an index on the distid serves it)';
COMMENT ON FUNCTION distid_int8_eq(distid, bigint) IS 'implementation of = for distid and bigint: the bigint as a distid (inlined, so that an index on the distid serves it)';
COMMENT ON FUNCTION int8_distid_eq(bigint, distid) IS 'implementation of = for bigint and distid: the bigint as a distid (inlined, so that an index on the distid serves it)';
COMMENT ON FUNCTION distid_int8_ne(distid, bigint) IS 'implementation of <> for distid and bigint: the bigint as a distid (inlined, so that an index on the distid serves it)';
COMMENT ON FUNCTION int8_distid_ne(bigint, distid) IS 'implementation of <> for bigint and distid: the bigint as a distid (inlined, so that an index on the distid serves it)';
COMMENT ON FUNCTION distid_numeric_eq(distid, numeric) IS 'implementation of = for distid and numeric: the numeric as a distid (inlined, so that an index on the distid serves it)';
COMMENT ON FUNCTION numeric_distid_eq(numeric, distid) IS 'implementation of = for numeric and distid: the numeric as a distid (inlined, so that an index on the distid serves it)';
COMMENT ON FUNCTION distid_numeric_ne(distid, numeric) IS 'implementation of <> for distid and numeric: the numeric as a distid (inlined, so that an index on the distid serves it)';
COMMENT ON FUNCTION numeric_distid_ne(numeric, distid) IS 'implementation of <> for numeric and distid: the numeric as a distid (inlined, so that an index on the distid serves it)';
CREATE OR REPLACE FUNCTION distid_generate() RETURNS distid
    AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION distid_generate() IS 'new DistributedId (Architect.Identities), monotonic per backend';
CREATE OR REPLACE FUNCTION distributed_id() RETURNS numeric
    AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION distributed_id() IS 'new DistributedId as numeric, for DECIMAL(28,0) columns';
CREATE OR REPLACE FUNCTION distid_timestamp(distid) RETURNS timestamptz
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION distid_timestamp(distid) IS 'embedded millisecond of a DistributedId (without the 1 s leeway)';
CREATE OR REPLACE FUNCTION distid_timestamp(numeric) RETURNS timestamptz
    AS 'MODULE_PATHNAME', 'distid_timestamp_numeric' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION distid_timestamp(numeric) IS 'embedded millisecond of a DistributedId given as numeric';
CREATE OR REPLACE FUNCTION distid_lower_bound(at timestamptz) RETURNS distid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION distid_lower_bound(timestamptz) IS 'smallest distid whose distid_timestamp is at or after at';
CREATE OR REPLACE FUNCTION distid_time_bound(at timestamptz, upper boolean, inclusive boolean) RETURNS distid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION distid_time_bound(timestamptz, boolean, boolean) IS 'internal: the distid bound of an instant in the conditions that time filters on distid keys imply';
CREATE OR REPLACE FUNCTION distid128_generate() RETURNS uuid
    AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION distid128_generate() IS 'new DistributedId128 (a uuid), monotonic per backend';
CREATE OR REPLACE FUNCTION distid128_timestamp(uuid) RETURNS timestamptz
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION distid128_timestamp(uuid) IS 'embedded millisecond of a DistributedId128; NULL for other layouts';
CREATE OR REPLACE FUNCTION alnum_encode(distid) RETURNS text
    AS 'MODULE_PATHNAME', 'alnum_encode_distid' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION alnum_encode(distid) IS '16-character alphanumeric form of a distid';
CREATE OR REPLACE FUNCTION alnum_encode(numeric) RETURNS text
    AS 'MODULE_PATHNAME', 'alnum_encode_numeric' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION alnum_encode(numeric) IS '16-character alphanumeric form of an integer up to 10^28 - 1';
CREATE OR REPLACE FUNCTION alnum_encode(uuid) RETURNS text
    AS 'MODULE_PATHNAME', 'alnum_encode_uuid' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION alnum_encode(uuid) IS '22-character alphanumeric form of a uuid';
CREATE OR REPLACE FUNCTION alnum_encode(bigint) RETURNS text
    AS 'MODULE_PATHNAME', 'alnum_encode_bigint' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION alnum_encode(bigint) IS '11-character alphanumeric form of a non-negative bigint';
CREATE OR REPLACE FUNCTION alnum_decode_distid(text) RETURNS distid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION alnum_decode_distid(text) IS 'distid from its 16-character alphanumeric form (strict)';
CREATE OR REPLACE FUNCTION alnum_decode_numeric(text) RETURNS numeric
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION alnum_decode_numeric(text) IS 'numeric from its 16-character alphanumeric form (strict)';
CREATE OR REPLACE FUNCTION alnum_decode_uuid(text) RETURNS uuid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION alnum_decode_uuid(text) IS 'uuid from its 22-character alphanumeric form (strict)';
CREATE OR REPLACE FUNCTION alnum_decode_bigint(text) RETURNS bigint
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION alnum_decode_bigint(text) IS 'bigint from its 11-character alphanumeric form (strict)';
CREATE OR REPLACE FUNCTION public_id_encode(bigint) RETURNS uuid
    AS 'MODULE_PATHNAME', 'public_id_encode_bigint' LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION public_id_encode(bigint) IS 'public id: the bigint encrypted under uidx.public_id_key';
CREATE OR REPLACE FUNCTION public_id_encode(numeric) RETURNS uuid
    AS 'MODULE_PATHNAME', 'public_id_encode_numeric' LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION public_id_encode(numeric) IS 'public id: the decimal encrypted under uidx.public_id_key';
CREATE OR REPLACE FUNCTION public_id_encode(distid) RETURNS uuid
    AS 'MODULE_PATHNAME', 'public_id_encode_distid' LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION public_id_encode(distid) IS 'public id: the distid encrypted under uidx.public_id_key';
CREATE OR REPLACE FUNCTION public_id_encode(uuid) RETURNS uuid
    AS 'MODULE_PATHNAME', 'public_id_encode_uuid' LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION public_id_encode(uuid) IS 'public id: the uuid encrypted under uidx.public_id_key';
CREATE OR REPLACE FUNCTION public_id_decode_bigint(uuid) RETURNS bigint
    AS 'MODULE_PATHNAME' LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION public_id_decode_bigint(uuid) IS 'bigint behind a public id; NULL for a forged or foreign value';
CREATE OR REPLACE FUNCTION public_id_decode_numeric(uuid) RETURNS numeric
    AS 'MODULE_PATHNAME' LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION public_id_decode_numeric(uuid) IS 'decimal behind a public id; NULL for a forged or foreign value';
CREATE OR REPLACE FUNCTION public_id_decode_distid(uuid) RETURNS distid
    AS 'MODULE_PATHNAME' LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION public_id_decode_distid(uuid) IS 'distid behind a public id; NULL for a forged or foreign value';
CREATE OR REPLACE FUNCTION public_id_decode_uuid(uuid) RETURNS uuid
    AS 'MODULE_PATHNAME' LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION public_id_decode_uuid(uuid) IS 'uuid behind a public id';
CREATE OR REPLACE FUNCTION crc12(text) RETURNS integer
    AS 'MODULE_PATHNAME', 'luuid_crc12_text' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION crc12(text) IS 'CRC-12 of the text''s UTF-8 bytes: a luuid group id';
CREATE OR REPLACE FUNCTION crc12(bytea) RETURNS integer
    AS 'MODULE_PATHNAME', 'luuid_crc12_bytea' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION crc12(bytea) IS 'CRC-12 of the bytes: a luuid group id';
CREATE OR REPLACE FUNCTION luuid_generate(group_id integer, pk bigint) RETURNS uuid
    AS 'MODULE_PATHNAME', 'luuid_generate_by_id' LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION luuid_generate(integer, bigint) IS 'new PK-embedded UUID of a primary key and group id';
CREATE OR REPLACE FUNCTION luuid_generate(group_name text, pk bigint) RETURNS uuid
    AS 'MODULE_PATHNAME', 'luuid_generate_by_name' LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION luuid_generate(text, bigint) IS 'new PK-embedded UUID of a primary key and group name';
CREATE OR REPLACE FUNCTION luuid_nextval(seq regclass, group_name text) RETURNS uuid
    AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE PARALLEL UNSAFE;
COMMENT ON FUNCTION luuid_nextval(regclass, text) IS 'new PK-embedded UUID with the next value of a sequence (column DEFAULT)';
CREATE OR REPLACE FUNCTION luuid_pk(uuid) RETURNS bigint
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION luuid_pk(uuid) IS 'primary key in a PK-embedded UUID; NULL for other layouts';
CREATE OR REPLACE FUNCTION luuid_group(uuid) RETURNS integer
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION luuid_group(uuid) IS 'group id in a PK-embedded UUID; NULL for other layouts';
CREATE OR REPLACE FUNCTION luuid_short(uuid) RETURNS text
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION luuid_short(uuid) IS 'short form (primary key in hex) of a PK-embedded UUID; NULL for other layouts';
CREATE OR REPLACE FUNCTION luuid_from_short(short text, group_name text) RETURNS uuid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION luuid_from_short(text, text) IS 'smallest PK-embedded UUID of a short form and group: the lower bound of a look-up';
CREATE OR REPLACE FUNCTION luuid_upper_bound(short text, group_name text) RETURNS uuid
    AS 'MODULE_PATHNAME', 'luuid_upper_bound_short' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION luuid_upper_bound(text, text) IS 'exclusive upper bound of the PK-embedded UUIDs of a short form and group';
CREATE OR REPLACE FUNCTION @extschema@.luuid_matches_short(id uuid, short text, group_name text) RETURNS boolean
LANGUAGE sql IMMUTABLE CALLED ON NULL INPUT PARALLEL SAFE
AS $$
SELECT id OPERATOR(pg_catalog.>=) @extschema@.luuid_from_short(short, group_name)
   AND id OPERATOR(pg_catalog.<) @extschema@.luuid_upper_bound(short, group_name)
$$;
COMMENT ON FUNCTION @extschema@.luuid_matches_short(uuid, text, text) IS 'whether a PK-embedded UUID has this short form and group (inlined into an index range)';
CREATE OR REPLACE FUNCTION @extschema@.luuid_register_group(group_name text, relation regclass DEFAULT NULL)
RETURNS integer
LANGUAGE plpgsql VOLATILE CALLED ON NULL INPUT PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    name_given   text := $1;
    rel_given    regclass := $2;
    new_id       integer;
    holder       text;
    held_rel     regclass;
BEGIN
    IF name_given IS NULL THEN
        RAISE EXCEPTION 'luuid group_name must not be null'
            USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF name_given = '' THEN
        RAISE EXCEPTION 'luuid group_name must not be empty'
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    -- The table the group's ids live in: a relation a dump restores under
    -- its name before its data (not an index), that outlives the session.
    IF rel_given IS NOT NULL AND NOT EXISTS (
        SELECT FROM pg_catalog.pg_class c
         WHERE c.oid OPERATOR(pg_catalog.=) rel_given
           AND c.relkind OPERATOR(pg_catalog.=) ANY ('{r,p,f,v,m}'::pg_catalog."char"[])
           AND c.relpersistence OPERATOR(pg_catalog.<>) 't') THEN
        RAISE EXCEPTION 'luuid group relation "%" is not a permanent table or view', rel_given
            USING ERRCODE = 'wrong_object_type',
                  HINT = 'Register the table the group''s ids are stored in.';
    END IF;
    new_id := @extschema@.crc12(name_given);

    -- A concurrent registration of either the name or a colliding name makes
    -- this wait for it and then do nothing; the check below sees its row.
    INSERT INTO @extschema@.luuid_group AS g (group_id, group_name, relation)
    VALUES (new_id, name_given, rel_given)
    ON CONFLICT DO NOTHING;
    IF FOUND THEN
        RETURN new_id;
    END IF;

    SELECT g.group_name, g.relation INTO holder, held_rel
      FROM @extschema@.luuid_group g
     WHERE g.group_id = new_id;
    IF holder IS DISTINCT FROM name_given THEN
        RAISE EXCEPTION 'luuid group name "%" collides with registered group "%"',
                        name_given, holder
            USING ERRCODE = 'unique_violation',
                  DETAIL = format('Both names have the CRC-12 group id %s (0x%s).',
                                  new_id, lpad(upper(to_hex(new_id)), 3, '0')),
                  HINT = 'Use another group name for one of the two entities.';
    END IF;
    IF rel_given IS NOT NULL AND held_rel IS DISTINCT FROM rel_given THEN
        UPDATE @extschema@.luuid_group g SET relation = rel_given
         WHERE g.group_id = new_id;
    END IF;
    RETURN new_id;
END
$fn$;
COMMENT ON FUNCTION @extschema@.luuid_register_group(text, regclass) IS 'registers a luuid group name (and its table), rejecting CRC-12 collisions';
CREATE OR REPLACE FUNCTION @extschema@.luuid_relation(id uuid) RETURNS regclass
LANGUAGE sql STABLE STRICT PARALLEL SAFE
AS $$
SELECT g.relation
  FROM @extschema@.luuid_group g
 WHERE g.group_id OPERATOR(pg_catalog.=) @extschema@.luuid_group(id)
   AND EXISTS (SELECT FROM pg_catalog.pg_class c
                WHERE c.oid OPERATOR(pg_catalog.=) g.relation)
$$;
COMMENT ON FUNCTION @extschema@.luuid_relation(uuid) IS 'registered table of a PK-embedded UUID''s group (routing)';
DO $uidx$
DECLARE
    v integer := current_setting('server_version_num')::integer;
BEGIN
    IF v < 180000 THEN
        CREATE OR REPLACE FUNCTION @extschema@.uuidv7() RETURNS uuid
            AS 'MODULE_PATHNAME', 'uidx_uuidv7' LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
        COMMENT ON FUNCTION @extschema@.uuidv7() IS 'new UUIDv7 for now, monotonic per backend (PostgreSQL 18''s uuidv7)';
        CREATE OR REPLACE FUNCTION @extschema@.uuidv7(shift interval) RETURNS uuid
            AS 'MODULE_PATHNAME', 'uidx_uuidv7_interval' LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
        COMMENT ON FUNCTION @extschema@.uuidv7(interval) IS 'new UUIDv7 with its time shifted by the interval';
    END IF;
    IF v < 170000 THEN
        CREATE OR REPLACE FUNCTION @extschema@.uuid_extract_version(uuid) RETURNS smallint
            AS 'MODULE_PATHNAME', 'uidx_uuid_extract_version' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
        COMMENT ON FUNCTION @extschema@.uuid_extract_version(uuid) IS 'version of a uuid; NULL for non-RFC variants (PostgreSQL 17''s function)';
        CREATE OR REPLACE FUNCTION @extschema@.uuid_extract_timestamp(uuid) RETURNS timestamptz
            AS 'MODULE_PATHNAME', 'uidx_uuidv7_timestamp' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
        COMMENT ON FUNCTION @extschema@.uuid_extract_timestamp(uuid) IS 'timestamp of a version 7 or 1 uuid (PostgreSQL 17''s function)';
    END IF;
END
$uidx$;
CREATE OR REPLACE FUNCTION uuidv7_timestamp(uuid) RETURNS timestamptz
    AS 'MODULE_PATHNAME', 'uidx_uuidv7_timestamp' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuidv7_timestamp(uuid) IS 'timestamp of a version 7 or version 1 uuid; NULL for others';
CREATE OR REPLACE FUNCTION uuidv7_lower_bound(at timestamptz) RETURNS uuid
    AS 'MODULE_PATHNAME', 'uidx_uuidv7_lower_bound' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuidv7_lower_bound(timestamptz) IS 'smallest UUIDv7 of the millisecond of at (range scans, partition bounds)';
CREATE OR REPLACE FUNCTION uuidv7_partman_encoder(ts timestamptz) RETURNS uuid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.uuidv7_lower_bound(ts) $$;
COMMENT ON FUNCTION uuidv7_partman_encoder(timestamptz) IS 'pg_partman p_time_encoder for UUIDv7 columns';
CREATE OR REPLACE FUNCTION uuidv7_partman_decoder(id text) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.uuidv7_timestamp(id::pg_catalog.uuid) $$;
COMMENT ON FUNCTION uuidv7_partman_decoder(text) IS 'pg_partman p_time_decoder for UUIDv7 columns';
CREATE OR REPLACE FUNCTION uidx_inspect_readings(id text, OUT kind text, OUT ts timestamptz,
                                      OUT details jsonb, OUT score integer)
RETURNS SETOF record
    AS 'MODULE_PATHNAME' LANGUAGE C STABLE STRICT PARALLEL SAFE ROWS 3;
COMMENT ON FUNCTION uidx_inspect_readings(text) IS 'raw readings of the ID detector with their scores';
CREATE OR REPLACE FUNCTION @extschema@.uidx_inspect(id text, OUT kind text, OUT ts timestamptz, OUT details jsonb)
RETURNS SETOF record
LANGUAGE sql STABLE PARALLEL SAFE ROWS 3
AS $$
SELECT r.kind, r.ts,
       r.details OPERATOR(pg_catalog.||) COALESCE(names.extra, '{}'::pg_catalog.jsonb)
  FROM @extschema@.uidx_inspect_readings($1) r
  LEFT JOIN LATERAL (
        SELECT pg_catalog.jsonb_build_object('service_entity_name', e.name) AS extra, 5 AS bonus
          FROM @extschema@.iuid_service_entity e
         WHERE r.kind OPERATOR(pg_catalog.=) 'iuid'
           AND e.code OPERATOR(pg_catalog.=) (r.details OPERATOR(pg_catalog.->>) 'service_entity')::pg_catalog.int4
        UNION ALL
        SELECT pg_catalog.jsonb_build_object(
                   'group_name', g.group_name,
                   'relation', (SELECT pg_catalog.quote_ident(n.nspname) OPERATOR(pg_catalog.||) '.'
                                       OPERATOR(pg_catalog.||) pg_catalog.quote_ident(c.relname)
                                  FROM pg_catalog.pg_class c
                                  JOIN pg_catalog.pg_namespace n ON n.oid OPERATOR(pg_catalog.=) c.relnamespace
                                 WHERE c.oid OPERATOR(pg_catalog.=) @extschema@.luuid_relation(
                                           (r.details OPERATOR(pg_catalog.->>) 'uuid')::pg_catalog.uuid))),
               25
          FROM @extschema@.luuid_group g
         WHERE r.kind OPERATOR(pg_catalog.=) 'luuid'
           AND g.group_id OPERATOR(pg_catalog.=) (r.details OPERATOR(pg_catalog.->>) 'group')::pg_catalog.int4
       ) names ON true
 ORDER BY r.score OPERATOR(pg_catalog.+) COALESCE(names.bonus, 0) DESC, r.kind
$$;
COMMENT ON FUNCTION @extschema@.uidx_inspect(text) IS 'plausible readings of a pasted ID, most likely first, with registry names';

-- No event trigger runs in other roles' DDL (docs/security.md): the one of
-- 1.0 looked the registry up by name when it ran, which the owner of the
-- extension's schema could redirect by renaming the schema.
DROP EVENT TRIGGER luuid_forget_dropped_relations;
DROP FUNCTION luuid_forget_dropped_relations();

-- 1.2's rows record no partition: each gets the one that holds its country
-- on its server, and a row that no partition backs goes
SELECT pg_catalog.count(*) FROM uidx_region_check(true);

-- distid = and <> integer, bigint and numeric, in both orders (inlined SQL
-- functions, so that the distid index serves `distid_col = 123`).
CREATE OPERATOR = (
    LEFTARG = distid, RIGHTARG = integer, PROCEDURE = distid_int4_eq,
    COMMUTATOR = =, NEGATOR = <>, RESTRICT = eqsel, JOIN = eqjoinsel
);
CREATE OPERATOR = (
    LEFTARG = integer, RIGHTARG = distid, PROCEDURE = int4_distid_eq,
    COMMUTATOR = =, NEGATOR = <>, RESTRICT = eqsel, JOIN = eqjoinsel
);
CREATE OPERATOR <> (
    LEFTARG = distid, RIGHTARG = integer, PROCEDURE = distid_int4_ne,
    COMMUTATOR = <>, NEGATOR = =, RESTRICT = neqsel, JOIN = neqjoinsel
);
CREATE OPERATOR <> (
    LEFTARG = integer, RIGHTARG = distid, PROCEDURE = int4_distid_ne,
    COMMUTATOR = <>, NEGATOR = =, RESTRICT = neqsel, JOIN = neqjoinsel
);
CREATE OPERATOR = (
    LEFTARG = distid, RIGHTARG = bigint, PROCEDURE = distid_int8_eq,
    COMMUTATOR = =, NEGATOR = <>, RESTRICT = eqsel, JOIN = eqjoinsel
);
CREATE OPERATOR = (
    LEFTARG = bigint, RIGHTARG = distid, PROCEDURE = int8_distid_eq,
    COMMUTATOR = =, NEGATOR = <>, RESTRICT = eqsel, JOIN = eqjoinsel
);
CREATE OPERATOR <> (
    LEFTARG = distid, RIGHTARG = bigint, PROCEDURE = distid_int8_ne,
    COMMUTATOR = <>, NEGATOR = =, RESTRICT = neqsel, JOIN = neqjoinsel
);
CREATE OPERATOR <> (
    LEFTARG = bigint, RIGHTARG = distid, PROCEDURE = int8_distid_ne,
    COMMUTATOR = <>, NEGATOR = =, RESTRICT = neqsel, JOIN = neqjoinsel
);
CREATE OPERATOR = (
    LEFTARG = distid, RIGHTARG = numeric, PROCEDURE = distid_numeric_eq,
    COMMUTATOR = =, NEGATOR = <>, RESTRICT = eqsel, JOIN = eqjoinsel
);
CREATE OPERATOR = (
    LEFTARG = numeric, RIGHTARG = distid, PROCEDURE = numeric_distid_eq,
    COMMUTATOR = =, NEGATOR = <>, RESTRICT = eqsel, JOIN = eqjoinsel
);
CREATE OPERATOR <> (
    LEFTARG = distid, RIGHTARG = numeric, PROCEDURE = distid_numeric_ne,
    COMMUTATOR = <>, NEGATOR = =, RESTRICT = neqsel, JOIN = neqjoinsel
);
CREATE OPERATOR <> (
    LEFTARG = numeric, RIGHTARG = distid, PROCEDURE = numeric_distid_ne,
    COMMUTATOR = <>, NEGATOR = =, RESTRICT = neqsel, JOIN = neqjoinsel
);

-- 1.2's SUPPORT functions of the time functions, which PostgreSQL never
-- asked for index conditions (docs/internals.md "Index paths").  The line
-- above re-created every function without a SUPPORT clause, so nothing
-- refers to them now; their C symbols stay for 1.2 (src/time_legacy.c).
DROP FUNCTION iuid_timestamp_support(internal);
DROP FUNCTION comb_prefix_timestamp_support(internal);
DROP FUNCTION comb_timestamp_support(internal);
DROP FUNCTION distid_timestamp_support(internal);
DROP FUNCTION distid128_timestamp_support(internal);

-- Casts to uuid are assignment casts (README "Conventions"): an implicit one
-- let a comparison of a uidx type resolve to core's uuid operators, in uuid's
-- byte order, wherever uidx's schema is off the search_path.  No catalog
-- entry depends on a cast, so dropping one neither fails nor cascades; what
-- matters is whether a user's object still works, and restores from pg_dump
-- or pg_upgrade, without the implicit cast.  Views, defaults, checks and
-- index expressions store their coercions, and pg_dump prints them as an
-- explicit `::uuid` (or where an assignment cast serves), with these
-- exceptions, which stop the update before anything changes:
--  * a foreign key from a uidx column to a uuid key: it keeps working, but
--    pg_dump, pg_upgrade and ALTER TABLE re-create it, and that needs the
--    implicit cast;
--  * an index, exclusion constraint or partition key of a uidx column with
--    one of uuid's operator classes (`id uuid_ops`): it keeps working, but
--    CREATE INDEX and PARTITION BY take an operator class of another type
--    only through an implicit binary cast, so pg_dump and pg_upgrade could
--    not re-create it;
--  * a view, materialized view, rule, policy or SQL-standard routine body
--    (BEGIN ATOMIC) that no longer parses, as a UNION of an iuid and a uuid
--    column: the planner coerces a set operation's branches again, and
--    pg_dump's text restores only with the implicit cast.  Each whose stored
--    tree names a uidx type is parsed as pg_dump restores it (search_path
--    empty), before the change and after it: a view's query or a policy's
--    expressions by PREPARE (which parses and plans nothing, and creates no
--    object), a rule or a routine by creating it again (a routine in the
--    probe's schema) in a subtransaction that is rolled back; each as its
--    owner, since parsing runs input functions and domain checks.
DO $uidx$
DECLARE
    script_path constant pg_catalog.text := pg_catalog.current_setting('search_path');
    probe constant pg_catalog.text := 'uidx_1_3_cast_probe';
    ours pg_catalog.oid[];
    ours_re pg_catalog.text;
    keys pg_catalog.text;
    whats pg_catalog.text[];
    stmts pg_catalog.text[];
    kinds pg_catalog.text[];     -- prepare, ddl, routine
    owners pg_catalog.text[];
    parsed pg_catalog.int4[] := '{}';
    broken pg_catalog.text[] := '{}';
    n pg_catalog.int4;
    phase pg_catalog.int4;
BEGIN
    -- the checks below read the catalogs with this transaction's snapshot:
    -- one taken before this statement misses a view made since, which the
    -- change would then break
    IF pg_catalog.current_setting('transaction_isolation') OPERATOR(pg_catalog.<>) 'read committed' THEN
        RAISE EXCEPTION 'the update to uidx 1.3 cannot run in a % transaction',
                        pg_catalog.upper(pg_catalog.current_setting('transaction_isolation'))
            USING ERRCODE = 'invalid_transaction_state',
                  DETAIL = 'Its checks of the objects that use uidx''s casts must see what other sessions committed, and this transaction''s snapshot does not.',
                  HINT = 'Run ALTER EXTENSION uidx UPDATE in a READ COMMITTED transaction.';
    END IF;

    -- uidx's types that had an implicit cast, and the domains over them
    WITH RECURSIVE t(typ) AS (
        SELECT x FROM pg_catalog.unnest(ARRAY['@extschema@.iuid'::pg_catalog.regtype,
                                              '@extschema@.comb'::pg_catalog.regtype,
                                              '@extschema@.distid'::pg_catalog.regtype]::pg_catalog.oid[]) x
        UNION ALL
        SELECT d.oid FROM pg_catalog.pg_type d JOIN t ON d.typbasetype OPERATOR(pg_catalog.=) t.typ
    )
    SELECT pg_catalog.array_agg(typ) INTO ours FROM t;
    -- and what a view can name that coerces through them: their arrays
    -- (iuid[] to uuid[] was implicit too), domains over those, and so on
    WITH RECURSIVE t(typ) AS (
        SELECT x FROM pg_catalog.unnest(ours) x
        UNION
        SELECT d.oid FROM pg_catalog.pg_type d JOIN t ON d.typbasetype OPERATOR(pg_catalog.=) t.typ
                                                      OR d.oid OPERATOR(pg_catalog.=) (SELECT e.typarray FROM pg_catalog.pg_type e
                                                                                         WHERE e.oid OPERATOR(pg_catalog.=) t.typ)
    )
    SELECT '\m(' OPERATOR(pg_catalog.||) pg_catalog.string_agg(typ::pg_catalog.text, '|') OPERATOR(pg_catalog.||) ')\M'
      INTO ours_re FROM t;

    -- a foreign key column whose equality operator does not take the
    -- column's own (base) type was joined to its key by the implicit cast
    SELECT pg_catalog.string_agg(pg_catalog.format('constraint %I on %s (column %I, %s)',
                                                   c.conname, c.conrelid::pg_catalog.regclass, a.attname,
                                                   pg_catalog.format_type(a.atttypid, a.atttypmod)),
                                 '; ' ORDER BY c.conrelid::pg_catalog.regclass::pg_catalog.text, c.conname, a.attname)
      INTO keys
      FROM pg_catalog.pg_constraint c
     CROSS JOIN LATERAL ROWS FROM (pg_catalog.unnest(c.conkey), pg_catalog.unnest(c.conpfeqop)) k(attnum, pfeqop)
      JOIN pg_catalog.pg_attribute a ON a.attrelid OPERATOR(pg_catalog.=) c.conrelid
                                    AND a.attnum OPERATOR(pg_catalog.=) k.attnum
      JOIN pg_catalog.pg_operator o ON o.oid OPERATOR(pg_catalog.=) k.pfeqop
     WHERE c.contype OPERATOR(pg_catalog.=) 'f'
       AND c.conparentid OPERATOR(pg_catalog.=) 0
       AND a.atttypid OPERATOR(pg_catalog.=) ANY (ours)
       AND o.oprright OPERATOR(pg_catalog.<>) ALL (ours);
    IF keys IS NOT NULL THEN
        RAISE EXCEPTION 'uidx 1.3 makes its casts to uuid assignment casts, and foreign keys from uidx columns to uuid keys need them implicit'
            USING ERRCODE = 'dependent_objects_still_exist',
                  DETAIL = 'pg_dump, pg_upgrade and ALTER TABLE could not re-create these: ' OPERATOR(pg_catalog.||) keys OPERATOR(pg_catalog.||) '.',
                  HINT = 'Give the referencing column the key''s type (ALTER TABLE ... ALTER COLUMN ... TYPE uuid) or the key the column''s type, then run ALTER EXTENSION uidx UPDATE again.';
    END IF;

    -- an index (an exclusion constraint's too) or partition key column of a
    -- uidx type with an operator class of uuid, which only the implicit cast
    -- made acceptable.  An index expression's type is read
    -- from the index, where a hash or BRIN index stores another type: such an
    -- expression is not seen.
    SELECT pg_catalog.string_agg(s.x, '; ' ORDER BY s.x COLLATE pg_catalog."C") INTO keys FROM (
        SELECT pg_catalog.format('index %s (%s, operator class %I.%I)', i.indexrelid::pg_catalog.regclass,
                                 COALESCE('column ' OPERATOR(pg_catalog.||) pg_catalog.quote_ident(ha.attname),
                                          'expression ' OPERATOR(pg_catalog.||) k.n),
                                 ns.nspname, o.opcname)
          FROM pg_catalog.pg_index i
         CROSS JOIN LATERAL ROWS FROM (pg_catalog.unnest(i.indkey::pg_catalog.int2[]), pg_catalog.unnest(i.indclass::pg_catalog.oid[]))
               WITH ORDINALITY k(attnum, opc, n)
          JOIN pg_catalog.pg_attribute ia ON ia.attrelid OPERATOR(pg_catalog.=) i.indexrelid
                                         AND ia.attnum OPERATOR(pg_catalog.=) k.n
          LEFT JOIN pg_catalog.pg_attribute ha ON ha.attrelid OPERATOR(pg_catalog.=) i.indrelid
                                              AND ha.attnum OPERATOR(pg_catalog.=) k.attnum
                                              AND k.attnum OPERATOR(pg_catalog.<>) 0
          JOIN pg_catalog.pg_opclass o ON o.oid OPERATOR(pg_catalog.=) k.opc
          JOIN pg_catalog.pg_namespace ns ON ns.oid OPERATOR(pg_catalog.=) o.opcnamespace
         WHERE COALESCE(ha.atttypid, ia.atttypid) OPERATOR(pg_catalog.=) ANY (ours)
           AND o.opcintype OPERATOR(pg_catalog.=) 'pg_catalog.uuid'::pg_catalog.regtype
        UNION ALL
        SELECT pg_catalog.format('partition key of %s (column %I, operator class %I.%I)', p.partrelid::pg_catalog.regclass,
                                 a.attname, ns.nspname, o.opcname)
          FROM pg_catalog.pg_partitioned_table p
         CROSS JOIN LATERAL ROWS FROM (pg_catalog.unnest(p.partattrs::pg_catalog.int2[]), pg_catalog.unnest(p.partclass::pg_catalog.oid[]))
               k(attnum, opc)
          JOIN pg_catalog.pg_attribute a ON a.attrelid OPERATOR(pg_catalog.=) p.partrelid
                                        AND a.attnum OPERATOR(pg_catalog.=) k.attnum
          JOIN pg_catalog.pg_opclass o ON o.oid OPERATOR(pg_catalog.=) k.opc
          JOIN pg_catalog.pg_namespace ns ON ns.oid OPERATOR(pg_catalog.=) o.opcnamespace
         WHERE a.atttypid OPERATOR(pg_catalog.=) ANY (ours)
           AND o.opcintype OPERATOR(pg_catalog.=) 'pg_catalog.uuid'::pg_catalog.regtype) s(x);
    IF keys IS NOT NULL THEN
        RAISE EXCEPTION 'uidx 1.3 makes its casts to uuid assignment casts, and operator classes of uuid on uidx columns need them implicit'
            USING ERRCODE = 'dependent_objects_still_exist',
                  DETAIL = 'pg_dump and pg_upgrade could not re-create these: ' OPERATOR(pg_catalog.||) keys OPERATOR(pg_catalog.||) '.',
                  HINT = 'Create the index or table again with the column type''s own operator class (or index id::uuid), then run ALTER EXTENSION uidx UPDATE again.';
    END IF;

    -- what pg_dump re-creates from text that names a uidx type, each with
    -- the statement that parses that text as a restore does
    PERFORM pg_catalog.set_config('search_path', '', true);
    SELECT COALESCE(pg_catalog.array_agg(s.what ORDER BY s.what COLLATE pg_catalog."C", s.stmt COLLATE pg_catalog."C"), '{}'),
           COALESCE(pg_catalog.array_agg(s.stmt ORDER BY s.what COLLATE pg_catalog."C", s.stmt COLLATE pg_catalog."C"), '{}'),
           COALESCE(pg_catalog.array_agg(s.kind ORDER BY s.what COLLATE pg_catalog."C", s.stmt COLLATE pg_catalog."C"), '{}'),
           COALESCE(pg_catalog.array_agg(pg_catalog.quote_ident(pg_catalog.pg_get_userbyid(s.owner)) ORDER BY s.what COLLATE pg_catalog."C", s.stmt COLLATE pg_catalog."C"), '{}')
      INTO whats, stmts, kinds, owners
      FROM (
        SELECT c.oid::pg_catalog.regclass::pg_catalog.text,
               pg_catalog.format('PREPARE %I AS %s', probe, pg_catalog.rtrim(pg_catalog.pg_get_viewdef(c.oid), ';')),
               'prepare', c.relowner
          FROM pg_catalog.pg_class c
         WHERE c.relkind OPERATOR(pg_catalog.=) ANY ('{v,m}'::pg_catalog."char"[])
           AND c.relpersistence OPERATOR(pg_catalog.<>) 't'   -- no dump holds a temporary view
           AND EXISTS (SELECT FROM pg_catalog.pg_rewrite r
                        WHERE r.ev_class OPERATOR(pg_catalog.=) c.oid AND r.rulename OPERATOR(pg_catalog.=) '_RETURN'
                          AND r.ev_action::pg_catalog.text OPERATOR(pg_catalog.~) ours_re)
        UNION ALL
        SELECT pg_catalog.format('rule %I on %s', r.rulename, r.ev_class::pg_catalog.regclass),
               pg_catalog.regexp_replace(pg_catalog.pg_get_ruledef(r.oid), '^CREATE RULE ', 'CREATE OR REPLACE RULE '),
               'ddl', c.relowner
          FROM pg_catalog.pg_rewrite r JOIN pg_catalog.pg_class c ON c.oid OPERATOR(pg_catalog.=) r.ev_class
         WHERE r.rulename OPERATOR(pg_catalog.<>) '_RETURN'
           AND c.relpersistence OPERATOR(pg_catalog.<>) 't'
           AND (r.ev_action::pg_catalog.text OPERATOR(pg_catalog.~) ours_re
                OR r.ev_qual::pg_catalog.text OPERATOR(pg_catalog.~) ours_re)
        UNION ALL
        SELECT pg_catalog.format('policy %I on %s', p.polname, p.polrelid::pg_catalog.regclass),
               pg_catalog.format('PREPARE %I AS SELECT FROM ONLY %s WHERE (%s) AND (%s)', probe, p.polrelid::pg_catalog.regclass,
                                 COALESCE(pg_catalog.pg_get_expr(p.polqual, p.polrelid), 'true'),
                                 COALESCE(pg_catalog.pg_get_expr(p.polwithcheck, p.polrelid), 'true')),
               'prepare', c.relowner
          FROM pg_catalog.pg_policy p JOIN pg_catalog.pg_class c ON c.oid OPERATOR(pg_catalog.=) p.polrelid
         WHERE p.polqual::pg_catalog.text OPERATOR(pg_catalog.~) ours_re
            OR p.polwithcheck::pg_catalog.text OPERATOR(pg_catalog.~) ours_re
        UNION ALL
        -- in a schema of the probe's name (the body names its parameters
        -- after the routine): an extension's script may not CREATE OR
        -- REPLACE an object that is not the extension's.  Only its
        -- signature and body: an attribute such as LEAKPROOF or SUPPORT
        -- needs a superuser, and would fail the probe as the owner.
        SELECT pg_catalog.format('%s %s', pg_catalog.lower(k.word), f.oid::pg_catalog.regprocedure),
               pg_catalog.format('CREATE %s %I.%I(%s)%s LANGUAGE sql %s', k.word, probe, f.proname,
                                 pg_catalog.pg_get_function_arguments(f.oid),
                                 CASE WHEN f.prokind OPERATOR(pg_catalog.<>) 'p'
                                      THEN ' RETURNS ' OPERATOR(pg_catalog.||) pg_catalog.pg_get_function_result(f.oid) END,
                                 pg_catalog.pg_get_function_sqlbody(f.oid)),
               'routine', f.proowner
          FROM pg_catalog.pg_proc f JOIN pg_catalog.pg_namespace ns ON ns.oid OPERATOR(pg_catalog.=) f.pronamespace
         CROSS JOIN LATERAL (SELECT CASE f.prokind WHEN 'p' THEN 'PROCEDURE' ELSE 'FUNCTION' END) k(word)
         WHERE f.prosqlbody::pg_catalog.text OPERATOR(pg_catalog.~) ours_re
           AND ns.nspname OPERATOR(pg_catalog.!~) '^pg_temp_'
      ) s(what, stmt, kind, owner);

    -- each parsed before the change, and what parsed then, after it.  What
    -- does not parse before is not the update's doing (it would not restore
    -- today either); a probe that fails for its name, or for a lock or a
    -- resource, proves nothing, and would pass an object unseen.
    IF EXISTS (SELECT FROM pg_catalog.pg_prepared_statements WHERE name OPERATOR(pg_catalog.=) probe)
       OR EXISTS (SELECT FROM pg_catalog.pg_namespace WHERE nspname OPERATOR(pg_catalog.=) probe) THEN
        RAISE EXCEPTION 'uidx 1.3 checks the objects that use its casts through a prepared statement and a schema named %', probe
            USING ERRCODE = 'duplicate_object',
                  HINT = 'DEALLOCATE the prepared statement or drop the schema of that name, then run ALTER EXTENSION uidx UPDATE again.';
    END IF;
    FOR phase IN 1 .. 2 LOOP
        IF phase OPERATOR(pg_catalog.=) 2 THEN
            DROP CAST (@extschema@.iuid AS pg_catalog.uuid);
            CREATE CAST (@extschema@.iuid AS pg_catalog.uuid) WITHOUT FUNCTION AS ASSIGNMENT;
            DROP CAST (@extschema@.comb AS pg_catalog.uuid);
            CREATE CAST (@extschema@.comb AS pg_catalog.uuid) WITHOUT FUNCTION AS ASSIGNMENT;
            DROP CAST (@extschema@.distid AS pg_catalog.uuid);
            CREATE CAST (@extschema@.distid AS pg_catalog.uuid) WITHOUT FUNCTION AS ASSIGNMENT;
        END IF;
        FOREACH n IN ARRAY CASE WHEN phase OPERATOR(pg_catalog.=) 1 THEN ARRAY(SELECT pg_catalog.generate_series(1, pg_catalog.cardinality(stmts)))
                                                                ELSE parsed END LOOP
            BEGIN
                -- as the object's owner, in a SECURITY DEFINER function (where
                -- SET ROLE is refused): parsing a literal runs its type's input
                -- function and its domain's checks, which the owner may have
                -- written, and would run them as the superuser who updates.  No
                -- event trigger (but an ALWAYS one) fires for the probe's DDL:
                -- one that fails as the owner would fail every probe, and pass.
                PERFORM pg_catalog.set_config('session_replication_role', 'replica', true);
                EXECUTE pg_catalog.format('CREATE SCHEMA %I AUTHORIZATION %s', probe, owners[n]);
                EXECUTE pg_catalog.format('CREATE FUNCTION %I.%I(pg_catalog.text) RETURNS pg_catalog.void LANGUAGE plpgsql'
                                          ' SECURITY DEFINER SET search_path = '''' AS ''BEGIN EXECUTE $1; END''', probe, probe);
                EXECUTE pg_catalog.format('ALTER FUNCTION %I.%I(pg_catalog.text) OWNER TO %s', probe, probe, owners[n]);
                EXECUTE pg_catalog.format('SELECT %I.%I($1)', probe, probe) USING stmts[n];
                IF kinds[n] OPERATOR(pg_catalog.=) 'prepare' THEN
                    EXECUTE pg_catalog.format('DEALLOCATE %I', probe);
                END IF;
                RAISE SQLSTATE 'UXPRB';   -- undoes what the probe made
            EXCEPTION
                WHEN SQLSTATE 'UXPRB' THEN
                    IF phase OPERATOR(pg_catalog.=) 1 THEN
                        parsed := parsed OPERATOR(pg_catalog.||) n;
                    END IF;
                WHEN OTHERS THEN
                    IF phase OPERATOR(pg_catalog.=) 2 THEN
                        broken := broken OPERATOR(pg_catalog.||) pg_catalog.format('%s (%s)', whats[n], SQLERRM);
                    -- (42P05, 42P06: a name the owner's code took meanwhile)
                    ELSIF pg_catalog.left(SQLSTATE, 2) OPERATOR(pg_catalog.=) ANY ('{53,54,55,57,58}'::pg_catalog.text[])
                          OR SQLSTATE OPERATOR(pg_catalog.=) ANY ('{42P05,42P06}'::pg_catalog.text[]) THEN
                        RAISE;
                    END IF;
            END;
        END LOOP;
    END LOOP;
    PERFORM pg_catalog.set_config('search_path', script_path, true);
    IF pg_catalog.cardinality(broken) OPERATOR(pg_catalog.>) 0 THEN
        RAISE EXCEPTION 'uidx 1.3 makes its casts to uuid assignment casts, and views need them implicit'
            USING ERRCODE = 'dependent_objects_still_exist',
                  DETAIL = 'Their definitions would no longer parse, nor restore from pg_dump: '
                           OPERATOR(pg_catalog.||) pg_catalog.array_to_string(broken, '; ') OPERATOR(pg_catalog.||) '.',
                  HINT = 'Write the conversion out (iuid_col::uuid) in those views, rules, policies or routines (CREATE OR REPLACE; a materialized view is created again, a policy altered), then run ALTER EXTENSION uidx UPDATE again.';
    END IF;
END
$uidx$;
