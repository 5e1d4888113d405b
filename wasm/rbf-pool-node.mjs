// Node: the recommender on worker_threads (wasm/rbf-pool.mjs shares out the k's; each thread runs
// wasm/rbf-pool-worker.mjs and loads the module once); `recommendPooled` starts min(workers, kMax) threads, merges the rows in the core and stops the threads.
import { Worker } from 'node:worker_threads';
import os from 'node:os';
import { pooledRows } from './rbf-pool.mjs';

function startWorker(input) {
  const worker = new Worker(new URL('./rbf-pool-worker.mjs', import.meta.url));
  let next = 1;
  const pending = new Map();
  worker.on('message', ({ id, rows, error }) => {
    const entry = pending.get(id);
    pending.delete(id);
    if (!error) return entry.resolve(rows);
    const Kind = error.name === 'TypeError' ? TypeError : error.name === 'RangeError' ? RangeError : Error;
    entry.reject(Object.assign(new Kind(error.message), { parameter: error.parameter, validRange: error.validRange }));
  });
  worker.on('error', (err) => {
    for (const entry of pending.values()) entry.reject(err);
    pending.clear();
  });
  return {
    rows(k) {
      const id = next++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, input, k });
      });
    },
    close: () => worker.terminate(),
  };
}

/**
 * calc.recommend(input) with the rows of each k computed on `workers` threads (default: the available
 * parallelism), merged by the core.
 */
export async function recommendPooled(calc, input, { workers, onProgress } = {}) {
  const { kMax } = calc.recommendPlan(input);
  const n = Math.max(1, Math.min(workers ?? os.availableParallelism?.() ?? os.cpus().length, kMax));
  const pool = Array.from({ length: n }, () => startWorker(input));
  try {
    const rows = await pooledRows({ kMax, workers: pool, onProgress });
    return calc.mergeRecommendation(input, rows);
  } finally {
    await Promise.all(pool.map((w) => w.close()));
  }
}
