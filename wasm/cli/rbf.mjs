// `bloomcalc rbf`: a σ-bounded recycling Bloom filter (papers 000/002): the long-term average FPR
// f¹_σ (000 eq 18) or f²_σ (two phases, eqs 24–26) and E[N₀], the new messages per cycle (eqs 20–23).
import { command, inputFor, withElapsed } from './common.mjs';
import { formatInt, formatOneIn, formatPairs, formatProbabilityPlain, formatReal } from '../format.mjs';
import { describeMethod, describeVariant } from './rbf-common.mjs';

export default command('rbf', {
  // An explicit --method exact gets the exact fill however long it takes: on a worker thread without the
  // synchronous call's bound (rbfAsync), the seconds shown on a terminal, Ctrl-C stopping it (exit 130).
  stopsOnSignal: true,
  compute(calc, values, { signal } = {}) {
    const input = inputFor(this, values, 'RbfInput');
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
});
