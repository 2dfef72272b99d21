-- ---------------------------------------------------------------------------
-- iUID regions (docs/regions.md "Regions"): the country order iuid_country_ops, its
-- partition bound, the region registry and the helpers that make a router
-- table's partitions.
-- ---------------------------------------------------------------------------

-- The country order: the country byte first, then the default iuid order.
-- Its operators are ~<~ ~<=~ ~>=~ ~>~, a second order of one type as
-- text_pattern_ops has; equality is bytewise in every order, so `=` is
-- iuid_ops' own and `WHERE id = $1` can use either kind of index and prunes
-- partitions keyed by either.  The C functions read only the 16 bytes, so the
-- same ones compare an iuid with a uuid: a uuid parameter, as drivers send
-- it, prunes too.
CREATE FUNCTION iuid_country_cmp(iuid, iuid) RETURNS integer
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iuid_country_lt(iuid, iuid) RETURNS boolean
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iuid_country_le(iuid, iuid) RETURNS boolean
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iuid_country_gt(iuid, iuid) RETURNS boolean
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iuid_country_ge(iuid, iuid) RETURNS boolean
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iuid_country_sortsupport(internal) RETURNS void
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION iuid_country_cmp(iuid, iuid) IS 'btree comparison of iuid in the country order';
COMMENT ON FUNCTION iuid_country_lt(iuid, iuid) IS 'implementation of ~<~ for iuid: country first';
COMMENT ON FUNCTION iuid_country_le(iuid, iuid) IS 'implementation of ~<=~ for iuid: country first';
COMMENT ON FUNCTION iuid_country_gt(iuid, iuid) IS 'implementation of ~>~ for iuid: country first';
COMMENT ON FUNCTION iuid_country_ge(iuid, iuid) IS 'implementation of ~>=~ for iuid: country first';
COMMENT ON FUNCTION iuid_country_sortsupport(internal) IS 'sort support of iuid in the country order, with abbreviated keys that start with the country';

