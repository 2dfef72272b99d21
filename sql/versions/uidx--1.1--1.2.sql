-- uidx 1.1 -> 1.2.  Only what changed since 1.1: every statement here has its
-- counterpart in sql/install/, and test/t/upgrade.pl proves that a database
-- updated from 1.0 or 1.1 equals a fresh install of 1.2.
\echo Use "ALTER EXTENSION uidx UPDATE TO '1.2'" to load this file. \quit
