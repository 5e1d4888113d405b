// Node: a simulation's epochs on worker_threads (wasm/sim-pool.mjs shares them out; docs/simulation.md, "Workers"),
// behind bc.simulate() of the Node entry and the CLI (wasm/index.mjs sets it as api.mjs's epoch pool). Each thread
// instantiates the simulations' module compiled once per process (wasm/node-wasm.mjs). The result is the one the same input
// gives on one thread, whatever the thread count.
import { abortError, onAbort } from './errors.mjs';
import { wasmModule } from './node-wasm.mjs';
import { defaultThreads, threadCaller } from './node-threads.mjs';
import { poolSize, runPooled } from './sim-pool.mjs';

/**
 * `lead` (a simulation handle that has not run) absorbs the epochs of `input` run on `workers` threads (default: the
 * available parallelism, when the run is estimated at POOLED_PROBES bit probes or more); returns its result, or null
 * to run on the calling thread.
 */
export async function pooledRun(lead, input, { epochs, workers, onProgress, signal, chunkMs }) {
  const size = poolSize({ probesTotal: lead.progress().probesTotal, epochs, workers, available: defaultThreads() });
  if (size < 2) return null;
  const module = await wasmModule('bloomcalc.sim.wasm');
  const { aborted, stop } = onAbort(signal, 'The simulation');
  try {
    return await runPooled({
      lead,
      input,
      epochs,
      size,
      chunkMs,
      onProgress,
      spawn: (onChunk) => threadCaller(new URL('./sim-pool-worker.mjs', import.meta.url), { module }, { onProgress: onChunk }),
      guard(run) {
        if (signal?.aborted) throw abortError(signal, 'The simulation');
        return Promise.race([run(), aborted]);
      },
      stop: (callers) => Promise.all(callers.map((c) => c.cancel(new Error('the worker thread stopped')))),
    });
  } finally {
    stop();
  }
}
