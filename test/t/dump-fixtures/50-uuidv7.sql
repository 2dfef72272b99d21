-- UUIDv7 keys (uuidv7() is the core function on PostgreSQL 18)
CREATE TABLE uuidv7_events (id uuid PRIMARY KEY DEFAULT uuidv7(), note text);
INSERT INTO uuidv7_events (note) SELECT 'event ' || n FROM generate_series(1, 1000) n;
CREATE TABLE uuidv7_backfill (id uuid PRIMARY KEY DEFAULT uuidv7('-30 days'));
INSERT INTO uuidv7_backfill SELECT FROM generate_series(1, 100);
