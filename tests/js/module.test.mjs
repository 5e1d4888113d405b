// The JS API through the Node entry (wasm/index.mjs), checked against hand-derived values, an
// independent exact-rational implementation of paper 001's closed forms, direct evaluation of the
// classic formulas, the paper's stated properties, and the sizing contract of wasm/index.d.ts.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import createBloomCalcDefault, { createBloomCalc } from '../../wasm/index.mjs';
import { assertClose, assertParamError, relDiff } from './helpers/common.mjs';
import { bruteForce, collidingEq18, collidingEq20, distinctChain, reduce, sameFraction, toDouble } from './helpers/exact-rational.mjs';

const bc = await createBloomCalc();

const TWO40 = 2 ** 40;

// Direct evaluation of 001 eq 1, (1 − (1 − 1/m)^{kn})^k, stable for large m via log1p/expm1.
function classicEq1(m, n, k) {
  return Math.pow(-Math.expm1(k * n * Math.log1p(-1 / m)), k);
}
// Direct evaluation of 001 eq 19, Bloom 1970: (1 − (1 − k/m)^n)^k, for k ≤ m.
function bloomEq19(m, n, k) {
  if (k === m) return 1;
  return Math.pow(-Math.expm1(n * Math.log1p(-k / m)), k);
}

function minOverK(f, ks) {
  let best = Infinity;
  for (const k of ks) if (k >= 1 && k <= 64) best = Math.min(best, f(k));
  return best;
}

const range = (from, to) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

// ---------------------------------------------------------------------------------------------

describe('module', () => {
  test('createBloomCalc is the named and the default export; each call gives a working calculator', async () => {
    assert.equal(createBloomCalcDefault, createBloomCalc);
    const other = await createBloomCalcDefault();
    assert.deepEqual(other.fpr({ m: 100, n: 10, k: 3 }), bc.fpr({ m: 100, n: 10, k: 3 }));
  });

  test('limits are the documented ones', () => {
    assert.deepEqual(
      { ...bc.limits },
      {
        maxBits: TWO40,
        maxItems: TWO40,
        maxHashes: 64,
        maxRbfBits: 2 ** 40, // docs/rbf.md, "Large M"
        maxRbfExactBits: 2 ** 24, // docs/rbf.md, "Performance"
        // docs/simulation.md, "Budgets and bad input"
        simulation: {
          maxBits: 2 ** 31,
          memoryBytes: 256 * 2 ** 20,
          maxProbes: 2 ** 38,
          maxEpochs: 2 ** 20,
          maxArrivals: TWO40,
          maxPool: 2 ** 22,
          maxWindow: 2 ** 20,
        },
      },
    );
  });
});

describe('the exact-rational reference itself (no wasm)', () => {
  // Validates the independent reference before it is used to judge the core: eq 20 (Stirling
  // numbers, eq 21), eq 18 and the distinct-hashing chain must equal brute-force enumeration of
  // every hash outcome as exact fractions.
  test('eq 20 = eq 18 = brute force (colliding), chain = brute force (distinct), exactly', () => {
    let checked = 0;
    for (const m of range(1, 6)) {
      for (const k of range(1, 4)) {
        for (const n of range(1, 4)) {
          for (const hashing of ['colliding', 'distinct']) {
            if (hashing === 'distinct' && k > m) continue;
            let brute;
            try {
              brute = bruteForce(m, n, k, hashing);
            } catch {
              continue; // too many outcomes
            }
            const refs = hashing === 'colliding' ? [collidingEq20(m, n, k), collidingEq18(m, n, k)] : [distinctChain(m, n, k)];
            for (const ref of refs) {
              assert.ok(
                sameFraction(ref, brute),
                `${hashing} m=${m} n=${n} k=${k}: ${reduce(ref).num}/${reduce(ref).den} vs brute ${reduce(brute).num}/${reduce(brute).den}`,
              );
            }
            checked++;
          }
        }
      }
    }
    assert.ok(checked > 60, `only ${checked} brute-force cases ran`);
  });

  test('eq 18 and eq 20 agree as exact fractions on a wider grid', () => {
    for (const m of [7, 12, 20]) {
      for (const n of [1, 3, 9]) {
        for (const k of [1, 2, 5]) {
          assert.ok(sameFraction(collidingEq18(m, n, k), collidingEq20(m, n, k)), `m=${m} n=${n} k=${k}`);
        }
      }
    }
  });

  test('toDouble converts fractions accurately', () => {
    assert.equal(toDouble({ num: 5n, den: 8n }), 0.625);
    assert.equal(toDouble({ num: 1n, den: 3n }), 1 / 3);
    assert.equal(toDouble({ num: 10n ** 300n, den: 3n * 10n ** 310n }), 1 / 3 / 1e10);
    assert.equal(toDouble({ num: 7n, den: 7n }), 1);
  });
});

