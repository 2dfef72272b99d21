-- The helpers that create partitions (uidx_create_time_partitions,
-- uidx_create_stripes, the region helpers) share these.

-- The name of a partition of a table named parent_name: parent_name || suffix
-- where that fits in max_identifier_length - 1 bytes, the room that the
-- partition's array type, "_" || name, needs (a 63-byte name leaves none,
-- and the server's fallbacks run out after a few dozen partitions: 42710).
-- Where it does not fit, the parent part is cut at a character boundary and
-- followed by "_" and the first 8 hex digits of the SHA-256 of the whole
-- parent name, so that two long parents that share a beginning still get
-- distinct names; the suffix is never cut.  reserve: bytes kept free for a
-- suffix that a later call appends (a time partition's stripes, _sNNNN).
-- STABLE: it reads max_identifier_length (docs/partitioning.md "Partitioning by time").
CREATE FUNCTION @extschema@.uidx_partition_name(parent_name name, suffix text, reserve integer DEFAULT 0)
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

-- The partition helpers (uidx_create_time_partitions, uidx_drop_time_partitions,
-- uidx_create_stripes) run only in READ COMMITTED, and wait a bounded time
-- for each lock (docs/partitioning.md "Isolation and locks").  Their checks
-- must read what other transactions committed: the rows of a default
-- partition (a row that a REPEATABLE READ snapshot cannot see would be
-- dropped with it), the partitions that a call they waited for made.  Each
-- statement of a READ COMMITTED transaction reads them; a REPEATABLE READ or
-- SERIALIZABLE transaction's snapshot, taken before, would not, and no lock
-- taken afterwards makes it, so those are refused, whether or not another
-- call runs, as the region helpers refuse them (docs/regions.md).  Every
-- lock a helper waits for is one that a role without any right on the table
-- can hold (ROW EXCLUSIVE through a PREPAREd INSERT, which PostgreSQL checks
-- only when it runs), so each wait lasts at most uidx_ddl_lock_wait()
-- (lock_timeout, or one minute where it is 0 or a longer default of the
-- database): this sets lock_timeout for the rest of the call and returns
-- the caller's value, which the helper sets back before it returns (an
-- error's rollback restores it by itself).
CREATE FUNCTION @extschema@.uidx_ddl_begin(helper text) RETURNS text
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

-- How long a partition helper waits for one lock: lock_timeout, or one
-- minute where it is 0 (no limit).  A minute covers another helper call
-- on the same table (cron jobs that overlap); a waiting ACCESS EXCLUSIVE
-- request holds up every query of the table that comes after it, so a busy
-- table's cron session sets a shorter lock_timeout and retries.  A value
-- that the session took from ALTER DATABASE ... SET (source 'database') is
-- the database owner's, who need be neither the caller nor a superuser and
-- may hold the lock waited for: it is followed up to that minute, never
-- longer (lock_timeout goes up to 24 days).  Where the caller set it
-- (SET, a function's SET clause, PGOPTIONS, ALTER ROLE, the server's
-- configuration), it is followed as it is.
CREATE FUNCTION @extschema@.uidx_ddl_lock_wait() RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $fn$
SELECT CASE WHEN s.setting::bigint = 0 OR (s.source = 'database' AND s.setting::bigint > 60000) THEN '1min'
            ELSE current_setting('lock_timeout') END
  FROM pg_settings s
 WHERE s.name = 'lock_timeout'
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_ddl_lock_wait() IS 'internal: how long a partition helper waits for a lock, lock_timeout or 1min where it is 0 or a longer database default';

-- The error of a partition helper that gave up waiting for a lock (55P03,
-- as PostgreSQL's own lock_timeout), naming the table, what the lock was
-- for and how long it waited (called from the helper's exception handler,
-- after the rollback that gave the caller's lock_timeout back); the schema
-- and table are also in the error's fields, so that a helper that called
-- another (uidx_create_stripes) passes its error on as it is.  rel: the
-- table it waited for, or NULL where a statement (CREATE TABLE, DETACH,
-- DROP) waited for a lock of its own; parent: the table the helper was
-- called for.
CREATE FUNCTION @extschema@.uidx_raise_lock_wait(helper text, parent regclass, rel regclass, purpose text)
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

-- One call at a time per partitioned table, until the caller's transaction
-- ends, so that two overlapping cron jobs do not both create one partition
-- (42P07) or stripes of two counts: the second waits, then finds the
-- first's partitions (READ COMMITTED, uidx_ddl_begin: each statement after
-- the wait sees what the first committed).  SHARE UPDATE EXCLUSIVE on the
-- parent alone (ONLY: not its partitions) conflicts with itself and not
-- with reads or DML; LOCK TABLE in that mode needs UPDATE, DELETE or
-- TRUNCATE on the table (MAINTAIN from 17), which a role without rights
-- lacks, and the wait is bounded (uidx_ddl_begin).  Taking it also makes
-- this backend read the catalog changes that the other call committed.
CREATE FUNCTION @extschema@.uidx_lock_partitioned(parent regclass) RETURNS void
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

-- The relation schema_name.rel_name, NULL if there is none, looked up in the
-- catalog as it is now (the helpers run in READ COMMITTED: uidx_ddl_begin).
CREATE FUNCTION @extschema@.uidx_existing_relation(schema_name name, rel_name text) RETURNS regclass
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

-- The key of a table that the time-partition helpers split by time, checked:
-- its column, the function that turns an instant into the smallest key of
-- its millisecond (the bound of a partition), and the key's <, <= and >=
-- (OPERATOR(schema.op), from the partition key's operator family, for
-- dynamic SQL that runs on a pinned search_path).  Refused: a table that is not
-- partitioned (42809), not BY RANGE on one column (22023), a key of a type
-- without a lower-bound function (42804), and (C extension) a key in another
-- order than its type's default operator class, the time order (22023: a
-- country-ordered iuid key is split by uidx_attach_local_region instead).
-- uidx_create_time_partitions and uidx_drop_time_partitions read a table's
-- partitions with it, so both accept the same tables.
CREATE FUNCTION @extschema@.uidx_time_partition_key(parent regclass, OUT key_name name, OUT key_type regtype,
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
--@if uidx
    ext_ns      name;
--@endif
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
--@if uidx
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
--@else
    -- Only uuid keys exist here (no iuid, comb or distid types): bytes 0-5
    -- hold the unix millisecond of UUIDv7, prefix COMB and iUID values.
    IF key_type = 'pg_catalog.uuid'::regtype THEN
        bound_fn := '@extschema@.uidx_uuid_lower_bound(timestamptz)'::regprocedure;
    END IF;
--@endif
    IF bound_fn IS NULL THEN
        RAISE EXCEPTION 'cannot make time partitions for a key of type %', key_type
            USING ERRCODE = 'datatype_mismatch',
--@if uidx
                  HINT = 'The key must be of a type that has a lower-bound function: uuid (time-prefixed), iuid, comb or distid.';
--@else
                  HINT = 'In uidx_sql the key must be a time-prefixed uuid (UUIDv7, prefix COMB or iUID).';
--@endif
    END IF;
--@if uidx
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
--@endif
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

-- How many locks one call of a partition helper may take: half of the
-- server's lock table, max_locks_per_transaction x (max_connections +
-- max_prepared_transactions) for all sessions together, as PostgreSQL
-- documents it (53200 "out of shared memory" past it).  Each partition that
-- a helper creates or drops stays locked until the transaction ends
-- (docs/partitioning.md "Partitioning by time": 3,200 on a default server).
CREATE FUNCTION @extschema@.uidx_partition_lock_budget() RETURNS integer
LANGUAGE sql STABLE PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $fn$
SELECT current_setting('max_locks_per_transaction')::integer
       * (current_setting('max_connections')::integer + current_setting('max_prepared_transactions')::integer) / 2
$fn$;
COMMENT ON FUNCTION @extschema@.uidx_partition_lock_budget() IS 'internal: the locks one call of a partition helper may take, half of the server''s lock table';

-- uidx_create_time_partitions, in both editions (src/sql/assemble.sh; the C
-- extension's alone has stripes and keys of its own types).
-- Creates the missing RANGE partitions [b, b + step) for b = from_ts,
-- from_ts + step, ... < to_ts of a table partitioned by one uidx
-- time-ordered column, and returns the partitions it created.  The bounds are
-- the <type>_lower_bound() of each instant; step arithmetic follows the
-- session time zone (so '1 month' means calendar months).  Partitions are
-- named <parent>_pYYYYMMDD from the lower bound in UTC, plus _HH24MI when
-- the step is under a day, _HH24MISS under a minute and _HH24MISS_US (the
-- microseconds) under a second, by uidx_partition_name (at most 62 bytes,
-- with room for the stripes' _sNN when striped).  A partition of the parent
-- with that name or with exactly those bounds (one named by an earlier
-- version) is left alone.  One call at a time per parent
-- (uidx_lock_partitioned): a second call waits, then finds the first's
-- partitions; READ COMMITTED only, every lock wait bounded (uidx_ddl_begin:
-- 25000, 55P03).  Refused before anything is created: a NULL argument (22004),
-- a key in another order than its type's default
-- operator class, the time order (22023: a country-ordered iuid key is
-- split by uidx_attach_local_region instead), an infinite bound or step
-- (22008), a step that does not move forward or is shorter than a
-- millisecond, the unit of every bound (22023: two bounds in one
-- millisecond are one value), a range that starts after it ends (22023),
-- more partitions than one transaction can lock on this server (54000, see
-- the limit below), and two
-- lower bounds that would get one name (22023; a daily step that starts at
-- another time of day than midnight UTC can do that where summer time
-- begins).
-- With stripes > 1 each partition it creates is itself partitioned BY HASH
-- on the key into that many stripes (uidx_create_stripes, docs/partitioning.md
-- "Striped tables"); existing partitions are left as they are.  stripes must be 1
-- (no stripes) to 1024 (22023).
-- With default_partition, the parent gets a DEFAULT partition,
-- <parent>_default (never striped), unless it has one under any name.  Where
-- a default partition exists, a new partition whose range holds rows of the
-- default is refused before anything is created (23514, naming the range:
-- PostgreSQL would refuse it after scanning the default, with a message that
-- names neither), docs/partitioning.md "A default partition".
--@if uidx
CREATE FUNCTION @extschema@.uidx_create_time_partitions(parent regclass, from_ts timestamptz,
                                            to_ts timestamptz, step interval,
                                            stripes integer DEFAULT 1,
                                            default_partition boolean DEFAULT false)
--@else
CREATE FUNCTION @extschema@.uidx_create_time_partitions(parent regclass, from_ts timestamptz,
                                            to_ts timestamptz, step interval,
                                            default_partition boolean DEFAULT false)
--@endif
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
--@if uidx
    ext_ns      name;
--@endif
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
--@if uidx
    stripe_by   text := '';
--@endif
BEGIN
    IF parent IS NULL OR from_ts IS NULL OR to_ts IS NULL OR step IS NULL OR default_partition IS NULL THEN
        RAISE EXCEPTION 'uidx_create_time_partitions: % must not be null',
                        CASE WHEN parent IS NULL THEN 'parent' WHEN from_ts IS NULL THEN 'from_ts'
                             WHEN to_ts IS NULL THEN 'to_ts' WHEN step IS NULL THEN 'step'
                             ELSE 'default_partition' END
            USING ERRCODE = 'null_value_not_allowed';
    END IF;
--@if uidx
    IF stripes IS NULL THEN
        RAISE EXCEPTION 'uidx_create_time_partitions: stripes must not be null'
            USING ERRCODE = 'null_value_not_allowed',
                  HINT = 'Give 1 for partitions without stripes.';
    END IF;
--@endif
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

--@if uidx
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
--@endif

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
--@if uidx
    IF stripes > 1 THEN
        part_locks := 1 + nindexes + stripes * leaf_locks;
    END IF;
--@endif
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
--@if uidx
        EXECUTE format('CREATE TABLE %I.%I PARTITION OF %s FOR VALUES FROM (%L) TO (%L)%s',
                       parent_ns, part_name, parent, bound_texts[i], bound_texts[i + 1], stripe_by);
        IF stripes > 1 THEN
            EXECUTE format('SELECT count(*) FROM %I.uidx_create_stripes(%L::pg_catalog.regclass, %s)',
                           ext_ns, format('%I.%I', parent_ns, part_name), stripes);
        END IF;
--@else
        EXECUTE format('CREATE TABLE %I.%I PARTITION OF %s FOR VALUES FROM (%L) TO (%L)',
                       parent_ns, part_name, parent, bound_texts[i], bound_texts[i + 1]);
--@endif
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
--@if uidx
COMMENT ON FUNCTION @extschema@.uidx_create_time_partitions(regclass, timestamptz, timestamptz, interval, integer, boolean) IS 'creates the missing time-range partitions of a table partitioned by a uidx time-ordered column, each striped by hash when stripes > 1, and a default partition on request';
--@else
COMMENT ON FUNCTION @extschema@.uidx_create_time_partitions(regclass, timestamptz, timestamptz, interval, boolean) IS 'creates the missing time-range partitions of a table partitioned by a time-prefixed uuid column, and a default partition on request';
--@endif

-- Retention, in both editions (docs/partitioning.md "Retention"): detaches
-- and drops, or with detach_only only detaches, the partitions of parent
-- that lie entirely before older_than: those whose upper bound is at most
-- the key bound of older_than (the smallest key of its millisecond), so
-- every row they can hold is older.  A partition that straddles the bound
-- stays; a striped partition goes whole, with its stripes.  Returns their
-- names, schema-qualified, oldest first (text: a dropped table has no
-- regclass).  It checks the table as uidx_create_time_partitions does
-- (uidx_time_partition_key) and runs one call at a time per table with it
-- (uidx_lock_partitioned), so a second call finds nothing left to drop;
-- READ COMMITTED only, every lock wait bounded (uidx_ddl_begin: 25000,
-- 55P03), and every table it detaches locked before it is read.  The default
-- partition holds no range: it is left alone while it holds no row older
-- than the bound; if every row it holds is older, it goes too (the next
-- uidx_create_time_partitions(..., default_partition => true) makes a new
-- one); if it holds older rows and rows at or after the bound it is refused
-- (55000, naming it) before anything is detached.  A foreign-table partition
-- is refused (42809).  Errors come before anything is detached: 22004 a NULL
-- argument, 22008 an infinite bound, 54000 more locks than one call may
-- take (uidx_partition_lock_budget: dropping a table locks it, its row type,
-- its indexes and their constraints, its TOAST table, index and type).
-- DETACH PARTITION CONCURRENTLY cannot run in a function (it commits
-- inside), so DETACH takes ACCESS EXCLUSIVE on the parent until the
-- transaction ends: it waits for every query of the table, and queries
-- that come after it wait in turn.
CREATE FUNCTION @extschema@.uidx_drop_time_partitions(parent regclass, older_than timestamptz,
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

-- The same, before now() - older_than (in the session time zone: '1 month'
-- is a calendar month).  A negative interval, a bound in the future that
-- would drop the partitions being written, is refused (22023).
CREATE FUNCTION @extschema@.uidx_drop_time_partitions(parent regclass, older_than interval,
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
