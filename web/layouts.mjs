// The layouts calculator (<bloom-calc calculator="layouts">): n, p and a layout or deployed preset →
// the smallest filter of that layout whose exact FPR meets p, the anchors' approximations beside it and
// the "what if n is off" readout; a table of every layout sized for the same n and p; the FPR-vs-n chart
// of each sized layout. All arithmetic is the core's (bc.layoutSize, bc.layoutExactFpr), run in the
// calculator's worker (web/layouts-worker.mjs: a sizing takes 2–60 ms). docs/layouts.md.
import { withUPlot } from './uplot-lazy.mjs';
import { drawAcross, drawHook } from './chart-marks.mjs';
import { withTemplate } from './templates.mjs';
import {
  formatCountShort,
  formatHashFloor,
  formatInt,
  formatLayoutCells,
  formatMemory,
  formatProbability,
  formatProbabilityShort,
  formatReal,
  formatRelativeError,
} from '../wasm/format.mjs';
import { logScale } from './log-range.mjs';
import { mathNodes } from './math-text.mjs';
import { clearErrors, setValue, showError, wireForm } from './form-fields.mjs';
import { shareWasm } from './wasm-share.mjs';
import { earlyWorker } from './early-worker.mjs';
import { createCaller } from '../wasm/worker-protocol.mjs';
import { LAYOUTS_FIELDS } from './fields.generated.mjs';
import { camel } from './element-fields.mjs';

/** The fields (schema/calculators.mjs): attribute → { id px-<URL key>, url, fallback, aliases }. */
const FIELDS = LAYOUTS_FIELDS;
const IDS = Object.values(FIELDS).map(({ url }) => url);
const COLORS = ['#111827', '#0b5cad', '#c2410c', '#15803d', '#7c3aed', '#0e7490', '#be185d']; // no two alike (was two oranges)

/** The picker's choices: presets by name; the generic blocked and split-block layouts take B (takes: its URL key). */
const CHOICES = {
  rocksdb: { preset: 'rocksdb' },
  parquet: { preset: 'parquet' },
  'boost-block': { preset: 'boost-block' },
  'boost-multiblock': { preset: 'boost-multiblock' },
  blocked: { layout: 'blocked', takes: 'lb' },
  'split-block': { layout: 'split-block', takes: 'lb' },
  partitioned: { layout: 'partitioned' },
  standard: { layout: 'standard' },
};

/** URL key → the field's name in the core's input (its attribute in camel case, as the element's property). */
const NAME_OF = Object.fromEntries(Object.entries(FIELDS).map(([attr, { url }]) => [url, camel(attr)]));
/** The core's parameter → the URL key of the field that shows its error: its own; a preset's, the picker; m's, B. */
const FIELD_OF = { ...Object.fromEntries(Object.entries(NAME_OF).map(([url, name]) => [name, url])), preset: 'lc', m: 'lb' };

// ---------------------------------------------------------------- chart

