-- iuid primary keys, time partitions made by uidx_create_time_partitions, the registry
INSERT INTO iuid_service_entity VALUES (7, 'AyanOrder'), (12, 'Ride');
CREATE TABLE iuid_plain (id iuid PRIMARY KEY DEFAULT iuid_generate(7, 42), note text);
INSERT INTO iuid_plain (note) SELECT 'row ' || n FROM generate_series(1, 1000) n;
CREATE TABLE iuid_orders (id iuid PRIMARY KEY, amount numeric) PARTITION BY RANGE (id);
SELECT count(*) FROM uidx_create_time_partitions('iuid_orders', '2024-01-01', '2024-07-01', '1 month');
INSERT INTO iuid_orders
SELECT iuid_generate_at(timestamptz '2024-01-01' + n * interval '1 hour', 12, 42), n
FROM generate_series(0, 4000) n;
CREATE TABLE iuid_as_uuid (id uuid PRIMARY KEY DEFAULT iuid_generate(7, 42));
INSERT INTO iuid_as_uuid SELECT FROM generate_series(1, 100);
