// `bloomcalc recommend`: for memory M and a target long-term average FPR f*, per k the largest
// threshold each recycling rule allows and its expected messages per cycle (000 §V), then the best k
// per rule and its gain over the worst-case rule (the paper's "about 30 %").
import { UsageError, command, inputFor } from './common.mjs';
import { formatInt, formatProbabilityPlain, formatReal, formatTable } from '../format.mjs';
import { describeMethod, describeVariant } from './rbf-common.mjs';

const RULES = [
  ['onePhase', 'σ-bounded, one phase (f¹_σ, eq 18)'],
  ['twoPhase', 'σ-bounded, two phases (f²_σ, eqs 24–26)'],
  ['worstCase', 'N-bounded, worst case (eq 1)'],
  ['oracle', 'N-bounded, oracle (eq 2)'],
  ['lowerBound', 'N-bounded, lower bound (eq 3)'],
];

/** Progress on stderr, only for a terminal (never in pipes or captured output). */
function progressReporter() {
  if (!process.stderr.isTTY) return undefined;
  return (done, total) => {
    process.stderr.write(`\rbloomcalc: recommend k ${done}/${total}${done === total ? '\r\x1b[K' : ''}`);
  };
}

const cell = (c, digits = 1) => (c.feasible ? `${formatInt(c.threshold)}/${formatReal(c.capacity, digits)}` : '—');
const count = (c) => (c.feasible ? formatInt(c.threshold) : '—');

export default command('recommend', {
  async compute(calc, values) {
    if (values.p === undefined && values.fpr === undefined)
      throw new UsageError('missing required option --p <P>: the target long-term average FPR (or its older name --fpr)', { command: this });
    const input = inputFor(this, values, 'RecommendInput', { own: ['workers'] }); // an empty value refused by name (--kmax '' was the default)
    const workers = values.workers === undefined ? 1 : Number(values.workers);
    if (!Number.isInteger(workers) || workers < 1 || workers > 64)
      throw Object.assign(new RangeError(`workers: must be an integer in [1, 64] (got ${values.workers})`), { parameter: 'workers' });
    if (workers === 1) return calc.recommend(input, progressReporter());
    const { recommendPooled } = await import('../rbf-pool-node.mjs');
    return recommendPooled(calc, input, { workers, onProgress: progressReporter() });
  },

  render(r) {
    const rows = [['k', 'σ¹/cap', 'σ²/cap', 'N_w', 'N_o', 'N_a']];
    for (const row of r.rows) {
      rows.push([row.k, cell(row.onePhase), cell(row.twoPhase), count(row.worstCase), count(row.oracle), count(row.lowerBound)]);
    }
    const best = [['rule', 'k', 'threshold', 'messages/cycle', 'average FPR', 'vs worst case']];
    for (const [key, label] of RULES) {
      const b = r.best[key];
      if (!b.feasible) {
        best.push([label, '—', '—', 'infeasible', '—', '—']);
        continue;
      }
      const gain = key === 'worstCase' ? '—' : `${b.gainOverWorstCase >= 0 ? '+' : ''}${formatReal(100 * b.gainOverWorstCase, 1)}%`;
      best.push([label, b.k, formatInt(b.threshold), formatReal(b.capacity, 2), formatProbabilityPlain(b.fpr), gain]);
    }
    const header =
      `Recycling Bloom filter of M = ${formatInt(r.m)} bits, target average FPR p = ${formatProbabilityPlain(r.p)}, ` +
      `${describeVariant(r.variant, { phases: 2 })}\nmethod: ${describeMethod(r, (x) => x.toExponential(1))}`;
    return `${header}\n\nPer k\n${formatTable(rows, 'rrrrrr')}\n\nBest per rule\n${formatTable(best, 'lrrrrr')}\n`;
  },
});
