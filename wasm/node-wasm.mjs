// Node: each module's WebAssembly.Module, read with fs and compiled once per process; every createBloomCalc()
// of the process and the worker pool's threads (which get it through workerData) instantiate it, sharing its
// compiled code. The package ships each .wasm once, in dist/element/ beside the browser bundles; a source
// checkout also has the build's own copies in dist/.
import { readFile } from 'node:fs/promises';

const compiled = {}; // file → Promise<WebAssembly.Module>

async function readWasm(file) {
  try {
    return await readFile(new URL(`../dist/${file}`, import.meta.url)); // a source checkout's build
  } catch (error) {
    if (error.code !== 'ENOENT') throw error;
    return readFile(new URL(`../dist/element/${file}`, import.meta.url)); // the package's one copy
  }
}

/**
 * The compiled WebAssembly.Module of `file` (bloomcalc.<module>.wasm: wasm/api.mjs MODULE_FILES), shared by every
 * caller of this process; a failed read or compile is retried next time.
 */
export function wasmModule(file) {
  compiled[file] ??= readWasm(file).then((bytes) => WebAssembly.compile(bytes));
  compiled[file].catch(() => (compiled[file] = undefined));
  return compiled[file];
}