describe('hand-derived tiny filters', () => {
  // m=2, k=2, n=1, colliding: the item's two probes hit the same bit with probability 1/2 (X=1)
  // or both bits (X=2). FPR = 1/2·(1/2)^2 + 1/2·(2/2)^2 = 1/8 + 1/2 = 5/8.
  // Classic eq 1: (1 − (1/2)^2)^2 = (3/4)^2 = 9/16. Bloom 1970 eq 19: (1 − (1 − 2/2)^1)^2 = 1.
  test('m=2, k=2, n=1 colliding: exact 5/8, classic 9/16, Bloom 1970 1', () => {
    const r = bc.fpr({ m: 2, n: 1, k: 2 });
    assertClose(r.exact, 5 / 8, 1e-15, 'exact');
    assertClose(bc.exactFpr({ m: 2, n: 1, k: 2 }), 5 / 8, 1e-15, 'exactFpr');
    assertClose(bc.exactFprTable({ m: 2, n: 1, k: 2 }), 5 / 8, 1e-15, 'exactFprTable');
    assertClose(r.classic, 9 / 16, 1e-15, 'classic');
    assertClose(r.bloom1970, 1, 1e-15, 'bloom1970');
    assertClose(r.relativeError.classic, (9 / 16 - 5 / 8) / (5 / 8), 1e-14, 'relativeError.classic = -1/10');
    assert.equal(r.m, 2);
    assert.equal(r.n, 1);
    assert.equal(r.k, 2);
    assert.equal(r.hashing, 'colliding');
    assert.equal(r.bitsPerElement, 2);
  });

  // m=2, k=1, n=1: exactly one bit is set, the test probe hits it with probability 1/2.
  // Classic: 1 − (1/2)^1 = 1/2 (for k=1 exact and classic coincide: E[X/m] = p_set).
  test('m=2, k=1, n=1: exact = classic = 1/2', () => {
    const r = bc.fpr({ m: 2, n: 1, k: 1 });
    assertClose(r.exact, 1 / 2, 1e-15, 'exact');
    assertClose(r.classic, 1 / 2, 1e-15, 'classic');
  });

  // Distinct m=2, k=2, n=1: the item sets both bits, every test item is a false positive: 1.
  test('m=2, k=2, n=1 distinct: exact 1', () => {
    assertClose(bc.exactFpr({ m: 2, n: 1, k: 2, hashing: 'distinct' }), 1, 1e-15, 'exactFpr');
    assertClose(bc.exactFprTable({ m: 2, n: 1, k: 2, hashing: 'distinct' }), 1, 1e-15, 'exactFprTable');
    assert.equal(bc.fpr({ m: 2, n: 1, k: 2, hashing: 'distinct' }).hashing, 'distinct');
  });

  // m=3, k=2, n=1 colliding: the two probes coincide with probability 1/3 (X=1) else X=2.
  // FPR = 1/3·(1/3)^2 + 2/3·(2/3)^2 = 1/27 + 8/27 = 1/3. Classic: (1 − (2/3)^2)^2 = 25/81 < 27/81.
  test('m=3, k=2, n=1 colliding: exact 1/3, classic 25/81', () => {
    const r = bc.fpr({ m: 3, n: 1, k: 2 });
    assertClose(r.exact, 1 / 3, 1e-15, 'exact');
    assertClose(r.classic, 25 / 81, 1e-15, 'classic');
  });

  // Distinct m=4, k=2, n=2: the first item sets 2 bits; the second sets j new bits with
  // P(j) = C(2,j)·C(2,2−j)/C(4,2): 1/6, 4/6, 1/6 for j = 0, 1, 2, so X = 2, 3, 4.
  // FPR = E[C(X,2)/C(4,2)] = 1/6·1/6 + 4/6·3/6 + 1/6·6/6 = (1 + 12 + 6)/36 = 19/36.
  // classicDistinct = Bloom 1970 = (1 − (1 − 2/4)^2)^2 = (3/4)^2 = 9/16.
  test('m=4, k=2, n=2 distinct: exact 19/36, classicDistinct = Bloom 1970 = 9/16', () => {
    const r = bc.fpr({ m: 4, n: 2, k: 2, hashing: 'distinct' });
    assertClose(r.exact, 19 / 36, 1e-15, 'exact');
    assertClose(r.classicDistinct, 9 / 16, 1e-15, 'classicDistinct');
    assertClose(r.bloom1970, 9 / 16, 1e-15, 'bloom1970');
    assertClose(bc.exactFprTable({ m: 4, n: 2, k: 2, hashing: 'distinct' }), 19 / 36, 1e-15, 'exactFprTable');
  });

  // m=1: the single bit is set by the first probe; every test is a false positive.
  test('m=1: FPR 1 for any n, k (colliding) and k=1 (distinct)', () => {
    for (const [n, k] of [
      [1, 1],
      [5, 3],
      [1000, 64],
    ]) {
      assertClose(bc.exactFpr({ m: 1, n, k }), 1, 1e-15, `n=${n} k=${k}`);
      assertClose(bc.exactFprTable({ m: 1, n, k }), 1, 1e-15, `table n=${n} k=${k}`);
    }
    assertClose(bc.exactFpr({ m: 1, n: 7, k: 1, hashing: 'distinct' }), 1, 1e-15, 'distinct');
  });
  // A tiny filter flooded with items has every bit set: the FPR is 1 and, being a probability,
  // never above 1.
  test('saturated filters: FPR 1, never above 1', () => {
    for (const [m, n, k] of [
      [2, 100, 1],
      [5, 100, 5],
      [3, 50, 10],
      [10, 1000, 64],
      [64, 1e5, 16],
    ]) {
      for (const hashing of ['colliding', 'distinct']) {
        if (hashing === 'distinct' && k > m) continue;
        const input = { m, n, k, hashing };
        for (const [name, value] of [
          ['exactFpr', bc.exactFpr(input)],
          ['exactFprTable', bc.exactFprTable(input)],
          ['fpr().exact', bc.fpr(input).exact],
        ]) {
          assert.ok(value <= 1, `${name}(${JSON.stringify(input)}) = ${value} > 1`);
          assertClose(value, 1, 1e-12, `${name}(${JSON.stringify(input)})`);
        }
      }
    }
  });
});

describe('exact FPR against exact rationals (001 eqs 18/20-21; distinct chain)', () => {
  const TOL = 1e-12;
  const grid = [];
  for (const m of range(1, 40)) for (const n of [1, 2, 3, 4, 5, 8, 13]) for (const k of range(1, 8)) grid.push([m, n, k]);
  for (const m of [7, 16, 33, 40]) for (const n of [21, 40, 64]) for (const k of range(1, 8)) grid.push([m, n, k]);

  test(`colliding: exactFpr and exactFprTable within ${TOL} of eq 20 (${grid.length} filters)`, () => {
    for (const [m, n, k] of grid) {
      const ref = toDouble(collidingEq20(m, n, k));
      assertClose(bc.exactFpr({ m, n, k }), ref, TOL, `exactFpr m=${m} n=${n} k=${k}`);
      assertClose(bc.exactFprTable({ m, n, k }), ref, TOL, `exactFprTable m=${m} n=${n} k=${k}`);
    }
  });

  test(`distinct: exactFpr and exactFprTable within ${TOL} of the exact chain`, () => {
    let count = 0;
    for (const [m, n, k] of grid) {
      if (k > m) continue;
      const ref = toDouble(distinctChain(m, n, k));
      const input = { m, n, k, hashing: 'distinct' };
      assertClose(bc.exactFpr(input), ref, TOL, `exactFpr distinct m=${m} n=${n} k=${k}`);
      assertClose(bc.exactFprTable(input), ref, TOL, `exactFprTable distinct m=${m} n=${n} k=${k}`);
      count++;
    }
    assert.ok(count > 1500);
  });

  // The points of 001 Fig. 2 (optimal k, m/n = 2, 4, 8, 16) for small m, where the classic formula
  // is far off: the reported exact value and the classic relative error against eq 20.
  test('Fig. 2 points: exact and relativeError.classic against eq 20', () => {
    for (const m of [32, 64, 128, 256]) {
      for (const ratio of [2, 4, 8, 16]) {
        const n = m / ratio;
        const k = Math.max(1, Math.round(ratio * Math.LN2));
        const ref = toDouble(collidingEq20(m, n, k));
        const r = bc.fpr({ m, n, k });
        assertClose(r.exact, ref, 1e-12, `exact m=${m} n=${n} k=${k}`);
        const refRel = (classicEq1(m, n, k) - ref) / ref;
        assert.ok(
          Math.abs(r.relativeError.classic - refRel) <= 1e-12 + 1e-10 * Math.abs(refRel),
          `relativeError.classic m=${m} n=${n} k=${k}: ${r.relativeError.classic} vs ${refRel}`,
        );
      }
    }
  });
});

