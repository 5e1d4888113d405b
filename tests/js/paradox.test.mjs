// The Bloom paradox (paper 004) through the JS module and the CLI: independent references in plain JS
// (exact BigInt fractions for Theorems 1 and 2, all orders for Theorem 6), extreme priors, the named
// errors, and CLI --json output equal to the module's results.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { createBloomCalc } from '../../wasm/index.mjs';
import { assertClose, assertParamError, CLI, cli } from './helpers/common.mjs';
import { binom } from './helpers/exact-rational.mjs';

const bc = await createBloomCalc();

/** A fraction num/den of BigInts to a double (exact to rounding for the sizes used here). */
function ratio(num, den) {
  const scale = 10n ** 30n;
  return Number((num * scale) / den) / 1e30;
}

async function cliJson(...args) {
  const r = await cli(...args, '--json');
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stderr, '');
  return JSON.parse(r.stdout);
}

describe('paradox (Theorem 1)', () => {
  test('Fig. 2(a): prior 1e-6, FPR 1e-3 → posterior 1000/1000999 ≈ 1e-3; paradox at alpha = 1', () => {
    const r = bc.paradox({ prior: 1e-6, alpha: 1, fpr: 1e-3 });
    assertClose(r.posterior, 1000 / 1000999, 1e-13, 'posterior');
    assert.equal(r.paradox, true);
    assert.equal(r.decision, 'ignore');
    assertClose(r.threshold, 1e-3 / 1.001, 1e-13, 'P0');
    assertClose(r.minBitsPerElement, Math.log(999999) / Math.LN2 ** 2, 1e-13, 'Fig. 2(b)');
    assert.equal(r.minBitsPerElement.toFixed(3), '28.755'); // printed 28.7, see docs/paradox.md
  });

  test('posterior equals the exact fraction P/(P + (1 − P)F) for rational inputs', () => {
    for (const [pn, pd, fn, fd] of [
      [1n, 1000n, 1n, 100n],
      [3n, 7n, 1n, 2n],
      [1n, 1024n, 147n, 1000n],
    ]) {
      const num = pn * fd;
      const den = pn * fd + (pd - pn) * fn;
      const r = bc.paradox({ prior: Number(pn) / Number(pd), alpha: 1, fpr: Number(fn) / Number(fd) });
      assertClose(r.posterior, ratio(num, den), 1e-14, `${pn}/${pd}`);
    }
  });

  test('the decision compares the expected costs E1 and E0 of the proof', () => {
    for (const prior of [0, 1e-9, 1e-4, 0.01, 0.2, 0.7, 1])
      for (const fpr of [1e-6, 1e-3, 0.1, 0.9])
        for (const alpha of [0.1, 1, 2.4, 100]) {
          const r = bc.paradox({ prior, alpha, fpr });
          const e1 = (1 - prior) * fpr;
          const e0 = alpha * prior;
          if (Math.abs(e1 - e0) <= 1e-12 * Math.max(e1, e0)) continue;
          assert.equal(r.paradox, e1 > e0, JSON.stringify({ prior, alpha, fpr }));
          assert.equal(r.decision, e1 > e0 ? 'ignore' : 'trust');
        }
  });

  test('extreme priors give finite answers, not NaN', () => {
    const tiny = bc.paradox({ prior: 1e-300, alpha: 1, bpe: 10 });
    for (const v of [tiny.posterior, tiny.threshold, tiny.minBitsPerElement, tiny.costs.trust]) assert.ok(Number.isFinite(v));
    assert.ok(tiny.posterior > 0);
    const near1 = bc.paradox({ prior: 1 - 1e-16, alpha: 1, fpr: 0.5 });
    assert.equal(near1.posterior, 1);
    assert.ok(near1.posteriorComplement > 0 && Number.isFinite(near1.posteriorComplement));
    assert.equal(near1.decision, 'trust');
    assert.equal(bc.paradox({ prior: 0, alpha: 1, fpr: 0.5 }).minBitsPerElement, null);
    const curve = bc.paradoxCurve({ priors: [1e-300, 1e-6, 0.5, 1 - 1e-16], alpha: 1, bpe: 10 });
    assert.ok(curve.every((p) => Number.isFinite(p)));
    assert.equal(curve[1], bc.paradox({ prior: 1e-6, alpha: 1, bpe: 10 }).posterior);
  });

  test('text inputs: "1 in 1000000", percentages', () => {
    assert.deepEqual(bc.paradox({ prior: '1 in 1000000', alpha: '1', fpr: '0.1%' }), bc.paradox({ prior: 1e-6, alpha: 1, fpr: 0.001 }));
  });

  test('bad input: named RangeErrors', () => {
    assertParamError(() => bc.paradox({ prior: -0.1, alpha: 1, fpr: 0.1 }), 'prior');
    assertParamError(() => bc.paradox({ prior: 1.5, alpha: 1, fpr: 0.1 }), 'prior');
    assertParamError(() => bc.paradoxCurve({ alpha: 1, bpe: 10 }), 'priors'); // not an empty curve
    assertParamError(() => bc.paradox({ alpha: 1, fpr: 0.1 }), 'prior');
    assertParamError(() => bc.paradox({ prior: 0.1, alpha: 0, fpr: 0.1 }), 'alpha');
    assertParamError(() => bc.paradox({ prior: 0.1, alpha: -1, fpr: 0.1 }), 'alpha');
    assertParamError(() => bc.paradox({ prior: 0.1, alpha: 'lots', fpr: 0.1 }), 'alpha');
    assertParamError(() => bc.paradox({ prior: 0.1, alpha: 1, fpr: 0 }), 'fpr');
    assertParamError(() => bc.paradox({ prior: 0.1, alpha: 1 }), 'fpr');
    assertParamError(() => bc.paradox({ prior: 0.1, alpha: 1, fpr: 0.1, bpe: 3 }), 'fpr');
    assertParamError(() => bc.paradox({ prior: 0.1, alpha: 1, bpe: -3 }), 'bpe');
    assert.equal(bc.paradox({ prior: 0.1, alpha: 1, bpe: 10 }).decision, 'trust'); // still usable
  });
});

