// The one protocol of every worker of the package and the page (web/*-worker.mjs, wasm/rbf-pool-worker.mjs):
// a call of an allow-listed method with progress, answered once; errors cross whole (wasm/error-wire.mjs).
//   caller → worker  { id, method, input }
//   worker → caller  { id, progress: [args…] } (any number, before the answer), then { id, result } or { id, error }
// Cancelling is the caller's: it terminates the worker (a call may be inside one long synchronous wasm call,
// where no message is seen) and every pending call rejects; the next call starts a fresh worker.
import { fromWire, toWire } from './error-wire.mjs';

/**
 * The worker's side: answers calls arriving on `port` (self in a Web Worker, parentPort in a Node thread) over the
 * JS API that `load()` gives (or a promise of it, loaded on the first call). `methods` is the allow-list:
 * name → (bc, input, progress) => result (or a promise), where progress(...args) posts a progress message; a
 * name not in it is an Error.
 */
export function serveCalls(port, methods, load) {
  port.addEventListener('message', async ({ data }) => {
    const { id, method, input } = data ?? {};
    try {
      if (!Object.hasOwn(methods, method)) throw new Error(`no worker method '${method}'`);
      const bc = await load();
      port.postMessage({ id, result: await methods[method](bc, input, (...progress) => port.postMessage({ id, progress })) });
    } catch (err) {
      port.postMessage({ id, error: toWire(err) });
    }
  });
}

/** The error of a call cut short by cancel(): an AbortError whose `cancelled` is true. */
export const cancelledError = (message = 'cancelled') => fromWire({ name: 'AbortError', message, cancelled: true });

/**
 * The caller's side: one worker at a time, started by `spawn()` on the first call (an object with postMessage,
 * addEventListener('message' | 'error') and terminate: a Web Worker, or wasm/rbf-pool-node.mjs's thread);
 * `onProgress(...args)` gets the progress of every call without an onProgress of its own. `failed(event)`: the
 * error for a worker that failed as a whole (its 'error' event), given to every pending call; the worker is then
 * dropped. `scope` (on the page, the element's: web/worker-scope.mjs): while it does not admit work no call starts
 * a worker, and suspending it cancels what is in flight.
 */
export function createCaller(
  spawn,
  { onProgress = () => {}, failed = (event) => new Error(`The calculation worker failed: ${event.message || 'could not start'}`), scope = null } = {},
) {
  let worker = null;
  let nextId = 1;
  const pending = new Map();

  function rejectAll(error) {
    for (const entry of pending.values()) entry.reject(error);
    pending.clear();
  }

  function stop() {
    const stopped = worker?.terminate();
    worker = null;
    return stopped;
  }

  function start() {
    const own = (worker = spawn());
    own.addEventListener('message', ({ data }) => {
      const entry = pending.get(data?.id);
      if (!entry) return;
      if (data.progress) return (entry.onProgress ?? onProgress)(...data.progress);
      pending.delete(data.id);
      if (pending.size === 0) own.unref?.(); // a Node thread: an idle one does not hold the process open
      if ('error' in data) entry.reject(fromWire(data.error));
      else entry.resolve(data.result);
    });
    own.addEventListener('error', (event) => {
      event.preventDefault?.();
      if (worker !== own) return; // a worker already stopped
      rejectAll(failed(event));
      stop();
    });
  }

  const caller = {
    /** The worker's `method` (one of its allow-list) on `input`; its progress to `options.onProgress` when given. */
    call(method, input, options = {}) {
      if (scope && !scope.admits()) return Promise.reject(cancelledError('cancelled: the element left the page'));
      if (!worker) start();
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject, onProgress: options.onProgress });
        worker.ref?.();
        worker.postMessage({ id, method, input });
      });
    },
    /**
     * `method` on `input` in place of any call in flight (cancelled: its answer would be ignored); then
     * `done(result)` or `failed(error)`, only while `current()` is true and never for a cancelled call.
     */
    replace(method, input, { current, done, failed }) {
      if (pending.size > 0) caller.cancel();
      caller.call(method, input).then(
        (result) => current() && done(result),
        (error) => current() && !error?.cancelled && failed(error),
      );
    },
    /** Terminates the worker (returns what its terminate() returns); every pending call rejects with `error`. */
    cancel(error = cancelledError()) {
      const stopped = stop();
      rejectAll(error);
      return stopped;
    },
    get busy() {
      return pending.size > 0;
    },
  };
  scope?.own(() => {
    const busy = caller.busy;
    caller.cancel();
    return busy;
  });
  return caller;
}
