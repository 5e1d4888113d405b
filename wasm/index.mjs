// Node entry of the npm package: the same ES module builds and the same .wasm files as browsers use. Six
// modules, split along the calculators (docs/decisions.md, "Modules along the calculators"; wasm/api.mjs
// MODULE_NAMES); createBloomCalc() loads all (wasm/loader.mjs, as every entry does). Each .wasm is read with fs and
// compiled once per process (wasm/node-wasm.mjs), so the runtime never fetch()es a file path, and every
// createBloomCalc() and the worker pool's threads instantiate that one WebAssembly.Module (`wasmModule` /
// `rbfWasmModule` / …: a Module compiled elsewhere; `wasmBinary` / `rbfWasmBinary` / …: other bytes, compiled by
// that call). The package ships each .wasm once, in dist/element/ beside the browser bundles; a source checkout
// also has the build's own copies in dist/.
import mainFactory from '../dist/bloomcalc.web.mjs';
import paradoxFactory from '../dist/bloomcalc.paradox.mjs';
import simFactory from '../dist/bloomcalc.sim.mjs';
import layoutsFactory from '../dist/bloomcalc.layouts.mjs';
import rbfFactory from '../dist/bloomcalc.rbf.mjs';
import windowFactory from '../dist/bloomcalc.window.mjs';
import toolsFactory from '../dist/bloomcalc.tools.mjs';
import { MODULE_FILES } from './api.mjs';
import { createWith } from './loader.mjs';
import { wasmModule as compiledOnce } from './node-wasm.mjs';
import { pooledRun } from './sim-pool-node.mjs';
import { setEpochPool } from './api.mjs';

setEpochPool(pooledRun); // simulate()'s epochs on worker_threads

const FACTORY = {
  main: mainFactory,
  paradox: paradoxFactory,
  sim: simFactory,
  layouts: layoutsFactory,
  rbf: rbfFactory,
  window: windowFactory,
  tools: toolsFactory,
};
const FACTORIES = Object.fromEntries(Object.entries(FACTORY).map(([name, factory]) => [name, async () => factory]));

// Node's bytes: the process's one compiled Module of each .wasm, so the runtime fetches nothing.
const whereabouts = async (name) => ({ wasmModule: await compiledOnce(`${MODULE_FILES[name]}.wasm`) });

/**
 * Loads the WebAssembly modules (`modules`, default all: wasm/api.mjs MODULE_NAMES) and returns the calculator; in Node
 * its simulate() runs a long simulation's epochs on worker_threads (wasm/sim-pool-node.mjs; option `workers`, or
 * `pool`: createSimulationPool's threads, kept between runs).
 */
export function createBloomCalc(options = {}) {
  return createWith(FACTORIES, options, whereabouts);
}

export default createBloomCalc;

// recommend() with the per-k rows on worker_threads (wasm/rbf-pool-node.mjs), once or on a kept pool; rbf() on a
// worker thread without the synchronous call's bound on the exact fill.
export { createRecommendPool, rbfAsync, recommendPooled } from './rbf-pool-node.mjs';
// simulate()'s threads kept between runs.
export { createSimulationPool } from './sim-pool-node.mjs';
