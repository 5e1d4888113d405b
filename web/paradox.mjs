// The Bloom-paradox calculator (paper 004, <bloom-calc calculator="paradox">): prior, α and filter size →
// posterior of a positive answer, the decision with one sentence, a plot of posterior vs prior with the
// threshold P₀ and the simulate panel. All arithmetic is the core's (bc.paradox, bc.paradoxCurve).
// The counting-filter calculator (bc.cbf) is web/cbf.mjs; both share the field helpers below.
import { createParadoxSimulationPanel } from './paradox-sim.mjs';
import { withUPlot } from './uplot-lazy.mjs';
import { drawAcross, drawDot, drawHook } from './chart-marks.mjs';
import { withTemplate } from './templates.mjs';
import { formatProbability, formatProbabilityShort, formatSignificant } from '../wasm/format.mjs';
import { logScale } from './log-range.mjs';
import { clearErrors, setValue, showError, wireForm } from './form-fields.mjs';
import { PARADOX_FIELDS } from './fields.generated.mjs';

function createPosteriorChart(container, onPlot) {
  let plot = null;
  let last = null;
  const width = () => Math.max(280, Math.floor(container.clientWidth));

  const marks = drawHook(
    () => last,
    (u, last, { left, top, width: w, height: h }, px) => {
      const { ctx } = u;
      ctx.lineWidth = 1 * px;
      // P₀: the prior below which a positive answer should be ignored (Theorem 1)
      const x0 = u.valToPos(last.threshold, 'x', true);
      if (x0 >= left && x0 <= left + w) {
        ctx.fillStyle = 'rgba(179, 38, 30, 0.08)';
        ctx.fillRect(left, top, x0 - left, h);
        ctx.strokeStyle = '#b3261e';
        ctx.setLineDash([5 * px, 4 * px]);
        ctx.beginPath();
        ctx.moveTo(x0, top);
        ctx.lineTo(x0, top + h);
        ctx.stroke();
        ctx.font = `${12 * px}px system-ui, sans-serif`;
        ctx.fillStyle = '#b3261e';
        ctx.fillText(`P₀ = ${formatProbabilityShort(last.threshold)}`, x0 + 4 * px, top + 14 * px);
      }
      // 1/(1 + α) on the posterior axis
      drawAcross(ctx, u.bbox, u.valToPos(last.posteriorThreshold, 'y', true), '#4b5563', [2 * px, 4 * px]);
      const x = u.valToPos(last.prior, 'x', true);
      const y = u.valToPos(Math.max(last.posterior, 1e-300), 'y', true);
      if (x >= left - 1 && x <= left + w + 1 && y >= top - 1 && y <= top + h + 1) {
        drawDot(ctx, x, y, '#0b5cad');
      }
    },
  );

  function update(data) {
    last = data;
    const options = {
      width: width(),
      height: 260,
      scales: { x: { time: false, ...logScale() }, y: logScale(() => [Math.max(1e-16, data.yMin), 1]) },
      series: [
        { label: 'prior', value: (u, v) => (v == null ? '—' : formatProbability(v, 3)) },
        { label: 'Pr(x ∈ S | positive)', stroke: '#0b5cad', width: 2, points: { show: false }, value: (u, v) => (v == null ? '—' : formatProbability(v, 4)) },
      ],
      axes: [
        { label: 'a-priori probability Pr(x ∈ S)', values: (u, s) => s.map(formatProbabilityShort), grid: { stroke: '#e5e7eb' } },
        { label: 'posterior after a positive', size: 58, values: (u, s) => s.map(formatProbabilityShort), grid: { stroke: '#e5e7eb' } },
      ],
      cursor: { drag: { x: false, y: false } },
      hooks: { draw: [marks] },
    };
    return draw(options, [data.priors, data.posteriors]); // settled once drawn (uPlot loads with the first chart)
  }

  const draw = withUPlot((uPlot, options, columns) => {
    if (plot) plot.destroy();
    plot = new uPlot(options, columns, container);
    onPlot(plot);
  });

  new ResizeObserver(() => {
    if (plot) plot.setSize({ width: width(), height: 260 });
  }).observe(container);
  return { update };
}

