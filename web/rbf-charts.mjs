// The recycling calculator's charts (web/rbf.mjs): f¹_σ and f²_σ against σ at one k, messages per cycle against k.
import { pxRatio, withUPlot } from './uplot-lazy.mjs';
import { formatInt, formatProbability, formatProbabilityShort, formatReal } from '../wasm/format.mjs';
import { logScale, logSplits } from './log-range.mjs';
import { RULES } from './rbf-results.mjs';

function createChart(container, build, onPlot = () => {}) {
  let plot = null;
  const width = () => Math.max(280, Math.floor(container.clientWidth));
  new ResizeObserver(() => plot?.setSize({ width: width(), height: 260 })).observe(container);
  const draw = withUPlot((uPlot, options, data) => {
    plot?.destroy();
    plot = new uPlot({ width: width(), height: 260, ...options }, data, container);
    onPlot(plot);
  });
  return {
    update(...args) {
      const { options, data } = build(...args);
      draw(options, data);
    },
    clear() {
      draw.cancel();
      plot?.destroy();
      plot = null;
    },
  };
}

/** f¹_σ (M bits) and f²_σ (two of M/2 bits) on one σ axis; zeros are left out of the log scale. */
export function curveChart(container, onPlot) {
  return createChart(
    container,
    ({ one, two }, target) => {
      const xs = [...new Set([...one.sigma, ...(two?.sigma ?? [])])].sort((a, b) => a - b);
      const at = (curve) => {
        if (!curve) return xs.map(() => null);
        const byX = new Map(curve.sigma.map((s, i) => [s, curve.averageFpr[i]]));
        return xs.map((x) => {
          const v = byX.get(x);
          return v > 0 ? v : null;
        });
      };
      const ys = [at(one), at(two)];
      const positive = ys.flat().filter((v) => v > 0);
      const yMin = Math.max(1e-300, Math.min(target, ...positive) / 2);
      const targetLine = (u) => {
        const { ctx } = u;
        const { left, top, width: w, height: h } = u.bbox;
        const y = u.valToPos(target, 'y', true);
        if (y < top || y > top + h) return;
        const px = pxRatio();
        ctx.save();
        ctx.strokeStyle = '#b3261e';
        ctx.lineWidth = px;
        ctx.setLineDash([5 * px, 4 * px]);
        ctx.beginPath();
        ctx.moveTo(left, y);
        ctx.lineTo(left + w, y);
        ctx.stroke();
        ctx.font = `${12 * px}px system-ui, sans-serif`;
        ctx.fillStyle = '#b3261e';
        ctx.fillText(`f* = ${formatProbabilityShort(target)}`, left + 6 * px, y - 4 * px);
        ctx.restore();
      };
      return {
        data: [xs, ...ys],
        options: {
          // ticks from logSplits, not uPlot's walk: the floor may go below MIN_LOG for tiny FPRs
          scales: { x: { time: false }, y: logScale(() => [yMin, 1], { floor: 1e-300 }) },
          series: [
            { label: 'σ (bits)', value: (u, v) => (v == null ? '—' : formatInt(v)) },
            {
              label: 'f¹_σ, one filter of M bits',
              stroke: '#0b5cad',
              width: 2,
              spanGaps: true,
              points: { show: false },
              value: (u, v) => (v == null ? '—' : formatProbability(v, 4)),
            },
            {
              label: 'f²_σ, two filters of M/2 bits',
              stroke: '#7c3aed',
              width: 2,
              spanGaps: true,
              points: { show: false },
              value: (u, v) => (v == null ? '—' : formatProbability(v, 4)),
            },
          ],
          axes: [
            { label: 'recycle threshold σ (bits set)', values: (u, s) => s.map((v) => formatInt(v)), grid: { stroke: '#e5e7eb' } },
            {
              label: 'average FPR',
              size: 58,
              splits: (u, i, min, max) => logSplits(min, max),
              values: (u, s) => s.map(formatProbabilityShort),
              grid: { stroke: '#e5e7eb' },
            },
          ],
          cursor: { drag: { x: false, y: false } },
          hooks: { draw: [targetLine] },
        },
      };
    },
    onPlot,
  );
}

export function capacityChart(container, onPlot) {
  return createChart(
    container,
    (rec) => ({
      data: [rec.rows.map((r) => r.k), ...RULES.map(({ key }) => rec.rows.map((r) => (r[key].feasible ? r[key].capacity : null)))],
      options: {
        scales: { x: { time: false } },
        series: [
          { label: 'k' },
          ...RULES.map((rule) => ({
            label: rule.label,
            stroke: rule.color,
            width: 2,
            dash: rule.key === 'twoPhase' ? [6, 4] : undefined,
            points: { show: true, size: 4 },
            value: (u, v) => (v == null ? '—' : formatReal(v, 1)),
          })),
        ],
        axes: [
          { label: 'k, hash functions', grid: { stroke: '#e5e7eb' } },
          { label: 'messages per cycle', size: 58, grid: { stroke: '#e5e7eb' } },
        ],
        cursor: { drag: { x: false, y: false } },
      },
    }),
    onPlot,
  );
}
