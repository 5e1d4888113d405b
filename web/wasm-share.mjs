// The page's WebAssembly modules, each fetched and compiled ONCE per page — lazily, when a calculator or a
// worker first needs it — and shared: every <bloom-calc> element of the page instantiates the same compiled
// WebAssembly.Module, and every worker the page starts gets it by postMessage (a Module is structured-cloned:
// the worker instantiates the compiled code without fetching or compiling the .wasm). docs/decisions.md,
// "Compiled once per page". The page's side is here (compiledModule, shareWasm, loadOnPage); a worker's
// (loadInWorker) is web/wasm-worker.mjs, a file of its own because this one fetches the recycling module's
// loader with import(), which no worker may contain (wasm/browser-load.mjs says why).
//
// The protocol, all messages typed 'bloomcalc:wasm-…':
//   page → worker  { type: 'bloomcalc:wasm-offer' }                 right after new Worker(): "ask me"
//   worker → page  { type: 'bloomcalc:wasm-ask', module }           when it first needs a module
//   page → worker  { type: 'bloomcalc:wasm-give', module, wasmModule }  null when the page could not compile
//                                                                    or clone it (the worker then loads it itself)
// A worker nobody offered a Module loads the .wasm itself, beside its bundle (the runtime's own
// new URL('bloomcalc.<name>.wasm', import.meta.url)).
// Debugging and tests: performance marks 'bloomcalc:wasm-compile' on the page per compile (detail: the URL),
// 'bloomcalc:wasm-give' per Module handed to a worker, and in a worker 'bloomcalc:wasm-from-page' (detail:
// the module name) when it instantiates the Module it got.
import { MODULE_OPTIONS } from '../wasm/api.mjs';
import { createInBrowser } from '../wasm/browser-load.mjs';
import { loadOnce as once } from './wasm-worker.mjs';

// Each module's Emscripten loader is a chunk fetched when that module is first needed — the main one too (not
// in the element's entry): a page of the recycling or library calculators never downloads it, and the entry,
// which the page waits for before it renders, stays small. (wasm/browser.mjs, the package's browser entry,
// keeps the main loader static.) One module per calculator, split along them (wasm/api.mjs MODULE_NAMES).
const FACTORIES = {
  main: async () => (await import('../dist/bloomcalc.web.mjs')).default,
  paradox: async () => (await import('../dist/bloomcalc.paradox.mjs')).default,
  sim: async () => (await import('../dist/bloomcalc.sim.mjs')).default,
  layouts: async () => (await import('../dist/bloomcalc.layouts.mjs')).default,
  rbf: async () => (await import('../dist/bloomcalc.rbf.mjs')).default,
  window: async () => (await import('../dist/bloomcalc.window.mjs')).default,
  tools: async () => (await import('../dist/bloomcalc.tools.mjs')).default,
};

// Each .wasm sits beside the bundle (dist/element/). Literal new URL(…, import.meta.url)s, so that a bundler
// given the element bundle (Vite, webpack) emits the files and rewrites these URLs; evaluated when first
// needed (not on import: the module is also bundled where import.meta.url is no base, e.g. a data: URL).
const WASM_URLS = {
  main: () => new URL('bloomcalc.web.wasm', import.meta.url).href,
  paradox: () => new URL('bloomcalc.paradox.wasm', import.meta.url).href,
  sim: () => new URL('bloomcalc.sim.wasm', import.meta.url).href,
  layouts: () => new URL('bloomcalc.layouts.wasm', import.meta.url).href,
  rbf: () => new URL('bloomcalc.rbf.wasm', import.meta.url).href,
  window: () => new URL('bloomcalc.window.wasm', import.meta.url).href,
  tools: () => new URL('bloomcalc.tools.wasm', import.meta.url).href,
};

/** The JS API over one module, instantiated from its compiled Module (or, without one, loading the .wasm). */
function instantiate(module, wasmModule) {
  if (!wasmModule) return createInBrowser(FACTORIES, { modules: [module] });
  return createInBrowser(FACTORIES, { modules: [module], [MODULE_OPTIONS[module].compiled]: wasmModule });
}

// ---------------------------------------------------------------- the page's side

const compiled = {}; // module name → Promise<WebAssembly.Module>
const onPage = {}; // module name → Promise<the JS API over that module>

// Every .wasm file starts with the magic word \0asm (WebAssembly core spec, 5.5.16 "Modules").
const WASM_MAGIC = [0x00, 0x61, 0x73, 0x6d];

/**
 * The error for bytes that are not WebAssembly: most often an HTML page a server sent for a missing file —
 * Vite's dev server does when it pre-bundled the package into node_modules/.vite/deps/, where the .wasm
 * beside the bundle is not (docs/bundlers.md).
 */
export function notWasmError(url, type) {
  return new Error(
    `${url} is not WebAssembly (the server sent ${type || 'no content type'}, not a .wasm file). ` +
      "With Vite's dev server, keep the package out of pre-bundling: optimizeDeps: { exclude: ['bloomcalc'] } (docs/bundlers.md).",
  );
}

async function compile(url) {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`could not download ${url} (HTTP ${response.status})`);
  performance.mark('bloomcalc:wasm-compile', { detail: url });
  // Streaming compilation (while the bytes arrive) needs the server to say application/wasm; else the bytes.
  const type = response.headers.get('content-type') ?? '';
  if (typeof WebAssembly.compileStreaming === 'function' && /^application\/wasm\b/.test(type)) return WebAssembly.compileStreaming(response);
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (WASM_MAGIC.some((byte, i) => bytes[i] !== byte)) throw notWasmError(url, type);
  return WebAssembly.compile(bytes);
}

/** The compiled WebAssembly.Module of a module ('main': bloomcalc.web.wasm; any other: bloomcalc.<name>.wasm), once per page. */
export function compiledModule(module) {
  if (!Object.hasOwn(WASM_URLS, module)) return Promise.reject(new RangeError(`no WebAssembly module '${module}'`));
  return once(compiled, module, () => compile(WASM_URLS[module]()));
}

/** The JS API over one module on the page: one instance for every element, from the page's Module. */
export function loadOnPage(module) {
  return once(onPage, module, () => {
    FACTORIES[module]?.().catch(() => {}); // its loader's chunks download while the .wasm compiles, not after
    return compiledModule(module).then((wasmModule) => instantiate(module, wasmModule));
  });
}

/** Offers the page's compiled modules to `worker` (one of ours: it calls loadInWorker); returns the worker. */
export function shareWasm(worker) {
  // Registered before the caller's own listener: the protocol's messages stop here.
  worker.addEventListener('message', (event) => {
    if (event.data?.type !== 'bloomcalc:wasm-ask') return;
    event.stopImmediatePropagation();
    const { module } = event.data;
    const give = (wasmModule) => worker.postMessage({ type: 'bloomcalc:wasm-give', module, wasmModule });
    compiledModule(module).then(
      (wasmModule) => {
        try {
          give(wasmModule);
          performance.mark('bloomcalc:wasm-give', { detail: module });
        } catch {
          give(null); // a browser that cannot clone a Module (DataCloneError): the worker loads the .wasm itself
        }
      },
      () => give(null),
    );
  });
  worker.postMessage({ type: 'bloomcalc:wasm-offer' });
  return worker;
}
