#!/usr/bin/env bash
# crc12(text) hashes the UTF-8 bytes of the text whatever the database
# encoding: in a LATIN1 database 'Größe' must still give 0x724 (1828), not
# the CRC-12 of its LATIN1 bytes (3962).
set -euo pipefail
export PGOPTIONS="-c client_min_messages=warning"
db=uidx_luuid_latin1
psql -X -q -v ON_ERROR_STOP=1 -d postgres -c "DROP DATABASE IF EXISTS $db" \
     -c "CREATE DATABASE $db ENCODING 'LATIN1' LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE template0"
got=$(PGCLIENTENCODING=UTF8 psql -X -qAt -v ON_ERROR_STOP=1 -d $db -c "CREATE EXTENSION uidx" \
      -c "SELECT crc12('Größe') || ' ' || crc12(convert_to('Größe', 'LATIN1')) || ' ' ||
                 luuid_group(luuid_generate('Größe', 1))")
psql -X -q -d postgres -c "DROP DATABASE $db"
echo "LATIN1 database: crc12 text, LATIN1 bytes, group of luuid_generate = $got"
[ "$got" = "1828 3962 1828" ]
