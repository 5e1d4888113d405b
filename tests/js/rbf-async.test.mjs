// rbfAsync (wasm/rbf-pool-node.mjs): rbf() on a worker thread without the synchronous call's bound on the exact
// fill's work. Bit for bit rbf()'s result wherever rbf() answers; beyond the bound, the exact value rbf() refuses
// (checked against the large-M method within its error bound); the same errors; an AbortSignal stops it. And the
// synchronous refusal names it.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { createBloomCalc, rbfAsync } from '../../wasm/index.mjs';
import { hasNodeBuild } from './helpers/common.mjs';

const skip = hasNodeBuild() ? false : 'the wasm build is missing; run `npm run build` first';
const bc = skip ? null : await createBloomCalc();

// Just beyond the synchronous bound m·(k + 3) ≤ 2^25 (distinct hashing, the exact fill): ~1 s of work.
const BEYOND = { m: 2400000, k: 12, sigma: 1900000, hashing: 'distinct', method: 'exact' };

describe('rbfAsync', { skip }, () => {
  test('the same result as rbf(), bit for bit, wherever rbf() answers', async () => {
    const inputs = [
      { m: 1000, k: 5, sigma: 539 },
      { m: '8Kib', k: 4, sigma: 3000, phases: 2 },
      { m: 1000, k: 5, sigma: 539, recycling: 'retaining', hashing: 'distinct' },
      { m: 4096, k: 3, sigma: 2000, recycling: 'retaining', restart: 'exact', method: 'exact' },
      { m: 2 ** 20, k: 8, sigma: 500000, hashing: 'distinct', method: 'exact' },
      { m: 2 ** 36, k: 8, sigma: 2 ** 35 },
      { m: '2^24', k: 8, sigma: 2 ** 22, phases: 2, swap: 'before', method: 'exact' },
    ];
    for (const input of inputs) assert.deepEqual(await rbfAsync(input), bc.rbf(input), JSON.stringify(input));
  });

  test('beyond the synchronous bound: rbf() refuses naming rbfAsync, rbfAsync computes the exact value', async () => {
    assert.throws(
      () => bc.rbf(BEYOND),
      (e) => e instanceof RangeError && e.parameter === 'm' && /rbfAsync\(\)/.test(e.message) && /would take about 1\.1 s;/.test(e.message),
    );
    const exact = await rbfAsync(BEYOND);
    assert.equal(exact.method, 'exact');
    assert.equal(exact.errorBound, null);
    // the large-M method's value is within its stated relative error bound of the exact one
    const large = bc.rbf({ ...BEYOND, method: 'asymptotic' });
    for (const key of ['averageFpr', 'expectedMessages']) {
      const relative = Math.abs(large[key] - exact[key]) / exact[key];
      assert.ok(relative <= large.errorBound, `${key}: ${exact[key]} vs ${large[key]} (relative ${relative}, bound ${large.errorBound})`);
    }
  });

  test('the same errors as rbf(): a RangeError or TypeError naming the field', async () => {
    for (const [input, Ctor, parameter] of [
      [{ m: 1000, k: 0, sigma: 10 }, RangeError, 'k'],
      [{ m: 1000, k: 5, sigma: 1000 }, RangeError, 'sigma'],
      [{ m: '1e-400', k: 5, sigma: 10 }, RangeError, 'm'],
      [{ m: 1000, k: 5, sigma: 10, hashin: 'distinct' }, TypeError, 'hashin'],
      [{ m: 2 ** 25, k: 5, sigma: 10, method: 'exact' }, RangeError, 'm'], // the exact fill's own limit: 2^24 bits
    ]) {
      await assert.rejects(rbfAsync(input), (e) => e instanceof Ctor && e.parameter === parameter, JSON.stringify(input));
      assert.throws(
        () => bc.rbf(input),
        (e) => e instanceof Ctor && e.parameter === parameter,
      );
    }
    await assert.rejects(rbfAsync({ m: 1000, k: 5, sigma: 539 }, { signl: null }), (e) => e instanceof TypeError && e.parameter === 'signl');
    await assert.rejects(rbfAsync({ m: 1000, k: 5, sigma: 539 }, { signal: true }), (e) => e instanceof TypeError && e.parameter === 'signal');
    await assert.rejects(rbfAsync({ m: 1000, k: () => 5, sigma: 539 }), TypeError);
  });

  test('an AbortSignal stops it: the thread is terminated, the promise rejects with an AbortError', async () => {
    await assert.rejects(rbfAsync(BEYOND, { signal: AbortSignal.abort() }), { name: 'AbortError' });
    const controller = new AbortController();
    const long = { m: 2 ** 24, k: 64, sigma: 2 ** 23, hashing: 'distinct', method: 'exact' }; // tens of seconds
    const started = Date.now();
    const run = rbfAsync(long, { signal: controller.signal });
    setTimeout(() => controller.abort(), 300);
    await assert.rejects(run, { name: 'AbortError' });
    assert.ok(Date.now() - started < 5000, `stopped after ${Date.now() - started} ms`);
  });
});
