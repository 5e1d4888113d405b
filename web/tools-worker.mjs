// Module Web Worker of the tools module's long calls (bloomcalc.tools.wasm): the sliding-window calculator's
// bc.window (a few hundred model evaluations, up to ~1 s in wasm), driven by web/rbf-runner.mjs's runner.
// Messages in: { id, type: 'window', input }; out: { id, type: 'result', result } | { id, type: 'error', error }
// (error: toWire's plain object, wasm/error-wire.mjs).
import toolsFactory from '../dist/bloomcalc.tools.mjs';
import { loadInWorker } from './wasm-worker.mjs';
import { toWire } from '../wasm/error-wire.mjs';

const METHODS = new Set(['window']);

self.addEventListener('message', async (event) => {
  const { id, type, input } = event.data;
  try {
    if (!METHODS.has(type)) throw new Error(`tools-worker: unknown request type ${JSON.stringify(type)}`);
    const bc = await loadInWorker('tools', toolsFactory);
    self.postMessage({ id, type: 'result', result: bc[type](input) });
  } catch (err) {
    self.postMessage({ id, type: 'error', error: toWire(err) });
  }
});
