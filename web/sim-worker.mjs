// Module Web Worker of the "Simulate" panels (web/simulate.mjs, web/paradox-sim.mjs; the protocol:
// wasm/worker-protocol.mjs): runs a simulation in chunks (about 8 ms of work each),
// reporting progress after every chunk and yielding to its event loop between them. Methods 'simulate'
// (bc.createSimulation) and 'simulateParadox' (bc.createParadoxSimulation); progress ('preparing') before the
// model value, which can take seconds, ('started', model) before any epoch, for the running chart, ('workers',
// count) when the epochs run on workers of this one, and ('step', progress) after each chunk. Cancelling = the page
// terminates the worker (its own workers end with it).
// A simulation of POOLED_PROBES (2^24) bit probes or more shares its epochs out to navigator.hardwareConcurrency workers
// (web/sim-share-worker.mjs, each instantiating the Module this worker got) and absorbs them in epoch order, as
// Node's threads do (wasm/sim-pool.mjs, docs/simulation.md "Workers"): the result is the same whatever their number.
import simFactory from '../dist/bloomcalc.sim.mjs';
import { loadInWorker, offerModule } from './wasm-worker.mjs';
import { createCaller, serveCalls } from '../wasm/worker-protocol.mjs';
import { poolSize, runPooled } from '../wasm/sim-pool.mjs';

// The simulation module (bloomcalc.sim.wasm), loaded on the first request from the Module the page compiled
// (web/wasm-share.mjs, web/wasm-worker.mjs); no other module is needed here (docs/decisions.md, "Modules along the calculators").

// A zero-delay turn of the event loop (setTimeout is clamped to 4 ms after a few nested calls).
function nextTurn() {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(0);
  });
}

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

/** `handle` (created, not run) absorbs the epochs of `input`, run on `size` workers of this one; its result. */
function pooled(handle, input, epochs, size, progress) {
  progress('workers', size);
  return runPooled({
    lead: handle,
    input,
    epochs,
    size,
    chunkMs: 25,
    onProgress: (step) => progress('step', step),
    spawn: (onChunk) =>
      createCaller(() => offerModule(new Worker(new URL('./sim-share-worker.js', import.meta.url), { type: 'module', name: 'bloomcalc-sim-share' }), 'sim'), {
        onProgress: onChunk,
      }),
    stop: (callers) => callers.forEach((caller) => caller.cancel()),
  });
}

serveCalls(
  self,
  {
    async simulate(bc, input, progress) {
      const handle = bc.createSimulation(input, { chunkMs: 8 });
      let size = 1;
      let epochs = 0;
      try {
        progress('preparing'); // result().model may take seconds
        progress('started', handle.result().model);
        ({ epochs } = bc.simulationConfig(input));
        size = poolSize({ probesTotal: handle.progress().probesTotal, epochs, available: available() });
      } catch (err) {
        handle.dispose();
        throw err;
      }
      if (size < 2) return runToEnd(handle, progress);
      try {
        return await pooled(handle, input, epochs, size, progress);
      } finally {
        handle.dispose();
      }
    },
    simulateParadox(bc, input, progress) {
      const handle = bc.createParadoxSimulation(input, { chunkMs: 8 });
      progress('started', null);
      return runToEnd(handle, progress);
    },
  },
  () => loadInWorker('sim', simFactory),
);
