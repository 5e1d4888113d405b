// "Paper figures" panel of the recycling-filter section: 000 §V-B/C, Figs. 6–8, recomputed by the core.
// Each point is recommend({ m, p, kmax }).best in the section's worker (its own worker instance, so
// its Cancel leaves the recommendation alone); the page normalises, plots (uPlot) and writes, per chart,
// what the paper claims and what these numbers show. Lazy: nothing runs until the <details> is opened.
import { loadUPlot } from './uplot-lazy.mjs';
import { formatCountShort, formatInt, formatProbabilityShort, formatReal, formatSignificant } from '../wasm/format.mjs';
import { logScale } from './log-range.mjs';
import { createCaller } from '../wasm/worker-protocol.mjs';
import { rbfWorker } from './rbf-pool.mjs';

/** The paper's graphs are colliding, non-retaining (000 §V: "all graphs represent" that combination). */
export const FIGURES = {
  kmax: 20,
  variant: { hashing: 'colliding', recycling: 'nonretaining' },
  fig6: { ms: [1000, 2000, 4000, 8000, 16000, 32000, 64000], fpr: 0.01 },
  fig7: { m: 10000, fprs: [0.1, 0.05, 0.02, 0.01, 0.005, 0.002, 0.001, 1e-4] },
  fig8: { ms: [1000, 2000, 4000, 8000, 16000, 32000, 64000], fprs: [0.01, 0.001, 1e-4] },
};

const RULES = [
  { key: 'worstCase', label: 'worst case f_w (eq 1)', color: '#c2410c' },
  { key: 'lowerBound', label: 'lower bound f_a (eq 3)', color: '#4b5563' },
  { key: 'oracle', label: 'oracle f_o (eq 2)', color: '#16703a' },
];
const F8_COLORS = ['#0b5cad', '#7c3aed', '#b45309'];

const pct = (x) => `${formatReal(100 * x, 1)} %`;
const ratio = (x) => formatReal(x, 3);
const fstar = (f) => formatProbabilityShort(f);

/** Every (m, f*) the three figures need, each once. */
export function figurePoints(fig = FIGURES) {
  const seen = new Map();
  const add = (m, fpr) => seen.set(`${m}/${fpr}`, [m, fpr]);
  for (const m of fig.fig6.ms) add(m, fig.fig6.fpr);
  for (const f of fig.fig7.fprs) add(fig.fig7.m, f);
  for (const f of fig.fig8.fprs) for (const m of fig.fig8.ms) add(m, f);
  return [...seen.values()];
}

/** Capacity of a rule's best k over the one-phase σ-bounded best capacity (null when either is infeasible). */
function normalised(best, rule) {
  const one = best.onePhase;
  const b = best[rule];
  return one.feasible && b.feasible ? b.capacity / one.capacity : null;
}

/** The series the charts plot, from the worker's points. */
export function figureSeries(result, fig = FIGURES) {
  const at = new Map(result.points.map((p) => [`${p.m}/${p.fpr}`, p.best]));
  const best = (m, f) => at.get(`${m}/${f}`);
  const rules = (pairs) => Object.fromEntries(RULES.map(({ key }) => [key, pairs.map(([m, f]) => normalised(best(m, f), key))]));
  const fig6 = { x: fig.fig6.ms, fpr: fig.fig6.fpr, ...rules(fig.fig6.ms.map((m) => [m, fig.fig6.fpr])) };
  const fig7 = { x: fig.fig7.fprs, m: fig.fig7.m, ...rules(fig.fig7.fprs.map((f) => [fig.fig7.m, f])) };
  const fig8 = {
    x: fig.fig8.ms,
    fprs: fig.fig8.fprs,
    ratio: fig.fig8.fprs.map((f) =>
      fig.fig8.ms.map((m) => {
        const b = best(m, f);
        return b.onePhase.feasible && b.twoPhase.feasible ? b.onePhase.capacity / b.twoPhase.capacity : null;
      }),
    ),
  };
  return { fig6, fig7, fig8 };
}

const finite = (xs) => xs.filter((v) => v != null && Number.isFinite(v));
const range = (xs) => [Math.min(...finite(xs)), Math.max(...finite(xs))];

/** Fig. 6: the paper's claim, then ours (computed). Returns { text, values }. */
export function fig6Claim(s) {
  const loss = s.worstCase.map((r) => (r == null ? null : 1 - r));
  const [lo, hi] = range(loss);
  const [aLo, aHi] = range(s.lowerBound);
  const last = s.x.length - 1;
  const below = s.x.filter((m, i) => loss[i] != null && loss[i] <= 0.3);
  const verdict = below.length === 0 ? 'confirmed: above 30 % at every M' : `not confirmed at M = ${below.map(formatInt).join(', ')}`;
  const good = aLo >= 0.95 ? 'confirmed' : 'not confirmed';
  return {
    values: { lossMin: lo, lossMax: hi, lowerBoundMin: aLo, lowerBoundMax: aHi },
    text:
      `000 §V-B (Fig. 6): at f* = ${fstar(s.fpr)} the worst case f_w underestimates the capacity by more than 30 % for every M; ` +
      `f_a is a good approximation. Here: f_w underestimates it by ${pct(loss[0])} at M = ${formatInt(s.x[0])} and ` +
      `${pct(loss[last])} at M = ${formatInt(s.x[last])} (${pct(lo)}–${pct(hi)} over all M) — ${verdict}; ` +
      `f_a keeps ${ratio(aLo)}–${ratio(aHi)} of the σ-bounded capacity — ${good}.`,
  };
}