describe('cbf (Theorems 2, 4)', () => {
  // Theorem 2's unsimplified Bayes formula from its proof, as an exact fraction:
  // Pr(C = c | X = 1) = Π C(n−1, c−1) q^{c−1}(1−q)^{n−c},  Pr(C = c | X = 0) = Π C(n, c) q^c (1−q)^{n−c}, q = k/m.
  function exactPosterior(counters, m, n, k, [pn, pd]) {
    const K = BigInt(k);
    const M = BigInt(m);
    let l1 = 1n,
      l0 = 1n,
      d1 = 1n,
      d0 = 1n;
    for (const c of counters) {
      if (c === 0) return 0;
      // q = K/M: numerators and denominators separately
      l1 *= binom(n - 1, c - 1) * K ** BigInt(c - 1) * (M - K) ** BigInt(n - c);
      d1 *= M ** BigInt(n - 1);
      l0 *= binom(n, c) * K ** BigInt(c) * (M - K) ** BigInt(n - c);
      d0 *= M ** BigInt(n);
    }
    // P·l1/d1 / (P·l1/d1 + (1−P)·l0/d0) with P = pn/pd
    const a = pn * l1 * d0;
    const b = (pd - pn) * l0 * d1;
    return ratio(a, a + b);
  }

  test('Theorem 2 equals the exact Bayes fraction of its proof', () => {
    for (const [counters, m, n, k] of [
      [[1, 10], 1000, 100, 2],
      [[5, 5], 1000, 100, 2],
      [[1, 2, 1, 1, 2, 4], 600, 100, 6],
      [[3], 50, 20, 1],
      [[2, 3, 1], 90, 30, 3],
    ]) {
      for (const prior of [
        [1n, 8n],
        [1n, 1024n],
        [1n, 2n],
      ]) {
        const r = bc.cbf({ counters, m, n, k, prior: Number(prior[0]) / Number(prior[1]), alpha: 1 });
        assertClose(r.posterior, exactPosterior(counters, m, n, k, prior), 1e-12, `${counters} P=${prior}`);
      }
    }
  });

  test('Fig. 8: minimal products 5, 23, 91 for a posterior ≥ 0.8 (alpha = 1/4), m/n = 8, k = 6', () => {
    const at = (prior) => bc.cbf({ counters: [1, 1, 1, 1, 1, 1], m: 26624, n: 3328, k: 6, prior, alpha: 0.25 }).minProduct;
    assert.deepEqual([at(1 / 8), at(1 / 32), at(1 / 128)], [5, 23, 91]);
  });

  test('decision: positive iff product ≥ minProduct iff posterior ≥ 1/(1+alpha)', () => {
    for (let p = 1; p <= 40; p++) {
      const r = bc.cbf({ counters: [p, 1, 1], m: 600, n: 100, k: 3, prior: 0.01, alpha: 2.4 });
      assert.equal(r.decision === 'positive', p >= r.minProduct);
      assert.equal(r.decision === 'positive', r.posterior >= r.posteriorThreshold);
    }
    assert.equal(bc.cbf({ counters: [1], m: 10, n: 1, k: 1, prior: 0.5, alpha: 2.4 }).posteriorThreshold, 10 / 34);
  });

  test('bad input: negative or fractional counters, wrong length, k = 0, prior, alpha', () => {
    const ok = { counters: [1, 2], m: 100, n: 10, k: 2, prior: 0.1, alpha: 1 };
    assertParamError(() => bc.cbf({ ...ok, counters: [1, -2] }), 'counters');
    assertParamError(() => bc.cbf({ ...ok, counters: [1, 2.5] }), 'counters');
    assertParamError(() => bc.cbf({ ...ok, counters: 'a,b' }), 'counters');
    assertParamError(() => bc.cbf({ ...ok, counters: [1, 2, 3] }), 'counters');
    assertParamError(() => bc.cbf({ ...ok, k: 0 }), 'k');
    assertParamError(() => bc.cbf({ ...ok, prior: 2 }), 'prior');
    assertParamError(() => bc.cbf({ ...ok, alpha: 0 }), 'alpha');
    const tiny = bc.cbf({ ...ok, prior: 1e-300 });
    assert.ok(Number.isFinite(tiny.posterior) && tiny.posterior > 0);
  });

  test('cbfOptimalK: a cost table too large names kmax and the largest k it can tabulate (not prior)', () => {
    // m = n = 2^40, P = 0.1, α = 1: Π = 9·k^k (Theorem 2), 4.2e5 at k = 6, 7.4e6 > 2^22 at k = 7
    const input = { m: 2 ** 40, n: 2 ** 40, prior: 0.1, alpha: 1 };
    assertParamError(() => bc.cbfOptimalK(input), 'kmax');
    assert.throws(
      () => bc.cbfOptimalK(input),
      (e) => /^at most 6 /.test(e.validRange) && /\b16\b/.test(e.message),
    );
    assert.equal(bc.cbfOptimalK({ ...input, kmax: 6 }).byK.length, 6);
    // n·k/m too large is still n's: the counter distribution, not the product
    assertParamError(() => bc.cbfOptimalK({ ...input, m: 1000 }), 'n');
  });
});

