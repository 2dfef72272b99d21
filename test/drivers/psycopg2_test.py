"""psycopg2, and SQLAlchemy on psycopg2 and on asyncpg, with the recipes of
docs/drivers.md "Client recipes" (uidx_psycopg2.py, uidx_sqlalchemy.py).
psycopg2 has text transfer only.  Run by test/t/drivers.sh."""
import asyncio
import io
import os

from clientcheck import (COMB, DB, DISTID, IUID, MISSING, NULL_ROWS, NULL_SELECT, WITH_RECIPE, Checks, expect, expect_types,
                         iuid, null_schema, schema)

import psycopg2
import psycopg2.errors
import sqlalchemy
from sqlalchemy import Column, ForeignKey, Text, insert, select, text
from sqlalchemy.dialects.postgresql import UUID
from sqlalchemy.ext.asyncio import AsyncSession, create_async_engine
from sqlalchemy.orm import Session, declarative_base

import uidx_psycopg2
import uidx_sqlalchemy
from uidx_psycopg2 import Distid

# ---- psycopg2 itself
checks = Checks("psycopg2")
conn = psycopg2.connect(dbname=DB)
conn.autocommit = True
if WITH_RECIPE:
    uidx_psycopg2.register_uidx(conn)
cur = conn.cursor()
for stmt in schema("pg2") + null_schema("pg2"):
    cur.execute(stmt)


@checks("DEFAULT + RETURNING gives UUID, UUID, int")
def _():
    cur.execute("INSERT INTO pg2_ticket (title) VALUES ('default') RETURNING id, ref, seq")
    expect_types(cur.fetchone())


@checks("INSERT with uuid.UUID and Distid parameters")
def _():
    cur.execute("INSERT INTO pg2_ticket VALUES (%s, %s, %s, 'params')", (IUID, COMB, Distid(DISTID)))


@checks("SELECT with uuid.UUID and Distid parameters")
def _():
    cur.execute("SELECT id, ref, seq FROM pg2_ticket WHERE id = %s AND ref = %s AND seq = %s",
                (IUID, COMB, Distid(DISTID)))
    row = cur.fetchone()
    expect_types(row)
    expect(row, (IUID, COMB, DISTID))


@checks("= ANY with lists of uuid.UUID and Distid, array results")
def _():
    cur.execute("SELECT count(*) FROM pg2_ticket WHERE id = ANY(%s) OR seq = ANY(%s)",
                ([IUID, MISSING], [Distid(DISTID + 1)]))
    expect(cur.fetchone()[0], 1)
    cur.execute("SELECT array_agg(id), array_agg(seq) FROM pg2_ticket WHERE id = ANY(%s)", ([IUID],))
    expect(cur.fetchone(), ([IUID], [DISTID]))


@checks("foreign key from a uuid column")
def _():
    cur.execute("INSERT INTO pg2_note VALUES (%s, 'a note')", (IUID,))
    try:
        cur.execute("INSERT INTO pg2_note VALUES (%s, 'an orphan')", (MISSING,))
    except psycopg2.errors.ForeignKeyViolation:
        return
    raise AssertionError("a missing parent was let in")


@checks("bulk load: copy_expert (text COPY)")
def _():
    data = "".join(f"{iuid(0x60 + i)}\t{COMB}\t{DISTID + 0x60 + i}\tcopy\n" for i in range(3))
    cur.copy_expert("COPY pg2_ticket (id, ref, seq, title) FROM STDIN", io.StringIO(data))
    cur.execute("SELECT count(*) FROM pg2_ticket WHERE title = 'copy'")
    expect(cur.fetchone()[0], 3)


@checks("NULL as None, back as None, in arrays too")
def _():
    cur.execute("INSERT INTO pg2_null VALUES (1, %s, %s, %s), (2, %s, %s, %s)",
                (None, None, None, IUID, COMB, Distid(DISTID)))
    cur.execute(NULL_SELECT.format("pg2"))
    expect(cur.fetchall(), NULL_ROWS)


conn.close()
psycopg2_failures = checks.failures

# ---- SQLAlchemy ORM, the same model on both drivers
Base = declarative_base()


class Ticket(Base):
    __tablename__ = "sa_ticket"
    __mapper_args__ = {"eager_defaults": True}   # server defaults come back by RETURNING
    id = Column(UUID(as_uuid=True), primary_key=True, server_default=text("iuid_generate(7, 42)"))
    ref = Column(UUID(as_uuid=True), nullable=False, server_default=text("comb_suffix_generate()"))
    seq = Column(uidx_sqlalchemy.Distid, nullable=False, server_default=text("distid_generate()"))
    title = Column(Text)


