// Run by tests/js/dropped-handles.test.mjs as `node --expose-gc`: creates handles, drops them without dispose()
// or close(), collects garbage and prints what is left as one JSON line. argv[2]: 'simulations' or 'pool'.
import { Worker } from 'node:worker_threads';
import { load, state } from './error-kinds.mjs';
import { createBloomCalc, createRecommendPool } from '../../../wasm/index.mjs';

const COUNT = 500;
const M = 2 ** 18;

/** Collects garbage until `done()` or 50 rounds; finalizers run between the rounds. */
async function collect(done = () => false) {
  for (let i = 0; i < 50 && !done(); i++) {
    globalThis.gc();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function simulations() {
  const { raw, bc } = await load();
  const input = (kind) =>
    kind === 'paradox'
      ? { structure: 'bloom', m: M, n: 1000, k: 5, prior: 0.5, queries: 100, epochs: 4, seed: 1 }
      : { structure: 'bloom', m: M, n: 1000, k: 5, epochs: 4, arrivals: 1000 };
  const create = (kind) => (kind === 'paradox' ? bc.createParadoxSimulation(input(kind)) : bc.createSimulation(input(kind)));
  for (const kind of ['fpr', 'paradox']) create(kind).dispose(); // lazy allocations of the first use
  await collect();
  const before = state(raw);
  let peak = 0;
  for (const kind of ['fpr', 'paradox']) {
    for (let i = 0; i < COUNT; i++) create(kind).step(1000); // dropped at once, never disposed
    peak = Math.max(peak, state(raw).sim.heapInUse - before.sim.heapInUse);
  }
  await collect(() => state(raw).sim.heapInUse === before.sim.heapInUse);
  // dispose() then drop: deleted once (the registry forgets it), nothing thrown by a late finalizer
  for (let i = 0; i < 20; i++) create('fpr').dispose();
  await collect();
  return { before: before.sim, after: state(raw).sim, peak };
}

async function pool() {
  let terminated = 0;
  const terminate = Worker.prototype.terminate;
  Worker.prototype.terminate = function counted() {
    terminated += 1;
    return terminate.call(this);
  };
  const calc = await createBloomCalc({ modules: ['rbf'] });
  const input = { m: 4096, p: 0.01, kmax: 8 };
  const expected = JSON.stringify(calc.recommend(input));
  // in flight with no reference kept: the recommendation finishes
  const running = createRecommendPool({ workers: 2 }).recommend(calc, input);
  let settled = false;
  running.finally(() => (settled = true));
  await collect(() => settled);
  const same = JSON.stringify(await running) === expected;
  // dropped once idle: its threads stop
  await collect(() => terminated >= 2);
  return { same, terminated };
}

const report = await (process.argv[2] === 'pool' ? pool() : simulations());
console.log(JSON.stringify(report));
process.exit(0);
