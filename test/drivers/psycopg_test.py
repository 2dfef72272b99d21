"""psycopg 3 against every uidx type, with the recipe of docs/drivers.md "Client recipes".

Run by test/t/drivers.sh with PG* pointing at the sandbox and DRIVERS_DB
naming a database that has the extension.  Prints one line per check and
exits non-zero when any fails; every check runs, a failing one does not
stop the others.
"""
import os
import sys
import uuid

import psycopg
from psycopg import sql
from psycopg.adapt import Dumper

failures = 0


def check(name, fn):
    global failures
    try:
        fn()
        print(f"ok - psycopg: {name}")
    except Exception as e:  # noqa: BLE001 - every failure is reported
        failures += 1
        print(f"not ok - psycopg: {name}: {type(e).__name__}: {str(e).strip().splitlines()[0]}")


# ---- the recipe: docs/drivers.md "Client recipes", psycopg 3 (uidx_psycopg.py,
# written into DRIVERS_README_DIR by drivers.sh).  uidx's UUID-like types
# load as uuid.UUID, distid as int; a Distid(int) is sent as distid.
sys.path.insert(0, os.environ["DRIVERS_README_DIR"])
from uidx_psycopg import Distid, register_uidx  # noqa: E402


TYPES = {
    # type: (DEFAULT expression, a valid value as the app holds it, its text)
    "iuid": ("iuid_generate(7, 42)", uuid.UUID("018cc251-f400-802a-8740-000000000001")),
    "comb": ("comb_suffix_generate()", uuid.UUID("7c091a30-aa83-4920-9288-018cc251f400")),
    "distid": ("distid_generate()", 1088824355131185736905670087),
}


