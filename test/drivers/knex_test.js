// knex (on node-postgres) with the recipe of docs/drivers.md "Client recipes"
// (uidx_knex.js, which uses uidx_pg.js).  Run by test/t/drivers.sh.
'use strict';
const c = require('./clientcheck.js');

(async () => {
  const { knexUidx } = c.recipe('uidx_knex.js');
  const config = { connection: { database: process.env.DRIVERS_DB } };
  const knex = c.withRecipe ? knexUidx(config) : require('knex')({ ...config, client: 'pg' });
  const t = c.checker('knex');
  for (const stmt of [...c.schema('knx'), ...c.nullSchema('knx')]) await knex.raw(stmt);

  await t.check('insert() with the DEFAULT, returning() UUID strings and a decimal string', async () => {
    const [row] = await knex('knx_ticket').insert({ title: 'default' }).returning(['id', 'ref', 'seq']);
    c.expectTypes(row);
  });
  await t.check('insert() with UUID string and BigInt values', async () => {
    await knex('knx_ticket').insert({ id: c.IUID, ref: c.COMB, seq: c.DISTID, title: 'params' });
  });
  await t.check('where() with UUID string and BigInt values', async () => {
    const row = await knex('knx_ticket').where({ id: c.IUID, ref: c.COMB, seq: c.DISTID }).first('id', 'ref', 'seq');
    c.expectTypes(row);
    c.expect([row.id, row.ref, row.seq], [c.IUID, c.COMB, String(c.DISTID)]);
  });
  await t.check('whereIn() and = ANY(?) with an array, array results', async () => {
    const rows = await knex('knx_ticket').whereIn('id', [c.IUID, c.MISSING]).whereRaw('seq = ANY(?)', [[c.DISTID]]).select('id');
    c.expect(rows.map((r) => r.id), [c.IUID]);
    const { rows: [row] } = await knex.raw('SELECT array_agg(id) AS ids, array_agg(seq) AS seqs FROM knx_ticket WHERE id = ?', [c.IUID]);
    c.expect([row.ids, row.seqs], [[c.IUID], [String(c.DISTID)]]);
  });
  await t.check('JSON.stringify of the rows, arrays included', async () => {
    const rows = await knex('knx_ticket').select('id', 'ref', 'seq', knex.raw('ARRAY[seq] AS seqs'));
    c.expectJson(rows);
  });
  await t.check('a distid read back goes back as a parameter', async () => {
    const row = await knex('knx_ticket').where({ title: 'params' }).first('seq');
    c.expect((await knex('knx_ticket').where({ seq: row.seq }).first('id')).id, c.IUID);
  });
  await t.check('NULL inserted and read back as null, in arrays too', async () => {
    await knex('knx_null').insert([{ n: 1, id: null, ref: null, seq: null }, { n: 2, id: c.IUID, ref: c.COMB, seq: c.DISTID }]);
    const rows = await knex('knx_null').orderBy('n').select('id', 'ref', 'seq',
      knex.raw('ARRAY[id, NULL] AS ids'), knex.raw('ARRAY[seq, NULL] AS seqs'));
    c.expect(rows, [{ id: null, ref: null, seq: null, ids: [null, null], seqs: [null, null] },
                    { id: c.IUID, ref: c.COMB, seq: String(c.DISTID), ids: [c.IUID, null], seqs: [String(c.DISTID), null] }]);
    c.expect((await knex('knx_null').whereNull('seq').first('n')).n, 1);
  });
  await t.check('foreign key from a uuid column', async () => {
    await knex('knx_note').insert({ ticket_id: c.IUID, body: 'a note' });
    try {
      await knex('knx_note').insert({ ticket_id: c.MISSING, body: 'an orphan' });
    } catch (e) {
      if (e.code === '23503') return;
      throw e;
    }
    throw new Error('a missing parent was let in');
  });
  await t.check('bulk load: batchInsert(), rows with and without keys', async () => {
    const rows = [0, 1].map((i) => ({ id: c.iuid(0x60 + i), ref: c.COMB, title: 'bulk' })).concat([{ title: 'bulk' }]);
    await knex.batchInsert('knx_ticket', rows, 100);
    const [{ n }] = await knex('knx_ticket').where({ title: 'bulk' }).count({ n: '*' });
    c.expect(Number(n), 3);
  });
  // the parsers are global: the opt-in comes last
  await t.check('knexUidx(config, { bigint: true }): BigInts', async () => {
    const k = c.recipe('uidx_knex.js').knexUidx({ connection: { database: process.env.DRIVERS_DB } }, { bigint: true });
    try {
      const row = await k('knx_null').where({ n: 2 }).first('seq', k.raw('ARRAY[seq, NULL] AS seqs'));
      c.expect([row.seq, row.seqs], [c.DISTID, [c.DISTID, null]]);
    } finally {
      await k.destroy();
    }
  });
  await knex.destroy();
  t.done(`${c.version('knex')} (pg ${c.version('pg')})`);
})().catch((e) => { console.log(`not ok - knex: ${e.message}`); process.exit(1); });