describe('order (Theorems 6, 7)', () => {
  function costOf(probs, costs, psi, order) {
    let reach = 1;
    let total = 0;
    for (const j of order) {
      total += reach * (j === 'special' ? psi : costs[j]);
      reach *= j === 'special' ? 0 : 1 - probs[j];
      if (reach === 0) break;
    }
    return total;
  }
  function* permutations(items) {
    if (items.length <= 1) {
      yield items;
      return;
    }
    for (let i = 0; i < items.length; i++) for (const rest of permutations([...items.slice(0, i), ...items.slice(i + 1)])) yield [items[i], ...rest];
  }

  test('the ratio order costs no more than the best of all orders (brute force)', () => {
    let seed = 7;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let trial = 0; trial < 60; trial++) {
      const L = 1 + (trial % 5);
      const probs = Array.from({ length: L }, rand);
      const costs = Array.from({ length: L }, () => 0.2 + 3 * rand());
      const psi = 1 + 10 * rand();
      const r = bc.order({ probs, costs, specialCost: psi });
      let best = Infinity;
      for (const perm of permutations([...probs.keys(), 'special'])) best = Math.min(best, costOf(probs, costs, psi, perm));
      assert.ok(r.expectedCost <= best * (1 + 1e-12), `${r.expectedCost} vs ${best}`);
      assertClose(costOf(probs, costs, psi, r.order), r.expectedCost, 1e-12, 'expectedCost');
    }
    assert.equal(bc.order({ probs: [0.2, 0.6], costs: [1, 1], specialCost: 4 }).theorem, 7);
    assert.deepEqual(bc.order({ probs: [0.2, 0.6], costs: [1, 1], specialCost: 4 }).order, [1, 'special']);
  });

  test('bad input: mismatched lengths, probabilities outside [0, 1], costs ≤ 0', () => {
    assertParamError(() => bc.order({ probs: [0.5, 0.2], costs: [1], specialCost: 3 }), 'costs');
    assertParamError(() => bc.order({ probs: [1.2], costs: [1], specialCost: 3 }), 'probs');
    assertParamError(() => bc.order({ probs: [0.5], costs: [0], specialCost: 3 }), 'costs');
    assertParamError(() => bc.order({ probs: [0.5], costs: [1] }), 'specialCost');
  });
});

