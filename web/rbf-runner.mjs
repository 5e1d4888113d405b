// The page side of the recycling-filter worker (web/rbf-worker.mjs → rbf-worker.js): request/response
// with progress, and cancel by terminating the worker (the next request starts a fresh one). The
// recommendation and the paper figures each use their own runner, so cancelling one leaves the other.

import { shareWasm } from './wasm-share.mjs';
import { fromWire } from '../wasm/error-wire.mjs';

/**
 * One module worker at a time; `cancel()` terminates it and the next request starts a fresh one. The
 * layouts, sizing and window calculators run theirs through the same runner (`file: 'layouts-worker.js'`, `'size-worker.js'`, `'tools-worker.js'`). `scope`
 * (web/worker-scope.mjs): the element's; out of the page, the worker is stopped and no request starts one.
 */
// Each worker spelled as a literal new Worker(new URL('./x.js', import.meta.url), { literal options }), the form
// bundlers (Vite, webpack) follow to emit the worker with the .wasm it loads (Vite refuses options computed at
// run time, a name built from a variable among them; docs/bundlers.md); each is offered the page's
// compiled WebAssembly modules (web/wasm-share.mjs), so a new worker neither fetches nor compiles a .wasm.
const WORKERS = {
  'rbf-worker.js': () => shareWasm(new Worker(new URL('./rbf-worker.js', import.meta.url), { type: 'module', name: 'bloomcalc-rbf' })),
  'layouts-worker.js': () => shareWasm(new Worker(new URL('./layouts-worker.js', import.meta.url), { type: 'module', name: 'bloomcalc-layouts' })),
  'size-worker.js': () => shareWasm(new Worker(new URL('./size-worker.js', import.meta.url), { type: 'module', name: 'bloomcalc-size' })),
  'tools-worker.js': () => shareWasm(new Worker(new URL('./tools-worker.js', import.meta.url), { type: 'module', name: 'bloomcalc-tools' })),
};

export function createRunner(onProgress, { file = 'rbf-worker.js', scope = null } = {}) {
  let worker = null;
  let nextId = 1;
  const pending = new Map();

  function spawn() {
    worker = WORKERS[file]();
    worker.addEventListener('message', ({ data }) => {
      const entry = pending.get(data.id);
      if (!entry) return;
      if (data.type === 'progress') return onProgress(data.done, data.total);
      pending.delete(data.id);
      if (data.type === 'result') entry.resolve(data.result);
      else entry.reject(fromWire(data.error));
    });
    worker.addEventListener('error', (event) => {
      event.preventDefault();
      const error = new Error(`The calculation worker failed: ${event.message || 'could not start'}`);
      for (const entry of pending.values()) entry.reject(error);
      pending.clear();
      worker?.terminate();
      worker = null;
    });
  }

  const runner = {
    request(type, input) {
      if (scope && !scope.admits()) return Promise.reject(fromWire({ name: 'AbortError', message: 'cancelled: the element left the page', cancelled: true }));
      if (!worker) spawn();
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, type, input });
      });
    },
    /** Stops everything in flight; their promises reject with an AbortError whose `cancelled` is true. */
    cancel() {
      worker?.terminate();
      worker = null;
      for (const entry of pending.values()) entry.reject(fromWire({ name: 'AbortError', message: 'cancelled', cancelled: true }));
      pending.clear();
    },
    get busy() {
      return pending.size > 0;
    },
  };
  scope?.own(() => {
    const busy = runner.busy;
    runner.cancel();
    return busy;
  });
  return runner;
}
