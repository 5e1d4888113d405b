// `bloomcalc nbounded`: the N-bounded recycling rules of 000 §III — recycle after N messages — with the
// worst-case (eq 1), oracle (eq 2) and lower-bound (eq 3) average FPRs and the exact real-user average.
import { formatInt, formatOneIn, formatPairs, formatProbabilityPlain, formatReal } from '../format.mjs';
import { OPTIONS } from './options.generated.mjs';

export default {
  name: 'nbounded',
  summary: 'N-bounded recycling: worst-case, oracle, lower-bound and exact average FPR (000 eqs 1–3)',
  usage: 'bloomcalc nbounded --m M --k K --N N [--hashing colliding|distinct] [--json]',
  description:
    'A Bloom filter of M bits recycled after every N messages. worstCase is the FPR seen by the N-th\n' +
    'message (eq 1), oracle the average over the cycle (eq 2), lowerBound the real user\'s bound (eq 3)\n' +
    'and exact the exact average of the real user, who counts only the messages that set bits. When\n' +
    '(N − 1)·k ≥ M the real user\'s filter can fill and then never recycles: its long-run average is 1, and\n' +
    'the average over the cycles that end is shown beside it with the probability of filling.',
  options: OPTIONS.nbounded,  // schema/cli.mjs
  required: ['m', 'k', 'N'],
  examples: ['bloomcalc nbounded --m 1000 --k 5 --N 155', 'bloomcalc nbounded --m 8Kib --k 7 --N 1000 --json'],

  compute(calc, values) {
    const input = { m: values.m, k: values.k, N: values.N };
    if (values.hashing !== undefined) input.hashing = values.hashing;
    return calc.nBounded(input);
  },

  render(r) {
    const row = (x) => `${formatProbabilityPlain(x)}   (${formatOneIn(x) || '—'})`;
    const pairs = [
      ['M, k, N', `${formatInt(r.m)} bits, ${r.k} hashes, ${formatInt(r.N)} messages, ${r.hashing} hashing`],
      ['worst case f_w (eq 1)', row(r.worstCase)],
      ['oracle f_o (eq 2)', row(r.oracle)],
      ['lower bound f_a (eq 3)', row(r.lowerBound)],
      ['exact, real user (long run)', row(r.exact)],
      ['exact, real user, cycles that end', row(r.exactGivenCycleEnds)],
      ['real user: can fill', r.canFill
        ? `yes: (N − 1)·k ≥ M; P(a cycle fills) = ${r.fillProbability > 0 ? formatProbabilityPlain(r.fillProbability) : 'below 1e-308'}, then it never recycles`
        : 'no: (N − 1)·k < M'],
      ['exact, oracle user', row(r.exactOracle)],
      ['real user: arrivals per cycle', r.expectedArrivals === null ? 'unbounded (no cycle ends)' : formatReal(r.expectedArrivals, 3)],
    ];
    return `N-bounded recycling (000 §III)\n\n${formatPairs(pairs)}\n`;
  },
};
