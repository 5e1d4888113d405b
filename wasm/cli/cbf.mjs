// `bloomcalc cbf`: membership probability from the k counters of a counting Bloom filter (paper 004
// Theorem 2) and the optimal decision (Theorem 4) as a minimal counter product.
import { command } from './common.mjs';
import { formatPairs, formatProbabilityPlain } from '../format.mjs';
import { shownPairs } from './shown.mjs';

export default command('cbf', {
  render(r) {
    // the rows schema/results.mjs declares for CbfResult; a null product or minimum has its own words
    const pairs = shownPairs('CbfResult', r, {
      product: (x) => (x === null ? 'beyond double range' : String(x)),
      minProduct: (x) => (x === null ? 'none (P = 0)' : String(x)),
      costs: (c) => `${formatProbabilityPlain(c.positive)} / ${formatProbabilityPlain(c.negative)}`,
    });
    return `CBF membership (004 Theorems 2, 4)\n\n${formatPairs(pairs)}\n\nAnswer ${r.decision.toUpperCase()}.\n`;
  },
});
