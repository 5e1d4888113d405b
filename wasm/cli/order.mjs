// `bloomcalc order`: the optimal order of queries to proxies in a distributed cache (paper 004 §VII,
// Theorems 6 and 7).
import { command } from './common.mjs';
import { formatProbabilityPlain, formatTable } from '../format.mjs';

export default command('order', {
  render(r) {
    const rows = [['#', 'proxy', 'p', 'cost', 'p/cost', 'sent w.p.']];
    r.steps.forEach((s, i) =>
      rows.push([
        String(i + 1),
        String(s.proxy),
        formatProbabilityPlain(s.prob),
        String(s.cost),
        formatProbabilityPlain(s.prob / s.cost),
        formatProbabilityPlain(s.reach),
      ]),
    );
    return `Query order (004 Theorem ${r.theorem})\n\n${formatTable(rows, 'rlrrrr')}\n\nexpected cost ${formatProbabilityPlain(r.expectedCost)}\n`;
  },
});