describe('exactFpr (fast) against exactFprTable (001 Fig. 1)', () => {
  const ms = [1, 2, 3, 5, 8, 13, 64, 100, 257, 1000, 2048, 4000];
  const ns = [1, 2, 10, 100, 1000];
  const ks = [1, 2, 3, 5, 8, 16, 32, 64];
  const MAX_WORK = 4e7; // m·k·n table cells per case, to keep the suite quick
  for (const hashing of ['colliding', 'distinct']) {
    test(`${hashing}: agree within 1e-12 over m ≤ 4000, n ≤ 1000, k ≤ 64`, () => {
      let count = 0;
      const aboveOne = [];
      for (const m of ms) {
        for (const n of ns) {
          for (const k of ks) {
            if (hashing === 'distinct' && k > m) continue;
            if (m * n * k > MAX_WORK) continue;
            const input = { m, n, k, hashing };
            const fast = bc.exactFpr(input);
            const table = bc.exactFprTable(input);
            assert.ok(fast > 0 && table > 0, `positive: ${JSON.stringify(input)} → ${fast}, ${table}`);
            assertClose(fast, table, 1e-12, `exactFpr vs exactFprTable ${JSON.stringify(input)}`);
            for (const [name, v] of [
              ['exactFpr', fast],
              ['exactFprTable', table],
            ]) {
              if (v > 1) aboveOne.push(`${name}(m=${m}, n=${n}, k=${k}) = ${v}`);
            }
            count++;
          }
        }
      }
      assert.ok(count > 200, `${count} cases`);
      // Checked after the loop so that the agreement above is tested on the whole grid first.
      assert.deepEqual(aboveOne, [], `probabilities above 1 (${aboveOne.length})`);
    });
  }

  test('a few large table cases (m·kn ≈ 10^8)', () => {
    for (const input of [
      { m: 4000, n: 1000, k: 32 },
      { m: 3000, n: 500, k: 64, hashing: 'distinct' },
    ]) {
      assertClose(bc.exactFpr(input), bc.exactFprTable(input), 1e-12, JSON.stringify(input));
    }
  });

  test('fpr().exact is exactFpr', () => {
    for (const input of [
      { m: 1000, n: 100, k: 7 },
      { m: 77, n: 9, k: 4, hashing: 'distinct' },
    ]) {
      assert.equal(bc.fpr(input).exact, bc.exactFpr(input));
    }
  });
});

describe('classic (001 eq 1) and Bloom 1970 (001 eq 19) against direct evaluation', () => {
  const cases = [];
  for (const m of [2, 10, 64, 1000, 12345, 1e6, 2 ** 30]) {
    for (const bpe of [1, 4, 10, 20]) {
      const n = Math.max(1, Math.round(m / bpe));
      for (const k of [1, 2, 3, 7, 13, 30]) if (k <= m) cases.push({ m, n, k });
    }
  }
  test(`classic, classicDistinct, bloom1970 and relative errors (${cases.length} filters)`, () => {
    for (const { m, n, k } of cases) {
      const r = bc.fpr({ m, n, k });
      const ctx = `m=${m} n=${n} k=${k}`;
      const classic = classicEq1(m, n, k);
      const bloom = bloomEq19(m, n, k);
      assertClose(r.classic, classic, 1e-12, `classic ${ctx}`);
      assertClose(r.bloom1970, bloom, 1e-12, `bloom1970 ${ctx}`);
      assertClose(r.classicDistinct, bloom, 1e-12, `classicDistinct ${ctx}`);
      assertClose(r.bitsPerElement, m / n, 1e-15, `bitsPerElement ${ctx}`);
      // relativeError = (formula − exact) / exact, as documented
      for (const key of ['classic', 'classicDistinct', 'bloom1970']) {
        const expected = (r[key] - r.exact) / r.exact;
        assert.ok(
          Math.abs(r.relativeError[key] - expected) <= 1e-15 + 1e-12 * Math.abs(expected),
          `relativeError.${key} ${ctx}: ${r.relativeError[key]} vs ${expected}`,
        );
      }
      // The distinct report carries the same closed forms.
      const d = bc.fpr({ m, n, k, hashing: 'distinct' });
      assert.equal(d.classic, r.classic, `distinct report classic ${ctx}`);
      assert.equal(d.classicDistinct, r.classicDistinct, `distinct report classicDistinct ${ctx}`);
    }
  });
});

describe('properties from 001', () => {
  test('exact ≥ classic for colliding hashing (Hölder, eqs 5-7), strictly for k ≥ 2 on small filters', () => {
    for (const m of [2, 3, 5, 16, 100, 1000, 4096, 1e5, 1e7]) {
      for (const n of [1, 2, 10, 100, 1000, 1e5]) {
        for (const k of [1, 2, 3, 7, 20, 64]) {
          const r = bc.fpr({ m, n, k });
          const ctx = `m=${m} n=${n} k=${k}: exact ${r.exact}, classic ${r.classic}`;
          assert.ok(r.exact >= r.classic * (1 - 1e-13), ctx);
          if (k >= 2 && m <= 1000 && r.exact < 1 - 1e-9) assert.ok(r.exact > r.classic, `strict: ${ctx}`);
          if (k === 1) assertClose(r.exact, r.classic, 1e-13, `k=1 exact = classic: ${ctx}`);
        }
      }
    }
  });

  test('relative error of classic shrinks as m grows at fixed m/n (optimal k)', () => {
    for (const ratio of [4, 8, 16]) {
      const k = Math.round(ratio * Math.LN2);
      let previous = Infinity;
      for (let m = 32; m <= 2 ** 20; m *= 2) {
        const r = bc.fpr({ m, n: m / ratio, k });
        const rel = r.relativeError.classic;
        assert.ok(rel < 0, `classic underestimates: m/n=${ratio} m=${m} rel=${rel}`);
        assert.ok(Math.abs(rel) < previous, `m/n=${ratio} m=${m}: |rel| ${Math.abs(rel)} not below ${previous}`);
        previous = Math.abs(rel);
      }
      assert.ok(previous < 1e-4, `m/n=${ratio}: still ${previous} at m=2^20`);
    }
  });

  test('relative error of classic shrinks as m/n decreases at fixed m (001 §3, Fig. 2)', () => {
    for (const m of [64, 256, 1024]) {
      const rels = [4, 8, 16].map((ratio) => Math.abs(bc.fpr({ m, n: m / ratio, k: Math.round(ratio * Math.LN2) }).relativeError.classic));
      assert.ok(rels[0] < rels[1] && rels[1] < rels[2], `m=${m}: ${rels}`);
    }
  });
});

