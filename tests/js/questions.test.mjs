// Issue 21 items 1, 2, 6 on the module and the CLI: window() against the figures docs/window.md states and its plain
// filter against size(); state() against the closed forms; overflow() against BigInt enumeration and Fan et al.'s
// bound; the CLI's JSON equal to the module's, and bad input named. The models' own verification (simulation, exact
// chains, independent tables) is in tests/core/{window,fpr,counting}/.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';

import { createBloomCalc } from '../../wasm/index.mjs';
import { assertClose, assertParamError, cliFails, cliJson } from './helpers/common.mjs';

let bc;
before(async () => {
  bc = await createBloomCalc();
});

describe('window', () => {
  test('W = 10^6 at p = 1 %, 0.1 %, 0.01 %: the figures of docs/window.md (each rule meets p; M − 2 does not)', () => {
    const figures = {
      0.01: { n: 19828900, nk: 7, s: 19852578, sk: 7 },
      0.001: { n: 29235520, nk: 10, s: 29264458, sk: 10 },
      0.0001: { n: 38728294, nk: 14, s: 38761884, sk: 14 },
    };
    for (const [p, want] of Object.entries(figures)) {
      const r = bc.window({ w: '1M', p: Number(p) });
      assert.equal(r.nBounded.k, want.nk, `p = ${p}: N rule k`);
      assert.equal(r.sigmaBounded.k, want.sk, `p = ${p}: σ rule k`);
      // wasm's libm may round a last bit differently from the native build the docs quote: the memory within 1e-6
      assertClose(r.nBounded.m, want.n, 1e-6, `p = ${p}: N rule memory`);
      assertClose(r.sigmaBounded.m, want.s, 1e-6, `p = ${p}: σ rule memory`);
      assert.ok(r.nBounded.fpr <= Number(p) && r.sigmaBounded.fpr <= Number(p));
      assert.ok(r.sigmaBounded.delta <= 1e-6);
      assert.equal(r.nBounded.n, 1e6);
      // the plain filter for 2W items is size()'s, exact method
      const plain = bc.size({ n: 2e6, p: Number(p), method: 'exact' });
      assert.equal(r.plain.m, plain.m);
      assert.equal(r.plain.k, plain.k);
    }
  });

  test('any W up to 2^36: the largest window is sized (each rule meets p), one more is refused naming w', () => {
    const r = bc.window({ w: '2^36', p: '1%' });
    assert.equal(r.w, 2 ** 36);
    assert.equal(r.nBounded.n, 2 ** 36);
    assert.ok(r.nBounded.fpr <= 0.01 && r.sigmaBounded.fpr <= 0.01 && r.sigmaBounded.delta <= 1e-6);
    // a few percent over a plain filter's −ln p/ln² 2 = 9.585 bits per item for 2W items at 1 %, which itself
    // would need 2^40.3 bits, beyond size()'s 2^40: no plain filter beside it
    const perItem = r.nBounded.m / 2 ** 37;
    assert.ok(perItem > 9.585 && perItem < 1.05 * 9.585, String(perItem));
    assert.equal(r.plain, null);
    assert.throws(
      () => bc.window({ w: 2 ** 36 + 1, p: 0.01 }),
      (e) => e instanceof RangeError && e.parameter === 'w',
    );
  });

  test('bad input names its parameter', () => {
    assert.throws(
      () => bc.window({ w: 0, p: 0.01 }),
      (e) => e instanceof RangeError && e.parameter === 'w',
    );
    assert.throws(
      () => bc.window({ w: 1000, p: 2 }),
      (e) => e instanceof RangeError && e.parameter === 'p',
    );
    assert.throws(
      () => bc.window({ w: 1000, p: 0.01, delta: 0 }),
      (e) => e instanceof RangeError && e.parameter === 'delta',
    );
    assert.throws(
      () => bc.window({ w: 2 ** 36, p: 1e-4 }),
      (e) => e instanceof RangeError && e.parameter === 'p',
    );
    assert.throws(
      () => bc.window({ w: 1000 }),
      (e) => e instanceof RangeError && e.parameter === 'p',
    );
  });
});

