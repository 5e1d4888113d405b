// The recycling-Bloom-filter calculator (papers 000/002; <bloom-calc calculator="recycling">): memory M, target average FPR f* and the variant →
// the recommender's per-k table, the best choice per rule with its gain over the worst-case rule, and
// two plots (f¹_σ, f²_σ against σ at one k; messages per cycle against k). All arithmetic runs in a
// module worker (web/rbf-worker.mjs → rbf-worker.js) so a large M never blocks the page: progress after
// each k, Cancel terminates the worker and starts a fresh one. In the page URL (url-state) the fields
// carry an `r` prefix (rm, rp, …) beside the other calculators' parameters; p is the target average FPR f*
// (docs/decisions.md, "Vocabulary"), read under its older names too: the attribute fpr, the URL key rfpr.
import { formatInt, formatProbability, formatReal, formatSignificant, kRuns } from '../wasm/format.mjs'; // kRuns: the same runs the CLI prints
import { withTemplate } from './templates.mjs';
import { createPool, rbfWorker } from './rbf-pool.mjs';
import { earlyWorker } from './early-worker.mjs';
import { RECYCLING_FIELDS } from './fields.generated.mjs';
import { createPanel } from './simulate.mjs';
import { capacityChart, curveChart } from './rbf-charts.mjs';
import { ANCHORS, describeMethod, numberLink, renderSummary, renderTable } from './rbf-results.mjs';
import { describeSimTarget, rbfSimulationInput } from './rbf-sim.mjs';

const VARIANT = ['hashing', 'recycling', 'restart', 'swap'];
/** Above this M an exact recommendation (k = 1..64) is no longer instant (serial wasm, idle: 0.45 s at 2^20 for k ≤ 32,
 *  1.1 s at 2^22; docs/rbf.md#performance); the page shares it over its pool. */
export const SLOW_BITS = 2 ** 18;
const DEBOUNCE_MS = 250;

// ---------------------------------------------------------------- state

function readFields($) {
  return Object.fromEntries(Object.entries(RECYCLING_FIELDS).map(([field, { id }]) => [field, $(id).value]));
}

// ---------------------------------------------------------------- errors

const ERROR_FIELDS = ['m', 'p', 'kmax', 'hashing', 'recycling', 'restart', 'swap', 'k', 'sigma'];
function clearErrors($, fields = ERROR_FIELDS) {
  for (const field of fields) {
    const error = $(`rbf-${field}-error`);
    error.hidden = true;
    error.textContent = '';
    $(`rbf-${field}`).removeAttribute('aria-invalid');
    $(`rbf-${field}`).closest('.field, figure')?.classList.remove('invalid');
  }
  if (fields === ERROR_FIELDS) {
    $('rbf-error').hidden = true;
    $('rbf-error').textContent = '';
  }
}

/** Shows the core's message beside the field it names, or below the form. */
function showError($, error, fallback) {
  const field = ERROR_FIELDS.includes(error?.parameter) ? error.parameter : fallback;
  const message = error?.message ?? String(error);
  if (!field) {
    $('rbf-error').textContent = message;
    $('rbf-error').hidden = false;
    return;
  }
  if (field === 'restart' || field === 'swap') $('rbf-advanced').open = true;
  const el = $(`rbf-${field}-error`);
  el.textContent = message;
  el.hidden = false;
  el.dataset.parameter = error?.parameter ?? field;
  $(`rbf-${field}`).setAttribute('aria-invalid', 'true');
  $(`rbf-${field}`).closest('.field, figure')?.classList.add('invalid');
}

// ---------------------------------------------------------------- the pace of a long run

/** The rows a plan (bc.recommendPlan) puts on the exact fill, as kRuns' { k, method } rows. */
function exactRows(plan) {
  return (plan.methods ?? []).map((method, i) => ({ k: i + 1, method })).filter((row) => row.method === 'exact');
}

/** "0:42", "3:05", "1:02:05". */
function duration(seconds) {
  const s = Math.max(0, Math.round(seconds));
  const mmss = `${Math.floor(s / 60) % 60}:${String(s % 60).padStart(2, '0')}`;
  return s < 3600 ? mmss : `${Math.floor(s / 3600)}:${mmss.padStart(5, '0')}`;
}

/**
 * The status line of a run with exact rows: rows done, time so far and the time left at the pace so far — the
 * exact rows left ÷ the rate at which exact rows finished since each worker finished its first (the first
 * ones also paid for starting the workers; the large-M rows take milliseconds). The exact fill's time per row
 * varies 40-fold with the variant and f* (docs/decisions.md, "Long recommendations on the page"), so it is
 * measured, not predicted. Sets pace.left (seconds, null while estimating).
 */
