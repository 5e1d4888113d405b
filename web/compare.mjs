// "Which filter?" (<bloom-calc calculator="compare">; docs/families.md#which-filter): bc.compare (bloomcalc.tools.wasm,
// in its worker web/compare-worker.mjs: the cuckoo rows' failure simulation takes ~0.2 s) gives every family's rows,
// marked and sorted by the core; the table shows them and the chart draws bits per key against the FPR, one curve per
// family (its fewest bits per key meeting each p of a grid), beside the bound log2(1/p).
import { markupTemplate } from './templates.mjs';
import markup from './calculators/compare.html';
import { withUPlot } from './uplot-lazy.mjs';
import { logScale } from './log-range.mjs';
import { formatInt, formatMemory, formatProbability, formatProbabilityShort, formatReal } from '../wasm/format.mjs';
import { byApiName, formInput, wireForm } from './form-fields.mjs';
import { shareWasm } from './wasm-share.mjs';
import { earlyWorker } from './early-worker.mjs';
import { createCaller } from '../wasm/worker-protocol.mjs';
import { COMPARE_FIELDS } from './fields.generated.mjs';

const FIELDS = byApiName(COMPARE_FIELDS);
// the chart's targets: one compare each, in the worker
const GRID = [0.1, 0.03, 0.01, 3e-3, 1e-3, 3e-4, 1e-4, 3e-5, 1e-5, 3e-6, 1e-6];
const COLORS = {
  bloom: '#0b5cad',
  'blocked-bloom': '#60a5fa',
  cuckoo: '#c2410c',
  xor: '#15803d',
  'binary-fuse': '#65a30d',
  ribbon: '#7c3aed',
  quotient: '#b45309',
  'counting-quotient': '#a16207',
};
const BOUND = '#111827';

const operations = (o) =>
  [o.insertAfterBuild && 'insert', o.delete && 'delete', o.count && 'count', o.merge && 'merge', o.resize && 'resize'].filter(Boolean).join(', ') ||
  'static (built once)';

function cell(tr, text, className) {
  const td = document.createElement('td');
  td.textContent = text;
  if (className) td.className = className;
  tr.append(td);
}

function renderTable($, r) {
  $('compare-table').tBodies[0].replaceChildren(
    ...r.rows.map((row, i) => {
      const tr = document.createElement('tr');
      tr.dataset.family = row.family;
      tr.dataset.bytes = String(row.bytes);
      tr.dataset.fpr = String(row.fpr);
      if (i === r.recommended) tr.classList.add('recommended');
      cell(tr, row.family);
      cell(tr, row.variant);
      cell(tr, formatMemory(row.bytes));
      cell(tr, formatReal(row.bitsPerKey, 2));
      cell(tr, formatProbability(row.fpr, 4));
      const meets = row.meets && row.allowed;
      cell(tr, row.meets ? (row.allowed ? 'yes' : 'yes, lacks an operation') : 'no', meets ? 'ok' : 'bad');
      cell(tr, operations(row.operations));
      cell(tr, formatProbability(row.constructionFailure, 2));
      cell(tr, formatReal(row.cacheLinesPerLookup, 2));
      return tr;
    }),
  );
}

function answer(r) {
  if (r.recommended === null) return r.p === null ? 'No row is allowed with the operations asked.' : 'No filter meets p with the operations asked.';
  const best = r.rows[r.recommended];
  const over = r.boundBitsPerKey ? `, ${formatReal((best.bitsPerKey / r.boundBitsPerKey - 1) * 100, 1)} % over log2(1/p)` : '';
  const bits = formatReal(best.bitsPerKey, 2);
  return `→ ${best.family}, ${best.variant}: ${formatInt(best.bytes)} bytes, ${bits} bits per key, FPR ${formatProbability(best.fpr, 3)}${over}.`;
}

