// A simulation's epochs on worker threads (issue 34 item 2; wasm/sim-pool.mjs, wasm/sim-pool-node.mjs): every count
// is the same with 1, 2 and 3 workers, progress reaches the end in epoch order, abort stops the threads, and the
// pooled estimate of a recycling filter (per-epoch warm-up) holds the exact model in its 99 % interval.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { createBloomCalc } from '../../wasm/index.mjs';
import { POOLED_PROBES, poolSize } from '../../wasm/sim-pool.mjs';

const bc = await createBloomCalc();

const CASES = [
  { structure: 'sigma', m: 500, k: 3, sigma: 200, epochs: 7, arrivals: 3000, seed: 11 },
  { structure: 'two-phase', m: 600, k: 4, sigma: 150, stream: 'pool', pool: 300, epochs: 5, arrivals: 2000, seed: 12 },
  { structure: 'n-real', m: 400, k: 3, n: 60, epochs: 6, arrivals: 2500, seed: 13 },
  { structure: 'counting', m: 300, k: 4, n: 90, queries: 200, epochs: 5, arrivals: 700, seed: 14 },
  { structure: 'bloom', m: 1000, k: 5, n: 100, hashing: 'double', epochs: 9, arrivals: 4000, seed: 15 },
];

describe('simulate on worker threads', () => {
  for (const input of CASES) {
    test(`${input.structure}: 1, 2 and 3 workers give every count of the one-thread run`, async () => {
      const one = bc.simulateSync(input);
      for (const workers of [1, 2, 3]) {
        const seen = [];
        const r = await bc.simulate(input, { workers, onProgress: (p) => seen.push(p) });
        assert.deepEqual(r.epochCounts, one.epochCounts, `workers ${workers}`);
        for (const key of ['mean', 'halfWidth', 'interval', 'poisson', 'variants', 'recycles', 'falseNegatives', 'counterSaturations', 'probes'])
          assert.deepEqual(r[key], one[key], `workers ${workers}: ${key}`);
        const rates = seen.flatMap((p) => p.epochRates);
        assert.equal(rates.length, input.epochs, `workers ${workers}: every epoch's rate once`);
        rates.forEach((rate, i) => assert.equal(rate, one.epochCounts.fpFirst[i] / one.epochCounts.newArrivals[i]));
        assert.equal(seen.at(-1).done, true);
        assert.equal(seen.at(-1).fraction, 1);
      }
    });
  }

  test('the pooled σ-bounded estimate holds the exact f¹_σ in its 99 % interval (per-epoch warm-up)', async () => {
    const input = { structure: 'sigma', m: 1000, k: 3, sigma: 600, epochs: 40, arrivals: 50000, seed: 5 };
    const r = await bc.simulate(input, { workers: 2 });
    assert.equal(r.model.applies, true);
    assert.equal(r.model.insideT, true, `f¹_σ ${r.model.value} outside ${r.interval.low}…${r.interval.high}`);
  });

  test('abort stops the threads: an AbortError, and the process is not held open', async () => {
    const controller = new AbortController();
    const input = { structure: 'sigma', m: 2 ** 20, k: 7, sigma: 2 ** 19, epochs: 8, arrivals: 2e7, seed: 1 };
    const run = bc.simulate(input, { workers: 2, signal: controller.signal, onProgress: () => controller.abort() });
    await assert.rejects(run, { name: 'AbortError' });
  });

  test('the pool: pooled from POOLED_PROBES on, never more workers than epochs, nor more copies of the state than the memory holds', () => {
    const run = { probesTotal: POOLED_PROBES, epochs: 20, available: 8 };
    assert.equal(poolSize({ ...run, probesTotal: POOLED_PROBES - 1 }), 1);
    assert.equal(poolSize({ ...run, probesTotal: POOLED_PROBES - 1, workers: 3 }), 3); // asked for
    assert.equal(poolSize(run), 8);
    assert.equal(poolSize({ ...run, epochs: 5 }), 5);
    assert.equal(poolSize({ ...run, stateBytes: 2 ** 28, memory: 2 ** 31 - 2 ** 28 }), 7);
    assert.equal(poolSize({ ...run, stateBytes: 2 ** 28, memory: 2 ** 27 }), 1);
    // stateBytes: what one run holds (the filter's bits; counters a byte each; two arrays for two-phase)
    const config = (input) => bc.simulationConfig({ k: 3, epochs: 2, arrivals: 10, ...input }).stateBytes;
    assert.equal(config({ structure: 'bloom', m: 2 ** 31, n: 10 }), 2 ** 28);
    assert.equal(config({ structure: 'counting', m: 1000, n: 10 }), 1000);
    assert.equal(config({ structure: 'two-phase', m: 2 ** 20, sigma: 100 }), 2 ** 17);
  });

  test('workers: an integer in [1, 256], named', async () => {
    const input = CASES[0];
    for (const bad of [0, 1.5, -1, 300, NaN]) await assert.rejects(bc.simulate(input, { workers: bad }), { name: 'RangeError', parameter: 'workers' });
    await assert.rejects(bc.simulate(input, { workers: '2' }), { name: 'TypeError', parameter: 'workers' });
  });
});
