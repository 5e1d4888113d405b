// A worker thread of wasm/rbf-pool-node.mjs (the protocol: wasm/worker-protocol.mjs): loads the recycling module
// once — instantiating the WebAssembly.Module it was started with (compiled once by the parent), or reading it
// itself without one — then answers 'recommendRows' ({ input, k }: the rows of that k) and 'rbfUnbounded'
// (rbf(input) without the synchronous bound on the exact fill: rbfAsync).
import { parentPort, workerData } from 'node:worker_threads';
import rbfFactory from '../dist/bloomcalc.rbf.mjs';
import { rbfUnbounded, wrap } from './api.mjs';
import { instantiate } from './loader.mjs';
import { wasmModule } from './node-wasm.mjs';
import { serveCalls } from './worker-protocol.mjs';

// the recycling module only (docs/decisions.md, "Two modules")
const raw = await instantiate(rbfFactory, { wasmModule: workerData?.module ?? (await wasmModule('bloomcalc.rbf.wasm')) });
const calc = wrap(null, raw);
serveCalls(
  parentPort,
  {
    recommendRows: (bc, { input, k }) => bc.recommendRows(input, k, k),
    rbfUnbounded: (bc, input) => rbfUnbounded(raw, input),
  },
  () => calc,
);
