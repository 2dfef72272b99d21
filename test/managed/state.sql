-- uidx_sql's generators against a session that sets what 1.2 kept its
-- generator state in (settings uidx_sql.*, which any role may SET): the
-- attacks of a hostile run, each of which broke 1.2.  Now no value a session
-- sets reaches a generator (README "Managed PostgreSQL", generator state):
-- every ID stays valid, dated now, and increasing within the session, also
-- across RESET, SET ROLE and garbage.  Needs the C extension in public (its
-- readers check the values) and a superuser.  Prints "state: ok <checks>".
\set ON_ERROR_STOP on
SET client_min_messages = warning;
SET TimeZone = 'UTC';
INSERT INTO uidx_sql.iuid_service_entity VALUES (1, 'Conc') ON CONFLICT DO NOTHING;

-- a role that may only insert into one column, the ID coming from DEFAULT
DROP TABLE IF EXISTS public.state_orders;
DROP ROLE IF EXISTS state_alice;
CREATE ROLE state_alice;
GRANT USAGE ON SCHEMA uidx_sql TO state_alice;
CREATE TABLE public.state_orders (id uuid PRIMARY KEY DEFAULT uidx_sql.iuid_generate(1, 7), note text,
                                  made timestamptz DEFAULT clock_timestamp());
GRANT INSERT (note) ON public.state_orders TO state_alice;

-- Every hostile value of the 1.2 state, set as the session would: an hour
-- ahead with the largest random part, -65536 (the year 10889), garbage,
-- and DistributedId pairs.
CREATE TEMP TABLE hostile (name text, value text);
INSERT INTO hostile VALUES
  ('uidx_sql.iuid_last', ((((floor(extract(epoch FROM now()) * 1000)::bigint + 3600000) << 16) | (7 << 8) | 1))::text),
  ('uidx_sql.iuid_last_random', '-4611686018427387904'),
  ('uidx_sql.iuid_last', '-65536'),
  ('uidx_sql.iuid_last', 'garbage'),
  ('uidx_sql.iuid_last_random', 'garbage'),
  ('uidx_sql.comb_prefix_last', '-1'),
  ('uidx_sql.comb_prefix_last', '1152921504606846975'),
  ('uidx_sql.comb_suffix_last', '4611686018427387903'),
  ('uidx_sql.comb_sqlserver_last', '9223372036854775807'),
  ('uidx_sql.uuidv7_last', '-9223372036854775808'),
  ('uidx_sql.uuidv7_last', '9223372036854775000'),
  ('uidx_sql.distid_last', '35184372088831,281474976710655'),
  ('uidx_sql.distid_last', 'x,y'),
  ('uidx_sql.distid128_last', '281474976710655,37778931862957161709567'),
  ('uidx_sql.distid128_last', '1,-5');

-- The generators, how the C extension reads each value's time, and whether
-- it is a value of the layout at all.
CREATE TEMP TABLE gen (name text, expr text, ts text, valid text);
INSERT INTO gen VALUES
  ('iuid_generate', 'uidx_sql.iuid_generate(1, 7)', 'public.iuid_timestamp(id::public.iuid)', 'uidx_sql.iuid_is_valid(id)'),
  ('comb_prefix_generate', 'uidx_sql.comb_prefix_generate()', 'public.comb_prefix_timestamp(id)', 'public.comb_prefix_timestamp(id) IS NOT NULL'),
  ('comb_suffix_generate', 'uidx_sql.comb_suffix_generate()', 'public.comb_timestamp(id::public.comb)', 'substr(id::text, 15, 1) = ''4'''),
  ('comb_sqlserver_generate', 'uidx_sql.comb_sqlserver_generate()', 'public.comb_sqlserver_timestamp(id::public.comb)', 'substr(id::text, 15, 1) = ''4'''),
  ('distid128_generate', 'uidx_sql.distid128_generate()', 'public.distid128_timestamp(id)', 'public.distid128_timestamp(id) IS NOT NULL'),
  ('distributed_id', 'lpad(uidx_sql.distributed_id()::text, 28, ''0'')',
   'public.distid_timestamp(id::numeric::public.distid) + interval ''1 s''', 'id::numeric = trunc(id::numeric)');
INSERT INTO gen
SELECT 'uuidv7', 'uidx_sql.uuidv7()', 'public.uuidv7_timestamp(id)', 'public.uuidv7_timestamp(id) IS NOT NULL'
 WHERE to_regprocedure('uidx_sql.uuidv7()') IS NOT NULL;

-- Per generator: an ID, then each hostile value SET (and RESET ALL, and a
-- role change between), an ID after each; all valid, dated within the
-- clock's second (a DistributedId's time is the clock's less its 1 s
-- leeway), increasing.
CREATE FUNCTION pg_temp.attack(g gen) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
    h record;
    prev text;
    cur text;
    t timestamptz;
    ok boolean;
    n integer := 0;
    faults text := '';
