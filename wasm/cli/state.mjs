// `bloomcalc state`: what a filter's count of set bits says — its FPR now, the items in it, the items left before
// a target, and two filters' union and intersection (issue 21; docs/state.md).
import { command } from './common.mjs';
import { formatInt, formatOneIn, formatPairs, formatProbabilityPlain, formatReal } from '../format.mjs';

const range = (e) => `${formatInt(e.estimate)}  [${formatInt(e.low)}, ${formatInt(e.high)}]`;

export default command('state', {
  render(r) {
    const pairs = [
      ['m, k, X', `${formatInt(r.m)} bits, ${r.k} hashes, ${formatInt(r.bitsSet)} set (${formatReal(100 * r.fill, 2)} %), ${r.hashing} hashing`],
      ['FPR now (exact)', `${formatProbabilityPlain(r.fpr)} (${formatOneIn(r.fpr) || '—'})`],
      [`items, ${formatReal(100 * r.confidence, 1)} % interval`, `${range(r.n)}  (${r.method})`],
      ['Swamidass–Baldi n̂', formatReal(r.swamidassBaldi, 1)],
    ];
    if (r.p !== null) pairs.push([`items left before ${formatProbabilityPlain(r.p)}`, r.itemsLeft === null ? 'unbounded' : formatInt(r.itemsLeft)]);
    if (r.nUnion) {
      pairs.push(['|B|', range(r.nB)], ['|A ∪ B|', range(r.nUnion)], ['|A ∩ B|', range(r.nIntersection)]);
    }
    return `A filter in use (docs/state.md)\n\n${formatPairs(pairs)}\n`;
  },
});
