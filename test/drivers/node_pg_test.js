// node-postgres against every uidx type, with the recipe of docs/drivers.md
// "Client recipes".  Run by test/t/drivers.sh (NODE_PATH holds pg and
// pg-copy-streams, PG* the sandbox, DRIVERS_DB a database with the
// extension).  One line per check; exits non-zero when any fails.
'use strict';
const { Client } = require('pg');
const { from: copyFrom, to: copyTo } = require('pg-copy-streams');
const { pipeline } = require('stream/promises');
const { Readable, Writable } = require('stream');

let failures = 0;
async function check(name, fn) {
  try {
    await fn();
    console.log(`ok - node-pg: ${name}`);
  } catch (e) {
    failures++;
    console.log(`not ok - node-pg: ${name}: ${String(e.message || e).split('\n')[0]}`);
  }
}
function assert(cond, what) {
  if (!cond) throw new Error(`assertion failed: ${what}`);
}

// ---- the recipe: docs/drivers.md "Client recipes", node-postgres (uidx_pg.js,
// written into DRIVERS_README_DIR by drivers.sh).  iuid and comb come back as
// the same lower-case UUID strings as uuid columns, in text and binary
// results; distid as its decimal string (a BigInt with { bigint: true });
// their arrays as arrays; NULL as null.
const { registerUidx } = require(require('path').join(process.env.DRIVERS_README_DIR, 'uidx_pg.js'));
const hex = (buf) => buf.toString('hex').replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');

const TYPES = {
  iuid: { dflt: 'iuid_generate(7, 42)', value: '018cc251-f400-802a-8740-000000000001',
          absent: '018cc251-f400-802a-8740-0000000000ff', uuid: (v) => v,
          binaryValue: '01020304-05c2-80c2-8041-424344454647' },
  comb: { dflt: 'comb_suffix_generate()', value: '7c091a30-aa83-4920-9288-018cc251f400',
          absent: '00000000-0000-0000-0000-000000000001', uuid: (v) => v,
          binaryValue: '41424344-4546-4748-494a-4b4c4d4e4f50' },
  distid: { dflt: 'distid_generate()', value: '1088824355131185736905670087', absent: '1',
            binaryValue: String(0x0102030405060708n * (1n << 32n) + 0x090a0b0cn),
            uuid: (v) => hex(Buffer.from(BigInt(v).toString(16).padStart(32, '0'), 'hex')) },
};
const isUuidText = (s) => typeof s === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(s);

