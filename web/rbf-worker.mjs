// Module Web Worker of the recycling-filter section (the protocol: wasm/worker-protocol.mjs): bc.recommend
// (progress after each k), the pool's parts of a recommendation (recommendPlan, recommendRows { input, k },
// mergeRecommendation { input, rows }: web/rbf-pool.mjs), the σ curves at one k ('curve': { m, k, variant,
// sigma? }) and the paper's figures ('figures': { kmax, variant, points: [[m, fpr], …] }, progress per point),
// off the page's thread. Cancelling = the page terminates it.
import rbfFactory from '../dist/bloomcalc.rbf.mjs';
import { loadWhenOffered } from './wasm-worker.mjs';
import { toWire } from '../wasm/error-wire.mjs';
import { serveCalls } from '../wasm/worker-protocol.mjs';

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

serveCalls(
  self,
  {
    recommend: (bc, input, progress) => bc.recommend(input, progress),
    recommendPlan: (bc, input) => bc.recommendPlan(input),
    recommendRows: (bc, { input, k }) => bc.recommendRows(input, k, k),
    mergeRecommendation: (bc, { input, rows }) => bc.mergeRecommendation(input, rows),
    curve,
    figures,
  },
  loadWhenOffered('rbf', rbfFactory),
);
