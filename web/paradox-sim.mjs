// The paradox section's "Simulate" panel: Theorem 1's posterior checked on the simulation engine's real
// Bloom filter (bc.createParadoxSimulation in web/sim-worker.mjs, method 'simulateParadox'), with progress and
// cancel. The filter has the section's bits per element: n members (a panel field), m = round(b·n) bits,
// k = max(1, round(ln2·m/n)); the worker compares the measured Pr(x ∈ S | positive) with Theorem 1 at
// that filter's exact FPR. Ids: pxsim, pxsim-{n,epochs,queries,seed,run,cancel,error,progress,status,eta,
// result,mean,pct,low,high,counts,fpr,theorem,verdict}.
import { formatInt, formatProbability } from '../wasm/format.mjs';
import { createRunPanel, lazyExpectedTime } from './sim-panel.mjs';

/** "1 member", "2 members" (counts with separators). */
const plural = (count, one, many = `${one}s`) => `${formatInt(count)} ${count === 1 ? one : many}`;

/** The simulation input for a paradox result r (bc.paradox) and the panel's fields (text, parsed by the core). */
export function paradoxSimulationInput(r, { n, epochs, queries, seed }) {
  const members = /^\s*\d+(\.\d*)?(e\+?\d+)?\s*$/i.test(String(n)) ? Number(n) : NaN;
  if (!Number.isInteger(members) || members < 1 || members > 2 ** 40) {
    const text = String(n).trim();
    const shown = JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);
    const err = new RangeError(`n must be an integer in [1, 2^40] (members of the filter); got ${shown}`);
    err.parameter = 'n';
    throw err;
  }
  const m = Math.max(1, Math.round(r.bitsPerElement * members));
  const k = Math.max(1, Math.round((Math.LN2 * m) / members));
  return { structure: 'bloom', m, n: members, k, prior: r.prior, queries, epochs, seed };
}

/** The panel inside a calculator's shadow root ($: id → element there); scope: the element's (web/worker-scope.mjs). */
export function createParadoxSimulationPanel($, { scope = null } = {}) {
  const panel = $('pxsim');
  const bar = $('pxsim-progress');
  const status = $('pxsim-status');
  const errorEl = $('pxsim-error');

  function set(id, value, text) {
    $(id).dataset.value = String(value);
    $(id).textContent = text;
  }

  function showError(error) {
    errorEl.textContent = error.message;
    errorEl.hidden = false;
    status.textContent = '';
  }

  function showResult(r, took) {
    const pct = `${Math.round(r.config.confidence * 100)}%`;
    // no positive observed: no ratio (mean null) and the interval [0, 1] (docs/paradox.md)
    set('pxsim-mean', r.posterior.mean, r.posterior.mean === null ? '— (no positive answer observed)' : formatProbability(r.posterior.mean, 5));
    set('pxsim-pct', r.config.confidence, pct);
    set('pxsim-low', r.posterior.low, formatProbability(r.posterior.low, 5));
    set('pxsim-high', r.posterior.high, formatProbability(r.posterior.high, 5));
    set(
      'pxsim-counts',
      r.counts.positives,
      `${plural(r.counts.memberPositives, 'member')} among ${plural(r.counts.positives, 'positive')} in ${plural(r.counts.queries, 'query', 'queries')}`,
    );
    set('pxsim-fpr', r.fpr, formatProbability(r.fpr, 4));
    set('pxsim-theorem', r.theorem, formatProbability(r.theorem, 5));
    const verdict = $('pxsim-verdict');
    verdict.dataset.value = String(r.inside);
    verdict.className = `badge ${r.posterior.mean === null ? '' : r.inside ? 'ok' : 'bad'}`;
    verdict.textContent =
      r.posterior.mean === null ? 'not tested: no positives (run more queries)' : r.inside ? `✓ inside the ${pct} interval` : `✗ outside the ${pct} interval`;
    panel.dataset.result = JSON.stringify(r);
    $('pxsim-result').hidden = false;
    status.textContent =
      `Done: ${formatInt(r.epochs)} filters (m = ${formatInt(r.config.m)}, n = ${formatInt(r.config.n)}, k ` +
      `= ${r.config.k}), prior ${formatProbability(r.config.prior, 4)}.`;
    eta.done(JSON.parse(panel.dataset.input), r, took, 1);
  }

  /** The worker's progress after each chunk (web/sim-worker.mjs: ('step', progress)). */
  function onProgress(stage, progress) {
    if (stage !== 'step') return;
    bar.value = progress.fraction;
    panel.dataset.progress = String(progress.fraction);
    status.textContent = `Running… ${(100 * progress.fraction).toFixed(1)}% (filter ${formatInt(progress.epochsDone)})`;
  }

  const readFields = () => Object.fromEntries(['n', 'epochs', 'queries', 'seed'].map((name) => [name, $(`pxsim-${name}`).value.trim()]));
  const read = (r) => paradoxSimulationInput(r, readFields());
  const run = createRunPanel({
    $,
    prefix: 'pxsim',
    method: 'simulateParadox',
    read,
    clear: () => {
      errorEl.hidden = true;
    },
    onProgress,
    showResult,
    showError,
    scope, // out of the page: a run is cut short, and says so
  });
  const eta = lazyExpectedTime(run, panel, $('pxsim-eta'), read, 'estimateParadox');

  return {
    /** The section's current result (or null when its input is invalid): a new one cancels a run and clears the panel. */
    setTarget(r) {
      run.setTarget(r, r ? `${r.prior}/${r.bitsPerElement}` : '', r ? 'Runs a real Bloom filter with these bits per element in a worker.' : '');
      eta.changed();
    },
  };
}
