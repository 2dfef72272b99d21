// Shared by the JavaScript client tests of test/t/drivers.sh (as
// clientcheck.py is by the Python ones): one line per check, every check
// runs, the README recipes come from DRIVERS_README_DIR, DRIVERS_NO_ADAPTER
// runs without them.
'use strict';
const fs = require('fs');
const path = require('path');

const recipe = (file) => require(path.join(process.env.DRIVERS_README_DIR, file));
const withRecipe = !process.env.DRIVERS_NO_ADAPTER;
const IUID = '018cc251-f400-802a-8740-000000000001';
const COMB = '7c091a30-aa83-4920-9288-018cc251f400';
const DISTID = 1088824355131185736905670087n;
const MISSING = '018cc251-f400-802a-8740-00000000fffe';
// another iUID: the last byte lies in the random part
const iuid = (n) => IUID.slice(0, -2) + n.toString(16).padStart(2, '0');
const isUuid = (s) => typeof s === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(s);

// the two tables every client test uses (clientcheck.py's schema())
const schema = (p) => [
  `DROP TABLE IF EXISTS ${p}_note, ${p}_ticket`,
  `CREATE TABLE ${p}_ticket (id iuid PRIMARY KEY DEFAULT iuid_generate(7, 42),` +
  ` ref comb NOT NULL DEFAULT comb_suffix_generate(), seq distid NOT NULL DEFAULT distid_generate(), title text)`,
  `CREATE TABLE ${p}_note (ticket_id uuid NOT NULL REFERENCES ${p}_ticket (id), body text)`,
];

function checker(client) {
  const self = {
    failures: 0,
    async check(name, fn) {
      try {
        await fn();
        console.log(`ok - ${client}: ${name}`);
      } catch (e) {
        self.failures++;
        console.log(`not ok - ${client}: ${name}: ${String(e.message || e).split('\n')[0]}`);
      }
    },
    done(version) {
      console.log(`${client} ${version}: ${self.failures} failed`);
      process.exit(self.failures ? 1 : 0);
    },
  };
  return self;
}

// JSON with BigInts as 123n: tells a BigInt from its decimal string
const json = (v) => JSON.stringify(v, (k, x) => (typeof x === 'bigint' ? `${x}n` : x));

function expect(got, want, what = '') {
  if (json(got) !== json(want)) throw new Error(`${what} ${json(got)}, expected ${json(want)}`);
}

// an npm package's version (NODE_PATH holds the packages)
function version(pkg) {
  for (const dir of (process.env.NODE_PATH || '').split(path.delimiter)) {
    try {
      return JSON.parse(fs.readFileSync(path.join(dir, pkg, 'package.json'), 'utf8')).version;
    } catch (e) { /* the next directory */ }
  }
  return 'unknown';
}

// id and ref as UUID strings, seq as its decimal string, as every recipe
// gives them by default
function expectTypes(row) {
  if (!(isUuid(row.id) && isUuid(row.ref) && typeof row.seq === 'string' && /^[0-9]+$/.test(row.seq))) {
    throw new Error(`types ${typeof row.id}, ${typeof row.ref}, ${typeof row.seq}, expected UUID strings and a decimal string: ` +
                    `${row.id} ${row.ref} ${row.seq}`);
  }
}

// rows as an application sends them on: JSON.stringify throws on a BigInt
function expectJson(rows) {
  const text = JSON.stringify(rows);
  expect(JSON.parse(text), JSON.parse(JSON.stringify(rows)), 'JSON round trip');
  return text;
}

// the nullable table of the NULL checks: each type, and arrays of it
const nullSchema = (p) => [`DROP TABLE IF EXISTS ${p}_null`,
                           `CREATE TABLE ${p}_null (n int PRIMARY KEY, id iuid, ref comb, seq distid)`];

module.exports = { recipe, withRecipe, IUID, COMB, DISTID, MISSING, iuid, schema, nullSchema, checker, expect, expectTypes,
                   expectJson, version };
