// The simulation through the JS API (wasm module), the CLI, bad input, cancellation, and the identity of
// counts between the native core and the wasm module for the same seed.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';

import { createBloomCalc } from '../../wasm/index.mjs';
import { assertParamError, CLI, cli, ROOT } from './helpers/common.mjs';

const bc = await createBloomCalc();
const NATIVE_COUNTS = join(ROOT, 'build', 'native', 'bloomcalc_sim_counts');

const inside = (interval, v) => v >= interval.low && v <= interval.high;

describe('simulate (module)', () => {
  test('a small Bloom filter: the exact FPR is inside the 99% interval, the classic formula is not (001)', async () => {
    const input = { structure: 'bloom', m: 32, n: 4, k: 5, epochs: 100, arrivals: 20000, seed: 3 };
    const r = await bc.simulate(input);
    const f = bc.fpr({ m: 32, n: 4, k: 5 });
    assert.equal(r.model.value, f.exact);
    assert.ok(inside(r.interval, f.exact), `exact ${f.exact} outside [${r.interval.low}, ${r.interval.high}]`);
    assert.ok(inside(r.poisson, f.exact));
    assert.ok(!inside(r.interval, f.classic), `classic ${f.classic} inside [${r.interval.low}, ${r.interval.high}]`);
    assert.equal(r.model.insideT, true);
    assert.equal(r.epochs, 100);
    assert.equal(r.epochCounts.arrivals.length, 100);
    assert.equal(
      r.falsePositives,
      r.epochCounts.fpFirst.reduce((a, b) => a + b, 0),
    );
    assert.equal(r.newArrivals, 100 * 20000);
    assert.equal(r.mean, r.variants.countInstance.mean);
    assert.ok(r.interval.low < r.mean && r.mean < r.interval.high);
  });

  test('recycling filters run with every stream; their model is the RBF model, averaging variants ordered', async () => {
    // m is the total memory M on both surfaces: two arrays of ⌊M/2⌋.
    const model = bc.rbf({ m: 400, k: 3, sigma: 100, phases: 2 }).averageFpr;
    for (const stream of ['fresh', 'pool', 'fading']) {
      const r = bc.simulateSync({ structure: 'two-phase', m: 400, k: 3, sigma: 100, stream, pool: 300, epochs: 5, arrivals: 5000 });
      assert.equal(r.model.value, model);
      assert.equal(r.config.stream, stream);
      assert.equal(r.config.swap, 'after');
      assert.ok(r.recycles > 0);
      assert.ok(r.variants.countFirst.numerator <= r.variants.countEach.numerator);
      if (stream === 'fresh') assert.equal(r.variants.countInstance.mean, r.variants.countFirst.mean);
      // With repeats the model is not the quantity measured: no verdict (docs/simulation.md).
      assert.equal(r.model.applies, stream === 'fresh');
      if (stream !== 'fresh') assert.equal(r.model.insideT, null);
      else assert.equal(typeof r.model.insideT, 'boolean');
    }
    // Retaining two-phase filters, either swap point, have their exact model (docs/rbf.md).
    for (const swap of ['after', 'before']) {
      const retaining = bc.simulateSync({ structure: 'two-phase', m: 400, k: 3, sigma: 100, retaining: true, swap, epochs: 3, arrivals: 2000 });
      assert.equal(retaining.model.value, bc.rbf({ m: 400, k: 3, sigma: 100, phases: 2, recycling: 'retaining', swap }).averageFpr);
    }
  });

  test('same seed, same result; progress is reported and reaches 1', async () => {
    const input = { structure: 'sigma', m: 1000, k: 4, sigma: 600, epochs: 10, arrivals: 20000, seed: 9 };
    const seen = [];
    const a = await bc.simulate(input, { onProgress: (p) => seen.push(p), chunkMs: 1 });
    const b = bc.simulateSync(input);
    assert.deepEqual(a.epochCounts, b.epochCounts);
    assert.ok(seen.length > 1, `${seen.length} progress reports`);
    assert.equal(seen.at(-1).done, true);
    assert.equal(seen.at(-1).fraction, 1);
    assert.equal(seen.flatMap((p) => p.epochRates).length, 10);
    for (let i = 1; i < seen.length; i++) assert.ok(seen[i].arrivalsDone >= seen[i - 1].arrivalsDone);
  });

  test('cancel: the promise rejects with AbortError, the module stays usable', async () => {
    const input = { structure: 'sigma', m: 65536, k: 7, sigma: 30000, epochs: 100, arrivals: 1e7 };
    const ac = new AbortController();
    let reports = 0;
    const run = bc.simulate(input, { signal: ac.signal, onProgress: () => ++reports === 3 && ac.abort() });
    await assert.rejects(run, (err) => err.name === 'AbortError');
    const pre = new AbortController();
    pre.abort();
    await assert.rejects(bc.simulate(input, { signal: pre.signal }), (err) => err.name === 'AbortError');
    const r = await bc.simulate({ structure: 'bloom', m: 64, n: 5, k: 3, epochs: 4, arrivals: 1000 });
    assert.equal(r.done, true);
  });

  test('an abort is prompt even where the model is costly: result() builds it within ~0.1 s (or gives none)', async () => {
    // Small runs whose model took seconds synchronously in result(): an exact fill of 2^24 bits (0.6–1.2 s), a
    // distinct-hashing fill of 4Mi bits at k = 64 (7 s), the N-bounded real user at M = 1Mi: now within the
    // model budget, or no model.
    const inputs = [
      { structure: 'sigma', m: '2^24', k: 32, sigma: '2^23', epochs: 2, arrivals: 1000 },
      { structure: 'sigma', m: '4Mi', k: 64, sigma: '2Mi', hashing: 'distinct', epochs: 2, arrivals: 1000 },
      { structure: 'two-phase', m: '2^25', k: 32, sigma: '2^23', epochs: 2, arrivals: 1000 },
      { structure: 'n-real', m: '1Mi', k: 8, N: 20000, epochs: 2, arrivals: 1000 },
    ];
    for (const input of inputs) {
      const ac = new AbortController();
      const abortAt = performance.now() + 20;
      setTimeout(() => ac.abort(), 20);
      const outcome = await bc.simulate(input, { signal: ac.signal }).then(
        (r) => r,
        (e) => e,
      );
      const late = performance.now() - abortAt;
      assert.ok(outcome.name === 'AbortError' || outcome.done === true, `${input.structure}: ${outcome.name}: ${outcome.message}`);
      // ~100 ms on an idle machine; the margin is for a loaded CI runner (before: 1–7 s, 23 s at N = 10^5)
      assert.ok(late < 750, `${JSON.stringify(input)}: settled ${late.toFixed(0)} ms after the abort`);
    }
    const model = (input) => {
      const h = bc.createSimulation({ ...input, epochs: 2, arrivals: 100 });
      while (!h.step(1e6).done);
      const r = h.result();
      h.dispose();
      return r.model;
    };
    assert.equal(model({ structure: 'sigma', m: '2^24', k: 32, sigma: '2^23' }), null); // beyond the budget: none
    const small = model({ structure: 'sigma', m: '2^16', k: 8, sigma: 30000 });
    assert.equal(small.value, bc.rbf({ m: '2^16', k: 8, sigma: 30000, method: 'exact' }).averageFpr);
  });

  test('a handle is driven chunk by chunk and disposed', () => {
    const h = bc.createSimulation({ structure: 'n-real', m: 500, k: 3, n: 50, epochs: 3, arrivals: 1000 });
    let p;
    do p = h.step(500);
    while (!p.done);
    assert.equal(h.result().epochs, 3);
    h.dispose();
    assert.equal(h.disposed, true);
    assert.throws(() => h.step(), /disposed/);
  });

  test('bad input: named RangeErrors (epochs, arrivals, structure, parameters, budgets)', () => {
    const ok = { structure: 'bloom', m: 1000, n: 100, k: 7, epochs: 10, arrivals: 1000 };
    assertParamError(() => bc.simulateSync({ ...ok, epochs: 0 }), 'epochs');
    assertParamError(() => bc.simulateSync({ ...ok, epochs: -3 }), 'epochs');
    assertParamError(() => bc.simulateSync({ ...ok, arrivals: 0 }), 'arrivals');
    assertParamError(() => bc.simulateSync({ ...ok, arrivals: 1.5 }), 'arrivals');
    assertParamError(() => bc.simulateSync({ ...ok, arrivals: undefined }), 'arrivals');
    assertParamError(() => bc.simulateSync({ ...ok, structure: 'cuckoo' }), 'structure');
    assertParamError(() => bc.simulateSync({ ...ok, hashing: 'md5' }), 'hashing');
    assertParamError(() => bc.simulateSync({ ...ok, structure: 'sigma', sigma: 1000 }), 'sigma');
    assertParamError(() => bc.simulateSync({ ...ok, structure: 'sigma' }), 'sigma');
    assertParamError(() => bc.simulateSync({ ...ok, k: 0 }), 'k');
    assertParamError(() => bc.simulateSync({ ...ok, n: NaN }), 'n');
    assertParamError(() => bc.simulateSync({ ...ok, m: 2 ** 32 }), 'm');
    assertParamError(() => bc.simulateSync({ ...ok, stream: 'pool' }), 'stream');
    assertParamError(() => bc.simulateSync({ ...ok, structure: 'counting', m: 2 ** 30 }), 'm'); // over the 256 MiB budget
    assertParamError(() => bc.simulateSync({ ...ok, arrivals: 2 ** 40 }), 'arrivals'); // over the 2^38-probe budget
    assertParamError(() => bc.simulateSync({ ...ok, confidence: 1.5 }), 'confidence', { parse: false });
    assert.throws(() => bc.simulateSync(null), TypeError);
    // the limits are published
    assert.equal(bc.limits.simulation.memoryBytes, 256 * 2 ** 20);
    assert.equal(bc.limits.simulation.maxProbes, 2 ** 38);
  });

  test('text quantities with units are parsed by the core', () => {
    const c = bc.simulationConfig({ structure: 'sigma', m: '64Ki', k: '7', sigma: '30k', epochs: '10', arrivals: '1M' });
    // warm-up per epoch: ⌈A/8⌉ here (three cycles of ~5 700 arrivals are fewer; docs/simulation.md, "Warm-up")
    assert.deepEqual([c.m, c.sigma, c.arrivals, c.warmup], [65536, 30000, 1e6, 125000]);
  });
});

