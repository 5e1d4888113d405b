// Browser and worker entry of the npm package: the ES module builds with their separate .wasm files.
// Three modules (docs/decisions.md, "Two modules", "A third module"): bloomcalc.web.wasm (every calculator
// but the recycling filters and the library questions), bloomcalc.rbf.wasm (the recycling filters) and
// bloomcalc.tools.wasm (library sizing, hash-width floor, scalable filters); createBloomCalc() loads all.
// How each .wasm is found: wasm/browser-load.mjs; instantiated by wasm/loader.mjs, as in every entry. Pass `locateFile` (or `wasmBinary` / `rbfWasmBinary`) to
// self-host the .wasm elsewhere (docs/bundlers.md).
import mainFactory from '../dist/bloomcalc.web.mjs';
import { createInBrowser } from './browser-load.mjs';

// The recycling module's loader is a chunk of its own (a dynamic import): a page that never loads it does
// not download it.
const FACTORIES = {
  main: async () => mainFactory,
  rbf: async () => (await import('../dist/bloomcalc.rbf.mjs')).default,
  tools: async () => (await import('../dist/bloomcalc.tools.mjs')).default,
};

/**
 * Loads the WebAssembly modules and returns the calculator. `modules` (default ['main', 'rbf', 'tools']) picks
 * which: a method of a module not loaded throws an Error saying so.
 */
export function createBloomCalc(options = {}) {
  return createInBrowser(FACTORIES, options);
}

export default createBloomCalc;
