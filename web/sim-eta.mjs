// The expected run time of a "Simulate" panel (web/simulate.mjs; docs/simulation.md, "Expected run time"): before a
// run the panel shows "expected ≈ X s", the core's estimate of the run's bit probes ÷ (the probe rate of one worker ×
// the workers the run will take), from the simulation worker ('estimate', web/sim-worker.mjs). The rate is this page
// session's: that of the last completed run of the same filter, else a short calibration of it in the worker, kept.
// A filter is the input but for its epochs and seed, on which the rate does not depend: twice the epochs, twice the
// estimate. Loaded (a chunk of its own: the embed size budget) once the reader turns to the panel or runs it.
import { formatMemory, formatSignificant } from '../wasm/format.mjs';

const rates = new Map(); // filter (the paradox's: with its prior and queries) → bit probes per second of one worker
const filterOf = (input) => JSON.stringify({ ...input, epochs: 0, seed: 0 });
const seconds = (x) => `${formatSignificant(x, 2)} s`;

/** The workers part of a line: "on N workers", and why not as many as the cores when memory bounds them. */
function workersText({ size, wanted, stateBytes, memory }) {
  if (!(size > 1)) return '';
  const why = `each holds its own ${formatMemory(stateBytes)} state, the page's simulations ≤ ${formatMemory(memory)}`;
  return ` on ${size} workers${size < wanted ? ` (not ${wanted}: ${why})` : ''}`;
}

/**
 * The estimate of panel `run` (createRunPanel's) in `eta`, now and as the target or the panel's fields change;
 * `method`: the worker's ('estimate': the filter simulations, 'estimateParadox': the paradox's).
 */
export function expectedTime(run, panel, eta, read, method) {
  let shown = null; // { input, expected } of the estimate shown
  let asked = 0; // the latest request
  let timer = 0;
  async function estimate() {
    timer = 0;
    const target = run.target;
    if (!target || panel.dataset.state === 'running') return;
    const request = ++asked;
    let input, plan;
    try {
      input = read(target);
      plan = await run.ask(method, { input, rate: rates.get(filterOf(input)) });
    } catch (error) {
      plan = error?.cancelled ? null : false; // bad input: no estimate (a run names the field)
    }
    if (request !== asked || panel.dataset.state === 'running' || plan == null) return;
    if (plan === false) {
      eta.textContent = eta.dataset.value = '';
      return;
    }
    const filter = filterOf(input);
    if (!rates.has(filter)) rates.set(filter, plan.rate);
    const expected = plan.probes / (plan.rate * plan.size);
    shown = { input: JSON.stringify(input), expected };
    eta.textContent = `expected ≈ ${seconds(expected)}${workersText(plan)}`;
    Object.assign(eta.dataset, { value: String(expected), probes: String(plan.probes), rate: String(plan.rate), workers: String(plan.size) });
    delete eta.dataset.took;
  }
  const later = () => {
    clearTimeout(timer);
    timer = setTimeout(estimate, 150);
  };
  panel.addEventListener('input', later);
  panel.addEventListener('change', later);
  later();
  return {
    changed: later,
    workers: workersText,
    /** A completed run of `input`: its rate is the filter's from now on; its time beside the estimate. */
    done(input, result, took, workers) {
      clearTimeout(timer);
      asked += 1; // an estimate asked for before is not shown over it
      rates.set(filterOf(input), result.probes / (took * workers));
      const expected = shown?.input === JSON.stringify(input) ? shown.expected : null;
      eta.textContent = `${expected === null ? '' : `expected ≈ ${seconds(expected)}, `}took ${seconds(took)}`;
      eta.dataset.value = String(expected ?? '');
      eta.dataset.took = String(took);
    },
  };
}