// One COPY BINARY stream of (id bytea-like 16 bytes, note text) rows.
function binaryCopy(rows) {
  const parts = [Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'), Buffer.alloc(8)];
  for (const [id16, note] of rows) {
    const n = Buffer.from(note, 'utf8');
    const head = Buffer.alloc(2 + 4); head.writeInt16BE(2, 0); head.writeInt32BE(16, 2);
    const len = Buffer.alloc(4); len.writeInt32BE(n.length, 0);
    parts.push(head, id16, len, n);
  }
  const trailer = Buffer.alloc(2); trailer.writeInt16BE(-1, 0);
  parts.push(trailer);
  return Buffer.concat(parts);
}
const uuidBytes = (u) => Buffer.from(u.replace(/-/g, ''), 'hex');
// the same id with another last byte (inside an iUID's random part)
const variant = (u, b) => u.slice(0, -2) + b.toString(16).padStart(2, '0');

async function run(client, t) {
  const { dflt, value, absent, uuid, binaryValue } = TYPES[t];
  const tbl = `node_${t}`, child = `node_${t}_child`;
  const valueUuid = uuid(value);
  const asRead = (v) => v;   // as the recipe returns it: strings, a distid's decimal too
  const other = t === 'distid' ? String(BigInt(value) + 1n) : variant(value, 2);
  await client.query(`DROP TABLE IF EXISTS ${child}, ${tbl}`);
  await client.query(`CREATE TABLE ${tbl} (id ${t} PRIMARY KEY DEFAULT ${dflt}, note text, maybe ${t})`);

  await check(`${t}: DEFAULT + RETURNING`, async () => {
    const r = await client.query(`INSERT INTO ${tbl} (note) VALUES ('default') RETURNING id`);
    assert(t === 'distid' ? /^[0-9]+$/.test(r.rows[0].id) : isUuidText(r.rows[0].id), `${r.rows[0].id} (${typeof r.rows[0].id})`);
  });
  await check(`${t}: JSON.stringify of the rows, arrays included`, async () => {
    const r = await client.query(`SELECT id, ARRAY[id] AS ids FROM ${tbl}`);
    const text = JSON.stringify(r.rows);
    assert(JSON.parse(text)[0].id === r.rows[0].id, text);
  });
  await check(`${t}: INSERT with a $1::uuid parameter`, async () => {
    await client.query(`INSERT INTO ${tbl} VALUES ($1::uuid, 'uuid param')`, [valueUuid]);
  });
  await check(`${t}: INSERT with a text parameter`, async () => {
    await client.query(`INSERT INTO ${tbl} VALUES ($1, 'text param')`, [other]);
  });
  await check(`${t}: text result`, async () => {
    const r = await client.query(`SELECT id FROM ${tbl} WHERE note = 'uuid param'`);
    assert(r.rows[0].id === asRead(value), `${r.rows[0].id} (${typeof r.rows[0].id})`);
  });
  await check(`${t}: array result`, async () => {
    const r = await client.query(`SELECT array_agg(id) AS ids FROM ${tbl} WHERE note = 'uuid param'`);
    assert(Array.isArray(r.rows[0].ids) && r.rows[0].ids[0] === asRead(value), `${r.rows[0].ids} (${typeof r.rows[0].ids})`);
  });
  // node-postgres decodes every field as UTF-8 text before a binary parser
  // sees it (uuid alike), so only bytes that are valid UTF-8 survive: the
  // binary check uses such a value (docs/drivers.md "node-postgres").
  await check(`${t}: binary result`, async () => {
    await client.query(`INSERT INTO ${tbl} VALUES ($1, 'binary')`, [binaryValue]);
    // binary results need the extended protocol, i.e. a parameter
    const r = await client.query({ text: `SELECT id FROM ${tbl} WHERE note = $1`, values: ['binary'], binary: true });
    assert(r.fields[0].format === 'binary', r.fields[0].format);
    assert(r.rows[0].id === asRead(binaryValue), `${r.rows[0].id} (${typeof r.rows[0].id})`);
  });
  await check(`${t}: NULL as a parameter, back as null in text, binary and arrays`, async () => {
    await client.query(`INSERT INTO ${tbl} (note, maybe) VALUES ('null', $1)`, [null]);
    const r = await client.query(`SELECT maybe, ARRAY[maybe, id] AS arr, id FROM ${tbl} WHERE note = 'null'`);
    const row = r.rows[0];
    assert(row.maybe === null && Array.isArray(row.arr) && row.arr[0] === null && row.arr[1] === row.id,
           JSON.stringify(row));
    const b = await client.query({ text: `SELECT maybe FROM ${tbl} WHERE note = $1`, values: ['null'], binary: true });
    assert(b.fields[0].format === 'binary' && b.rows[0].maybe === null, JSON.stringify(b.rows));
    const n = await client.query(`SELECT count(*)::int AS n FROM ${tbl} WHERE maybe IS NULL AND note = $1`, ['null']);
    assert(n.rows[0].n === 1, n.rows[0].n);
  });
  await check(`${t}: = with a $1::uuid parameter`, async () => {
    const r = await client.query(`SELECT note FROM ${tbl} WHERE id = $1::uuid`, [valueUuid]);
    assert(r.rows.length === 1 && r.rows[0].note === 'uuid param', JSON.stringify(r.rows));
  });
  await check(`${t}: = with a text parameter`, async () => {
    const r = await client.query(`SELECT note FROM ${tbl} WHERE id = $1`, [value]);
    assert(r.rows.length === 1, JSON.stringify(r.rows));
  });
  await check(`${t}: = ANY with a $1::uuid[] parameter`, async () => {
    const r = await client.query(`SELECT count(*)::int AS n FROM ${tbl} WHERE id = ANY($1::uuid[])`,
                                 [[valueUuid, '00000000-0000-0000-0000-000000000001']]);
    assert(r.rows[0].n === 1, r.rows[0].n);
  });
  await check(`${t}: = ANY with an array of text`, async () => {
    const r = await client.query(`SELECT count(*)::int AS n FROM ${tbl} WHERE id = ANY($1)`, [[value, absent]]);
    assert(r.rows[0].n === 1, r.rows[0].n);
  });
  await check(`${t}: IN with $n::uuid parameters`, async () => {
    const r = await client.query(`SELECT count(*)::int AS n FROM ${tbl} WHERE id IN ($1::uuid, $2::uuid)`,
                                 [valueUuid, '00000000-0000-0000-0000-000000000001']);
    assert(r.rows[0].n === 1, r.rows[0].n);
  });
  await check(`${t}: IN with text parameters`, async () => {
    const r = await client.query(`SELECT count(*)::int AS n FROM ${tbl} WHERE id IN ($1, $2)`, [value, absent]);
    assert(r.rows[0].n === 1, r.rows[0].n);
  });
  const copyIds = (base) => [0, 1, 2].map((i) => (t === 'distid' ? uuid(String(BigInt(value) + BigInt(base + i)))
                                                                  : variant(value, base + i)));
  await check(`${t}: COPY FROM in text`, async () => {
    // the type's own text form: a distid's is its decimal
    const ids = t === 'distid' ? [0, 1, 2].map((i) => String(BigInt(value) + BigInt(0x50 + i))) : copyIds(0x50);
    const lines = ids.map((u) => `${u}\tcopy text\n`).join('');
    await pipeline(Readable.from([lines]), client.query(copyFrom(`COPY ${tbl} (id, note) FROM STDIN`)));
    const r = await client.query(`SELECT count(*)::int AS n FROM ${tbl} WHERE note = 'copy text'`);
    assert(r.rows[0].n === 3, r.rows[0].n);
  });
  await check(`${t}: COPY FROM in binary`, async () => {
    const data = binaryCopy(copyIds(0x60).map((u) => [uuidBytes(u), 'copy binary']));
    await pipeline(Readable.from([data]), client.query(copyFrom(`COPY ${tbl} (id, note) FROM STDIN (FORMAT BINARY)`)));
    const r = await client.query(`SELECT count(*)::int AS n FROM ${tbl} WHERE note = 'copy binary'`);
    assert(r.rows[0].n === 3, r.rows[0].n);
  });
  await check(`${t}: COPY TO in binary`, async () => {
    const chunks = [];
    await pipeline(client.query(copyTo(`COPY (SELECT id FROM ${tbl} WHERE note = 'uuid param') TO STDOUT (FORMAT BINARY)`)),
                   new Writable({ write(c, e, cb) { chunks.push(c); cb(); } }));
    const all = Buffer.concat(chunks);
    const field = all.subarray(19 + 2 + 4, 19 + 2 + 4 + 16);  // header, field count, length
    assert(hex(field) === valueUuid, hex(field));
  });
  await check(`${t}: foreign key from a uuid column`, async () => {
    await client.query(`CREATE TABLE ${child} (parent uuid REFERENCES ${tbl} (id))`);
    await client.query(`INSERT INTO ${child} VALUES ($1::uuid)`, [valueUuid]);
    let refused = false;
    try {
      await client.query(`INSERT INTO ${child} VALUES ($1::uuid)`, ['00000000-0000-0000-0000-00000000fffe']);
    } catch (e) {
      refused = e.code === '23503';
    }
    assert(refused, 'a missing parent was let in');
  });
}

(async () => {
  const client = new Client({ database: process.env.DRIVERS_DB });
  await client.connect();
  if (!process.env.DRIVERS_NO_ADAPTER) await check('register the adapter', () => registerUidx(client));
  for (const t of Object.keys(TYPES)) {
    try {
      await run(client, t);
    } catch (e) {
      failures++;
      console.log(`not ok - node-pg: ${t}: setup: ${e.message}`);
    }
  }
  // the opt-in: the parsers are global, so this comes last
  await check('distid: registerUidx(client, { bigint: true }) gives BigInts, in text, binary and arrays, NULL as null', async () => {
    await registerUidx(client, { bigint: true });
    const want = BigInt(TYPES.distid.value);
    const r = await client.query("SELECT id, ARRAY[id, NULL] AS ids, maybe FROM node_distid WHERE note IN ('uuid param', 'null') ORDER BY note DESC");
    assert(r.rows[0].id === want && r.rows[0].ids[0] === want && r.rows[0].ids[1] === null && r.rows[1].maybe === null,
           `${r.rows[0].id} (${typeof r.rows[0].id}), ${r.rows[0].ids}, ${r.rows[1].maybe}`);
    const b = await client.query({ text: 'SELECT id FROM node_distid WHERE note = $1', values: ['binary'], binary: true });
    assert(b.rows[0].id === BigInt(TYPES.distid.binaryValue), `${b.rows[0].id} (${typeof b.rows[0].id})`);
    const p = await client.query('SELECT count(*)::int AS n FROM node_distid WHERE id = $1', [want]);
    assert(p.rows[0].n === 1, p.rows[0].n);
  });
  await client.end();
  console.log(`node-pg ${require('pg/package.json').version}: ${failures} failed`);
  process.exit(failures ? 1 : 0);
})().catch((e) => { console.log(`not ok - node-pg: ${e.message}`); process.exit(1); });
