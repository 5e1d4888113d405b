// What each library allocates, the hash-width floor and scalable filters through the JS module and the CLI
// (docs/libraries.md, hash-width.md, scalable.md): the module against the core's published cases, JSON keys,
// CLI --json = module, named errors (exit 2).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { createBloomCalc } from '../../wasm/index.mjs';
import { assertParamError, cli, cliFails, cliJson } from './helpers/common.mjs';

const bc = await createBloomCalc();

describe('librarySize', () => {
  test('every library: its filter, exact FPR and the flag; the published cases', () => {
    const names = bc.libraries().map((l) => l.name);
    assert.deepEqual(names, [
      'guava',
      'redisbloom',
      'bloom-filters',
      'hive',
      'clickhouse',
      'hurst',
      'parquet',
      'parquet-spec',
      'arrow',
      'rocksdb',
      'boost-block',
      'boost-multiblock',
    ]);
    for (const library of names) {
      const r = bc.librarySize({ library, n: '1M', p: '1%' });
      assert.equal(r.library, library);
      assert.equal(r.missesTarget, r.exact > 0.01, library);
      assert.ok(r.bytes * 8 >= r.m, library);
      assert.equal(r.exact, bc.layoutExactFpr({ layout: r.layout, m: r.m, n: r.n, k: r.k, blockBits: r.blockBits ?? undefined, hashing: r.hashing }), library);
      assert.match(r.source, /\//, library); // a repository path or a page
    }
    // Guava: 64·⌈7298440/64⌉ bits, k = 5 at 3 % (BloomFilterTest; docs/libraries.md)
    const g = bc.librarySize({ library: 'guava', n: 1e6, p: 0.03 });
    assert.deepEqual([g.m, g.k], [7298496, 5]);
    // hur.st's worked example
    const h = bc.librarySize({ library: 'hurst', n: '40M', p: 1e-6 });
    assert.deepEqual([h.m, h.k], [1150207006, 20]);
    // Parquet's writer at its 1 MiB cap misses 1 %: 2.73 %
    const w = bc.librarySize({ library: 'parquet', n: 1e6, p: 0.01 });
    assert.equal(w.bytes, 1048576);
    assert.equal(w.missesTarget, true);
    assert.match(w.note, /capped/);
  });

  test("hashFloor: the library's own width by default, a 32-bit one on request", () => {
    const own = bc.librarySize({ library: 'guava', n: 1e8, p: 1e-4 });
    assert.equal(own.hashFloor.hashBits, 64);
    assert.equal(own.hashFloor.matters, false);
    const narrow = bc.librarySize({ library: 'guava', n: 1e8, p: 1e-4, hashBits: 32 });
    assert.ok(Math.abs(narrow.hashFloor.floor / (1e8 / 2 ** 32) - 1) < 0.02);
    assert.equal(narrow.hashFloor.targetBelowFloor, true);
    assert.equal(bc.librarySize({ library: 'hurst', n: 1000, p: 0.01 }).hashFloor, null);
  });

  test('bad input names its parameter', () => {
    assertParamError(() => bc.librarySize({ library: 'bloomier', n: 1000, p: 0.01 }), 'library');
    assertParamError(() => bc.librarySize({ library: 'guava', n: 0, p: 0.01 }), 'n');
    assertParamError(() => bc.librarySize({ library: 'parquet-spec', n: 1000, p: 0.5 }), 'p');
    assertParamError(() => bc.librarySize({ library: 'guava', n: 1000, p: 0.01, hashBits: 48 }), 'hashBits');
  });
});

describe('hashFloor on fpr, size and layoutSize', () => {
  test('absent without hashBits; eq H1 with it', () => {
    assert.equal(bc.size({ n: 1e6, p: 0.01 }).hashFloor, undefined);
    const s = bc.size({ n: '100M', p: 1e-4, hashBits: 32 });
    assert.equal(s.hashFloor.hashBits, 32);
    assert.equal(s.hashFloor.targetBelowFloor, true);
    const f = bc.fpr({ m: 2 ** 30, n: 1e8, k: 7, hashBits: 32 });
    assert.ok(Math.abs(f.hashFloor.floor - -Math.expm1(1e8 * Math.log1p(-(2 ** -32)))) < 1e-15);
    assert.equal(f.hashFloor.fpr, f.exact + f.hashFloor.floor - f.exact * f.hashFloor.floor);
    const l = bc.layoutSize({ n: 1e6, p: 0.01, preset: 'rocksdb', hashBits: 64 });
    assert.equal(l.hashFloor.matters, false);
    assert.deepEqual(bc.hashFloor({ m: 2 ** 30, n: 1e8, k: 7, hashBits: 32, ideal: f.exact }), f.hashFloor);
    assertParamError(() => bc.size({ n: 1e6, p: 0.01, hashBits: 16 }), 'hashBits');
  });
});

describe('scalable', () => {
  test("RedisBloom's defaults, the optimum, and bad input", () => {
    const r = bc.scalable({ p: '1%', capacity: 1000, n: 10000 });
    assert.equal(r.links.length, 4);
    assert.deepEqual(
      r.links.map((l) => l.capacity),
      [1000, 2000, 4000, 8000],
    );
    assert.deepEqual(
      r.links.map((l) => l.fill),
      [1000, 2000, 4000, 3000],
    );
    const miss = r.links.reduce((a, l) => a * (1 - l.fpr), 1);
    assert.ok(Math.abs(r.fpr - (1 - miss)) < 1e-15);
    assert.equal(
      r.bits,
      r.links.reduce((a, l) => a + l.m, 0),
    );
    assert.ok(r.optimum.bits <= r.bits);
    assert.equal(bc.scalable({ p: 0.01, capacity: 1000, n: 10000, optimise: false }).optimum, null);
    assertParamError(() => bc.scalable({ p: 0.01, capacity: 1000, n: 10000, ratio: 1 }), 'ratio');
    assertParamError(() => bc.scalable({ p: 0.01, capacity: 1000, n: 10000, growth: 0.5 }), 'growth');
    assertParamError(() => bc.scalable({ p: 0.01, n: 10000 }), 'capacity');
  });
});

describe('CLI', () => {
  test('size --library: --json is the module; all lists every library', async () => {
    const one = await cliJson('size', '--n', '1M', '--p', '0.1%', '--library', 'arrow');
    assert.deepEqual(one, bc.librarySize({ library: 'arrow', n: '1M', p: '0.1%' }));
    const all = await cliJson('size', '--n', '1M', '--p', '1%', '--library', 'all');
    assert.equal(all.libraries.length, 12);
    assert.deepEqual(all.libraries[0], bc.librarySize({ library: 'guava', n: '1M', p: '1%' }));
    const text = await cli('size', '--n', '1M', '--p', '1%', '--library', 'all');
    assert.equal(text.code, 0);
    assert.match(text.stdout, /parquet\s.*MISSED/);
    await cliFails(['size', '--n', '1M', '--p', '1%', '--library', 'bloomier'], 'library');
  });

  test('--hash-bits on size and fpr: the floor line and its warning', async () => {
    const s = await cli('size', '--n', '100M', '--p', '1e-4', '--hash-bits', '32');
    assert.match(s.stdout, /32-bit hash floor/);
    assert.match(s.stdout, /WARNING: the target is below the floor/);
    const f = await cliJson('fpr', '--m', '1Gi', '--n', '100M', '--k', '7', '--hash-bits', '32');
    assert.equal(f.hashFloor.hashBits, 32);
    await cliFails(['fpr', '--m', '1Gi', '--n', '100M', '--k', '7', '--hash-bits', '16'], '--hash-bits');
  });

  test('scalable: --json is the module; the table', async () => {
    const j = await cliJson('scalable', '--p', '1%', '--capacity', '1000', '--n', '10k');
    assert.deepEqual(j, bc.scalable({ p: '1%', capacity: 1000, n: '10k' }));
    const t = await cli('scalable', '--p', '1%', '--capacity', '1000', '--n', '10k', '--ratio', '0.9', '--growth', '4');
    assert.equal(t.code, 0);
    assert.match(t.stdout, /fewest bits/);
    await cliFails(['scalable', '--p', '1%', '--n', '10k'], '--capacity');
  });
});

// Issue 35, items 6-9: errors that named the wrong thing, or none.
describe('errors name the field at fault (issue 35)', () => {
  const FILTER = { m: 2 ** 20, n: 1e5, k: 7, hashBits: 32 };

  test('hashFloor refuses a p outside (0, 1), NaN and ±Infinity by name', () => {
    for (const p of [-1, 0, 1, 2, NaN, Infinity, -Infinity]) assertParamError(() => bc.hashFloor({ ...FILTER, p }), 'p', { range: /\(0, 1\)/ });
    assert.equal(bc.hashFloor({ ...FILTER, p: 0.01 }).targetBelowFloor, false);
    assert.equal(bc.hashFloor({ ...FILTER }).targetBelowFloor, false); // absent: no target
  });

  test('a saturated filter: FPR 1 with its floor, and ideal is a probability in [0, 1]', () => {
    const f = bc.fpr({ m: 65, n: '100k', k: 7, hashBits: 32 });
    assert.equal(f.exact, 1);
    assert.equal(f.hashFloor.fpr, 1); // eq H2: 1 ⊕ c = 1
    assert.equal(bc.hashFloor({ ...FILTER, ideal: 1 }).fpr, 1);
    assert.equal(bc.hashFloor({ ...FILTER, ideal: 0 }).fpr, bc.hashFloor({ ...FILTER, ideal: 0 }).floor);
    for (const ideal of [-0.5, 1.5, NaN, Infinity]) assertParamError(() => bc.hashFloor({ ...FILTER, ideal }), 'ideal', { range: /\[0, 1\]/ });
  });

  test('scalable names p when its first link cannot be sized, capacity when the first link is too large', () => {
    assertParamError(() => bc.scalable({ p: 1e-300, capacity: 1, n: 1 }), 'p');
    assertParamError(() => bc.scalable({ p: 0.01, capacity: 2 ** 40, n: 1 }), 'capacity');
    assertParamError(() => bc.scalable({ p: 0.01, capacity: 1, n: 2 ** 40 }), 'n'); // links beyond the first: n asks for them
  });

  test("Parquet's maxBytes: a multiple of its 32-byte block, named as maxBytes (not m, not blockBits)", () => {
    assertParamError(() => bc.librarySize({ library: 'parquet', n: 1e6, p: 0.01, maxBytes: 1000 }), 'maxBytes');
    assertParamError(() => bc.layoutSize({ preset: 'parquet', n: 1e6, p: 0.01, maxBytes: 1000 }), 'maxBytes');
    assert.equal(bc.librarySize({ library: 'parquet', n: 1e6, p: 0.01, maxBytes: 1024 }).bytes, 1024);
  });

  test('a field that applies to some libraries only is refused by the others (schema `only` = the core)', async () => {
    const { ONLY } = await import('../../wasm/inputs.generated.mjs');
    const VALID = { k: 7, maxBytes: 4096 };
    const names = bc.libraries().map((l) => l.name);
    for (const [field, { library }] of Object.entries(ONLY.LibrarySizeInput)) {
      for (const name of names) {
        const input = { library: name, n: 1e5, p: 0.01, [field]: VALID[field] };
        if (library.includes(name)) assert.doesNotThrow(() => bc.librarySize(input), `${field} applies to ${name}`);
        else assertParamError(() => bc.librarySize(input), field);
      }
    }
    for (const preset of [undefined, 'parquet', 'arrow', 'rocksdb', 'boost-block']) {
      const input = { preset, layout: preset ? undefined : 'blocked', blockBits: preset ? undefined : 512, n: 1e5, p: 0.01, maxBytes: 4096 };
      if (ONLY.LayoutSizingInput.maxBytes.preset.includes(preset)) assert.doesNotThrow(() => bc.layoutSize(input), preset);
      else assertParamError(() => bc.layoutSize(input), 'maxBytes');
    }
  });
});
