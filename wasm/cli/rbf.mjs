// `bloomcalc rbf`: a σ-bounded recycling Bloom filter (papers 000/002): the long-term average FPR
// f¹_σ (000 eq 18) or f²_σ (two phases, eqs 24–26) and E[N₀], the new messages per cycle (eqs 20–23).
import { withElapsed } from './common.mjs';
import { formatInt, formatOneIn, formatPairs, formatProbabilityPlain, formatReal } from '../format.mjs';
import { describeMethod, describeVariant, variantOf } from './rbf-common.mjs';
import { OPTIONS } from './options.generated.mjs';

export default {
  name: 'rbf',
  summary: 'Recycling Bloom filter: average FPR and messages per cycle at threshold σ (000 eqs 18, 23, 26)',
  usage:
    'bloomcalc rbf --m M --k K --sigma S [--hashing colliding|distinct] [--recycling nonretaining|retaining]\n' +
    '                     [--phases 1|2] [--method exact|asymptotic|auto] [--restart exact|eq10] [--swap after|before] [--json]',
  description:
    'A recycling Bloom filter of M bits is emptied when an insertion leaves more than σ bits set. Prints its\n' +
    'long-term average false-positive rate over new messages and E[N₀], the new-message arrivals per cycle.\n' +
    'With --phases 2 the memory is split into an active and a frozen filter of M/2 bits each.',
  options: OPTIONS.rbf,  // schema/cli.mjs
  required: ['m', 'k', 'sigma'],
  notes: ['Equation numbers refer to 000: Dozier, Salamatian, Rubenstein, "Modeling Average False Positive Rates of Recycling Bloom Filters" (docs/rbf.md).'],
  examples: [
    'bloomcalc rbf --m 1000 --k 5 --sigma 539',
    'bloomcalc rbf --m 8Kib --k 4 --sigma 3000 --phases 2 --json',
    'bloomcalc rbf --m 1000 --k 5 --sigma 539 --recycling retaining --hashing distinct',
  ],

  // An explicit --method exact gets the exact fill however long it takes: on a worker thread without the
  // synchronous call's bound (rbfAsync), the seconds shown on a terminal, Ctrl-C stopping it (exit 130).
  stopsOnSignal: true,
  compute(calc, values, { signal } = {}) {
    const input = { m: values.m, k: values.k, sigma: values.sigma, ...variantOf(values) };
    if (values.phases !== undefined) input.phases = Number(values.phases);
    if (values.method !== undefined) input.method = values.method;
    if (input.method !== 'exact') return calc.rbf(input);
    return withElapsed('exact fill', async () => {
      const { rbfAsync } = await import('../rbf-pool-node.mjs');
      return rbfAsync(input, { signal });
    });
  },

  render(r) {
    const pairs = [
      ['memory M', `${formatInt(r.m)} bits${r.phases === 2 ? ` (two filters of ${formatInt(r.bitsPerFilter)})` : ''}`],
      ['k, σ', `${r.k}, ${formatInt(r.sigma)} bits`],
      ['variant', describeVariant(r.variant, r)],
      [
        r.phases === 2 ? 'average FPR f²_σ (exact)' : 'average FPR f¹_σ (eq 18)',
        `${formatProbabilityPlain(r.averageFpr)}   (${formatOneIn(r.averageFpr) || '—'})`,
      ],
      ['E[N₀], messages per cycle (eq 23)', formatReal(r.expectedMessages, 3)],
      ['method', describeMethod(r, (x) => x.toExponential(1))],
    ];
    if (r.phases === 1) pairs.push(['messages held at recycling', formatReal(r.messagesHeld, 3)]);
    else {
      pairs.push(['eq 26 product form', formatProbabilityPlain(r.averageFprEq26)]);
      pairs.push(['active / frozen filter FPR', `${formatProbabilityPlain(r.activeFpr)} / ${formatProbabilityPlain(r.frozenFpr)}`]);
    }
    return `Recycling Bloom filter, ${r.phases === 2 ? 'two phases' : 'one phase'}\n\n${formatPairs(pairs)}\n`;
  },
};
