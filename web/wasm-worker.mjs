// A worker's side of web/wasm-share.mjs's protocol (described there): the JS API over one module, from the
// compiled WebAssembly.Module the page gives (else the worker loads the .wasm itself, beside its bundle: the
// factory's own new URL('bloomcalc.<name>.wasm', import.meta.url)). Each worker passes the Emscripten factory
// it needs, imported statically: this file and what it imports hold no import(), so a bundler can make each
// worker one self-contained file (Vite 5 builds workers as IIFE, which allows no code splitting).
// Tests: in a worker, performance mark 'bloomcalc:wasm-from-page' (detail: the module name) when it
// instantiates the Module it got.
import { MODULE_OPTIONS } from '../wasm/api.mjs';
import { createInBrowser } from '../wasm/browser-load.mjs';

/** Calls `load()` once per module name, its promise kept in `cache`; a failure is retried next time. */
export function loadOnce(cache, module, load) {
  cache[module] ??= load();
  cache[module].catch(() => (cache[module] = undefined));
  return cache[module];
}

let offered = false;
let onOffer = () => {};
const given = {}; // module name → resolve(WebAssembly.Module | null)
const inWorker = {}; // module name → Promise<the JS API over that module>
const used = {}; // module name → the WebAssembly.Module the page gave, once instantiated

// In a worker, on import (before the worker's own listener is added): the protocol's messages stop here.
// The offer is the first message the page posts, so it arrives before any request.
if (typeof WorkerGlobalScope !== 'undefined' && globalThis instanceof WorkerGlobalScope) {
  globalThis.addEventListener('message', (event) => {
    const { type, module, wasmModule } = event.data ?? {};
    if (type === 'bloomcalc:wasm-offer') {
      offered = true;
      onOffer();
    } else if (type === 'bloomcalc:wasm-give') given[module]?.(wasmModule ?? null);
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

/**
 * In a worker: the JS API over one module (wasm/api.mjs MODULE_NAMES), from the Module the page gave (else the .wasm), once.
 * `factory`: that module's Emscripten factory (the default export of dist/bloomcalc.<module>.mjs).
 */
export function loadInWorker(module, factory) {
  return loadOnce(inWorker, module, () =>
    fromPage(module).then((wasmModule) => {
      if (wasmModule) performance.mark('bloomcalc:wasm-from-page', { detail: module });
      used[module] = wasmModule;
      const compiled = wasmModule ? { [MODULE_OPTIONS[module].compiled]: wasmModule } : {};
      return createInBrowser({ [module]: async () => factory }, { modules: [module], ...compiled });
    }),
  );
}

/** In a worker: loadInWorker(module, factory) as soon as the page offers its Module, before a first call needs it; returns that load. */
export function loadWhenOffered(module, factory) {
  return (onOffer = () => loadInWorker(module, factory));
}

/**
 * A worker's own worker (the simulation pool, web/sim-worker.mjs) gets the compiled Module this worker was given,
 * by the page's protocol (web/wasm-share.mjs), this worker taking the page's part; without one (the page gave none,
 * or `module` is not loaded here yet) it loads the .wasm itself. Returns `worker`.
 */
export function offerModule(worker, module) {
  worker.addEventListener('message', (event) => {
    if (event.data?.type !== 'bloomcalc:wasm-ask') return;
    event.stopImmediatePropagation();
    worker.postMessage({ type: 'bloomcalc:wasm-give', module: event.data.module, wasmModule: event.data.module === module ? (used[module] ?? null) : null });
  });
  worker.postMessage({ type: 'bloomcalc:wasm-offer' });
  return worker;
}
