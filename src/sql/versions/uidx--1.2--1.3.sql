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
--@functions

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
