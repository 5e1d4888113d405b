// `bloomcalc paradox`: the Bloom paradox of a Bloom filter (paper 004 §IV, Theorem 1): the posterior
// of a positive answer, the threshold prior P₀, the decision and the expected costs.
import { command } from './common.mjs';
import { formatPairs, formatProbabilityPlain, formatReal } from '../format.mjs';

export default command('paradox', {
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
});
