// `bloomcalc fpr`: every false-positive-rate formula side by side for one filter (m, n, k).
import { QUANTITY_HELP, inputOf } from './common.mjs';
import { formatInt, formatMemory, formatOneIn, formatPairs, formatProbabilityPlain, formatReal, formatRelativeErrorPlain, formatTable } from '../format.mjs';
import { layoutInput, renderLayoutFpr, renderLayoutSimulation, requireK, wantsLayout } from './layouts.mjs';
import { hashFloorPairs } from './libraries.mjs';
import { OPTIONS } from './options.generated.mjs';

const REFERENCES = {
  exact: { colliding: '001 eqs 8, 17, 18', distinct: '000 eq 17 (k distinct probes)' },
  table: { colliding: '001 Fig. 1 + eq 17', distinct: 'set-bit chain, hypergeometric steps' },
};

export default {
  name: 'fpr',
  summary: 'Every FPR formula side by side for one filter (m, n, k)',
  usage:
    'bloomcalc fpr --m M --n N --k K [--hashing colliding|distinct] [--table] [--json]\n' +
    '                     [--layout standard|blocked|split-block|partitioned] [--block-bits B] [--preset NAME]\n' +
    '                     [--simulate [--epochs E] [--hash-scheme ideal|parquet]]',
  description:
    'Compares the exact mean false-positive rate (Christensen-Roginsky-Jimeno) with the classic\n' +
    'formula, its distinct-hash form and Bloom\'s 1970 formula, with the relative error of each.\n' +
    'With --layout or --preset: the exact FPR of a blocked, split-block or partitioned filter (RocksDB,\n' +
    'Parquet, Boost.Bloom), the libraries\' own approximations beside it, and the FPR at 0.5×, 2×, 4× n.',
  options: OPTIONS.fpr,  // schema/cli.mjs
  required: ['m', 'n'],
  notes: QUANTITY_HELP,
  examples: [
    'bloomcalc fpr --m 1024 --n 100 --k 7',
    'bloomcalc fpr --m 1KiB --n 500 --k 7 --hashing distinct --table',
    'bloomcalc fpr -m 32 -n 4 -k 5 --json',
    'bloomcalc fpr --preset rocksdb --m 10Mi --n 1M',
    'bloomcalc fpr --layout split-block --block-bits 256 --m 8Mi --n 1M --k 8',
    'bloomcalc fpr --preset parquet --m 64KiB --n 40k --simulate --hash-scheme parquet',
  ],

  compute(calc, values) {
    requireK(this, values);
    if (wantsLayout(values)) {
      const input = layoutInput(values);
      const report = calc.layoutFpr(input);
      if (!values.simulate) return report;
      const simulation = calc.simulateLayout(inputOf(values, 'LayoutSimulationInput'));
      return { ...report, simulation };
    }
    const report = calc.fpr(inputOf(values, 'FprInput'));
    if (!values.table) return report;
    return { ...report, exactTable: calc.exactFprTable(inputOf(values, 'FilterInput')) };
  },

  render(r) {
    if (r.layout !== undefined) return renderLayoutFpr(r) + (r.simulation ? renderLayoutSimulation(r.simulation) : '');
    const { hashing } = r;
    // one row per formula: its FPR, as "1 in N", its relative error against the exact mean and its source
    const row = (label, fpr, error, reference) => [label, formatProbabilityPlain(fpr), formatOneIn(fpr) || '—', error === undefined ? '—' : formatRelativeErrorPlain(error), reference];
    const rows = [['formula', 'FPR', '', 'rel. error vs exact', 'reference']];
    rows.push(row(`exact mean (${hashing})`, r.exact, undefined, REFERENCES.exact[hashing]));
    if (r.exactTable !== undefined) rows.push(row('exact, table method', r.exactTable, (r.exactTable - r.exact) / r.exact, REFERENCES.table[hashing]));
    rows.push(row('classic (colliding)', r.classic, r.relativeError.classic, '001 eq 1: (1 − (1 − 1/m)^kn)^k'));
    rows.push(row('classic (distinct)', r.classicDistinct, r.relativeError.classicDistinct, '(1 − (1 − k/m)^n)^k'));
    rows.push(row('Bloom 1970', r.bloom1970, r.relativeError.bloom1970, '001 eq 19'));
    const header =
      `m = ${formatInt(r.m)} bits (${formatMemory(Math.ceil(r.m / 8))}), n = ${formatInt(r.n)} items, ` +
      `k = ${r.k} hashes, ${hashing} hashing, ${formatReal(r.bitsPerElement, 3)} bits/element`;
    const floor = hashFloorPairs(r.hashFloor);
    return `${header}\n\n${formatTable(rows, 'lrlrl')}\n${floor.length ? `\n${formatPairs(floor)}\n` : ''}`;
  },
};
