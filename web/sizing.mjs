// The sizing calculator (<bloom-calc calculator="sizing">): n, p, m, k → the filter, the formulas
// compared with the exact mean, the FPR-vs-n chart and the simulate panel. All parsing and all model
// arithmetic is the core's (bc.size / bc.fpr); this file only moves strings in and renders numbers out.
// bc.size runs in the calculation worker (web/size-worker.mjs): sizing by the exact mean with distinct
// hashing and a tiny p takes up to ~2 s; a new edit while one runs terminates it.
import { withTemplate } from './templates.mjs';
import { shareWasm } from './wasm-share.mjs';
import { earlyWorker } from './early-worker.mjs';
import { createCaller } from '../wasm/worker-protocol.mjs';
import { createSimulationPanel } from './simulate.mjs';
import { byApiName, formInput, setValue } from './form-fields.mjs';
import { renderFormulas } from './formula-table.mjs';
import { SIZING_FIELDS } from './fields.generated.mjs';
import {
  formatHashFloor,
  formatInt,
  formatMemory,
  formatMemoryDetail,
  formatOneIn,
  formatProbability,
  formatReal,
  formatSignificant,
} from '../wasm/format.mjs';

// The form's fields, by API name (hashBits), as the schema declares them (schema/calculators.mjs, web/fields.generated.mjs):
// a new input of bc.size placed on this calculator reaches the form and the input with no edit here.
const FIELDS = byApiName(SIZING_FIELDS);
const KEYS = Object.keys(FIELDS);
const TEXT_FIELDS = KEYS.filter((key) => !FIELDS[key].choices);
const DEBOUNCE_MS = 150;
const SLICE_MS = 8; // longest stretch of chart work before yielding to the browser

/** The core's parser of each kind of text field (the same ones bc.size applies). */
const PARSERS = { count: 'parseCount', probability: 'parseProbability', bits: 'parseBits' };

const SOLVED_TEXT = {
  'm,k': 'Solved m and k',
  m: 'Solved m',
  k: 'Solved k',
  p: 'Solved p',
  n: 'Solved n, the capacity',
  'n,k': 'Solved n (the capacity) and k',
  none: 'Nothing to solve: all four given',
};

const ROUNDING_TEXT = {
  none: 'm not rounded',
  word64: 'm rounded up to a multiple of 64 bits',
  pow2: 'm rounded up to a power of two',
};

function methodSentence(r) {
  const sized = !['p', 'none'].includes(r.solved); // all four given: p is evaluated, nothing sized
  const by = r.method === 'exact' ? 'the exact mean FPR (001 eq 17)' : 'the classic formula (001 eq 1)';
  const lead = sized ? `Sized by ${by}` : `p evaluated by ${by}`;
  return `${lead}, ${r.hashing} hashing, ${ROUNDING_TEXT[r.rounding] ?? `rounding ${r.rounding}`}.`;
}

// bc.size in a worker (the exact method can take seconds), started with the element's module (web/early-worker.mjs)
const sizeWorker = earlyWorker(() => shareWasm(new Worker(new URL('./size-worker.js', import.meta.url), { type: 'module', name: 'bloomcalc-size' })));

const nextSlice = () => new Promise((resolve) => setTimeout(resolve, 0));

