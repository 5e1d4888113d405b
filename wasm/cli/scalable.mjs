// `bloomcalc scalable`: a scalable Bloom filter's links, exact FPR after n items and memory, and the R and S
// that need the fewest bits (docs/scalable.md).
import { command } from './common.mjs';
import { formatInt, formatMemory, formatOneIn, formatPairs, formatProbabilityPlain, formatTable } from '../format.mjs';

export default command('scalable', {
  render(r) {
    const pairs = [
      ['chain', `${r.library} links, C = ${formatInt(r.capacity)}, R = ${r.ratio}, S = ${r.growth}`],
      ['n  items', formatInt(r.n)],
      ['links', String(r.links.length)],
      ['bits', `${formatInt(r.bits)}   (${formatMemory(r.bytes)})`],
      [
        'exact FPR after n',
        `${formatProbabilityPlain(r.fpr)}   (${formatOneIn(r.fpr) || '—'})   bound Σ p_i ${formatProbabilityPlain(r.bound)}; ` +
        `target ${formatProbabilityPlain(r.p)}: ${r.missesTarget ? 'MISSED' : 'met'}`,
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
});
