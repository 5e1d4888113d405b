// Recycling Bloom filters (papers 000/002) through the JS module and the CLI: JSON keys, CLI --json
// equal to the module's results, the named errors (exit 2 in the CLI), infeasible targets, cancellation
// of recommend, and the paper's qualitative results at M = 1000, f* = 0.01.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { createBloomCalc } from '../../wasm/index.mjs';
import { assertParamError, CLI, cli, wordRegExp, cliFails, cliJson } from './helpers/common.mjs';

const bc = await createBloomCalc();

/** A CLI-only case (no module call to check). */
function assertParamErrorless() {}

/** Every number in a JSON-like value is finite (no NaN, no ±∞ hiding as null). */
function assertFinite(value, path = 'result') {
  if (typeof value === 'number') assert.ok(Number.isFinite(value), `${path} = ${value}`);
  else if (Array.isArray(value)) value.forEach((v, i) => assertFinite(v, `${path}[${i}]`));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) assertFinite(v, `${path}.${k}`);
}

const RULES = ['onePhase', 'twoPhase', 'worstCase', 'oracle', 'lowerBound'];
const base = bc.recommend({ m: 1000, fpr: 0.01 });

describe('rbf', () => {
  test('one and two phases: keys, and the CLI --json equals the module', async () => {
    const one = bc.rbf({ m: 1000, k: 5, sigma: 539 });
    for (const key of ['averageFpr', 'expectedMessages', 'messagesHeld', 'bitsPerFilter', 'variant']) assert.ok(key in one, key);
    assert.equal(one.phases, 1);
    assert.ok(one.averageFpr > 0 && one.averageFpr < 1);
    assert.deepEqual(await cliJson('rbf', '--m', '1000', '--k', '5', '--sigma', '539'), one);

    const two = bc.rbf({ m: 1000, k: 5, sigma: 200, phases: 2 });
    for (const key of ['averageFpr', 'expectedMessages', 'averageFprEq26', 'activeFpr', 'frozenFpr', 'frozen']) assert.ok(key in two, key);
    assert.equal(two.bitsPerFilter, 500);
    assert.deepEqual(await cliJson('rbf', '--m', '1000', '--k', '5', '--sigma', '200', '--phases', '2'), two);
  });

  test('variant flags and units reach the API', async () => {
    const input = { m: '8Kib', k: 4, sigma: 3000, hashing: 'distinct', recycling: 'retaining', swap: 'before', phases: 2 };
    const r = bc.rbf(input);
    assert.equal(r.m, 8192);
    assert.deepEqual(r.variant, { hashing: 'distinct', recycling: 'retaining', restart: 'exact', swap: 'before' });
    const args = [
      'rbf',
      '--m',
      '8Kib',
      '--k',
      '4',
      '--sigma',
      '3000',
      '--hashing',
      'distinct',
      '--recycling',
      'retaining',
      '--swap',
      'before',
      '--phases',
      '2',
    ];
    assert.deepEqual(await cliJson(...args), r);
    const eq10 = bc.rbf({ m: 1000, k: 5, sigma: 500, recycling: 'retaining', restart: 'eq10' });
    assert.equal(eq10.variant.restart, 'eq10');
    assert.ok(Array.isArray(eq10.restart));
    assert.deepEqual(await cliJson('rbf', '--m', '1000', '--k', '5', '--sigma', '500', '--recycling', 'retaining', '--restart', 'eq10'), eq10);
  });

  test('readable output names the model', async () => {
    const r = await cli('rbf', '--m', '1000', '--k', '5', '--sigma', '539');
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /f¹_σ/);
    assert.match(r.stdout, /155\.588/); // E[N₀] at k = 5, σ = 539
  });
});

describe('nbounded', () => {
  test('keys, order of the rules, CLI equals module', async () => {
    const r = bc.nBounded({ m: 1000, k: 5, N: 155 });
    for (const key of ['worstCase', 'oracle', 'lowerBound', 'exact']) assert.equal(typeof r[key], 'number', key);
    assert.ok(r.worstCase > r.lowerBound && r.worstCase > r.oracle, 'eq 1 is the largest');
    assert.deepEqual(await cliJson('nbounded', '--m', '1000', '--k', '5', '--N', '155'), r);
    assert.deepEqual(
      await cliJson('nbounded', '--m', '1000', '--k', '5', '--N', '155', '--hashing', 'distinct'),
      bc.nBounded({ m: 1000, k: 5, N: 155, hashing: 'distinct' }),
    );
  });
});

