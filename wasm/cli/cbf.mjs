// `bloomcalc cbf`: membership probability from the k counters of a counting Bloom filter (paper 004
// Theorem 2) and the optimal decision (Theorem 4) as a minimal counter product.
import { formatPairs, formatProbabilityPlain } from '../format.mjs';
import { OPTIONS } from './options.generated.mjs';

export default {
  name: 'cbf',
  summary: 'Membership probability from CBF counters and the optimal answer (004 Theorems 2, 4)',
  usage: 'bloomcalc cbf --counters c1,c2,… --m M --n N --k K --prior P --alpha A [--json]',
  description:
    'Theorem 2: Pr(x ∈ S | CBF) depends only on the product of the k counters of x. Theorem 4: answer\n' +
    'positive iff that probability is ≥ 1/(1 + α), i.e. iff the product is at least the minimal product.',
  options: OPTIONS.cbf,  // schema/cli.mjs
  required: ['counters', 'm', 'n', 'k', 'prior', 'alpha'],
  examples: ['bloomcalc cbf --counters 1,2,1,1,2,4 --m 26624 --n 3328 --k 6 --prior 0.125 --alpha 0.25'],

  compute(calc, values) {
    return calc.cbf({
      counters: values.counters,
      m: values.m,
      n: values.n,
      k: values.k,
      prior: values.prior,
      alpha: values.alpha,
    });
  },

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
};