describe('sizing', () => {
  const LN2SQ = Math.LN2 * Math.LN2;

  // Smallest m whose classic FPR, at its best integer k, meets p — checked over every k.
  function classicBestAt(m, n) {
    return minOverK((k) => bc.fpr({ m, n, k }).classic, range(1, 64));
  }

  test('n=1M, p=1% classic: mIdeal = −n ln p / ln²2 (hur.st: 9,585,059 bits), k = 7, p ≤ target', () => {
    const n = 1e6;
    const p = 0.01;
    const r = bc.size({ n, p });
    const mIdeal = (-n * Math.log(p)) / LN2SQ;
    assert.equal(Math.ceil(mIdeal), 9585059); // the reference itself: hur.st's m
    assert.equal(r.solved, 'm,k');
    assertClose(r.mIdeal, mIdeal, 1e-12, 'mIdeal');
    assert.equal(r.k, 7);
    assert.equal(r.n, n);
    assert.ok(r.m >= 9585059, `m ${r.m} below ceil(mIdeal)`);
    assertClose(r.kIdeal, (r.m / n) * Math.LN2, 1e-12, 'kIdeal');
    assert.equal(r.target, p);
    assert.equal(r.method, 'classic');
    assert.equal(r.rounding, 'none');
    assert.equal(r.hashing, 'colliding');
    assertClose(r.p, bc.fpr({ m: r.m, n, k: r.k }).classic, 1e-15, 'p = classic FPR of the final filter');
    assert.ok(r.p <= p, `p = ${r.p} > target ${p} at m=${r.m}, k=${r.k}`);
    assert.equal(r.meetsTarget, true);
    assert.ok(classicBestAt(r.m - 1, n) > p, `m−1 = ${r.m - 1} also meets the target`);
    assert.equal(r.bitsPerElement, r.m / n);
    assert.equal(r.memory.bytes, Math.ceil(r.m / 8));
    assertClose(r.memory.KiB, r.memory.bytes / 1024, 1e-15, 'KiB');
    assertClose(r.memory.MiB, r.memory.bytes / 1024 ** 2, 1e-15, 'MiB');
    assertClose(r.memory.GiB, r.memory.bytes / 1024 ** 3, 1e-15, 'GiB');
    assert.deepEqual(r.fpr, bc.fpr({ m: r.m, n, k: r.k }));
  });

  test("n=1M, p=1% classic: hur.st's m = 9,585,059 is mIdeal's ceiling and misses p; m meets it", () => {
    // Classic calculators print ⌈−n ln p / ln²2⌉ = 9,585,059 with k = 7, whose FPR is 0.0100392 > 1%:
    // the real-valued optimum k = 6.64 cannot be used. bloomcalc reports that value as mIdeal and solves
    // m as the smallest integer meeting p with an integer k (docs/sizing.md).
    const r = bc.size({ n: 1e6, p: 0.01 });
    assert.equal(Math.ceil(r.mIdeal), 9585059);
    assert.ok(bc.fpr({ m: 9585059, n: 1e6, k: 7 }).classic > 0.01);
    assert.equal(r.m, 9592956);
    assert.equal(r.k, 7);
    assert.ok(r.p <= 0.01 && r.meetsTarget);
  });

  test('classic m,k: the smallest m meeting p; kChoices either side of (m/n) ln 2, k the better', () => {
    for (const [n, p] of [
      [1e6, 0.01],
      [1000, 0.001],
      [50, 0.2],
      [12345, 1e-6],
      [1, 0.5],
      [3, 0.1],
    ]) {
      const r = bc.size({ n, p });
      const [lo, hi] = r.kChoices;
      assert.equal(lo.k, Math.max(1, Math.floor(r.kIdeal)), `lower k for n=${n} p=${p}`);
      assert.equal(hi.k, lo.k + 1, `upper k for n=${n} p=${p}`);
      assert.ok(lo.k <= r.kIdeal && r.kIdeal <= hi.k);
      for (const c of r.kChoices) assertClose(c.p, bc.fpr({ m: r.m, n, k: c.k }).classic, 1e-15, `p at k=${c.k}`);
      assert.equal(r.k, lo.p <= hi.p ? lo.k : hi.k, `k is the choice with the lower p (n=${n} p=${p})`);
      assert.equal(r.p, Math.min(lo.p, hi.p));
      assertClose(r.mIdeal, (-n * Math.log(p)) / LN2SQ, 1e-12, `mIdeal n=${n} p=${p}`);
      assert.ok(r.m >= Math.ceil(r.mIdeal), `m ≥ ceil(mIdeal) for n=${n} p=${p}`);
      assert.ok(r.p <= p && r.meetsTarget, `n=${n} p=${p}: achieved ${r.p}`);
      assert.ok(classicBestAt(r.m - 1, n) > p, `n=${n} p=${p}: m−1 = ${r.m - 1} also meets the target`);
    }
  });

  test('rounding word64 and pow2: m rounded up from the unrounded m; pow2 reaches the 1% target', () => {
    const n = 1e6;
    const p = 0.01;
    const plain = bc.size({ n, p, rounding: 'none' });
    const word = bc.size({ n, p, rounding: 'word64' });
    const pow2 = bc.size({ n, p, rounding: 'pow2' });
    assert.equal(word.rounding, 'word64');
    assert.equal(pow2.rounding, 'pow2');
    assert.equal(word.m % 64, 0, `word64 m ${word.m}`);
    assert.ok(word.m >= plain.m && word.m < plain.m + 64, `word64 m ${word.m} vs ${plain.m}`);
    assert.equal(Math.log2(pow2.m) % 1, 0, `pow2 m ${pow2.m}`);
    assert.ok(pow2.m >= plain.m && pow2.m < 2 * plain.m, `pow2 m ${pow2.m} vs ${plain.m}`);
    assert.equal(pow2.m, 2 ** 24);
    for (const r of [word, pow2]) {
      assertClose(r.kIdeal, (r.m / n) * Math.LN2, 1e-12, 'kIdeal of the rounded m');
      assert.ok(r.kChoices.some((c) => c.k === r.k));
      assertClose(r.p, bc.fpr({ m: r.m, n, k: r.k }).classic, 1e-15, `p of ${r.rounding}`);
      assert.equal(r.meetsTarget, r.p <= p);
    }
    assert.ok(pow2.p <= p && pow2.meetsTarget, `pow2 p ${pow2.p}`);
    for (const n2 of [1, 3, 100, 1e5]) {
      for (const p2 of [0.5, 0.01, 1e-5]) {
        const a = bc.size({ n: n2, p: p2 });
        const w = bc.size({ n: n2, p: p2, rounding: 'word64' });
        const q = bc.size({ n: n2, p: p2, rounding: 'pow2' });
        assert.ok(w.m % 64 === 0 && w.m >= a.m && w.m - a.m < 64, `word64 n=${n2} p=${p2}: ${w.m} vs ${a.m}`);
        assert.ok(Number.isInteger(Math.log2(q.m)) && q.m >= a.m && q.m < 2 * a.m, `pow2 n=${n2} p=${p2}: ${q.m} vs ${a.m}`);
      }
    }
  });

  test('method exact: the smallest m whose exact FPR (best k) meets p', () => {
    for (const [n, p, hashing] of [
      [1e6, 0.01, 'colliding'],
      [100, 0.01, 'colliding'],
      [20, 0.05, 'colliding'],
      [5, 0.001, 'colliding'],
      [3, 0.1, 'colliding'],
      [100, 0.01, 'distinct'],
      [10, 0.02, 'distinct'],
    ]) {
      const ctx = `n=${n} p=${p} ${hashing}`;
      const r = bc.size({ n, p, method: 'exact', hashing });
      assert.equal(r.method, 'exact');
      assert.equal(r.hashing, hashing);
      const exact = bc.exactFpr({ m: r.m, n, k: r.k, hashing });
      assertClose(r.p, exact, 1e-15, `p is the exact FPR ${ctx}`);
      assert.ok(exact <= p, `${ctx}: exact FPR ${exact} at m=${r.m} k=${r.k} exceeds ${p}`);
      assert.equal(r.meetsTarget, true, ctx);
      const mm = r.m - 1;
      const best = minOverK((k) => (hashing === 'distinct' && k > mm ? Infinity : bc.exactFpr({ m: mm, n, k, hashing })), range(r.k - 2, r.k + 2));
      assert.ok(best > p, `${ctx}: m−1 = ${mm} already meets p with exact FPR ${best}`);
      // The exact FPR exceeds the classic one, so the exact sizing never needs fewer bits.
      const classic = bc.size({ n, p, hashing });
      if (hashing === 'colliding') assert.ok(r.m >= classic.m, `${ctx}: exact m ${r.m} < classic m ${classic.m}`);
    }
  });

  test('p from (n, m, k) is fpr().classic or fpr().exact', () => {
    for (const [n, m, k, hashing] of [
      [1000, 10000, 7, 'colliding'],
      [7, 64, 5, 'colliding'],
      [1e6, 2 ** 23, 6, 'colliding'],
      [100, 640, 4, 'distinct'],
    ]) {
      const report = bc.fpr({ m, n, k, hashing });
      const classic = bc.size({ n, m, k, hashing });
      const exact = bc.size({ n, m, k, hashing, method: 'exact' });
      assert.equal(classic.solved, 'p');
      assert.equal(classic.m, m);
      assert.equal(classic.k, k);
      assert.equal(classic.target, null);
      assert.equal(classic.meetsTarget, true);
      assert.equal(classic.p, hashing === 'distinct' ? report.classicDistinct : report.classic);
      assert.equal(exact.p, report.exact);
      assert.deepEqual(classic.fpr, report);
    }
  });

  test('n from (m, p) is the largest n meeting p (n+1 fails for every k)', () => {
    for (const [m, p, method] of [
      [1e6, 0.01, 'classic'],
      [8192, 0.001, 'classic'],
      [100, 0.05, 'classic'],
      [1000, 0.01, 'exact'],
      [64, 0.1, 'exact'],
    ]) {
      const ctx = `m=${m} p=${p} ${method}`;
      const fprOf = (mm, n, k) => (method === 'exact' ? bc.exactFpr({ m: mm, n, k }) : bc.fpr({ m: mm, n, k }).classic);
      const r = bc.size({ m, p, method });
      assert.equal(r.solved, 'n,k', ctx);
      assert.equal(r.m, m, ctx);
      assert.ok(Number.isInteger(r.n) && r.n >= 1, ctx);
      const at = fprOf(m, r.n, r.k);
      assertClose(r.p, at, 1e-15, `p ${ctx}`);
      assert.ok(at <= p && r.meetsTarget, `${ctx}: n=${r.n} k=${r.k} gives ${at} > ${p}`);
      const next = minOverK((k) => fprOf(m, r.n + 1, k), range(1, 64));
      assert.ok(next > p, `${ctx}: n+1 = ${r.n + 1} still meets p (${next})`);

      // With k given, the largest n for that k.
      const k = r.k;
      const rk = bc.size({ m, p, k, method });
      assert.equal(rk.solved, 'n', ctx);
      assert.equal(rk.k, k);
      assert.ok(fprOf(m, rk.n, k) <= p, `${ctx} k=${k}: n=${rk.n}`);
      assert.ok(fprOf(m, rk.n + 1, k) > p, `${ctx} k=${k}: n+1=${rk.n + 1} still meets p`);
    }
  });

  test('m from (n, p, k) is the smallest m meeting p with that k', () => {
    for (const [n, p, k] of [
      [1000, 0.01, 5],
      [1e6, 0.001, 10],
      [10, 0.1, 2],
    ]) {
      const r = bc.size({ n, p, k });
      const ctx = `n=${n} p=${p} k=${k}`;
      assert.equal(r.solved, 'm', ctx);
      assert.equal(r.k, k, ctx);
      assert.ok(r.p <= p && r.meetsTarget, `${ctx}: m=${r.m} gives ${r.p}`);
      assertClose(r.p, bc.fpr({ m: r.m, n, k }).classic, 1e-15, ctx);
      assert.ok(bc.fpr({ m: r.m - 1, n, k }).classic > p, `${ctx}: m−1 = ${r.m - 1} also meets p`);
    }
  });

  test('optimal k from (n, m): kChoices either side of (m/n) ln 2, k the better', () => {
    for (const [n, m, hashing] of [
      [1000, 9586, 'colliding'],
      [1e6, 2 ** 24, 'colliding'],
      [10, 100, 'distinct'],
      [3, 2, 'colliding'],
    ]) {
      const r = bc.size({ n, m, hashing });
      const ctx = `n=${n} m=${m} ${hashing}`;
      assert.equal(r.solved, 'k', ctx);
      assert.equal(r.m, m);
      assertClose(r.kIdeal, (m / n) * Math.LN2, 1e-12, `kIdeal ${ctx}`);
      const [lo, hi] = r.kChoices;
      assert.equal(lo.k, Math.max(1, Math.floor(r.kIdeal)), ctx);
      assert.equal(hi.k, lo.k + 1, ctx);
      for (const c of r.kChoices) {
        const report = bc.fpr({ m, n, k: c.k, hashing });
        assertClose(c.p, hashing === 'distinct' ? report.classicDistinct : report.classic, 1e-15, `${ctx} k=${c.k}`);
      }
      assert.equal(r.k, lo.p <= hi.p ? lo.k : hi.k, ctx);
      assert.equal(r.target, null);
      assert.equal(r.meetsTarget, true);
    }
  });

  test('all four given: nothing solved, meetsTarget compares', () => {
    const ok = bc.size({ n: 1000, m: 10000, k: 7, p: 0.01 });
    assert.equal(ok.solved, 'none');
    assert.equal(ok.meetsTarget, ok.p <= 0.01);
    assert.equal(ok.meetsTarget, true);
    const bad = bc.size({ n: 1000, m: 5000, k: 7, p: 0.01 });
    assert.equal(bad.meetsTarget, false, `p=${bad.p}`);
  });
});

