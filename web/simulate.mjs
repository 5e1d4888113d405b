// The page's "Simulate" panels: run a real data structure in a Web Worker (web/sim-worker.mjs), with a
// progress bar, a cancel button, the result against the model value and a uPlot chart of the running
// estimate. The main thread only renders. One generic panel, parameterised by an element-id prefix and
// a config that turns "what the user is looking at" (the target) into a simulation input:
//   createSimulationPanel($)                    the sizing result's Bloom filter (ids sim-*)
//   createPanel({ $, prefix: 'rsim', ... })       e.g. the recycling section's filters (ids rsim-*)
// Element ids used, with prefix P: those of web/sim-panel.mjs (P, P-run, P-cancel, P-progress, P-status, P-result),
// P-mean, P-half, P-low, P-high, P-poisson, P-fp, P-model, P-verdict, P-note, P-chart; optional P-model-name, P-eta (the
// expected run time: web/sim-eta.mjs)
// and, for each parameter the core may name in an error, P-<parameter>-error (shown beside that field).
import { pxRatio, withUPlot } from './uplot-lazy.mjs';
import { formatInt, formatProbability } from '../wasm/format.mjs';
import { createRunPanel, lazyExpectedTime } from './sim-panel.mjs';

// A count field: a plain integer as a number; any other text as typed, for the core's parser to read or to
// quote in its error (never Number('abc') = NaN, which made the message say "got NaN").
const countOf = (text) => (/^\d{1,15}$/.test(text.trim()) ? Number(text.trim()) : text.trim());

/** Lookups per epoch: whole filter instances (max(64, n) lookups each), at least ~200 000 lookups. */
export function simulationInput(r, { epochs, seed, scheme }) {
  const queries = Math.max(64, r.n);
  const instances = Math.max(1, Math.ceil(200000 / queries));
  return {
    structure: 'bloom',
    m: r.m,
    n: r.n,
    k: r.k,
    hashing: scheme === 'ideal' ? r.hashing : scheme,
    queries,
    epochs,
    arrivals: instances * queries,
    seed,
  };
}

/**
 * A simulate panel.
 * - $: id → element, in the calculator's shadow root.
 * - prefix: element-id prefix (see above).
 * - input(target): the simulation input for the target (may throw an error with `parameter`).
 * - key(target): identity of a target; a new key cancels a running simulation and clears the panel.
 * - describe(target): the idle status line.
 * - modelLabel: legend of the model line ('model' by default; the result's model name is shown beside it).
 * - chart(container, plot): sees the panel's uPlot (the element's export buttons).
 * - onResult(result, input), onError(error): after a run (the element's result / error events).
 * - scope: the element's (web/worker-scope.mjs): out of the page, a run is cancelled and the worker stopped.
 */
