// Block layouts through the JS module and the CLI: exact BigInt-rational references (the load mixture
// with 001 eq 20 / the distinct chain per block, and the split block's closed form per load), the two
// methods of the core against each other, JSON keys, CLI --json = module, named errors (exit 2),
// sizing, and native = wasm simulation counts.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';

import { createBloomCalc } from '../../wasm/index.mjs';
import { assertParamError, cli, cliFails, cliJson, relDiff, ROOT } from './helpers/common.mjs';
import { binom, collidingEq20, distinctChain, toDouble } from './helpers/exact-rational.mjs';

const bc = await createBloomCalc();
const LAYOUT_COUNTS = join(ROOT, 'build', 'native', 'bloomcalc_layout_sim_counts');

// Σ_j C(n, j)(b − 1)^{n−j} / b^n · f(j) as one exact fraction; f(j) = { num, den } (f(0) = 0).
function mixture(n, b, perBlock) {
  const B = BigInt(b);
  let num = 0n;
  let den = 1n;
  for (let j = 1; j <= n; j++) {
    const f = perBlock(j);
    const w = binom(n, j) * (B - 1n) ** BigInt(n - j);
    // num/den + w·f.num/(f.den·b^n)
    const termDen = f.den * B ** BigInt(n);
    num = num * termDen + w * f.num * den;
    den *= termDen;
    const g = gcd(num, den);
    num /= g;
    den /= g;
  }
  return { num, den };
}

function gcd(a, b) {
  while (b) [a, b] = [b, a % b];
  return a < 0n ? -a : a;
}

// Split block, per load j: (1 − ((w − 1)/w)^j)^k exactly.
const splitPerBlock = (w, k) => (j) => {
  const W = BigInt(w);
  const clear = (W - 1n) ** BigInt(j);
  const all = W ** BigInt(j);
  return { num: (all - clear) ** BigInt(k), den: all ** BigInt(k) };
};

describe('layouts: exact values', () => {
  test('blocked = BigInt mixture of the exact per-block FPR (001 eq 20; distinct chain), 1e-12', () => {
    const cases = [
      { m: 48, n: 14, k: 3, B: 16, hashing: 'colliding' },
      { m: 64, n: 20, k: 2, B: 16, hashing: 'colliding' },
      { m: 40, n: 12, k: 4, B: 8, hashing: 'colliding' },
      { m: 60, n: 15, k: 3, B: 12, hashing: 'distinct' },
      { m: 32, n: 9, k: 5, B: 32, hashing: 'distinct' },
    ];
    for (const c of cases) {
      const perBlock = (j) => (c.hashing === 'colliding' ? collidingEq20(c.B, j, c.k) : distinctChain(c.B, j, c.k));
      const reference = toDouble(mixture(c.n, c.m / c.B, perBlock));
      const input = { layout: 'blocked', m: c.m, n: c.n, k: c.k, blockBits: c.B, hashing: c.hashing };
      const exact = bc.layoutExactFpr(input);
      assert.ok(relDiff(exact, reference) < 1e-12, `${JSON.stringify(c)}: ${exact} vs ${reference}`);
      assert.ok(relDiff(bc.layoutMixture(input).fpr, reference) < 1e-12, `mixture ${JSON.stringify(c)}`);
    }
  });

  test('split block and partitioned = BigInt closed form per load, 1e-12', () => {
    const cases = [
      { m: 256 * 6, n: 150, k: 8, B: 256 },
      { m: 64 * 10, n: 70, k: 4, B: 64 },
      { m: 24 * 5, n: 40, k: 3, B: 24 },
    ];
    for (const c of cases) {
      const reference = toDouble(mixture(c.n, c.m / c.B, splitPerBlock(c.B / c.k, c.k)));
      const exact = bc.layoutExactFpr({ layout: 'split-block', m: c.m, n: c.n, k: c.k, blockBits: c.B });
      assert.ok(relDiff(exact, reference) < 1e-12, `${JSON.stringify(c)}: ${exact} vs ${reference}`);
    }
    const closed = toDouble(splitPerBlock(300 / 6, 6)(45)); // one block of 300 bits, 6 slices
    assert.ok(relDiff(bc.layoutExactFpr({ layout: 'partitioned', m: 300, n: 45, k: 6 }), closed) < 1e-12);
  });

  test('two methods agree at m = n = 2^40; layoutFpr carries the report', () => {
    const input = { preset: 'rocksdb', m: '1Ti', n: 2 ** 37 };
    const report = bc.layoutFpr(input);
    for (const key of [
      'layout',
      'preset',
      'm',
      'n',
      'k',
      'blockBits',
      'hashing',
      'exact',
      'standardExact',
      'blocks',
      'loadPerBlock',
      'bitsPerKey',
      'approximations',
      'whatIf',
    ])
      assert.ok(key in report, key);
    assert.equal(report.preset, 'rocksdb');
    assert.equal(report.k, 5); // 8 bits/key: 8000 millibits → 5 probes
    assert.equal(report.blockBits, 512);
    assert.ok(relDiff(bc.layoutMixture(input).fpr, report.exact) < 1e-12);
    assert.deepEqual(
      report.whatIf.map((w) => w.factor),
      [0.5, 2, 4],
    );
    assert.ok(report.whatIf[0].fpr < report.exact && report.exact < report.whatIf[1].fpr);
    assert.ok(report.exact > report.standardExact);
    const names = report.approximations.map((a) => a.name);
    assert.deepEqual(names, ['classic', 'putze-eq3', 'boost-block', 'rocksdb']);
    const big = bc.layoutExactFpr({ layout: 'split-block', m: 2 ** 40, n: 2 ** 40, k: 8, blockBits: 256 });
    assert.ok(big > 0.5 && big < 1);
  });
});