describe('string quantities', () => {
  test('parseCount, parseBits, parseProbability', () => {
    assert.equal(bc.parseCount('1M'), 1e6);
    assert.equal(bc.parseCount('1Mi'), 2 ** 20);
    assert.equal(bc.parseCount('2^20'), 2 ** 20);
    assert.equal(bc.parseCount('1e6'), 1e6);
    assert.equal(bc.parseCount('1000'), 1000);
    assert.equal(bc.parseBits('64KiB'), 524288);
    assert.equal(bc.parseBits('2Gb'), 2e9);
    assert.equal(bc.parseBits('8192'), 8192);
    assert.equal(bc.parseBits('1Mi'), 2 ** 20);
    assertClose(bc.parseProbability('0.1%'), 0.001, 1e-15, '0.1%');
    assertClose(bc.parseProbability('1%'), 0.01, 1e-15, '1%');
    assertClose(bc.parseProbability('1 in 1000'), 0.001, 1e-15, '1 in 1000');
    assertClose(bc.parseProbability('1/1000'), 0.001, 1e-15, '1/1000');
    assert.equal(bc.parseProbability('1e-3'), 0.001);
    assert.equal(bc.parseProbability('0.001'), 0.001);
  });

  test('strings pass through fpr, exactFpr and size', () => {
    assert.deepEqual(bc.fpr({ m: '64KiB', n: '50k', k: '7' }), bc.fpr({ m: 524288, n: 50000, k: 7 }));
    assert.equal(bc.exactFpr({ m: '2^16', n: '1Ki', k: '5' }), bc.exactFpr({ m: 65536, n: 1024, k: 5 }));
    assert.equal(bc.exactFprTable({ m: '1k', n: '10', k: '3' }), bc.exactFprTable({ m: 1000, n: 10, k: 3 }));
    assert.deepEqual(bc.size({ n: '1M', p: '1%' }), bc.size({ n: 1e6, p: bc.parseProbability('1%') }));
    assert.deepEqual(bc.size({ n: '1M', p: '1 in 1000' }), bc.size({ n: 1e6, p: bc.parseProbability('1 in 1000') }));
    assert.deepEqual(bc.size({ m: '64KiB', p: '1e-3' }), bc.size({ m: 524288, p: 0.001 }));
  });

  test('unparseable text names the parameter it was given for', () => {
    assertParamError(() => bc.parseCount('12 parsecs', 'n'), 'n', { parse: true });
    assertParamError(() => bc.parseBits('12 parsecs', 'm'), 'm', { parse: true });
    assertParamError(() => bc.parseProbability('12 parsecs', 'p'), 'p', { parse: true });
    assertParamError(() => bc.parseProbability('1 in zero', 'p'), 'p', { parse: true });
  });

  test('a NUL or control character in bad text is escaped: the message is whole and names the range', () => {
    for (const [text, shown] of [
      ['5\u0000abc', '"5\\u0000abc"'],
      ['1\tx\n', '"1\\tx\\n"'],
    ]) {
      assert.throws(
        () => bc.parseCount(text, 'n'),
        (e) => {
          assert.equal(e.message, `n: cannot read ${shown} as ${e.validRange}`);
          assert.equal(shown, JSON.stringify(text)); // as the JS side quotes
          return true;
        },
      );
    }
  });
});

