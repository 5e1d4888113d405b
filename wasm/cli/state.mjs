// `bloomcalc state`: what a filter's count of set bits says — its FPR now, the items in it, the items left before
// a target, and two filters' union and intersection (issue 21; docs/state.md).
import { command } from './common.mjs';
import { formatInt, formatPairs, formatProbabilityPlain, formatReal } from '../format.mjs';
import { shownPairs } from './shown.mjs';

const range = (e) => `${formatInt(e.estimate)}  [${formatInt(e.low)}, ${formatInt(e.high)}]`;

export default command('state', {
  render(r) {
    // the rows schema/results.mjs declares for StateResult; these read other fields of the result
    const pairs = shownPairs('StateResult', r, {
      m: (m) => `${formatInt(m)} bits, ${r.k} hashes, ${formatInt(r.bitsSet)} set (${formatReal(100 * r.fill, 2)} %), ${r.hashing} hashing`,
      n: (n) => [`items, ${formatReal(100 * r.confidence, 1)} % interval`, `${range(n)}  (${r.method})`],
      itemsLeft: (left) => (r.p === null ? undefined : [`items left before ${formatProbabilityPlain(r.p)}`, left === null ? 'unbounded' : formatInt(left)]),
      nB: (e) => (e ? range(e) : undefined),
      nUnion: (e) => (e ? range(e) : undefined),
      nIntersection: (e) => (e ? range(e) : undefined),
    });
    return `A filter in use (docs/state.md)\n\n${formatPairs(pairs)}\n`;
  },
});
