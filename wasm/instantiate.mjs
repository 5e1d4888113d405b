// Emscripten's factory with a WebAssembly.Module compiled elsewhere (options.wasmModule): the runtime's
// instantiateWasm hook instantiates it, so workers that receive one Module share its compiled code instead of
// each compiling the bytes. Rejects if the instantiation fails.
export function instantiate(factory, { wasmModule, ...options }) {
  if (!wasmModule) return factory(options);
  return new Promise((resolve, reject) => {
    const instantiateWasm = (imports, receive) => {
      WebAssembly.instantiate(wasmModule, imports).then((instance) => receive(instance, wasmModule), reject);
      return {}; // the exports arrive through receive()
    };
    factory({ ...options, instantiateWasm }).then(resolve, reject);
  });
}