BEGIN
    EXECUTE 'SELECT (' || g.expr || ')::text' INTO prev;
    FOR h IN SELECT * FROM hostile UNION ALL SELECT 'RESET', NULL LOOP
        IF h.name = 'RESET' THEN
            RESET ALL;
        ELSE
            PERFORM set_config(h.name, h.value, false);
        END IF;
        BEGIN
            EXECUTE format('SELECT id::text, %s, %s FROM (SELECT %s AS id) s', g.ts, g.valid, g.expr) INTO cur, t, ok;
        EXCEPTION WHEN OTHERS THEN
            faults := faults || format(E'\n  %s after %s = %s raised %s: %s', g.name, h.name, h.value, SQLSTATE, SQLERRM);
            CONTINUE;
        END;
        IF ok IS NOT TRUE THEN
            faults := faults || format(E'\n  %s after %s = %s made %s, not a valid value', g.name, h.name, h.value, cur);
        END IF;
        IF t IS NULL OR t > clock_timestamp() + interval '1 s' OR t < clock_timestamp() - interval '2 s' THEN
            faults := faults || format(E'\n  %s after %s = %s made %s dated %s', g.name, h.name, h.value, cur, t);
        END IF;
        IF g.name <> 'comb_suffix_generate' AND g.name <> 'comb_sqlserver_generate' AND cur <= prev THEN
            faults := faults || format(E'\n  %s after %s = %s made %s after %s', g.name, h.name, h.value, cur, prev);
        END IF;
        prev := cur;
        n := n + 1;
    END LOOP;
    RESET ALL;
    IF faults <> '' THEN
        RAISE EXCEPTION 'state: a SET reached %:%', g.name, faults;
    END IF;
    RETURN g.name || ':' || n;
END
$$;
SELECT set_config('state.done', string_agg(pg_temp.attack(g), ' ' ORDER BY g.name), false) FROM gen g \gset

-- suffix and SQL Server COMBs increase in the comb type's order, read by the C extension
DO $$
DECLARE
    a public.comb;
    b public.comb;
BEGIN
    a := uidx_sql.comb_suffix_generate()::public.comb;
    PERFORM set_config('uidx_sql.comb_suffix_last', '4611686018427387903', false);
    b := uidx_sql.comb_suffix_generate()::public.comb;
    RESET ALL;
    IF b <= a THEN RAISE EXCEPTION 'state: comb_suffix_generate went back: % after %', b, a; END IF;
    a := uidx_sql.comb_sqlserver_generate()::public.comb;
    PERFORM set_config('uidx_sql.comb_sqlserver_last', '9223372036854775807', false);
    b := uidx_sql.comb_sqlserver_generate()::public.comb;
    RESET ALL;
    IF b <= a THEN RAISE EXCEPTION 'state: comb_sqlserver_generate went back: % after %', b, a; END IF;
END
$$;

-- The role that may only insert one column: a superuser's SET before SET
-- ROLE, and the role's own, reach its DEFAULT no more than the rest.
SET uidx_sql.iuid_last = '-65536';
SET uidx_sql.iuid_last_random = '-4611686018427387904';
SET ROLE state_alice;
INSERT INTO public.state_orders (note) VALUES ('after a superuser''s SET');
SET uidx_sql.iuid_last = '-65536';
INSERT INTO public.state_orders (note) VALUES ('after its own SET');
RESET uidx_sql.iuid_last;
INSERT INTO public.state_orders (note) VALUES ('after RESET');
RESET ROLE;
RESET ALL;
DO $$
DECLARE
    bad bigint;
BEGIN
    SELECT count(*) INTO bad
      FROM (SELECT id, made, lag(id) OVER (ORDER BY made) AS prev FROM public.state_orders) s
     WHERE NOT uidx_sql.iuid_is_valid(id) OR id <= prev
        OR public.iuid_timestamp(id::public.iuid) NOT BETWEEN made - interval '1 s' AND made + interval '1 s';
    IF bad <> 0 OR (SELECT count(*) FROM public.state_orders) <> 3 THEN
        RAISE EXCEPTION 'state: % of the DEFAULT IDs of a one-column role are invalid, misdated or out of order', bad;
    END IF;
END
$$;
DROP TABLE public.state_orders;
DROP OWNED BY state_alice;
DROP ROLE state_alice;

-- The tie-breaker's sequence: every role may draw from it, none but its
-- owner may set it back.
DO $$
DECLARE
    who text := current_user;
BEGIN
    IF has_sequence_privilege('public', 'uidx_sql.uidx_sql_tie', 'UPDATE') THEN
        RAISE EXCEPTION 'state: PUBLIC may setval uidx_sql.uidx_sql_tie';
    END IF;
    IF NOT has_sequence_privilege('public', 'uidx_sql.uidx_sql_tie', 'USAGE') THEN
        RAISE EXCEPTION 'state: PUBLIC may not use uidx_sql.uidx_sql_tie';
    END IF;
END
$$;
\echo state: ok :set_config
