// Module Web Worker of the recycling-filter section: runs bc.recommend (posting progress after each k)
// and bc.sigmaCurve / bc.rbf off the page's thread. Cancelling = the page terminates this worker.
// Messages in:  { id, type: 'recommend', input } | { id, type: 'curve', input: { m, k, variant, sigma? } }
//               | { id, type: 'plan', input } | { id, type: 'rows', input: { input, k } } | { id, type: 'merge',
//               input: { input, rows } } (the pool's parts of a recommendation, web/rbf-pool.mjs)
//               | { id, type: 'figures', input: { kmax, variant, points: [[m, fpr], …] } } (progress per point)
// Messages out: { id, type: 'progress', done, total } | { id, type: 'result', result } | { id, type: 'error', error }
//               (error: toWire's plain object, wasm/error-wire.mjs)
import rbfFactory from '../dist/bloomcalc.rbf.mjs';
import { loadInWorker } from './wasm-worker.mjs';
import { toWire } from '../wasm/error-wire.mjs';

// The recycling module (bloomcalc.rbf.wasm; docs/decisions.md, "Two modules"), loaded on the first request
// from the Module the page compiled (web/wasm-share.mjs, web/wasm-worker.mjs).

function curve(bc, { m, k, variant, sigma }) {
  // the default 200 points (fewer for the exact retaining law at large m: points·m ≤ 2^25, about 1 s)
  const one = bc.sigmaCurve({ m, k, ...variant, phases: 1 });
  let two = null;
  // Two filters of ⌊M/2⌋ bits need k ≤ M/2 bits each; without them only f¹ is drawn.
  try {
    two = bc.sigmaCurve({ m, k, ...variant, phases: 2 });
  } catch (err) {
    if (!(err instanceof RangeError)) throw err;
  }
  let point = null;
  let pointError = null;
  if (sigma !== undefined && sigma !== '') {
    try {
      point = bc.rbf({ m, k, sigma, ...variant });
    } catch (err) {
      pointError = toWire(err);
    }
  }
  return { k, one, two, point, pointError };
}

/** The paper's figures 6–8: recommend(m, p = the point's fpr).best at each point (the page normalises and plots). */
function figures(bc, { kmax, variant, points }, progress) {
  const out = [];
  for (const [m, fpr] of points) {
    const rec = bc.recommend({ m, p: fpr, kmax, ...variant });
    out.push({ m, fpr, best: rec.best });
    progress(out.length, points.length);
  }
  return { kmax, variant, points: out };
}

self.addEventListener('message', async (event) => {
  const { id, type, input } = event.data;
  try {
    const bc = await loadInWorker('rbf', rbfFactory);
    let result;
    if (type === 'recommend') {
      result = bc.recommend(input, (done, total) => {
        self.postMessage({ id, type: 'progress', done, total });
      });
    } else if (type === 'figures') {
      result = figures(bc, input, (done, total) => self.postMessage({ id, type: 'progress', done, total }));
    } else if (type === 'plan') {
      result = bc.recommendPlan(input);
    } else if (type === 'rows') {
      result = bc.recommendRows(input.input, input.k, input.k);
    } else if (type === 'merge') {
      result = bc.mergeRecommendation(input.input, input.rows);
    } else if (type === 'curve') {
      result = curve(bc, input);
    } else {
      throw new Error(`unknown request '${type}'`);
    }
    self.postMessage({ id, type: 'result', result });
  } catch (err) {
    self.postMessage({ id, type: 'error', error: toWire(err) });
  }
});
