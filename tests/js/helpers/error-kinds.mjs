// The kinds of error tests/js/errors.test.mjs throws by the million, and a worker thread that throws
// them: each worker loads its own module, takes a kind at a time from the test (a queue, so the two
// cores stay busy), throws it `count` times and reports the module's state before and after.
import { isMainThread, parentPort } from 'node:worker_threads';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MODULE_FILES, wrap } from '../../../wasm/api.mjs';
import { ROOT } from './common.mjs';

// The raw modules (main, the simulations' and the recycling filters', docs/decisions.md "Modules along the
// calculators") beside their wrapper, to read the diagnostics the public API does not expose.
export async function load() {
  const names = ['main', 'sim', 'rbf'];
  const modules = await Promise.all(
    names.map(async (name) => {
      const { default: factory } = await import(`../../../dist/${MODULE_FILES[name]}.mjs`);
      return factory({ wasmBinary: await readFile(join(ROOT, 'dist', `${MODULE_FILES[name]}.wasm`)) });
    }),
  );
  const raw = Object.fromEntries(names.map((name, i) => [name, modules[i]]));
  return { raw, bc: wrap(...modules) };
}

/** Each module's wasm stack pointer, heap in use and emval handle count. */
export function state(raw) {
  return Object.fromEntries(
    Object.entries(raw).map(([name, module]) => {
      const { stackPointer, heapInUse } = module.diagnostics();
      return [name, { stackPointer, heapInUse, handles: module.count_emval_handles() }];
    }),
  );
}

// Each kind: a call that must fail, and the check of its error.
export function kinds(raw, bc) {
  const named = (Ctor, parameter) => (e) => e instanceof Ctor && e.parameter === parameter;
  const mine = new Error('from the callback');
  return {
    range: [() => bc.exactFpr({ m: -1, n: 4, k: 5 }), named(RangeError, 'm')],
    'unreadable text': [() => bc.parseCount('12 parsecs', 'n'), named(RangeError, 'n')],
    'wrong type (API)': [() => bc.fpr({ m: Symbol('m'), n: 4, k: 5 }), named(TypeError, 'm')],
    'wrong type (binding)': [
      () => {
        const r = raw.main.compareFpr({ m: 'not a number', n: 4, k: 5 }); // the binding's own check, past the API's
        if (r?.__bloomcalcError) throw Object.assign(new TypeError(r.__bloomcalcError.message), r.__bloomcalcError);
      },
      named(TypeError, 'm'),
    ],
    'user callback': [
      () =>
        bc.recommend({ m: 64, p: 0.5, kmax: 1 }, () => {
          throw mine;
        }),
      (e) => e === mine,
    ],
    cancel: [() => bc.recommend({ m: 64, p: 0.5, kmax: 1 }, () => false), (e) => e.name === 'AbortError'],
    'simulation input': [() => bc.createSimulation({ structure: 'bloom', m: 1000, k: 3, n: 10, epochs: 0 }), named(RangeError, 'epochs')],
  };
}

export const REFERENCE = 0.025221852307293572; // 001's m = 32, n = 4, k = 5 example, as the core tests pin it

/** Throws `kind` `count` times; the state before and after, the exact reference after, or the first wrong error. */
export function throwMany(raw, bc, kind, count) {
  const [fail, check] = kinds(raw, bc)[kind];
  for (let i = 0; i < 100; i++)
    try {
      fail();
    } catch {
      /* warm-up: lazy allocations happen here */
    }
  const before = state(raw);
  const t0 = performance.now();
  for (let i = 0; i < count; i++) {
    let error;
    try {
      fail();
    } catch (e) {
      error = e;
    }
    if (!error || !check(error)) return { kind, wrong: `call ${i}: expected the ${kind} error, got ${error?.name}: ${error?.message}` };
  }
  const ms = performance.now() - t0; // wall time: process.cpuUsage() counts both workers
  return { kind, before, after: state(raw), exact: bc.exactFpr({ m: 32, n: 4, k: 5 }), ms };
}

if (!isMainThread) {
  const { raw, bc } = await load();
  parentPort.on('message', ({ kind, count }) => {
    try {
      parentPort.postMessage(throwMany(raw, bc, kind, count));
    } catch (error) {
      parentPort.postMessage({ kind, wrong: `${error?.name}: ${error?.message}` });
    }
  });
  parentPort.postMessage({ ready: true });
}
