-- comb primary keys (suffix and SQL Server COMBs), a comb table and a uuid
-- table of prefix COMBs range-partitioned by uidx_create_time_partitions,
-- and a sequence COMB default (its sequence must come back too)
CREATE TABLE comb_plain (id comb PRIMARY KEY DEFAULT comb_suffix_generate(), note text);
INSERT INTO comb_plain (note) SELECT 'row ' || n FROM generate_series(1, 1000) n;
CREATE TABLE comb_sqlserver_keys (id comb PRIMARY KEY DEFAULT comb_sqlserver_generate());
INSERT INTO comb_sqlserver_keys SELECT FROM generate_series(1, 200);
CREATE TABLE comb_events (id comb PRIMARY KEY, payload text) PARTITION BY RANGE (id);
SELECT count(*) FROM uidx_create_time_partitions('comb_events', '2025-01-01', '2025-04-01', '1 month');
INSERT INTO comb_events
SELECT comb_suffix_generate(timestamptz '2025-01-01' + n * interval '30 minutes'), 'e' || n
FROM generate_series(0, 4000) n;
CREATE TABLE comb_prefix_events (id uuid PRIMARY KEY) PARTITION BY RANGE (id);
SELECT count(*) FROM uidx_create_time_partitions('comb_prefix_events', '2025-01-01', '2025-01-08', '1 day');
INSERT INTO comb_prefix_events
SELECT comb_prefix_generate(timestamptz '2025-01-01' + n * interval '1 minute')
FROM generate_series(0, 10000) n;
CREATE SEQUENCE comb_block_seq;
CREATE TABLE comb_blocks (id uuid PRIMARY KEY DEFAULT comb_sequence_generate('comb_block_seq', 256, 65536));
INSERT INTO comb_blocks SELECT FROM generate_series(1, 1000);