function mount({ $, bc, host, emit, fail, chart: registerChart, scope, near }) {
  const controls = Object.fromEntries(KEYS.map((key) => [key, $(FIELDS[key].id)]));
  // a choice that cannot be wrong has no error line of its own (hash-bits)
  const errors = Object.fromEntries(KEYS.filter((key) => FIELDS[key].error !== false).map((key) => [key, $(`${FIELDS[key].id}-error`)]));
  const generalError = $('general-error');
  const resultsCard = $('results');
  const formulasCard = $('formulas');
  const chartCard = $('chart-card');
  const staleNotice = $('stale-notice');
  const chartError = $('chart-error');
  // The chart's code (web/chart.mjs) is fetched with the first result, not before it (the embed size budget,
  // tests/js/size.test.mjs): a literal import(), which esbuild makes a chunk of its own.
  let chartModule = null;
  let chart = null;
  const loadChart = () =>
    (chartModule ??= import('./chart.mjs').then((m) => {
      chart = m.createFprChart($('chart'), (plot) => registerChart($('chart'), plot));
      return m;
    }));
  // loading="lazy": the chart (its code, its points, uPlot) waits until it nears the view too, as the element's
  // module and first result do: below a phone's first screen, a page load draws no chart. Watched from the start:
  // a reader may scroll past it before the first result.
  const chartNear = near($('chart'));
  let chartIsNear = chartNear === null;
  chartNear?.then(() => (chartIsNear = true));
  const simPanel = createSimulationPanel($, registerChart, { scope });

  let timer = 0;
  let generation = 0; // bumps on every computation; chart work of an older one stops
  const sizer = createCaller(sizeWorker.take, { scope });

  // ---------------------------------------------------------------- state <-> form

  function readForm() {
    return Object.fromEntries(KEYS.map((key) => [key, controls[key].value]));
  }

  /** The sizing input: raw strings as typed (blank fields omitted), parsed by the core. */
  const sizingInput = (state) => formInput(FIELDS, state);

  // ---------------------------------------------------------------- output helpers

  function clearErrors() {
    for (const key of Object.keys(errors)) {
      errors[key].hidden = true;
      errors[key].textContent = '';
      controls[key].removeAttribute('aria-invalid');
      controls[key].closest('.field').classList.remove('invalid');
    }
    generalError.hidden = true;
    generalError.textContent = '';
    delete generalError.dataset.parameter;
  }

  function showError(err) {
    // an Error of the core's parsers, or the worker's plain { name, message, parameter } of bc.size
    const message = typeof err?.message === 'string' ? err.message : `Unexpected error: ${String(err)}`;
    const parameter = err && typeof err === 'object' ? err.parameter : undefined;
    if (parameter && Object.hasOwn(errors, parameter)) {
      if (!errors[parameter].hidden) return; // one message per field: the first
      errors[parameter].textContent = message;
      errors[parameter].hidden = false;
      controls[parameter].setAttribute('aria-invalid', 'true');
      controls[parameter].closest('.field').classList.add('invalid');
    } else {
      generalError.textContent = message;
      generalError.hidden = false;
      if (parameter) generalError.dataset.parameter = parameter;
    }
  }

  function setState(card, state, query) {
    card.dataset.state = state;
    // once a card has shown a result, an error leaves it "out of date"; before, there is nothing to date
    if (state === 'ok') card.dataset.filled = '';
    if (query !== undefined) card.dataset.query = query;
    card.setAttribute('aria-busy', state === 'ok' || state === 'stale' ? 'false' : 'true');
  }

  function resetPlaceholders() {
    for (const key of TEXT_FIELDS) {
      controls[key].placeholder = controls[key].dataset.placeholder ?? '';
      controls[key].closest('.field').classList.remove('solved');
    }
  }

  function markStale(query, why) {
    simPanel.setFilter(null);
    setState(resultsCard, 'stale', query);
    setState(formulasCard, 'stale', query);
    setState(chartCard, 'stale', query);
    staleNotice.textContent = 'filled' in resultsCard.dataset ? `Out of date: ${why}` : `No result yet: ${why}`;
    $('live-summary').textContent = '';
    resetPlaceholders();
  }

  // ---------------------------------------------------------------- rendering

  function showSolvedPlaceholders(r) {
    resetPlaceholders();
    const solved = r.solved === 'none' ? [] : r.solved.split(',');
    const text = { n: formatInt(r.n), m: formatInt(r.m), k: String(r.k), p: formatProbability(r.p, 4) };
    for (const key of solved) {
      if (!controls[key]) continue;
      controls[key].placeholder = `= ${text[key]} (solved)`;
      controls[key].closest('.field').classList.add('solved');
    }
  }

  function renderResult(r, query) {
    $('result-summary').dataset.value = r.solved;
    $('result-summary').textContent = SOLVED_TEXT[r.solved] ?? `Solved ${r.solved}`;
    setValue($('result-m'), r.m, formatInt(r.m));
    setValue($('result-k'), r.k, String(r.k));
    setValue($('result-n'), r.n, formatInt(r.n));
    setValue($('result-p'), r.p, formatProbability(r.p));
    $('result-p-one-in').textContent = formatOneIn(r.p) && `≈ ${formatOneIn(r.p)}`;
    $('result-p-method').textContent = r.method === 'exact' ? '(exact mean)' : '(classic formula)';

    const meets = $('result-meets');
    meets.dataset.value = String(r.meetsTarget);
    meets.dataset.target = r.target === null ? '' : String(r.target);
    if (r.target === null) {
      meets.hidden = true;
      meets.textContent = '';
    } else {
      meets.hidden = false;
      meets.className = `badge ${r.meetsTarget ? 'ok' : 'bad'}`;
      meets.textContent = `${r.meetsTarget ? '✓ meets' : '✗ misses'} target ${formatProbability(r.target, 3)}`;
    }

    setValue($('result-bpe'), r.bitsPerElement, formatSignificant(r.bitsPerElement, 5));
    setValue($('result-memory'), r.memory.bytes, formatMemory(r.memory.bytes));
    $('result-memory-detail').textContent = formatMemoryDetail(r.memory.bytes);
    setValue($('result-mideal'), r.mIdeal, formatReal(r.mIdeal, r.mIdeal < 1e4 ? 3 : 1));
    setValue($('result-kideal'), r.kIdeal, formatSignificant(r.kIdeal, 5));

    const list = $('result-kchoices');
    list.replaceChildren(
      ...r.kChoices.map((c, i) => {
        const li = document.createElement('li');
        li.setAttribute('data-testid', `result-kchoice-${i}`);
        li.dataset.k = String(c.k);
        li.dataset.value = String(c.p);
        const chosen = c.k === r.k;
        if (chosen) li.className = 'chosen';
        li.textContent = `k = ${c.k}: ${formatProbability(c.p, 4)}`;
        if (chosen) li.title = 'the k of this filter';
        return li;
      }),
    );

    const floor = formatHashFloor(r.hashFloor, r.target, r.n);
    for (const [id, text] of [
      ['result-floor', floor.line],
      ['result-floor-warning', floor.warning],
    ]) {
      $(id).textContent = text;
      $(id).hidden = !text;
    }

    const sentence = $('result-method');
    sentence.dataset.value = r.method;
    sentence.textContent = methodSentence(r);
    showSolvedPlaceholders(r);
    $('live-summary').textContent =
      `${SOLVED_TEXT[r.solved] ?? ''}: m = ${formatInt(r.m)} bits, k = ${r.k}, n = ${formatInt(r.n)}, ` +
      `p = ${formatProbability(r.p, 4)}${r.target === null ? '' : r.meetsTarget ? ', meets the target' : ', misses the target'}.`;
    setState(resultsCard, 'ok', query);
    staleNotice.textContent = '';
  }

  async function renderChart(r, gen, query) {
    setState(chartCard, 'computing', query);
    chartError.hidden = true;
    if (!chartIsNear) {
      setState(chartCard, 'waiting', query); // for the view
      await chartNear;
      if (gen !== generation) return;
      setState(chartCard, 'computing', query);
    }
    let sampleCounts;
    try {
      ({ sampleCounts } = await loadChart());
    } catch (err) {
      chartModule = null; // the next result tries again
      chartError.textContent = `Chart unavailable: could not load its code (${err instanceof Error ? err.message : String(err)})`;
      chartError.hidden = false;
      setState(chartCard, 'stale', query);
      return;
    }
    if (gen !== generation) return;
    const xs = sampleCounts(r.n, bc.limits.maxItems);
    const exact = [];
    const classic = [];
    const relative = [];
    const classicKey = r.hashing === 'distinct' ? 'classicDistinct' : 'classic';
    let sliceStart = performance.now();
    try {
      for (const n of xs) {
        if (gen !== generation) return;
        const f = bc.fpr({ m: r.m, n, k: r.k, hashing: r.hashing });
        exact.push(f.exact > 0 ? f.exact : null);
        classic.push(f[classicKey] > 0 ? f[classicKey] : null);
        relative.push(Number.isFinite(f.relativeError[classicKey]) ? f.relativeError[classicKey] : null);
        if (performance.now() - sliceStart > SLICE_MS) {
          await nextSlice();
          sliceStart = performance.now();
        }
      }
    } catch (err) {
      if (gen !== generation) return;
      chart?.clear();
      chartError.textContent = `Chart unavailable: ${err instanceof Error ? err.message : String(err)}`;
      chartError.hidden = false;
      setState(chartCard, 'stale', query);
      return;
    }
    if (gen !== generation) return;
    const drawn = chart.update({
      xs,
      exact,
      classic,
      relative,
      n: r.n,
      pAtN: r.fpr.exact,
      target: r.target,
      hashing: r.hashing,
      classicLabel: r.hashing === 'distinct' ? 'classic (distinct)' : 'classic (eq 1)',
    });
    $('chart').dataset.points = String(xs.length);
    $('chart').setAttribute(
      'aria-label',
      `False-positive rate for m = ${formatInt(r.m)} bits and k = ${r.k}, n from ${formatInt(xs[0])} to ` +
        `${formatInt(xs[xs.length - 1])}; at n = ${formatInt(r.n)} the exact rate is ${formatProbability(r.fpr.exact, 4)}.`,
    );
    await drawn; // the first chart waits for uPlot
    if (gen !== generation) return;
    setState(chartCard, 'ok', query);
  }

  // ---------------------------------------------------------------- the loop

  async function compute() {
    timer = 0;
    const state = readForm();
    const query = host.query;
    const gen = ++generation;
    clearErrors();
    const input = sizingInput(state);
    // bc.size stops at the first bad field; run the core's parser on each one so that every bad
    // field is marked at once.
    const fieldErrors = [];
    for (const key of TEXT_FIELDS) {
      if (input[key] === undefined || !PARSERS[FIELDS[key].kind]) continue;
      try {
        bc[PARSERS[FIELDS[key].kind]](input[key], key);
      } catch (err) {
        fieldErrors.push(err);
      }
    }
    if (fieldErrors.length) {
      fieldErrors.forEach(showError);
      markStale(query, 'fix the input error to see results.');
      fail(fieldErrors[0]);
      return;
    }
    let result;
    if (sizer.busy) sizer.cancel(); // an older, slow sizing: stop it
    for (const card of [resultsCard, formulasCard, chartCard]) setState(card, 'computing', query);
    try {
      result = await sizer.call('size', input);
    } catch (err) {
      if (gen !== generation) return; // a newer edit took over
      if (err?.cancelled) return;
      showError(err);
      markStale(query, 'fix the input error to see results.');
      fail(err);
      return;
    }
    if (gen !== generation) return;
    renderResult(result, query);
    emit(result, { method: 'size', input });
    renderFormulas($, result.fpr);
    setState(formulasCard, 'ok', query);
    simPanel.setFilter(result);
    renderChart(result, gen, query);
  }

  function onEdit() {
    for (const card of [resultsCard, formulasCard, chartCard]) card.setAttribute('aria-busy', 'true');
    clearTimeout(timer);
    timer = setTimeout(compute, DEBOUNCE_MS);
  }

  function now() {
    clearTimeout(timer);
    compute();
  }

  // ---------------------------------------------------------------- start

  const form = $('form');
  form.addEventListener('input', onEdit);
  form.addEventListener('change', (e) => {
    if (e.target instanceof HTMLSelectElement) onEdit();
  });
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    now();
  });

  // "Copy link" copies the page URL, which holds the inputs only with url-state (the page, embed mode)
  $('copy-link').closest('.share').hidden = !host.hasAttribute('url-state');
  $('copy-link').addEventListener('click', async () => {
    const status = $('copy-status');
    try {
      await navigator.clipboard.writeText(window.location.href);
      status.textContent = 'Link copied.';
    } catch {
      status.textContent = 'Copy the address bar: it holds this view.';
    }
    setTimeout(() => {
      status.textContent = '';
    }, 4000);
  });
  now();
}

/** <bloom-calc calculator="sizing">: attributes n, p, m, k (as typed: "1M", "1%"), rounding, method, hashing,
 * hash-bits (none | 32 | 64, URL key hash: the hash-width floor beside the result). */
export const calculator = withTemplate('sizing', {
  fields: SIZING_FIELDS,
  initial: { n: '1M', p: '1%' },
  // the core sizes from two of n, p, m (k optional): one given keeps p = 1% (or n = 1M) beside it
  alternatives: [{ fields: ['p', 'n', 'm'], needs: 2 }],
  start: sizeWorker.start,
  mount,
});
