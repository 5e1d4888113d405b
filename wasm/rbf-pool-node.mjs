// Node: the recommender on worker_threads (wasm/rbf-pool.mjs shares out the k's). The module is compiled once
// per process (wasm/node-wasm.mjs) and each thread instantiates that WebAssembly.Module once
// (wasm/rbf-pool-worker.mjs), sharing its compiled code. `createRecommendPool` keeps its threads between
// recommendations (no start-up per call; close() stops them, as does dropping the pool); `recommendPooled` without a pool starts
// min(workers, kMax) threads for one recommendation and stops them. `rbfAsync` runs rbf() on a thread of its
// own without the synchronous call's bound on the exact fill (docs/api.md, "Limits"), stopped on abort.
import { abortError, onAbort } from './errors.mjs';
import { wasmModule } from './node-wasm.mjs';
import { optionFields } from './api.mjs';
import { pooledRows } from './rbf-pool.mjs';
import { defaultThreads, threadCaller } from './node-threads.mjs';

/** A thread of the pool (wasm/rbf-pool-worker.mjs), started on its first call (wasm/node-threads.mjs). */
function startWorker(module) {
  const caller = threadCaller(new URL('./rbf-pool-worker.mjs', import.meta.url), { module });
  return {
    rows: (input, k) => caller.call('recommendRows', { input, k }),
    rbf: (input) => caller.call('rbfUnbounded', input),
    close: () => caller.cancel(new Error('the worker thread stopped')),
  };
}

const defaultSize = defaultThreads;

// A pool dropped without close() stops its threads (and their wasm instances) when it is garbage-collected; the
// registry holds the pool's thread list, never the pool.
const dropped = new FinalizationRegistry((held) => held.threads?.then((all) => all.forEach((w) => w.close())));
const inUse = () => {};

/**
 * A pool of `workers` threads (default: the available parallelism), started on first use and kept until
 * close(): pool.recommend(calc, input) = calc.recommend(input) with the rows of each k on the threads.
 */
export function createRecommendPool(options) {
  const { workers } = optionFields(options, ['workers'], 'createRecommendPool options');
  const size = Math.max(1, workers ?? defaultSize());
  const held = { threads: null }; // Promise<worker handles>
  const pool = {
    size,
    async recommend(calc, input, options) {
      const { onProgress } = optionFields(options, ['onProgress'], 'pool.recommend options');
      const { kMax } = calc.recommendPlan(input);
      held.threads ??= wasmModule('bloomcalc.rbf.wasm').then((module) => Array.from({ length: size }, () => startWorker(module)));
      const all = await held.threads;
      const used = all.slice(0, Math.min(size, kMax)).map((w) => ({ rows: (k) => w.rows(input, k) }));
      const rows = await pooledRows({ kMax, workers: used, onProgress });
      inUse(pool); // a recommendation in flight keeps its pool (and threads) from the registry
      return calc.mergeRecommendation(input, rows);
    },
    async close() {
      const all = await held.threads;
      held.threads = null;
      await Promise.all((all ?? []).map((w) => w.close()));
    },
  };
  dropped.register(pool, held);
  return pool;
}

/**
 * calc.recommend(input) with the rows of each k computed on worker threads, merged by the core: on `pool`
 * (createRecommendPool) when given, else on min(workers, kMax) threads started for this call.
 */
export async function recommendPooled(calc, input, options) {
  const { workers, onProgress, pool } = optionFields(options, ['workers', 'onProgress', 'pool'], 'recommendPooled options');
  if (pool) return pool.recommend(calc, input, { onProgress });
  const { kMax } = calc.recommendPlan(input);
  const own = createRecommendPool({ workers: Math.min(workers ?? defaultSize(), kMax) });
  try {
    return await own.recommend(calc, input, { onProgress });
  } finally {
    await own.close();
  }
}

/**
 * calc.rbf(input) on a worker thread, without the synchronous call's bound on the exact fill's work (an explicit
 * `method: 'exact'` beyond it takes seconds): the same result, bit for bit, wherever rbf() answers. `signal` (an
 * AbortSignal) stops it: the thread is terminated and the promise rejects with the signal's reason (an AbortError).
 */
export async function rbfAsync(input, options) {
  const { signal } = optionFields(options, ['signal'], 'rbfAsync options');
  if (signal !== undefined && typeof signal?.addEventListener !== 'function')
    throw Object.assign(new TypeError('signal must be an AbortSignal'), { parameter: 'signal', validRange: 'an AbortSignal' });
  if (signal?.aborted) throw abortError(signal, 'rbfAsync');
  // the input crosses to the thread by structured clone: a value that cannot (a function) is a TypeError here
  try {
    structuredClone(input);
  } catch {
    throw Object.assign(new TypeError('rbfAsync input must be plain data (numbers, text, booleans)'), { parameter: 'input', validRange: 'an RbfInput' });
  }
  const worker = startWorker(await wasmModule('bloomcalc.rbf.wasm'));
  const { aborted, stop } = onAbort(signal, 'rbfAsync');
  try {
    if (signal?.aborted) throw abortError(signal, 'rbfAsync');
    return await Promise.race([worker.rbf(input), aborted]);
  } finally {
    stop();
    await worker.close();
  }
}
