// `npm run bench`: every benchmark natively and compiled to wasm (under Node), then the wasm/native ratios.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { build, buildWasmBenchmarks } from './build.mjs';
import { buildEnv, root } from './toolchain.mjs';

await build(['native', 'wasm']);
buildWasmBenchmarks();

function run(label, command, args) {
  console.log(`\n=== ${label}`);
  const result = spawnSync(command, args, { cwd: root, env: buildEnv, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${label} failed: ${result.stderr}`);
  const lines = result.stdout.trimEnd().split('\n');
  const json = lines.pop();
  console.log(lines.join('\n'));
  return JSON.parse(json.replace(/^JSON /, ''));
}

const both = (name) => ({
  native: run(`${name}, native`, path.join(root, `build/native/bloomcalc_bench_${name}`), []),
  wasm: run(`${name}, wasm (Node)`, process.execPath, [path.join(root, `build/wasm/bloomcalc_bench_${name}.cjs`)]),
});
const ratio = (w, n) => `${(w / n).toFixed(2)}x`;

const exact = both('exact_fpr');
console.log('\n=== wasm time / native time, fast exact FPR');
for (const [i, row] of exact.native.sideBySide.entries())
  console.log(`m = ${String(row.m).padStart(14)}            ${ratio(exact.wasm.sideBySide[i].fastMs, row.fastMs)}`);
for (const [i, row] of exact.native.fastOnly.entries())
  console.log(`m = ${String(row.m).padStart(14)} k = ${String(row.k).padStart(2)} ${row.hashing.padEnd(9)} ${ratio(exact.wasm.fastOnly[i].fastMs, row.fastMs)}`);

const rbf = both('rbf');
console.log('\n=== wasm time / native time, recycling filters');
for (const [i, row] of rbf.native.allSigma.entries())
  console.log(`f1 for all sigma, M = ${String(row.M).padStart(8)}: ${ratio(rbf.wasm.allSigma[i].fillMs, row.fillMs)}`);
for (const [i, row] of rbf.native.recommend.entries()) {
  const w = rbf.wasm.recommend[i];
  console.log(
    `recommendation,   M = ${String(row.M).padStart(8)}: exact ${ratio(w.ms, row.ms)}, large-M ${ratio(w.largeMs, row.largeMs)} ` +
      `(wasm CPU: exact ${w.ms.toFixed(0)} ms, its reference path ${w.refMs.toFixed(0)} ms = ${(w.refMs / w.ms).toFixed(2)}x; ` +
      `large-M ${w.largeMs.toFixed(0)} ms)`,
  );
}
for (const [i, row] of rbf.native.large.entries())
  console.log(`large-M only,     M = 2^${Math.log2(row.M)}, f* = ${row.fpr}: ${ratio(rbf.wasm.large[i].ms, row.ms)} (wasm ${rbf.wasm.large[i].ms.toFixed(0)} ms)`);
for (const [i, row] of rbf.native.distinct.entries())
  console.log(
    `distinct large-M, M = 2^${Math.log2(row.M)}, ${row.recycling}, f* = ${row.fpr}: ${ratio(rbf.wasm.distinct[i].largeMs, row.largeMs)} ` +
      `(wasm ${rbf.wasm.distinct[i].largeMs.toFixed(0)} ms)`,
  );
for (const [i, row] of rbf.native.exactLaw.entries())
  console.log(
    `exact-law large-M, M = 2^${Math.log2(row.M)}, f* = ${row.fpr}: ${ratio(rbf.wasm.exactLaw[i].largeMs, row.largeMs)} ` +
      `(wasm ${rbf.wasm.exactLaw[i].largeMs.toFixed(0)} ms)`,
  );
for (const [i, row] of rbf.native.eq10After.entries())
  console.log(
    `eq10 + swap after large-M, M = 2^${Math.log2(row.M)}, f* = ${row.fpr}: ${ratio(rbf.wasm.eq10After[i].largeMs, row.largeMs)} ` +
      `(wasm ${rbf.wasm.eq10After[i].largeMs.toFixed(0)} ms)`,
  );

// Serial vs pooled recommendation through the npm module (wasm in Node): calc.recommend on this thread against
// the same on worker_threads — a pool kept between calls (createRecommendPool: its start is paid once, outside
// the timings, and reported) and one started per call (recommendPooled) — with a prediction for 8 cores: the
// per-k times replayed through the pool's queue (largest k first) with 8 workers, plus the kept pool's measured
// overhead. Wall times (the pool's point is wall time); serial CPU time beside them, since this machine may be
// shared: with other jobs running, the pool's threads wait for cores and its speed-up is not the idle one.
{
  const { createBloomCalc, createRecommendPool, recommendPooled } = await import('../wasm/index.mjs');
  const { default: os } = await import('node:os');
  const calc = await createBloomCalc();
  const cores = os.availableParallelism?.() ?? os.cpus().length;
  console.log(`\n=== serial vs pooled recommendation, wasm in Node (${cores} cores here, load average ` +
    `${os.loadavg()[0].toFixed(1)}; f* = 1%, k = 1..32, median of 3 wall times)`);
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const time = async (f) => {
    const t0 = performance.now();
    await f();
    return performance.now() - t0;
  };
  const cpuTime = (f) => {
    const c0 = process.cpuUsage();
    f();
    const c = process.cpuUsage(c0);
    return (c.user + c.system) / 1000;
  };
  const makespan = (costs, n) => {
    const free = new Array(n).fill(0);
    for (const c of [...costs].reverse()) free[free.indexOf(Math.min(...free))] += c; // largest k first
    return Math.max(...free);
  };
  const pool = createRecommendPool({ workers: cores });
  const start = await time(() => pool.recommend(calc, { m: 4096, p: 0.01, kmax: cores })); // threads + instantiation
  console.log(`kept pool of ${cores} threads: started in ${start.toFixed(0)} ms (once; the module compiled once and shared)`);
  try {
    for (const [label, input] of [
      ['exact,   M = 2^20', { m: 2 ** 20, p: 0.01, method: 'exact' }],
      ['large-M, M = 2^20', { m: 2 ** 20, p: 0.01, method: 'asymptotic' }],
      ['large-M, M = 2^36', { m: 2 ** 36, p: 0.01 }],
    ]) {
      const serial = [], serialCpu = [], kept = [], fresh = [];
      await pool.recommend(calc, input); // warm: the threads' code tiers up
      for (let i = 0; i < 3; i++) {
        serialCpu.push(cpuTime(() => calc.recommend(input)));
        serial.push(await time(() => calc.recommend(input)));
        kept.push(await time(() => pool.recommend(calc, input)));
        fresh.push(await time(() => recommendPooled(calc, input, { workers: cores })));
      }
      const perK = [], perKCpu = [];
      for (let k = 1; k <= 32; k++) {
        perK.push(await time(() => calc.recommendRows(input, k, k)));
        perKCpu.push(cpuTime(() => calc.recommendRows(input, k, k)));
      }
      const overhead = median(kept) - makespan(perK, cores);
      const predicted8 = makespan(perK, 8) + Math.max(0, overhead);
      // The same replay with CPU times: what the pool takes on idle cores, whatever the load here (the threads'
      // messages and the merge are a few ms: the kept pool's overhead on an idle machine).
      const cpuSum = perKCpu.reduce((a, b) => a + b, 0);
      console.log(
        `${label}: serial ${median(serial).toFixed(0)} ms (CPU ${median(serialCpu).toFixed(0)} ms), kept pool (${cores} threads) ` +
          `${median(kept).toFixed(0)} ms = ${(median(serial) / median(kept)).toFixed(2)}x, pool started per call ` +
          `${median(fresh).toFixed(0)} ms; per-k replay: ${cores} workers ${makespan(perK, cores).toFixed(0)} ms, predicted 8 workers ` +
          `${predicted8.toFixed(0)} ms = ${(median(serial) / predicted8).toFixed(2)}x (pool overhead ${overhead.toFixed(0)} ms, ` +
          `largest k row ${Math.max(...perK).toFixed(0)} ms)\n` +
          `  in CPU time: rows ${cpuSum.toFixed(0)} ms in all, on 2 idle cores ${makespan(perKCpu, 2).toFixed(0)} ms ` +
          `(${(cpuSum / makespan(perKCpu, 2)).toFixed(2)}x), on 8 ${makespan(perKCpu, 8).toFixed(0)} ms ` +
          `(${(cpuSum / makespan(perKCpu, 8)).toFixed(2)}x; the largest k row ${Math.max(...perKCpu).toFixed(0)} ms bounds it)`,
      );
    }
  } finally {
    await pool.close();
  }
}

// Simulation throughput (bench/bench_simulation.cpp): bit probes per second, native and wasm, one run.
const simNative = run('simulation, native', path.join(root, 'build/native/bloomcalc_bench_simulation'), []);
const simWasm = run('simulation, wasm (Node)', process.execPath, [path.join(root, 'build/wasm/bloomcalc_bench_simulation.cjs')]);
if (simNative.checksum !== simWasm.checksum) throw new Error(`simulation counts differ: native ${simNative.checksum}, wasm ${simWasm.checksum}`);
console.log(`\n=== simulation: wasm throughput / native throughput (same counts: checksum ${simNative.checksum})`);
for (const [i, row] of simNative.simulation.entries()) {
  const w = simWasm.simulation[i];
  console.log(
    `${row.label.padEnd(26)} m = ${String(row.m).padStart(10)}  native ${(row.probesPerSecond / 1e6).toFixed(0).padStart(5)} M/s` +
      `  wasm ${(w.probesPerSecond / 1e6).toFixed(0).padStart(5)} M/s  ${(w.probesPerSecond / row.probesPerSecond).toFixed(2)}x`,
  );
}

// Block layouts (bench/bench_layouts.cpp): exact FPR time per layout, native and wasm, same values.
const layouts = both('layouts');
if (layouts.native.checksum !== layouts.wasm.checksum)
  throw new Error(`layout simulation counts differ: native ${layouts.native.checksum}, wasm ${layouts.wasm.checksum}`);
console.log(`\n=== layouts: wasm time / native time, exact FPR (simulation counts identical: checksum ${layouts.native.checksum})`);
for (const [i, row] of layouts.native.fpr.entries()) {
  const w = layouts.wasm.fpr[i];
  if (Math.abs(w.exact - row.exact) > 1e-14 * row.exact) throw new Error(`${row.label}: wasm ${w.exact} vs native ${row.exact}`);
  console.log(`${row.label.padEnd(24)} native ${row.exactMs.toFixed(3)} ms  wasm ${w.exactMs.toFixed(3)} ms  ${ratio(w.exactMs, row.exactMs)}`);
}
console.log('\n=== layouts: sizing worst cases, fast search vs reference search (same filter required), native and wasm');
for (const [i, row] of layouts.native.sizingWorst.entries()) {
  const w = layouts.wasm.sizingWorst[i];
  if (!row.same || !w.same) throw new Error(`${row.label}: the fast and reference searches differ`);
  console.log(
    `${row.label.padEnd(34)} native ${row.fastMs.toFixed(2)} ms vs ${row.referenceMs.toFixed(0)} ms (${(row.referenceMs / row.fastMs).toFixed(0)}x)` +
      `  wasm ${w.fastMs.toFixed(2)} ms vs ${w.referenceMs.toFixed(0)} ms (${(w.referenceMs / w.fastMs).toFixed(0)}x)`,
  );
}