/** Fig. 7: "around 30 %" across f*. */
export function fig7Claim(s) {
  const loss = s.worstCase.map((r) => (r == null ? null : 1 - r));
  const [lo, hi] = range(loss);
  const last = s.x.length - 1;
  const near = s.x.filter((f, i) => loss[i] != null && Math.abs(loss[i] - 0.3) <= 0.05);
  const shrinking = finite(loss).every((v, i, a) => i === 0 || v <= a[i - 1] + 1e-12);
  let verdict;
  if (near.length === s.x.length) verdict = 'confirmed: within 30 ± 5 % at every f*';
  else if (near.length) verdict = `roughly: within 30 ± 5 % only at f* = ${near.map(fstar).join(', ')}`;
  else verdict = 'not confirmed: never within 30 ± 5 %';
  return {
    values: { lossMin: lo, lossMax: hi, shrinking },
    text:
      `000 §V-B (Fig. 7): across f* the worst case underestimates the capacity by around 30 %. ` +
      `Here (M = ${formatInt(s.m)}): ${pct(loss[0])} at f* = ${fstar(s.x[0])} to ${pct(loss[last])} at f* = ${fstar(s.x[last])} — ` +
      `${verdict}${shrinking ? '; the loss shrinks as f* tightens' : ''}.`,
  };
}

/** Fig. 8: one phase holds more; the two-phase overhead diminishes as f* tightens (abstract). */
export function fig8Claim(s) {
  const means = s.ratio.map((row) => {
    const v = finite(row);
    return v.reduce((a, b) => a + b, 0) / v.length;
  });
  const all = finite(s.ratio.flat());
  const [lo] = range(all);
  const falls = means.every((v, i) => i === 0 || v < means[i - 1]);
  const per = s.fprs.map((f, i) => {
    const [a, b] = range(s.ratio[i]);
    return `${ratio(a)}–${ratio(b)} at f* = ${fstar(f)}`;
  });
  const last = means.length - 1;
  return {
    values: { ratioMin: lo, means, falls },
    text:
      `000 §V-C (Fig. 8): one phase holds more messages than two phases of M/2 with the same memory; abstract: the two-phase ` +
      `overhead diminishes as f* is tightened. Here, one/two-phase capacity: ${per.join(', ')} (M = ` +
      `${formatInt(s.x[0])}–${formatInt(s.x[s.x.length - 1])}) — ` +
      `${lo > 1 ? 'one phase holds more at every point: confirmed' : 'not at every point'}; ` +
      (falls
        ? `the overhead falls as f* tightens (mean ${ratio(means[0])} → ${ratio(means[last])}): confirmed, `
        : 'the overhead does not fall with f*: not confirmed, ') +
      `though two phases still hold only ${pct(1 / means[last])} of the one-phase capacity at f* = ${fstar(s.fprs[last])}.`,
  };
}

/** The powers of ten from the smallest to the largest of xs. */
function decades(xs) {
  const out = [];
  for (let e = Math.floor(Math.log10(Math.min(...xs)) + 1e-9); e <= Math.ceil(Math.log10(Math.max(...xs)) - 1e-9); e++) out.push(10 ** e);
  return out;
}

function lineChart(uPlot, container, { xLabel, yLabel, xValues, xTicks, xSplits, series, columns }) {
  const width = Math.max(280, Math.floor(container.clientWidth));
  return new uPlot(
    {
      width,
      height: 240,
      scales: { x: { time: false, ...logScale((u, min, max) => [min / 1.15, max * 1.15]) } },
      series: [
        { label: xLabel, value: (u, v) => (v == null ? '—' : xValues(v)) },
        ...series.map((s) => ({ ...s, width: 2, points: { show: true, size: 5 }, value: (u, v) => (v == null ? '—' : formatSignificant(v, 4)) })),
      ],
      axes: [
        // fixed ticks on the log axis (uPlot's own log ticks crowd a narrow chart)
        {
          label: xLabel,
          splits: () => xSplits,
          filter: (u, splits) => splits,
          values: (u, splits) => splits.map((v) => (v == null ? '' : xTicks(v))),
          grid: { stroke: '#e5e7eb' },
        },
        { label: yLabel, size: 52, grid: { stroke: '#e5e7eb' } },
      ],
      cursor: { drag: { x: false, y: false } },
    },
    columns,
    container,
  );
}