describe('recommend', () => {
  test('keys: per rule the best k, threshold, capacity; one row per k', async () => {
    assert.equal(base.rows.length, 32);
    base.rows.forEach((row, i) => assert.equal(row.k, i + 1));
    for (const rule of RULES) {
      for (const key of ['feasible', 'k', 'threshold', 'capacity', 'fpr', 'gainOverWorstCase']) assert.ok(key in base.best[rule], `${rule}.${key}`);
      assert.equal(base.best[rule].feasible, true, rule);
      assert.ok(base.best[rule].fpr <= 0.01, rule);
    }
    assertFinite(base);
    assert.deepEqual(await cliJson('recommend', '--m', '1000', '--fpr', '0.01'), base);
    const small = bc.recommend({ m: '8Kib', fpr: '1 in 1000', kmax: 6, recycling: 'retaining', hashing: 'distinct' });
    assert.equal(small.rows.length, 6);
    assert.deepEqual(
      await cliJson('recommend', '--m', '8Kib', '--fpr', '1 in 1000', '--kmax', '6', '--recycling', 'retaining', '--hashing', 'distinct'),
      small,
    );
  });

  test('the thresholds are the largest meeting f*: rbf/nBounded at them give the reported FPR', () => {
    const { onePhase, twoPhase, worstCase, oracle, lowerBound } = base.best;
    assert.equal(bc.rbf({ m: 1000, k: onePhase.k, sigma: onePhase.threshold }).averageFpr, onePhase.fpr);
    assert.ok(bc.rbf({ m: 1000, k: onePhase.k, sigma: onePhase.threshold + 1 }).averageFpr > 0.01);
    assert.equal(bc.rbf({ m: 1000, k: onePhase.k, sigma: onePhase.threshold }).expectedMessages, onePhase.capacity);
    assert.equal(bc.rbf({ m: 1000, k: twoPhase.k, sigma: twoPhase.threshold, phases: 2 }).averageFpr, twoPhase.fpr);
    assert.ok(bc.rbf({ m: 1000, k: twoPhase.k, sigma: twoPhase.threshold + 1, phases: 2 }).averageFpr > 0.01);
    assert.equal(bc.nBounded({ m: 1000, k: worstCase.k, N: worstCase.threshold }).worstCase, worstCase.fpr);
    assert.ok(bc.nBounded({ m: 1000, k: worstCase.k, N: worstCase.threshold + 1 }).worstCase > 0.01);
    assert.equal(bc.nBounded({ m: 1000, k: oracle.k, N: oracle.threshold }).oracle, oracle.fpr);
    assert.equal(bc.nBounded({ m: 1000, k: lowerBound.k, N: lowerBound.threshold }).lowerBound, lowerBound.fpr);
  });

  test('paper 000 §V at M = 1000, f* = 0.01: σ-bounded ≥ oracle ≥ lower bound > worst case, worst case < 0.7 of σ-bounded', () => {
    const cap = Object.fromEntries(RULES.map((rule) => [rule, base.best[rule].capacity]));
    assert.ok(cap.onePhase >= cap.oracle, `${cap.onePhase} ≥ ${cap.oracle}`);
    assert.ok(cap.oracle >= cap.lowerBound, `${cap.oracle} ≥ ${cap.lowerBound}`);
    assert.ok(cap.lowerBound > cap.worstCase, `${cap.lowerBound} > ${cap.worstCase}`);
    assert.ok(cap.worstCase / cap.onePhase < 0.7, `worst case / σ-bounded = ${cap.worstCase / cap.onePhase}`);
    assert.ok(cap.onePhase > cap.twoPhase, 'one phase holds more per cycle than two');
    assert.equal(base.best.worstCase.gainOverWorstCase, 0);
    assert.equal(base.best.onePhase.gainOverWorstCase, cap.onePhase / cap.worstCase - 1);
    // per k too: the average-case rules beat the worst case at every k
    for (const row of base.rows) if (row.k > 1) assert.ok(row.onePhase.capacity > row.worstCase.capacity, `k = ${row.k}`);
  });

  test('a target no threshold can meet is feasible: false with nulls, not NaN', async () => {
    const r = bc.recommend({ m: 1000, fpr: 1e-300, recycling: 'retaining', kmax: 4 });
    for (const rule of ['onePhase', 'twoPhase']) {
      assert.equal(r.best[rule].feasible, false, rule);
      for (const key of ['k', 'threshold', 'capacity', 'fpr', 'gainOverWorstCase']) assert.equal(r.best[rule][key], null, `${rule}.${key}`);
      for (const row of r.rows) assert.deepEqual(row[rule], { feasible: false, threshold: null, capacity: null, fpr: null });
    }
    assertFinite(r);
    assert.deepEqual(await cliJson('recommend', '--m', '1000', '--fpr', '1e-300', '--recycling', 'retaining', '--kmax', '4'), r);
    const text = await cli('recommend', '--m', '1000', '--fpr', '1e-300', '--recycling', 'retaining', '--kmax', '4');
    assert.equal(text.code, 0);
    assert.match(text.stdout, /infeasible/);
    assert.doesNotMatch(text.stdout, /NaN/);
  });

  test('progress after each k; returning false cancels with Error "cancelled" and the module stays usable', () => {
    const seen = [];
    const r = bc.recommend({ m: 1000, fpr: 0.01, kmax: 8 }, (done, total) => seen.push([done, total]));
    assert.deepEqual(
      seen,
      [1, 2, 3, 4, 5, 6, 7, 8].map((d) => [d, 8]),
    );
    assert.equal(r.rows.length, 8);
    let calls = 0;
    assert.throws(
      () => bc.recommend({ m: 1000, fpr: 0.01 }, () => ++calls < 3),
      (err) => err instanceof Error && err.message === 'cancelled',
    );
    assert.equal(calls, 3, 'stops at the first false');
    assert.deepEqual(bc.recommend({ m: 1000, fpr: 0.01 }), base);
  });
});

