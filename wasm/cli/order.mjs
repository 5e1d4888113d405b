// `bloomcalc order`: the optimal order of queries to proxies in a distributed cache (paper 004 §VII,
// Theorems 6 and 7).
import { inputOf } from './common.mjs';
import { formatProbabilityPlain, formatTable } from '../format.mjs';
import { OPTIONS } from './options.generated.mjs';

export default {
  name: 'order',
  summary: 'Optimal order of proxy queries in a distributed cache (004 Theorems 6, 7)',
  usage: 'bloomcalc order --probs p1,p2,… --costs t1,t2,… --special-cost PSI [--json]',
  description:
    'Query the proxies in non-increasing order of success probability / cost; the special proxy, which\n' +
    'holds everything, has ratio 1/ψ and ends the search. With equal costs this is Theorem 7.',
  options: OPTIONS.order,  // schema/cli.mjs
  required: ['probs', 'costs', 'special-cost'],
  examples: ['bloomcalc order --probs 0.5,0.9,0.1 --costs 1,2,1 --special-cost 10'],

  compute(calc, values) {
    return calc.order(inputOf(values, 'OrderInput'));
  },

  render(r) {
    const rows = [['#', 'proxy', 'p', 'cost', 'p/cost', 'sent w.p.']];
    r.steps.forEach((s, i) =>
      rows.push([String(i + 1), String(s.proxy), formatProbabilityPlain(s.prob), String(s.cost), formatProbabilityPlain(s.prob / s.cost), formatProbabilityPlain(s.reach)]),
    );
    return `Query order (004 Theorem ${r.theorem})\n\n${formatTable(rows, 'rlrrrr')}\n\nexpected cost ${formatProbabilityPlain(r.expectedCost)}\n`;
  },
};
