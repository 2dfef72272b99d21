"""asyncpg with the recipe of docs/drivers.md "Client recipes" (uidx_asyncpg.py):
binary transfer throughout, which is asyncpg's only format for these types
once they have a codec.  Run by test/t/drivers.sh."""
import asyncio

from clientcheck import (COMB, DB, DISTID, IUID, MISSING, NULL_ROWS, NULL_SELECT, WITH_RECIPE, Checks, expect, expect_types,
                         iuid, null_schema, schema)

import asyncpg

checks = Checks("asyncpg")


async def main():
    from uidx_asyncpg import register_uidx
    pool = await asyncpg.create_pool(database=DB, min_size=1, max_size=2,
                                     init=register_uidx if WITH_RECIPE else None)
    async with pool.acquire() as conn:
        for stmt in schema("apg") + null_schema("apg"):
            await conn.execute(stmt)
        await run(conn)
    await pool.close()


async def run(conn):
    async def check(name, coro):
        try:
            await coro
            print(f"ok - asyncpg: {name}")
        except Exception as e:  # noqa: BLE001
            checks.failures += 1
            print(f"not ok - asyncpg: {name}: {type(e).__name__}: {(str(e).strip().splitlines() or [''])[0]}")

    async def default_returning():
        row = await conn.fetchrow("INSERT INTO apg_ticket (title) VALUES ('default') RETURNING id, ref, seq")
        expect_types(row)

    async def insert_params():
        await conn.execute("INSERT INTO apg_ticket VALUES ($1, $2, $3, 'params')", IUID, COMB, DISTID)

    async def select_param():
        row = await conn.fetchrow("SELECT id, ref, seq FROM apg_ticket WHERE id = $1 AND ref = $2 AND seq = $3",
                                  IUID, COMB, DISTID)
        expect_types(row)
        expect(tuple(row), (IUID, COMB, DISTID))

    async def array_param():
        n = await conn.fetchval("SELECT count(*) FROM apg_ticket WHERE id = ANY($1) OR seq = ANY($2)",
                                [IUID, MISSING], [DISTID + 1])
        expect(n, 1)
        got = await conn.fetchval("SELECT array_agg(id) FROM apg_ticket WHERE id = ANY($1)", [IUID])
        expect(got, [IUID])

    async def foreign_key():
        await conn.execute("INSERT INTO apg_note VALUES ($1, 'a note')", IUID)
        try:
            await conn.execute("INSERT INTO apg_note VALUES ($1, 'an orphan')", MISSING)
        except asyncpg.ForeignKeyViolationError:
            return
        raise AssertionError("a missing parent was let in")

    async def copy_binary():
        rows = [(iuid(0x60 + i), COMB, DISTID + 0x60 + i, "copy") for i in range(3)]
        await conn.copy_records_to_table("apg_ticket", records=rows, columns=["id", "ref", "seq", "title"])
        expect(await conn.fetchval("SELECT count(*) FROM apg_ticket WHERE title = 'copy'"), 3)

    async def null_roundtrip():
        await conn.executemany("INSERT INTO apg_null VALUES ($1, $2, $3, $4)",
                               [(1, None, None, None), (2, IUID, COMB, DISTID)])
        expect([tuple(r) for r in await conn.fetch(NULL_SELECT.format("apg"))], NULL_ROWS)
        await conn.copy_records_to_table("apg_null", records=[(3, None, None, None)])
        expect(await conn.fetchval("SELECT count(*) FROM apg_null WHERE n = 3 AND id IS NULL AND seq IS NULL"), 1)

    await check("DEFAULT + RETURNING gives UUID, UUID, int", default_returning())
    await check("NULL as None, back as None, in arrays and binary COPY", null_roundtrip())
    await check("INSERT with uuid.UUID and int parameters", insert_params())
    await check("SELECT with uuid.UUID and int parameters", select_param())
    await check("= ANY with lists of uuid.UUID and int, array result", array_param())
    await check("foreign key from a uuid column", foreign_key())
    await check("bulk load: copy_records_to_table (binary COPY)", copy_binary())


asyncio.run(main())
checks.done(asyncpg.__version__)
