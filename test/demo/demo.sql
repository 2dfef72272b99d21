-- What `make demo` shows: a regional orders table keyed by iUID.
\set ECHO queries
\pset footer off
SET timezone = 'UTC';
CREATE EXTENSION uidx;

-- Each regional database knows its country; services are registered by name.
SELECT current_database() AS db \gset
ALTER DATABASE :"db" SET uidx.country = 42;
SET uidx.country = 42;
INSERT INTO iuid_service_entity VALUES (7, 'AyanOrder'), (12, 'Ride');

-- One ID is the primary key, the partition key and the routing key.
CREATE TABLE orders (
    id      iuid PRIMARY KEY DEFAULT iuid_generate('AyanOrder'),
    amount  numeric(12,2) NOT NULL
) PARTITION BY RANGE (id);
SELECT uidx_create_time_partitions('orders', date_trunc('month', now()),
                                   date_trunc('month', now()) + interval '3 months',
                                   interval '1 month');

INSERT INTO orders (amount) SELECT round((random() * 100)::numeric, 2) FROM generate_series(1, 5);

-- Support staff read origin and time straight from the ID.
SELECT id, iuid_timestamp(id) AS created, iuid_country(id) AS country,
       e.name AS entity
FROM orders JOIN iuid_service_entity e ON e.code = iuid_service_entity(id)
ORDER BY id;

-- A time range becomes an ID range: partitions are pruned, the index is used.
EXPLAIN (COSTS OFF)
SELECT * FROM orders
WHERE id >= iuid_lower_bound(date_trunc('day', now()))
  AND id <  iuid_lower_bound(date_trunc('day', now()) + interval '1 day');

-- Every ID a backend makes is larger than the one before.
SELECT count(*) AS ids, bool_and(id > prev) AS strictly_increasing
FROM (SELECT id, lag(id) OVER (ORDER BY n) AS prev
      FROM (SELECT n, iuid_generate(12) AS id FROM generate_series(1, 100000) n) g) s
WHERE prev IS NOT NULL;
