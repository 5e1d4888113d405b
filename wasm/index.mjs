// Node entry of the npm package: the same ES module builds and the same .wasm files as browsers use. Two
// modules (docs/decisions.md, "Two modules"): bloomcalc.web.wasm (every calculator but the recycling
// filters) and bloomcalc.rbf.wasm (the recycling filters); createBloomCalc() loads both. Each .wasm is read
// with fs (once per process) and handed to Emscripten as `wasmBinary`, so the runtime never fetch()es a file
// path. The package ships each .wasm once, in dist/element/ beside the browser bundles; a source checkout
// also has the build's own copies in dist/.
import { readFile } from 'node:fs/promises';
import mainFactory from '../dist/bloomcalc.web.mjs';
import rbfFactory from '../dist/bloomcalc.rbf.mjs';
import { modulesOf, wrap } from './api.mjs';

const MODULES = {
  main: { factory: mainFactory, file: 'bloomcalc.web.wasm', option: 'wasmBinary' },
  rbf: { factory: rbfFactory, file: 'bloomcalc.rbf.wasm', option: 'rbfWasmBinary' },
};
const bytes = {}; // name → Promise<Buffer>, shared by every createBloomCalc() of this process

async function readWasm(file) {
  try {
    return await readFile(new URL(`../dist/${file}`, import.meta.url)); // a source checkout's build
  } catch (error) {
    if (error.code !== 'ENOENT') throw error;
    return readFile(new URL(`../dist/element/${file}`, import.meta.url)); // the package's one copy
  }
}

async function load(name, options) {
  const { factory, file, option } = MODULES[name];
  const { modules, wasmBinary, rbfWasmBinary, ...rest } = options;
  let binary = options[option];
  if (binary === undefined) {
    bytes[name] ??= readWasm(file);
    bytes[name].catch(() => (bytes[name] = undefined)); // a failed read is retried next time
    binary = await bytes[name];
  }
  return factory({ ...rest, wasmBinary: binary });
}

/** Loads the WebAssembly modules (`modules`, default ['main', 'rbf']) and returns the calculator. */
export async function createBloomCalc(options = {}) {
  const modules = modulesOf(options);
  const [main, rbf] = await Promise.all(['main', 'rbf'].map((name) => (modules.includes(name) ? load(name, options) : null)));
  return wrap(main, rbf);
}

export default createBloomCalc;

// recommend() with the per-k rows on worker_threads (wasm/rbf-pool-node.mjs).
export { recommendPooled } from './rbf-pool-node.mjs';