def run(conn, t):
    default, value = TYPES[t]
    py_type = uuid.UUID if t != "distid" else int
    as_uuid = value if t != "distid" else uuid.UUID(int=value)
    tbl = sql.Identifier(f"py_{t}")
    child = sql.Identifier(f"py_{t}_child")
    with conn.cursor() as cur:
        cur.execute(sql.SQL("DROP TABLE IF EXISTS {}, {}").format(child, tbl))
        cur.execute(sql.SQL("CREATE TABLE {} (id {} PRIMARY KEY DEFAULT {}, note text, maybe {})").format(
            tbl, sql.SQL(t), sql.SQL(default), sql.SQL(t)))

    def default_returning():
        with conn.cursor() as cur:
            got = cur.execute(sql.SQL("INSERT INTO {} (note) VALUES ('default') RETURNING id").format(tbl)).fetchone()[0]
            assert isinstance(got, py_type), type(got)

    def insert_uuid_param():
        with conn.cursor() as cur:
            cur.execute(sql.SQL("INSERT INTO {} VALUES (%s, 'uuid param')").format(tbl), (as_uuid,))

    def insert_text_param():
        with conn.cursor() as cur:
            other = (uuid.UUID(str(as_uuid)[:-1] + "2") if t != "distid" else None)
            text = str(other) if other else str(value + 1)
            cur.execute(sql.SQL("INSERT INTO {} VALUES (%s, 'text param')").format(tbl), (text,))

    def insert_wrong_layout():
        if t != "iuid":
            return
        with conn.cursor() as cur:
            try:
                cur.execute(sql.SQL("INSERT INTO {} VALUES (%s)").format(tbl), (uuid.uuid4(),))
            except psycopg.errors.InvalidTextRepresentation:
                return
            raise AssertionError("a version 4 UUID went into an iuid column")

    def results(binary):
        def fn():
            with conn.cursor(binary=binary) as cur:
                got = cur.execute(sql.SQL("SELECT id FROM {} WHERE note = 'uuid param'").format(tbl)).fetchone()[0]
                assert got == value and isinstance(got, py_type), (got, type(got))
        return fn

    def eq_param(param, binary=False):
        def fn():
            with conn.cursor(binary=binary) as cur:
                got = cur.execute(sql.SQL("SELECT note FROM {} WHERE id = %s").format(tbl), (param,)).fetchall()
                assert got == [("uuid param",)], got
        return fn

    def any_param(params):
        def fn():
            with conn.cursor() as cur:
                got = cur.execute(sql.SQL("SELECT count(*) FROM {} WHERE id = ANY(%s)").format(tbl), (params,)).fetchone()[0]
                assert got == 1, got
        return fn

    def in_params(params):
        def fn():
            with conn.cursor() as cur:
                got = cur.execute(sql.SQL("SELECT count(*) FROM {} WHERE id IN (%s, %s)").format(tbl), params).fetchone()[0]
                assert got == 1, got
        return fn

    def copy_in(fmt):
        def fn():
            base = 0x50 if fmt == "text" else 0x60
            # the last byte varies: inside the random part of a valid iUID
            rows = [(uuid.UUID(int=(as_uuid.int & ~0xFF) | (base + i)) if t != "distid" else value + base + i,
                     f"copy {fmt}") for i in range(3)]
            stmt = sql.SQL("COPY {} (id, note) FROM STDIN" + (" (FORMAT BINARY)" if fmt == "binary" else "")).format(tbl)
            with conn.cursor() as cur:
                with cur.copy(stmt) as copy:
                    if fmt == "binary":
                        copy.set_types(["uuid" if t != "distid" else "distid", "text"])
                    for r in rows:
                        copy.write_row((r[0] if t != "distid" else Distid(r[0]), r[1]))
                got = cur.execute(sql.SQL("SELECT count(*) FROM {} WHERE note = %s").format(tbl), (f"copy {fmt}",)).fetchone()[0]
                assert got == 3, got
        return fn

    def null_roundtrip(binary):
        """None as a parameter, NULL back as None, alone and in an array; COPY
        of a NULL with set_types()"""
        def fn():
            note = f"null {'binary' if binary else 'text'}"
            with conn.cursor(binary=binary) as cur:
                cur.execute(sql.SQL("INSERT INTO {} (note, maybe) VALUES (%s, %s)").format(tbl), (note, None))
                row = cur.execute(sql.SQL("SELECT maybe, ARRAY[maybe, id], id FROM {} WHERE note = %s").format(tbl),
                                  (note,)).fetchone()
                assert row[0] is None and row[1] == [None, row[2]] and isinstance(row[2], py_type), row
                with cur.copy(sql.SQL("COPY {} (maybe, note) FROM STDIN" + (" (FORMAT BINARY)" if binary else "")).format(tbl)) as copy:
                    copy.set_types([t, "text"])
                    copy.write_row((None, note + " copy"))
                n = cur.execute(sql.SQL("SELECT count(*) FROM {} WHERE maybe IS NULL AND note = %s").format(tbl),
                                (note + " copy",)).fetchone()[0]
                assert n == 1, n
        return fn

    def copy_in_set_types(fmt):
        # copy.set_types() with the column's own type name (README: the
        # recipe registers dumpers for the types' OIDs), the rows as the app
        # holds them: uuid.UUID, and a plain int for a distid
        def fn():
            base = 0x80 if fmt == "text" else 0x90
            rows = [(uuid.UUID(int=(as_uuid.int & ~0xFF) | (base + i)) if t != "distid" else value + base + i,
                     f"copy set_types {fmt}") for i in range(3)]
            stmt = sql.SQL("COPY {} (id, note) FROM STDIN" + (" (FORMAT BINARY)" if fmt == "binary" else "")).format(tbl)
            with conn.cursor() as cur:
                with cur.copy(stmt) as copy:
                    copy.set_types([t, "text"])
                    for r in rows:
                        copy.write_row(r)
                got = cur.execute(sql.SQL("SELECT id FROM {} WHERE note = %s ORDER BY id").format(tbl),
                                  (f"copy set_types {fmt}",)).fetchall()
                assert sorted(r[0] for r in got) == sorted(r[0] for r in rows), got
        return fn

    def copy_out_binary():
        with conn.cursor() as cur:
            with cur.copy(sql.SQL("COPY (SELECT id FROM {} WHERE note = 'uuid param') TO STDOUT (FORMAT BINARY)").format(tbl)) as copy:
                copy.set_types([t])
                got = list(copy.rows())
            assert got == [(value,)], got

    def foreign_key():
        with conn.cursor() as cur:
            cur.execute(sql.SQL("CREATE TABLE {} (parent uuid REFERENCES {} (id))").format(child, tbl))
            cur.execute(sql.SQL("INSERT INTO {} VALUES (%s)").format(child), (as_uuid,))
            try:
                with conn.transaction():
                    cur.execute(sql.SQL("INSERT INTO {} VALUES (%s)").format(child), (uuid.UUID(int=as_uuid.int ^ 0xFFFF),))
            except psycopg.errors.ForeignKeyViolation:
                return
            raise AssertionError("the foreign key let a missing parent in")

    def binary_wrong_length():
        # a uuid's text sent as a binary parameter: the length is checked
        # before the layout (22P03, naming both lengths)
        oid = conn.execute("SELECT %s::regtype::oid", (t,)).fetchone()[0]

        class WrongLength(Dumper):
            format = psycopg.pq.Format.BINARY

            def dump(self, obj):
                return str(obj).encode()

        WrongLength.oid = oid
        with conn.cursor(binary=True) as cur:
            cur.adapters.register_dumper(uuid.UUID, WrongLength)
            try:
                cur.execute(sql.SQL("SELECT count(*) FROM {} WHERE id = %b").format(tbl), (as_uuid,))
            except psycopg.errors.InvalidBinaryRepresentation as e:
                assert e.diag.message_detail == "Expected 16 bytes, received 36.", e.diag.message_detail
                assert e.diag.message_primary == f"incorrect binary data format for type {t}", e.diag.message_primary
                return
            raise AssertionError("36 bytes were taken")

    other_text = str(as_uuid) if t != "distid" else str(value)
    check(f"{t}: DEFAULT + RETURNING gives {py_type.__name__}", default_returning)
    check(f"{t}: INSERT with a uuid.UUID parameter", insert_uuid_param)
    check(f"{t}: INSERT with a text parameter", insert_text_param)
    check(f"{t}: INSERT of a wrong layout raises 22P02", insert_wrong_layout)
    check(f"{t}: a 36-byte binary parameter is 22P03", binary_wrong_length)
    check(f"{t}: text result", results(False))
    check(f"{t}: binary result", results(True))
    check(f"{t}: = with a uuid.UUID parameter", eq_param(as_uuid))
    check(f"{t}: = with a uuid.UUID parameter, binary", eq_param(as_uuid, binary=True))
    check(f"{t}: = with a text parameter", eq_param(other_text))
    if t == "distid":
        check(f"{t}: = with a Distid parameter", eq_param(Distid(value)))
    check(f"{t}: = ANY with a list of uuid.UUID", any_param([as_uuid, uuid.UUID(int=1)]))
    check(f"{t}: IN with uuid.UUID parameters", in_params((as_uuid, uuid.UUID(int=1))))
    absent = {"iuid": "018cc251-f400-802a-8740-0000000000ff", "comb": "00000000-0000-0000-0000-000000000001", "distid": "1"}[t]
    check(f"{t}: IN with text parameters", in_params((other_text, absent)))
    check(f"{t}: COPY FROM in text", copy_in("text"))
    check(f"{t}: COPY FROM in binary", copy_in("binary"))
    check(f"{t}: COPY FROM in text, set_types(['{t}', 'text'])", copy_in_set_types("text"))
    check(f"{t}: COPY FROM in binary, set_types(['{t}', 'text'])", copy_in_set_types("binary"))
    check(f"{t}: COPY TO in binary", copy_out_binary)
    check(f"{t}: NULL round trip, text", null_roundtrip(False))
    check(f"{t}: NULL round trip, binary", null_roundtrip(True))
    check(f"{t}: foreign key from a uuid column", foreign_key)


def main():
    conn = psycopg.connect(dbname=os.environ["DRIVERS_DB"], autocommit=True)
    if os.environ.get("DRIVERS_NO_ADAPTER") is None:
        check("register the adapter", lambda: register_uidx(conn))
    for t in TYPES:
        try:
            run(conn, t)
        except Exception as e:  # noqa: BLE001
            global failures
            failures += 1
            print(f"not ok - psycopg: {t}: setup: {e}")
    conn.close()
    print(f"psycopg {psycopg.__version__}: {failures} failed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
