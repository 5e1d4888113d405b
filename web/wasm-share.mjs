// The page's WebAssembly modules, each fetched and compiled ONCE per page — lazily, when a calculator or a
// worker first needs it — and shared: every <bloom-calc> element of the page instantiates the same compiled
// WebAssembly.Module, and every worker the page starts gets it by postMessage (a Module is structured-cloned:
// the worker instantiates the compiled code without fetching or compiling the .wasm). docs/decisions.md,
// "Compiled once per page". Both sides are here: the page's (compiledModule, shareWasm, loadOnPage) and a
// worker's (loadInWorker); one file that the page, the calculators and the workers all import, so the
// bundler keeps it in the runtime chunk they share (no request of its own).
//
// The protocol, all messages typed 'bloomcalc:wasm-…':
//   page → worker  { type: 'bloomcalc:wasm-offer' }                 right after new Worker(): "ask me"
//   worker → page  { type: 'bloomcalc:wasm-ask', module }           when it first needs 'main' or 'rbf'
//   page → worker  { type: 'bloomcalc:wasm-give', module, wasmModule }  null when the page could not compile
//                                                                    or clone it (the worker then loads it itself)
// A worker nobody offered a Module loads the .wasm itself, beside its bundle (the runtime's own
// new URL('bloomcalc.<name>.wasm', import.meta.url)).
// Debugging and tests: performance marks 'bloomcalc:wasm-compile' on the page per compile (detail: the URL),
// 'bloomcalc:wasm-give' per Module handed to a worker, and in a worker 'bloomcalc:wasm-from-page' (detail:
// the module name) when it instantiates the Module it got.
import { createBloomCalc } from '../wasm/browser.mjs';

// Each .wasm sits beside the bundle (dist/element/). Literal new URL(…, import.meta.url)s, so that a bundler
// given the element bundle (Vite, webpack) emits the files and rewrites these URLs; evaluated when first
// needed (not on import: the module is also bundled where import.meta.url is no base, e.g. a data: URL).
const WASM_URLS = {
  main: () => new URL('bloomcalc.web.wasm', import.meta.url).href,
  rbf: () => new URL('bloomcalc.rbf.wasm', import.meta.url).href,
};

/** The JS API over one module, instantiated from its compiled Module (or, without one, loading the .wasm). */
function instantiate(module, wasmModule) {
  if (!wasmModule) return createBloomCalc({ modules: [module] });
  return createBloomCalc({ modules: [module], [module === 'main' ? 'wasmModule' : 'rbfWasmModule']: wasmModule });
}

/** Calls `load()` once per module name, its promise kept; a failure is retried next time. */
function once(cache, module, load) {
  cache[module] ??= load();
  cache[module].catch(() => (cache[module] = undefined));
  return cache[module];
}

// ---------------------------------------------------------------- the page's side

const compiled = {}; // module name → Promise<WebAssembly.Module>
const onPage = {}; // module name → Promise<the JS API over that module>

async function compile(url) {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`could not download ${url} (HTTP ${response.status})`);
  performance.mark('bloomcalc:wasm-compile', { detail: url });
  // Streaming compilation (while the bytes arrive) needs the server to say application/wasm; else the bytes.
  const streaming = typeof WebAssembly.compileStreaming === 'function' && /^application\/wasm\b/.test(response.headers.get('content-type') ?? '');
  return streaming ? WebAssembly.compileStreaming(response) : WebAssembly.compile(await response.arrayBuffer());
}

/** The compiled WebAssembly.Module of 'main' (bloomcalc.web.wasm) or 'rbf' (bloomcalc.rbf.wasm), once per page. */
export function compiledModule(module) {
  if (!Object.hasOwn(WASM_URLS, module)) return Promise.reject(new RangeError(`no WebAssembly module '${module}'`));
  return once(compiled, module, () => compile(WASM_URLS[module]()));
}

/** The JS API over 'main' or 'rbf' on the page: one instance for every element, from the page's Module. */
export function loadOnPage(module) {
  return once(onPage, module, () => compiledModule(module).then((wasmModule) => instantiate(module, wasmModule)));
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

// ---------------------------------------------------------------- a worker's side

let offered = false;
const given = {}; // module name → resolve(WebAssembly.Module | null)
const inWorker = {}; // module name → Promise<the JS API over that module>

// In a worker, on import (before the worker's own listener is added): the protocol's messages stop here.
// The offer is the first message the page posts, so it arrives before any request.
if (typeof WorkerGlobalScope !== 'undefined' && globalThis instanceof WorkerGlobalScope) {
  globalThis.addEventListener('message', (event) => {
    const { type, module, wasmModule } = event.data ?? {};
    if (type === 'bloomcalc:wasm-offer') offered = true;
    else if (type === 'bloomcalc:wasm-give') given[module]?.(wasmModule ?? null);
    else return;
    event.stopImmediatePropagation();
  });
}

function fromPage(module) {
  if (!offered) return Promise.resolve(null);
  const answer = new Promise((resolve) => (given[module] = resolve));
  globalThis.postMessage({ type: 'bloomcalc:wasm-ask', module });
  return answer;
}

/** In a worker: the JS API over 'main' or 'rbf', from the Module the page gave (else the .wasm), once. */
export function loadInWorker(module) {
  return once(inWorker, module, () =>
    fromPage(module).then((wasmModule) => {
      if (wasmModule) performance.mark('bloomcalc:wasm-from-page', { detail: module });
      return instantiate(module, wasmModule);
    }),
  );
}
