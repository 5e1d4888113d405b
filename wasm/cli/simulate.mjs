// `bloomcalc simulate <structure>`: runs the real data structure on a message stream and prints the
// simulated mean false-positive rate with its confidence intervals, beside the model value when a
// model of the configuration exists. Progress goes to stderr only when stderr is a terminal.
import { QUANTITY_HELP, inputOf } from './common.mjs';
import { formatInt, formatProbabilityPlain, formatTable } from '../format.mjs';
import { OPTIONS } from './options.generated.mjs';

const STRUCTURES = ['bloom', 'counting', 'sigma', 'two-phase', 'n-real', 'n-oracle'];
// Why a run has no model value (model: null): docs/simulation.md, "Budgets and bad input".
const NO_MODEL = 'the model is computed only within ~0.1 s of work and inside its domain; docs/simulation.md, "Budgets and bad input"';


export default {
  name: 'simulate',
  summary: 'Run the real filter on a message stream: simulated FPR with confidence intervals',
  usage: 'bloomcalc simulate <structure> --m M --k K [--n n | --N N | --sigma S] --epochs E --arrivals A [--seed S] [options] [--json]',
  description:
    'Drives a real filter with messages and measures its false-positive rate by batch means over epochs\n' +
    '(Student-t interval) and by the exact Poisson (Garwood) interval on the total count. Structures:\n' +
    '  bloom, counting   fill a fresh filter with n messages, look up new ones (001\'s experiment)\n' +
    '  sigma, two-phase  sigma-bounded recycling filter, one- or two-phase (000/002 §IV, §II-C)\n' +
    '  n-real, n-oracle  N-bounded recycling filter, real or oracle user (000/002 §III)\n' +
    'Details: docs/simulation.md.',
  positional: {
    name: 'structure',
    valueName: '<structure>',
    description: STRUCTURES.join(' | '),
  },
  options: OPTIONS.simulate,  // schema/cli.mjs
  required: ['m', 'k', 'epochs', 'arrivals'],
  notes: QUANTITY_HELP,
  examples: [
    'bloomcalc simulate bloom --m 32 --n 4 --k 5 --epochs 100 --arrivals 20000 --seed 1',
    'bloomcalc simulate sigma --m 1000 --k 3 --sigma 500 --epochs 20 --arrivals 100k --stream pool --json',
    'bloomcalc simulate bloom --m 64Ki --n 6k --k 7 --hashing double --epochs 20 --arrivals 60k',
  ],

  stopsOnSignal: true,  // Ctrl-C: the run stops at its next chunk (exit 130)
  async compute(calc, values, { signal } = {}) {
    const input = inputOf(values, 'SimulationInput');
    if (!process.stderr.isTTY) return calc.simulate(input, { signal });
    let last = 0;
    try {
      return await calc.simulate(input, {
        signal,
        onProgress(p) {
          const now = Date.now();
          if (now - last < 200 && !p.done) return;
          last = now;
          process.stderr.write(`\r  simulating… ${(100 * p.fraction).toFixed(1)}%  epoch ${p.epochsDone}`);
        },
      });
    } finally {
      process.stderr.write('\r\x1b[K');
    }
  },

  render(r) {
    const c = r.config;
    const size = c.n !== null ? `${c.structure === 'bloom' || c.structure === 'counting' ? 'n' : 'N'} = ${formatInt(c.n)}` : `σ = ${formatInt(c.sigma)} (${c.boundary})`;
    const header =
      `${c.structure}: m = ${formatInt(c.m)} bits, k = ${c.k}, ${size}, ${c.hashing} hashing` +
      `${c.retaining ? ', retaining' : ''}${c.swap ? `, swap ${c.swap}` : ''}, ${c.stream} stream; ${formatInt(c.epochs)} epochs × ${formatInt(c.arrivals)} arrivals` +
      ` after ${formatInt(c.warmup)} warm-up, seed ${c.seed}`;
    const pct = `${Math.round(c.confidence * 1000) / 10}%`;
    const rows = [['averaging', 'mean FPR', `± (t, ${pct})`, `Poisson ${pct}`, 'false positives / arrivals']];
    for (const [label, v] of [
      ['count-instance', r.variants.countInstance],
      ['count-first', r.variants.countFirst],
      ['count-each', r.variants.countEach],
    ]) {
      rows.push([
        label,
        formatProbabilityPlain(v.mean),
        formatProbabilityPlain(v.halfWidth),
        v.poisson ? `[${formatProbabilityPlain(v.poisson.low)}, ${formatProbabilityPlain(v.poisson.high)}]` : '—',
        `${formatInt(v.numerator)} / ${formatInt(v.denominator)}`,
      ]);
    }
    const lines = [header, '', formatTable(rows, 'lrrrr'), ''];
    if (r.model) {
      // where the model does not apply, its note says why and ends "so no verdict"
      const poisson = r.model.insidePoisson === null || r.model.insidePoisson === r.model.insideT ? ''
        : `, ${r.model.insidePoisson ? 'inside' : 'OUTSIDE'} the exact Poisson interval`; // a point t interval (no false positive)
      const verdict = r.model.applies ? `${r.model.insideT ? 'inside' : 'OUTSIDE'} the ${pct} t interval${poisson}` : r.model.note ? '' : 'no verdict';
      lines.push(`model: ${r.model.name} ${formatProbabilityPlain(r.model.value)} (${r.model.reference}) — ` +
        [verdict, r.model.note].filter(Boolean).join('; '));
    } else {
      lines.push(`model: none at this size (${NO_MODEL})`);
    }
    if (r.recycles || r.falseNegatives) lines.push(`recycles ${formatInt(r.recycles)}, false negatives ${formatInt(r.falseNegatives)}`);
    if (r.counterSaturations) lines.push(`counter saturations ${formatInt(r.counterSaturations)}`);
    lines.push(`${formatInt(r.probes)} bit probes`);
    return lines.join('\n') + '\n';
  },
};
