// The simulation section's speed-up rows (issue 34 item 2): one simulation's epochs on 1 and 2 (and the available
// parallelism's) worker threads, wasm in Node — started for the run (bc.simulate(input, { workers })) and kept in a
// pool (createSimulationPool) — wall and CPU time, bit probes per second of wall time and the speed-up over one
// thread, the median of ROUNDS rounds with their range; every run's counts are checked equal. Beside each speed-up,
// the limit's: bench_simulation's limit loop run as 1, 2, … copies at once (what that many cores' memory system gives
// the same probe pattern); and what a thread starting a run pays to touch its state's fresh memory, alone and side by
// side. On a machine shared with other jobs the wall times include waiting for a core: the load average is printed.
import { execFile } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';

const run = promisify(execFile);
const ROUNDS = 5;
const LIMIT_BENCH = path.join(import.meta.dirname, '../build/wasm/bloomcalc_bench_simulation.cjs');

// The machine's limit for the probe pattern at m, on one core and on two at once: bench_simulation's limit loop
// (wasm in Node) run alone, then two copies side by side, their probes per second summed.
async function limitWith(copies, m) {
  const one = () => run(process.execPath, [LIMIT_BENCH, '--limit', String(m), '4e7']).then(({ stdout }) => Number(/LIMIT (\S+)/.exec(stdout)[1]));
  const rates = await Promise.all(Array.from({ length: copies }, one));
  return rates.reduce((a, b) => a + b, 0);
}

async function measure(f) {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const result = await f();
  const wall = performance.now() - t0;
  const c = process.cpuUsage(c0);
  return { wall, cpu: (c.user + c.system) / 1000, result };
}

// m = 2^24 (the last-level cache) and 2^30 (128 MiB, every probe a miss: issue 34's "Done when" sizes).
const CASES = [
  { label: 'bloom, k = 7', input: { structure: 'bloom', m: 2 ** 24, n: 2 ** 21, k: 7, queries: 2 ** 21, epochs: 8, arrivals: 2 ** 21, seed: 1 } },
  { label: 'sigma, k = 7', input: { structure: 'sigma', m: 2 ** 24, sigma: 2 ** 23, k: 7, epochs: 8, arrivals: 2 ** 21, seed: 1 } },
  { label: 'bloom, k = 7', input: { structure: 'bloom', m: 2 ** 30, n: 2 ** 23, k: 7, queries: 2 ** 23, epochs: 4, arrivals: 2 ** 23, seed: 1 } },
  { label: 'sigma, k = 7', input: { structure: 'sigma', m: 2 ** 30, sigma: 2 ** 29, k: 7, epochs: 4, arrivals: 2 ** 22, seed: 1 } },
];

// A fresh `bytes` of memory touched, a byte per 4 KiB page, in `threads` worker threads at once: each thread's seconds
// (the first touch of a run's state, which every thread starting a run pays: docs/simulation.md, "Workers").
const TOUCH = `const { parentPort, workerData } = require('node:worker_threads');
const t = performance.now(); const a = new Uint8Array(workerData);
for (let i = 0; i < a.length; i += 4096) a[i] = 1;
parentPort.postMessage((performance.now() - t) / 1000);`;
const touch = (bytes, threads) =>
  Promise.all(
    Array.from({ length: threads }, () => {
      const worker = new Worker(TOUCH, { eval: true, workerData: bytes });
      return new Promise((resolve, reject) => worker.once('message', resolve).once('error', reject)).finally(() => worker.terminate());
    }),
  );