describe('sigmaCurve', () => {
  test('f_σ and E[N₀] increase with σ and equal rbf at each σ', () => {
    for (const [input, phases] of [
      [{ m: 1000, k: 5 }, 1],
      [{ m: 1000, k: 5, recycling: 'retaining' }, 1],
      [{ m: 1000, k: 5 }, 2],
      [{ m: 2000, k: 3, hashing: 'distinct' }, 2],
    ]) {
      const c = bc.sigmaCurve({ ...input, phases, points: 60 });
      assert.equal(c.sigma.length, c.averageFpr.length);
      assert.ok(c.sigma.length >= 50);
      for (let i = 1; i < c.sigma.length; i++) {
        assert.ok(c.sigma[i] > c.sigma[i - 1]);
        assert.ok(c.averageFpr[i] >= c.averageFpr[i - 1], `f at σ = ${c.sigma[i]}`);
        assert.ok(c.expectedMessages[i] > c.expectedMessages[i - 1], `E[N₀] at σ = ${c.sigma[i]}`);
      }
      for (const i of [0, 17, c.sigma.length - 1]) {
        const r = bc.rbf({ ...input, phases, sigma: c.sigma[i] });
        assert.equal(c.averageFpr[i], r.averageFpr);
        assert.equal(c.expectedMessages[i], r.expectedMessages);
      }
    }
  });
});

