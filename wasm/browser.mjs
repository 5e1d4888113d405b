// Browser and worker entry of the npm package: the ES module builds with their separate .wasm files.
// Two modules (docs/decisions.md, "Two modules"): bloomcalc.web.wasm (every calculator but the recycling
// filters) and bloomcalc.rbf.wasm (the recycling filters); createBloomCalc() loads both, side by side.
// Each build locates its .wasm with `new URL('bloomcalc.<name>.wasm', import.meta.url)`, a pattern Vite and
// webpack follow to emit the file; unbundled, it sits beside dist/bloomcalc.<name>.mjs. Where a bundle has
// no import.meta (esbuild's IIFE/CommonJS output), it is looked for beside the script that loaded the
// bundle. Pass `locateFile` (or `wasmBinary` / `rbfWasmBinary`) to self-host the .wasm elsewhere
// (docs/bundlers.md).
import mainFactory from '../dist/bloomcalc.web.mjs';
import { modulesOf, wrap } from './api.mjs';
import { instantiate } from './instantiate.mjs';

// Captured while the script runs: document.currentScript is only set during a classic script's first run.
const scriptUrl =
  import.meta.url ||
  (typeof document !== 'undefined' && document.currentScript?.src) ||
  (typeof self !== 'undefined' && self.location?.href) ||
  undefined;
const fallbackLocate = import.meta.url || !scriptUrl ? undefined : (path) => new URL(path, scriptUrl).href;

// The recycling module's loader is a chunk of its own (a dynamic import): a page that never loads it does
// not download it.
const FACTORIES = {
  main: async () => mainFactory,
  rbf: async () => (await import('../dist/bloomcalc.rbf.mjs')).default,
};

// `wasmModule` / `rbfWasmModule`: a compiled WebAssembly.Module, instantiated instead of fetching the bytes.
async function load(name, options) {
  const { modules, wasmBinary, rbfWasmBinary, wasmModule, rbfWasmModule, ...rest } = options;
  const bytes = name === 'main' ? wasmBinary : rbfWasmBinary;
  const compiled = name === 'main' ? wasmModule : rbfWasmModule;
  const locate = rest.locateFile || bytes || compiled ? {} : fallbackLocate ? { locateFile: fallbackLocate } : {};
  const factory = await FACTORIES[name]();
  return instantiate(factory, { ...locate, ...rest, ...(bytes ? { wasmBinary: bytes } : {}), wasmModule: compiled });
}

/**
 * Loads the WebAssembly modules and returns the calculator. `modules` (default ['main', 'rbf']) picks
 * which: a method of a module not loaded throws an Error saying so.
 */
export async function createBloomCalc(options = {}) {
  const modules = modulesOf(options);
  const [main, rbf] = await Promise.all(['main', 'rbf'].map((name) => (modules.includes(name) ? load(name, options) : null)));
  return wrap(main, rbf);
}

export default createBloomCalc;
