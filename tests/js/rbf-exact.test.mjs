// Recycling filters against exact rational arithmetic: the real filter as a Markov chain over bit SETS
// (every probe tuple enumerated, M ≤ 5), its stationary distribution solved exactly in BigInt fractions,
// compared with the module's fast fill to 1e-12. Independent of the core: no shared code or floating point.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createBloomCalc } from '../../wasm/index.mjs';
import { reduce, toDouble } from './helpers/exact-rational.mjs';

const F = (num, den = 1n) => reduce({ num: BigInt(num), den: BigInt(den) });
const add = (a, b) => reduce({ num: a.num * b.den + b.num * a.den, den: a.den * b.den });
const sub = (a, b) => reduce({ num: a.num * b.den - b.num * a.den, den: a.den * b.den });
const mul = (a, b) => reduce({ num: a.num * b.num, den: a.den * b.den });
const div = (a, b) => {
  const r = { num: a.num * b.den, den: a.den * b.num };
  return reduce(r.den < 0n ? { num: -r.num, den: -r.den } : r);
};
const ZERO = F(0),
  ONE = F(1);
const popcount = (x) =>
  x
    .toString(2)
    .split('')
    .filter((c) => c === '1').length;

// Probe tuples of one message with their probability: colliding (M^k) or distinct (ordered, no repeats).
function probeMasks(M, k, hashing) {
  const masks = [];
  const total = M ** k;
  for (let code = 0; code < total; code++) {
    let c = code,
      mask = 0,
      distinct = true;
    for (let i = 0; i < k; i++) {
      const bit = 1 << c % M;
      if (mask & bit) distinct = false;
      mask |= bit;
      c = Math.floor(c / M);
    }
    if (hashing === 'distinct' && !distinct) continue;
    masks.push(mask);
  }
  return masks.map((mask) => ({ mask, p: F(1, masks.length) }));
}

// Stationary distribution in exact fractions by the regenerative form around a recurrent state r:
// y_r = 1, y_j = P[r][j] + Σ_{i≠r} y_i P[i][j], solved by Gauss–Jordan elimination.
function stationary(P, r) {
  const n = P.length;
  const A = Array.from({ length: n }, (_, j) => {
    const row = Array.from({ length: n + 1 }, () => ZERO);
    row[j] = ONE;
    if (j === r) row[n] = ONE;
    else {
      for (let i = 0; i < n; i++) if (i !== r && P[i][j].num !== 0n) row[i] = sub(row[i], P[i][j]);
      row[n] = P[r][j];
    }
    return row;
  });
  for (let c = 0; c < n; c++) {
    let piv = c;
    while (A[piv][c].num === 0n) piv++;
    [A[c], A[piv]] = [A[piv], A[c]];
    for (let q = 0; q < n; q++) {
      if (q === c || A[q][c].num === 0n) continue;
      const f = div(A[q][c], A[c][c]);
      for (let j = c; j <= n; j++) if (A[c][j].num !== 0n) A[q][j] = sub(A[q][j], mul(f, A[c][j]));
    }
  }
  const y = A.map((row, i) => div(row[n], row[i]));
  const total = y.reduce(add, ZERO);
  return y.map((v) => div(v, total));
}

// One-phase σ-bounded filter: insert; if more than σ bits are set, recycle (non-retaining: empty;
// retaining: the message's own bits). Returns { fpr, messages } as fractions.
function exactOnePhase(M, k, sigma, hashing, recycling) {
  const n = 1 << M;
  const probes = probeMasks(M, k, hashing);
  const P = Array.from({ length: n }, () => Array.from({ length: n }, () => ZERO));
  const rho = Array.from({ length: n }, () => ZERO),
    reset = Array.from({ length: n }, () => ZERO);
  for (let S = 0; S < n; S++)
    for (const { mask, p } of probes) {
      let next = S | mask;
      if ((mask & ~S) === 0) rho[S] = add(rho[S], p);
      if (popcount(next) > sigma) {
        next = recycling === 'retaining' ? mask : 0;
        reset[S] = add(reset[S], p);
      }
      P[S][next] = add(P[S][next], p);
    }
  const r = recycling === 'retaining' ? probes[0].mask : 0; // a restart state, recurrent
  const pi = stationary(P, r);
  let fpr = ZERO,
    rate = ZERO;
  for (let S = 0; S < n; S++) {
    fpr = add(fpr, mul(pi[S], rho[S]));
    rate = add(rate, mul(pi[S], reset[S]));
  }
  return { fpr, messages: div(ONE, rate) };
}

