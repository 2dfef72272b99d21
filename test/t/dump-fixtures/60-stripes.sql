-- striped tables (README "Striped tables"): time partitions each striped by
-- hash, a table striped by hash alone, and foreign keys to and from them.
-- test/t/upgrade.pl also loads this into 1.0, 1.1 and 1.2, which have no
-- stripe functions: there the same tables are made by hand, with the names
-- and bounds the functions give them.
SELECT to_regprocedure('uidx_create_stripes(regclass,integer)') IS NOT NULL AS has_stripes \gset
CREATE TABLE stripe_customers (id iuid PRIMARY KEY, name text);
INSERT INTO stripe_customers SELECT iuid_generate_at(timestamptz '2023-06-01' + n * interval '1 day', 12, 42), 'c' || n
FROM generate_series(1, 20) n;
CREATE TABLE stripe_orders (id iuid PRIMARY KEY, customer iuid REFERENCES stripe_customers, amount numeric)
    PARTITION BY RANGE (id);
CREATE TABLE stripe_events (id uuid PRIMARY KEY DEFAULT distid128_generate(), kind text) PARTITION BY HASH (id);
\if :has_stripes
SELECT count(*) FROM uidx_create_time_partitions('stripe_orders', '2024-01-01', '2024-03-01', '1 month', 4);
SELECT count(*) FROM uidx_create_time_partitions('stripe_orders', '2024-03-01', '2024-04-01', '1 month', 4);
SELECT count(*) FROM uidx_create_stripes('stripe_events', 8);
\else
DO $$
BEGIN
    FOR m IN 0 .. 2 LOOP
        EXECUTE format('CREATE TABLE %I PARTITION OF stripe_orders FOR VALUES FROM (%L) TO (%L) PARTITION BY HASH (id)',
                       'stripe_orders_p' || to_char(timestamptz '2024-01-01 UTC' + m * interval '1 month', 'YYYYMMDD'),
                       iuid_lower_bound(timestamptz '2024-01-01 UTC' + m * interval '1 month'),
                       iuid_lower_bound(timestamptz '2024-01-01 UTC' + (m + 1) * interval '1 month'));
        FOR r IN 0 .. 3 LOOP
            EXECUTE format('CREATE TABLE %I PARTITION OF %I FOR VALUES WITH (MODULUS 4, REMAINDER %s)',
                           'stripe_orders_p' || to_char(timestamptz '2024-01-01 UTC' + m * interval '1 month', 'YYYYMMDD') || '_s' || r,
                           'stripe_orders_p' || to_char(timestamptz '2024-01-01 UTC' + m * interval '1 month', 'YYYYMMDD'), r);
        END LOOP;
    END LOOP;
    FOR r IN 0 .. 7 LOOP
        EXECUTE format('CREATE TABLE stripe_events_s%s PARTITION OF stripe_events FOR VALUES WITH (MODULUS 8, REMAINDER %s)', r, r);
    END LOOP;
END
$$;
\endif
INSERT INTO stripe_orders
SELECT iuid_generate_at(timestamptz '2024-01-01' + n * interval '1 hour', 12, 42),
       (SELECT id FROM stripe_customers ORDER BY id LIMIT 1 OFFSET n % 20), n
FROM generate_series(0, 2000) n;
CREATE TABLE stripe_order_lines (id bigserial PRIMARY KEY, order_id iuid NOT NULL REFERENCES stripe_orders, qty int);
INSERT INTO stripe_order_lines (order_id, qty) SELECT id, 1 FROM stripe_orders ORDER BY id LIMIT 500;
INSERT INTO stripe_events (kind) SELECT 'k' || n FROM generate_series(1, 1000) n;
