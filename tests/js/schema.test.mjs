// The schema's defaults are the core's (docs/decisions.md, "One schema"): JS fills every default the schema declares,
// so each must be the value the binding used when the field was absent. Per method, the complete input JS hands the
// binding is recorded, and the binding's answer without each defaulted field must be the same as with it.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';

import { MODULE_FILES, MODULE_NAMES, wrap } from '../../wasm/api.mjs';
import { instantiate } from '../../wasm/loader.mjs';
import { wasmModule } from '../../wasm/node-wasm.mjs';
import { INPUTS, METHODS } from '../../schema/index.mjs';

// Per method: an input leaving every defaulted field out.
const CASES = {
  fpr: { m: 1000, n: 100, k: 3 },
  exactFpr: { m: 64, n: 4, k: 3 },
  size: { n: '1M', p: '1%' },
  rbf: { m: 1000, k: 5, sigma: 539 },
  sigmaCurve: { m: 1000, k: 5, points: 5 },
  nBounded: { m: 1000, k: 5, N: 100 },
  recommendPlan: { m: 1000, p: 0.01 },
  cbfOptimalK: { m: 200, n: 20, prior: 0.1, alpha: 1 },
  selective: { sizes: '100,100', members: '10,1', m: 1000, alpha: 1 },
  simulationConfig: { structure: 'sigma', m: 64, k: 3, sigma: 20, epochs: 2, arrivals: 100 },
  layoutFpr: { m: 4096, n: 100, k: 4 },
  layoutSize: { n: 1000, p: 0.01 },
  simulateLayout: { m: 4096, n: 100, k: 4, queries: 100 },
  hashFloor: { m: 1e6, n: 1e5, k: 7, hashBits: 32 },
  scalable: { p: 0.01, capacity: 1000, n: 5000 },
  window: { w: 1000, p: 0.01 },
  state: { m: 1000, k: 3, bitsSet: 400 },
  overflow: { m: 100, n: 10, k: 3, bits: 4 },
  compare: { n: 1000, p: 0.01 },
};
// A field the binding receives under another name (simulate's recycling reaches the engine as `retaining`).
const RENAMED = { simulationConfig: { recycling: 'retaining' } };

let raw, bc;
const calls = [];
before(async () => {
  // every module (wasm/api.mjs MODULE_NAMES), each from its Emscripten loader dist/<file>.mjs and its .wasm
  const load = async (file) => instantiate((await import(`../../dist/${file}.mjs`)).default, { wasmModule: await wasmModule(`${file}.wasm`) });
  raw = Object.fromEntries(await Promise.all(MODULE_NAMES.map(async (name) => [name, await load(MODULE_FILES[name])])));
  const bindings = new Set(Object.keys(CASES).map((method) => METHODS[method].binding));
  const spy = (module) =>
    new Proxy(module, {
      get(target, name) {
        const value = target[name];
        if (!bindings.has(name) || typeof value !== 'function') return value;
        return (...args) => {
          calls.push({ name, args });
          return value.apply(target, args);
        };
      },
    });
  bc = wrap(...MODULE_NAMES.map((name) => spy(raw[name])));
});

test('every case is a method with defaults, and every method with defaults has a case', () => {
  const withDefaults = new Set(
    Object.values(INPUTS)
      .filter(({ fields }) => Object.values(fields).some((f) => f.default !== undefined))
      .map(({ fields }) => fields),
  );
  const covered = new Set(Object.keys(CASES).map((method) => INPUTS[METHODS[method].input].fields));
  for (const fields of withDefaults) {
    const type = Object.keys(INPUTS).find((t) => INPUTS[t].fields === fields);
    if (type === 'ParadoxSimulationInput' || covered.has(fields)) continue; // simulateParadox: its own test below
    assert.fail(`${type} declares defaults and no case checks them`);
  }
});

for (const [method, input] of Object.entries(CASES)) {
  test(`${method}: each default the schema declares is the core's`, () => {
    const { binding, input: type, module } = METHODS[method];
    calls.length = 0;
    bc[method](input);
    const call = calls.find((c) => c.name === binding);
    assert.ok(call, `${method} called ${binding}`);
    const [complete, ...rest] = call.args;
    const target = raw[module][binding] ? raw[module] : raw.main;
    const expected = target[binding](complete, ...rest);
    let checked = 0;
    for (const [name, field] of Object.entries(INPUTS[type].fields)) {
      if (field.default === undefined) continue;
      const key = RENAMED[method]?.[name] ?? name;
      if (key === name) assert.deepEqual(complete[name], field.default, `${method}: ${name} filled with its default`);
      const without = { ...complete };
      delete without[key];
      assert.deepEqual(target[binding](without, ...rest), expected, `${method}: the core's default of ${name} is the schema's`);
      checked++;
    }
    assert.ok(checked > 0);
  });
}

test("simulateParadox: each default the schema declares is the core's (the configuration the engine reports)", () => {
  const { fields } = INPUTS.ParadoxSimulationInput;
  const configOf = (input) => {
    const sim = new raw.sim.ParadoxSimulation(input);
    try {
      assert.equal(sim.error(), undefined);
      while (!sim.run(1e9).done);
      return sim.result().config;
    } finally {
      sim.delete();
    }
  };
  calls.length = 0;
  const complete = { m: 256, n: 16, k: 3, prior: 0.1, queries: 200, epochs: 2 };
  for (const [name, field] of Object.entries(fields)) if (field.default !== undefined) complete[name] = field.default;
  const expected = configOf(complete);
  let checked = 0;
  for (const [name, field] of Object.entries(fields)) {
    if (field.default === undefined) continue;
    const without = { ...complete };
    delete without[name];
    assert.deepEqual(configOf(without), expected, `the core's default of ${name} is the schema's`);
    checked++;
  }
  assert.ok(checked >= 2);
});
