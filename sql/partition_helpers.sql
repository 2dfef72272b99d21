SET timezone = 'UTC';
-- The partition helpers that cron runs (docs/partitioning.md "Partitioning
-- by time"): NULL arguments, long names, the per-call limit, partitions made
-- by an earlier version.  Two calls at once: test/t/partition-helpers.pl.
\i test/regress/error_of.sql

-- ===========================================================================
-- NULL arguments raise 22004 (they were STRICT, and did nothing)
-- ===========================================================================
CREATE TABLE ph_orders (id iuid NOT NULL) PARTITION BY RANGE (id);
CREATE TABLE ph_hashed (id iuid NOT NULL) PARTITION BY HASH (id);
SELECT pg_temp.error_of($$SELECT uidx_create_time_partitions(NULL, '2025-01-01', '2025-02-01', '1 day')$$) AS parent,
       pg_temp.error_of($$SELECT uidx_create_time_partitions('ph_orders', NULL, '2025-02-01', '1 day')$$) AS from_ts;
SELECT pg_temp.error_of($$SELECT uidx_create_time_partitions('ph_orders', '2025-01-01', NULL, '1 day')$$) AS to_ts,
       pg_temp.error_of($$SELECT uidx_create_time_partitions('ph_orders', '2025-01-01', '2025-02-01', NULL)$$) AS step;
SELECT pg_temp.error_of($$SELECT uidx_create_time_partitions('ph_orders', '2025-01-01', '2025-02-01', '1 day', stripes => NULL)$$) AS stripes;
SELECT pg_temp.error_of($$SELECT uidx_create_stripes(NULL, 4)$$) AS stripes_parent,
       pg_temp.error_of($$SELECT uidx_create_stripes('ph_hashed', NULL)$$) AS stripes_count;
SELECT count(*) AS partitions_made FROM pg_inherits WHERE inhparent IN ('ph_orders'::regclass, 'ph_hashed'::regclass);
-- the functions are no longer STRICT
SELECT p.oid::regprocedure AS function, p.proisstrict
  FROM pg_proc p WHERE p.proname IN ('uidx_create_time_partitions', 'uidx_create_stripes') ORDER BY 1;

-- ===========================================================================
-- Names keep to 62 bytes: the array type of a partition needs "_" || name
-- ===========================================================================
-- a 60-byte parent, daily partitions for 100 days (before: 42710 "could
-- not form array type name" after about 72 days)
CREATE TABLE ph_a_parent_whose_name_is_sixty_bytes_long_xxxxxxxxxxxxxxxxx (id iuid NOT NULL)
    PARTITION BY RANGE (id);
SELECT octet_length('ph_a_parent_whose_name_is_sixty_bytes_long_xxxxxxxxxxxxxxxxx') AS parent_bytes;
SELECT count(*) AS made
  FROM uidx_create_time_partitions('ph_a_parent_whose_name_is_sixty_bytes_long_xxxxxxxxxxxxxxxxx',
                                   '2025-01-01', '2025-04-11', '1 day');
SELECT min(c.relname) AS first, max(c.relname) AS last, max(octet_length(c.relname)) AS max_bytes,
       count(DISTINCT c.relname) AS distinct_names,
       count(*) FILTER (WHERE t.typname = '_' || c.relname) AS array_types_named_after_them
  FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_type t ON t.typelem = c.reltype
 WHERE i.inhparent = 'ph_a_parent_whose_name_is_sixty_bytes_long_xxxxxxxxxxxxxxxxx'::regclass;
-- a second run finds them all
SELECT count(*) AS made_again
  FROM uidx_create_time_partitions('ph_a_parent_whose_name_is_sixty_bytes_long_xxxxxxxxxxxxxxxxx',
                                   '2025-01-01', '2025-04-11', '1 day');
DROP TABLE ph_a_parent_whose_name_is_sixty_bytes_long_xxxxxxxxxxxxxxxxx;

-- a 50-byte parent, daily partitions of 16 stripes (before: the date was
-- cut from the stripes' names, and the second day's stripes took the first
-- day's names, 42P07); the period and stripe suffixes are never cut
CREATE TABLE ph_a_striped_parent_of_fifty_bytes_xxxxxxxxxxxxxxx (id iuid NOT NULL) PARTITION BY RANGE (id);
SELECT octet_length('ph_a_striped_parent_of_fifty_bytes_xxxxxxxxxxxxxxx') AS parent_bytes;
SELECT count(*) AS made
  FROM uidx_create_time_partitions('ph_a_striped_parent_of_fifty_bytes_xxxxxxxxxxxxxxx',
                                   '2025-01-01', '2025-01-04', '1 day', stripes => 16);
SELECT t.level, count(*) AS tables, max(octet_length(t.relid::text)) AS max_bytes,
       min(t.relid::text) AS first, max(t.relid::text) AS last
  FROM pg_partition_tree('ph_a_striped_parent_of_fifty_bytes_xxxxxxxxxxxxxxx') t
 WHERE t.level > 0 GROUP BY t.level ORDER BY t.level;
DROP TABLE ph_a_striped_parent_of_fifty_bytes_xxxxxxxxxxxxxxx;

-- two long parents that share their first 50 bytes: distinct names (the hash
-- of the whole parent name)
CREATE TABLE ph_two_parents_that_begin_alike_xxxxxxxxxxxxxxxxxxxxxxxxxx_one (id iuid NOT NULL) PARTITION BY RANGE (id);
CREATE TABLE ph_two_parents_that_begin_alike_xxxxxxxxxxxxxxxxxxxxxxxxxx_two (id iuid NOT NULL) PARTITION BY RANGE (id);
SELECT uidx_create_time_partitions('ph_two_parents_that_begin_alike_xxxxxxxxxxxxxxxxxxxxxxxxxx_one', '2025-01-01', '2025-01-02', '1 day') AS one,
       uidx_create_time_partitions('ph_two_parents_that_begin_alike_xxxxxxxxxxxxxxxxxxxxxxxxxx_two', '2025-01-01', '2025-01-02', '1 day') AS two;
DROP TABLE ph_two_parents_that_begin_alike_xxxxxxxxxxxxxxxxxxxxxxxxxx_one,
           ph_two_parents_that_begin_alike_xxxxxxxxxxxxxxxxxxxxxxxxxx_two;
-- the naming rule itself
SELECT uidx_partition_name('orders', '_p20250101') AS short,
       uidx_partition_name(repeat('x', 60), '_p20250101') AS long,
       octet_length(uidx_partition_name(repeat('x', 60), '_p20250101', 5)) AS long_with_room_for_5,
       pg_temp.error_of($$SELECT uidx_partition_name('orders', NULL)$$) AS null_suffix;

-- ===========================================================================
-- A partition an earlier version named otherwise (63 bytes, or by hand) is
-- found by its bounds and left alone
-- ===========================================================================
CREATE TABLE ph_orders_january PARTITION OF ph_orders
    FOR VALUES FROM (iuid_lower_bound('2025-01-01')) TO (iuid_lower_bound('2025-02-01'));
SELECT uidx_create_time_partitions('ph_orders', '2025-01-01', '2025-03-01', '1 month') AS made;
SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
 WHERE i.inhparent = 'ph_orders'::regclass ORDER BY 1;
-- stripes by remainder, whatever their names
CREATE TABLE ph_hashed_r0 PARTITION OF ph_hashed FOR VALUES WITH (MODULUS 4, REMAINDER 0);
SELECT uidx_create_stripes('ph_hashed', 4) AS made;

-- ===========================================================================
-- The per-call limit is what the server's lock table allows: half of
-- max_locks_per_transaction x (max_connections + max_prepared_transactions),
-- each new partition holding a lock on itself, each index and its TOAST
-- table and index.  10,000 one-millisecond partitions: 54000 before
-- anything is made (before: 53200 out of shared memory, past the lock
-- table of a default server)
-- ===========================================================================
CREATE TABLE ph_ms (id iuid PRIMARY KEY, note text) PARTITION BY RANGE (id);
SELECT substring(pg_temp.error_of($$SELECT uidx_create_time_partitions('ph_ms', '2025-01-01', '2025-01-01 00:00:10', '1 millisecond')$$)
                 FROM '^[^:]*: too many partitions') AS ten_thousand;
SELECT count(*) AS partitions FROM pg_inherits WHERE inhparent = 'ph_ms'::regclass;
-- as many as the limit: made in one call (4 locks each: the table, its
-- primary key, its TOAST table and index)
SELECT current_setting('max_locks_per_transaction')::integer
       * (current_setting('max_connections')::integer + current_setting('max_prepared_transactions')::integer)
       / 2 / 4 AS lim \gset
SELECT count(*) = :lim AS made_the_limit
  FROM uidx_create_time_partitions('ph_ms', '2025-01-01', '2025-01-01'::timestamptz + :lim * interval '1 millisecond',
                                   '1 millisecond');
SELECT substring(pg_temp.error_of(format($$SELECT uidx_create_time_partitions('ph_ms', '2025-01-02', %L, '1 millisecond')$$,
                                         '2025-01-02'::timestamptz + (:lim + 1) * interval '1 millisecond'))
                 FROM '^[^:]*: too many partitions') AS one_more;
DROP TABLE ph_ms;

-- ===========================================================================
-- Isolation and locks (docs/partitioning.md "Isolation and locks"): every
-- helper refuses REPEATABLE READ and SERIALIZABLE (25000), alone too, before
-- it reads or changes anything (two sessions: test/t/partition-helpers.pl)
-- ===========================================================================
SELECT count(*) AS partitions FROM pg_inherits WHERE inhparent IN ('ph_orders'::regclass, 'ph_hashed'::regclass);
BEGIN ISOLATION LEVEL SERIALIZABLE;
SELECT pg_temp.error_of($$SELECT uidx_create_time_partitions('ph_orders', '2025-03-01', '2025-04-01', '1 month')$$) AS create_serializable;
COMMIT;
BEGIN ISOLATION LEVEL REPEATABLE READ;
SELECT split_part(pg_temp.error_of($$SELECT uidx_create_time_partitions('ph_orders', '2025-03-01', '2025-04-01', '1 month', default_partition => true)$$), ' / ', 1) AS create_repeatable_read;
SELECT split_part(pg_temp.error_of($$SELECT uidx_create_stripes('ph_hashed', 4)$$), ' / ', 1) AS stripes_repeatable_read;
SELECT split_part(pg_temp.error_of($$SELECT uidx_drop_time_partitions('ph_orders', timestamptz '2025-01-01')$$), ' / ', 1) AS drop_repeatable_read;
SELECT split_part(pg_temp.error_of($$SELECT uidx_drop_time_partitions('ph_orders', interval '1 day')$$), ' / ', 1) AS drop_interval;
-- a request that would do nothing is refused too: the rule does not depend
-- on the table
SELECT split_part(pg_temp.error_of($$SELECT uidx_create_time_partitions('ph_orders', '2025-03-01', '2025-03-01', '1 month')$$), ' / ', 1) AS empty_range;
COMMIT;
-- as many as before: nothing made
SELECT count(*) AS partitions FROM pg_inherits WHERE inhparent IN ('ph_orders'::regclass, 'ph_hashed'::regclass);
-- the hint
BEGIN ISOLATION LEVEL REPEATABLE READ;
SELECT uidx_create_stripes('ph_hashed', 4);
ROLLBACK;
-- READ COMMITTED, also inside a transaction block
BEGIN ISOLATION LEVEL READ COMMITTED;
SELECT count(*) AS made FROM uidx_create_time_partitions('ph_orders', '2025-03-01', '2025-04-01', '1 month');
SELECT count(*) AS made FROM uidx_create_stripes('ph_hashed', 4);
COMMIT;
-- Each lock wait is bounded: lock_timeout, or one minute where it is 0.
-- The helpers set lock_timeout for their own statements and give the
-- caller's back, whether they made something, found nothing to do or failed.
SELECT uidx_ddl_lock_wait() AS lock_timeout_0;
SET lock_timeout = '250ms';
SELECT uidx_ddl_lock_wait() AS lock_timeout_250ms;
BEGIN;
SELECT count(*) AS made FROM uidx_create_time_partitions('ph_orders', '2025-04-01', '2025-06-01', '1 month', default_partition => true);
SHOW lock_timeout;
SELECT count(*) AS made FROM uidx_create_time_partitions('ph_orders', '2025-04-01', '2025-06-01', '1 month');
SHOW lock_timeout;
SELECT count(*) AS dropped FROM uidx_drop_time_partitions('ph_orders', timestamptz '2025-05-01');
SHOW lock_timeout;
SELECT count(*) AS dropped FROM uidx_drop_time_partitions('ph_orders', timestamptz '2025-05-01');
SHOW lock_timeout;
SELECT count(*) AS made FROM uidx_create_stripes('ph_hashed', 4);
SHOW lock_timeout;
COMMIT;
RESET lock_timeout;
BEGIN;
SELECT count(*) AS made FROM uidx_create_time_partitions('ph_orders', '2025-06-01', '2025-07-01', '1 month');
SHOW lock_timeout;
SELECT pg_temp.error_of($$SELECT uidx_create_time_partitions('ph_orders', '2025-06-01', '2025-05-01', '1 month')$$) AS refused;
SHOW lock_timeout;
COMMIT;
SHOW lock_timeout;

DROP TABLE ph_orders, ph_hashed;

-- ===========================================================================
-- Retention: uidx_drop_time_partitions (docs/partitioning.md "Retention")
-- ===========================================================================
CREATE TABLE ph_ret (id iuid PRIMARY KEY, note text) PARTITION BY RANGE (id);
SELECT * FROM uidx_create_time_partitions('ph_ret', '2025-01-01', '2025-05-01', '1 month', default_partition => true);
-- one row a day, January to April
INSERT INTO ph_ret SELECT iuid_from_parts('2025-01-01'::timestamptz + g * interval '1 day', 42, 7, g), 'day'
  FROM generate_series(0, 119) g;
-- a bound inside March: January and February go, March straddles it and stays
SELECT * FROM uidx_drop_time_partitions('ph_ret', timestamptz '2025-03-15');
-- again: nothing left to drop
SELECT count(*) AS dropped_again FROM uidx_drop_time_partitions('ph_ret', timestamptz '2025-03-15');
-- the bound is the first key of its millisecond: one microsecond before
-- April leaves March (its upper bound is the first key of April 1), and
-- 999 microseconds after April 1 reach March's end
SELECT count(*) AS dropped FROM uidx_drop_time_partitions('ph_ret', timestamptz '2025-03-31 23:59:59.999999', detach_only => true);
-- detached, not dropped; its rows are kept
SELECT * FROM uidx_drop_time_partitions('ph_ret', timestamptz '2025-04-01 00:00:00.000999', detach_only => true);
SELECT count(*) AS march_rows, (SELECT count(*) FROM pg_inherits WHERE inhrelid = 'ph_ret_p20250301'::regclass) AS still_attached
  FROM ph_ret_p20250301;
DROP TABLE ph_ret_p20250301;
SELECT c.relname, (SELECT count(*) FROM ph_ret WHERE tableoid = c.oid) AS rows
  FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'ph_ret'::regclass ORDER BY 1;

-- The default partition: left alone while empty, or while it holds only rows
-- at or after the bound
SELECT count(*) AS dropped_with_empty_default FROM uidx_drop_time_partitions('ph_ret', timestamptz '2025-04-15');
INSERT INTO ph_ret VALUES (iuid_from_parts('2025-09-01', 42, 7, 1), 'new');
SELECT count(*) AS dropped_with_new_rows_in_default FROM uidx_drop_time_partitions('ph_ret', timestamptz '2025-04-15');
-- a partition for a range that the default holds rows of: refused, naming
-- the range, before anything is made (PostgreSQL's own 23514 names neither)
SELECT pg_temp.error_of($$SELECT uidx_create_time_partitions('ph_ret', '2025-07-01', '2025-10-01', '1 month')$$) AS create_over_default_rows;
SELECT count(*) AS partitions FROM pg_inherits WHERE inhparent = 'ph_ret'::regclass;
-- rows before and at or after the bound: refused, nothing detached
INSERT INTO ph_ret VALUES (iuid_from_parts('2024-06-01', 42, 7, 1), 'old');
SELECT pg_temp.error_of($$SELECT uidx_drop_time_partitions('ph_ret', timestamptz '2025-05-01')$$) AS default_old_and_new;
SELECT count(*) AS partitions FROM pg_inherits WHERE inhparent = 'ph_ret'::regclass;
-- only older rows: the default goes too, and the next create makes a new one
DELETE FROM ph_ret WHERE note = 'new';
SELECT * FROM uidx_drop_time_partitions('ph_ret', timestamptz '2025-05-01');
SELECT * FROM uidx_create_time_partitions('ph_ret', '2025-05-01', '2025-06-01', '1 month', default_partition => true);
-- again: the default exists
SELECT count(*) AS made FROM uidx_create_time_partitions('ph_ret', '2025-05-01', '2025-06-01', '1 month', default_partition => true);
-- the default's name, taken by another table: 42P07, nothing made
CREATE TABLE ph_named (id iuid NOT NULL) PARTITION BY RANGE (id);
CREATE TABLE ph_named_default (id iuid);
SELECT pg_temp.error_of($$SELECT uidx_create_time_partitions('ph_named', '2025-05-01', '2025-06-01', '1 month', default_partition => true)$$) AS name_taken;
SELECT count(*) AS partitions FROM pg_inherits WHERE inhparent = 'ph_named'::regclass;
-- a default partition under another name is the parent's default
DROP TABLE ph_named_default;
CREATE TABLE ph_named_rest PARTITION OF ph_named DEFAULT;
SELECT * FROM uidx_create_time_partitions('ph_named', '2025-05-01', '2025-06-01', '1 month', default_partition => true);
DROP TABLE ph_named;

-- The interval form: before now() - older_than; a partition that holds now stays
CREATE TABLE ph_now (id iuid NOT NULL) PARTITION BY RANGE (id);
SELECT count(*) AS made FROM uidx_create_time_partitions('ph_now', '2001-01-01', '2001-01-03', '1 day');
SELECT count(*) AS made FROM uidx_create_time_partitions('ph_now', date_trunc('day', now()), date_trunc('day', now()) + interval '1 day', '1 day');
SELECT * FROM uidx_drop_time_partitions('ph_now', interval '1 day');
SELECT count(*) AS left_one FROM pg_inherits WHERE inhparent = 'ph_now'::regclass;

-- NULL arguments (22004), an infinite bound (22008), a negative interval
-- (22023), a literal without its type (42725: timestamptz or interval), a
-- table that is not range-partitioned (22023) or not partitioned (42809)
SELECT pg_temp.error_of($$SELECT uidx_drop_time_partitions(NULL, timestamptz '2025-01-01')$$) AS parent,
       pg_temp.error_of($$SELECT uidx_drop_time_partitions('ph_now', NULL::timestamptz)$$) AS older_than;
SELECT pg_temp.error_of($$SELECT uidx_drop_time_partitions('ph_now', timestamptz '2025-01-01', NULL)$$) AS detach_only,
       pg_temp.error_of($$SELECT uidx_drop_time_partitions('ph_now', NULL::interval)$$) AS older_than_interval;
SELECT pg_temp.error_of($$SELECT uidx_drop_time_partitions('ph_now', interval '1 day', NULL)$$) AS detach_only_interval,
       pg_temp.error_of($$SELECT uidx_create_time_partitions('ph_now', '2025-01-01', '2025-02-01', '1 day', default_partition => NULL)$$) AS default_partition;
SELECT pg_temp.error_of($$SELECT uidx_drop_time_partitions('ph_now', timestamptz 'infinity')$$) AS infinite,
       pg_temp.error_of($$SELECT uidx_drop_time_partitions('ph_now', interval '-1 day')$$) AS negative;
SELECT substring(pg_temp.error_of($$SELECT uidx_drop_time_partitions('ph_now', '2025-01-01')$$) FROM '^[^(]*') AS untyped;
CREATE TABLE ph_hash2 (id iuid NOT NULL) PARTITION BY HASH (id);
CREATE TABLE ph_plain (id iuid);
SELECT pg_temp.error_of($$SELECT uidx_drop_time_partitions('ph_hash2', interval '1 day')$$) AS hashed,
       pg_temp.error_of($$SELECT uidx_drop_time_partitions('ph_plain', interval '1 day')$$) AS plain;
DROP TABLE ph_now, ph_hash2, ph_plain;

-- A striped parent: a striped partition goes whole, with its stripes
CREATE TABLE ph_striped (id uuid PRIMARY KEY) PARTITION BY RANGE (id);
SELECT count(*) AS made FROM uidx_create_time_partitions('ph_striped', '2025-01-01', '2025-01-05', '1 day', stripes => 4);
SELECT * FROM uidx_drop_time_partitions('ph_striped', timestamptz '2025-01-03');
SELECT t.level, count(*) AS tables FROM pg_partition_tree('ph_striped') t GROUP BY 1 ORDER BY 1;
SELECT count(*) AS stripes_left FROM pg_class WHERE relname ~ '^ph_striped_p2025010[12]';
DROP TABLE ph_striped;

-- The per-call limit: each dropped table holds about 8 locks (itself, its
-- row and array types, its primary key and constraint, its TOAST table,
-- index and type) until the transaction ends.  One partition more than the
-- budget allows: 54000 before anything is detached; two calls drop them.
CREATE TABLE ph_many (id iuid PRIMARY KEY, note text) PARTITION BY RANGE (id);
SELECT uidx_partition_lock_budget() / 8 + 1 AS many \gset
SELECT count(*) = :many AS made
  FROM uidx_create_time_partitions('ph_many', '2025-01-01', '2025-01-01'::timestamptz + :many * interval '1 millisecond',
                                   '1 millisecond');
SELECT substring(pg_temp.error_of($$SELECT uidx_drop_time_partitions('ph_many', timestamptz '2025-01-02')$$)
                 FROM '^[^:]*: too many partitions') AS all_at_once;
SELECT count(*) = :many AS all_kept FROM pg_inherits WHERE inhparent = 'ph_many'::regclass;
SELECT count(*) = :many / 2 AS first_half FROM uidx_drop_time_partitions('ph_many', '2025-01-01'::timestamptz + (:many / 2) * interval '1 millisecond');
SELECT count(*) = :many - :many / 2 AS the_rest FROM uidx_drop_time_partitions('ph_many', timestamptz '2025-01-02');
DROP TABLE ph_many;

DROP TABLE ph_ret;