describe('bad input', () => {
  const M_RANGE = /2\^40|1099511627776/;
  const K_RANGE = /64/;
  const P_RANGE = /0.*1/;
  const filter = { m: 1000, n: 100, k: 7 };
  const sizing = { n: 1000, p: 0.01 };
  const cases = [
    // [description, call, parameter, options]
    ...[NaN, Infinity, -Infinity, -5, 0, 2.5, TWO40 + 1, 2 ** 41].map((m) => [`m=${m}`, () => bc.fpr({ ...filter, m }), 'm', { range: M_RANGE }]),
    ...[NaN, Infinity, -1, 0, 1.5, TWO40 + 1].map((n) => [`n=${n}`, () => bc.fpr({ ...filter, n }), 'n', {}]),
    ...[NaN, -Infinity, 0, 65, 2.5, -3].map((k) => [`k=${k}`, () => bc.fpr({ ...filter, k }), 'k', { range: K_RANGE }]),
    ['missing m', () => bc.fpr({ n: 10, k: 3 }), 'm', {}],
    ['missing k', () => bc.exactFpr({ m: 10, n: 3 }), 'k', {}],
    ['distinct k > m', () => bc.exactFpr({ m: 4, n: 1, k: 5, hashing: 'distinct' }), 'k', {}],
    ['exactFpr m=0', () => bc.exactFpr({ ...filter, m: 0 }), 'm', { range: M_RANGE }],
    ['exactFprTable k=65', () => bc.exactFprTable({ ...filter, k: 65 }), 'k', { range: K_RANGE }],
    ['m string beyond 2^40', () => bc.fpr({ ...filter, m: '2Ti' }), 'm', { range: M_RANGE }],
    ...[0, 1, 1.5, -0.1, NaN, Infinity].map((p) => [`p=${p}`, () => bc.size({ ...sizing, p }), 'p', { range: P_RANGE }]),
    ['p="150%"', () => bc.size({ ...sizing, p: '150%' }), 'p', { range: P_RANGE }],
    ['m="12 parsecs"', () => bc.fpr({ ...filter, m: '12 parsecs' }), 'm', { parse: true }],
    ['p="12 parsecs"', () => bc.size({ ...sizing, p: '12 parsecs' }), 'p', { parse: true }],
    ['n="12 parsecs"', () => bc.size({ ...sizing, n: '12 parsecs' }), 'n', { parse: true }],
    ['hashing foo (fpr)', () => bc.fpr({ ...filter, hashing: 'foo' }), 'hashing', {}],
    ['hashing foo (size)', () => bc.size({ ...sizing, hashing: 'foo' }), 'hashing', {}],
    ['rounding foo', () => bc.size({ ...sizing, rounding: 'foo' }), 'rounding', {}],
    ['method foo', () => bc.size({ ...sizing, method: 'foo' }), 'method', {}],
    ['size n=-3', () => bc.size({ ...sizing, n: -3 }), 'n', {}],
    ['size k=0', () => bc.size({ n: 1000, m: 10000, k: 0 }), 'k', { range: K_RANGE }],
    ['size m > 2^40', () => bc.size({ n: 1000, m: 2 ** 41, k: 3 }), 'm', { range: M_RANGE }],
  ];

  for (const [description, call, parameter, options] of cases) {
    test(`${description} → error naming ${parameter}`, () => {
      assertParamError(call, parameter, options);
    });
  }

  test('an unreachable sizing request is an error naming a parameter', () => {
    // Too little information to solve anything.
    for (const input of [{}, { n: 1000 }, { p: 0.01 }]) {
      let err;
      try {
        bc.size(input);
      } catch (e) {
        err = e;
      }
      assert.ok(err instanceof Error, `size(${JSON.stringify(input)}) should throw`);
      assert.equal(typeof err.parameter, 'string', `size(${JSON.stringify(input)}): ${err.message}`);
    }
  });

  test('the table method refuses huge filters with a RangeError naming a parameter', () => {
    for (const input of [
      { m: TWO40, n: 2 ** 36, k: 20 },
      { m: TWO40, n: TWO40, k: 64 },
      { m: 1e6, n: 1e6, k: 10 },
    ]) {
      const call = () => bc.exactFprTable(input);
      const err = assertParamError(call, parameterOf(call));
      // The work figure quoted in the message must not have overflowed into a negative number.
      assert.doesNotMatch(err.message, /-\d/, `message for ${JSON.stringify(input)}: ${err.message}`);
    }
  });

  test('the module keeps working after errors; 10,000 thrown errors do not break it', () => {
    const baseline = {
      fpr: bc.fpr({ m: 1000, n: 100, k: 7 }),
      table: bc.exactFprTable({ m: 500, n: 40, k: 4, hashing: 'distinct' }),
      size: bc.size({ n: 1e6, p: 0.01, method: 'exact' }),
      parsed: bc.parseBits('64KiB'),
    };
    const bad = [
      () => bc.fpr({ m: -1, n: 1, k: 1 }),
      () => bc.exactFpr({ m: 10, n: NaN, k: 1 }),
      () => bc.exactFprTable({ m: 10, n: 1, k: 65 }),
      () => bc.size({ n: 10, p: 2 }),
      () => bc.parseBits('12 parsecs', 'm'),
      () => bc.size({ n: 10, p: 0.1, rounding: 'x' }),
    ];
    let thrown = 0;
    for (let i = 0; i < 10000; i++) {
      try {
        bad[i % bad.length]();
      } catch (err) {
        assert.ok(err instanceof Error && typeof err.parameter === 'string');
        thrown++;
      }
    }
    assert.equal(thrown, 10000);
    assert.deepEqual(bc.fpr({ m: 1000, n: 100, k: 7 }), baseline.fpr);
    assert.equal(bc.exactFprTable({ m: 500, n: 40, k: 4, hashing: 'distinct' }), baseline.table);
    assert.deepEqual(bc.size({ n: 1e6, p: 0.01, method: 'exact' }), baseline.size);
    assert.equal(bc.parseBits('64KiB'), baseline.parsed);
  });
});