describe('state', () => {
  test('the FPR now is (X/m)^k, C(X,k)/C(m,k) distinct; the estimate beside Swamidass–Baldi', () => {
    const r = bc.state({ m: '1Mi', k: 7, bitsSet: 400000, p: '1%' });
    assertClose(r.fpr, (400000 / 2 ** 20) ** 7, 1e-14, 'colliding');
    assertClose(r.swamidassBaldi, -(2 ** 20 / 7) * Math.log1p(-400000 / 2 ** 20), 1e-14, 'Swamidass–Baldi');
    assert.ok(r.n.low < r.n.estimate && r.n.estimate < r.n.high);
    assertClose(r.n.estimate, r.swamidassBaldi, 1e-4, 'the MLE near n̂ at this size');
    assert.ok(r.itemsLeft > 0);
    const d = bc.state({ m: 1000, k: 3, bitsSet: 400, hashing: 'distinct' });
    assertClose(d.fpr, (400 * 399 * 398) / (1000 * 999 * 998), 1e-14, 'distinct');
    assert.equal(d.p, null);
    assert.equal(d.itemsLeft, null);
    assert.equal(d.nUnion, null);
  });

  test('union and intersection: |A ∩ B| = |A| + |B| − |A ∪ B| on the estimates, each with its interval', () => {
    const r = bc.state({ m: 4096, k: 4, bitsSet: 1600, bitsSetB: 1350, union: 2300 });
    assert.equal(r.nIntersection.estimate, Math.max(0, r.n.estimate + r.nB.estimate - r.nUnion.estimate));
    for (const e of [r.nB, r.nUnion, r.nIntersection]) assert.ok(e.low <= e.estimate && e.estimate <= e.high);
    // |A ∪ B| is the items estimate of the OR's count, as a filter of its own
    assert.deepEqual(r.nUnion, bc.state({ m: 4096, k: 4, bitsSet: 2300 }).n);
  });

  test('bad input names its parameter', () => {
    assert.throws(
      () => bc.state({ m: 1000, k: 3, bitsSet: 1000 }),
      (e) => e instanceof RangeError && e.parameter === 'bitsSet',
    );
    assert.throws(
      () => bc.state({ m: 1000, k: 3, bitsSet: 10, bitsSetB: 5 }),
      (e) => e instanceof RangeError && e.parameter === 'union',
    );
    assert.throws(
      () => bc.state({ m: 1000, k: 3, bitsSet: 10, p: 0 }),
      (e) => e instanceof RangeError && e.parameter === 'p',
    );
    assert.throws(
      () => bc.state({ m: 1000, k: 3 }),
      (e) => e instanceof RangeError && e.parameter === 'bitsSet',
    );
    assert.throws(
      () => bc.state({ m: 1000, k: 3, bitsSet: 10, hashing: 'double' }),
      (e) => e instanceof RangeError && e.parameter === 'hashing',
    );
  });

  // issue 35 items 3 and 4 (tests/core/fpr/state_test.cpp has the sweeps; tests/js/state-laws.test.mjs the laws)
  test('an interval holds its estimate: X = 74 of 10^6 bits, k = 7 is 11 items, [11, 11] (was [11, 10])', () => {
    assert.deepEqual(bc.state({ m: '1M', k: 7, bitsSet: 74 }).n, { estimate: 11, low: 11, high: 11 });
  });

  test('counts no filter reaches are refused: 0 < X < k with distinct hashing, a union outside [max(X_A, X_B), X_A + X_B]', () => {
    assertParamError(() => bc.state({ m: 1000, k: 5, bitsSet: 3, hashing: 'distinct' }), 'bitsSet', { range: /^0 or an integer in \[5, 999\]/ });
    assertParamError(() => bc.state({ m: 1000, k: 5, bitsSet: 9, bitsSetB: 4, union: 9, hashing: 'distinct' }), 'bitsSetB', { range: /\[5, 999\]/ });
    assertParamError(() => bc.state({ m: 10000, k: 3, bitsSet: 300, bitsSetB: 200, union: 999 }), 'union', { range: /^an integer in \[300, 500\]$/ });
    assert.equal(bc.state({ m: 1000, k: 5, bitsSet: 5, hashing: 'distinct' }).n.estimate, 1);
  });

  test('items left do not rise as one more bit is set at m = 8·10^11 (rose by ~6·10^4)', () => {
    for (let X = 3e11; X < 3.1e11; X += 1e9) {
      const a = bc.state({ m: 8e11, k: 7, bitsSet: X, p: 0.01 }).itemsLeft;
      const b = bc.state({ m: 8e11, k: 7, bitsSet: X + 1, p: 0.01 }).itemsLeft;
      assert.ok(b <= a, `X = ${X}: ${a} → ${b}`);
    }
  });
});

