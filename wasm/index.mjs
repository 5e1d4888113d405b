// Node entry of the npm package: the same ES module build and the same .wasm file as browsers use. The
// .wasm is read from the package with fs (once per process) and handed to Emscripten as `wasmBinary`,
// so the runtime never fetch()es a file path, and the package ships the module once.
import { readFile } from 'node:fs/promises';
import factory from '../dist/bloomcalc.web.mjs';
import { wrap } from './api.mjs';

const WASM_FILE = new URL('../dist/bloomcalc.web.wasm', import.meta.url);
let wasmBytes; // Promise<Buffer>, shared by every createBloomCalc() of this process

export async function createBloomCalc(options = {}) {
  let wasmBinary = options.wasmBinary;
  if (wasmBinary === undefined) {
    wasmBytes ??= readFile(WASM_FILE);
    wasmBytes.catch(() => (wasmBytes = undefined)); // a failed read is retried next time
    wasmBinary = await wasmBytes;
  }
  return wrap(await factory({ ...options, wasmBinary }));
}

export default createBloomCalc;
