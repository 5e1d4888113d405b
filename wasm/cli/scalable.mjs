// `bloomcalc scalable`: a scalable Bloom filter's links, exact FPR after n items and memory, and the R and S
// that need the fewest bits (docs/scalable.md).
import { command } from './common.mjs';
import { shownPairs } from './shown.mjs';
import { formatInt, formatMemory, formatOneIn, formatPairs, formatProbabilityPlain, formatTable } from '../format.mjs';

export default command('scalable', {
  render(r) {
    // the rows schema/results.mjs declares for ScalableResult; these read other fields of the result
    const pairs = shownPairs('ScalableResult', r, {
      library: (library) => `${library} links, C = ${formatInt(r.capacity)}, R = ${r.ratio}, S = ${r.growth}`,
      links: (links) => String(links.length),
      bits: (bits) => `${formatInt(bits)}   (${formatMemory(r.bytes)})`,
      fpr: (fpr) =>
        `${formatProbabilityPlain(fpr)}   (${formatOneIn(fpr) || '—'})   bound Σ p_i ${formatProbabilityPlain(r.bound)}; ` +
        `target ${formatProbabilityPlain(r.p)}: ${r.missesTarget ? 'MISSED' : 'met'}`,
      optimum: (o) =>
        o
          ? `R = ${o.ratio.toFixed(2)}, S = ${o.growth}: ${formatInt(o.bits)} bits in ${o.links} links, ` + `exact FPR ${formatProbabilityPlain(o.fpr)}`
          : undefined,
    });
    const rows = [['link', 'capacity', 'error', 'm bits', 'k', 'fill', 'FPR at fill']];
    r.links.forEach((l, i) =>
      rows.push([
        String(i),
        formatInt(l.capacity),
        formatProbabilityPlain(l.error),
        formatInt(l.m),
        String(l.k),
        formatInt(l.fill),
        formatProbabilityPlain(l.fpr),
      ]),
    );
    return `Scalable Bloom filter\n\n${formatPairs(pairs)}\n\n${formatTable(rows, 'rrrrrrr')}\n`;
  },
});
