// The simulation section's speed-up rows (issue 34 item 2): one simulation's epochs on 1 and 2 (and the available
// parallelism's) worker threads (bc.simulate(input, { workers }), wasm in Node), wall and CPU time, bit probes per
// second of wall time and the speed-up over one thread; every run's counts are checked equal. On a machine shared
// with other jobs the wall times include waiting for a core: the load average is printed beside them.
import os from 'node:os';

async function measure(f) {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const result = await f();
  const wall = performance.now() - t0;
  const c = process.cpuUsage(c0);
  return { wall, cpu: (c.user + c.system) / 1000, result };
}

const CASES = [
  { label: 'bloom, k = 7', input: { structure: 'bloom', m: 2 ** 24, n: 2 ** 21, k: 7, queries: 2 ** 21, epochs: 8, arrivals: 2 ** 21, seed: 1 } },
  { label: 'sigma, k = 7', input: { structure: 'sigma', m: 2 ** 24, sigma: 2 ** 23, k: 7, epochs: 8, arrivals: 2 ** 21, seed: 1 } },
];

export async function benchSimWorkers({ createBloomCalc }) {
  const bc = await createBloomCalc();
  const cores = os.availableParallelism?.() ?? os.cpus().length;
  const counts = [...new Set([1, 2, cores])];
  const load = os.loadavg()[0].toFixed(1);
  console.log(`\n=== simulation on worker threads, wasm in Node: ${cores} cores here, load average ${load} (wall = performance.now(), CPU = every thread)`);
  for (const { label, input } of CASES) {
    let one = null;
    for (const workers of counts) {
      const { wall, cpu, result } = await measure(() => bc.simulate(input, { workers }));
      if (!one) one = { wall, counts: JSON.stringify(result.epochCounts) };
      else if (JSON.stringify(result.epochCounts) !== one.counts) throw new Error(`${label}: ${workers} workers changed the counts`);
      console.log(
        `${label.padEnd(14)} m = 2^24  ${workers} worker${workers > 1 ? 's' : ' '}` +
          `  ${(wall / 1000).toFixed(2).padStart(6)} s wall  ${(cpu / 1000).toFixed(2).padStart(6)} s CPU` +
          `  ${(result.probes / wall / 1e3).toFixed(0).padStart(5)} M probes/s  speed-up ${(one.wall / wall).toFixed(2)}x`,
      );
    }
  }
}
