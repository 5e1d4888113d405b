// A worker thread of wasm/rbf-pool-node.mjs: loads the recycling module once — instantiating the
// WebAssembly.Module it was started with (compiled once by the parent), or reading it itself without one —
// then answers { id, input, k } with the rows of that k (calc.recommendRows), or { id, input, rbf: true } with
// rbf(input) without the synchronous bound on the exact fill (rbfAsync), or the error (wasm/error-wire.mjs).
import { parentPort, workerData } from 'node:worker_threads';
import rbfFactory from '../dist/bloomcalc.rbf.mjs';
import { rbfUnbounded, wrap } from './api.mjs';
import { toWire } from './error-wire.mjs';
import { instantiate } from './instantiate.mjs';
import { wasmModule } from './node-wasm.mjs';

// the recycling module only (docs/decisions.md, "Two modules")
const raw = await instantiate(rbfFactory, { wasmModule: workerData?.module ?? (await wasmModule('bloomcalc.rbf.wasm')) });
const calc = wrap(null, raw);
parentPort.on('message', ({ id, input, k, rbf }) => {
  try {
    parentPort.postMessage(rbf ? { id, result: rbfUnbounded(raw, input) } : { id, rows: calc.recommendRows(input, k, k) });
  } catch (err) {
    parentPort.postMessage({ id, error: toWire(err) });
  }
});
