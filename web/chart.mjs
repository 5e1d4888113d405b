// The FPR-vs-n chart: a log–log uPlot of the exact and classic curves at a fixed (m, k), with the
// current n marked and the target p drawn when there is one. Rendering only; the numbers come in.
import { pxRatio, withUPlot } from './uplot-lazy.mjs';
import { drawDot } from './chart-marks.mjs';
import { formatCountShort, formatInt, formatPercentAxis, formatProbability, formatProbabilityShort, formatRelativeError } from '../wasm/format.mjs';
import { logScale, logSplits } from './log-range.mjs';

const COLORS = {
  exact: '#0b5cad',
  classic: '#c2410c',
  target: '#4b5563',
  relative: '#7c3aed',
  marker: '#111827',
};

/** ~count log-spaced integer item counts from n/8 to 8n (clamped to [1, maxItems]), n included. */
export function sampleCounts(n, maxItems, count = 60) {
  const lo = Math.max(1, n / 8);
  const hi = Math.min(maxItems, n * 8);
  const xs = new Set([Math.round(n)]);
  if (hi > lo) {
    const step = Math.log(hi / lo) / (count - 1);
    for (let i = 0; i < count; i++) xs.add(Math.min(hi, Math.max(1, Math.round(lo * Math.exp(step * i)))));
  }
  return [...xs].sort((a, b) => a - b);
}

/** Creates the chart in `container`; returns { update(data), clear() }. onPlot(plot) sees each new uPlot. */
export function createFprChart(container, onPlot = () => {}) {
  let plot = null;
  let last = null;

  const width = () => Math.max(280, Math.floor(container.clientWidth));
  const height = () => (container.clientWidth < 520 ? 260 : 300);

  function drawMarker(u) {
    if (!last) return;
    const { ctx } = u;
    const { left, top, width: w, height: h } = u.bbox;
    const x = Math.round(u.valToPos(last.n, 'x', true));
    if (x < left - 1 || x > left + w + 1) return;
    const px = pxRatio();
    ctx.save();
    ctx.strokeStyle = COLORS.marker;
    ctx.lineWidth = 1 * px;
    ctx.setLineDash([3 * px, 3 * px]);
    ctx.beginPath();
    ctx.moveTo(x + 0.5, top);
    ctx.lineTo(x + 0.5, top + h);
    ctx.stroke();
    ctx.setLineDash([]);
    if (last.pAtN > 0) {
      const y = u.valToPos(last.pAtN, 'y', true);
      drawDot(ctx, x, y, COLORS.exact);
    }
    ctx.font = `${12 * px}px system-ui, sans-serif`;
    ctx.fillStyle = COLORS.marker;
    const label = `n = ${formatCountShort(last.n)}`;
    const tw = ctx.measureText(label).width;
    const tx = x + 6 * px + tw > left + w ? x - 6 * px - tw : x + 6 * px;
    ctx.fillText(label, tx, top + 14 * px);
    ctx.restore();
  }

  function options(data) {
    const { n } = data;
    const xMin = data.xs[0];
    const xMax = data.xs[data.xs.length - 1];
    const xSplits = [1 / 8, 1 / 4, 1 / 2, 1, 2, 4, 8].map((f) => n * f).filter((v) => v >= xMin * (1 - 1e-9) && v <= xMax * (1 + 1e-9));
    const probValue = (u, v) => (v == null ? '—' : formatProbability(v, 4));
    const series = [
      { label: 'n', value: (u, v) => (v == null ? '—' : formatInt(v)) },
      { label: `exact (${data.hashing})`, stroke: COLORS.exact, width: 2, value: probValue, points: { show: false } },
      { label: data.classicLabel, stroke: COLORS.classic, width: 2, dash: [7, 5], value: probValue, points: { show: false } },
    ];
    series.push({
      label: 'classic vs exact, % (right)',
      scale: 'rel',
      stroke: COLORS.relative,
      width: 1.25,
      value: (u, v) => (v == null ? '—' : formatRelativeError(v / 100)),
      points: { show: false },
    });
    if (data.target != null) {
      series.push({ label: 'target p', stroke: COLORS.target, width: 1, dash: [2, 4], value: probValue, points: { show: false } });
    }
    return {
      width: width(),
      height: height(),
      scales: {
        x: { time: false, ...logScale(() => [xMin, xMax]) },
        // ticks from logSplits, not uPlot's walk: the floor may go below MIN_LOG for tiny FPRs
        y: logScale(undefined, { floor: 1e-300 }),
        rel: { auto: true },
      },
      series,
      axes: [
        {
          label: 'n, items inserted',
          size: 34,
          labelSize: 22,
          splits: () => xSplits,
          filter: (u, splits) => splits,
          // Narrow plots label n/4, n and 4n only.
          values: (u, splits) => {
            const narrow = u.bbox.width / pxRatio() < 420;
            return splits.map((v) => (!narrow || Math.round(Math.log2(v / n)) % 2 === 0 ? formatCountShort(v) : ''));
          },
          grid: { stroke: '#e5e7eb' },
          ticks: { stroke: '#d1d5db' },
        },
        {
          label: 'false-positive rate',
          size: 58,
          splits: (u, i, min, max) => logSplits(min, max),
          filter: (u, splits) => splits,
          values: (u, splits) => splits.map((v) => formatProbabilityShort(v)),
          grid: { stroke: '#e5e7eb' },
          ticks: { stroke: '#d1d5db' },
        },
        {
          scale: 'rel',
          side: 1,
          label: 'classic − exact, % of exact',
          size: 64,
          stroke: COLORS.relative,
          values: (u, splits) => splits.map((v) => formatPercentAxis(v)),
          grid: { show: false },
          ticks: { stroke: '#d1d5db' },
        },
      ],
      cursor: { drag: { x: false, y: false }, points: { size: 7 } },
      legend: { live: true },
      hooks: { draw: [drawMarker] },
    };
  }

  function update(data) {
    last = data;
    const columns = [data.xs, data.exact, data.classic, data.relative.map((r) => (r == null ? null : r * 100))];
    if (data.target != null) columns.push(data.xs.map(() => data.target));
    return draw(data, columns); // settled once drawn (uPlot loads with the first chart)
  }

  const draw = withUPlot((uPlot, data, columns) => {
    if (plot) plot.destroy();
    plot = new uPlot(options(data), columns, container);
    onPlot(plot);
  });

  function clear() {
    draw.cancel();
    if (plot) plot.destroy();
    plot = null;
    last = null;
  }

  new ResizeObserver(() => {
    if (plot) plot.setSize({ width: width(), height: height() });
  }).observe(container);

  return { update, clear };
}
