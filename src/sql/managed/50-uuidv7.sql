-- ---------------------------------------------------------------------------
-- UUIDv7 as PostgreSQL 18 makes it (FORMATS.md §E).  As in the C extension,
-- uuidv7() is made only before 18 and uuid_extract_* only before 17, so an
-- unqualified call on a newer server always reaches core.
-- ---------------------------------------------------------------------------

CREATE FUNCTION @extschema@.uuidv7_timestamp(uuid) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
SELECT CASE WHEN pg_catalog.substr(t, 20, 1) OPERATOR(pg_catalog.<>) ALL (ARRAY['8', '9', 'a', 'b']) THEN NULL
            WHEN pg_catalog.substr(t, 15, 1) OPERATOR(pg_catalog.=) '7'
            THEN @extschema@.uidx_sql_timestamp((@extschema@.uidx_sql_half($1, 0) OPERATOR(pg_catalog.>>) 16)
                                                OPERATOR(pg_catalog.&) 281474976710655)
            WHEN pg_catalog.substr(t, 15, 1) OPERATOR(pg_catalog.=) '1'
            -- 100 ns ticks since 1582-10-15: time_hi (12 bits), time_mid, time_low
            THEN @extschema@.uidx_sql_timestamp_us(
                   ((((('x' OPERATOR(pg_catalog.||) pg_catalog.substr(t, 16, 3)) OPERATOR(pg_catalog.||) pg_catalog.substr(t, 10, 4))
                      OPERATOR(pg_catalog.||) pg_catalog.substr(t, 1, 8))::pg_catalog.bit(60)::pg_catalog.int8) OPERATOR(pg_catalog./) 10)
                   OPERATOR(pg_catalog.+) (@UIDX_GREGORIAN_UNIX_US@))
       END
  FROM (SELECT $1::pg_catalog.text AS t) s
$$;
COMMENT ON FUNCTION @extschema@.uuidv7_timestamp(uuid) IS 'timestamp of a version 7 or version 1 uuid; NULL for others';

DO $uidx$
DECLARE
    v integer := pg_catalog.current_setting('server_version_num')::integer;
BEGIN
    IF v OPERATOR(pg_catalog.<) 180000 THEN
        -- monotonic per session (docs/managed.md, generator state)
        CREATE FUNCTION @extschema@.uuidv7() RETURNS uuid
        LANGUAGE sql VOLATILE PARALLEL UNSAFE
        AS $$ SELECT @extschema@.uidx_sql_tick_uuid(@extschema@.uidx_sql_now_ms4096(), B'0111',
                                                     @extschema@.uidx_sql_tie()) $$;
        COMMENT ON FUNCTION @extschema@.uuidv7() IS 'new UUIDv7 for now, monotonic per session (PostgreSQL 18''s uuidv7)';
        CREATE FUNCTION @extschema@.uuidv7(shift interval) RETURNS uuid
        LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE
        AS $fn$
        DECLARE
            ts pg_catalog.timestamptz;
        BEGIN
            IF shift::pg_catalog.text OPERATOR(pg_catalog.=) ANY (ARRAY['infinity', '-infinity']) THEN
                RAISE EXCEPTION 'interval out of range for UUID version 7'
                    USING ERRCODE = 'datetime_field_overflow',
                          DETAIL = 'UUID version 7 does not support infinite intervals.';
            END IF;
            ts := pg_catalog.clock_timestamp() OPERATOR(pg_catalog.+) shift;
            IF ts OPERATOR(pg_catalog.<) 'epoch'::pg_catalog.timestamptz
               OR ts OPERATOR(pg_catalog.>) @extschema@.uidx_sql_timestamp(281474976710655) THEN
                RAISE EXCEPTION 'timestamp out of range for UUID version 7'
                    USING ERRCODE = 'datetime_field_overflow',
                          DETAIL = 'UUID version 7 supports timestamps from 1970-01-01 to approximately year 10889.';
            END IF;
            -- exactly floor(unix ms * 4096), in numeric: a shift can reach past 2540
            -- the clock before the tie-breaker (see uidx_sql_tie())
            RETURN @extschema@.uidx_sql_tick_uuid(pg_catalog.floor(EXTRACT(epoch FROM ts) OPERATOR(pg_catalog.*) 4096000)::bigint, B'0111',
                                                  @extschema@.uidx_sql_tie());
        END
        $fn$;
        COMMENT ON FUNCTION @extschema@.uuidv7(interval) IS 'new UUIDv7 with its time shifted by the interval';
    END IF;
    IF v OPERATOR(pg_catalog.<) 170000 THEN
        CREATE FUNCTION @extschema@.uuid_extract_version(uuid) RETURNS smallint
        LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
        AS $$ SELECT CASE WHEN pg_catalog.substr($1::pg_catalog.text, 20, 1) OPERATOR(pg_catalog.=) ANY (ARRAY['8', '9', 'a', 'b'])
                           THEN ('x' OPERATOR(pg_catalog.||) pg_catalog.substr($1::pg_catalog.text, 15, 1))::pg_catalog.bit(4)::pg_catalog.int4::pg_catalog.int2 END $$;
        COMMENT ON FUNCTION @extschema@.uuid_extract_version(uuid) IS 'version of a uuid; NULL for non-RFC variants (PostgreSQL 17''s function)';
        CREATE FUNCTION @extschema@.uuid_extract_timestamp(uuid) RETURNS timestamptz
        LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
        AS $$ SELECT @extschema@.uuidv7_timestamp($1) $$;
        COMMENT ON FUNCTION @extschema@.uuid_extract_timestamp(uuid) IS 'timestamp of a version 7 or 1 uuid (PostgreSQL 17''s function)';
    END IF;
END
$uidx$;

CREATE FUNCTION @extschema@.uuidv7_lower_bound(at timestamptz) RETURNS uuid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.uidx_sql_uuid((@extschema@.uidx_sql_unix_ms(at, 0, 281474976710655, 'uuid') OPERATOR(pg_catalog.<<) 16)
                                        OPERATOR(pg_catalog.|) 28672,
                                        (2::bigint OPERATOR(pg_catalog.<<) 62)) $$;
COMMENT ON FUNCTION @extschema@.uuidv7_lower_bound(timestamptz) IS 'smallest UUIDv7 of the millisecond of at (range scans, partition bounds)';

CREATE FUNCTION @extschema@.uuidv7_partman_encoder(ts timestamptz) RETURNS uuid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.uuidv7_lower_bound(ts) $$;
COMMENT ON FUNCTION @extschema@.uuidv7_partman_encoder(timestamptz) IS 'pg_partman p_time_encoder for UUIDv7 columns';
CREATE FUNCTION @extschema@.uuidv7_partman_decoder(id text) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT @extschema@.uuidv7_timestamp(id::pg_catalog.uuid) $$;
COMMENT ON FUNCTION @extschema@.uuidv7_partman_decoder(text) IS 'pg_partman p_time_decoder for UUIDv7 columns';

