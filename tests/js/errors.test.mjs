// Errors cost nothing: every kind of error (range, unreadable text, wrong JS type at the API and at the
// binding, a throwing user callback, a cancel, a failed simulation construction) is thrown 2·10^5 times
// and the wasm stack pointer, the emval handle count and the heap in use must be exactly as before, and
// results still exact: a leak in one error of 2·10^5 shows. The kinds run in two worker threads (each with its own
// module; 20 to 95 µs per error). BLOOMCALC_ERRORS sets the errors per kind (1e6 for a longer run).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { hasNodeBuild } from './helpers/common.mjs';
import { REFERENCE, kinds, load, state } from './helpers/error-kinds.mjs';

const PER_KIND = Number(process.env.BLOOMCALC_ERRORS ?? 2e5);
const WORKERS = 2;
const skip = hasNodeBuild() ? false : 'dist/bloomcalc.<module>.* is missing; run `npm run build` first';

// Every kind's report, from WORKERS threads taking kinds from one queue.
function throwEveryKind(names) {
  const queue = [...names];
  const reports = new Map(
    names.map((name) => {
      let resolve;
      const promise = new Promise((r) => {
        resolve = r;
      });
      return [name, { promise, resolve }];
    }),
  );
  const workers = [];
  for (let w = 0; w < Math.min(WORKERS, names.length); w++) {
    const worker = new Worker(new URL('./helpers/error-kinds.mjs', import.meta.url));
    workers.push(worker);
    const next = () => {
      const kind = queue.shift();
      if (kind === undefined) worker.terminate();
      else worker.postMessage({ kind, count: PER_KIND });
    };
    worker.on('message', (report) => {
      if (!report.ready) reports.get(report.kind).resolve(report);
      next();
    });
    worker.on('error', (error) => {
      for (const { resolve } of reports.values()) resolve({ wrong: `worker failed: ${error.message}` });
    });
  }
  return { report: (name) => reports.get(name).promise, stop: () => Promise.all(workers.map((w) => w.terminate())) };
}

test(`errors leak no stack, emval handle or heap, and results stay exact (${PER_KIND} of each kind)`, { skip, timeout: 3_600_000 }, async (t) => {
  const { raw, bc } = await load();
  assert.equal(bc.exactFpr({ m: 32, n: 4, k: 5 }), REFERENCE);
  const names = Object.keys(kinds(raw, bc));
  const pool = throwEveryKind(names);
  try {
    for (const kind of names) {
      await t.test(`${PER_KIND} × ${kind}`, async (st) => {
        const r = await pool.report(kind);
        if (r.wrong) assert.fail(r.wrong);
        assert.deepEqual(r.after, r.before, 'stack pointer, emval handles and heap in use are unchanged');
        assert.equal(r.exact, REFERENCE);
        st.diagnostic(`${((r.ms * 1000) / PER_KIND).toFixed(1)} µs (wall) per error`);
      });
    }
  } finally {
    await pool.stop();
  }
});

test('the leak measure can fail: a simulation not yet deleted shows in heap and handles', { skip }, async () => {
  const { raw, bc } = await load();
  const before = state(raw);
  const sim = bc.createSimulation({ structure: 'bloom', m: 1000, k: 3, n: 10, epochs: 4, arrivals: 100 });
  assert.ok(state(raw).sim.heapInUse > before.sim.heapInUse, 'a live simulation holds heap');
  sim.dispose();
  assert.deepEqual(state(raw), before);
});

test('a bad input is quoted to a short prefix; a 1 MB bad string costs no heap', { skip }, async () => {
  const { raw, bc } = await load();
  const huge = `7${'x'.repeat(1 << 20)}`;
  const round = () => {
    assert.throws(
      () => bc.parseBits(huge),
      (e) => e instanceof RangeError && e.parameter === 'm' && e.message.length < 250,
    );
    assert.throws(
      () => bc.fpr({ m: 1000, n: 10, k: 3, hashing: huge }),
      (e) => e instanceof RangeError && e.message.length < 250,
    );
    assert.throws(
      () => bc.fpr({ m: [huge], n: 10, k: 3 }),
      (e) => e instanceof TypeError && e.message.length < 250,
    );
  };
  // warm-up: the module's first error for a bad named choice (hashing) keeps 8 B for good, once; what must not
  // grow is the heap per call (50 rounds of the three calls)
  round();
  const before = state(raw);
  for (let i = 0; i < 50; i++) round();
  assert.deepEqual(state(raw), before);
});

test('an uncaught error in Node prints a short report, not the module', { skip }, async () => {
  const entry = fileURLToPath(new URL('../../wasm/index.mjs', import.meta.url));
  const script = `const { createBloomCalc } = await import(${JSON.stringify(entry)}); (await createBloomCalc()).fpr({ m: -1, n: 4, k: 5 });`;
  const { code, stderr } = await new Promise((resolve) =>
    execFile(process.execPath, ['--input-type=module', '-e', script], (error, stdout, err) => resolve({ code: error?.code, stderr: err })),
  );
  assert.notEqual(code, 0);
  assert.match(stderr, /RangeError: m must be an integer in \[1, 2\^40\]; got -1/);
  assert.ok(stderr.length < 4000, `stderr is ${stderr.length} bytes`);
});

test('the binding checks nested rows itself (second line of defence): error records, nothing leaked', { skip }, async () => {
  const { raw, bc } = await load();
  const input = { m: 4096, p: 0.01, kmax: 2 };
  const rows = bc.recommendRows(input, 1, 2);
  const getter = {
    get k() {
      throw new Error('a getter');
    },
  };
  const bad = [
    ['rows', 'not rows'],
    ['rows[0]', [null, rows[1]]],
    ['rows[0].k', [{ ...rows[0], k: '1' }, rows[1]]],
    ['rows[0].k', [getter, rows[1]]],
    ['rows[1].oracle', [rows[0], { ...rows[1], oracle: [] }]],
    ['rows[0].method', [{ ...rows[0], method: 1n }, rows[1]]],
  ];
  for (const [parameter, value] of bad) raw.rbf.mergeRecommendation(input, value); // warm-up
  const before = state(raw);
  for (const [parameter, value] of bad) {
    const r = raw.rbf.mergeRecommendation(input, value);
    assert.equal(r.__bloomcalcError?.parameter, parameter, JSON.stringify(r.__bloomcalcError));
  }
  assert.deepEqual(state(raw), before);
});

// The public handle passes only the epochs it has seen (an integer in range); this calls the raw binding
// with what a double can hold, so the size_t cast in Simulation::epochRates never sees a bad value.
test('raw Simulation.epochRates refuses a negative, NaN, fractional or huge `from` by name', { skip }, async () => {
  const { raw } = await load();
  const sim = new raw.sim.Simulation({ structure: 'bloom', m: 1000, k: 3, n: 10, epochs: 4, arrivals: 100, seed: 1 });
  try {
    assert.equal(sim.error(), undefined);
    let progress = sim.run(1e9);
    while (!progress.done) progress = sim.run(1e9);
    assert.equal(sim.epochRates(0).length, 4);
    assert.equal(sim.epochRates(3).length, 1);
    assert.equal(sim.epochRates(4).length, 0);
    for (const from of [-1, -0.5, NaN, 1.5, 5, 2 ** 64, 1e300, Infinity, -Infinity]) {
      const r = sim.epochRates(from);
      assert.equal(r?.__bloomcalcError?.parameter, 'from', `from = ${from}: ${JSON.stringify(r)}`);
      assert.equal(r.__bloomcalcError.validRange, 'an integer in [0, 4] (the epochs done)');
    }
  } finally {
    sim.delete();
  }
});
