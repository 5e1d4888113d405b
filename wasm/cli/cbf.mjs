// `bloomcalc cbf`: membership probability from the k counters of a counting Bloom filter (paper 004
// Theorem 2) and the optimal decision (Theorem 4) as a minimal counter product.
import { command } from './common.mjs';
import { formatPairs, formatProbabilityPlain } from '../format.mjs';

export default command('cbf', {
  render(r) {
    const pairs = [
      ['counters', r.counters.join(', ')],
      ['product', r.product === null ? 'beyond double range' : String(r.product)],
      ['posterior Pr(x∈S | CBF)', formatProbabilityPlain(r.posterior)],
      ['threshold 1/(1+α)', formatProbabilityPlain(r.posteriorThreshold)],
      ['minimal product answered positive', r.minProduct === null ? 'none (P = 0)' : String(r.minProduct)],
      ['expected cost: positive / negative', `${formatProbabilityPlain(r.costs.positive)} / ${formatProbabilityPlain(r.costs.negative)}`],
    ];
    return `CBF membership (004 Theorems 2, 4)\n\n${formatPairs(pairs)}\n\nAnswer ${r.decision.toUpperCase()}.\n`;
  },
});
