// "Which filter?" through the JS module and the CLI (docs/families.md#which-filter): the question, the field
// names of the rows, the order, the budget and a family's knobs; CLI --json = module, the table, named errors (exit 2).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { createBloomCalc } from '../../wasm/index.mjs';
import { assertParamError, cli, cliFails, cliJson } from './helpers/common.mjs';

const bc = await createBloomCalc();
const ROW_FIELDS = [
  'family',
  'variant',
  'params',
  'bytes',
  'bitsPerKey',
  'fpr',
  'meets',
  'allowed',
  'constructionFailure',
  'constructionFailureMethod',
  'cacheLinesPerLookup',
  'operations',
  'reference',
];

describe('compare', () => {
  test("10^7 keys at 0.1 %, no deletes: every family, the recommended row first, each row with the issue's fields", () => {
    const r = bc.compare({ n: '10M', p: '0.1%' });
    assert.equal(r.n, 1e7);
    assert.equal(r.p, 0.001);
    assert.equal(r.maxBytes, null);
    assert.equal(r.boundBitsPerKey, Math.log2(1000));
    assert.equal(r.recommended, 0);
    const families = new Set(r.rows.map((row) => row.family));
    for (const f of ['bloom', 'blocked-bloom', 'cuckoo', 'xor', 'binary-fuse', 'ribbon', 'quotient', 'counting-quotient']) assert.ok(families.has(f), f);
    for (const row of r.rows) {
      assert.deepEqual(Object.keys(row), ROW_FIELDS);
      assert.deepEqual(Object.keys(row.operations), ['insertAfterBuild', 'delete', 'count', 'merge', 'resize']);
      assert.equal(row.bitsPerKey, (8 * row.bytes) / 1e7);
      assert.equal(row.meets, row.fpr <= 0.001, row.variant);
      assert.equal(row.allowed, row.operations.insertAfterBuild, row.variant);
    }
    // meeting and allowed first, by bytes; the rest after
    const first = r.rows.filter((row) => row.meets && row.allowed);
    assert.deepEqual(r.rows.slice(0, first.length), first);
    for (let i = 1; i < first.length; i++) assert.ok(first[i - 1].bytes <= first[i].bytes);
    const best = r.rows[0];
    assert.equal(best.bytes, Math.min(...first.map((row) => row.bytes)));
    // the standard Bloom filter: hur.st gives 143 775 876 bits, k = 10 for these n and p (within 0.1 %)
    assert.equal(best.family, 'bloom');
    assert.ok(Math.abs(8 * best.bytes - 143775876) / 143775876 < 1e-3, String(best.bytes));
    assert.equal(best.params.find((x) => x.name === 'k').value, 10);
    // the same filter by the layouts model (one model, not two)
    const same = bc.layoutSize({ n: 1e7, p: 0.001 });
    assert.equal(best.bytes, same.bytes);
    assert.equal(best.fpr, same.fpr);
  });

  test('static: xor and binary fuse join; deletes: only the rows that delete', () => {
    const s = bc.compare({ n: 1e7, p: 0.001, static: true });
    assert.ok(s.rows.filter((row) => row.family === 'binary-fuse').every((row) => row.allowed));
    assert.ok(s.rows[0].bytes <= bc.compare({ n: 1e7, p: 0.001 }).rows[0].bytes);
    const d = bc.compare({ n: 1e7, p: 0.001, deletes: true });
    assert.ok(d.rows[0].operations.delete);
    for (const row of d.rows) assert.equal(row.allowed, row.operations.delete && row.operations.insertAfterBuild, row.variant);
  });

  test("maxBytes alone: each family's lowest FPR in that memory, by FPR", () => {
    const r = bc.compare({ n: 1e5, maxBytes: 150000, static: true });
    assert.equal(r.p, null);
    assert.equal(r.boundBitsPerKey, null);
    for (const row of r.rows) assert.ok(row.bytes <= 150000 && row.meets, row.variant);
    for (let i = 1; i < r.rows.length; i++) assert.ok(r.rows[i - 1].fpr <= r.rows[i].fpr);
  });

  test('one family with its knobs: xor8 at 10^7 keys is 9.84 bits per key at 1/256 (fastfilter_cpp README)', () => {
    const r = bc.compare({ n: 1e7, p: 0.01, family: 'xor', fingerprintBits: 8, static: true });
    assert.equal(r.rows.length, 1);
    assert.equal(r.rows[0].fpr, 1 / 256);
    assert.equal(Math.round(r.rows[0].bitsPerKey * 100) / 100, 9.84);
  });

  test('bad input names its field', () => {
    assertParamError(() => bc.compare({ n: 0, p: 0.01 }), 'n');
    assertParamError(() => bc.compare({ n: 1000 }), 'p');
    assertParamError(() => bc.compare({ n: 1000, p: 0.01, fingerprintBits: 8 }), 'fingerprintBits');
    assertParamError(() => bc.compare({ n: 1000, p: 0.01, family: 'xor', arity: 3 }), 'arity');
    assert.throws(
      () => bc.compare({ n: 1000, p: 0.01, family: 'bloomier' }),
      (e) => e.parameter === 'family',
    );
    assert.throws(
      () => bc.compare({ n: 1000, p: 0.01, deletes: 'yes' }),
      (e) => e instanceof TypeError && e.parameter === 'deletes',
    );
  });
});

describe('bloomcalc compare', () => {
  test("--json is the module's result; the table names the recommended row", async () => {
    const json = await cliJson('compare', '--n', '10M', '--p', '0.1%', '--static');
    assert.deepEqual(json, JSON.parse(JSON.stringify(bc.compare({ n: 1e7, p: 0.001, static: true }))));
    assert.ok(Array.isArray(json.rows));
    const table = await cli('compare', '--n', '10M', '--p', '0.1%');
    assert.equal(table.code, 0, table.stderr);
    assert.match(table.stdout, /^Which filter\? n = 10,000,000 keys, p = 0\.00100000/);
    assert.match(table.stdout, /→ standard, k = 10, \d[\d,]* bytes/);
    assert.match(table.stdout, /over log2\(1\/p\)/);
  });

  test('errors: one line on stderr, exit 2', async () => {
    await cliFails(['compare', '--n', '10M'], 'p');
    await cliFails(['compare', '--n', '10M', '--p', '1%', '--family', 'bloomier'], 'family');
    await cliFails(['compare', '--n', '10M', '--p', '1%', '--arity', '3'], 'arity');
    await cliFails(['compare', '--n', '1000', '--max-bytes', '4', '--family', 'xor'], 'maxBytes');
  });
});
