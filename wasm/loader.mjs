// The one place that instantiates the Emscripten modules (the generated dist/bloomcalc.<name>.mjs) and makes the
// calculator over them, for every entry: the Node entry (wasm/index.mjs), the browser entry (wasm/browser.mjs),
// the page (web/wasm-share.mjs), the page's workers (web/wasm-worker.mjs) and the Node pool's threads
// (wasm/rbf-pool-worker.mjs). The entries differ only in where a module's bytes come from when the options give
// neither its bytes nor its compiled Module (`whereabouts`): Node reads and compiles each .wasm once per process
// (wasm/node-wasm.mjs); a browser lets the runtime fetch it (wasm/browser-load.mjs).
import { MODULE_NAMES, MODULE_OPTIONS, modulesOf, wrap } from './api.mjs';

/**
 * Emscripten's factory with a WebAssembly.Module compiled elsewhere (options.wasmModule): the runtime's
 * instantiateWasm hook instantiates it, so workers that receive one Module share its compiled code instead of
 * each compiling the bytes. Without one, the factory's own loading. Rejects if the instantiation fails.
 */
export function instantiate(factory, { wasmModule, ...options }) {
  if (!wasmModule) return factory(options);
  return new Promise((resolve, reject) => {
    const instantiateWasm = (imports, receive) => {
      WebAssembly.instantiate(wasmModule, imports).then((instance) => receive(instance, wasmModule), reject);
      return {}; // the exports arrive through receive()
    };
    factory({ ...options, instantiateWasm }).then(resolve, reject);
  });
}

// One module: `wasmModule` / `rbfWasmModule` / … (a compiled WebAssembly.Module: MODULE_OPTIONS) is instantiated,
// `wasmBinary` / … (bytes) compiled by the runtime, else the entry's whereabouts(name, locateFile) say how.
async function load(name, factoryOf, options, whereabouts) {
  const { locateFile } = options;
  const bytes = options[MODULE_OPTIONS[name].bytes];
  const compiled = options[MODULE_OPTIONS[name].compiled];
  const where = bytes || compiled ? {} : await whereabouts(name, locateFile);
  const factory = await factoryOf();
  return instantiate(factory, {
    ...(locateFile ? { locateFile } : {}),
    ...where,
    ...(bytes ? { wasmBinary: bytes } : {}),
    ...(compiled ? { wasmModule: compiled } : {}),
  });
}

/**
 * The calculator over the modules `options.modules` names (default all), each made by `factories[name]()` (a
 * promise of its Emscripten factory). A method of a module not loaded throws an Error saying so.
 * `whereabouts(name, locateFile)`: the factory options that find the module's .wasm, or a promise of them.
 */
export async function createWith(factories, options = {}, whereabouts = () => ({})) {
  const modules = modulesOf(options);
  const loaded = await Promise.all(MODULE_NAMES.map((name) => (modules.includes(name) ? load(name, factories[name], options, whereabouts) : null)));
  return wrap(...loaded);
}
