// `bloomcalc paradox`: the Bloom paradox of a Bloom filter (paper 004 §IV, Theorem 1): the posterior
// of a positive answer, the threshold prior P₀, the decision and the expected costs.
import { command } from './common.mjs';
import { formatPairs, formatProbabilityPlain, formatReal } from '../format.mjs';
import { shownPairs } from './shown.mjs';

export default command('paradox', {
  render(r) {
    const verdict = r.paradox
      ? `IGNORE the filter: P < P₀, so even a positive answer is more likely wrong than worth it (Bloom paradox).`
      : `TRUST a positive answer: P ≥ P₀.`;
    // the rows schema/results.mjs declares for ParadoxResult (and its costs, ParadoxCosts); these read other fields
    const pairs = shownPairs('ParadoxResult', r, {
      fpr: (f) => `${formatProbabilityPlain(f)}   (≈ ${formatReal(r.bitsPerElement, 3)} bits/element in the model)`,
      costs: (c) => shownPairs('ParadoxCosts', c, { trust: (t) => `${formatProbabilityPlain(t)} / ${formatProbabilityPlain(c.ignore)}` }),
      minBitsPerElement: (b) => (b === null ? 'none (P = 0)' : formatReal(b, 3)),
    });
    return `Bloom paradox (004 Theorem 1)\n\n${formatPairs(pairs)}\n\n${verdict}\n`;
  },
});
