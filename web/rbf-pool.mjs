// The recycling section's worker pool: a long `recommend` (the exact fill at large M) is shared out by k over
// navigator.hardwareConcurrency module workers (wasm/rbf-pool.mjs: a queue of k's, largest first) and merged
// by the core in worker 0; every other request, and a short recommendation, goes to worker 0 alone (the
// other workers start only for a pooled run). Same interface as createRunner
// (request, cancel, busy): cancel terminates every worker, and the next request starts fresh ones. `scope`:
// the element's (web/worker-scope.mjs), given to every runner.
import { pooledRows } from '../wasm/rbf-pool.mjs';
import { createRunner } from './rbf-runner.mjs';

export function createPool(onProgress, { size = Math.max(1, Math.min(navigator.hardwareConcurrency || 1, 8)), scope = null } = {}) {
  const lead = createRunner(onProgress, { scope }); // plan, merge and every other request; also the pool's first worker
  const runners = [lead, ...Array.from({ length: size - 1 }, () => createRunner(() => {}, { scope }))];
  let signal = { aborted: false };

  async function recommend(input) {
    const own = signal;
    const { kMax } = await lead.request('plan', input);
    const workers = runners.map((r) => ({ rows: (k) => r.request('rows', { input, k }) }));
    const rows = await pooledRows({ kMax, workers, signal: own, onProgress });
    return lead.request('merge', { input, rows });
  }

  return {
    size,
    /** `pooled`: share a recommendation out (worth it for a long run; a short one stays on one worker). */
    request(type, input, { pooled = false } = {}) {
      return type === 'recommend' && pooled && size > 1 ? recommend(input) : lead.request(type, input);
    },
    /** The resolved method and row count of a recommendation (fast: no model is built). */
    plan: (input) => lead.request('plan', input),
    cancel() {
      signal.aborted = true;
      signal = { aborted: false };
      for (const r of runners) r.cancel();
    },
    get busy() {
      return runners.some((r) => r.busy);
    },
  };
}