/**
 * $: id → element in the calculator's shadow root; registerChart(container, plot): the export buttons; scope:
 * the element's (web/worker-scope.mjs).
 */
export function startFigures($, registerChart = () => {}, scope = null) {
  const details = $('rbf-figures');
  const bar = $('rbf-fig-progress');
  const status = $('rbf-fig-status');
  const runButton = $('rbf-fig-run');
  const cancelButton = $('rbf-fig-cancel');
  const plots = [];
  let generation = 0;

  const runner = createCaller(rbfWorker, {
    onProgress: (done, total) => {
      bar.max = total;
      bar.value = done;
      details.dataset.progress = `${done}/${total}`;
      status.textContent = `Computing point ${done} of ${total}…`;
    },
    scope,
  });

  function setState(state) {
    details.dataset.state = state;
    details.setAttribute('aria-busy', state === 'running' ? 'true' : 'false');
    cancelButton.disabled = state !== 'running';
    runButton.disabled = state === 'running';
    bar.hidden = state !== 'running';
  }

  function draw(uPlot, series) {
    for (const p of plots.splice(0)) p.destroy();
    const { fig6, fig7, fig8 } = series;
    const ruleSeries = RULES.map((r) => ({ label: r.label, stroke: r.color, dash: r.key === 'oracle' ? [5, 4] : undefined }));
    const put = (name, s, claim, plot) => {
      const figure = $(`rbf-${name}`);
      figure.dataset.values = JSON.stringify(s);
      const p = $(`rbf-${name}-claim`);
      p.textContent = claim.text;
      p.dataset.values = JSON.stringify(claim.values);
      plots.push(plot);
      registerChart($(`rbf-${name}-chart`), plot);
    };
    put(
      'fig6',
      fig6,
      fig6Claim(fig6),
      lineChart(uPlot, $('rbf-fig6-chart'), {
        xLabel: 'M, bits',
        yLabel: 'capacity / σ-bounded',
        xValues: (v) => formatInt(v),
        xTicks: formatCountShort,
        xSplits: fig6.x,
        series: ruleSeries,
        columns: [fig6.x, ...RULES.map((r) => fig6[r.key])],
      }),
    );
    put(
      'fig7',
      fig7,
      fig7Claim(fig7),
      lineChart(uPlot, $('rbf-fig7-chart'), {
        xLabel: 'f*, target average FPR',
        yLabel: 'capacity / σ-bounded',
        xValues: (v) => fstar(v),
        xTicks: fstar,
        xSplits: decades(fig7.x),
        series: ruleSeries,
        columns: [fig7.x, ...RULES.map((r) => fig7[r.key])],
      }),
    );
    put(
      'fig8',
      fig8,
      fig8Claim(fig8),
      lineChart(uPlot, $('rbf-fig8-chart'), {
        xLabel: 'M, bits',
        yLabel: 'one-phase / two-phase',
        xValues: (v) => formatInt(v),
        xTicks: formatCountShort,
        xSplits: fig8.x,
        series: fig8.fprs.map((f, i) => ({ label: `f* = ${fstar(f)}`, stroke: F8_COLORS[i % F8_COLORS.length] })),
        columns: [fig8.x, ...fig8.ratio],
      }),
    );
  }

  async function compute() {
    if (runner.busy) runner.cancel();
    const gen = ++generation;
    const points = figurePoints();
    bar.max = points.length;
    bar.value = 0;
    details.dataset.progress = `0/${points.length}`;
    status.textContent = 'Computing…';
    $('rbf-fig-error').hidden = true;
    setState('running');
    const t0 = performance.now();
    let result;
    let uPlot;
    try {
      result = await runner.call('figures', { kmax: FIGURES.kmax, variant: FIGURES.variant, points });
      uPlot = await loadUPlot(); // the charts' library, fetched on the first chart of the page
    } catch (err) {
      if (gen !== generation || err?.cancelled) return;
      $('rbf-fig-error').textContent = err?.message ?? String(err);
      $('rbf-fig-error').hidden = false;
      status.textContent = 'Not computed: see the error.';
      setState('error');
      return;
    }
    if (gen !== generation) return;
    draw(uPlot, figureSeries(result));
    status.textContent = `${points.length} recommendations (k = 1..${FIGURES.kmax}) in ${formatSignificant((performance.now() - t0) / 1000, 2)} s.`;
    setState('ok');
  }

  function cancel() {
    if (!runner.busy) return;
    generation++;
    runner.cancel();
    status.textContent = 'Cancelled.';
    setState('cancelled');
  }

  details.addEventListener('toggle', () => {
    if (details.open && ['idle', 'cancelled', 'error'].includes(details.dataset.state)) compute();
  });
  runButton.addEventListener('click', compute);
  cancelButton.addEventListener('click', cancel);
  // out of the page: a run is cancelled (and says so); the runner's worker is stopped by the runner itself
  scope?.own(() => {
    if (details.dataset.state === 'running') cancel();
    return false;
  });
  setState('idle');
  if (details.open) compute();
}
