// Node: each module's .wasm bytes, read once per process, and the WebAssembly.Module compiled from them once
// (a worker pool hands that Module to its threads, which instantiate it instead of compiling the bytes again).
// The package ships each .wasm once, in dist/element/ beside the browser bundles; a source checkout also has
// the build's own copies in dist/.
import { readFile } from 'node:fs/promises';

const bytes = {}; // file → Promise<Buffer>
const compiled = {}; // file → Promise<WebAssembly.Module>

async function readWasm(file) {
  try {
    return await readFile(new URL(`../dist/${file}`, import.meta.url)); // a source checkout's build
  } catch (error) {
    if (error.code !== 'ENOENT') throw error;
    return readFile(new URL(`../dist/element/${file}`, import.meta.url)); // the package's one copy
  }
}

/** The bytes of `file` (bloomcalc.web.wasm or bloomcalc.rbf.wasm); a failed read is retried next time. */
export function wasmBytes(file) {
  bytes[file] ??= readWasm(file);
  bytes[file].catch(() => (bytes[file] = undefined));
  return bytes[file];
}

/** The compiled WebAssembly.Module of `file`, shared by every caller of this process. */
export function wasmModule(file) {
  compiled[file] ??= wasmBytes(file).then((b) => WebAssembly.compile(b));
  compiled[file].catch(() => (compiled[file] = undefined));
  return compiled[file];
}
