// `bloomcalc state`: what a filter's count of set bits says — its FPR now, the items in it, the items left before
// a target, and two filters' union and intersection (issue 21; docs/state.md).
import { QUANTITY_HELP, inputOf } from './common.mjs';
import { formatInt, formatOneIn, formatPairs, formatProbabilityPlain, formatReal } from '../format.mjs';
import { OPTIONS } from './options.generated.mjs';

const range = (e) => `${formatInt(e.estimate)}  [${formatInt(e.low)}, ${formatInt(e.high)}]`;

export default {
  name: 'state',
  summary: 'A filter in use: FPR now, items held (with an interval) and items left, from its set bits',
  usage: 'bloomcalc state --m M --k K --bits-set X [--p P] [--bits-set-b X_B --union X_AB] [--confidence C] [--hashing colliding|distinct] [--json]',
  description:
    'From m, k and the number X of set bits (a popcount): the FPR now, (X/m)^k (colliding) or C(X,k)/C(m,k)\n' +
    '(distinct), exact; the maximum-likelihood number of items of the occupancy law with its exact interval\n' +
    '(Swamidass–Baldi\'s −(m/k)·ln(1 − X/m) beside it); with --p, the items left before the expected FPR\n' +
    'exceeds it; with a second filter\'s count and the count of their OR, |A ∪ B| and |A ∩ B| with intervals.',
  options: OPTIONS.state,  // schema/cli.mjs
  required: ['m', 'k', 'bits-set'],
  notes: QUANTITY_HELP,
  examples: ['bloomcalc state --m 1Mi --k 7 --bits-set 400000 --p 1%', 'bloomcalc state --m 4096 --k 4 --bits-set 1600 --bits-set-b 1350 --union 2300 --json'],

  compute(calc, values) {
    return calc.state(inputOf(values, 'StateInput'));
  },

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
};