// The parameter a failing call names, for cases where the contract leaves it open.
function parameterOf(fn) {
  try {
    fn();
  } catch (err) {
    assert.equal(typeof err.parameter, 'string', `error without parameter: ${err.message}`);
    return err.parameter;
  }
  assert.fail('expected an error');
}

describe('very large filters', () => {
  test('limits are accepted: m = 2^40, n = 2^40, k = 64', () => {
    const r = bc.fpr({ m: TWO40, n: TWO40, k: 64 });
    assert.equal(r.m, TWO40);
    assert.equal(r.n, TWO40);
    assert.equal(r.k, 64);
  });

  for (const [n, k] of [
    [2 ** 36, 20],
    [TWO40, 64],
    [2 ** 30, 30],
  ]) {
    for (const hashing of ['colliding', 'distinct']) {
      test(`m=2^40, n=2^${Math.log2(n)}, k=${k}, ${hashing}: finite exact in (0, 1], within 1e-6 of classic`, () => {
        const r = bc.fpr({ m: TWO40, n, k, hashing });
        assert.ok(Number.isFinite(r.exact) && r.exact > 0 && r.exact <= 1, `exact ${r.exact}`);
        const closed = hashing === 'distinct' ? r.classicDistinct : r.classic;
        assert.ok(relDiff(closed, r.exact) < 1e-6, `exact ${r.exact} vs closed form ${closed}`);
        assert.equal(bc.exactFpr({ m: TWO40, n, k, hashing }), r.exact);
        if (hashing === 'colliding') assert.ok(r.exact >= r.classic * (1 - 1e-13));
      });
    }
  }
});

