// Node entry of the npm package: the same ES module builds and the same .wasm files as browsers use. Two
// modules (docs/decisions.md, "Two modules"): bloomcalc.web.wasm (every calculator but the recycling
// filters) and bloomcalc.rbf.wasm (the recycling filters); createBloomCalc() loads both (wasm/loader.mjs, as
// every entry does). Each .wasm is read with fs and compiled once per process (wasm/node-wasm.mjs), so the runtime
// never fetch()es a file path, and every createBloomCalc() and the worker pool's threads instantiate that one WebAssembly.Module
// (`wasmModule` / `rbfWasmModule`: a Module compiled elsewhere; `wasmBinary` / `rbfWasmBinary`: other bytes,
// compiled by that call). The package ships each .wasm once, in dist/element/ beside the browser bundles; a
// source checkout also has the build's own copies in dist/.
import mainFactory from '../dist/bloomcalc.web.mjs';
import rbfFactory from '../dist/bloomcalc.rbf.mjs';
import toolsFactory from '../dist/bloomcalc.tools.mjs';
import { createWith } from './loader.mjs';
import { wasmModule as compiledOnce } from './node-wasm.mjs';

const FACTORIES = { main: async () => mainFactory, rbf: async () => rbfFactory, tools: async () => toolsFactory };
const FILES = { main: 'bloomcalc.web.wasm', rbf: 'bloomcalc.rbf.wasm', tools: 'bloomcalc.tools.wasm' };

// Node's bytes: the process's one compiled Module of each .wasm, so the runtime fetches nothing.
const whereabouts = async (name) => ({ wasmModule: await compiledOnce(FILES[name]) });

/** Loads the WebAssembly modules (`modules`, default ['main', 'rbf', 'tools']) and returns the calculator. */
export function createBloomCalc(options = {}) {
  return createWith(FACTORIES, options, whereabouts);
}

export default createBloomCalc;

// recommend() with the per-k rows on worker_threads (wasm/rbf-pool-node.mjs), once or on a kept pool; rbf() on a
// worker thread without the synchronous call's bound on the exact fill.
export { createRecommendPool, rbfAsync, recommendPooled } from './rbf-pool-node.mjs';
