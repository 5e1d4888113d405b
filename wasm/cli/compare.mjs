// `bloomcalc compare`: which filter? Every family's rows for n keys at p, or in --max-bytes (issue 33;
// docs/families.md#which-filter). The rows and their order are the core's (families/compare.hpp).
import { command } from './common.mjs';
import { formatInt, formatProbabilityPlain, formatTable } from '../format.mjs';

const shownParams = (row) => row.params.map(({ name, value }) => `${name} ${Number.isInteger(value) ? value : value.toPrecision(3)}`).join(', ');
const ops = (o) =>
  [o.insertAfterBuild && 'insert', o.delete && 'delete', o.count && 'count', o.merge && 'merge', o.resize && 'resize'].filter(Boolean).join(' ') || 'static';

export default command('compare', {
  render(r) {
    const bound = r.boundBitsPerKey;
    const head = ['', 'family', 'variant', 'bytes', 'bits/key', 'FPR', ...(bound === null ? [] : ['over log2(1/p)']), 'meets', 'ops', 'build fails', 'lines'];
    const rows = r.rows.map((row, i) => [
      i === r.recommended ? '→' : '',
      row.family,
      row.variant,
      formatInt(row.bytes),
      row.bitsPerKey.toFixed(2),
      formatProbabilityPlain(row.fpr),
      ...(bound === null ? [] : [`${((row.bitsPerKey / bound - 1) * 100).toFixed(1)}%`]),
      row.meets ? (row.allowed ? 'yes' : 'yes, not allowed') : 'no',
      ops(row.operations),
      formatProbabilityPlain(row.constructionFailure),
      row.cacheLinesPerLookup.toFixed(2),
    ]);
    const asked = [
      `n = ${formatInt(r.n)} keys`,
      r.p === null ? null : `p = ${formatProbabilityPlain(r.p)} (log2(1/p) = ${bound.toFixed(3)} bits per key)`,
      r.maxBytes === null ? null : `at most ${formatInt(r.maxBytes)} bytes`,
    ].filter(Boolean);
    const best = r.rows[r.recommended];
    const pick = r.recommended === null ? 'no row meets p with the operations asked' : `→ ${best.variant}, ${formatInt(best.bytes)} bytes`;
    const params = r.rows.map((row) => `  ${row.variant}: ${shownParams(row)}`);
    const table = formatTable([head, ...rows], bound === null ? 'lllrrrlllr' : 'lllrrrrlllr');
    return `Which filter? ${asked.join(', ')} (docs/families.md#which-filter)\n\n${table}\n\n${pick}\n\nParameters:\n${params.join('\n')}\n`;
  },
});
