"""Shared by the Python client tests of test/t/drivers.sh: one line per
check, every check runs (a failing one does not stop the others), and the
README recipes are imported from DRIVERS_README_DIR (the blocks of docs/drivers.md
"Client recipes", written there by drivers.sh).  DRIVERS_NO_ADAPTER set:
run without the recipe, to see what it is for."""
import os
import sys
import uuid

sys.path.insert(0, os.environ["DRIVERS_README_DIR"])

DB = os.environ["DRIVERS_DB"]
WITH_RECIPE = not os.environ.get("DRIVERS_NO_ADAPTER")
IUID = uuid.UUID("018cc251-f400-802a-8740-000000000001")
COMB = uuid.UUID("7c091a30-aa83-4920-9288-018cc251f400")
DISTID = 1088824355131185736905670087
MISSING = uuid.UUID("018cc251-f400-802a-8740-00000000fffe")


def iuid(n):
    """Another iUID: the last byte lies in the random part."""
    return uuid.UUID(int=(IUID.int & ~0xFFFF) | n)


# The two tables every client test uses: an iuid key with comb and distid
# columns, all with their DEFAULT, and a uuid column referencing the key.
def schema(prefix):
    return [f"DROP TABLE IF EXISTS {prefix}_note, {prefix}_ticket",
            f"CREATE TABLE {prefix}_ticket (id iuid PRIMARY KEY DEFAULT iuid_generate(7, 42),"
            f" ref comb NOT NULL DEFAULT comb_suffix_generate(), seq distid NOT NULL DEFAULT distid_generate(),"
            f" title text)",
            f"CREATE TABLE {prefix}_note (ticket_id uuid NOT NULL REFERENCES {prefix}_ticket (id), body text)"]


# A nullable row of each type, and the NULL checks' expectation of it: a
# row of NULLs (n = 1) and one of values (n = 2), each with ARRAY[x, NULL].
def null_schema(prefix):
    return [f"DROP TABLE IF EXISTS {prefix}_null",
            f"CREATE TABLE {prefix}_null (n int PRIMARY KEY, id iuid, ref comb, seq distid)"]


NULL_SELECT = "SELECT id, ref, seq, ARRAY[id, NULL], ARRAY[seq, NULL] FROM {}_null ORDER BY n"
NULL_ROWS = [(None, None, None, [None, None], [None, None]),
             (IUID, COMB, DISTID, [IUID, None], [DISTID, None])]


class Checks:
    def __init__(self, client):
        self.client = client
        self.failures = 0

    def __call__(self, name, fn=None):
        """As a decorator: @checks("what"), runs the function at once."""
        if fn is None:
            return lambda f: self(name, f)
        try:
            fn()
            print(f"ok - {self.client}: {name}")
        except Exception as e:  # noqa: BLE001 - every failure is reported
            self.failures += 1
            first = (str(e).strip().splitlines() or [""])[0]
            print(f"not ok - {self.client}: {name}: {type(e).__name__}: {first}")
        return fn

    def done(self, version):
        print(f"{self.client} {version}: {self.failures} failed")
        sys.exit(1 if self.failures else 0)


def expect(got, want, what=""):
    if got != want:
        raise AssertionError(f"{what} {got!r} ({type(got).__name__}), expected {want!r} ({type(want).__name__})")


def expect_types(row, what=""):
    """id and ref as uuid.UUID, seq as int."""
    types = tuple(type(v) for v in row)
    if not (isinstance(row[0], uuid.UUID) and isinstance(row[1], uuid.UUID) and type(row[2]) is int):
        raise AssertionError(f"{what} types {types}, expected UUID, UUID, int: {tuple(row)!r}")
