// The epochs of one simulation on a pool of workers (issue 34; docs/simulation.md, "Workers"). Every epoch has a seed
// stream and a warm-up of its own (the core's epoch_seed, epoch_warmup), so worker w of W runs epochs w, w + W, …
// and sends each completed epoch's counts; the lead (a simulation that runs nothing itself) absorbs them in epoch
// order. The result is the same whatever W. No model logic here — only the sharing out and the ordering. The
// worker handles come from the environment: worker_threads in Node (sim-pool-node.mjs), Web Workers on the page.

import { typeError } from './errors.mjs';

// Below this many bit probes (the run's estimate, progress().probesTotal) a simulation stays where it is — Node's
// calling thread, the page's simulation worker — unless workers are asked for: starting workers and instantiating
// the module in each would cost more than it saves.
export const POOLED_PROBES = 2 ** 24;

/**
 * The workers a run of `epochs` epochs and `probesTotal` estimated bit probes takes: `workers` when asked for (Node's
 * option), else `available` (the cores) for a run of POOLED_PROBES or more, else 1; never more than its epochs, nor
 * more copies of its state (`stateBytes` each: every worker simulates a structure of its own) than `memory` holds.
 * Fewer than 2: the run is not pooled.
 */
export function poolSize({ probesTotal, epochs, workers, available, stateBytes = 0, memory = Infinity }) {
  if (workers === undefined && probesTotal < POOLED_PROBES) return 1;
  return Math.max(1, Math.min(workers ?? available, epochs, stateBytes > 0 ? Math.floor(memory / stateBytes) : Infinity));
}

// Node's kept pools (wasm/sim-pool-node.mjs, createSimulationPool): pool → what a run on it takes (its size, its
// threads, its turns). Here, so that simulate() checks its `pool` option in every entry.
export const simulationPools = new WeakMap();

/** simulate()'s `pool`: absent, or a pool from createSimulationPool() (Node), without `workers` (TypeError naming it). */
export function checkPool(pool, workers) {
  if (pool === undefined) return;
  if (!simulationPools.has(pool)) throw typeError('pool', 'a pool from createSimulationPool() (Node)', pool);
  if (workers !== undefined) throw typeError('workers', 'absent when a pool is given (its size is the workers)', workers);
}

/** A pool worker's share of the epochs: { first, stride }, integers (the core checks them against the run). */
export function shareOf({ first, stride }) {
  for (const [name, x] of [
    ['first', first],
    ['stride', stride],
  ])
    if (!Number.isSafeInteger(x) || x < 0) throw typeError(`share.${name}`, 'an integer ≥ 0', x);
  return { first, stride };
}

/** simulate()'s `workers`: absent, or an integer in [1, 256] (TypeError / RangeError naming it). */
export function checkWorkers(workers) {
  if (workers === undefined) return;
  if (typeof workers !== 'number') throw typeError('workers', 'a number of threads', workers);
  if (!(Number.isSafeInteger(workers) && workers >= 1 && workers <= 256))
    throw Object.assign(new RangeError(`workers must be an integer in [1, 256]; got ${workers}`), { parameter: 'workers', validRange: '[1, 256]' });
}

const COLUMNS = ['arrivals', 'newArrivals', 'fpFirst', 'fpEach', 'falseNegatives', 'recycles', 'counterSaturations'];

/** The epochs of `counts` (columns, as a result's epochCounts) one record each. */
const rowsOf = (counts) => counts.arrivals.map((_, i) => COLUMNS.map((name) => counts[name][i]));

/** Records back into columns. */
function columnsOf(rows) {
  const out = {};
  COLUMNS.forEach((name, f) => (out[name] = rows.map((row) => row[f])));
  return out;
}

/**
 * @param {object} o
 * @param {{ absorb(counts: object, probes: number): object }} o.lead absorbs the next epochs in order; returns the
 *   progress, or a promise of it (a lead in a worker: the absorbs are chained, so they reach it in order)
 * @param {number} o.epochs the run's epochs
 * @param {Array<{ epochs(share: { first: number, stride: number },
 *   onChunk: (chunk: { counts: object, probes: number }) => void): Promise<unknown> }>} o.workers
 * @param {(progress: object) => void} [o.onProgress] after each chunk any worker reports (epochRates: those absorbed by it)
 * @returns {Promise<object>} the lead's last progress
 */
export async function pooledEpochs({ lead, epochs, workers, onProgress }) {
  const size = Math.min(workers.length, epochs);
  const queues = Array.from({ length: size }, () => []); // worker w's completed epochs not yet absorbed
  let next = 0; // the next epoch to absorb
  let chain = Promise.resolve(null);
  function take({ counts, probes }, w) {
    queues[w].push(...rowsOf(counts));
    const ready = [];
    while (next < epochs && queues[next % size].length > 0) ready.push(queues[next++ % size].shift());
    const rates = ready.map((row) => (row[1] ? row[2] / row[1] : NaN)); // fpFirst / newArrivals, as epochRates
    chain = chain.then(async () => {
      const progress = await lead.absorb(columnsOf(ready), probes);
      onProgress?.({ ...progress, epochRates: rates });
      return progress;
    });
  }
  await Promise.all(Array.from({ length: size }, (_, w) => workers[w].epochs({ first: w, stride: size }, (chunk) => take(chunk, w))));
  return chain;
}

/**
 * The caller's side of a pool: `lead` (a simulation handle that has not run) absorbs the epochs of `input` run by
 * `callers` (wasm/worker-protocol.mjs callers whose workers answer 'epochs' with runShare, below: one per worker);
 * returns its result. `guard(run)` runs the pool (Node: refuses an aborted signal and races the abort);
 * `stop(callers)` ends the callers whatever happened (awaited).
 */
export async function runPooled({ lead, input, epochs, callers, chunkMs, onProgress, guard = (run) => run(), stop }) {
  const workers = callers.map((caller) => ({
    epochs: (share, onChunk) => caller.call('epochs', { input, share, chunkMs }, { onProgress: onChunk }),
  }));
  try {
    await guard(() => pooledEpochs({ lead, epochs, workers, onProgress }));
    return lead.result();
  } finally {
    await stop(callers);
  }
}

// A zero-delay turn of the event loop: setTimeout(0) waits 1 ms in Node, and 4 ms in a browser after a few nested
// calls, a large part of a chunk of 8 ms (docs/simulation.md, "Throughput").
export function nextTurn() {
  return new Promise((resolve) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => {
      port1.close();
      resolve();
    };
    port2.postMessage(0);
  });
}

/**
 * A worker's side: runs `share` ({ first, stride }) of the simulation `input` to its end in chunks of about `chunkMs`,
 * calling progress({ counts, probes }) after each chunk with the epochs it completed and the bit probes it did.
 */
export async function runShare(bc, { input, share, chunkMs = 25 }, progress) {
  const handle = bc.createSimulation(input, { share, chunkMs });
  try {
    let seen = 0;
    let probes = 0;
    for (;;) {
      const step = handle.step();
      const counts = handle.epochCounts(seen);
      seen += counts.arrivals.length;
      progress({ counts, probes: step.probes - probes });
      probes = step.probes;
      if (step.done) return null;
      await nextTurn(); // a turn of the event loop between chunks (a lead in this worker absorbs meanwhile)
    }
  } finally {
    handle.dispose();
  }
}
