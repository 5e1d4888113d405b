// `bloomcalc overflow`: P(some counter of a counting filter overflows), or the smallest counter width for a
// target (issue 21; docs/paradox.md#overflow).
import { UsageError, command, inputOf } from './common.mjs';
import { formatInt, formatPairs, formatProbabilityPlain } from '../format.mjs';

export default command('overflow', {
  compute(calc, values) {
    if ((values.bits === undefined) === (values.target === undefined))
      throw new UsageError('give --bits B or --target P (one of them)', { command: this });
    return calc.overflow(inputOf(values, 'OverflowInput'));
  },

  render(r) {
    const pairs = [
      ['m, n, k', `${formatInt(r.m)} counters, ${formatInt(r.n)} items, ${r.k} hashes`],
      ['bits per counter', r.target === null ? String(r.bits) : `${r.bits} (the smallest with P ≤ ${formatProbabilityPlain(r.target)})`],
      ['P(some counter overflows)', `${formatProbabilityPlain(r.probability)} (${r.method})`],
      ['  proven bounds', `[${formatProbabilityPlain(r.low)}, ${formatProbabilityPlain(r.high)}]`],
      ['union bound m·P(L ≥ 2^b)', formatProbabilityPlain(r.unionBound)],
      ['P(one counter ≥ 2^b)', formatProbabilityPlain(r.counterTail)],
    ];
    return `Counter overflow (docs/paradox.md#overflow)\n\n${formatPairs(pairs)}\n`;
  },
});
