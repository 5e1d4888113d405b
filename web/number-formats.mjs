// The page's first number format (wasm/format.mjs, Intl.NumberFormat) initialises the browser's locale data and
// then its number data: one long task, where the first result is shown. That data is the renderer process's, so a
// worker of a few lines (web/intl-worker.mjs) loads it off the page's thread, once per page, when a first
// calculator starts to load; without a worker, two short tasks of their own (web/in-turn.mjs) do it here.
import { formatInt } from '../wasm/format.mjs';
import { inTurn } from './in-turn.mjs';

let queued = false;

function onThisThread() {
  inTurn(() => new Intl.Locale('en-US').maximize()); // the locale's data (likely subtags)
  inTurn(() => formatInt(0)); // the number format's
}

export function prepareNumberFormats() {
  if (queued || typeof Intl !== 'object') return;
  queued = true;
  let worker;
  try {
    worker = new Worker(new URL('./intl-worker.js', import.meta.url), { type: 'module', name: 'bloomcalc-intl' });
  } catch {
    onThisThread(); // no worker (a CSP without worker-src 'self', say)
    return;
  }
  worker.onmessage = () => {
    worker.terminate();
    inTurn(() => formatInt(0)); // the page's own format: cheap now
  };
  worker.onerror = () => {
    worker.terminate();
    onThisThread();
  };
}