// Two-phase filter over (active, frozen) bit-set pairs of M bits each: a hit in either filter is positive; when
// the insertion leaves more than σ bits set the frozen filter becomes the active one with (after) or without
// (before) the message's bits, and the new active one is empty or (retaining) the message's bits.
function exactTwoPhase(M, k, sigma, hashing, recycling, swap) {
  const n = 1 << M,
    probes = probeMasks(M, k, hashing);
  const P = Array.from({ length: n * n }, () => Array.from({ length: n * n }, () => ZERO));
  const fp = Array.from({ length: n * n }, () => ZERO);
  for (let A = 0; A < n; A++)
    for (let Fz = 0; Fz < n; Fz++)
      for (const { mask, p } of probes) {
        const s = A * n + Fz;
        if ((mask & ~A) === 0 || (mask & ~Fz) === 0) fp[s] = add(fp[s], p);
        let a = A | mask,
          f = Fz;
        if (popcount(a) > sigma) [f, a] = [swap === 'after' ? a : A, recycling === 'retaining' ? mask : 0];
        P[s][a * n + f] = add(P[s][a * n + f], p);
      }
  // A recurrent state for the regenerative form: the likeliest after 400 steps of the lazy chain (in doubles;
  // the empty pair is transient once a swap has happened).
  let x = Array.from({ length: n * n }, (_, i) => (i === 0 ? 1 : 0));
  const Pd = P.map((row) => row.map(toDouble));
  for (let it = 0; it < 400; it++) {
    const y = x.map((v) => 0.5 * v);
    for (let i = 0; i < n * n; i++) if (x[i]) for (let j = 0; j < n * n; j++) y[j] += 0.5 * x[i] * Pd[i][j];
    x = y;
  }
  const pi = stationary(P, x.indexOf(Math.max(...x)));
  return pi.reduce((acc, x, s) => add(acc, mul(x, fp[s])), ZERO);
}

const rel = (a, b) => Math.abs(a - b) / Math.max(Math.abs(a), Math.abs(b));
// the worst relative difference per quantity, printed after the suite (docs/rbf.md, "Accuracy")
const worst = {};
function relTo(quantity, got, exact) {
  const r = rel(got, exact);
  worst[quantity] = Math.max(worst[quantity] ?? 0, r);
  return r;
}

describe('recycling filters equal exact rational chains over bit sets', () => {
  let bc;
  before(async () => {
    bc = await createBloomCalc();
  });
  after(() => {
    const shown = Object.entries(worst)
      .map(([q, r]) => `${q} ${r.toExponential(1)}`)
      .join(', ');
    console.log(`worst relative difference from the exact rational chains: ${shown}`);
  });

  for (const hashing of ['colliding', 'distinct'])
    for (const recycling of ['nonretaining', 'retaining'])
      for (const [M, k, sigma] of [
        [4, 1, 2],
        [4, 2, 2],
        [5, 2, 3],
        [5, 3, 4],
      ])
        test(`${hashing} ${recycling} M=${M} k=${k} sigma=${sigma}`, () => {
          const exact = exactOnePhase(M, k, sigma, hashing, recycling);
          const got = bc.rbf({ m: M, k, sigma, hashing, recycling });
          assert.ok(relTo('f¹', got.averageFpr, toDouble(exact.fpr)) <= 1e-12, `${got.averageFpr} vs ${toDouble(exact.fpr)}`);
          assert.ok(relTo('E[N₀]', got.expectedMessages, toDouble(exact.messages)) <= 1e-12);
        });

  // Every two-phase variant, retaining ones included (the re-inserted message's bits overlap the frozen filter).
  for (const hashing of ['colliding', 'distinct'])
    for (const recycling of ['nonretaining', 'retaining'])
      for (const swap of ['after', 'before'])
        for (const [k, sigma] of [
          [1, 1],
          [1, 2],
          [2, 2],
        ])
          test(`two-phase ${hashing} ${recycling} swap ${swap} M=2×3 k=${k} sigma=${sigma}`, () => {
            const exact = toDouble(exactTwoPhase(3, k, sigma, hashing, recycling, swap));
            const got = bc.rbf({ m: 6, k, sigma, phases: 2, hashing, recycling, swap });
            assert.ok(relTo(`f² ${recycling}`, got.averageFpr, exact) <= 1e-12, `${got.averageFpr} vs ${exact}`);
          });

  test('N-bounded real user: the fill criterion (N − 1)·k ≥ M decided exactly, both averages reported', () => {
    const can = bc.nBounded({ m: 1000, k: 10, N: 200 });
    assert.equal(can.canFill, true);
    assert.equal(can.exact, 1); // long run: the filter fills and never recycles
    assert.ok(can.exactGivenCycleEnds > 0.06 && can.exactGivenCycleEnds < 0.061);
    const cannot = bc.nBounded({ m: 100, k: 10, N: 10 }); // the 10th message finds at most 90 bits set
    assert.equal(cannot.canFill, false);
    assert.equal(cannot.fillProbability, 0);
    assert.equal(cannot.exact, cannot.exactGivenCycleEnds);
    assert.throws(
      () => bc.nBounded({ m: 2 ** 20, k: 10, N: 1e5 }),
      (e) => e.parameter === 'N',
    );
  });

  test('k = 1 closed form in exact rationals equals the module', () => {
    // f¹_σ = Σ_{i≤σ} i/(M(M−i)) / Σ_{j≤σ} 1/(M−j)  (docs/rbf.md, eq 19 restored)
    for (const [M, sigma] of [
      [10, 4],
      [37, 30],
      [200, 150],
    ]) {
      let num = ZERO,
        den = ZERO;
      for (let i = 0; i <= sigma; i++) {
        num = add(num, F(i, M * (M - i)));
        den = add(den, F(1, M - i));
      }
      const got = bc.rbf({ m: M, k: 1, sigma });
      assert.ok(relTo('f¹ (k = 1)', got.averageFpr, toDouble(div(num, den))) <= 1e-12);
      assert.ok(relTo('E[N₀] (k = 1)', got.expectedMessages, toDouble(mul(F(M), den))) <= 1e-12);
    }
  });
});
