// The simulation section's speed-up rows (issue 34 item 2): one simulation's epochs on 1 and 2 (and the available
// parallelism's) worker threads (bc.simulate(input, { workers }), wasm in Node), wall and CPU time, bit probes per
// second of wall time and the speed-up over one thread, the median of ROUNDS rounds with their range; every run's
// counts are checked equal. Beside each speed-up, the limit's: bench_simulation's limit loop run as 1, 2, … copies at
// once (what that many cores' memory system gives the same probe pattern). On a machine shared with other jobs the
// wall times include waiting for a core: the load average is printed beside them.
import { execFile } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROUNDS = 3;
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

export async function benchSimWorkers({ createBloomCalc }) {
  const bc = await createBloomCalc();
  const cores = os.availableParallelism?.() ?? os.cpus().length;
  const counts = [...new Set([1, 2, cores])];
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
  }
  // Each case by rounds, every worker count once per round: this shared machine's speed drifts by tens of percent
  // over minutes, so a speed-up is a ratio within one round; the median round's is printed with the range.
  for (const { label, input } of CASES) {
    const runs = new Map(counts.map((w) => [w, []])); // workers → { wall, cpu, probes } per round
    let reference = null;
    for (let round = 0; round < ROUNDS; round++)
      for (const workers of counts) {
        const { wall, cpu, result } = await measure(() => bc.simulate(input, { workers }));
        const shown = JSON.stringify(result.epochCounts);
        if (reference === null) reference = shown;
        else if (shown !== reference) throw new Error(`${label}: ${workers} workers changed the counts`);
        runs.get(workers).push({ wall, cpu, probes: result.probes });
      }
    for (const workers of counts) {
      const rounds = runs.get(workers);
      const speedups = rounds.map((r, i) => runs.get(1)[i].wall / r.wall);
      const mid = rounds.map((r, i) => [speedups[i], r]).sort((a, b) => a[0] - b[0])[(ROUNDS - 1) >> 1];
      const [speedup, { wall, cpu, probes }] = workers === 1 ? [1, [...rounds].sort((a, b) => a.wall - b.wall)[(ROUNDS - 1) >> 1]] : mid;
      const range = workers === 1 ? '' : ` (${Math.min(...speedups).toFixed(2)}–${Math.max(...speedups).toFixed(2)})`;
      console.log(
        `${label.padEnd(14)} m = 2^${Math.log2(input.m)}  ${workers} worker${workers > 1 ? 's' : ' '}` +
          `  ${(wall / 1000).toFixed(2).padStart(6)} s wall  ${(cpu / 1000).toFixed(2).padStart(6)} s CPU` +
          `  ${(probes / wall / 1e3).toFixed(0).padStart(5)} M probes/s  speed-up ${speedup.toFixed(2)}x${range}` +
          `  (the limit's ${(limits.get(input.m).get(workers) / limits.get(input.m).get(1)).toFixed(2)}x)`,
      );
    }
  }
}
