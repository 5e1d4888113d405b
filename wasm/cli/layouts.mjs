// The layout options of `bloomcalc fpr` and `bloomcalc size` (LayoutInput's: --layout, --preset, …): blocked,
// split-block and partitioned filters and the deployed presets (docs/layouts.md).
import { UsageError, flagOf, inputOf } from './common.mjs';
import { INPUT_FIELDS } from '../inputs.generated.mjs';
import {
  formatInt,
  formatLayoutCells,
  formatMemory,
  formatOneIn,
  formatPairs,
  formatProbabilityPlain,
  formatReal,
  formatRelativeErrorPlain,
  formatTable,
} from '../format.mjs';

// The options only a layout has (--layout, --preset, the block size): LayoutInput's fields that FilterInput lacks.
const LAYOUT_ONLY = INPUT_FIELDS.LayoutInput.map(([name]) => name).filter((name) => !INPUT_FIELDS.FilterInput.some(([f]) => f === name));

/** True when the command line asks for a layout rather than the textbook filter. */
export function wantsLayout(values) {
  return LAYOUT_ONLY.some((name) => values[flagOf(name)] !== undefined);
}

export function requireK(command, values) {
  if (values.k === undefined && values.preset === undefined) {
    const spec = command.options.k;
    throw new UsageError(`missing required option --k <${spec.valueName}>: ${spec.description}`, { command });
  }
}

export function layoutInput(values) {
  return inputOf(values, 'LayoutInput');
}

function approximationRows(list) {
  return list.map((a) => [a.label, formatProbabilityPlain(a.value), formatOneIn(a.value) || '—', formatRelativeErrorPlain(a.relativeError), a.reference]);
}

function whatIfLine(list) {
  return list.map((w) => `${w.factor}× n (${formatInt(w.n)}): ${formatProbabilityPlain(w.fpr)}`).join(',  ');
}

function describe(r) {
  const shape = formatLayoutCells(r);
  const preset = r.preset ? ` [${r.preset}]` : '';
  return `${r.layout}${preset}${shape ? `, ${shape}` : ''}, k = ${r.k}${r.layout === 'blocked' || r.layout === 'standard' ? ` (${r.hashing})` : ''}`;
}

export function renderLayoutFpr(r) {
  const rows = [['formula', 'FPR', '', 'rel. error vs exact', 'reference']];
  rows.push([`exact mean (${r.layout})`, formatProbabilityPlain(r.exact), formatOneIn(r.exact) || '—', '—', 'docs/layouts.md eqs L1, L3']);
  rows.push(...approximationRows(r.approximations));
  rows.push([
    'standard filter, same m, n, k',
    formatProbabilityPlain(r.standardExact),
    formatOneIn(r.standardExact) || '—',
    formatRelativeErrorPlain((r.standardExact - r.exact) / r.exact),
    '001 eqs 8, 17 (what the layout costs)',
  ]);
  const header =
    `${describe(r)}\nm = ${formatInt(r.m)} bits (${formatMemory(Math.ceil(r.m / 8))}), n = ${formatInt(r.n)} items, ` +
    `${formatReal(r.bitsPerKey, 3)} bits/key, ${formatReal(r.loadPerBlock, 2)} items per block`;
  return `${header}\n\n${formatTable(rows, 'lrlrl')}\nWhat if n is off: ${whatIfLine(r.whatIf)}\n`;
}

export function renderLayoutSimulation(s) {
  const verdict = s.inside ? 'inside' : 'OUTSIDE';
  return (
    `Simulation (${s.hashScheme} hashing, ${s.epochs} epochs × ${formatInt(s.queries)} lookups, seed ${s.seed}): ` +
    `${formatProbabilityPlain(s.rate)}, ${Math.round(s.confidence * 100)} % interval [${formatProbabilityPlain(s.interval.low)}, ` +
    `${formatProbabilityPlain(s.interval.high)}]; exact ${formatProbabilityPlain(s.exact)} is ${verdict}\n`
  );
}

export function renderLayoutSize(r) {
  const pairs = [
    ['filter', describe(r)],
    ['n  items', formatInt(r.n)],
    ['m  bits', `${formatInt(r.m)}   (${formatMemory(r.bytes)}; rounding: ${r.rounding})`],
    ['bits per key', formatReal(r.bitsPerKey, 3)],
    [
      'exact FPR',
      `${formatProbabilityPlain(r.fpr)}   (${formatOneIn(r.fpr) || '—'})   target ${formatProbabilityPlain(r.target)}: ${r.meetsTarget ? 'met' : 'NOT met'}`,
    ],
    [
      'standard filter',
      `m = ${formatInt(r.standard.m)}, k = ${r.standard.k}, ${formatReal(r.standard.bitsPerKey, 3)} bits/key, ` +
        `FPR ${formatProbabilityPlain(r.standard.fpr)}; layout overhead ${formatReal(100 * r.overhead, 1)} % memory`,
    ],
  ];
  if (r.rocksdbBitsPerKey !== null) pairs.push(['RocksDB setting', `bits_per_key = ${r.rocksdbBitsPerKey} (CalculateSpace: + 5 bytes metadata)`]);
  if (r.parquetWriter) {
    const w = r.parquetWriter;
    pairs.push([
      'Parquet writer',
      `optimalNumOfBits(ndv, fpp) = ${formatInt(w.optimalNumOfBits)} → ${formatMemory(w.bytes)} (max ${formatMemory(w.maxBytes)}); ` +
        `exact FPR ${formatProbabilityPlain(w.fpr)}: ${w.meetsTarget ? 'meets' : 'MISSES'} the target`,
    ]);
  }
  pairs.push(['what if n is off', whatIfLine(r.whatIf)]);
  const rows = [['approximation at this size', 'FPR', '', 'rel. error vs exact', 'reference']];
  rows.push(...approximationRows(r.approximations));
  return `Layout sizing\n\n${formatPairs(pairs)}\n\n${formatTable(rows, 'lrlrl')}\n`;
}
