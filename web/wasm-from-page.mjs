// In a module worker of the page: the JS API over one WebAssembly module, instantiated from the Module the page
// compiled (web/wasm-share.mjs: the page offers its modules right after starting the worker, the worker asks
// for the one it needs and receives it by postMessage) — no fetch and no compile here. A worker started by
// anyone else (no offer), or whose page could not compile the module, loads the .wasm itself, beside this
// bundle: the runtime's own new URL('bloomcalc.<name>.wasm', import.meta.url), a literal that bundlers (Vite,
// webpack) follow when they take the worker in.
import { createBloomCalc } from '../wasm/browser.mjs';

let offered = false;
const given = {}; // module name → resolve(WebAssembly.Module | null)

// Imported before the worker's own listener is added: the protocol's messages stop here. The offer is the
// first message the page posts, so it arrives before any request.
self.addEventListener('message', (event) => {
  const { type, module, wasmModule } = event.data ?? {};
  if (type === 'bloomcalc:wasm-offer') offered = true;
  else if (type === 'bloomcalc:wasm-give') given[module]?.(wasmModule ?? null);
  else return;
  event.stopImmediatePropagation();
});

function fromPage(module) {
  if (!offered) return Promise.resolve(null);
  const answer = new Promise((resolve) => (given[module] = resolve));
  self.postMessage({ type: 'bloomcalc:wasm-ask', module });
  return answer;
}

const loading = {}; // module name → Promise<the JS API over that module>

/** The JS API over 'main' (bloomcalc.web.wasm) or 'rbf' (bloomcalc.rbf.wasm), loaded once per worker. */
export function loadModule(module) {
  loading[module] ??= fromPage(module).then((wasmModule) => {
    if (!wasmModule) return createBloomCalc({ modules: [module] });
    performance.mark('bloomcalc:wasm-from-page', { detail: module });
    return createBloomCalc({ modules: [module], [module === 'main' ? 'wasmModule' : 'rbfWasmModule']: wasmModule });
  });
  loading[module].catch(() => (loading[module] = undefined));
  return loading[module];
}
