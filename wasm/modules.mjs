// The WebAssembly modules, split along the calculators (docs/decisions.md, "Modules along the calculators"; each
// method's module: schema/methods.mjs): 'main' (bloomcalc.web.wasm: the parsers, fpr, exactFpr*, size, hashFloor),
// 'paradox' (paradox, cbf, …), 'sim' (the simulations), 'layouts', 'rbf' (the recycling filters), 'window' (the sliding
// window) and 'tools' (the other library questions). Every module has the parsers and limits.
export const MODULE_NAMES = ['main', 'paradox', 'sim', 'layouts', 'rbf', 'window', 'tools'];
/** Each module's options: its .wasm bytes and its compiled WebAssembly.Module (CreateOptions in index.d.ts). */
export const MODULE_OPTIONS = Object.fromEntries(
  MODULE_NAMES.map((name) => [
    name,
    name === 'main' ? { bytes: 'wasmBinary', compiled: 'wasmModule' } : { bytes: `${name}WasmBinary`, compiled: `${name}WasmModule` },
  ]),
);
/** Each module's file name without its extension: dist/<file>.mjs (its Emscripten loader) and <file>.wasm. */
export const MODULE_FILES = Object.fromEntries(MODULE_NAMES.map((name) => [name, `bloomcalc.${name === 'main' ? 'web' : name}`]));

/**
 * The raw bindings of the modules loaded, as one object: each binding is looked up in each module in turn (all
 * have the parsers and limits), so a method needs no knowledge of which module registers its binding. A binding
 * of a module this instance did not load (createBloomCalc({ modules })) throws an Error saying so.
 */
export function bindings(modules) {
  const unavailable = (name) =>
    function unavailable() {
      throw new Error(`bloomcalc: ${name} is in a WebAssembly module this instance did not load (createBloomCalc() without \`modules\` loads all)`);
    };
  const get = (name) => {
    for (const module of modules) if (module[name] !== undefined) return module[name];
    return unavailable(String(name));
  };
  return new Proxy({}, { get: (_, name) => get(name) });
}