describe('overflow', () => {
  // P(some bin ≥ a) for T balls in m bins: every one of the m^T outcomes, counted in BigInt
  function enumerate(m, T, a) {
    let over = 0n;
    const pos = new Array(T).fill(0);
    for (;;) {
      const load = new Array(m).fill(0);
      let o = false;
      for (const p of pos) o ||= ++load[p] >= a;
      if (o) over += 1n;
      let d = 0;
      while (d < T && ++pos[d] === m) pos[d++] = 0;
      if (d === T) break;
    }
    return Number(over) / m ** T;
  }

  test('exact against enumeration; the union bound above it', () => {
    for (const [m, n, k, bits] of [
      [4, 4, 2, 2],
      [5, 3, 3, 2],
      [3, 4, 2, 2],
    ]) {
      const r = bc.overflow({ m, n, k, bits });
      assert.equal(r.method, 'exact');
      assertClose(r.probability, enumerate(m, n * k, 2 ** bits), 1e-12, `m = ${m}, n = ${n}, k = ${k}, b = ${bits}`);
      assert.ok(r.unionBound >= r.probability);
    }
  });

  test("Fan et al.'s 4-bit counters: the union bound below 1.37e-15·m; the smallest b for 1e-9 is 4", () => {
    const m = 1e6;
    const n = Math.floor((m * Math.LN2) / 7);
    const r = bc.overflow({ m, n, k: 7, bits: 4 });
    assert.ok(r.unionBound <= 1.37e-15 * m, String(r.unionBound));
    assert.ok(r.low <= r.probability && r.probability <= r.high);
    const best = bc.overflow({ m, n, k: 7, target: 1e-9 });
    assert.equal(best.bits, 4);
    assert.ok(best.high <= 1e-9 && bc.overflow({ m, n, k: 7, bits: 3 }).high > 1e-9);
  });

  test('bad input names its parameter', () => {
    assert.throws(
      () => bc.overflow({ m: 100, n: 10, k: 3, bits: 0 }),
      (e) => e instanceof RangeError && e.parameter === 'bits',
    );
    assert.throws(
      () => bc.overflow({ m: 100, n: 10, k: 3, bits: 4, target: 1e-6 }),
      (e) => e instanceof RangeError && e.parameter === 'target',
    );
    assert.throws(
      () => bc.overflow({ m: 100, n: 10, k: 3, bits: 4, method: 'fast' }),
      (e) => e instanceof RangeError && e.parameter === 'method',
    );
    assert.throws(
      () => bc.overflow({ m: 100, n: 10, k: 3 }),
      (e) => e instanceof RangeError && e.parameter === 'bits',
    );
  });
});

describe('the CLI', () => {
  test('window, state, overflow --json equal the module', async () => {
    assert.deepEqual(await cliJson('window', '--w', '1000', '--p', '1%'), bc.window({ w: 1000, p: '1%' }));
    assert.deepEqual(
      await cliJson('state', '--m', '4096', '--k', '4', '--bits-set', '1600', '--p', '1%', '--bits-set-b', '1350', '--union', '2300'),
      bc.state({ m: 4096, k: 4, bitsSet: 1600, p: '1%', bitsSetB: 1350, union: 2300 }),
    );
    assert.deepEqual(await cliJson('overflow', '--m', '1e6', '--n', '1e5', '--k', '7', '--bits', '4'), bc.overflow({ m: 1e6, n: 1e5, k: 7, bits: 4 }));
    assert.deepEqual(
      await cliJson('overflow', '--m', '1e6', '--n', '1e5', '--k', '7', '--target', '1e-12'),
      bc.overflow({ m: 1e6, n: 1e5, k: 7, target: 1e-12 }),
    );
  });

  test('bad input: exit 2 naming the parameter', async () => {
    await cliFails(['window', '--w', '0', '--p', '1%'], 'w');
    await cliFails(['state', '--m', '100', '--k', '3', '--bits-set', '100'], '--bits-set');
    await cliFails(['state', '--m', '10000', '--k', '3', '--bits-set', '300', '--bits-set-b', '200', '--union', '999'], 'union');
    await cliFails(['state', '--m', '1000', '--k', '5', '--bits-set', '3', '--hashing', 'distinct'], '--bits-set');
    await cliFails(['overflow', '--m', '100', '--n', '10', '--k', '3'], '--bits');
  });
});