function createLayoutChart(container, onPlot) {
  let plot = null;
  let last = null;
  const width = () => Math.max(280, Math.floor(container.clientWidth));
  const height = () => (container.clientWidth < 520 ? 260 : 300);

  const marks = drawHook(
    () => last,
    (u, last, { left, top, width: w, height: h }, px) => {
      const { ctx } = u;
      ctx.font = `${11 * px}px system-ui, sans-serif`;
      for (const factor of [0.5, 1, 2, 4]) {
        const x = Math.round(u.valToPos(last.n * factor, 'x', true));
        if (x < left - 1 || x > left + w + 1) continue;
        ctx.strokeStyle = factor === 1 ? '#111827' : '#9ca3af';
        ctx.lineWidth = 1 * px;
        ctx.setLineDash(factor === 1 ? [3 * px, 3 * px] : [1 * px, 3 * px]);
        ctx.beginPath();
        ctx.moveTo(x + 0.5, top);
        ctx.lineTo(x + 0.5, top + h);
        ctx.stroke();
        ctx.fillStyle = '#4b5563';
        ctx.fillText(factor === 1 ? 'n' : `${factor}n`, x + 3 * px, top + 12 * px);
      }
      const y = u.valToPos(last.target, 'y', true);
      if (y >= top && y <= top + h) drawAcross(ctx, u.bbox, y, '#4b5563', [6 * px, 4 * px]);
    },
  );

  function update(data) {
    last = data;
    const all = [...data.series.flatMap((s) => s.ys), data.target].filter((v) => v > 0);
    const xMin = data.xs[0];
    const xMax = data.xs[data.xs.length - 1];
    const probValue = (u, v) => (v == null ? '—' : formatProbability(v, 4));
    const options = {
      width: width(),
      height: height(),
      scales: {
        x: { time: false, ...logScale(() => [xMin, xMax], { floor: 1 }) },
        y: logScale(() => [Math.min(...all), Math.min(1, Math.max(...all))]),
      },
      series: [
        { label: 'n', value: (u, v) => (v == null ? '—' : formatInt(v)) },
        ...data.series.map((s, i) => ({
          label: s.label,
          stroke: COLORS[i % COLORS.length],
          width: s.id === data.pickedId ? 3 : 1.5,
          dash: s.id === 'standard' ? [6, 4] : undefined,
          value: probValue,
          points: { show: false },
        })),
      ],
      axes: [
        { label: 'n, items inserted', values: (u, splits) => splits.map(formatCountShort), grid: { stroke: '#e5e7eb' } },
        { label: 'exact false-positive rate', size: 58, values: (u, splits) => splits.map(formatProbabilityShort), grid: { stroke: '#e5e7eb' } },
      ],
      cursor: { drag: { x: false, y: false } },
      legend: { live: true },
      hooks: { draw: [marks] },
    };
    const columns = [data.xs, ...data.series.map((s) => s.ys.map((v) => (v > 0 ? v : null)))];
    return draw(options, columns); // settled once drawn (uPlot loads with the first chart)
  }

  const draw = withUPlot((uPlot, options, columns) => {
    if (plot) plot.destroy();
    plot = new uPlot(options, columns, container);
    onPlot(plot);
  });

  new ResizeObserver(() => {
    if (plot) plot.setSize({ width: width(), height: height() });
  }).observe(container);
  return { update };
}

// ---------------------------------------------------------------- rendering

// No-break spaces inside each quantity ("k = 6", "512 bits"): the stat wraps between them, never inside.
function describe(s) {
  if (s.layout === 'standard') return `standard, k\u00a0=\u00a0${s.k}`;
  const cells = formatLayoutCells(s, '\u00a0');
  return s.layout === 'partitioned' ? cells : `${cells}, k\u00a0=\u00a0${s.k}`;
}

/** A value that never wraps inside ("9.865 × 10⁻³" on one line). */
function whole(text) {
  const span = document.createElement('span');
  span.className = 'nowrap';
  span.textContent = text;
  return span;
}

function renderPicked($, s) {
  setValue($('ly-m'), s.m, `${formatInt(s.m)} bits (${formatMemory(s.bytes)})`);
  setValue($('ly-shape'), s.layout, describe(s));
  setValue($('ly-bpk'), s.bitsPerKey, formatReal(s.bitsPerKey, 3));
  setValue($('ly-fpr'), s.fpr, formatProbability(s.fpr, 4));
  setValue($('ly-overhead'), s.overhead, `${formatReal(100 * s.overhead, 1)} % (standard: ${formatInt(s.standard.m)} bits, k = ${s.standard.k})`);
  const whatIf = $('ly-whatif');
  whatIf.replaceChildren(
    ...s.whatIf.map((w) => {
      const li = document.createElement('li');
      li.dataset.factor = String(w.factor);
      li.dataset.value = String(w.fpr);
      li.append(`${w.factor}× n (${formatCountShort(w.n)} items): `, whole(formatProbability(w.fpr, 4)));
      return li;
    }),
  );
  const approx = $('ly-approx');
  approx.replaceChildren(
    ...s.approximations.map((a) => {
      const li = document.createElement('li');
      li.dataset.name = a.name;
      li.dataset.value = String(a.relativeError);
      // the source as visible text, not a title tooltip that keyboard and touch users cannot reach
      const ref = document.createElement('span');
      ref.className = 'ref';
      ref.append(...mathNodes(a.reference));
      li.append(...mathNodes(a.label), ': ', whole(formatProbability(a.value, 4)), ' (', whole(formatRelativeError(a.relativeError)), ' vs exact)', ref);
      return li;
    }),
  );
  const notes = [];
  if (s.rocksdbBitsPerKey !== null) notes.push(`RocksDB setting: bits_per_key = ${s.rocksdbBitsPerKey}.`);
  if (s.parquetWriter) {
    const w = s.parquetWriter;
    notes.push(
      `Parquet's writer, asked for this n and p, allocates ${formatMemory(w.bytes)} (max ${formatMemory(w.maxBytes)}): ` +
        `exact FPR ${formatProbability(w.fpr, 4)} — it ${w.meetsTarget ? 'meets' : 'misses'} the target.`,
    );
  }
  $('ly-notes').textContent = notes.join(' ');
}

