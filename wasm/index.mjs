// Node entry of the npm package: the same ES module build and the same .wasm file as browsers use. The
// .wasm is read with fs (once per process) and handed to Emscripten as `wasmBinary`, so the runtime never
// fetch()es a file path. The package ships the .wasm once, in dist/element/ beside the browser bundles;
// a source checkout also has the build's own copy in dist/.
import { readFile } from 'node:fs/promises';
import factory from '../dist/bloomcalc.web.mjs';
import { wrap } from './api.mjs';

const BUILT_WASM = new URL('../dist/bloomcalc.web.wasm', import.meta.url); // a source checkout's build
const SHIPPED_WASM = new URL('../dist/element/bloomcalc.web.wasm', import.meta.url); // the package's one copy
let wasmBytes; // Promise<Buffer>, shared by every createBloomCalc() of this process

async function readWasm() {
  try {
    return await readFile(BUILT_WASM);
  } catch (error) {
    if (error.code !== 'ENOENT') throw error;
    return readFile(SHIPPED_WASM);
  }
}

export async function createBloomCalc(options = {}) {
  let wasmBinary = options.wasmBinary;
  if (wasmBinary === undefined) {
    wasmBytes ??= readWasm();
    wasmBytes.catch(() => (wasmBytes = undefined)); // a failed read is retried next time
    wasmBinary = await wasmBytes;
  }
  return wrap(await factory({ ...options, wasmBinary }));
}

export default createBloomCalc;

// recommend() with the per-k rows on worker_threads (wasm/rbf-pool-node.mjs).
export { recommendPooled } from './rbf-pool-node.mjs';
