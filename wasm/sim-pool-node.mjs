// Node: a simulation's epochs on worker_threads (wasm/sim-pool.mjs shares them out; docs/simulation.md, "Workers"),
// behind bc.simulate() of the Node entry and the CLI (wasm/index.mjs sets it as api.mjs's epoch pool). Each thread
// instantiates the simulations' module compiled once per process (wasm/node-wasm.mjs). The result is the one the same input
// gives on one thread, whatever the thread count.
import { abortError, onAbort } from './errors.mjs';
import { wasmModule } from './node-wasm.mjs';
import { defaultThreads, threadCaller } from './node-threads.mjs';
import { pooledEpochs } from './sim-pool.mjs';

// A run estimated below this many bit probes stays on the calling thread: a thread's start and instantiation
// would cost more than it saves.
const POOLED_PROBES = 2 ** 24;

/**
 * `lead` (a simulation handle that has not run) absorbs the epochs of `input` run on `workers` threads (default: the
 * available parallelism, when the run is estimated at 2^24 bit probes or more); returns its result, or null to run
 * on the calling thread.
 */
export async function pooledRun(lead, input, { epochs, workers, onProgress, signal, chunkMs }) {
  const size = Math.min(workers ?? defaultThreads(), epochs);
  if (size < 2 || (workers === undefined && lead.progress().probesTotal < POOLED_PROBES)) return null;
  const module = await wasmModule('bloomcalc.sim.wasm');
  const chunks = [];
  const callers = Array.from({ length: size }, (_, w) =>
    threadCaller(new URL('./sim-pool-worker.mjs', import.meta.url), { module }, { onProgress: (chunk) => chunks[w](chunk) }),
  );
  const { aborted, stop } = onAbort(signal, 'The simulation');
  try {
    if (signal?.aborted) throw abortError(signal, 'The simulation');
    const workersOf = callers.map((caller, w) => ({
      epochs(share, onChunk) {
        chunks[w] = onChunk;
        return caller.call('epochs', { input, share, chunkMs });
      },
    }));
    await Promise.race([pooledEpochs({ lead, epochs, workers: workersOf, onProgress }), aborted]);
    return lead.result();
  } finally {
    stop();
    await Promise.all(callers.map((c) => c.cancel(new Error('the worker thread stopped'))));
  }
}