function renderTable($, rows) {
  const body = $('ly-table').tBodies[0];
  body.replaceChildren(
    ...rows.map((row) => {
      const tr = document.createElement('tr');
      tr.dataset.layout = row.id;
      const cells = row.size
        ? [
            row.label,
            `${formatInt(row.size.m)} (${formatMemory(row.size.bytes)})`,
            String(row.size.k),
            formatReal(row.size.bitsPerKey, 2),
            formatProbability(row.size.fpr, 4),
            `${formatReal(100 * row.size.overhead, 1)} %`,
            row.size.approximations
              .filter((a) => a.name !== 'classic')
              .map((a) => `${a.name} ${formatRelativeError(a.relativeError)}`)
              .join(', ') || '—',
          ]
        : [row.label, row.error.message, '', '', '', '', ''];
      for (const text of cells) {
        const td = document.createElement('td');
        td.textContent = text;
        tr.append(td);
      }
      if (row.size) tr.dataset.fpr = String(row.size.fpr);
      else tr.classList.add('failed'); // its message may wrap
      return tr;
    }),
  );
}

const layoutsWorker = earlyWorker(() => shareWasm(new Worker(new URL('./layouts-worker.js', import.meta.url), { type: 'module', name: 'bloomcalc-layouts' })));

function mount({ $, host, emit, fail, chart: registerChart, scope }) {
  const card = $('layouts');
  const chart = createLayoutChart($('ly-chart'), (plot) => registerChart($('ly-chart'), plot));
  const runner = createCaller(layoutsWorker.take, { scope });
  let generation = 0;

  async function compute() {
    const state = Object.fromEntries(Object.entries(FIELDS).map(([attr, { id }]) => [camel(attr), $(id).value]));
    const choice = CHOICES[state.layout] ?? CHOICES.rocksdb;
    $('px-lb').disabled = choice.takes !== 'lb';
    const picked = choice.preset ? { preset: choice.preset } : { layout: choice.layout };
    if (choice.takes) picked[NAME_OF[choice.takes]] = state[NAME_OF[choice.takes]];
    if (state.k.trim() !== '') picked.k = state.k;
    if (state.hashBits !== 'none') picked.hashBits = Number(state.hashBits); // the floor beside the picked layout
    const input = { n: state.n, p: state.p, ...picked };
    const query = host.query;
    const mine = ++generation;
    card.dataset.state = 'computing';
    card.setAttribute('aria-busy', 'true');
    let result;
    try {
      result = await runner.call('layouts', { n: state.n, p: state.p, picked });
    } catch (err) {
      if (mine !== generation || err?.cancelled) return; // cancelled: the element left the page (redone on return)
      clearErrors($, IDS);
      showError($, err, (p) => FIELD_OF[p], 'ln');
      card.dataset.query = query;
      card.dataset.state = 'stale';
      card.setAttribute('aria-busy', 'false');
      fail(err);
      return;
    }
    if (mine !== generation) return;
    clearErrors($, IDS);
    renderPicked($, result.picked);
    renderTable($, result.rows);
    const floor = formatHashFloor(result.picked.hashFloor, result.picked.target, result.picked.n);
    for (const [id, text] of [
      ['ly-floor', floor.line],
      ['ly-floor-warning', floor.warning],
    ]) {
      $(id).textContent = text;
      $(id).hidden = !text;
    }
    const series = result.series.some((s) => s.id === state.layout)
      ? result.series
      : [...result.series, { id: state.layout, label: `${state.layout} (picked)`, ys: result.pickedCurve }];
    const drawn = chart.update({ xs: result.xs, series, pickedId: state.layout, n: result.picked.n, target: result.picked.target });
    $('ly-chart').dataset.points = String(result.xs.length);
    card.dataset.query = query;
    card.setAttribute('aria-busy', 'false');
    emit(result.picked, { method: 'layoutSize', input }); // the result does not wait for the chart library
    await drawn;
    if (mine === generation) card.dataset.state = 'ok';
  }

  wireForm($('ly-form'), card, compute);
}

/** <bloom-calc calculator="layouts">: attributes n, p, layout (a preset or layout), the block size B, k,
 * hash-bits (none | 32 | 64: the hash-width floor beside the picked layout) (URL keys ln, lp, lc, lb, lk, lhash). */
export const calculator = withTemplate('layouts', {
  fields: FIELDS,
  start: layoutsWorker.start,
  mount,
});