function sentence(r) {
  const post = formatProbability(r.posterior, 3);
  if (r.paradox) {
    return (
      `Bloom paradox: a positive answer is right only with probability ${post}, because the prior ` +
      `${formatProbability(r.prior, 3)} is below P₀ = ${formatProbability(r.threshold, 3)} — answer “no” for this element without querying the filter.`
    );
  }
  return (
    `Trust a positive answer: it is right with probability ${post} ≥ 1/(1 + α) = ` +
    `${formatProbability(r.posteriorThreshold, 3)}, since the prior is at least P₀ = ${formatProbability(r.threshold, 3)}.`
  );
}

/** Log-spaced priors from 1e-12 to 1 (and the current prior). */
function priorGrid(prior) {
  const xs = [];
  for (let i = 0; i <= 96; i++) xs.push(10 ** (-12 + i / 8));
  if (prior > 0 && prior < 1 && prior >= 1e-12) xs.push(prior);
  return [...new Set(xs)].sort((a, b) => a - b);
}

function mount({ $, bc, host, emit, fail, chart: registerChart, scope }) {
  const simPanel = createParadoxSimulationPanel($, { scope });
  const section = $('paradox');
  const chart = createPosteriorChart($('px-chart'), (plot) => registerChart($('px-chart'), plot));
  const readFields = () => Object.fromEntries(Object.entries(PARADOX_FIELDS).map(([key, { id }]) => [key, $(id).value]));

  let computed = 0; // the compute whose chart is awaited
  function compute() {
    const mine = ++computed;
    const state = readFields();
    clearErrors($, Object.keys(PARADOX_FIELDS));
    section.dataset.query = host.query;
    const input = { prior: state.prior, alpha: state.alpha };
    if (state.fpr.trim() !== '') input.fpr = state.fpr;
    if (state.bpe.trim() !== '') input.bpe = state.bpe;
    let r;
    try {
      r = bc.paradox(input);
    } catch (err) {
      showError($, err, (p) => (p && Object.hasOwn(PARADOX_FIELDS, p) ? p : undefined), 'prior');
      section.dataset.state = 'stale';
      simPanel.setTarget(null);
      fail(err);
      return;
    }
    setValue($('px-posterior'), r.posterior, formatProbability(r.posterior, 4));
    setValue($('px-threshold'), r.threshold, formatProbability(r.threshold, 4));
    setValue($('px-fpr-used'), r.fpr, formatProbability(r.fpr, 4));
    setValue($('px-decision'), r.decision, r.paradox ? 'Ignore the filter' : 'Trust a positive');
    $('px-decision').className = `badge ${r.paradox ? 'bad' : 'ok'}`;
    setValue($('px-min-bpe'), r.minBitsPerElement ?? 'none', r.minBitsPerElement === null ? 'none' : formatSignificant(r.minBitsPerElement, 5));
    setValue($('px-cost-trust'), r.costs.trust, formatProbability(r.costs.trust, 4));
    setValue($('px-cost-ignore'), r.costs.ignore, formatProbability(r.costs.ignore, 4));
    $('px-sentence').textContent = sentence(r);
    const priors = priorGrid(r.prior);
    const { prior, ...filter } = input; // the curve's priors replace the one prior
    const posteriors = bc.paradoxCurve({ ...filter, priors });
    const drawn = chart.update({ priors, posteriors, yMin: Math.min(...posteriors.filter((p) => p > 0)) / 2, ...r });
    $('px-chart').dataset.points = String(priors.length);
    simPanel.setTarget(r);
    emit(r, { method: 'paradox', input }); // the result does not wait for the chart library
    drawn.then(() => {
      if (mine === computed) section.dataset.state = 'ok';
    });
  }

  wireForm($('px-form'), section, compute);
}

/**
 * <bloom-calc calculator="paradox">: attributes prior, alpha, bpe (bits per element) or fpr. The core takes exactly
 * one of bpe and fpr: an fpr the user gives replaces bpe's default.
 */
export const calculator = withTemplate('paradox', {
  fields: PARADOX_FIELDS,
  alternatives: [{ fields: ['bpe', 'fpr'], needs: 1, exclusive: true }],
  mount,
});