export function createPanel({
  $,
  prefix,
  input: inputOf,
  key: keyOf,
  describe,
  modelLabel = 'model',
  chart: registerChart = () => {},
  onResult = () => {},
  onError = () => {},
  scope = null,
}) {
  const id = (suffix) => $(`${prefix}-${suffix}`);
  const panel = $(prefix);
  const bar = id('progress');
  const status = id('status');
  const chartEl = id('chart');
  let plot = null;
  let xs = [],
    running = [],
    model = [];
  let sum = 0;
  let modelValue = null;
  let shownErrors = [];

  // The chart follows its container's width, as the calculators' charts do (a fixed width overflowed a phone's screen).
  const width = () => Math.max(280, Math.floor(chartEl.clientWidth));
  new ResizeObserver(() => plot?.setSize({ width: width(), height: 220 })).observe(chartEl);
  const drawPlot = withUPlot((uPlot) => {
    const data = [xs, running, model];
    if (!plot) {
      plot = new uPlot(
        {
          width: width(),
          height: 220,
          scales: { x: { time: false } },
          axes: [{ label: 'epochs' }, { label: 'running mean FPR', size: 96, values: (u, v) => v.map((x) => formatProbability(x, 3)) }],
          series: [{}, { label: 'simulated (running mean)', stroke: '#0b5cad', width: 2 }, { label: modelLabel, stroke: '#c2410c', dash: [6, 4], width: 1.5 }],
        },
        data,
        chartEl,
      );
      registerChart(chartEl, plot);
    } else {
      plot.setData(data);
    }
  });

  function clearFieldErrors() {
    for (const el of shownErrors) {
      el.hidden = true;
      el.textContent = '';
    }
    shownErrors = [];
  }

  function showError(error) {
    status.textContent = error.message;
    const el = error.parameter ? id(`${error.parameter}-error`) : null;
    if (el) {
      el.textContent = error.message;
      el.hidden = false;
      shownErrors.push(el);
    }
  }

  let onWorkers = ''; // the status lines' " on N workers …"

  /** The worker's progress (web/sim-worker.mjs): 'preparing', ('started', model), ('workers', count, plan), ('step', progress). */
  function onProgress(stage, value, plan) {
    if (stage === 'workers') {
      panel.dataset.workers = String(value);
      onWorkers = ` on ${value} workers`;
      eta?.workers(plan).then((text) => (onWorkers = text)); // and why not as many as the cores, when memory bounds them
    } else if (stage === 'preparing') {
      status.textContent = 'Computing the model value (large N-bounded filters take a while; Cancel stops it)…';
    } else if (stage === 'started') {
      modelValue = value?.value ?? null;
      panel.dataset.model = String(modelValue);
    } else if (stage === 'step') {
      const p = value;
      bar.value = p.fraction;
      panel.dataset.progress = String(p.fraction);
      panel.dataset.epochs = String(p.epochsDone);
      status.textContent = `Running… ${(100 * p.fraction).toFixed(1)}% (epoch ${formatInt(p.epochsDone)})${onWorkers}`;
      for (const rate of p.epochRates) {
        sum += rate;
        xs.push(xs.length + 1);
        running.push(sum / xs.length);
        model.push(modelValue);
      }
      if (p.epochRates.length) drawPlot();
    }
  }

  function showResult(r, took) {
    const set = (suffix, value, text) => {
      id(suffix).dataset.value = String(value);
      id(suffix).textContent = text;
    };
    const pct = `${Math.round(r.config.confidence * 100)}%`;
    set('mean', r.mean, formatProbability(r.mean, 5));
    set('half', r.halfWidth, formatProbability(r.halfWidth, 2));
    set('low', r.interval.low, formatProbability(r.interval.low, 5));
    set('high', r.interval.high, formatProbability(r.interval.high, 5));
    const unit = r.config.structure === 'bloom' || r.config.structure === 'counting' ? 'lookups' : 'new messages';
    set('fp', r.falsePositives, `${formatInt(r.falsePositives)} false positives in ${formatInt(r.newArrivals)} ${unit}`);
    set(
      'poisson',
      r.poisson ? `${r.poisson.low},${r.poisson.high}` : '',
      r.poisson ? `[${formatProbability(r.poisson.low, 4)}, ${formatProbability(r.poisson.high, 4)}]` : '—',
    );
    const verdict = id('verdict');
    if (r.model && !r.model.applies) {
      set('model', r.model.value, formatProbability(r.model.value, 5));
      verdict.dataset.value = 'null';
      verdict.className = 'badge';
      verdict.textContent = 'no verdict: the model is for a fresh stream (see the note)';
    } else if (r.model) {
      // Either interval: the t interval is a point when no epoch saw a false positive ("0 ± 0" would call a
      // 1e-9 model outside), where Garwood's exact Poisson interval still holds (docs/simulation.md).
      const inside = r.model.insideT || r.model.insidePoisson === true;
      set('model', r.model.value, formatProbability(r.model.value, 5));
      verdict.dataset.value = String(inside);
      verdict.className = `badge ${inside ? 'ok' : 'bad'}`;
      verdict.textContent = r.model.insideT
        ? `✓ model inside the ${pct} interval`
        : inside
          ? `✓ model inside the exact Poisson ${pct} interval (outside the t interval)`
          : `✗ model outside the ${pct} intervals`;
    } else {
      set('model', '', '—');
      verdict.dataset.value = 'null';
      verdict.className = 'badge';
      verdict.textContent = 'none at this size: the model is computed only within ~0.1 s of work (docs/simulation.md)';
    }
    const name = id('model-name');
    if (name) name.textContent = r.model ? `${r.model.name} (${r.model.reference})` : '';
    id('note').textContent = r.model?.note ?? '';
    id('result').hidden = false;
    status.textContent = `Done: ${formatInt(r.epochs)} epochs, ${formatInt(r.probes)} bit probes${onWorkers}.`;
    eta?.done(JSON.parse(panel.dataset.input), r, took, Number(panel.dataset.workers) || 1);
  }

  const run = createRunPanel({
    $,
    prefix,
    method: 'simulate',
    read: inputOf,
    clear: clearFieldErrors,
    onProgress,
    showResult,
    showError,
    onResult,
    onError,
    scope,
    resumes: true, // the simulate calculator's autorun runs it again on return
    begin() {
      ((xs = []), (running = []), (model = []), (sum = 0), (modelValue = null));
      delete panel.dataset.workers; // one worker unless the run says otherwise
      onWorkers = '';
      drawPlot();
    },
  });
  const eta = id('eta') && lazyExpectedTime(run, panel, id('eta'), inputOf, 'estimate');
  return {
    /** What to simulate: a new target cancels a running simulation and clears the panel. */
    setTarget(t) {
      run.setTarget(t, t ? keyOf(t) : '', t ? describe(t) : '');
      eta?.changed();
    },
    get target() {
      return run.target;
    },
  };
}

/** The sizing result's panel: the real Bloom filter (m, n, k) against the exact mean FPR. */
export function createSimulationPanel($, registerChart, events = {}) {
  const panel = createPanel({
    $,
    chart: registerChart,
    ...events,
    prefix: 'sim',
    input: (r) => simulationInput(r, { epochs: countOf($('sim-epochs').value), seed: countOf($('sim-seed').value), scheme: $('sim-scheme').value }),
    key: (r) => `${r.m}/${r.n}/${r.k}/${r.hashing}`,
    describe: (r) => `Runs the real filter (m = ${formatInt(r.m)}, n = ${formatInt(r.n)}, k = ${r.k}) in a worker.`,
    modelLabel: 'exact model',
  });
  return {
    /** The calculator's current result: a new filter cancels a running simulation and clears the panel. */
    setFilter(r) {
      panel.setTarget(r);
    },
    /** Runs the simulation of the current filter (as the Simulate button does). */
    run() {
      $('sim-run').click();
    },
  };
}
