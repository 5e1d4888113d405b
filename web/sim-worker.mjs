// Module Web Worker of the "Simulate" panels (web/simulate.mjs, web/paradox-sim.mjs; the protocol:
// wasm/worker-protocol.mjs): runs a simulation in chunks (about 8 ms of work each),
// reporting progress after every chunk and yielding to its event loop between them. Methods 'simulate'
// (bc.createSimulation) and 'simulateParadox' (bc.createParadoxSimulation); progress ('preparing') before the
// model value, which can take seconds, ('started', model) before any epoch, for the running chart, and
// ('step', progress) after each chunk. Cancelling = the page terminates the worker.
import simFactory from '../dist/bloomcalc.sim.mjs';
import { loadInWorker } from './wasm-worker.mjs';
import { serveCalls } from '../wasm/worker-protocol.mjs';

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

serveCalls(
  self,
  {
    simulate(bc, input, progress) {
      const handle = bc.createSimulation(input, { chunkMs: 8 });
      try {
        progress('preparing'); // result().model may take seconds
        progress('started', handle.result().model);
      } catch (err) {
        handle.dispose();
        throw err;
      }
      return runToEnd(handle, progress);
    },
    simulateParadox(bc, input, progress) {
      const handle = bc.createParadoxSimulation(input, { chunkMs: 8 });
      progress('started', null);
      return runToEnd(handle, progress);
    },
  },
  () => loadInWorker('sim', simFactory),
);
