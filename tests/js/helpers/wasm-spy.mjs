// Preloaded with `node --import` (which Node runs in every worker thread too): logs each WebAssembly compile
// and each instantiation of an already compiled Module, one line per call — "<threadId> compile <bytes>" or
// "<threadId> instantiate-module" — to the file named by BLOOMCALC_WASM_SPY. tests/js/wasm-once.test.mjs
// counts them.
import { appendFileSync } from 'node:fs';
import { threadId } from 'node:worker_threads';

const log = (line) => appendFileSync(process.env.BLOOMCALC_WASM_SPY, `${threadId} ${line}\n`);
const size = (source) => source?.byteLength ?? '?';
const W = WebAssembly;
const { compile, instantiate } = W;
W.compile = function (bytes, ...rest) {
  log(`compile ${size(bytes)}`);
  return compile.call(this, bytes, ...rest);
};
W.instantiate = function (source, ...rest) {
  log(source instanceof W.Module ? 'instantiate-module' : `compile ${size(source)}`);
  return instantiate.call(this, source, ...rest);
};
for (const name of ['compileStreaming', 'instantiateStreaming']) {
  const original = W[name];
  if (original) {
    W[name] = function (...args) {
      log('compile streaming');
      return original.apply(this, args);
    };
  }
}
const Module = W.Module;
W.Module = new Proxy(Module, {
  construct(target, args, newTarget) {
    log(`compile ${size(args[0])}`);
    return Reflect.construct(target, args, newTarget);
  },
});