describe('layouts: sizing', () => {
  test("parquet preset: power-of-two bytes meeting p, the writer's allocation, the standard filter", () => {
    const r = bc.layoutSize({ preset: 'parquet', n: '100k', p: '1%' });
    assert.equal(r.layout, 'split-block');
    assert.equal(r.k, 8);
    assert.equal(r.blockBits, 256);
    assert.ok(r.meetsTarget && r.fpr <= 0.01);
    assert.equal(Math.log2(r.bytes) % 1, 0);
    assert.ok(r.parquetWriter.bytes >= 32 && Math.log2(r.parquetWriter.bytes) % 1 === 0);
    assert.ok(r.standard.m < r.m && r.overhead > 0);
    assert.equal(r.whatIf.length, 3);
    assert.ok(bc.layoutExactFpr({ preset: 'parquet', m: r.m / 2, n: 100000 }) > 0.01);
  });

  test('blocked layout: whole blocks, minimal', () => {
    const r = bc.layoutSize({ layout: 'blocked', blockBits: 512, n: 1e5, p: 0.001 });
    assert.equal(r.m % 512, 0);
    assert.ok(r.fpr <= 0.001);
    assert.ok(bc.layoutExactFpr({ layout: 'blocked', blockBits: 512, m: r.m - 512, n: 1e5, k: r.k }) > 0.001);
  });

  test('named errors', () => {
    assertParamError(() => bc.layoutExactFpr({ layout: 'blocked', m: 1000, n: 10, k: 3, blockBits: 512 }), 'blockBits');
    assertParamError(() => bc.layoutExactFpr({ layout: 'blocked', m: 1024, n: 10, k: 3 }), 'blockBits');
    assertParamError(() => bc.layoutExactFpr({ layout: 'split-block', m: 768, n: 10, k: 5, blockBits: 256 }), 'blockBits');
    assertParamError(() => bc.layoutExactFpr({ layout: 'partitioned', m: 1000, n: 10, k: 3 }), 'm');
    assertParamError(() => bc.layoutExactFpr({ layout: 'cuckoo', m: 1000, n: 10, k: 3 }), 'layout');
    assertParamError(() => bc.layoutExactFpr({ preset: 'bigtable', m: 1024, n: 10 }), 'preset');
    assertParamError(() => bc.layoutExactFpr({ preset: 'rocksdb', m: 1000, n: 10 }), 'm');
    assertParamError(() => bc.layoutExactFpr({ preset: 'boost-block', m: 1024, n: 10 }), 'k');
    assertParamError(() => bc.layoutSize({ layout: 'standard', n: 100, p: 2 }), 'p');
    assertParamError(() => bc.simulateLayout({ layout: 'split-block', m: 4096, n: 10, k: 4, blockBits: 256, hashScheme: 'parquet' }), 'hashScheme');
    assert.throws(() => bc.layoutFpr(null), TypeError);
    // The load mixture's work is bounded before it starts (89 s natively here): n named, layoutExactFpr offered.
    const huge = { layout: 'blocked', blockBits: 2 ** 20, m: 2 ** 40, n: 2 ** 40, k: 64 };
    assertParamError(() => bc.layoutMixture(huge), 'n');
    assert.throws(
      () => bc.layoutMixture(huge),
      (e) => /layoutExactFpr/.test(e.validRange),
    );
    assert.ok(bc.layoutExactFpr(huge) > 0.99);
  });
});

