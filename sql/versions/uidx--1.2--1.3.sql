-- uidx 1.2 -> 1.3.  Only what changed since 1.2: every statement here has its
-- counterpart in sql/install/, and test/t/upgrade.pl proves that a database
-- updated from 1.0, 1.1 or 1.2 equals a fresh install of 1.3.
\echo Use "ALTER EXTENSION uidx UPDATE TO '1.3'" to load this file. \quit