describe('bad input: named errors in the module, exit 2 in the CLI', () => {
  const cases = [
    ['σ ≥ M', () => bc.rbf({ m: 1000, k: 3, sigma: 1000 }), ['rbf', '--m', '1000', '--k', '3', '--sigma', '1000'], 'sigma'],
    [
      'σ ≥ M/2, two phases',
      () => bc.rbf({ m: 1000, k: 3, sigma: 500, phases: 2 }),
      ['rbf', '--m', '1000', '--k', '3', '--sigma', '500', '--phases', '2'],
      'sigma',
    ],
    [
      'σ < k, retaining',
      () => bc.rbf({ m: 1000, k: 5, sigma: 4, recycling: 'retaining' }),
      ['rbf', '--m', '1000', '--k', '5', '--sigma', '4', '--recycling', 'retaining'],
      'sigma',
    ],
    ['σ < 0', () => bc.rbf({ m: 1000, k: 5, sigma: -1 }), ['rbf', '--m', '1000', '--k', '5', '--sigma', '-1'], 'sigma'],
    ['N = 0', () => bc.nBounded({ m: 1000, k: 3, N: 0 }), ['nbounded', '--m', '1000', '--k', '3', '--N', '0'], 'N'],
    ['N < 0', () => bc.nBounded({ m: 1000, k: 3, N: -5 }), ['nbounded', '--m', '1000', '--k', '3', '--N', '-5'], 'N'],
    ['f* = 0', () => bc.recommend({ m: 1000, fpr: 0 }), ['recommend', '--m', '1000', '--fpr', '0'], 'p'],
    ['f* = 1', () => bc.recommend({ m: 1000, fpr: 1 }), ['recommend', '--m', '1000', '--fpr', '1'], 'p'],
    ['f* = 2', () => bc.recommend({ m: 1000, fpr: '2' }), ['recommend', '--m', '1000', '--fpr', '2'], 'p'],
    ['k = 0 (rbf)', () => bc.rbf({ m: 1000, k: 0, sigma: 10 }), ['rbf', '--m', '1000', '--k', '0', '--sigma', '10'], 'k'],
    ['k = 0 (nbounded)', () => bc.nBounded({ m: 1000, k: 0, N: 10 }), ['nbounded', '--m', '1000', '--k', '0', '--N', '10'], 'k'],
    ['kmax = 0', () => bc.recommend({ m: 1000, fpr: 0.01, kmax: 0 }), ['recommend', '--m', '1000', '--fpr', '0.01', '--kmax', '0'], 'kmax'],
    [
      'M > 2^24, exact (rbf)',
      () => bc.rbf({ m: 2 ** 24 + 1, k: 3, sigma: 10, method: 'exact' }),
      ['rbf', '--m', '16777217', '--k', '3', '--sigma', '10', '--method', 'exact'],
      'm',
    ],
    [
      'M > 2^24, exact (recommend)',
      () => bc.recommend({ m: '1Gib', fpr: 0.01, method: 'exact' }),
      ['recommend', '--m', '1Gib', '--fpr', '0.01', '--method', 'exact'],
      'm',
    ],
    // the exact fill with distinct hashing is bounded before work in the synchronous API: m·(k + 3) ≤ 2^25 (~1 s; 2^24
    // bits at k = 8 took 5–15 s). The CLI runs an explicit --method exact beyond it, on a worker thread (rbfAsync;
    // tests/js/cli-hardening.test.mjs), so these have no CLI refusal (null).
    ['exact fill beyond its budget, distinct (rbf)', () => bc.rbf({ m: '2^24', k: 8, sigma: 10, hashing: 'distinct', method: 'exact' }), null, 'm'],
    ['exact fill beyond its budget, distinct (sigmaCurve)', () => bc.sigmaCurve({ m: '2^24', k: 8, hashing: 'distinct', method: 'exact' }), null, 'm'],
    [
      'exact fill beyond its budget, distinct, two phases (sigmaCurve)',
      () => bc.sigmaCurve({ m: '2^23', k: 30, phases: 2, hashing: 'distinct', method: 'exact' }),
      null,
      'm',
    ],
    ['M > 2^40 (rbf)', () => bc.rbf({ m: 2 ** 41, k: 3, sigma: 10 }), ['rbf', '--m', '2^41', '--k', '3', '--sigma', '10'], 'm'],
    ['M > 2^40 (recommend)', () => bc.recommend({ m: '2Tib', fpr: 0.01 }), ['recommend', '--m', '2Tib', '--fpr', '0.01'], 'm'],
    ['M > 2^40 (nbounded)', () => bc.nBounded({ m: 2 ** 41, k: 3, N: 10 }), ['nbounded', '--m', '2^41', '--k', '3', '--N', '10'], 'm'],
    ['unknown method', () => bc.recommend({ m: 1000, fpr: 0.01, method: 'fast' }), ['recommend', '--m', '1000', '--fpr', '0.01', '--method', 'fast'], 'method'],
    [
      'k > 32, asymptotic (large-M proven for k ≤ 32)',
      () => bc.rbf({ m: 2 ** 18, k: 48, sigma: 1000, method: 'asymptotic' }),
      ['rbf', '--m', '2^18', '--k', '48', '--sigma', '1000', '--method', 'asymptotic'],
      'k',
    ],
    ['k > 32, M > 2^24 (auto)', () => bc.rbf({ m: 2 ** 30, k: 64, sigma: 1000 }), ['rbf', '--m', '2^30', '--k', '64', '--sigma', '1000'], 'k'],
    // recommend's k comes from kmax: the refusal names kmax (the page shows it beside that field)
    [
      'k > 32, M > 2^24 (recommend)',
      () => bc.recommend({ m: '2^30', fpr: 1e-12, kmax: 40 }),
      ['recommend', '--m', '2^30', '--fpr', '1e-12', '--kmax', '40'],
      'kmax',
    ],
    ['workers = 0', assertParamErrorless, ['recommend', '--m', '1000', '--fpr', '0.01', '--workers', '0'], 'workers'],
    ['phases = 3', () => bc.rbf({ m: 1000, k: 3, sigma: 10, phases: 3 }), ['rbf', '--m', '1000', '--k', '3', '--sigma', '10', '--phases', '3'], 'phases'],
    [
      'unknown hashing',
      () => bc.rbf({ m: 1000, k: 3, sigma: 10, hashing: 'mixed' }),
      ['rbf', '--m', '1000', '--k', '3', '--sigma', '10', '--hashing', 'mixed'],
      'hashing',
    ],
    [
      'unknown recycling',
      () => bc.recommend({ m: 1000, fpr: 0.01, recycling: 'keep' }),
      ['recommend', '--m', '1000', '--fpr', '0.01', '--recycling', 'keep'],
      'recycling',
    ],
    [
      'unknown restart',
      () => bc.rbf({ m: 1000, k: 3, sigma: 10, restart: 'eq11' }),
      ['rbf', '--m', '1000', '--k', '3', '--sigma', '10', '--restart', 'eq11'],
      'restart',
    ],
    ['unknown swap', () => bc.recommend({ m: 1000, fpr: 0.01, swap: 'during' }), ['recommend', '--m', '1000', '--fpr', '0.01', '--swap', 'during'], 'swap'],
  ];
  for (const [name, fn, args, parameter] of cases) {
    test(name, async () => {
      if (fn !== assertParamErrorless) assertParamError(fn, parameter);
      if (args) await cliFails(args, parameter);
    });
  }

  test('missing options are usage errors; the module keeps working after every error', async () => {
    const r = await cli('recommend', '--m', '1000');
    assert.equal(r.code, 2);
    assert.match(r.stderr, /missing required option --p/);
    const n = await cli('nbounded', '--m', '1000', '--k', '3');
    assert.equal(n.code, 2);
    assert.match(n.stderr, /--N/);
    assert.deepEqual(bc.recommend({ m: 1000, fpr: 0.01 }), base);
  });
});

