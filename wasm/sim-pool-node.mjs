// Node: a simulation's epochs on worker_threads (wasm/sim-pool.mjs shares them out; docs/simulation.md, "Workers"),
// behind bc.simulate() of the Node entry and the CLI (wasm/index.mjs sets it as api.mjs's epoch pool). Each thread
// instantiates the simulations' module compiled once per process (wasm/node-wasm.mjs). The result is the one the same input
// gives on one thread, whatever the thread count. A run starts its threads and stops them at its end, unless it is
// given a pool (createSimulationPool): the pool's threads, and the wasm memory each has grown and touched, are kept
// between its runs.
import { abortError, onAbort } from './errors.mjs';
import { wasmModule } from './node-wasm.mjs';
import { optionFields } from './api.mjs';
import { defaultThreads, threadCaller } from './node-threads.mjs';
import { checkWorkers, poolSize, runPooled, simulationPools } from './sim-pool.mjs';

const WORKER = new URL('./sim-pool-worker.mjs', import.meta.url);
const stopped = () => new Error('the worker thread stopped');
const stopAll = (callers) => Promise.all(callers.map((c) => c.cancel(stopped())));

// A pool dropped without close() stops its threads when it is garbage-collected; the registry holds the thread
// list, never the pool.
const dropped = new FinalizationRegistry((held) => stopAll(held.callers));

/**
 * `workers` threads (default: the available parallelism) for bc.simulate(input, { pool }), started on first use and
 * kept until close() (an idle one does not hold the process open). A run takes min(size, epochs) of them; runs on
 * one pool take turns.
 */
export function createSimulationPool(options) {
  const { workers } = optionFields(options, ['workers'], 'createSimulationPool options');
  checkWorkers(workers);
  const held = { callers: [] };
  let last = Promise.resolve(); // the end of the last run queued on the pool
  const pool = {
    size: workers ?? defaultThreads(),
    /** calc.simulate(input, { ...options, pool }): options without workers or pool. */
    async simulate(calc, input, options) {
      const { onProgress, signal, chunkMs } = optionFields(options, ['onProgress', 'signal', 'chunkMs'], 'pool.simulate options');
      return calc.simulate(input, { onProgress, signal, chunkMs, pool });
    },
    async close() {
      const callers = held.callers;
      held.callers = [];
      await stopAll(callers);
    },
  };
  simulationPools.set(pool, {
    size: pool.size,
    // The first `size` threads, started as needed: the same ones run after run.
    callers(size, module) {
      while (held.callers.length < size) held.callers.push(threadCaller(WORKER, { module }));
      return held.callers.slice(0, size);
    },
    // The pool's next turn: a promise of the function that ends it.
    turn() {
      let end;
      const ended = new Promise((resolve) => (end = resolve));
      const ready = last.then(() => end);
      last = last.then(() => ended);
      return ready;
    },
  });
  dropped.register(pool, held);
  return pool;
}

/**
 * `lead` (a simulation handle that has not run) absorbs the epochs of `input` run on `pool`'s threads, or on `workers`
 * threads started for this run (default: the available parallelism, when the run is estimated at POOLED_PROBES bit
 * probes or more); returns its result, or null to run on the calling thread.
 */
export async function pooledRun(lead, input, { epochs, workers, pool, onProgress, signal, chunkMs }) {
  const kept = pool === undefined ? null : simulationPools.get(pool);
  const size = poolSize({ probesTotal: lead.progress().probesTotal, epochs, workers: kept?.size ?? workers, available: defaultThreads() });
  if (size < 2) return null;
  const module = await wasmModule('bloomcalc.sim.wasm');
  const { aborted, stop } = onAbort(signal, 'The simulation');
  const turn = kept?.turn();
  try {
    if (turn) await Promise.race([turn, aborted]);
    return await runPooled({
      lead,
      input,
      epochs,
      chunkMs,
      onProgress,
      callers: kept ? kept.callers(size, module) : Array.from({ length: size }, () => threadCaller(WORKER, { module })),
      guard(run) {
        if (signal?.aborted) throw abortError(signal, 'The simulation');
        return Promise.race([run(), aborted]);
      },
      // A kept thread still running a share (a run aborted or failed) is stopped; the pool starts it again when next used.
      stop: (callers) => stopAll(kept ? callers.filter((c) => c.busy) : callers),
    });
  } finally {
    stop();
    turn?.then((end) => end());
  }
}
