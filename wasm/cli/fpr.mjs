// `bloomcalc fpr`: every false-positive-rate formula side by side for one filter (m, n, k).
import {
  QUANTITY_HELP,
  formatInteger,
  formatMemory,
  formatOneIn,
  formatProbability,
  formatReal,
  formatRelativeError,
  formatTable,
} from './common.mjs';

const REFERENCES = {
  exact: { colliding: '001 eqs 8, 17, 18', distinct: '000 eq 17 (k distinct probes)' },
  table: { colliding: '001 Fig. 1 + eq 17', distinct: 'set-bit chain, hypergeometric steps' },
};

export default {
  name: 'fpr',
  summary: 'Every FPR formula side by side for one filter (m, n, k)',
  usage: 'bloomcalc fpr --m M --n N --k K [--hashing colliding|distinct] [--table] [--json]',
  description:
    'Compares the exact mean false-positive rate (Christensen-Roginsky-Jimeno) with the classic\n' +
    'formula, its distinct-hash form and Bloom\'s 1970 formula, with the relative error of each.',
  options: {
    m: { type: 'string', short: 'm', valueName: 'bits', description: 'Filter size in bits, 1 ≤ m ≤ 2^40 (8192, 64KiB, 1Mi)' },
    n: { type: 'string', short: 'n', valueName: 'items', description: 'Items inserted, 1 ≤ n ≤ 2^40 (1000, 1M, 2^20)' },
    k: { type: 'string', short: 'k', valueName: 'hashes', description: 'Hash functions, 1 ≤ k ≤ 64 (k ≤ m for distinct)' },
    hashing: {
      type: 'string',
      valueName: 'colliding|distinct',
      description: 'Probes drawn with replacement (colliding, default) or k different bits',
    },
    table: { type: 'boolean', description: "Also compute the exact FPR by the paper's table method (slow for big filters)" },
  },
  required: ['m', 'n', 'k'],
  notes: QUANTITY_HELP,
  examples: [
    'bloomcalc fpr --m 1024 --n 100 --k 7',
    'bloomcalc fpr --m 64KiB --n 50k --k 7 --hashing distinct --table',
    'bloomcalc fpr -m 32 -n 4 -k 5 --json',
  ],

  compute(calc, values) {
    const input = { m: values.m, n: values.n, k: values.k, hashing: values.hashing };
    const report = calc.fpr(input);
    if (!values.table) return report;
    return { ...report, exactTable: calc.exactFprTable(input) };
  },

  render(r) {
    const { hashing } = r;
    const rows = [['formula', 'FPR', '', 'rel. error vs exact', 'reference']];
    rows.push([`exact mean (${hashing})`, formatProbability(r.exact), formatOneIn(r.exact), '—', REFERENCES.exact[hashing]]);
    if (r.exactTable !== undefined) {
      rows.push([
        'exact, table method',
        formatProbability(r.exactTable),
        formatOneIn(r.exactTable),
        formatRelativeError((r.exactTable - r.exact) / r.exact),
        REFERENCES.table[hashing],
      ]);
    }
    rows.push([
      'classic (colliding)',
      formatProbability(r.classic),
      formatOneIn(r.classic),
      formatRelativeError(r.relativeError.classic),
      '001 eq 1: (1 − (1 − 1/m)^kn)^k',
    ]);
    rows.push([
      'classic (distinct)',
      formatProbability(r.classicDistinct),
      formatOneIn(r.classicDistinct),
      formatRelativeError(r.relativeError.classicDistinct),
      '(1 − (1 − k/m)^n)^k',
    ]);
    rows.push([
      'Bloom 1970',
      formatProbability(r.bloom1970),
      formatOneIn(r.bloom1970),
      formatRelativeError(r.relativeError.bloom1970),
      '001 eq 19',
    ]);
    const header =
      `m = ${formatInteger(r.m)} bits (${formatMemory(Math.ceil(r.m / 8))}), n = ${formatInteger(r.n)} items, ` +
      `k = ${r.k} hashes, ${hashing} hashing, ${formatReal(r.bitsPerElement, 3)} bits/element`;
    return `${header}\n\n${formatTable(rows, 'lrlrl')}\n`;
  },
};