class Nullable(Base):
    __tablename__ = "sa_null"
    n = Column(sqlalchemy.Integer, primary_key=True, autoincrement=False)
    id = Column(UUID(as_uuid=True))
    ref = Column(UUID(as_uuid=True))
    seq = Column(uidx_sqlalchemy.Distid)


class Note(Base):
    __tablename__ = "sa_note"
    ticket_id = Column(UUID(as_uuid=True), ForeignKey("sa_ticket.id"), primary_key=True)
    body = Column(Text)


def orm_checks(checks, s):
    """s: a Session, or an AsyncSession wrapped so its calls are synchronous."""
    @checks("ORM: server DEFAULT + RETURNING gives UUID, UUID, int")
    def _():
        t = Ticket(title="default")
        s.add(t)
        s.flush()
        expect_types((t.id, t.ref, t.seq))

    @checks("ORM: INSERT and get() with uuid.UUID and int")
    def _():
        s.add(Ticket(id=IUID, ref=COMB, seq=DISTID, title="params"))
        s.flush()
        s.expunge_all()
        t = s.get(Ticket, IUID)
        expect((t.id, t.ref, t.seq), (IUID, COMB, DISTID))
        expect_types((t.id, t.ref, t.seq))

    @checks("ORM: in_() with uuid.UUID and int, = ANY with a list")
    def _():
        got = s.scalars(select(Ticket.id).where(Ticket.id.in_([IUID, MISSING]), Ticket.seq.in_([DISTID]))).all()
        expect(got, [IUID])
        got = s.execute(text("SELECT array_agg(id) FROM sa_ticket WHERE id = ANY(:ids)"), {"ids": [IUID]}).scalar()
        expect(got, [IUID])

    @checks("ORM: foreign key from a uuid column")
    def _():
        s.add(Note(ticket_id=IUID, body="a note"))
        s.flush()
        try:
            s.add(Note(ticket_id=MISSING, body="an orphan"))
            s.flush()
        except sqlalchemy.exc.IntegrityError:
            s.rollback()
            return
        raise AssertionError("a missing parent was let in")

    @checks("ORM: None in, None back; arrays with NULL")
    def _():
        s.add_all([Nullable(n=1), Nullable(n=2, id=IUID, ref=COMB, seq=DISTID)])
        s.flush()
        s.expunge_all()
        got = [(r.id, r.ref, r.seq) for r in s.scalars(select(Nullable).order_by(Nullable.n))]
        expect(got, [row[:3] for row in NULL_ROWS])
        expect([tuple(r) for r in s.execute(text(NULL_SELECT.format("sa")))], NULL_ROWS)

    @checks("ORM: bulk insert (executemany)")
    def _():
        s.execute(insert(Ticket), [{"id": iuid(0x70 + i), "seq": DISTID + 0x70 + i, "title": "bulk"} for i in range(3)])
        expect(s.execute(text("SELECT count(*) FROM sa_ticket WHERE title = 'bulk'")).scalar(), 3)
        s.commit()


def create_tables(engine_conn):
    for stmt in schema("sa") + null_schema("sa"):
        engine_conn.execute(text(stmt))


host = f"host={os.environ['PGHOST']}&port={os.environ['PGPORT']}&user={os.environ['PGUSER']}"
checks_sa = Checks("sqlalchemy+psycopg2")
engine = sqlalchemy.create_engine(f"postgresql+psycopg2:///{DB}")
if WITH_RECIPE:
    uidx_sqlalchemy.register_uidx(engine)
with engine.begin() as c:
    create_tables(c)
with Session(engine) as s:
    orm_checks(checks_sa, s)
engine.dispose()

checks_async = Checks("sqlalchemy+asyncpg")




async def run_async():
    engine = create_async_engine(f"postgresql+asyncpg:///{DB}?{host}")
    if WITH_RECIPE:
        uidx_sqlalchemy.register_uidx(engine)
    async with engine.begin() as c:
        await c.run_sync(create_tables)
    async with AsyncSession(engine) as s:
        await s.run_sync(lambda sync_session: orm_checks(checks_async, sync_session))
    await engine.dispose()

asyncio.run(run_async())

print(f"SQLAlchemy {sqlalchemy.__version__}: {checks_sa.failures} failed on psycopg2, "
      f"{checks_async.failures} on asyncpg")
checks.failures = psycopg2_failures + checks_sa.failures + checks_async.failures
checks.client = "psycopg2, SQLAlchemy"
checks.done(f"{psycopg2.__version__.split()[0]}, {sqlalchemy.__version__}")