CREATE FUNCTION iuid_country_cmp(iuid, uuid) RETURNS integer
    AS 'MODULE_PATHNAME', 'iuid_country_cmp' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iuid_country_lt(iuid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_country_lt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iuid_country_le(iuid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_country_le' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iuid_country_gt(iuid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_country_gt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iuid_country_ge(iuid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_country_ge' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iuid_country_cmp(uuid, iuid) RETURNS integer
    AS 'MODULE_PATHNAME', 'iuid_country_cmp' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iuid_country_lt(uuid, iuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_country_lt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iuid_country_le(uuid, iuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_country_le' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iuid_country_gt(uuid, iuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_country_gt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iuid_country_ge(uuid, iuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_country_ge' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
-- A btree family is closed over its types: two uuids in the country order.
CREATE FUNCTION iuid_country_cmp(uuid, uuid) RETURNS integer
    AS 'MODULE_PATHNAME', 'iuid_country_cmp' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iuid_country_lt(uuid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_country_lt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iuid_country_le(uuid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_country_le' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iuid_country_gt(uuid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_country_gt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iuid_country_ge(uuid, uuid) RETURNS boolean
    AS 'MODULE_PATHNAME', 'iuid_country_ge' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION iuid_country_eq(uuid, uuid) RETURNS boolean
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

CREATE OPERATOR ~<~ (
    LEFTARG = iuid, RIGHTARG = iuid, PROCEDURE = iuid_country_lt,
    COMMUTATOR = ~>~, NEGATOR = ~>=~, RESTRICT = scalarltsel, JOIN = scalarltjoinsel
);
CREATE OPERATOR ~<=~ (
    LEFTARG = iuid, RIGHTARG = iuid, PROCEDURE = iuid_country_le,
    COMMUTATOR = ~>=~, NEGATOR = ~>~, RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);
CREATE OPERATOR ~>~ (
    LEFTARG = iuid, RIGHTARG = iuid, PROCEDURE = iuid_country_gt,
    COMMUTATOR = ~<~, NEGATOR = ~<=~, RESTRICT = scalargtsel, JOIN = scalargtjoinsel
);
CREATE OPERATOR ~>=~ (
    LEFTARG = iuid, RIGHTARG = iuid, PROCEDURE = iuid_country_ge,
    COMMUTATOR = ~<=~, NEGATOR = ~<~, RESTRICT = scalargesel, JOIN = scalargejoinsel
);
CREATE OPERATOR ~<~ (
    LEFTARG = iuid, RIGHTARG = uuid, PROCEDURE = iuid_country_lt,
    COMMUTATOR = ~>~, NEGATOR = ~>=~, RESTRICT = scalarltsel, JOIN = scalarltjoinsel
);
CREATE OPERATOR ~<=~ (
    LEFTARG = iuid, RIGHTARG = uuid, PROCEDURE = iuid_country_le,
    COMMUTATOR = ~>=~, NEGATOR = ~>~, RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);
CREATE OPERATOR ~>~ (
    LEFTARG = iuid, RIGHTARG = uuid, PROCEDURE = iuid_country_gt,
    COMMUTATOR = ~<~, NEGATOR = ~<=~, RESTRICT = scalargtsel, JOIN = scalargtjoinsel
);
CREATE OPERATOR ~>=~ (
    LEFTARG = iuid, RIGHTARG = uuid, PROCEDURE = iuid_country_ge,
    COMMUTATOR = ~<=~, NEGATOR = ~<~, RESTRICT = scalargesel, JOIN = scalargejoinsel
);
CREATE OPERATOR ~<~ (
    LEFTARG = uuid, RIGHTARG = iuid, PROCEDURE = iuid_country_lt,
    COMMUTATOR = ~>~, NEGATOR = ~>=~, RESTRICT = scalarltsel, JOIN = scalarltjoinsel
);
CREATE OPERATOR ~<=~ (
    LEFTARG = uuid, RIGHTARG = iuid, PROCEDURE = iuid_country_le,
    COMMUTATOR = ~>=~, NEGATOR = ~>~, RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);
CREATE OPERATOR ~>~ (
    LEFTARG = uuid, RIGHTARG = iuid, PROCEDURE = iuid_country_gt,
    COMMUTATOR = ~<~, NEGATOR = ~<=~, RESTRICT = scalargtsel, JOIN = scalargtjoinsel
);
CREATE OPERATOR ~>=~ (
    LEFTARG = uuid, RIGHTARG = iuid, PROCEDURE = iuid_country_ge,
    COMMUTATOR = ~<=~, NEGATOR = ~<~, RESTRICT = scalargesel, JOIN = scalargejoinsel
);
CREATE OPERATOR ~<~ (
    LEFTARG = uuid, RIGHTARG = uuid, PROCEDURE = iuid_country_lt,
    COMMUTATOR = ~>~, NEGATOR = ~>=~, RESTRICT = scalarltsel, JOIN = scalarltjoinsel
);
CREATE OPERATOR ~<=~ (
    LEFTARG = uuid, RIGHTARG = uuid, PROCEDURE = iuid_country_le,
    COMMUTATOR = ~>=~, NEGATOR = ~>~, RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);
CREATE OPERATOR ~>~ (
    LEFTARG = uuid, RIGHTARG = uuid, PROCEDURE = iuid_country_gt,
    COMMUTATOR = ~<~, NEGATOR = ~<=~, RESTRICT = scalargtsel, JOIN = scalargtjoinsel
);
CREATE OPERATOR ~>=~ (
    LEFTARG = uuid, RIGHTARG = uuid, PROCEDURE = iuid_country_ge,
    COMMUTATOR = ~<=~, NEGATOR = ~<~, RESTRICT = scalargesel, JOIN = scalargejoinsel
);
CREATE OPERATOR ~=~ (
    LEFTARG = uuid, RIGHTARG = uuid, PROCEDURE = iuid_country_eq,
    COMMUTATOR = ~=~, RESTRICT = eqsel, JOIN = eqjoinsel, MERGES
);

-- Not the default: ORDER BY id and the primary key keep the time order.
CREATE OPERATOR CLASS iuid_country_ops FOR TYPE iuid USING btree AS
    OPERATOR 1 ~<~,
    OPERATOR 2 ~<=~,
    OPERATOR 3 =,
    OPERATOR 4 ~>=~,
    OPERATOR 5 ~>~,
    FUNCTION 1 iuid_country_cmp(iuid, iuid),
    FUNCTION 2 iuid_country_sortsupport(internal),
    FUNCTION 4 pg_catalog.btequalimage(oid);
ALTER OPERATOR FAMILY iuid_country_ops USING btree ADD
    OPERATOR 1 ~<~ (iuid, uuid),
    OPERATOR 2 ~<=~ (iuid, uuid),
    OPERATOR 3 = (iuid, uuid),
    OPERATOR 4 ~>=~ (iuid, uuid),
    OPERATOR 5 ~>~ (iuid, uuid),
    FUNCTION 1 (iuid, uuid) iuid_country_cmp(iuid, uuid),
    OPERATOR 1 ~<~ (uuid, iuid),
    OPERATOR 2 ~<=~ (uuid, iuid),
    OPERATOR 3 = (uuid, iuid),
    OPERATOR 4 ~>=~ (uuid, iuid),
    OPERATOR 5 ~>~ (uuid, iuid),
    FUNCTION 1 (uuid, iuid) iuid_country_cmp(uuid, iuid),
    OPERATOR 1 ~<~ (uuid, uuid),
    OPERATOR 2 ~<=~ (uuid, uuid),
    OPERATOR 3 ~=~ (uuid, uuid),
    OPERATOR 4 ~>=~ (uuid, uuid),
    OPERATOR 5 ~>~ (uuid, uuid),
    FUNCTION 1 (uuid, uuid) iuid_country_cmp(uuid, uuid),
    FUNCTION 2 (uuid, uuid) iuid_country_sortsupport(internal);
COMMENT ON OPERATOR CLASS iuid_country_ops USING btree IS 'iuid ordered by country, then by the default order: RANGE partitions per region';

CREATE FUNCTION iuid_country_lower_bound(country integer) RETURNS iuid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION iuid_country_lower_bound(integer) IS 'the smallest iuid of a country in the country order: a partition bound for iuid_country_ops';

-- The router's region registry: which foreign server holds each country
-- (NULL: the router's own database).  A country has one region, whatever
-- table is routed.  Its rows are user data: pg_dump keeps them.
CREATE TABLE uidx_region (
    country smallint PRIMARY KEY CHECK (country BETWEEN 0 AND 255),
    server  name
);
SELECT pg_catalog.pg_extension_config_dump('uidx_region', '');
GRANT SELECT ON uidx_region TO PUBLIC;
COMMENT ON TABLE uidx_region IS 'iuid country -> the foreign server of its region (NULL: this database), kept by uidx_attach_region and uidx_attach_local_region';

-- The partitions of a router table with their bounds (the text of an iuid,
-- MINVALUE or MAXVALUE; the DEFAULT partition, which has none, is left out)
-- and, for a foreign one, its server and the remote table it reads
-- (postgres_fdw's schema_name and table_name, by default its own names).
-- uidx_attach_countries reads them for its conflict checks and again for
-- the partitions that read one remote table.
CREATE FUNCTION uidx_router_partitions(parent regclass, OUT part regclass, OUT relname name,
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

-- The work of uidx_attach_region and uidx_attach_local_region: checks, then
-- one partition <parent>_cNNN per run of consecutive countries that no
-- partition of `parent` holds yet.  A country already held by a partition of
-- the same region is skipped, so both are idempotent.
CREATE FUNCTION uidx_attach_countries(parent regclass, region_server name, is_local boolean,
                                      countries integer[], remote_table text)
RETURNS SETOF regclass
LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    ext_ns      oid;
    key_opclass oid;
    key_column  name;
    parent_ns   name;
    parent_name name;
    remote_ns   text;
    remote_name text;
    max_bytes   integer := current_setting('max_identifier_length')::integer;
    wanted      integer[];
    todo        integer[] := '{}';
    c           integer;
    held        record;
    p           record;
    lb          @extschema@.iuid;
    ub          @extschema@.iuid;   -- NULL: above every iuid
    lo          @extschema@.iuid;   -- NULL: MINVALUE
    hi          @extschema@.iuid;   -- NULL: MAXVALUE
    done        boolean;
    run_first   integer;
    run_last    integer;
    part_name   text;
    bounds      text;
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

    SELECT e.extnamespace INTO ext_ns FROM pg_extension e WHERE e.extname = 'uidx';
    -- nspname, not regnamespace::name: the latter is already quoted where
    -- the name needs it, and format('%I') would quote it twice
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
    -- the first made, as if it had come after it.  The key is the registry's
    -- oid, in the two-key space that single bigint keys do not share.
    PERFORM pg_advisory_xact_lock('@extschema@.uidx_region'::regclass::oid::integer, 0);

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
                  HINT = 'A country belongs to exactly one region: see the table uidx_region.';
    END IF;

    -- The countries the partitions of `parent` hold, from their bounds (the
    -- text of an iuid, MINVALUE or MAXVALUE).  A country held whole by a
    -- partition of this region is done; one held by any other partition, even
    -- in part, is a conflict.
    FOREACH c IN ARRAY wanted LOOP
        lb := @extschema@.iuid_country_lower_bound(c);
        ub := CASE WHEN c < 255 THEN @extschema@.iuid_country_lower_bound(c + 1) END;
        done := false;
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

    -- A region's countries on one remote table are read through one foreign
    -- partition: two would each return the whole remote table to a scan of
    -- `parent` that is not pruned (README "Regions").  New countries that
    -- extend the run of the partition already reading the table replace it
    -- with one that covers the whole run (a foreign partition holds no rows:
    -- only the catalog changes); a run apart needs a remote table of its own.
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

    -- One partition per run of consecutive countries.
    FOREACH c IN ARRAY todo || ARRAY[NULL::integer] LOOP
        IF run_first IS NOT NULL AND (c IS NULL OR c <> run_last + 1) THEN
            -- the parent part shortened, at a character boundary, so that
            -- the country suffix survives the server's truncation of names
            -- to max_identifier_length bytes and names stay distinct
            part_name := parent_name;
            WHILE octet_length(part_name || '_c000') > max_bytes LOOP
                part_name := left(part_name, -1);
            END LOOP;
            part_name := part_name || '_c' || lpad(run_first::text, 3, '0');
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
                -- partitioned by time in the default order, for uidx_create_time_partitions
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
    INSERT INTO @extschema@.uidx_region (country, server)
    SELECT x, CASE WHEN is_local THEN NULL ELSE region_server END FROM unnest(wanted) x
    ON CONFLICT (country) DO NOTHING;
END
$fn$;
COMMENT ON FUNCTION uidx_attach_countries(regclass, name, boolean, integer[], text) IS 'internal: the work of uidx_attach_region and uidx_attach_local_region';

CREATE FUNCTION uidx_attach_region(parent regclass, server name, countries integer[],
                                   remote_table text DEFAULT NULL)
RETURNS SETOF regclass
LANGUAGE sql VOLATILE PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp
AS $$
SELECT @extschema@.uidx_attach_countries(parent, server, false, countries, remote_table)
$$;
COMMENT ON FUNCTION uidx_attach_region(regclass, name, integer[], text) IS 'makes the postgres_fdw partitions of a router table for the countries of a region, and registers them';

CREATE FUNCTION uidx_attach_local_region(parent regclass, countries integer[])
RETURNS SETOF regclass
LANGUAGE sql VOLATILE PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp
AS $$
SELECT @extschema@.uidx_attach_countries(parent, NULL, true, countries, NULL)
$$;
COMMENT ON FUNCTION uidx_attach_local_region(regclass, integer[]) IS 'makes the local partitions of a router table for the router''s own countries, each partitioned by time, and registers them';

-- For an application tier that routes by itself.
CREATE FUNCTION uidx_region_of(id iuid) RETURNS name
LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    wanted integer := @extschema@.iuid_country(id);
    result name;
BEGIN
    SELECT r.server INTO result FROM @extschema@.uidx_region r WHERE r.country = wanted;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'no region holds iuid country %', wanted
            USING ERRCODE = 'invalid_parameter_value',
                  HINT = 'Attach one with uidx_attach_region().';
    END IF;
    RETURN result;
END
$fn$;
COMMENT ON FUNCTION uidx_region_of(iuid) IS 'the foreign server of the region that holds the id''s country (NULL: this database)';

-- A region whose foreign server is dropped leaves the registry (DROP SERVER
-- ... CASCADE drops the router partitions on it too): uidx_region_of would
-- name a server that no longer exists, and the countries could not be
-- attached to another one.  Rows are matched by name, so any row whose
-- server is gone goes, whichever drop removed it (DROP SERVER, DROP
-- EXTENSION postgres_fdw CASCADE, DROP OWNED).  A role that may not write the
-- registry still drops its server, with a warning, as for
-- luuid_forget_dropped_relations.
CREATE FUNCTION uidx_region_forget_dropped_servers() RETURNS event_trigger
LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    stale text;
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_event_trigger_dropped_objects() d
                    WHERE d.classid = 'pg_catalog.pg_foreign_server'::regclass) THEN
        RETURN;
    END IF;
    BEGIN
        SELECT string_agg(r.country || ' (' || r.server || ')', ', ' ORDER BY r.country) INTO stale
          FROM @extschema@.uidx_region r
         WHERE r.server IS NOT NULL
           AND NOT EXISTS (SELECT 1 FROM pg_foreign_server s WHERE s.srvname = r.server);
        IF stale IS NOT NULL THEN
            DELETE FROM @extschema@.uidx_region r
             WHERE r.server IS NOT NULL
               AND NOT EXISTS (SELECT 1 FROM pg_foreign_server s WHERE s.srvname = r.server);
        END IF;
    EXCEPTION WHEN insufficient_privilege THEN
        IF stale IS NOT NULL THEN
            RAISE WARNING 'uidx_region still gives iuid countries % to dropped servers', stale
                USING HINT = 'The registry owner should delete those rows, or attach the countries to another region.';
        END IF;
    END;
END
$fn$;
COMMENT ON FUNCTION uidx_region_forget_dropped_servers() IS 'event trigger function: removes the registry rows of dropped foreign servers';
CREATE EVENT TRIGGER uidx_region_forget_dropped_servers ON sql_drop
    EXECUTE FUNCTION uidx_region_forget_dropped_servers();
