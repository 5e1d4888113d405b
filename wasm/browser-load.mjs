// A browser or a worker: where each module's .wasm is found, for the package's browser entry (wasm/browser.mjs,
// which fetches the recycling and tools modules' factories on demand with import()), the page
// (web/wasm-share.mjs) and the element's workers (web/wasm-worker.mjs: each worker imports the factories it needs
// statically, since a worker whose graph holds an import() is a code-splitting build, which Vite 5 refuses for
// its default IIFE workers). wasm/loader.mjs instantiates.
// Each factory locates its .wasm with `new URL('bloomcalc.<name>.wasm', import.meta.url)`, a pattern bundlers
// follow to emit the file. Where a bundle has no import.meta (esbuild's IIFE/CommonJS output), the .wasm is
// looked for beside the script that loaded the bundle. No bare import.meta.url here: webpack and Rspack
// replace it at build time with the build machine's file:// path.
import { createWith } from './loader.mjs';

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

/** The runtime fetches the .wasm itself: at its own URL, or beside the script without import.meta (unless the caller locates it). */
const whereabouts = (name, locateFile) => (locateFile || !fallbackLocate ? {} : { locateFile: fallbackLocate });

/**
 * The calculator over the modules `options.modules` names (default all), each made by `factories[name]()`
 * (a promise of the Emscripten factory), in a browser or a worker (wasm/loader.mjs's createWith).
 */
export function createInBrowser(factories, options = {}) {
  return createWith(factories, options, whereabouts);
}
