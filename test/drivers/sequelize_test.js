// Sequelize (on node-postgres) with the recipe of docs/drivers.md "Client recipes"
// (uidx_sequelize.js, which uses uidx_pg.js).  Run by test/t/drivers.sh.
'use strict';
const c = require('./clientcheck.js');
const { Sequelize, DataTypes, Op } = require('sequelize');

(async () => {
  const { sequelizeUidx, uidxKey } = c.recipe('uidx_sequelize.js');
  const options = { host: process.env.PGHOST, port: process.env.PGPORT, username: process.env.PGUSER,
                    database: process.env.DRIVERS_DB, logging: false };
  const sequelize = c.withRecipe ? sequelizeUidx(options) : new Sequelize({ ...options, dialect: 'postgres' });
  const t = c.checker('sequelize');
  for (const stmt of [...c.schema('sqz'), ...c.nullSchema('sqz')]) await sequelize.query(stmt);
  const Ticket = sequelize.define('Ticket', {
    // without the recipe: what a user tries first, a UUID key
    id: c.withRecipe ? uidxKey(sequelize, 'iuid_generate', 7, 42) : { type: DataTypes.UUID, primaryKey: true },
    ref: { type: DataTypes.UUID, allowNull: false, defaultValue: sequelize.fn('comb_suffix_generate') },
    seq: { type: DataTypes.DECIMAL, allowNull: false, defaultValue: sequelize.fn('distid_generate') },
    title: DataTypes.TEXT,
  }, { tableName: 'sqz_ticket', timestamps: false });
  const Note = sequelize.define('Note', {
    ticket_id: { type: DataTypes.UUID, primaryKey: true, references: { model: Ticket } },
    body: DataTypes.TEXT,
  }, { tableName: 'sqz_note', timestamps: false });

  await t.check('create() without a key: the generators\' values as UUID strings and a decimal string', async () => {
    const row = await Ticket.create({ title: 'default' });
    c.expectTypes(await Ticket.findByPk(row.id));
  });
  await t.check('create() with UUID string and string distid values', async () => {
    await Ticket.create({ id: c.IUID, ref: c.COMB, seq: String(c.DISTID), title: 'params' });
  });
  await t.check('findOne() with UUID string and string distid values', async () => {
    const row = await Ticket.findOne({ where: { id: c.IUID, ref: c.COMB, seq: String(c.DISTID) } });
    c.expectTypes(row);
    c.expect([row.id, row.ref, row.seq], [c.IUID, c.COMB, String(c.DISTID)]);
  });
  // what is read back goes back as it is: a recipe must not break a round
  // trip (a distid read back is a decimal string)
  const TicketBySeq = sequelize.define('TicketBySeq', {
    seq: { type: DataTypes.DECIMAL, primaryKey: true },
    title: DataTypes.TEXT,
  }, { tableName: 'sqz_ticket', timestamps: false });
  await t.check('findByPk() and where with a distid read back', async () => {
    const row = await Ticket.findOne({ where: { title: 'params' } });
    const bySeq = await TicketBySeq.findByPk(row.seq);
    c.expect(bySeq && bySeq.title, 'params');
    const again = await Ticket.findOne({ where: { id: row.id, ref: row.ref, seq: row.seq } });
    c.expect(again && again.id, c.IUID);
  });
  await t.check('Op.in with arrays, array results', async () => {
    const rows = await Ticket.findAll({ where: { id: { [Op.in]: [c.IUID, c.MISSING] }, seq: { [Op.in]: [String(c.DISTID)] } } });
    c.expect(rows.map((r) => r.id), [c.IUID]);
    const [row] = await sequelize.query('SELECT array_agg(id) AS ids, array_agg(seq) AS seqs FROM sqz_ticket WHERE id = ?',
                                        { replacements: [c.IUID], type: 'SELECT' });
    c.expect([row.ids, row.seqs], [[c.IUID], [String(c.DISTID)]]);
  });
  await t.check('JSON.stringify of instances and of raw rows, arrays included', async () => {
    c.expectJson(await Ticket.findAll());
    c.expectJson(await sequelize.query('SELECT id, seq, ARRAY[seq] AS seqs FROM sqz_ticket', { type: 'SELECT' }));
  });
  const Nullable = sequelize.define('Nullable', {
    n: { type: DataTypes.INTEGER, primaryKey: true },
    id: DataTypes.UUID, ref: DataTypes.UUID, seq: DataTypes.DECIMAL,
  }, { tableName: 'sqz_null', timestamps: false });
  await t.check('NULL created and read back as null, in arrays too', async () => {
    await Nullable.bulkCreate([{ n: 1, id: null, ref: null, seq: null }, { n: 2, id: c.IUID, ref: c.COMB, seq: String(c.DISTID) }]);
    const rows = (await Nullable.findAll({ order: [['n', 'ASC']] })).map((r) => r.get({ plain: true }));
    c.expect(rows, [{ n: 1, id: null, ref: null, seq: null }, { n: 2, id: c.IUID, ref: c.COMB, seq: String(c.DISTID) }]);
    const raw = await sequelize.query('SELECT ARRAY[id, NULL] AS ids, ARRAY[seq, NULL] AS seqs FROM sqz_null ORDER BY n', { type: 'SELECT' });
    c.expect(raw, [{ ids: [null, null], seqs: [null, null] }, { ids: [c.IUID, null], seqs: [String(c.DISTID), null] }]);
    c.expect(await Nullable.count({ where: { seq: null } }), 1);
  });
  await t.check('foreign key from a uuid column', async () => {
    await Note.create({ ticket_id: c.IUID, body: 'a note' });
    try {
      await Note.create({ ticket_id: c.MISSING, body: 'an orphan' });
    } catch (e) {
      if (e.name === 'SequelizeForeignKeyConstraintError') return;
      throw e;
    }
    throw new Error('a missing parent was let in');
  });
  await t.check('bulk load: bulkCreate(), rows with and without keys', async () => {
    await Ticket.bulkCreate([{ id: c.iuid(0x60), ref: c.COMB, title: 'bulk' }, { title: 'bulk' }, { title: 'bulk' }]);
    c.expect(await Ticket.count({ where: { title: 'bulk' } }), 3);
  });
  // the parsers are global: the opt-in comes last
  await t.check('sequelizeUidx(options, { bigint: true }): BigInts, back as parameters', async () => {
    const s2 = sequelizeUidx(options, { bigint: true });
    try {
      const [row] = await s2.query('SELECT seq, ARRAY[seq, NULL] AS seqs FROM sqz_null WHERE n = 2', { type: 'SELECT' });
      c.expect([row.seq, row.seqs], [c.DISTID, [c.DISTID, null]]);
      const N2 = s2.define('N2', { n: { type: DataTypes.INTEGER, primaryKey: true }, seq: DataTypes.DECIMAL },
                           { tableName: 'sqz_null', timestamps: false });
      const again = await N2.findOne({ where: { seq: row.seq } });
      c.expect(again && again.n, 2);
    } finally {
      await s2.close();
    }
  });
  await sequelize.close();
  t.done(`${c.version('sequelize')} (pg ${c.version('pg')})`);
})().catch((e) => { console.log(`not ok - sequelize: ${e.message}`); process.exit(1); });
