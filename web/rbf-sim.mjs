// The simulation of the configuration the recycling calculator shows (web/rbf.mjs; the panel: web/simulate.mjs).
import { formatInt } from '../wasm/format.mjs';

const SIM_STRUCTURES = {
  sigma: 'σ-bounded filter, one phase',
  'two-phase': 'two-phase filter',
  'n-real': 'N-bounded filter, real user',
};

function simError(message, parameter) {
  const err = new RangeError(message);
  err.parameter = parameter;
  return err;
}

/** The simulation input of what the section shows (t: the `view` of web/rbf.mjs with the structure chosen). */
export function rbfSimulationInput(t, { epochs, arrivals, seed }) {
  const common = { k: t.k, hashing: t.variant.hashing, recycling: t.variant.recycling, epochs, arrivals, seed };
  if (t.structure === 'sigma') {
    if (t.sigma == null) throw simError(`no σ meets f* at k = ${t.k}: nothing to simulate (choose another k or check a σ)`, 'sigma');
    return { structure: 'sigma', m: t.m, sigma: t.sigma, ...common };
  }
  if (t.structure === 'two-phase') {
    if (t.twoSigma == null) throw simError(`no two-phase σ meets f* at k = ${t.k}: nothing to simulate`, 'sigma');
    return { structure: 'two-phase', m: t.m, sigma: t.twoSigma, swap: t.variant.swap ?? 'after', ...common };
  }
  if (t.structure === 'n-real') {
    if (t.N == null) throw simError(`no N meets f* under the worst-case rule at k = ${t.k}: nothing to simulate`, 'n');
    return { structure: 'n-real', m: t.m, N: t.N, ...common };
  }
  throw simError(`unknown structure '${t.structure}'`, 'structure');
}

export function describeSimTarget(t) {
  const v = t.variant;
  const how = `${v.hashing}, ${v.recycling === 'retaining' ? 'retaining' : 'non-retaining'}`;
  let what;
  const notes = [];
  if (t.structure === 'sigma') {
    what =
      t.sigma == null
        ? `no σ meets f* at k = ${t.k}`
        : `M = ${formatInt(t.m)} bits, k = ${t.k}, σ = ${formatInt(t.sigma)} ` +
          `(${t.sigmaSource === 'checked' ? 'the checked σ' : 'the largest σ meeting f* at this k'})`;
    if (v.recycling === 'retaining' && v.hashing === 'colliding' && v.restart === 'eq10') {
      notes.push("the real filter restarts from the recycling message's own bits, so its model is the exact restart law, not eq 10");
    }
  } else if (t.structure === 'two-phase') {
    what =
      t.twoSigma == null
        ? `no two-phase σ meets f* at k = ${t.k}`
        : `M = ${formatInt(t.m)} bits in two arrays of ${formatInt(Math.floor(t.m / 2))}, k = ${t.k}, σ = ` +
          `${formatInt(t.twoSigma)}, swap ${v.swap ?? 'after'} (the largest two-phase σ meeting f*)`;
  } else {
    what = t.N == null ? `no N meets f* at k = ${t.k}` : `M = ${formatInt(t.m)} bits, k = ${t.k}, N = ${formatInt(t.N)} (the worst-case rule's N at this k)`;
  }
  return `Runs the real ${SIM_STRUCTURES[t.structure]} in a worker: ${what}; ${how}.${notes.length ? ` Note: ${notes.join('; ')}.` : ''}`;
}
