// Loading the Emscripten modules in a browser or a worker, given their factories (the generated
// dist/bloomcalc.<name>.mjs). Shared by the package's browser entry (wasm/browser.mjs, which fetches the
// recycling module's factory on demand with import()) and the element's workers (web/wasm-worker.mjs: each
// worker imports the factories it needs statically, since a worker whose graph holds an import() is a
// code-splitting build, which Vite 5 refuses for its default IIFE workers).
// Each factory locates its .wasm with `new URL('bloomcalc.<name>.wasm', import.meta.url)`, a pattern bundlers
// follow to emit the file. Where a bundle has no import.meta (esbuild's IIFE/CommonJS output), the .wasm is
// looked for beside the script that loaded the bundle. No bare import.meta.url here: webpack and Rspack
// replace it at build time with the build machine's file:// path.
import { MODULE_NAMES, MODULE_OPTIONS, modulesOf, wrap } from './api.mjs';
import { instantiate } from './instantiate.mjs';

// Captured while the script runs: document.currentScript is only set during a classic script's first run.
const scriptUrl = (typeof document !== 'undefined' && document.currentScript?.src) || (typeof self !== 'undefined' && self.location?.href) || undefined;

/** Whether this code runs with an import.meta.url a relative URL resolves against (an ES module). */
function hasModuleUrl() {
  try {
    return new URL('bloomcalc.web.wasm', import.meta.url).protocol !== '';
  } catch {
    return false; // IIFE / CommonJS bundle: import.meta is empty
  }
}
const fallbackLocate = hasModuleUrl() || !scriptUrl ? undefined : (path) => new URL(path, scriptUrl).href;

// `wasmModule` / `rbfWasmModule`: a compiled WebAssembly.Module, instantiated instead of fetching the bytes.
async function load(name, factoryOf, options) {
  const rest = { ...options };
  delete rest.modules;
  for (const { bytes: b, compiled: c } of Object.values(MODULE_OPTIONS)) delete rest[b], delete rest[c];
  const bytes = options[MODULE_OPTIONS[name].bytes];
  const compiled = options[MODULE_OPTIONS[name].compiled];
  const locate = rest.locateFile || bytes || compiled ? {} : fallbackLocate ? { locateFile: fallbackLocate } : {};
  const factory = await factoryOf();
  return instantiate(factory, { ...locate, ...rest, ...(bytes ? { wasmBinary: bytes } : {}), wasmModule: compiled });
}

/**
 * The calculator over the modules `options.modules` names (default both), each made by `factories[name]()`
 * (a promise of the Emscripten factory). A method of a module not loaded throws an Error saying so.
 */
export async function createWith(factories, options = {}) {
  const modules = modulesOf(options);
  const loaded = await Promise.all(MODULE_NAMES.map((name) => (modules.includes(name) ? load(name, factories[name], options) : null)));
  return wrap(...loaded);
}