describe('layouts: CLI', () => {
  test('fpr --preset / --layout --json = the module', async () => {
    const out = await cliJson('fpr', '--preset', 'parquet', '--m', '64KiB', '--n', '40k');
    assert.deepEqual(out, bc.layoutFpr({ preset: 'parquet', m: '64KiB', n: '40k' }));
    const blocked = await cliJson('fpr', '--layout', 'blocked', '--block-bits', '512', '--m', '1Mi', '--n', '100k', '--k', '6');
    assert.equal(blocked.exact, bc.layoutExactFpr({ layout: 'blocked', blockBits: 512, m: 2 ** 20, n: 1e5, k: 6 }));
    const text = await cli('fpr', '--preset', 'rocksdb', '--m', '10Mi', '--n', '1M');
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /RocksDB CacheLocalFpRate/);
    assert.match(text.stdout, /What if n is off/);
  });

  test('size --preset parquet / --layout split-block --json = the module', async () => {
    const out = await cliJson('size', '--preset', 'parquet', '--n', '1M', '--p', '1%');
    assert.deepEqual(out, bc.layoutSize({ preset: 'parquet', n: '1M', p: '1%' }));
    const text = await cli('size', '--layout', 'split-block', '--block-bits', '256', '--n', '10k', '--p', '0.1%');
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /overhead/);
  });

  test('fpr --simulate on a small filter', async () => {
    const out = await cliJson('fpr', '--preset', 'parquet', '--m', '8KiB', '--n', '6k', '--simulate', '--epochs', '4', '--hash-scheme', 'parquet');
    assert.equal(out.simulation.epochs, 4);
    assert.equal(out.simulation.hashScheme, 'parquet');
  });

  test('bad layouts: exit 2 naming the parameter', async () => {
    await cliFails(['fpr', '--layout', 'blocked', '--m', '1000', '--n', '10', '--k', '3', '--block-bits', '512'], 'blockBits');
    await cliFails(['fpr', '--layout', 'blocked', '--m', '1000', '--n', '10', '--k', '3', '--block-bits', '512'], '--block-bits');
    await cliFails(['size', '--layout', 'split-block', '--n', '1000', '--p', '1%'], '--block-bits');
    await cliFails(['fpr', '--layout', 'cuckoo', '--m', '1000', '--n', '10', '--k', '3'], 'layout');
    await cliFails(['fpr', '--preset', 'nope', '--m', '1000', '--n', '10'], 'preset');
    await cliFails(['fpr', '--layout', 'blocked', '--m', '1024', '--n', '10', '--block-bits', '512'], '--k');
    await cliFails(['size', '--preset', 'parquet', '--n', '1M', '--p', '0'], 'p');
  });
});

describe('layouts: simulation', () => {
  test('the exact model lies in the 99 % interval (blocked, Parquet hashing)', () => {
    const r = bc.simulateLayout({ preset: 'rocksdb', m: 2 ** 16, n: 6554, epochs: 24, queries: 2 ** 14, seed: 5 });
    assert.ok(r.inside, `${r.rate} [${r.interval.low}, ${r.interval.high}] vs ${r.exact}`);
    const p = bc.simulateLayout({ preset: 'parquet', m: 2 ** 16, n: 6554, epochs: 24, queries: 2 ** 14, seed: 5, hashScheme: 'parquet' });
    assert.ok(p.inside, `${p.rate} [${p.interval.low}, ${p.interval.high}] vs ${p.exact}`);
  });

  test('native and wasm give identical counts', { skip: !existsSync(LAYOUT_COUNTS) && 'native build missing' }, () => {
    const cases = [
      { layout: 'blocked', m: 8192, n: 900, k: 5, blockBits: 512, epochs: 3, queries: 3000, seed: 9 },
      { layout: 'blocked', m: 8192, n: 900, k: 5, blockBits: 64, hashing: 'distinct', epochs: 3, queries: 3000, seed: 9 },
      { layout: 'split-block', m: 8192, n: 900, k: 8, blockBits: 256, hashScheme: 'parquet', epochs: 3, queries: 3000, seed: 2 },
      { layout: 'split-block', m: 8192, n: 900, k: 4, blockBits: 256, epochs: 3, queries: 3000, seed: 2 },
      { layout: 'partitioned', m: 9000, n: 900, k: 6, epochs: 3, queries: 3000, seed: 4 },
    ];
    const lines = cases.map((c) =>
      Object.entries(c)
        .map(([key, v]) => `${key}=${v}`)
        .join(' '),
    );
    const native = spawnSync(LAYOUT_COUNTS, [], { input: lines.join('\n') + '\n', encoding: 'utf8' });
    assert.equal(native.status, 0, native.stderr);
    const rows = native.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    cases.forEach((c, i) => assert.deepEqual(bc.simulateLayout(c).falsePositives, rows[i].falsePositives, JSON.stringify(c)));
  });
});
