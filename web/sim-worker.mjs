// Module Web Worker of the "Simulate" panels (web/simulate.mjs, web/paradox-sim.mjs; the protocol:
// wasm/worker-protocol.mjs): runs a simulation in chunks (about 8 ms of work each),
// reporting progress after every chunk and yielding to its event loop between them. Methods 'simulate'
// (bc.createSimulation) and 'simulateParadox' (bc.createParadoxSimulation); progress ('preparing') before the
// model value, which can take seconds, ('started', model) before any epoch, for the running chart, ('workers',
// count, plan: planOf's) when the epochs run on workers of this one, and ('step', progress) after each
// chunk. 'estimate', 'estimateParadox': what a run would take, before it (its bit probes, workers and this device's
// probe rate).
// Cancelling = the page terminates the worker (its own workers end with it).
// A simulation of POOLED_PROBES (2^24) bit probes or more shares its epochs out to navigator.hardwareConcurrency workers
// (web/sim-share-worker.mjs, each instantiating the Module this worker got; fewer when their copies of the state
// would exceed POOL_MEMORY) and absorbs them in epoch order, as Node's threads do (wasm/sim-pool.mjs,
// docs/simulation.md "Workers"): the result is the same whatever their number.
import simFactory from '../dist/bloomcalc.sim.mjs';
import { loadInWorker, offerModule } from './wasm-worker.mjs';
import { createCaller, serveCalls } from '../wasm/worker-protocol.mjs';
import { nextTurn, poolSize, runPooled } from '../wasm/sim-pool.mjs';

// The simulation module (bloomcalc.sim.wasm), loaded on the first request from the Module the page compiled
// (web/wasm-share.mjs, web/wasm-worker.mjs); no other module is needed here (docs/decisions.md, "Modules along the calculators").

/** Steps `handle` to the end, reporting each chunk's progress; frees it whatever happens. */
async function runToEnd(handle, progress) {
  try {
    for (;;) {
      const step = handle.step();
      progress('step', step);
      if (step.done) return handle.result();
      await nextTurn();
    }
  } finally {
    handle.dispose();
  }
}

/** The cores the browser reports; 1 where a worker cannot start workers. */
const available = () => (typeof Worker === 'function' ? navigator.hardwareConcurrency || 1 : 1);

// The memory the page's simulation states may take in all. Every worker of the pool simulates a structure of its
// own (up to the core's 256 MiB state budget, within its module's 4 GiB of wasm32 memory), and all of them live in
// the page's renderer process, whose memory the browser bounds (docs/simulation.md, "The page's limits"); the
// simulation worker holds one more copy (the estimate's calibration runs the simulation here).
const POOL_MEMORY = 2 ** 31;

/**
 * The run of `input` (its handle, created, not run): { epochs, probes, size: its workers, wanted: the workers it would
 * take without the memory bound, stateBytes, memory: POOL_MEMORY }.
 */
function planOf(bc, input, handle) {
  const { epochs, stateBytes } = bc.simulationConfig(input);
  const probes = handle.progress().probesTotal;
  const wanted = poolSize({ probesTotal: probes, epochs, available: available() });
  const size = poolSize({ probesTotal: probes, epochs, available: available(), stateBytes, memory: POOL_MEMORY - stateBytes });
  return { epochs, probes, size, wanted, stateBytes, memory: POOL_MEMORY };
}

// The calibration: about this long of the simulation itself, after its first chunk (which allocates the state).
const CALIBRATION_MS = 40;

/** Bit probes per second of one worker on `input` (a run `create` makes), measured on a short stretch of it (disposed after). */
async function calibrate(input, create) {
  const handle = create(input, { chunkMs: 8 });
  try {
    let t0 = performance.now();
    let step = handle.step();
    let from = 0;
    if (!step.done) {
      await nextTurn();
      ((t0 = performance.now()), (from = step.probes));
      while (!step.done && performance.now() - t0 < CALIBRATION_MS) step = handle.step();
    }
    return (step.probes - from) / Math.max((performance.now() - t0) / 1000, 1e-6);
  } finally {
    handle.dispose();
  }
}

/** `handle` (created, not run) absorbs the epochs of `input`, run on the plan's workers of this one; its result. */
function pooled(handle, input, plan, progress) {
  const { epochs, size } = plan;
  progress('workers', size, plan);
  return runPooled({
    lead: handle,
    input,
    epochs,
    chunkMs: 25,
    onProgress: (step) => progress('step', step),
    callers: Array.from({ length: size }, () =>
      createCaller(() => offerModule(new Worker(new URL('./sim-share-worker.js', import.meta.url), { type: 'module', name: 'bloomcalc-sim-share' }), 'sim')),
    ),
    stop: (callers) => callers.forEach((caller) => caller.cancel()),
  });
}

serveCalls(
  self,
  {
    async simulate(bc, input, progress) {
      const handle = bc.createSimulation(input, { chunkMs: 8 });
      let plan;
      try {
        progress('preparing'); // result().model may take seconds
        progress('started', handle.result().model);
        plan = planOf(bc, input, handle);
      } catch (err) {
        handle.dispose();
        throw err;
      }
      if (plan.size < 2) return runToEnd(handle, progress);
      try {
        return await pooled(handle, input, plan, progress);
      } finally {
        handle.dispose();
      }
    },
    /**
     * Before a run: its plan (planOf: the core's estimate of its bit probes, its workers) and `rate`, the bit probes
     * per second of one worker: the page's when it has one (its last run of this filter), else measured here.
     */
    async estimate(bc, { input, rate }) {
      const handle = bc.createSimulation(input);
      let plan;
      try {
        plan = planOf(bc, input, handle);
      } finally {
        handle.dispose();
      }
      return { ...plan, rate: rate ?? (await calibrate(input, bc.createSimulation)) };
    },
    /** The same for the paradox's simulation, which runs here alone (one worker). */
    async estimateParadox(bc, { input, rate }) {
      const handle = bc.createParadoxSimulation(input);
      let probes;
      try {
        probes = handle.progress().probesTotal;
      } finally {
        handle.dispose();
      }
      return { probes, size: 1, rate: rate ?? (await calibrate(input, bc.createParadoxSimulation)) };
    },
    simulateParadox(bc, input, progress) {
      const handle = bc.createParadoxSimulation(input, { chunkMs: 8 });
      progress('started', null);
      return runToEnd(handle, progress);
    },
  },
  () => loadInWorker('sim', simFactory),
);
