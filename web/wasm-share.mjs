// The page's WebAssembly modules, each fetched and compiled ONCE per page — lazily, when a calculator or a
// worker first needs it — and shared: every <bloom-calc> element of the page instantiates the same compiled
// WebAssembly.Module, and every worker the page starts gets it by postMessage (a Module is structured-cloned:
// the worker instantiates the compiled code without fetching or compiling the .wasm). docs/decisions.md,
// "Compiled once per page".
//
// The protocol with a worker (its side: web/wasm-from-page.mjs), all messages typed 'bloomcalc:wasm-…':
//   page → worker  { type: 'bloomcalc:wasm-offer' }                 right after new Worker(): "ask me"
//   worker → page  { type: 'bloomcalc:wasm-ask', module }           when it first needs 'main' or 'rbf'
//   page → worker  { type: 'bloomcalc:wasm-give', module, wasmModule }  null when the page could not compile
//                                                                    it (the worker then loads it itself)
// Debugging and tests: each compile is a performance mark 'bloomcalc:wasm-compile' (detail: the file), each
// Module handed to a worker 'bloomcalc:wasm-give' (detail: the module name).

// Each .wasm sits beside the bundle (dist/element/). Literal new URL(…, import.meta.url)s, so that a bundler
// given the element bundle (Vite, webpack) emits the files and rewrites these URLs; evaluated when first
// needed (not on import: the module is also bundled where import.meta.url is no base, e.g. a data: URL).
const WASM_URLS = {
  main: () => new URL('bloomcalc.web.wasm', import.meta.url).href,
  rbf: () => new URL('bloomcalc.rbf.wasm', import.meta.url).href,
};

const compiled = {}; // module name → Promise<WebAssembly.Module>

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
  compiled[module] ??= compile(WASM_URLS[module]());
  compiled[module].catch(() => (compiled[module] = undefined)); // a failed download is retried next time
  return compiled[module];
}

/** Offers the page's compiled modules to `worker` (one of ours, importing web/wasm-from-page.mjs); returns it. */
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
