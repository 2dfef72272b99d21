-- The luuid functions in SQL and PL/pgSQL, in both editions (src/sql/assemble.sh).

-- `WHERE luuid_matches_short(id, '23122e', 'Person')` is inlined into that
-- range, so a btree index on id serves it.  Not STRICT, because the planner
-- does not inline STRICT SQL functions whose body (an AND) is not strict.
CREATE FUNCTION @extschema@.luuid_matches_short(id uuid, short text, group_name text) RETURNS boolean
LANGUAGE sql IMMUTABLE CALLED ON NULL INPUT PARALLEL SAFE
AS $$
SELECT id OPERATOR(pg_catalog.>=) @extschema@.luuid_from_short(short, group_name)
   AND id OPERATOR(pg_catalog.<) @extschema@.luuid_upper_bound(short, group_name)
$$;
COMMENT ON FUNCTION @extschema@.luuid_matches_short(uuid, text, text) IS 'whether a PK-embedded UUID has this short form and group (inlined into an index range)';

-- Registers a group name (and optionally the table its ids live in) and
-- returns its group id.  A name whose CRC-12 is already held by another name
-- is rejected with 23505.  Registering a name again is harmless: a non-NULL
-- relation replaces the stored one, NULL keeps it.  Not SECURITY DEFINER:
-- only the table's owner may write the registry.
CREATE FUNCTION @extschema@.luuid_register_group(group_name text, relation regclass DEFAULT NULL)
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

-- The registered table of the id's group, for /any/<uuid> routing.  NULL
-- when the uuid is not of this layout, its group is not registered or has no
-- relation, or that table has been dropped since.
CREATE FUNCTION @extschema@.luuid_relation(id uuid) RETURNS regclass
LANGUAGE sql STABLE STRICT PARALLEL SAFE
AS $$
SELECT g.relation
  FROM @extschema@.luuid_group g
 WHERE g.group_id OPERATOR(pg_catalog.=) @extschema@.luuid_group(id)
   AND EXISTS (SELECT FROM pg_catalog.pg_class c
                WHERE c.oid OPERATOR(pg_catalog.=) g.relation)
$$;
COMMENT ON FUNCTION @extschema@.luuid_relation(uuid) IS 'registered table of a PK-embedded UUID''s group (routing)';