export async function benchSimWorkers({ createBloomCalc, createSimulationPool }) {
  const bc = await createBloomCalc();
  const cores = os.availableParallelism?.() ?? os.cpus().length;
  const counts = [...new Set([1, 2, cores])];
  // How each row runs: threads started for the run (`workers`, the CLI's way), or a pool kept between runs.
  const pools = new Map(counts.filter((w) => w > 1).map((w) => [w, createSimulationPool({ workers: w })]));
  const ways = [
    ...counts.map((workers) => ({ workers, name: `${workers} worker${workers > 1 ? 's' : ' '}`, options: { workers } })),
    ...[...pools].map(([workers, pool]) => ({ workers, name: `${workers} kept`, options: { pool } })),
  ];
  const load = os.loadavg()[0].toFixed(1);
  console.log(`\n=== simulation on worker threads, wasm in Node: ${cores} cores here, load average ${load} (wall = performance.now(), CPU = every thread)`);
  const limits = new Map(); // m → (copies → probes/s)
  for (const m of new Set(CASES.map((c) => c.input.m))) {
    limits.set(m, new Map());
    for (const copies of counts) {
      const rate = await limitWith(copies, m);
      limits.get(m).set(copies, rate);
      console.log(
        `limit          m = 2^${Math.log2(m)}  ${copies} cop${copies > 1 ? 'ies at once' : 'y'}` +
          `  ${(rate / 1e6).toFixed(0).padStart(5)} M probes/s  ${(rate / limits.get(m).get(1)).toFixed(2)}x`,
      );
    }
    for (const threads of counts) {
      const each = await touch(m / 8, threads);
      console.log(
        `first touch    m = 2^${Math.log2(m)}  ${threads} thread${threads > 1 ? 's at once' : ''}` +
          `  ${(m / 8 / 2 ** 20).toFixed(0)} MiB fresh each: ${each.map((t) => t.toFixed(2)).join(', ')} s`,
      );
    }
  }
  console.log(
    `"N workers": threads started for the run (the CLI's way), each paying the first touch of its state; ` +
      `"N kept": createSimulationPool's threads, their memory touched by an earlier run, as the calling thread's is for "1 worker".`,
  );
  // Each case by rounds, every way once per round: this shared machine's speed drifts by tens of percent over
  // minutes, so a speed-up is a ratio within one round; the median round's is printed with the range. Before the
  // rounds, one short run of the case's m on the calling thread and on each pool grows and touches their memory.
  for (const { label, input } of CASES) {
    const short = { ...input, epochs: cores, arrivals: 1000, ...(input.queries ? { queries: 1000 } : {}) };
    for (const { options } of ways.filter((way) => !way.options.workers || way.workers === 1)) await bc.simulate(short, options);
    const runs = new Map(ways.map((way) => [way, []])); // way → { wall, cpu, probes } per round
    let reference = null;
    for (let round = 0; round < ROUNDS; round++)
      for (const way of ways) {
        const { wall, cpu, result } = await measure(() => bc.simulate(input, way.options));
        const shown = JSON.stringify(result.epochCounts);
        if (reference === null) reference = shown;
        else if (shown !== reference) throw new Error(`${label}: ${way.name} changed the counts`);
        runs.get(way).push({ wall, cpu, probes: result.probes });
      }
    const one = runs.get(ways[0]);
    for (const way of ways) {
      const rounds = runs.get(way);
      const speedups = rounds.map((r, i) => one[i].wall / r.wall);
      const mid = rounds.map((r, i) => [speedups[i], r]).sort((a, b) => a[0] - b[0])[(ROUNDS - 1) >> 1];
      const [speedup, { wall, cpu, probes }] = way === ways[0] ? [1, [...rounds].sort((a, b) => a.wall - b.wall)[(ROUNDS - 1) >> 1]] : mid;
      const range = way === ways[0] ? '' : ` (${Math.min(...speedups).toFixed(2)}–${Math.max(...speedups).toFixed(2)})`;
      console.log(
        `${label.padEnd(14)} m = 2^${Math.log2(input.m)}  ${way.name.padEnd(9)}` +
          `  ${(wall / 1000).toFixed(2).padStart(6)} s wall  ${(cpu / 1000).toFixed(2).padStart(6)} s CPU` +
          `  ${(probes / wall / 1e3).toFixed(0).padStart(5)} M probes/s  speed-up ${speedup.toFixed(2)}x${range}` +
          `  (the limit's ${(limits.get(input.m).get(way.workers) / limits.get(input.m).get(1)).toFixed(2)}x)`,
      );
    }
  }
  await Promise.all([...pools.values()].map((pool) => pool.close()));
}
