// Node: a worker thread as wasm/worker-protocol.mjs's caller sees a worker, for the pools (wasm/rbf-pool-node.mjs: the
// recommender; wasm/sim-pool-node.mjs: a simulation's epochs). Each thread instantiates the WebAssembly.Module it is
// given (workerData.module, compiled once per process by wasm/node-wasm.mjs), sharing its compiled code.
import { Worker } from 'node:worker_threads';
import os from 'node:os';
import { createCaller } from './worker-protocol.mjs';

// A thread inherits the process's Node options; --input-type (node --input-type=module -e …) is refused for a
// worker loaded from a file (ERR_INPUT_TYPE_NOT_ALLOWED), so it is left out.
const workerExecArgv = () => process.execArgv.filter((arg, i, all) => !arg.startsWith('--input-type') && all[i - 1] !== '--input-type');

/** A thread with the process's Node options; without them when a worker refuses one (a V8 flag: node --expose-gc). */
function newWorker(url, options) {
  try {
    return new Worker(url, { ...options, execArgv: workerExecArgv() });
  } catch (err) {
    if (err?.code !== 'ERR_WORKER_INVALID_EXEC_ARGV') throw err;
    return new Worker(url, { ...options, execArgv: [] });
  }
}

/**
 * A caller (wasm/worker-protocol.mjs) of the thread running `url` with `workerData`, started on its first call: its
 * 'error' event is the thread's error, or its exit (terminated, or died). `onProgress` gets the calls' progress.
 */
export function threadCaller(url, workerData, { onProgress } = {}) {
  const spawn = () => {
    const thread = newWorker(url, { workerData });
    thread.unref(); // an idle kept pool does not hold the process open; ref()'d while a call is pending
    return {
      postMessage: (message) => thread.postMessage(message),
      addEventListener(type, listener) {
        if (type === 'message') return thread.on('message', (data) => listener({ data }));
        thread.on('error', listener);
        thread.on('exit', (code) => listener(new Error(`the worker thread stopped (exit code ${code})`)));
      },
      terminate: () => thread.terminate(),
      ref: () => thread.ref(),
      unref: () => thread.unref(),
    };
  };
  return createCaller(spawn, { onProgress, failed: (error) => error });
}

/** The threads a pool starts by default: the available parallelism. */
export const defaultThreads = () => os.availableParallelism?.() ?? os.cpus().length;