describe('native and wasm give identical counts for the same seed', () => {
  const cases = [
    'structure=bloom m=32 n=4 k=5 epochs=5 arrivals=3000 seed=11',
    'structure=counting m=100 n=20 k=3 epochs=4 arrivals=500 seed=2 queries=7',
    'structure=bloom m=1000 n=100 k=7 epochs=3 arrivals=2000 seed=5 hashing=distinct',
    'structure=bloom m=1000 n=100 k=7 epochs=3 arrivals=2000 seed=5 hashing=double',
    'structure=bloom m=999 n=100 k=7 epochs=3 arrivals=2000 seed=5 hashing=enhanced-double',
    'structure=sigma m=1000 k=4 sigma=500 epochs=4 arrivals=5000 seed=7 stream=pool pool=700',
    'structure=sigma m=64 k=3 sigma=40 epochs=4 arrivals=5000 seed=7 stream=fading newFraction=0.3 window=200 retaining=true',
    'structure=two-phase m=600 k=3 sigma=150 epochs=4 arrivals=5000 seed=8 stream=fading boundary=reaches',
    'structure=two-phase m=601 k=2 sigma=200 epochs=4 arrivals=5000 seed=8 retaining=true swap=before',
    'structure=n-real m=200 k=3 n=40 epochs=4 arrivals=3000 seed=9 stream=pool pool=100',
    'structure=n-oracle m=200 k=3 n=40 epochs=4 arrivals=3000 seed=9',
  ];
  test('every structure, hashing scheme and stream', { skip: !existsSync(NATIVE_COUNTS) && 'native build missing (npm run build)' }, () => {
    const native = spawnSync(NATIVE_COUNTS, [], { input: cases.join('\n') + '\n', encoding: 'utf8' });
    assert.equal(native.status, 0, native.stderr);
    const lines = native.stdout.trim().split('\n');
    assert.equal(lines.length, cases.length);
    for (const [i, line] of cases.entries()) {
      const input = Object.fromEntries(line.split(' ').map((kv) => kv.split('=')));
      if (input.retaining) input.retaining = input.retaining === 'true';
      for (const key of Object.keys(input)) if (/^[\d.]+$/.test(input[key])) input[key] = Number(input[key]);
      const wasm = bc.simulateSync(input).epochCounts;
      const expected = JSON.parse(lines[i]);
      assert.deepEqual(wasm, expected, line);
      assert.ok(
        expected.fpFirst.some((x) => x > 0),
        `${line}: a case without false positives proves little`,
      );
    }
  });
});

