// The window sizing's laws over random inputs (issue 35; fast-check, fixed seed): for random (w, p, hashing, δ)
// over the whole valid range, a result or an error naming p (InfeasibleError beyond 2^40 bits per filter); each
// rule's reported FPR ≤ p; where the exact chain certifies it (certified 'exact', small windows), the N rule's size
// meets p under an independent exact insertion chain written here and one bit less per filter does not; the σ rule's
// tail ≤ δ and its mean cycle ≥ W (a real window); the memory non-decreasing in W and non-increasing in p.
// The chain here is bounded (W ≤ 120, M' ≤ 3000) so the file runs in seconds.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import fc from 'fast-check';

import { createBloomCalc } from '../../wasm/index.mjs';

const SEED = 35;
let bc;
before(async () => {
  bc = await createBloomCalc();
});

// The new-bit law of one insertion at b of M bits, x = 0..k: colliding by a DP over the k probes (each finds a
// new bit with probability (M − b − j)/M after j new ones), distinct hypergeometric.
function stepLaw(b, M, k, distinct) {
  if (distinct) {
    const c = M - b;
    const law = new Array(k + 1).fill(0);
    // P(x) = C(c, x)·C(b, k − x)/C(M, k), as a product of ratios
    for (let x = 0; x <= k; x++) {
      if (x > c || k - x > b) continue;
      let lp = 0;
      for (let i = 0; i < x; i++) lp += Math.log((c - i) / (x - i));
      for (let i = 0; i < k - x; i++) lp += Math.log((b - i) / (k - x - i));
      for (let i = 0; i < k; i++) lp -= Math.log((M - i) / (k - i));
      law[x] = Math.exp(lp);
    }
    return law;
  }
  let law = [1];
  for (let probe = 0; probe < k; probe++) {
    const next = new Array(law.length + 1).fill(0);
    law.forEach((q, j) => {
      next[j] += (q * (b + j)) / M;
      next[j + 1] += (q * (M - b - j)) / M;
    });
    law = next;
  }
  return law;
}
const falling = (b, M, j) => {
  let r = 1;
  for (let t = 0; t < j; t++) r *= Math.max(0, b - t) / (M - t);
  return r;
};
// P(J = j): the distinct positions among k colliding probes (the same DP with b = 0).
const distinctProbes = (M, k) => stepLaw(0, M, k, false);

// The N-bounded window's long-run average FPR by the exact chain over B (docs/window.md, renewal–reward).
function exactWindowFpr(M, k, N, distinct) {
  if ((N - 1) * k >= M) return 1;
  let law = [1];
  let arrivals = 0,
    activeFp = 0;
  const both = new Array(k + 1).fill(0);
  const rho = (b) => (distinct ? falling(b, M, k) : (b / M) ** k);
  for (let i = 0; i < N; i++) {
    law.forEach((q, b) => {
      if (!q) return;
      const inv = 1 / (1 - rho(b));
      arrivals += q * inv;
      activeFp += q * rho(b) * inv;
      for (let j = 1; j <= k; j++) both[j] += q * falling(b, M, j) * inv;
    });
    if (i + 1 === N) break;
    const next = new Array(law.length + k).fill(0);
    law.forEach((q, b) => {
      if (!q) return;
      const s = stepLaw(b, M, k, distinct);
      const stay = 1 - s[0];
      for (let x = 1; x <= k; x++) next[b + x] += (q * s[x]) / stay;
    });
    law = next;
  }
  // the frozen filter: B_N, one more step
  const frozen = new Array(k + 1).fill(0);
  let frozenRho = 0;
  law.forEach((q, b) => {
    if (!q) return;
    const s = stepLaw(b, M, k, distinct);
    const stay = 1 - s[0];
    for (let x = 1; x <= k; x++) {
      const w = (q * s[x]) / stay;
      frozenRho += w * rho(b + x);
      for (let j = 1; j <= k; j++) frozen[j] += w * falling(b + x, M, j);
    }
  });
  let overlap = 0;
  if (distinct) overlap = activeFp * frozenRho;
  else {
    const pj = distinctProbes(M, k);
    for (let j = 1; j <= k; j++) overlap += pj[j] * both[j] * frozen[j];
  }
  return Math.min(1, Math.max(0, (activeFp + frozenRho * arrivals - overlap) / arrivals));
}