// The WebAssembly modules, split along the calculators (docs/decisions.md, "Modules along the calculators"):
// createBloomCalc() loads all; `modules` loads some, whose methods give the same results, and the others' methods
// say what to load.
describe('createBloomCalc({ modules })', () => {
  test("one module alone computes exactly what all loaded compute; the other modules' methods throw", async () => {
    const notLoaded = (e) => e instanceof Error && /is in a WebAssembly module this instance did not load/.test(e.message);
    const [main, paradox, sim, layouts, rbf, win, tools] = await Promise.all(
      ['main', 'paradox', 'sim', 'layouts', 'rbf', 'window', 'tools'].map((m) => createBloomCalc({ modules: [m] })),
    );
    assert.deepEqual(main.fpr({ m: '64KiB', n: '50k', k: 7 }), bc.fpr({ m: '64KiB', n: '50k', k: 7 }));
    assert.deepEqual(main.exactFprTable({ m: 64, n: 4, k: 3 }), bc.exactFprTable({ m: 64, n: 4, k: 3 }));
    assert.deepEqual(rbf.rbf({ m: '1Mi', k: 4, sigma: 1000 }), bc.rbf({ m: '1Mi', k: 4, sigma: 1000 }));
    assert.deepEqual(rbf.recommend({ m: 4096, p: 0.01, kmax: 4 }), bc.recommend({ m: 4096, p: 0.01, kmax: 4 }));
    assert.deepEqual(paradox.paradox({ prior: 1e-6, alpha: 0.25, fpr: 1e-3 }), bc.paradox({ prior: 1e-6, alpha: 0.25, fpr: 1e-3 }));
    assert.deepEqual(
      paradox.cbf({ counters: [1, 1, 1], m: 200, n: 20, k: 3, prior: 0.1, alpha: 1 }),
      bc.cbf({ counters: [1, 1, 1], m: 200, n: 20, k: 3, prior: 0.1, alpha: 1 }),
    );
    const run = { structure: 'bloom', m: 1000, k: 3, n: 10, epochs: 4, arrivals: 100, seed: 1 };
    assert.deepEqual(sim.simulateSync(run), bc.simulateSync(run));
    assert.deepEqual(sim.fpr({ m: '64KiB', n: '50k', k: 7, hashBits: 32 }), bc.fpr({ m: '64KiB', n: '50k', k: 7, hashBits: 32 })); // the simulate calculator's
    const paradoxRun = { m: 1000, k: 3, n: 10, prior: 0.1, queries: 1000, epochs: 2, seed: 1 };
    assert.deepEqual(sim.simulateParadoxSync(paradoxRun), bc.simulateParadoxSync(paradoxRun));
    assert.throws(() => paradox.simulateParadoxSync(paradoxRun), notLoaded);
    assert.deepEqual(
      layouts.layoutSize({ n: 1000, p: 0.01, preset: 'rocksdb', hashBits: 32 }),
      bc.layoutSize({ n: 1000, p: 0.01, preset: 'rocksdb', hashBits: 32 }),
    );
    assert.deepEqual(tools.libraries(), bc.libraries());
    assert.deepEqual(tools.librarySize({ library: 'hurst', n: 1000, p: 0.01 }), bc.librarySize({ library: 'hurst', n: 1000, p: 0.01 }));
    assert.deepEqual(tools.scalable({ p: '1%', capacity: '1k', n: '1M' }), bc.scalable({ p: '1%', capacity: '1k', n: '1M' }));
    assert.deepEqual(win.window({ w: 1000, p: '1%' }), bc.window({ w: 1000, p: '1%' }));
    // hashFloor wherever a method takes hashBits: fpr and size (main), layoutSize (layouts)
    for (const one of [main, layouts, tools])
      assert.deepEqual(one.hashFloor({ m: 2 ** 30, n: 1e8, k: 7, hashBits: 32 }), bc.hashFloor({ m: 2 ** 30, n: 1e8, k: 7, hashBits: 32 }));
    assert.deepEqual(main.size({ n: '1M', p: '1%', hashBits: 32 }), bc.size({ n: '1M', p: '1%', hashBits: 32 }));
    // in every module: the parsers and limits
    for (const one of [main, paradox, sim, layouts, rbf, win, tools]) {
      assert.equal(one.parseBits('64KiB'), bc.parseBits('64KiB'));
      assert.deepEqual(one.limits, bc.limits);
    }
    assert.throws(() => main.recommend({ m: 4096, p: 0.01 }), notLoaded);
    assert.throws(() => main.sigmaCurve({ m: 4096, k: 4 }), notLoaded);
    assert.throws(() => main.paradox({ prior: 1e-6, alpha: 0.25, fpr: 1e-3 }), notLoaded);
    assert.throws(() => main.layoutFpr({ m: 4096, n: 100, k: 4 }), notLoaded);
    assert.throws(() => main.createSimulation(run), notLoaded);
    for (const one of [paradox, sim, layouts, rbf, win, tools]) assert.throws(() => one.size({ n: '1M', p: '1%' }), notLoaded);
    assert.throws(() => rbf.fpr({ m: 1000, n: 100, k: 7 }), notLoaded);
    assert.throws(() => rbf.createSimulation(run), notLoaded);
    assert.throws(() => main.librarySize({ library: 'hurst', n: 1000, p: 0.01 }), notLoaded);
    assert.throws(() => main.scalable({ p: '1%', capacity: '1k', n: '1M' }), notLoaded);
    assert.throws(() => rbf.libraries(), notLoaded);
    for (const one of [main, rbf, tools]) assert.throws(() => one.window({ w: 1000, p: '1%' }), notLoaded);
    assert.throws(() => tools.fpr({ m: 1000, n: 100, k: 7 }), notLoaded);
    assert.throws(() => tools.rbf({ m: '1Mi', k: 4, sigma: 1000 }), notLoaded);
  });

  test('modules must name the modules wasm/api.mjs lists', async () => {
    for (const modules of [[], ['web'], ['sizing'], 'rbf', [null]]) {
      await assert.rejects(createBloomCalc({ modules }), (e) => e instanceof TypeError && e.parameter === 'modules');
    }
  });
});