describe('simulate (CLI)', () => {
  test('--json equals the module for the same seed', async () => {
    const r = await cli('simulate', 'bloom', '--m', '32', '--n', '4', '--k', '5', '--epochs', '20', '--arrivals', '5k', '--seed', '4', '--json');
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stderr, '');
    const json = JSON.parse(r.stdout);
    const expected = bc.simulateSync({ structure: 'bloom', m: 32, n: 4, k: 5, epochs: 20, arrivals: 5000, seed: 4 });
    assert.deepEqual(json, JSON.parse(JSON.stringify(expected)));
    for (const key of ['mean', 'interval', 'poisson', 'epochCounts', 'epochs', 'model']) assert.ok(key in json, key);
  });

  test('the table names the model and whether it is inside', async () => {
    const r = await cli('simulate', 'sigma', '--m', '1000', '--k', '3', '--sigma', '500', '--epochs', '4', '--arrivals', '10k', '--stream', 'pool');
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /count-instance/);
    assert.match(r.stdout, /model: long-term average FPR/);
    assert.match(r.stdout, /no verdict/); // a pool stream: the model is for a fresh stream
    assert.doesNotMatch(r.stdout, /no verdict; .*no verdict/, 'said once');
    const t = await cli(
      'simulate',
      'two-phase',
      '--m',
      '400',
      '--k',
      '3',
      '--sigma',
      '100',
      '--retaining',
      '--swap',
      'before',
      '--epochs',
      '3',
      '--arrivals',
      '2000',
    );
    assert.equal(t.code, 0, t.stderr);
    assert.match(t.stdout, /swap before/);
    assert.match(t.stdout, /model: long-term average FPR f²_σ \(exact\) .* (inside|OUTSIDE) the 99% t interval/);
    const b = await cli('simulate', 'bloom', '--m', '1000', '--n', '100', '--k', '7', '--epochs', '5', '--arrivals', '10k');
    assert.match(b.stdout, /model: exact mean FPR .* (inside|OUTSIDE) the 99% t interval/);
    // no model value beyond the model's budget (not "none for this structure": n-real has one at smaller N)
    const n = await cli('simulate', 'n-real', '--m', '1Mi', '--k', '6', '--N', '109038', '--epochs', '2', '--arrivals', '1000');
    assert.equal(n.code, 0, n.stderr);
    assert.match(n.stdout, /model: none at this size \(the model is computed only within ~0\.1 s of work/);
  });

  test('bad input: exit 2, one message naming the parameter', async () => {
    for (const [args, name] of [
      [['bloom', '--m', '32', '--n', '4', '--k', '5', '--epochs', '0', '--arrivals', '10'], 'epochs'],
      [['bloom', '--m', '32', '--n', '4', '--k', '5', '--epochs', '5', '--arrivals', '-10'], 'arrivals'],
      [['cuckoo', '--m', '32', '--k', '5', '--epochs', '5', '--arrivals', '10'], 'structure'],
      [['sigma', '--m', '32', '--k', '5', '--sigma', '40', '--epochs', '5', '--arrivals', '10'], 'sigma'],
      [['bloom', '--m', '32', '--n', '4', '--k', '5', '--epochs', '5'], 'arrivals'],
      [['--m', '32', '--n', '4', '--k', '5', '--epochs', '5', '--arrivals', '10'], 'structure'],
    ]) {
      const r = await cli('simulate', ...args);
      assert.equal(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
      assert.equal(r.stdout, '');
      assert.match(r.stderr, new RegExp(`^bloomcalc: .*${name}`));
    }
  });
});
