// A simulation pool (createSimulationPool, wasm/sim-pool-node.mjs): its threads are kept between runs and give every
// count of the one-thread run; an aborted run stops its threads and the pool starts them again; runs take turns;
// close() stops them; bad options are named.
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { describe, test } from 'node:test';

import { createBloomCalc, createSimulationPool } from '../../wasm/index.mjs';

const bc = await createBloomCalc();

const SIGMA = { structure: 'sigma', m: 500, k: 3, sigma: 200, epochs: 7, arrivals: 3000, seed: 11 };
const TWO_PHASE = { structure: 'two-phase', m: 600, k: 4, sigma: 150, stream: 'pool', pool: 300, epochs: 5, arrivals: 2000, seed: 12 };
const BLOOM = { structure: 'bloom', m: 1000, k: 5, n: 100, hashing: 'double', epochs: 9, arrivals: 4000, seed: 15 };
const LONG = { structure: 'sigma', m: 2 ** 20, k: 7, sigma: 2 ** 19, epochs: 8, arrivals: 2e7, seed: 1 };

// The process's threads (Linux): a thread started again has a new id.
const threads = () => new Set(readdirSync('/proc/self/task'));
const added = (after, before) => [...after].filter((t) => !before.has(t));

async function until(check, what) {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  assert.ok(check(), what);
}

describe('a simulation pool', () => {
  test(
    'its runs give every count of the one-thread run, on the same threads run after run; close() stops them',
    { skip: !existsSync('/proc/self/task') },
    async () => {
      const pool = createSimulationPool({ workers: 2 });
      assert.equal(pool.size, 2);
      const before = threads();
      const first = await bc.simulate(SIGMA, { pool });
      assert.deepEqual(first.epochCounts, bc.simulateSync(SIGMA).epochCounts);
      const kept = added(threads(), before);
      assert.equal(kept.length, 2, 'the pool started two threads');
      for (const input of [TWO_PHASE, BLOOM, SIGMA]) {
        const seen = [];
        const r = await pool.simulate(bc, input, { onProgress: (p) => seen.push(p) });
        assert.deepEqual(r.epochCounts, bc.simulateSync(input).epochCounts, input.structure);
        assert.equal(seen.flatMap((p) => p.epochRates).length, input.epochs, `${input.structure}: every epoch's rate once`);
      }
      const now = threads();
      assert.ok(kept.every((t) => now.has(t)) && added(now, before).length === 2, 'the same two threads, none started again');
      await pool.close();
      await until(() => kept.every((t) => !threads().has(t)), 'close() stopped the threads');
      assert.deepEqual((await bc.simulate(SIGMA, { pool })).epochCounts, first.epochCounts, 'a closed pool starts again when used');
      await pool.close();
    },
  );

  test('an aborted run stops the threads still running; the next run starts them again', async () => {
    const pool = createSimulationPool({ workers: 2 });
    const controller = new AbortController();
    const run = bc.simulate(LONG, { pool, signal: controller.signal, onProgress: () => controller.abort() });
    await assert.rejects(run, { name: 'AbortError' });
    assert.deepEqual((await bc.simulate(SIGMA, { pool })).epochCounts, bc.simulateSync(SIGMA).epochCounts);
    await pool.close();
  });

  test('runs on one pool take turns, each with its own progress; one aborted while waiting leaves the others', async () => {
    const pool = createSimulationPool({ workers: 2 });
    const controller = new AbortController();
    const progress = [[], [], []];
    const runs = [SIGMA, BLOOM, TWO_PHASE].map((input, i) =>
      bc.simulate(input, { pool, onProgress: (p) => progress[i].push(p), ...(i === 1 ? { signal: controller.signal } : {}) }),
    );
    controller.abort();
    const [sigma, bloom, twoPhase] = await Promise.allSettled(runs);
    assert.deepEqual(sigma.value.epochCounts, bc.simulateSync(SIGMA).epochCounts);
    assert.equal(bloom.reason.name, 'AbortError');
    assert.deepEqual(twoPhase.value.epochCounts, bc.simulateSync(TWO_PHASE).epochCounts);
    assert.equal(progress[0].flatMap((p) => p.epochRates).length, SIGMA.epochs);
    assert.equal(progress[2].flatMap((p) => p.epochRates).length, TWO_PHASE.epochs);
    await pool.close();
  });

  test('a pool of one thread runs on the calling thread', async () => {
    const pool = createSimulationPool({ workers: 1 });
    assert.deepEqual((await bc.simulate(BLOOM, { pool })).epochCounts, bc.simulateSync(BLOOM).epochCounts);
    await pool.close();
  });

  test('bad options are named', async () => {
    assert.throws(() => createSimulationPool({ worker: 2 }), { name: 'TypeError', parameter: 'worker' });
    assert.throws(() => createSimulationPool({ workers: 0 }), { name: 'RangeError', parameter: 'workers' });
    assert.throws(() => createSimulationPool({ workers: '2' }), { name: 'TypeError', parameter: 'workers' });
    const pool = createSimulationPool({ workers: 2 });
    await assert.rejects(bc.simulate(SIGMA, { pool: {} }), { name: 'TypeError', parameter: 'pool' });
    await assert.rejects(bc.simulate(SIGMA, { pool: 2 }), { name: 'TypeError', parameter: 'pool' });
    await assert.rejects(bc.simulate(SIGMA, { pool, workers: 2 }), { name: 'TypeError', parameter: 'workers' });
    await assert.rejects(pool.simulate(bc, SIGMA, { workers: 2 }), { name: 'TypeError', parameter: 'workers' });
    await assert.rejects(bc.simulateParadox({ m: 64, n: 8, k: 6, queries: 100, epochs: 2 }, { pool }), { name: 'TypeError', parameter: 'pool' });
    await pool.close();
  });
});