function createCompareChart(container, onPlot) {
  let plot = null;
  const width = () => Math.max(280, Math.floor(container.clientWidth));
  const draw = withUPlot((uPlot, options, columns) => {
    if (plot) plot.destroy();
    plot = new uPlot(options, columns, container);
    onPlot(plot);
  });
  new ResizeObserver(() => plot?.setSize({ width: width(), height: 280 })).observe(container);
  return (families, columns) =>
    draw(
      {
        width: width(),
        height: 280,
        scales: { x: { time: false, ...logScale() }, y: { range: (u, lo, hi) => [0, Math.ceil(hi + 2)] } },
        series: [
          { label: 'FPR', value: (u, v) => (v == null ? '—' : formatProbability(v, 3)) },
          ...families.map((f) => ({
            label: f,
            stroke: COLORS[f] ?? '#4b5563',
            width: 2,
            points: { show: true, size: 4 },
            value: (u, v) => (v == null ? '—' : formatReal(v, 2)),
          })),
          {
            label: 'log2(1/p)',
            stroke: BOUND,
            dash: [5, 4],
            width: 1.5,
            points: { show: false },
            value: (u, v) => (v == null ? '—' : formatReal(v, 2)),
          },
        ],
        axes: [
          { label: 'false-positive rate', values: (u, s) => s.map(formatProbabilityShort), grid: { stroke: '#e5e7eb' } },
          { label: 'bits per key', size: 50, grid: { stroke: '#e5e7eb' } },
        ],
        cursor: { drag: { x: false, y: false } },
      },
      columns,
    );
}

const compareWorker = earlyWorker(() => shareWasm(new Worker(new URL('./compare-worker.js', import.meta.url), { type: 'module', name: 'bloomcalc-compare' })));

function mount({ $, host, emit, fail, chart: registerChart, scope }) {
  const card = $('compare-card');
  const line = (f) => (f ? $(`${f.id}-error`) : $('compare-error'));
  const drawChart = createCompareChart($('compare-chart'), (plot) => registerChart($('compare-chart'), plot));
  const runner = createCaller(compareWorker.take, { scope });
  let computed = 0;

  // each family's fewest bits per key meeting each p of the grid (x ascending), beside log2(1/p)
  function columns(perP) {
    const xs = [...GRID].reverse();
    const points = new Map();
    perP.forEach((rows, i) => {
      for (const row of rows) {
        if (!row.meets) continue;
        if (!points.has(row.family))
          points.set(
            row.family,
            GRID.map(() => null),
          );
        const ys = points.get(row.family);
        ys[i] = ys[i] === null ? row.bitsPerKey : Math.min(ys[i], row.bitsPerKey);
      }
    });
    const families = [...points.keys()];
    return [families, [xs, ...families.map((f) => [...points.get(f)].reverse()), xs.map((p) => Math.log2(1 / p))]];
  }

  async function compute() {
    const mine = ++computed;
    card.dataset.query = host.query;
    for (const f of [...Object.values(FIELDS), undefined]) {
      line(f).hidden = true;
      if (f) $(f.id).removeAttribute('aria-invalid');
    }
    const input = formInput(FIELDS, Object.fromEntries(Object.entries(FIELDS).map(([key, f]) => [key, $(f.id).value])));
    if (runner.busy) runner.cancel();
    card.dataset.state = 'computing';
    let r;
    try {
      r = await runner.call('compare', input);
    } catch (err) {
      if (mine !== computed || err?.cancelled) return; // a newer input, or the element left the page
      const f = FIELDS[err?.parameter];
      line(f).textContent = err.message;
      line(f).hidden = false;
      if (f) $(f.id).setAttribute('aria-invalid', 'true');
      card.dataset.state = 'stale';
      fail(err);
      return;
    }
    if (mine !== computed) return;
    renderTable($, r);
    $('compare-answer').textContent = answer(r);
    const best = r.rows[r.recommended];
    $('compare-answer').dataset.recommended = r.recommended === null ? '' : `${best.family}:${best.bytes}`;
    emit(r, { method: 'compare', input });
    let perP;
    try {
      perP = await runner.call('curves', { n: r.n, grid: GRID });
    } catch (err) {
      if (mine !== computed || err?.cancelled) return;
      throw err;
    }
    if (mine !== computed) return;
    const [families, data] = columns(perP);
    $('compare-chart').dataset.curves = String(families.length);
    await drawChart(families, data);
    if (mine === computed) card.dataset.state = 'ok';
  }
  wireForm($('compare-form'), card, compute);
}

/** <bloom-calc calculator="compare">: attributes n, p, deletes, static, max-bytes (URL keys cmpn, cmpp, cmpdel, cmpstatic, cmpbytes). */
export const calculator = { name: 'compare', template: markupTemplate(markup, COMPARE_FIELDS), fields: COMPARE_FIELDS, start: compareWorker.start, mount };