describe('selective filters (Tables II, III)', () => {
  const sizes = Array.from({ length: 13 }, (_, i) => 2 ** (i + 11));
  const members = sizes.map(() => 256);
  test('Table III selective CBF, bpe 32: (9.42e-5, 5.35e-1, 1.05e4) within 1%', () => {
    const [, sel] = bc.selective({ sizes, members, m: 26624, alpha: 5, counting: true });
    assertClose(sel.fpr, 9.42e-5, 0.01, 'fpr');
    assertClose(sel.fnr, 5.35e-1, 0.01, 'fnr');
    assertClose(sel.cost, 1.05e4, 0.01, 'cost');
  });
  test('Table II policies in order, mismatched lists are a named error', () => {
    const out = bc.selective({ sizes, members, m: 13312, alpha: 100 });
    assert.deepEqual(
      out.map((o) => o.policy),
      ['none', 'insertion', 'query', 'both'],
    );
    assert.equal(out[1].inserted, 2118);
    assertParamError(() => bc.selective({ sizes, members: [256], m: 13312, alpha: 100 }), 'members');
  });
});

describe('CLI', () => {
  test('paradox --json equals the module', async () => {
    assert.deepEqual(await cliJson('paradox', '--prior', '1e-6', '--alpha', '1', '--fpr', '1e-3'), bc.paradox({ prior: '1e-6', alpha: '1', fpr: '1e-3' }));
    assert.deepEqual(
      await cliJson('paradox', '--prior', '1 in 1000000', '--alpha', '2.4', '--bpe', '28.7'),
      bc.paradox({ prior: '1 in 1000000', alpha: '2.4', bpe: '28.7' }),
    );
  });
  test('cbf --json equals the module', async () => {
    const args = ['--counters', '1,2,1,1,2,4', '--m', '26624', '--n', '3328', '--k', '6', '--prior', '0.125', '--alpha', '0.25'];
    const expected = bc.cbf({ counters: '1,2,1,1,2,4', m: '26624', n: '3328', k: '6', prior: '0.125', alpha: '0.25' });
    assert.deepEqual(await cliJson('cbf', ...args), expected);
  });
  test('order --json equals the module', async () => {
    const out = await cliJson('order', '--probs', '0.5,0.9,0.1', '--costs', '1,2,1', '--special-cost', '10');
    assert.deepEqual(out, bc.order({ probs: '0.5,0.9,0.1', costs: '1,2,1', specialCost: '10' }));
  });
  test('bad input: exit 2, nothing on stdout, the parameter named', async () => {
    for (const [args, name] of [
      [['paradox', '--prior', '-0.5', '--alpha', '1', '--fpr', '0.1'], 'prior'],
      [['paradox', '--prior', '0.5', '--alpha', '0', '--fpr', '0.1'], 'alpha'],
      [['cbf', '--counters', '1,-2', '--m', '100', '--n', '10', '--k', '2', '--prior', '0.1', '--alpha', '1'], 'counters'],
      [['cbf', '--counters', '1', '--m', '100', '--n', '10', '--k', '0', '--prior', '0.1', '--alpha', '1'], 'k'],
      [['order', '--probs', '0.5,0.2', '--costs', '1', '--special-cost', '3'], 'costs'],
    ]) {
      const r = await cli(...args);
      assert.equal(r.code, 2, r.stderr);
      assert.equal(r.stdout, '');
      assert.match(r.stderr, new RegExp(`^bloomcalc: ${name} `));
    }
    const missing = await cli('paradox', '--prior', '0.5');
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /--alpha/);
  });
  test('readable output names the decision', async () => {
    const r = await cli('paradox', '--prior', '1e-6', '--alpha', '1', '--fpr', '1e-3');
    assert.match(r.stdout, /IGNORE/);
    assert.match(r.stdout, /28\.755/);
  });
});
