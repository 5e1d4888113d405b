// `bloomcalc overflow`: P(some counter of a counting filter overflows), or the smallest counter width for a
// target (issue 21; docs/paradox.md#overflow).
import { UsageError, command, inputOf } from './common.mjs';
import { formatInt, formatPairs, formatProbabilityPlain } from '../format.mjs';
import { shownPairs } from './shown.mjs';

export default command('overflow', {
  compute(calc, values) {
    if ((values.bits === undefined) === (values.target === undefined)) throw new UsageError('give --bits B or --target P (one of them)', { command: this });
    return calc.overflow(inputOf(values, 'OverflowInput'));
  },

  render(r) {
    // the rows schema/results.mjs declares for OverflowResult; these read other fields of the result
    const pairs = shownPairs('OverflowResult', r, {
      m: (m) => `${formatInt(m)} counters, ${formatInt(r.n)} items, ${r.k} hashes`,
      bits: (bits) => (r.target === null ? String(bits) : `${bits} (the smallest with P ≤ ${formatProbabilityPlain(r.target)})`),
      probability: (p) => `${formatProbabilityPlain(p)} (${r.method})`,
      low: (low) => `[${formatProbabilityPlain(low)}, ${formatProbabilityPlain(r.high)}]`,
    });
    return `Counter overflow (docs/paradox.md#overflow)\n\n${formatPairs(pairs)}\n`;
  },
});