describe('large M: the large-M method (docs/rbf.md#large-m)', () => {
  test('rbf and sigmaCurve say which method ran and its bound; exact and asymptotic agree on the overlap', async () => {
    const input = { m: 2 ** 20, k: 6, sigma: 400000 };
    const exact = bc.rbf({ ...input, method: 'exact' });
    const large = bc.rbf(input);
    assert.equal(exact.method, 'exact');
    assert.equal(exact.errorBound, null);
    assert.equal(large.method, 'asymptotic');
    assert.ok(large.errorBound > 0 && large.errorBound < 1e-9, String(large.errorBound));
    for (const key of ['averageFpr', 'expectedMessages', 'messagesHeld']) assert.ok(Math.abs(large[key] / exact[key] - 1) <= 1e-9, key);
    assert.deepEqual(await cliJson('rbf', '--m', '2^20', '--k', '6', '--sigma', '400000'), large);
    const two = bc.rbf({ m: 2 ** 36, k: 8, sigma: 2 ** 33, phases: 2 });
    assert.equal(two.method, 'asymptotic');
    assert.ok(two.frozen.length <= 9 && two.frozenFrom === 2 ** 33 + 1, `${two.frozen.length} from ${two.frozenFrom}`);
    assert.ok(Math.abs(two.frozen.reduce((a, b) => a + b, 0) - 1) < 1e-12);
    const curve = bc.sigmaCurve({ m: '2^36', k: 8, points: 20 });
    assert.equal(curve.method, 'asymptotic');
    assert.equal(curve.sigma.length, 20);
    assert.ok(
      curve.averageFpr.every((f, i) => i === 0 || f >= curve.averageFpr[i - 1]),
      'f¹ grows with σ',
    );
    assert.ok(curve.errorBound < 1e-6);
  });

  test('k > 32: auto runs the exact fill up to 2^24 (the large-M method is proven for k ≤ 32)', () => {
    for (const hashing of ['colliding', 'distinct']) {
      assert.equal(bc.rbf({ m: 2 ** 18, k: 48, sigma: 1000, hashing }).method, 'exact');
      assert.equal(bc.rbf({ m: 2 ** 18, k: 32, sigma: 1000, hashing }).method, 'asymptotic');
    }
  });

  test('recommend at 2^20 with kmax 40: method mixed (large-M to k = 32, exact fill above), one bound for every row', async () => {
    const r = bc.recommend({ m: '2^20', p: 0.01, kmax: 40 });
    assert.deepEqual(
      r.rows.map((row) => row.method),
      [...Array(32).fill('asymptotic'), ...Array(8).fill('exact')],
    );
    assert.equal(r.method, 'mixed');
    assert.equal(r.errorBound, Math.max(...r.rows.map((row) => row.errorBound ?? 0)));
    assert.ok(r.errorBound > 0 && r.errorBound < 1e-9);
    assert.ok(r.rows.slice(32).every((row) => row.errorBound === null));
    // one method for every row: named as it is
    assert.equal(bc.recommend({ m: '2^20', p: 0.01, kmax: 32 }).method, 'asymptotic');
    assert.equal(bc.recommend({ m: 2 ** 12, p: 0.01, kmax: 40 }).method, 'exact');
    const text = await cli('recommend', '--m', '2^20', '--p', '1%', '--kmax', '40');
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /method: mixed: asymptotic \(large-M\) for k = 1–32, relative error ≤ \d\.\de-\d+; exact fill for k = 33–40\n/);
  });

  test('recommend at 2^36: asymptotic, bounded, the capacity per bit of the exact fill at 2^20', async () => {
    const big = bc.recommend({ m: '2^36', fpr: 0.01, kmax: 8 });
    const exact = bc.recommend({ m: '2^20', fpr: 0.01, kmax: 8, method: 'exact' });
    assert.equal(big.method, 'asymptotic');
    assert.ok(big.errorBound < 1e-9);
    assert.ok(big.rows.every((row) => row.method === 'asymptotic' && row.errorBound < 1e-9));
    assert.equal(big.best.onePhase.k, exact.best.onePhase.k);
    const perBit = (r, m) => r.best.onePhase.capacity / m;
    assert.ok(Math.abs(perBit(big, 2 ** 36) / perBit(exact, 2 ** 20) - 1) < 1e-5);
    const text = await cli('recommend', '--m', '2^36', '--fpr', '0.001');
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /method: asymptotic \(large-M\), relative error ≤ \d\.\de-\d+/);
  });

  test('sigmaCurve with the exact retaining law: points·m ≤ 2^25 (each σ sums over every level; 200 points at 2^20 took 3.6 s)', () => {
    const curve = bc.sigmaCurve({ m: '2^20', k: 16, recycling: 'retaining', method: 'exact' }); // auto takes the large-M method above 2^16 bits
    assert.equal(curve.method, 'exact');
    assert.equal(curve.sigma.length, 32); // the default 200 shrinks to 2^25 / 2^20
    assertParamError(() => bc.sigmaCurve({ m: '2^20', k: 16, recycling: 'retaining', method: 'exact', points: 33 }), 'points');
    assert.equal(bc.sigmaCurve({ m: '2^20', k: 16, recycling: 'retaining', method: 'exact', phases: 2 }).sigma.length, 32); // two phases: their total m
    assert.equal(bc.sigmaCurve({ m: '2^17', k: 16, recycling: 'retaining', method: 'exact' }).sigma.length, 200);
    assert.equal(bc.sigmaCurve({ m: '2^20', k: 16, method: 'exact' }).sigma.length, 200); // one pass for every σ: no shrinking
  });

  test('mergeRecommendation checks every field of every row: named errors, never a BindingError', () => {
    const input = { m: 4096, p: 0.01, kmax: 3 };
    const rows = bc.recommendRows(input, 1, 3);
    const whole = bc.recommend(input);
    const edit = (f) => {
      const copy = structuredClone(rows);
      f(copy);
      return copy;
    };
    const cases = [
      [TypeError, 'rows', 'not rows'],
      [
        TypeError,
        'rows[1]',
        edit((r) => {
          r[1] = 7;
        }),
      ],
      [
        TypeError,
        'rows[0].k',
        edit((r) => {
          r[0].k = '1';
        }),
      ],
      [
        TypeError,
        'rows[2].onePhase',
        edit((r) => {
          delete r[2].onePhase;
        }),
      ],
      [
        TypeError,
        'rows[0].oracle.feasible',
        edit((r) => {
          r[0].oracle.feasible = 'yes';
        }),
      ],
      [
        TypeError,
        'rows[1].twoPhase.fpr',
        edit((r) => {
          r[1].twoPhase = { feasible: true, threshold: 5, capacity: 5, fpr: null };
        }),
      ],
      [
        TypeError,
        'rows[0].method',
        edit((r) => {
          r[0].method = 5;
        }),
      ],
      [
        TypeError,
        'rows[0].errorBound',
        edit((r) => {
          r[0].errorBound = {};
        }),
      ],
      [
        RangeError,
        'rows[1].k',
        edit((r) => {
          r[1].k = 1;
        }),
      ], // k = 1 twice
      [
        RangeError,
        'rows[0].k',
        edit((r) => {
          r[0].k = 0.5;
        }),
      ],
      [
        RangeError,
        'rows[2].k',
        edit((r) => {
          r[2].k = 99;
        }),
      ],
      [
        RangeError,
        'rows[0].worstCase.fpr',
        edit((r) => {
          r[0].worstCase = { feasible: true, threshold: 1, capacity: 1, fpr: 2 };
        }),
      ],
      [
        RangeError,
        'rows[0].onePhase.threshold',
        edit((r) => {
          r[0].onePhase = { feasible: true, threshold: -1, capacity: 1, fpr: 0 };
        }),
      ],
      [
        RangeError,
        'rows[0].onePhase.capacity',
        edit((r) => {
          r[0].onePhase = { feasible: true, threshold: 1, capacity: NaN, fpr: 0 };
        }),
      ],
      [
        RangeError,
        'rows[0].errorBound',
        edit((r) => {
          r[0].errorBound = -1;
        }),
      ],
      [
        RangeError,
        'method',
        edit((r) => {
          r[0].method = 'guess';
        }),
      ],
      [RangeError, 'rows', Array(65).fill(rows[0])],
    ];
    for (const [Ctor, parameter, bad] of cases)
      assert.throws(
        () => bc.mergeRecommendation(input, bad),
        (e) => e instanceof Ctor && e.parameter === parameter,
        `${parameter}: ${Ctor.name}`,
      );
    assert.deepEqual(bc.mergeRecommendation(input, [rows[2], rows[0], rows[1]]), whole); // still exact afterwards
  });

  test('in parts and on a pool: the same recommendation', async () => {
    const { recommendPooled } = await import('../../wasm/index.mjs');
    const input = { m: '2^30', fpr: '1e-3', kmax: 10 };
    const whole = bc.recommend(input);
    const { kMax, method, methods } = bc.recommendPlan(input);
    assert.equal(kMax, 10);
    assert.equal(method, 'asymptotic');
    assert.deepEqual(
      methods,
      whole.rows.map((row) => row.method),
    );
    // each row's method, as the recommendation names it: mixed at 2^20 bits with kmax 40 (the page counts the exact rows)
    const mixed = { m: '2^20', p: 0.01, kmax: 40 };
    assert.deepEqual(
      bc.recommendPlan(mixed).methods,
      [...Array(40).keys()].map((i) => (i < 32 ? 'asymptotic' : 'exact')),
    );
    assert.deepEqual(
      bc.recommendRows(mixed, 32, 33).map((row) => row.method),
      ['asymptotic', 'exact'],
    );
    const rows = [...bc.recommendRows(input, 6, 10), ...bc.recommendRows(input, 1, 5)];
    assert.deepEqual(bc.mergeRecommendation(input, rows), whole);
    assertParamError(() => bc.mergeRecommendation(input, rows.slice(1)), 'rows');
    const seen = [];
    assert.deepEqual(await recommendPooled(bc, input, { workers: 2, onProgress: (done) => seen.push(done) }), whole);
    assert.deepEqual(
      seen,
      [...Array(10).keys()].map((i) => i + 1),
    );
    const exactInput = { m: 4096, fpr: 0.01, kmax: 6 };
    assert.deepEqual(await recommendPooled(bc, exactInput, { workers: 2 }), bc.recommend(exactInput));
    assert.deepEqual(await cliJson('recommend', '--m', '2^30', '--fpr', '1e-3', '--kmax', '10', '--workers', '2'), whole);
  });

  test('the pool runs under `node --input-type=module -e` too (its threads do not inherit --input-type)', async () => {
    const { execFile } = await import('node:child_process');
    const index = new URL('../../wasm/index.mjs', import.meta.url).href;
    const code = `import { createBloomCalc, recommendPooled } from '${index}';
      const bc = await createBloomCalc();
      const input = { m: 4096, p: 0.01, kmax: 4 };
      const pooled = await recommendPooled(bc, input, { workers: 2 });
      console.log(JSON.stringify(pooled) === JSON.stringify(bc.recommend(input)) ? 'same' : 'different');`;
    const {
      code: status,
      stdout,
      stderr,
    } = await new Promise((resolve) => {
      execFile(process.execPath, ['--input-type=module', '-e', code], (error, out, err) => resolve({ code: error?.code ?? 0, stdout: out, stderr: err }));
    });
    assert.equal(status, 0, stderr);
    assert.equal(stdout.trim(), 'same');
  });

  test('distinct hashing: asymptotic up to 2^40, equal to the exact fill on the overlap', async () => {
    for (const variant of [{ hashing: 'distinct' }, { hashing: 'distinct', recycling: 'retaining' }]) {
      for (const phases of [1, 2]) {
        const input = { m: 2 ** 20, k: 6, sigma: 300000, phases, ...variant };
        const exact = bc.rbf({ ...input, method: 'exact' });
        const large = bc.rbf(input);
        assert.equal(exact.method, 'exact');
        assert.equal(large.method, 'asymptotic');
        assert.ok(large.errorBound > 0 && large.errorBound < 1e-9, String(large.errorBound));
        for (const key of ['averageFpr', 'expectedMessages']) assert.ok(Math.abs(large[key] / exact[key] - 1) <= 1e-9, `${key} ${phases}`);
      }
    }
    const big = bc.recommend({ m: '2^36', p: 0.001, hashing: 'distinct', kmax: 12 });
    assert.equal(big.method, 'asymptotic');
    assert.ok(big.errorBound < 1e-9);
    const curve = bc.sigmaCurve({ m: '2^40', k: 8, points: 20, hashing: 'distinct', phases: 2 });
    assert.equal(curve.method, 'asymptotic');
    assert.ok(
      curve.averageFpr.every((f, i) => i === 0 || f >= curve.averageFpr[i - 1]),
      'f² grows with σ',
    );
    const text = await cli('recommend', '--m', '2^36', '--p', '0.001', '--hashing', 'distinct', '--recycling', 'retaining');
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /method: asymptotic \(large-M\), relative error ≤ \d\.\de-\d+/);
  });

  test('colliding, retaining, restart eq10, swap after, two phases: asymptotic up to 2^40, equal to the exact model on the overlap', async () => {
    // The last σ-bounded variant the large-M method took on (docs/rbf.md#large-m).
    const input = { m: 2 ** 20, k: 6, sigma: 150000, phases: 2, recycling: 'retaining', restart: 'eq10', swap: 'after' };
    const exact = bc.rbf({ ...input, method: 'exact' });
    const large = bc.rbf(input);
    assert.equal(exact.method, 'exact');
    assert.equal(large.method, 'asymptotic');
    assert.deepEqual(large.variant, { hashing: 'colliding', recycling: 'retaining', restart: 'eq10', swap: 'after' });
    assert.ok(large.errorBound > 0 && large.errorBound < 1e-9, String(large.errorBound));
    for (const key of ['averageFpr', 'activeFpr', 'frozenFpr', 'expectedMessages'])
      assert.ok(Math.abs(large[key] / exact[key] - 1) <= 1e-9, `${key}: ${large[key]} vs ${exact[key]}`);
    const { sigma, ...variant } = input; // a curve spans σ (a σ given was ignored; strict inputs refuse it)
    const curve = bc.sigmaCurve({ ...variant, m: '2^40', points: 20 });
    assert.equal(curve.method, 'asymptotic');
    assert.ok(
      curve.averageFpr.every((f, i) => i === 0 || f >= curve.averageFpr[i - 1]),
      'f² grows with σ',
    );
    const big = bc.recommend({ m: '1Gib', p: 0.01, recycling: 'retaining', restart: 'eq10', swap: 'after' });
    assert.equal(big.method, 'asymptotic');
    assert.ok(big.errorBound < 1e-9);
    assert.equal(big.best.twoPhase.feasible, true);
    const text = await cli('recommend', '--m', '2^36', '--p', '0.001', '--recycling', 'retaining', '--restart', 'eq10', '--swap', 'after');
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /method: asymptotic \(large-M\), relative error ≤ \d\.\de-\d+/);
  });

  test('colliding, retaining, the exact restart law: asymptotic up to 2^40, equal to the exact model on the overlap', async () => {
    for (const swap of ['after', 'before']) {
      for (const phases of [1, 2]) {
        const input = { m: 2 ** 20, k: 6, sigma: 300000, phases, recycling: 'retaining', swap };
        const exact = bc.rbf({ ...input, method: 'exact' });
        const large = bc.rbf(input);
        assert.equal(exact.method, 'exact');
        assert.equal(large.method, 'asymptotic');
        assert.equal(large.variant.restart, 'exact');
        assert.ok(large.errorBound > 0 && large.errorBound < 1e-9, String(large.errorBound));
        for (const key of ['averageFpr', 'expectedMessages']) assert.ok(Math.abs(large[key] / exact[key] - 1) <= 1e-9, `${key} ${phases} ${swap}`);
        if (phases === 1) large.restart.forEach((p, j) => assert.ok(Math.abs(p - exact.restart[j]) <= 1e-9, `restart ${j}`));
      }
    }
    const big = bc.recommend({ m: '2^36', p: 0.001, recycling: 'retaining' });
    assert.equal(big.method, 'asymptotic');
    assert.ok(big.errorBound < 1e-9);
    const text = await cli('recommend', '--m', '2^36', '--p', '0.001', '--recycling', 'retaining');
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /method: asymptotic \(large-M\), relative error ≤ \d\.\de-\d+/);
  });

  test('nBounded accepts M up to 2^40 (its cost grows with N)', () => {
    const r = bc.nBounded({ m: 2 ** 40, k: 4, N: 1000 });
    assert.ok(r.worstCase > 0 && r.worstCase < 1e-30);
    assert.ok(r.oracle <= r.lowerBound && r.lowerBound <= r.exact && r.exact <= r.worstCase * (1 + 1e-9));
  });
});
