// `npm run bench -- --only recommend-pool` (or BENCH_ONLY=recommend-pool): the exact recommendation (f* = 1 %,
// k = 1..32, method 'exact') serially on this thread against kept worker-thread pools of 2 and of the available
// parallelism (createRecommendPool), in WALL and in CPU time, at 2^16, 2^20 and 2^22 (then the large-M method at
// 2^36); the speed-ups; and the prediction for 8 cores: each row's CPU time (calc.recommendRows(input, k, k) on
// this thread) replayed through the pool's queue (largest k first, each worker takes the next k when free) onto
// 8 workers, plus the measured overhead per task (message, structured clone, wake-up) on the busiest worker's
// tasks and the merge. CPU time is process.cpuUsage(): the whole process, every thread, so a pool's CPU time is
// the work of all its threads (on a machine shared with other jobs the wall times include waiting for a core;
// the CPU times and the replay do not).
import os from 'node:os';

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// Wall and CPU time (ms) of one call of f (sync or async).
async function measure(f) {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  await f();
  const wall = performance.now() - t0;
  const c = process.cpuUsage(c0);
  return { wall, cpu: (c.user + c.system) / 1000 };
}

async function medianOf(reps, f) {
  const runs = [];
  for (let i = 0; i < reps; i++) runs.push(await measure(f));
  return { wall: median(runs.map((r) => r.wall)), cpu: median(runs.map((r) => r.cpu)) };
}

// The pool's schedule (wasm/rbf-pool.mjs) replayed: costs[k − 1] = row k's time, the queue from k = kMax down,
// each task to the worker free first. The makespan and how many tasks the worker that ends last ran.
export function replay(costs, workers) {
  const free = new Array(workers).fill(0),
    tasks = new Array(workers).fill(0);
  for (const cost of [...costs].reverse()) {
    const w = free.indexOf(Math.min(...free));
    free[w] += cost;
    tasks[w] += 1;
  }
  const last = free.indexOf(Math.max(...free));
  return { makespan: free[last], tasks: tasks[last] };
}

export async function benchRecommendPool({ createBloomCalc, createRecommendPool, recommendPooled }) {
  const calc = await createBloomCalc();
  const cores = os.availableParallelism?.() ?? os.cpus().length;
  const sizes = [...new Set([2, cores])];
  console.log(
    `\n=== serial vs pooled recommendation, wasm in Node: ${cores} cores here, load average ${os.loadavg()[0].toFixed(1)} ` +
      `(f* = 1%, k = 1..32; median of 3; wall = performance.now(), CPU = process.cpuUsage() of every thread)`,
  );
  const pools = sizes.map((workers) => createRecommendPool({ workers }));
  try {
    for (const [i, pool] of pools.entries()) {
      const start = await measure(() => pool.recommend(calc, { m: 4096, p: 0.01, kmax: sizes[i], method: 'exact' }));
      console.log(`kept pool of ${sizes[i]}: started in ${start.wall.toFixed(0)} ms wall (once: threads and instantiation)`);
    }
    // Overhead per task: at M = 256 bits a row costs microseconds, so a pool's wall time is the sharing out
    // (message, structured clone, wake-up) of its 32 tasks and the merge; per task on the busiest worker.
    const tiny = { m: 256, p: 0.01, method: 'exact' };
    const overheads = [];
    for (const [i, pool] of pools.entries()) {
      await pool.recommend(calc, tiny);
      overheads.push((await medianOf(5, () => pool.recommend(calc, tiny))).wall / Math.ceil(32 / sizes[i]));
    }
    const perTask = Math.min(...overheads);
    console.log(
      `overhead per task (M = 256: the pool's wall time over the tasks of its busiest worker): ` +
        `${overheads.map((o) => o.toFixed(2)).join(' / ')} ms for pools of ${sizes.join(' / ')}; the prediction uses ${perTask.toFixed(2)} ms`,
    );
    const f = (x) => (x >= 100 ? x.toFixed(0) : x.toFixed(1));
    for (const [label, input] of [
      ['exact,   M = 2^16', { m: 2 ** 16, p: 0.01, method: 'exact' }],
      ['exact,   M = 2^20', { m: 2 ** 20, p: 0.01, method: 'exact' }],
      ['exact,   M = 2^22', { m: 2 ** 22, p: 0.01, method: 'exact' }],
      ['large-M, M = 2^36', { m: 2 ** 36, p: 0.01 }],
    ]) {
      for (const pool of pools) await pool.recommend(calc, input); // warm: the threads' code tiers up
      const serial = await medianOf(3, () => calc.recommend(input));
      const pooled = [];
      for (const pool of pools) pooled.push(await medianOf(3, () => pool.recommend(calc, input)));
      const rows = [];
      let all = [];
      for (let k = 1; k <= 32; k++) {
        let got;
        rows.push((await measure(() => (got = calc.recommendRows(input, k, k)))).cpu);
        all = all.concat(got);
      }
      const merge = (await measure(() => calc.mergeRecommendation(input, all))).cpu;
      const sum = rows.reduce((a, b) => a + b, 0);
      const two = replay(rows, 2),
        eight = replay(rows, 8);
      const predict = (r) => r.makespan + perTask * r.tasks + merge;
      const predicted8 = predict(eight);
      console.log(
        `${label}: serial ${f(serial.wall)} ms wall / ${f(serial.cpu)} ms CPU; ` +
          pooled.map((p, i) => `pool of ${sizes[i]} ${f(p.wall)} ms wall / ${f(p.cpu)} ms CPU (${(serial.wall / p.wall).toFixed(2)}x wall)`).join('; ') +
          `\n  rows' CPU ${f(sum)} ms: replayed on 2 workers ${f(two.makespan)} ms (${(sum / two.makespan).toFixed(2)}x; with the ` +
          `overhead and merge ${f(predict(two))} ms, to set beside the pool of 2's wall time on an idle machine), on 8 ` +
          `${f(eight.makespan)} ms; predicted on 8 cores ${f(predicted8)} ms = ${(serial.cpu / predicted8).toFixed(2)}x the serial CPU time ` +
          `(+ ${eight.tasks} tasks' overhead + merge ${f(merge)} ms; largest row ${f(Math.max(...rows))} ms)`,
      );
    }
    // Without a kept pool every call starts and stops its threads (recommendPooled without `pool`).
    const input = { m: 2 ** 20, p: 0.01, method: 'exact' };
    const fresh = await medianOf(3, () => recommendPooled(calc, input, { workers: cores }));
    console.log(`exact, M = 2^20, a pool of ${cores} started per call: ${fresh.wall.toFixed(0)} ms wall / ${fresh.cpu.toFixed(0)} ms CPU`);
  } finally {
    await Promise.all(pools.map((p) => p.close()));
  }
}
