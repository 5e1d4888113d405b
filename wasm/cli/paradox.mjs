// `bloomcalc paradox`: the Bloom paradox of a Bloom filter (paper 004 §IV, Theorem 1): the posterior
// of a positive answer, the threshold prior P₀, the decision and the expected costs.
import { formatPairs, formatProbabilityPlain, formatReal } from '../format.mjs';
import { OPTIONS } from './options.generated.mjs';

export default {
  name: 'paradox',
  summary: 'Should a positive answer be trusted? Posterior, threshold and costs (004 Theorem 1)',
  usage: 'bloomcalc paradox --prior P --alpha A (--fpr F | --bpe B) [--json]',
  description:
    'The Bloom paradox (Rottenstreich & Keslassy): with a-priori membership probability P, a filter\n' +
    'of false-positive rate F and a false negative costing α false positives, a positive answer is\n' +
    'worth trusting iff P ≥ P₀ = F/(F + α). With --bpe the FPR is the paper\'s (1/2)^(ln2·m/n).',
  options: OPTIONS.paradox,  // schema/cli.mjs
  required: ['prior', 'alpha'],
  notes: ['Costs are in units of the cost of a false positive; "given positive" costs are E₁, E₀ of the paper.'],
  examples: [
    'bloomcalc paradox --prior 1e-6 --alpha 1 --fpr 1e-3',
    'bloomcalc paradox --prior "1 in 1000000" --alpha 1 --bpe 28.7 --json',
  ],

  compute(calc, values) {
    return calc.paradox({ prior: values.prior, alpha: values.alpha, fpr: values.fpr, bpe: values.bpe });
  },

  render(r) {
    const verdict = r.paradox
      ? `IGNORE the filter: P < P₀, so even a positive answer is more likely wrong than worth it (Bloom paradox).`
      : `TRUST a positive answer: P ≥ P₀.`;
    const pairs = [
      ['prior P', formatProbabilityPlain(r.prior)],
      ['alpha', String(r.alpha)],
      ['filter FPR F', `${formatProbabilityPlain(r.fpr)}   (≈ ${formatReal(r.bitsPerElement, 3)} bits/element in the model)`],
      ['posterior Pr(x∈S | positive)', formatProbabilityPlain(r.posterior)],
      ['threshold P₀ = F/(F+α)', formatProbabilityPlain(r.threshold)],
      ['posterior threshold 1/(1+α)', formatProbabilityPlain(r.posteriorThreshold)],
      ['cost given positive: trust', formatProbabilityPlain(r.costs.trustGivenPositive)],
      ['cost given positive: ignore', formatProbabilityPlain(r.costs.ignoreGivenPositive)],
      ['cost per query: trust / ignore', `${formatProbabilityPlain(r.costs.trust)} / ${formatProbabilityPlain(r.costs.ignore)}`],
      ['min bits/element, no paradox', r.minBitsPerElement === null ? 'none (P = 0)' : formatReal(r.minBitsPerElement, 3)],
    ];
    return `Bloom paradox (004 Theorem 1)\n\n${formatPairs(pairs)}\n\n${verdict}\n`;
  },
};
