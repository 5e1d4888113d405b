// Node entry of the npm package: the same ES module builds and the same .wasm files as browsers use. Two
// modules (docs/decisions.md, "Two modules"): bloomcalc.web.wasm (every calculator but the recycling
// filters) and bloomcalc.rbf.wasm (the recycling filters); createBloomCalc() loads both. Each .wasm is read
// with fs and compiled once per process (wasm/node-wasm.mjs), so the runtime never fetch()es a file path,
// and every createBloomCalc() and the worker pool's threads instantiate that one WebAssembly.Module
// (`wasmModule` / `rbfWasmModule`: a Module compiled elsewhere; `wasmBinary` / `rbfWasmBinary`: other bytes,
// compiled by that call). The package ships each .wasm once, in dist/element/ beside the browser bundles; a
// source checkout also has the build's own copies in dist/.
import mainFactory from '../dist/bloomcalc.web.mjs';
import rbfFactory from '../dist/bloomcalc.rbf.mjs';
import toolsFactory from '../dist/bloomcalc.tools.mjs';
import { MODULE_NAMES, MODULE_OPTIONS, modulesOf, wrap } from './api.mjs';
import { instantiate } from './instantiate.mjs';
import { wasmModule as compiledOnce } from './node-wasm.mjs';

const MODULES = {
  main: { factory: mainFactory, file: 'bloomcalc.web.wasm' },
  rbf: { factory: rbfFactory, file: 'bloomcalc.rbf.wasm' },
  tools: { factory: toolsFactory, file: 'bloomcalc.tools.wasm' },
};

async function load(name, options) {
  const { factory, file } = MODULES[name];
  const { bytes: option, compiled } = MODULE_OPTIONS[name];
  const rest = { ...options };
  delete rest.modules;
  for (const { bytes: b, compiled: c } of Object.values(MODULE_OPTIONS)) delete rest[b], delete rest[c];
  if (options[compiled]) return instantiate(factory, { ...rest, wasmModule: options[compiled] });
  if (options[option]) return factory({ ...rest, wasmBinary: options[option] });
  return instantiate(factory, { ...rest, wasmModule: await compiledOnce(file) });
}

/** Loads the WebAssembly modules (`modules`, default ['main', 'rbf', 'tools']) and returns the calculator. */
export async function createBloomCalc(options = {}) {
  const modules = modulesOf(options);
  const loaded = await Promise.all(MODULE_NAMES.map((name) => (modules.includes(name) ? load(name, options) : null)));
  return wrap(...loaded);
}

export default createBloomCalc;

// recommend() with the per-k rows on worker_threads (wasm/rbf-pool-node.mjs), once or on a kept pool; rbf() on a
// worker thread without the synchronous call's bound on the exact fill.
export { createRecommendPool, rbfAsync, recommendPooled } from './rbf-pool-node.mjs';
