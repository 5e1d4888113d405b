// `bloomcalc window`: a two-filter recycling filter sized from a window W and a target FPR (issue 21; docs/window.md).
import { QUANTITY_HELP, inputOf } from './common.mjs';
import { formatInt, formatMemory, formatOneIn, formatPairs, formatProbabilityPlain } from '../format.mjs';
import { OPTIONS } from './options.generated.mjs';

export default {
  name: 'window',
  summary: 'Size a sliding-window (two-filter recycling) filter from W and p, per swap rule',
  usage: 'bloomcalc window --w W --p P [--delta D] [--hashing colliding|distinct] [--json]',
  description:
    'Two filters of M/2 bits (active + frozen), the same k hashes; an arrival is positive if all k bits are set\n' +
    'in either, and one that is not a positive of the active filter is inserted into it. N-bounded: swap after\n' +
    'N = W insertions (every message is found for at least W further insertions). σ-bounded: swap when the\n' +
    'active filter exceeds σ bits, σ such that P(a cycle holds fewer than W insertions) ≤ δ. For each rule the\n' +
    'smallest total memory M whose long-run average FPR meets p, with its k, beside a plain filter for 2W items.',
  options: OPTIONS.window,  // schema/cli.mjs
  required: ['w', 'p'],
  notes: QUANTITY_HELP,
  examples: ['bloomcalc window --w 1M --p 0.1%', 'bloomcalc window --w 1e6 --p 1e-4 --json'],

  compute(calc, values) {
    return calc.window(inputOf(values, 'WindowInput'));
  },

  render(r) {
    const memory = (m) => `${formatInt(m)} bits (${formatMemory(Math.ceil(m / 8))})`;
    const n = r.nBounded;
    const s = r.sigmaBounded;
    const pairs = [
      ['window W, target p', `${formatInt(r.w)} messages, ${formatProbabilityPlain(r.p)} (${formatOneIn(r.p) || '—'}), ${r.hashing} hashing`],
      ['N-bounded: M, k, N', `${memory(n.m)}, k = ${n.k}, N = ${formatInt(n.n)}`],
      ['  average FPR', `${formatProbabilityPlain(n.fpr)} (${n.method})`],
      ['σ-bounded: M, k, σ', `${memory(s.m)}, k = ${s.k}, σ = ${formatInt(s.sigma)} bits of ${formatInt(s.m / 2)}`],
      ['  average FPR', `${formatProbabilityPlain(s.fpr)} (${s.method})`],
      ['  P(cycle < W insertions)', `${formatProbabilityPlain(s.delta)} ≤ δ = ${formatProbabilityPlain(r.delta)} (${s.tailMethod})`],
      ['plain filter for 2W items', r.plain ? `${memory(r.plain.m)}, k = ${r.plain.k}` : 'beyond 2^40 bits'],
    ];
    return `Sliding window: two-filter recycling (docs/window.md)\n\n${formatPairs(pairs)}\n`;
  },
};
