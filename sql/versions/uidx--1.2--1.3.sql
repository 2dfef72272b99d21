-- uidx 1.2 -> 1.3.  Only what changed since 1.2: every statement here has its
-- counterpart in sql/install/, and test/t/upgrade.pl proves that a database
-- updated from 1.0, 1.1 or 1.2 equals a fresh install of 1.3.
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

-- The key bound of an instant for the planner's time-filter conditions
-- (src/time_bounds.c): with upper = false the smallest iuid whose time is at
-- or after `at` (strictly after unless inclusive), with upper = true the
-- largest whose time is before it (at or before if inclusive).  Never an
-- error: an instant the time field cannot hold gives a value past every iuid.
CREATE FUNCTION iuid_time_bound(at timestamptz, upper boolean, inclusive boolean) RETURNS iuid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION iuid_time_bound(timestamptz, boolean, boolean) IS 'internal: the iuid bound of an instant in the conditions that time filters on iuid keys imply';

-- The key bound of an instant for the planner's time-filter conditions
-- (src/time_bounds.c): with upper = false the smallest comb whose time is at
-- or after `at` (strictly after unless inclusive), with upper = true the
-- largest whose time is before it (at or before if inclusive).  Never an
-- error: an instant the time field cannot hold gives a value past every comb
-- or, where no 16 bytes are, the first or last comb.
CREATE FUNCTION comb_time_bound(at timestamptz, upper boolean, inclusive boolean) RETURNS comb
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION comb_time_bound(timestamptz, boolean, boolean) IS 'internal: the comb bound of an instant in the conditions that time filters on comb keys imply';

-- The key bound of an instant for the planner's time-filter conditions
-- (src/time_bounds.c): with upper = false the smallest distid whose time is at
-- or after `at` (strictly after unless inclusive), with upper = true the
-- largest whose time is before it (at or before if inclusive).  Never an
-- error: an instant the time field cannot hold gives a value past every distid.
CREATE FUNCTION distid_time_bound(at timestamptz, upper boolean, inclusive boolean) RETURNS distid
    AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION distid_time_bound(timestamptz, boolean, boolean) IS 'internal: the distid bound of an instant in the conditions that time filters on distid keys imply';