const inputs = fc.record({
  w: fc.oneof(
    fc.integer({ min: 1, max: 200 }),
    fc.double({ min: 0, max: Math.log2(2 ** 36), noNaN: true }).map((e) => Math.max(1, Math.floor(2 ** e))),
  ),
  p: fc.oneof(
    fc.double({ min: -12, max: -0.0001, noNaN: true }).map((e) => 10 ** e),
    fc.double({ min: 0.3, max: 0.999, noNaN: true }),
  ),
  hashing: fc.constantFrom('colliding', 'distinct'),
  delta: fc.double({ min: -12, max: -0.5, noNaN: true }).map((e) => 10 ** e),
});

// A result, or an error naming p (a window beyond 2^40 bits per filter).
function sized(input) {
  try {
    return bc.window(input);
  } catch (e) {
    assert.ok(e instanceof RangeError, `${e}`);
    assert.equal(e.parameter, 'p', e.message);
    return null;
  }
}

describe('window laws (random inputs, seed 35)', () => {
  test('each rule meets p, the σ rule holds W with probability 1 − δ, or an error names p', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const r = sized(input);
        if (!r) return;
        for (const rule of [r.nBounded, r.sigmaBounded]) {
          assert.ok(rule.fpr <= input.p, `fpr ${rule.fpr} > p`);
          assert.ok(rule.certified === 'exact' || rule.certified === 'margin');
        }
        const s = r.sigmaBounded;
        assert.ok(Number.isFinite(s.delta) && s.delta <= input.delta, `tail ${s.delta} > δ`);
        assert.ok(s.sigma < s.m / 2, `σ ${s.sigma} of ${s.m / 2} bits`);
        // a real window: with δ ≤ 1 % the cycle holds W on average (a large δ allows short cycles by design)
        if (input.delta <= 0.01) assert.ok(s.meanCycle >= r.w * (1 - 1e-12), `mean cycle ${s.meanCycle} < W`);
      }),
      { seed: SEED, numRuns: 40 },
    );
  });

  test('where the chain certifies it, the N rule meets p under an independent exact chain, and one bit less does not', () => {
    const small = fc.record({
      w: fc.integer({ min: 2, max: 120 }),
      p: fc.double({ min: -4, max: -0.7, noNaN: true }).map((e) => 10 ** e),
      hashing: fc.constantFrom('colliding', 'distinct'),
    });
    fc.assert(
      fc.property(small, (input) => {
        const n = bc.window(input).nBounded;
        fc.pre(n.m / 2 <= 3000);
        assert.equal(n.certified, 'exact');
        const distinct = input.hashing === 'distinct';
        const at = exactWindowFpr(n.m / 2, n.k, input.w, distinct);
        const below = exactWindowFpr(n.m / 2 - 1, n.k, input.w, distinct);
        assert.ok(Math.abs(at / n.fpr - 1) < 1e-9, `reported ${n.fpr}, chain here ${at}`);
        assert.ok(at <= input.p * (1 + 1e-12), `chain ${at} > p at M' = ${n.m / 2}`);
        assert.ok(below > input.p * (1 - 1e-12), `M' − 1 = ${n.m / 2 - 1} meets p too (${below})`);
      }),
      { seed: SEED, numRuns: 30 },
    );
  });

  test('the memory is non-decreasing in W and non-increasing in p', () => {
    const pairs = fc.record({
      w: fc.double({ min: 0, max: 35.9, noNaN: true }).map((e) => Math.max(1, Math.floor(2 ** e))),
      dw: fc.oneof(fc.constant(1), fc.integer({ min: 1, max: 1000 })),
      p: fc.double({ min: -8, max: -0.5, noNaN: true }).map((e) => 10 ** e),
      shrink: fc.double({ min: 1e-9, max: 0.2, noNaN: true }),
      hashing: fc.constantFrom('colliding', 'distinct'),
    });
    fc.assert(
      fc.property(pairs, ({ w, dw, p, shrink, hashing }) => {
        const a = sized({ w, p, hashing });
        if (!a) return;
        const wider = sized({ w: Math.min(2 ** 36, w + dw), p, hashing });
        const tighter = sized({ w, p: p * (1 - shrink), hashing });
        for (const rule of ['nBounded', 'sigmaBounded']) {
          if (wider) assert.ok(wider[rule].m >= a[rule].m, `${rule}: W + ${dw} needs ${a[rule].m - wider[rule].m} bits fewer`);
          if (tighter) assert.ok(tighter[rule].m >= a[rule].m, `${rule}: a smaller p needs ${a[rule].m - tighter[rule].m} bits fewer`);
        }
      }),
      { seed: SEED, numRuns: 25 },
    );
  });
});
