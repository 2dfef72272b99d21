-- The first statement of every uidx_sql install (src/sql/managed/build.sh puts
-- it before the family files, in the psql script and in the pg_tle
-- registration).  uidx_sql's functions call each other by schema
-- (@extschema@.f): a role that owns the schema, or may create objects in it,
-- could replace one of them or add an overload that a call resolves to, and
-- every caller, a superuser too, would run its code (docs/managed.md,
-- "Security").  So the install stops unless the installing role owns the
-- schema (directly, through a role it belongs to, or as pg_database_owner),
-- no other role may act as that owner, and no other role may create in it.
-- A superuser is no exception: its membership in every role is exactly what
-- must not count here.  A restore of the extension is let through: pg_dump's
-- scripts and pg_restore turn row_security off with a SET in their own
-- session (check_function_bodies is off in every CREATE EXTENSION, so it
-- tells nothing) and re-create the extension, as the restoring role, in the
-- schema it was in, under the owner it had then, whose grants come later.
-- Only that source of the setting counts: a database owner may ALTER
-- DATABASE ... SET row_security = off, and so may a role for itself with
-- ALTER ROLE, or a client's environment with PGOPTIONS; none of those is a
-- SET that the installing session ran (docs/security.md).  The psql script
-- has no such way through (build.sh leaves the lines between the two
-- "restore path" comments out of it): a restore never runs it, since pg_dump
-- writes a psql install object by object, and a SECURITY DEFINER function of
-- another role that the installing session called before may have run that
-- SET for it.
DO $uidx_sql_schema$
DECLARE
    nsp      pg_catalog.oid := '@extschema@'::pg_catalog.regnamespace;
    owner    pg_catalog.oid;
    writers  pg_catalog.text;
    actors   pg_catalog.text;
    why      pg_catalog.text;
BEGIN
    -- restore path begins
    IF EXISTS (SELECT FROM pg_catalog.pg_settings s
                WHERE s.name OPERATOR(pg_catalog.=) 'row_security'
                  AND s.setting OPERATOR(pg_catalog.=) 'off'
                  AND s.source OPERATOR(pg_catalog.=) 'session') THEN
        RETURN;
    END IF;
    -- restore path ends
    SELECT n.nspowner INTO owner FROM pg_catalog.pg_namespace n WHERE n.oid OPERATOR(pg_catalog.=) nsp;
    IF NOT EXISTS (
        WITH RECURSIVE mine(role) AS (
            SELECT r.oid FROM pg_catalog.pg_roles r WHERE r.rolname OPERATOR(pg_catalog.=) CURRENT_USER
            UNION ALL
            SELECT 'pg_database_owner'::pg_catalog.regrole::pg_catalog.oid
              FROM pg_catalog.pg_database d JOIN pg_catalog.pg_roles r ON r.oid OPERATOR(pg_catalog.=) d.datdba
             WHERE d.datname OPERATOR(pg_catalog.=) pg_catalog.current_database()
               AND r.rolname OPERATOR(pg_catalog.=) CURRENT_USER
            UNION
            SELECT m.roleid FROM pg_catalog.pg_auth_members m JOIN mine ON m.member OPERATOR(pg_catalog.=) mine.role)
        SELECT FROM mine WHERE mine.role OPERATOR(pg_catalog.=) owner)
    THEN
        why := pg_catalog.format('it is owned by role %s, not by %s', owner::pg_catalog.regrole, CURRENT_USER);
    ELSE
        -- Owning the schema through a role is not enough when another role
        -- may act as that owner too: the owner itself where it may log in,
        -- and every other member of it (a CREATEROLE role's membership in a
        -- role it created, on 16 and later given to it by CREATE ROLE, makes
        -- the roles it created owners of their schemas to it).  That role
        -- could drop and replace what this install creates, and every call
        -- by the installing role would run its code.  A role that is itself
        -- a member of the installing role (a superuser among them) gains
        -- nothing by that.
        SELECT pg_catalog.string_agg(r.rolname::pg_catalog.text, ', ' ORDER BY r.rolname) INTO actors
          FROM pg_catalog.pg_roles r
         WHERE r.rolname OPERATOR(pg_catalog.<>) CURRENT_USER
           AND CASE WHEN r.oid OPERATOR(pg_catalog.=) owner THEN r.rolcanlogin
                    ELSE pg_catalog.pg_has_role(r.oid, owner, 'MEMBER') END
           AND NOT pg_catalog.pg_has_role(r.oid, CURRENT_USER, 'MEMBER');
        IF actors IS NOT NULL THEN
            why := pg_catalog.format('other roles may act as its owner %s (%s)', owner::pg_catalog.regrole, actors);
        END IF;
    END IF;
    IF why IS NOT NULL THEN
        RAISE EXCEPTION 'uidx_sql cannot be installed into schema %: %', nsp::pg_catalog.regnamespace, why
            USING ERRCODE = 'insufficient_privilege',
                  DETAIL = 'The owner of a schema can replace the functions in it, and every caller of uidx_sql would then run that role''s code.',
                  HINT = 'Install into a schema that this role creates and owns itself (psql -v schema=NAME with a new name), or have the owner of the schema install uidx_sql.';
    END IF;
    SELECT pg_catalog.string_agg(CASE WHEN a.grantee OPERATOR(pg_catalog.=) 0 THEN 'PUBLIC'
                                      ELSE a.grantee::pg_catalog.regrole::pg_catalog.text END, ', ')
      INTO writers
      FROM pg_catalog.pg_namespace n, pg_catalog.aclexplode(n.nspacl) a
     WHERE n.oid OPERATOR(pg_catalog.=) nsp
       AND a.privilege_type OPERATOR(pg_catalog.=) 'CREATE'
       AND a.grantee OPERATOR(pg_catalog.<>) owner;
    IF writers IS NOT NULL THEN
        RAISE EXCEPTION 'uidx_sql cannot be installed into schema %: other roles may create objects in it (%)',
                        nsp::pg_catalog.regnamespace, writers
            USING ERRCODE = 'insufficient_privilege',
                  DETAIL = 'A role that may create in the schema can add a function that a call of uidx_sql resolves to, and every caller would then run that role''s code.',
                  HINT = pg_catalog.format('Install into a schema of its own (psql -v schema=NAME with a new name), or REVOKE CREATE ON SCHEMA %s FROM %s.',
                                           nsp::pg_catalog.regnamespace, writers);
    END IF;
END
$uidx_sql_schema$;
