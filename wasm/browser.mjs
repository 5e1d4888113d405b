// Browser and worker entry of the npm package: the ES module builds with their separate .wasm files. Six
// modules, split along the calculators (docs/decisions.md, "Modules along the calculators"; wasm/api.mjs
// MODULE_NAMES); createBloomCalc() loads all. How each .wasm is found: wasm/browser-load.mjs; instantiated by
// wasm/loader.mjs, as in every entry. Pass `locateFile` (or `wasmBinary` / `rbfWasmBinary` / …) to self-host the
// .wasm elsewhere (docs/bundlers.md).
import mainFactory from '../dist/bloomcalc.web.mjs';
import { createInBrowser } from './browser-load.mjs';

// Every other module's loader is a chunk of its own (a literal dynamic import, which bundlers split on): a page
// that never loads it does not download it.
const FACTORIES = {
  main: async () => mainFactory,
  paradox: async () => (await import('../dist/bloomcalc.paradox.mjs')).default,
  sim: async () => (await import('../dist/bloomcalc.sim.mjs')).default,
  layouts: async () => (await import('../dist/bloomcalc.layouts.mjs')).default,
  rbf: async () => (await import('../dist/bloomcalc.rbf.mjs')).default,
  window: async () => (await import('../dist/bloomcalc.window.mjs')).default,
  tools: async () => (await import('../dist/bloomcalc.tools.mjs')).default,
};

/**
 * Loads the WebAssembly modules and returns the calculator. `modules` (default all: wasm/api.mjs MODULE_NAMES)
 * picks which: a method of a module not loaded throws an Error saying so.
 */
export function createBloomCalc(options = {}) {
  return createInBrowser(FACTORIES, options);
}

export default createBloomCalc;
