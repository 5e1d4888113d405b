// The page's "Simulate" panel: runs the real Bloom filter of the current result in a Web Worker
// (web/sim-worker.mjs), with a progress bar, a cancel button, the result against the exact model and a
// uPlot chart of the running estimate. The main thread only renders.
import uPlot from 'uplot';
import { formatInt, formatProbability } from './format.mjs';

const $ = (id) => document.getElementById(id);

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

export function createSimulationPanel() {
  const panel = $('sim');
  const runButton = $('sim-run');
  const cancelButton = $('sim-cancel');
  const bar = $('sim-progress');
  const status = $('sim-status');
  const chartEl = $('sim-chart');
  let worker = null;
  let jobId = 0;
  let filter = null; // the current result of the calculator
  let plot = null;
  let xs = [], running = [], model = [];
  let sum = 0;

  function ensureWorker() {
    if (!worker) {
      worker = new Worker(new URL('./sim-worker.js', import.meta.url), { type: 'module' });
      worker.onmessage = onMessage;
    }
    return worker;
  }

  function setState(state) {
    panel.dataset.state = state;
    runButton.disabled = state === 'running' || !filter;
    cancelButton.hidden = state !== 'running';
    bar.hidden = state !== 'running';
  }

  function drawPlot() {
    const data = [xs, running, model];
    if (!plot) {
      plot = new uPlot(
        {
          width: Math.max(280, chartEl.clientWidth || 600),
          height: 220,
          scales: { x: { time: false } },
          axes: [{ label: 'epochs' }, { label: 'running mean FPR', size: 70, values: (u, v) => v.map((x) => formatProbability(x, 3)) }],
          series: [
            {},
            { label: 'simulated (running mean)', stroke: '#0b5cad', width: 2 },
            { label: 'exact model', stroke: '#c2410c', dash: [6, 4], width: 1.5 },
          ],
        },
        data,
        chartEl,
      );
    } else {
      plot.setData(data);
    }
  }

  function onMessage(event) {
    const msg = event.data;
    if (msg.id !== jobId) return; // a message of an older run
    if (msg.type === 'progress') {
      const p = msg.progress;
      bar.value = p.fraction;
      panel.dataset.progress = String(p.fraction);
      panel.dataset.epochs = String(p.epochsDone);
      status.textContent = `Running… ${(100 * p.fraction).toFixed(1)}% (epoch ${formatInt(p.epochsDone)})`;
      for (const rate of p.epochRates) {
        sum += rate;
        xs.push(xs.length + 1);
        running.push(sum / xs.length);
        model.push(filter.fpr.exact);
      }
      if (p.epochRates.length) drawPlot();
    } else if (msg.type === 'result') {
      showResult(msg.result);
      setState('done');
    } else if (msg.type === 'cancelled') {
      status.textContent = 'Cancelled.';
      setState('cancelled');
    } else if (msg.type === 'error') {
      status.textContent = msg.error.message;
      panel.dataset.errorParameter = msg.error.parameter ?? '';
      setState('error');
    }
  }

  function showResult(r) {
    const set = (id, value, text) => {
      $(id).dataset.value = String(value);
      $(id).textContent = text;
    };
    const pct = `${Math.round(r.config.confidence * 100)}%`;
    set('sim-mean', r.mean, formatProbability(r.mean, 5));
    set('sim-half', r.halfWidth, formatProbability(r.halfWidth, 2));
    set('sim-low', r.interval.low, formatProbability(r.interval.low, 5));
    set('sim-high', r.interval.high, formatProbability(r.interval.high, 5));
    set('sim-fp', r.falsePositives, `${formatInt(r.falsePositives)} false positives in ${formatInt(r.newArrivals)} lookups`);
    set('sim-poisson', r.poisson ? `${r.poisson.low},${r.poisson.high}` : '', r.poisson
      ? `[${formatProbability(r.poisson.low, 4)}, ${formatProbability(r.poisson.high, 4)}]` : '—');
    const inside = r.model?.insideT;
    set('sim-model', r.model?.value ?? '', r.model ? formatProbability(r.model.value, 5) : '—');
    const verdict = $('sim-verdict');
    verdict.dataset.value = String(inside);
    verdict.className = `badge ${inside ? 'ok' : 'bad'}`;
    verdict.textContent = inside ? `✓ model inside the ${pct} interval` : `✗ model outside the ${pct} interval`;
    $('sim-note').textContent = r.model?.note ?? '';
    $('sim-result').hidden = false;
    status.textContent = `Done: ${formatInt(r.epochs)} epochs, ${formatInt(r.probes)} bit probes.`;
  }

  function start() {
    if (!filter) return;
    const epochs = Number($('sim-epochs').value);
    const seed = Number($('sim-seed').value);
    const input = simulationInput(filter, { epochs, seed, scheme: $('sim-scheme').value });
    panel.dataset.input = JSON.stringify(input);
    delete panel.dataset.errorParameter;
    jobId += 1;
    xs = [], running = [], model = [], sum = 0;
    drawPlot();
    $('sim-result').hidden = true;
    bar.value = 0;
    panel.dataset.progress = '0';
    status.textContent = 'Starting…';
    setState('running');
    ensureWorker().postMessage({ type: 'run', id: jobId, input });
  }

  function cancel() {
    if (panel.dataset.state === 'running') worker?.postMessage({ type: 'cancel', id: jobId });
  }

  runButton.addEventListener('click', start);
  cancelButton.addEventListener('click', cancel);

  return {
    /** The calculator's current result: a new filter cancels a running simulation and clears the panel. */
    setFilter(r) {
      const key = r ? `${r.m}/${r.n}/${r.k}/${r.hashing}` : '';
      if (key === panel.dataset.filter) return;
      panel.dataset.filter = key;
      filter = r;
      cancel();
      jobId += 1; // ignore what the old run still sends
      $('sim-result').hidden = true;
      status.textContent = r ? `Runs the real filter (m = ${formatInt(r.m)}, n = ${formatInt(r.n)}, k = ${r.k}) in a worker.` : '';
      setState('idle');
    },
  };
}
