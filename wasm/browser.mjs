// Browser and worker entry of the npm package: the ES module build with a separate .wasm file.
// The build locates the .wasm with `new URL('bloomcalc.web.wasm', import.meta.url)`, a pattern Vite and
// webpack follow to emit the file; unbundled, it sits beside dist/bloomcalc.web.mjs. Where a bundle has
// no import.meta (esbuild's IIFE/CommonJS output), it is looked for beside the script that loaded the
// bundle. Pass `locateFile` (or `wasmBinary`) to self-host the .wasm elsewhere (docs/bundlers.md).
import factory from '../dist/bloomcalc.web.mjs';
import { wrap } from './api.mjs';

// Captured while the script runs: document.currentScript is only set during a classic script's first run.
const scriptUrl =
  import.meta.url ||
  (typeof document !== 'undefined' && document.currentScript?.src) ||
  (typeof self !== 'undefined' && self.location?.href) ||
  undefined;
const fallbackLocate = import.meta.url || !scriptUrl ? undefined : (path) => new URL(path, scriptUrl).href;

export async function createBloomCalc(options = {}) {
  const locate = options.locateFile || options.wasmBinary ? {} : fallbackLocate ? { locateFile: fallbackLocate } : {};
  return wrap(await factory({ ...locate, ...options }));
}

export default createBloomCalc;
