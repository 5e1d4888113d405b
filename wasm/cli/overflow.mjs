// `bloomcalc overflow`: P(some counter of a counting filter overflows), or the smallest counter width for a
// target (issue 21; docs/paradox.md#overflow).
import { QUANTITY_HELP, UsageError, inputOf } from './common.mjs';
import { formatInt, formatPairs, formatProbabilityPlain } from '../format.mjs';
import { OPTIONS } from './options.generated.mjs';

export default {
  name: 'overflow',
  summary: 'Counting filter: P(a b-bit counter overflows), or the smallest b for a target',
  usage: 'bloomcalc overflow --m M --n N --k K (--bits B | --target P) [--method auto|exact|poisson] [--json]',
  description:
    'm counters of b bits, n items, k hashes (each probe increments its counter): P(some counter\'s load reaches\n' +
    '2^b), exact for small filters, else within proven bounds; beside the usual union bound m·P(Bin(kn, 1/m) ≥ 2^b).\n' +
    'With --target, the smallest b whose proven upper bound meets it.',
  options: OPTIONS.overflow,  // schema/cli.mjs
  required: ['m', 'n', 'k'],
  notes: QUANTITY_HELP,
  examples: ['bloomcalc overflow --m 1e6 --n 1e5 --k 7 --bits 4', 'bloomcalc overflow --m 1e6 --n 1e5 --k 7 --target 1e-12 --json'],

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
};
