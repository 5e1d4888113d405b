// `bloomcalc scalable`: a scalable Bloom filter's links, exact FPR after n items and memory, and the R and S
// that need the fewest bits (docs/scalable.md).
import { QUANTITY_HELP } from './common.mjs';
import { formatInt, formatMemory, formatOneIn, formatPairs, formatProbabilityPlain, formatTable } from '../format.mjs';
import { OPTIONS } from './options.generated.mjs';

export default {
  name: 'scalable',
  summary: "A scalable filter's links, exact FPR after n items and memory (Almeida et al. 2007; RedisBloom)",
  usage:
    'bloomcalc scalable --p P --capacity C --n N [--ratio R] [--growth S] [--library NAME] [--json]',
  description:
    'Links of capacity C·S^i at error p(1 − R)R^i, each sized by a library\'s rule (RedisBloom\'s by default:\n' +
    'R = 0.5, S = 2); the exact FPR after n items, 1 − Π(1 − f_i) over the links at their real fill; the total\n' +
    'bits; and the R ∈ {0.05 … 0.95}, integer S ∈ [1, 8] that hold the same n in the fewest bits.',
  options: OPTIONS.scalable,  // schema/cli.mjs
  required: ['p', 'capacity', 'n'],
  notes: QUANTITY_HELP,
  examples: [
    'bloomcalc scalable --p 1% --capacity 1000 --n 1M',
    'bloomcalc scalable --p 0.1% --capacity 100k --ratio 0.9 --growth 4 --n 10M --json',
  ],

  compute(calc, values) {
    return calc.scalable({ p: values.p, capacity: values.capacity, n: values.n, ratio: values.ratio, growth: values.growth, library: values.library });
  },

  render(r) {
    const pairs = [
      ['chain', `${r.library} links, C = ${formatInt(r.capacity)}, R = ${r.ratio}, S = ${r.growth}`],
      ['n  items', formatInt(r.n)],
      ['links', String(r.links.length)],
      ['bits', `${formatInt(r.bits)}   (${formatMemory(r.bytes)})`],
      [
        'exact FPR after n',
        `${formatProbabilityPlain(r.fpr)}   (${formatOneIn(r.fpr) || '—'})   bound Σ p_i ${formatProbabilityPlain(r.bound)}; target ${formatProbabilityPlain(r.p)}: ${r.missesTarget ? 'MISSED' : 'met'}`,
      ],
    ];
    if (r.optimum)
      pairs.push([
        'fewest bits',
        `R = ${r.optimum.ratio.toFixed(2)}, S = ${r.optimum.growth}: ${formatInt(r.optimum.bits)} bits in ${r.optimum.links} links, ` +
          `exact FPR ${formatProbabilityPlain(r.optimum.fpr)}`,
      ]);
    const rows = [['link', 'capacity', 'error', 'm bits', 'k', 'fill', 'FPR at fill']];
    r.links.forEach((l, i) =>
      rows.push([String(i), formatInt(l.capacity), formatProbabilityPlain(l.error), formatInt(l.m), String(l.k), formatInt(l.fill), formatProbabilityPlain(l.fpr)]),
    );
    return `Scalable Bloom filter\n\n${formatPairs(pairs)}\n\n${formatTable(rows, 'rrrrrrr')}\n`;
  },
};
