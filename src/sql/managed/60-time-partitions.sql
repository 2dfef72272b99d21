-- ---------------------------------------------------------------------------
-- Time-range partitions (docs/partitioning.md "Partitioning by time"), for uuid keys
-- ---------------------------------------------------------------------------
--@include time-partitions.sql

