// `bloomcalc nbounded`: the N-bounded recycling rules of 000 §III — recycle after N messages — with the
// worst-case (eq 1), oracle (eq 2) and lower-bound (eq 3) average FPRs and the exact real-user average.
import { command } from './common.mjs';
import { formatInt, formatOneIn, formatPairs, formatProbabilityPlain, formatReal } from '../format.mjs';

export default command('nbounded', {
  render(r) {
    const row = (x) => `${formatProbabilityPlain(x)}   (${formatOneIn(x) || '—'})`;
    const pairs = [
      ['M, k, N', `${formatInt(r.m)} bits, ${r.k} hashes, ${formatInt(r.N)} messages, ${r.hashing} hashing`],
      ['worst case f_w (eq 1)', row(r.worstCase)],
      ['oracle f_o (eq 2)', row(r.oracle)],
      ['lower bound f_a (eq 3)', row(r.lowerBound)],
      ['exact, real user (long run)', row(r.exact)],
      ['exact, real user, cycles that end', row(r.exactGivenCycleEnds)],
      [
        'real user: can fill',
        r.canFill
          ? `yes: (N − 1)·k ≥ M; P(a cycle fills) = ` +
            `${r.fillProbability > 0 ? formatProbabilityPlain(r.fillProbability) : 'below 1e-308'}, then it never ` +
            `recycles`
          : 'no: (N − 1)·k < M',
      ],
      ['exact, oracle user', row(r.exactOracle)],
      ['real user: arrivals per cycle', r.expectedArrivals === null ? 'unbounded (no cycle ends)' : formatReal(r.expectedArrivals, 3)],
    ];
    return `N-bounded recycling (000 §III)\n\n${formatPairs(pairs)}\n`;
  },
});
