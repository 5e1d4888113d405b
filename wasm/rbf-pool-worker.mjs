// A worker thread of wasm/rbf-pool-node.mjs: loads the recycling module once — instantiating the
// WebAssembly.Module it was started with (compiled once by the parent), or reading it itself without one —
// then answers { id, input, k } with the rows of that k (calc.recommendRows) or the error (wasm/error-wire.mjs).
import { parentPort, workerData } from 'node:worker_threads';
import { createBloomCalc } from './index.mjs';
import { toWire } from './error-wire.mjs';

// recommendRows only (docs/decisions.md, "Two modules")
const calc = await createBloomCalc({ modules: ['rbf'], ...(workerData?.module ? { rbfWasmModule: workerData.module } : {}) });
parentPort.on('message', ({ id, input, k }) => {
  try {
    parentPort.postMessage({ id, rows: calc.recommendRows(input, k, k) });
  } catch (err) {
    parentPort.postMessage({ id, error: toWire(err) });
  }
});