function paceText(pace, done, total) {
  const now = performance.now();
  for (const k of pace.done) if (pace.methods[k - 1] === 'exact' && !pace.finished.has(k)) pace.finished.set(k, now);
  const exact = pace.methods.filter((method) => method === 'exact').length;
  const times = [...pace.finished.values()];
  const after = times.length - pace.workers; // exact rows finished after each worker's first
  pace.left = after > 0 ? ((exact - times.length) * (now - times[pace.workers - 1])) / after / 1000 : null;
  const left = pace.left === null ? 'estimating the time left' : `about ${duration(pace.left)} left`;
  return `${done} of ${total} rows, ${duration((now - pace.started) / 1000)} so far, ${left}…`;
}
// ---------------------------------------------------------------- the section

// The pool's first worker, started with the element's module (web/early-worker.mjs)
const recyclingWorker = earlyWorker(rbfWorker);

function mount({ $, bc, host, emit, fail, initial, chart: registerChart, scope }) {
  const section = $('rbf');
  const progress = $('rbf-progress');
  const status = $('rbf-status');
  const runButton = $('rbf-run');
  const cancelButton = $('rbf-cancel');
  const results = $('rbf-results');
  const curves = curveChart($('rbf-curve'), (plot) => registerChart($('rbf-curve'), plot));
  const capacities = capacityChart($('rbf-capacity'), (plot) => registerChart($('rbf-capacity'), plot));
  let timer = 0;
  let generation = 0;
  let current = null; // { rec, input, query } of the table shown
  let started = 0;
  let view = null; // the configuration the plot and the σ check show: what "Simulate" runs
  $('rbf-m-max').textContent = String(Math.log2(bc.limits.maxRbfBits)); // the hint's limit is the core's

  // The paper figures' code (a chunk of its own) loads when their section is first opened: it is not needed
  // for the recommendation (the embed size budget, tests/js/size.test.mjs).
  const figures = $('rbf-figures');
  const startFigures = () => {
    import('./rbf-figures.mjs').then(
      (m) => m.startFigures($, registerChart, scope),
      (err) => console.error(`bloomcalc: could not load the paper figures: ${err?.message ?? err}`),
    );
  };
  if (figures.open) startFigures();
  else figures.addEventListener('toggle', startFigures, { once: true });
  const simPanel = createPanel({
    $,
    chart: registerChart,
    prefix: 'rsim',
    input: (t) =>
      rbfSimulationInput(t, { epochs: $('rsim-epochs').value.trim(), arrivals: $('rsim-arrivals').value.trim(), seed: $('rsim-seed').value.trim() }),
    key: (t) => JSON.stringify(t),
    describe: describeSimTarget,
    modelLabel: 'model',
    scope,
  });
  const refreshSim = () => simPanel.setTarget(view ? { ...view, structure: $('rsim-structure').value } : null);
  $('rsim-structure').addEventListener('change', refreshSim);

  // The run in progress: each row's method (recommendPlan) and the rows done, for the estimate of the time left.
  let pace = null; // { started, methods, workers, done: Set of k, finished: Map exact k → time, left }
  const runner = createPool(
    (done, total, rows) => {
      progress.max = total;
      progress.value = done;
      progress.setAttribute('aria-valuetext', `${done} of ${total} rows`);
      section.dataset.progress = `${done}/${total}`;
      if (!pace) {
        status.textContent = `Computing: ${done} of ${total} rows…`;
        return;
      }
      // the pool says which rows finished; one worker computes k = 1, 2, … in order
      for (const k of rows ? rows.map((row) => row.k) : Array.from({ length: done }, (_, i) => i + 1)) pace.done.add(k);
      status.textContent = paceText(pace, done, total);
      section.dataset.left = String(pace.left ?? '');
    },
    { scope, spawnLead: recyclingWorker.take },
  );

  function setState(state, query) {
    section.dataset.state = state;
    if (query !== undefined) section.dataset.query = query;
    section.setAttribute('aria-busy', state === 'running' || state === 'pending' ? 'true' : 'false');
    const running = state === 'running';
    cancelButton.disabled = !running;
    progress.hidden = !running;
  }

  function variantOf(state) {
    return Object.fromEntries(VARIANT.map((key) => [key, state[key]]));
  }

  /**
   * Checks the text fields with the core's parsers and shows each error beside its field; returns the parsed M,
   * or the first error (as the API throws it: its class, `parameter` and `validRange`).
   */
  function validate(state) {
    const errors = [];
    const check = (field, parse) => {
      try {
        return bc[parse](state[field], field);
      } catch (err) {
        showError($, err, field);
        errors.push(err);
        return null;
      }
    };
    const m = check('m', 'parseBits');
    check('p', 'parseProbability');
    check('kmax', 'parseCount');
    const maxBits = bc.limits.maxRbfBits;
    if (m !== null && m > maxBits) {
      const validRange = `[1, 2^${Math.log2(maxBits)}]`;
      const err = Object.assign(new RangeError(`m must be an integer in ${validRange}; got ${formatInt(m)}`), { parameter: 'm', validRange });
      showError($, err, 'm');
      errors.unshift(err);
    }
    return errors.length ? { error: errors[0] } : { m };
  }

  /** Above SLOW_BITS with rows on the exact fill (plan: recommendPlan's answer): says what the run will cost. */
  function sizeWarning(m, plan) {
    const warning = $('rbf-warning');
    const exact = plan ? exactRows(plan) : [];
    if (m !== null && m > SLOW_BITS && exact.length > 0) {
      const which = exact.length === plan.kMax ? `all ${plan.kMax} rows` : `${exact.length} of the ${plan.kMax} rows (k = ${kRuns(exact, 'exact')})`;
      warning.textContent =
        `M = ${formatInt(m)} bits: ${which} use the exact fill, whose time grows with M — from under a second at 1 Mibit ` +
        'to minutes near its limit of 2^24 bits (more with distinct hashing). It runs in the background, showing the rows done ' +
        'and the time left; press Recommend to start, Cancel to stop.';
      warning.hidden = false;
    } else {
      warning.hidden = true;
    }
  }

  async function run({ auto = false } = {}) {
    clearTimeout(timer);
    timer = 0;
    const state = readFields($);
    const query = host.query;
    clearErrors($);
    const { m, error } = validate(state);
    if (error) {
      sizeWarning(null);
      if (runner.busy) runner.cancel();
      setState('stale', query);
      noResultYet();
      status.textContent = 'Fix the input error to compute.';
      fail(error);
      return;
    }
    // Only the exact fill is slow at large M; the large-M method (auto above 2^16 bits) answers at once.
    let plan = null;
    if (m > SLOW_BITS) {
      try {
        plan = await runner.plan({ m: state.m, p: state.p, kmax: state.kmax, ...variantOf(state) });
      } catch {
        plan = null; // the run itself shows the error beside its field
      }
    }
    const slow = plan !== null && exactRows(plan).length > 0;
    sizeWarning(m, plan);
    if (auto && slow) {
      if (runner.busy) runner.cancel();
      setState('idle', query);
      noResultYet();
      status.textContent = 'Press Recommend to compute (large M).';
      return;
    }
    if (runner.busy) runner.cancel(); // a new run replaces the one in flight
    const gen = ++generation;
    const input = { m: state.m, p: state.p, kmax: state.kmax, ...variantOf(state) };
    progress.max = 1;
    progress.value = 0;
    section.dataset.progress = '';
    status.textContent = slow ? `Computing ${plan.kMax} rows, ${exactRows(plan).length} by the exact fill…` : 'Computing…';
    setState('running', query);
    started = performance.now();
    const workers = slow && runner.size > 1 ? runner.size : 1; // runner.request shares a slow run over the pool
    pace = slow ? { started, methods: plan.methods, workers, done: new Set(), finished: new Map(), left: null } : null;
    delete section.dataset.left;
    let rec;
    try {
      rec = await runner.request('recommend', input, { pooled: slow });
    } catch (err) {
      if (gen !== generation || err?.cancelled) return;
      showError($, err);
      setState('stale', query);
      noResultYet();
      status.textContent = 'Not computed: see the error.';
      fail(err);
      return;
    }
    if (gen !== generation) return;
    current = { rec, input, query };
    render(rec, state);
    emit(rec, { method: 'recommend', input });
    const method = describeMethod(rec);
    status.textContent = `Done in ${formatSignificant((performance.now() - started) / 1000, 2)} s${method}.`;
    setState('ok', query);
    await updateCurve();
  }

  /** Before any recommendation: no results, and no room kept for them (the template's placeholders). */
  function noResultYet() {
    if (results.classList.contains('ph')) results.hidden = true;
  }

  function render(rec, state) {
    renderTable($, rec);
    renderSummary($, rec);
    const select = $('rbf-k');
    const wanted = Number(state.k) || rec.best.onePhase.k || 1;
    select.replaceChildren(
      ...rec.rows.map((row) => {
        const option = document.createElement('option');
        option.value = String(row.k);
        option.textContent = String(row.k);
        return option;
      }),
    );
    select.value = String(Math.min(Math.max(1, wanted), rec.rows.length));
    results.classList.remove('ph'); // the placeholders of the template's shape are replaced
    results.hidden = false;
    capacities.update(rec);
    $('rbf-capacity').dataset.points = String(rec.rows.length);
  }

  /** Curves at the chosen k (and the σ check) from the worker; they follow the shown table. */
  async function updateCurve() {
    if (!current) return;
    clearErrors($, ['k', 'sigma']);
    const state = readFields($);
    const k = Number($('rbf-k').value);
    const figure = $('rbf-curve');
    figure.dataset.state = 'computing';
    const gen = generation;
    const sigma = state.sigma.trim();
    let out;
    try {
      out = await runner.request('curve', { m: current.input.m, k, variant: variantOf(current.input), sigma: sigma === '' ? undefined : sigma });
    } catch (err) {
      if (gen !== generation || err?.cancelled) return;
      showError($, err, 'k');
      curves.clear();
      view = null;
      refreshSim();
      figure.dataset.state = 'stale';
      return;
    }
    if (gen !== generation) return;
    const row = current.rec.rows.find((r) => r.k === out.k);
    const threshold = (choice) => (choice.feasible ? choice.threshold : null);
    view = {
      m: current.rec.m,
      k: out.k,
      variant: current.rec.variant,
      sigma: out.point ? out.point.sigma : threshold(row.onePhase),
      sigmaSource: out.point ? 'checked' : 'table',
      twoSigma: threshold(row.twoPhase),
      N: threshold(row.worstCase),
    };
    refreshSim();
    curves.update(out, current.rec.p);
    figure.dataset.state = 'ok';
    figure.dataset.k = String(out.k);
    figure.dataset.points = String(out.one.sigma.length);
    const evalOut = $('rbf-eval-out');
    evalOut.replaceChildren();
    delete evalOut.dataset.value;
    if (out.pointError) {
      showError($, out.pointError, 'sigma');
    } else if (out.point) {
      const p = out.point;
      evalOut.dataset.value = String(p.averageFpr);
      evalOut.dataset.messages = String(p.expectedMessages);
      evalOut.append(
        `k = ${p.k}, σ = ${formatInt(p.sigma)}: `,
        numberLink(p.averageFpr, formatProbability(p.averageFpr, 4), ANCHORS.onePhase, 'f¹_σ (000 eq 18)'),
        ' average FPR, ',
        numberLink(p.expectedMessages, formatReal(p.expectedMessages, 2), ANCHORS.messages, 'E[N₀] (000 eqs 20–23)'),
        ` messages per cycle — ${p.averageFpr <= current.rec.p ? 'meets' : 'misses'} f*.`,
      );
    }
  }

  function cancel() {
    if (!runner.busy) return;
    generation++;
    runner.cancel();
    setState('cancelled');
    status.textContent = 'Cancelled.';
  }

  // ---- wiring (the element has filled the fields; the k list is filled after a run)
  if (initial.restart !== 'exact' || initial.swap !== 'after') $('rbf-advanced').open = true;
  const select = $('rbf-k');
  const option = document.createElement('option');
  option.value = initial.k;
  option.textContent = initial.k;
  select.append(option);
  select.value = initial.k;

  const form = $('rbf-form');
  form.addEventListener('input', () => {
    if (!runner.busy) setState('pending', host.query); // until the debounced run starts
    clearTimeout(timer);
    timer = setTimeout(() => run({ auto: true }), DEBOUNCE_MS);
  });
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    run();
  });
  cancelButton.addEventListener('click', cancel);
  select.addEventListener('change', () => {
    updateCurve();
  });
  const evalForm = $('rbf-eval-form');
  evalForm.addEventListener('input', () => {
    $('rbf-curve').dataset.state = 'pending';
    delete $('rbf-eval-out').dataset.value;
    clearTimeout(evalForm.timer);
    evalForm.timer = setTimeout(updateCurve, DEBOUNCE_MS);
  });
  evalForm.addEventListener('submit', (e) => {
    e.preventDefault();
    updateCurve();
  });

  setState('idle', host.query);
  run({ auto: true });
}

/** <bloom-calc calculator="recycling">: attributes m, p, kmax, hashing, recycling, restart, swap, k, sigma (URL keys rm, rp, …); p read as fpr / rfpr too. */
export const calculator = withTemplate('recycling', {
  fields: RECYCLING_FIELDS,
  start: recyclingWorker.start,
  mount,
});
