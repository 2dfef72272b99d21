// postgres.js with the recipe of docs/drivers.md "Client recipes":
// uidx_postgres.js for postgres.js 3, or, where DRIVERS_POSTGRES_JS_ESM names
// the entry file of postgres.js 4 (an ES module only), uidx_postgres.mjs,
// loaded with import() as that major must be.  Run by test/t/drivers.sh.
'use strict';
const path = require('path');
const { pathToFileURL } = require('url');
const c = require('./clientcheck.js');

(async () => {
  const esm = process.env.DRIVERS_POSTGRES_JS_ESM;
  const { postgresUidx } = esm
    ? await import(pathToFileURL(path.join(process.env.DRIVERS_README_DIR, 'uidx_postgres.mjs')).href)
    : c.recipe('uidx_postgres.js');
  const postgres = esm ? (await import(pathToFileURL(esm).href)).default : require('postgres');
  const options = { database: process.env.DRIVERS_DB, onnotice: () => {} };
  const sql = c.withRecipe ? await postgresUidx(options) : postgres(options);
  const t = c.checker(esm ? 'postgres.js 4' : 'postgres.js');
  for (const stmt of [...c.schema('pjs'), ...c.nullSchema('pjs')]) await sql.unsafe(stmt);
  // without the recipe there is no sql.typed.distid: a distid goes as text
  const distid = (n) => (sql.typed.distid ? sql.typed.distid(n) : String(n));

  await t.check('DEFAULT + RETURNING gives UUID strings and a decimal string', async () => {
    const [row] = await sql`INSERT INTO pjs_ticket (title) VALUES ('default') RETURNING id, ref, seq`;
    c.expectTypes(row);
  });
  await t.check('INSERT with UUID string and sql.typed.distid parameters', async () => {
    await sql`INSERT INTO pjs_ticket VALUES (${c.IUID}, ${c.COMB}, ${distid(c.DISTID)}, 'params')`;
  });
  await t.check('SELECT with UUID string and sql.typed.distid parameters', async () => {
    const [row] = await sql`SELECT id, ref, seq FROM pjs_ticket WHERE id = ${c.IUID} AND ref = ${c.COMB} AND seq = ${distid(c.DISTID)}`;
    c.expectTypes(row);
    c.expect([row.id, row.ref, row.seq], [c.IUID, c.COMB, String(c.DISTID)]);
  });
  // what is read back goes back as it is: a recipe must not break a round trip
  await t.check('values read back, passed straight back as parameters', async () => {
    const [row] = await sql`SELECT id, ref, seq FROM pjs_ticket WHERE title = 'params'`;
    const [{ n }] = await sql`SELECT count(*)::int AS n FROM pjs_ticket WHERE id = ${row.id} AND ref = ${row.ref} AND seq = ${row.seq}`;
    c.expect(n, 1);
  });
  // postgres.js 4 removed sql.array(): an array goes as it is
  await t.check(`= ANY with ${esm ? 'the array as it is' : 'sql.array(ids, 2950)'}, array results`, async () => {
    const ids = [c.IUID, c.MISSING];
    const [{ n }] = await sql`SELECT count(*)::int AS n FROM pjs_ticket WHERE id = ANY(${esm ? ids : sql.array(ids, 2950)})`;
    c.expect(n, 1);
    const [row] = await sql`SELECT array_agg(id) AS ids, array_agg(seq) AS seqs FROM pjs_ticket WHERE id = ${c.IUID}`;
    c.expect([row.ids, row.seqs], [[c.IUID], [String(c.DISTID)]]);
  });
  await t.check('JSON.stringify of the rows, arrays included', async () => {
    c.expectJson(await sql`SELECT id, ref, seq, ARRAY[id] AS ids, ARRAY[seq] AS seqs FROM pjs_ticket`);
  });
  await t.check('NULL as a parameter and back as null, in arrays too', async () => {
    await sql`INSERT INTO pjs_null VALUES (1, ${null}, ${null}, ${null}), (2, ${c.IUID}, ${c.COMB}, ${distid(c.DISTID)})`;
    const rows = await sql`SELECT id, ref, seq, ARRAY[id, NULL] AS ids, ARRAY[seq, NULL] AS seqs FROM pjs_null ORDER BY n`;
    c.expect([...rows], [{ id: null, ref: null, seq: null, ids: [null, null], seqs: [null, null] },
                         { id: c.IUID, ref: c.COMB, seq: String(c.DISTID), ids: [c.IUID, null], seqs: [String(c.DISTID), null] }]);
  });
  await t.check('foreign key from a uuid column', async () => {
    await sql`INSERT INTO pjs_note VALUES (${c.IUID}, 'a note')`;
    try {
      await sql`INSERT INTO pjs_note VALUES (${c.MISSING}, 'an orphan')`;
    } catch (e) {
      if (e.code === '23503') return;
      throw e;
    }
    throw new Error('a missing parent was let in');
  });
  await t.check('bulk load: COPY FROM STDIN (text) and a multi-row INSERT', async () => {
    const w = await sql`COPY pjs_ticket (id, ref, seq, title) FROM STDIN`.writable();
    for (let i = 0; i < 3; i++) w.write(`${c.iuid(0x60 + i)}\t${c.COMB}\t${c.DISTID + BigInt(0x60 + i)}\tbulk\n`);
    await new Promise((resolve, reject) => { w.on('finish', resolve); w.on('error', reject); w.end(); });
    const rows = [0, 1].map((i) => ({ id: c.iuid(0x70 + i), ref: c.COMB, title: 'bulk' }));
    await sql`INSERT INTO pjs_ticket ${sql(rows)}`;
    const [{ n }] = await sql`SELECT count(*)::int AS n FROM pjs_ticket WHERE title = 'bulk'`;
    c.expect(n, 5);
  });
  await sql.end();
  t.done(c.version('postgres'));
})().catch((e) => { console.log(`not ok - postgres.js: ${e.message}`); process.exit(1); });
