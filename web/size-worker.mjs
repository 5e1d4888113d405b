// Module Web Worker of the sizing calculator: bc.size off the page's thread (up to ~2 s for the exact method with
// distinct hashing), driven by web/rbf-runner.mjs's runner. A worker of its own, the smallest: the sizing
// calculator's first result comes from it (the embed size budget, tests/js/size.test.mjs).
// Messages in: { id, type: 'size', input }; out: { id, type: 'result', result } | { id, type: 'error', error }
// (error: toWire's plain object, wasm/error-wire.mjs).
import mainFactory from '../dist/bloomcalc.web.mjs';
import { loadInWorker } from './wasm-worker.mjs';
import { toWire } from '../wasm/error-wire.mjs';

self.addEventListener('message', async (event) => {
  const { id, input } = event.data;
  try {
    const bc = await loadInWorker('main', mainFactory);
    self.postMessage({ id, type: 'result', result: bc.size(input) });
  } catch (err) {
    self.postMessage({ id, type: 'error', error: toWire(err) });
  }
});
