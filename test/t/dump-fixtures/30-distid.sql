-- distid primary keys (plain and time-partitioned), the numeric(28,0) form and
-- DistributedId128 on uuid
CREATE TABLE distid_plain (id distid PRIMARY KEY DEFAULT distid_generate(), note text);
INSERT INTO distid_plain (note) SELECT 'row ' || n FROM generate_series(1, 1000) n;
CREATE TABLE distid_orders (id distid PRIMARY KEY, amount numeric) PARTITION BY RANGE (id);
SELECT count(*) FROM uidx_create_time_partitions('distid_orders', '2024-01-01', '2024-07-01', '1 month');
INSERT INTO distid_orders
SELECT (distid_lower_bound(timestamptz '2024-01-01' + n * interval '1 hour')::numeric + n * 7919)::distid, n
FROM generate_series(0, 4000) n;
CREATE TABLE distid_decimal (id numeric(28,0) PRIMARY KEY DEFAULT distributed_id(), as_distid distid);
INSERT INTO distid_decimal (as_distid) SELECT distid_generate() FROM generate_series(1, 100);
CREATE TABLE distid128_events (id uuid PRIMARY KEY DEFAULT distid128_generate());
INSERT INTO distid128_events SELECT FROM generate_series(1, 100);
