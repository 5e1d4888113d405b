// The recycling section's worker pool: a long `recommend` (the exact fill at large M) is shared out by k over
// navigator.hardwareConcurrency module workers (wasm/rbf-pool.mjs: a queue of k's, largest first) and merged
// by the core in worker 0; every other request, and a short recommendation, goes to worker 0 alone (the
// other workers start only for a pooled run). Its request, cancel and busy are those of a caller
// (wasm/worker-protocol.mjs): cancel terminates every worker, and the next request starts fresh ones. `scope`:
// the element's (web/worker-scope.mjs), given to every caller.
import { pooledRows } from '../wasm/rbf-pool.mjs';
import { createCaller } from '../wasm/worker-protocol.mjs';
import { shareWasm } from './wasm-share.mjs';

/**
 * A new recycling worker (web/rbf-worker.mjs) offered the page's compiled modules (web/wasm-share.mjs), spelled
 * as a literal new Worker(new URL('./x.js', import.meta.url), { literal options }): the form bundlers (Vite,
 * webpack) follow to emit the worker with the .wasm it loads (Vite refuses options computed at run time;
 * docs/bundlers.md). Every calculator spells its worker so.
 */
export const rbfWorker = () => shareWasm(new Worker(new URL('./rbf-worker.js', import.meta.url), { type: 'module', name: 'bloomcalc-rbf' }));

export function createPool(onProgress, { size = Math.max(1, Math.min(navigator.hardwareConcurrency || 1, 8)), scope = null, spawnLead = rbfWorker } = {}) {
  // plan, merge and every other request; also the pool's first worker (spawnLead: web/early-worker.mjs's take, a
  // worker started with the module)
  const lead = createCaller(spawnLead, { onProgress, scope });
  const runners = [lead, ...Array.from({ length: size - 1 }, () => createCaller(rbfWorker, { scope }))];
  let signal = { aborted: false };

  async function recommend(input) {
    const own = signal;
    const { kMax } = await lead.call('recommendPlan', input);
    const workers = runners.map((r) => ({ rows: (k) => r.call('recommendRows', { input, k }) }));
    const rows = await pooledRows({ kMax, workers, signal: own, onProgress });
    return lead.call('mergeRecommendation', { input, rows });
  }

  return {
    size,
    /** `pooled`: share a recommendation out (worth it for a long run; a short one stays on one worker). */
    request(type, input, { pooled = false } = {}) {
      return type === 'recommend' && pooled && size > 1 ? recommend(input) : lead.call(type, input);
    },
    /** The resolved method and row count of a recommendation (fast: no model is built). */
    plan: (input) => lead.call('recommendPlan', input),
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
