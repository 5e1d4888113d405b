// Module Web Worker of the page: runs a simulation in chunks (about 8 ms of work each), posts progress
// after every chunk and yields to its event loop, so a 'cancel' message is seen within one chunk. After a
// cancel, an error or a finished run the worker takes the next 'run' message (it is reusable).
// Messages in:  { type: 'run', id, input, kind } | { type: 'cancel', id }   (kind 'paradox': bc.createParadoxSimulation)
// Messages out: { type: 'preparing', id } (before the model value, which can take seconds)
//               | { type: 'started', id, model } (the model value, before any epoch, for the running chart)
//               | { type: 'progress', id, progress } | { type: 'result', id, result } | { type: 'cancelled', id }
//               | { type: 'error', id, error } (toWire's plain object, wasm/error-wire.mjs)
import mainFactory from '../dist/bloomcalc.web.mjs';
import { loadInWorker } from './wasm-worker.mjs';
import { toWire } from '../wasm/error-wire.mjs';

// The main module (bloomcalc.web.wasm), loaded on the first request from the Module the page compiled
// (web/wasm-share.mjs, web/wasm-worker.mjs). The recycling module is not needed here (docs/decisions.md, "Two modules").
let current = null;

// A zero-delay turn of the event loop (setTimeout is clamped to 4 ms after a few nested calls).
function nextTurn() {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(0);
  });
}

async function run(id, input, kind) {
  if (current) current.cancelled = true;
  const job = { id, cancelled: false };
  current = job;
  let handle = null;
  try {
    const bc = await loadInWorker('main', mainFactory);
    handle = kind === 'paradox' ? bc.createParadoxSimulation(input, { chunkMs: 8 }) : bc.createSimulation(input, { chunkMs: 8 });
    if (kind !== 'paradox') self.postMessage({ type: 'preparing', id }); // result().model may take seconds
    self.postMessage({ type: 'started', id, model: kind === 'paradox' ? null : handle.result().model });
    for (;;) {
      if (job.cancelled) {
        self.postMessage({ type: 'cancelled', id });
        return;
      }
      const progress = handle.step();
      self.postMessage({ type: 'progress', id, progress });
      if (progress.done) {
        self.postMessage({ type: 'result', id, result: handle.result() });
        return;
      }
      await nextTurn();
    }
  } catch (err) {
    self.postMessage({ type: 'error', id, error: toWire(err) });
  } finally {
    handle?.dispose();
    if (current === job) current = null;
  }
}

self.onmessage = (event) => {
  const msg = event.data;
  if (msg?.type === 'run') run(msg.id, msg.input, msg.kind);
  else if (msg?.type === 'cancel' && current && current.id === msg.id) current.cancelled = true;
};
