// `bloomcalc simulate <structure>`: runs the real data structure on a message stream and prints the
// simulated mean false-positive rate with its confidence intervals, beside the model value when a
// model of the configuration exists. Progress goes to stderr only when stderr is a terminal.
import { command, inputOf } from './common.mjs';
import { formatInt, formatProbabilityPlain, formatTable } from '../format.mjs';

// Why a run has no model value (model: null): docs/simulation.md, "Budgets and bad input".
const NO_MODEL = 'the model is computed only within ~0.1 s of work and inside its domain; docs/simulation.md, "Budgets and bad input"';

export default command('simulate', {
  stopsOnSignal: true, // Ctrl-C: the run stops at its next chunk (exit 130)
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
    const size =
      c.n !== null ? `${c.structure === 'bloom' || c.structure === 'counting' ? 'n' : 'N'} = ${formatInt(c.n)}` : `σ = ${formatInt(c.sigma)} (${c.boundary})`;
    const header =
      `${c.structure}: m = ${formatInt(c.m)} bits, k = ${c.k}, ${size}, ${c.hashing} hashing` +
      `${c.retaining ? ', retaining' : ''}${c.swap ? `, swap ${c.swap}` : ''}, ${c.stream} stream; ` +
      `${formatInt(c.epochs)} epochs × ${formatInt(c.arrivals)} arrivals` +
      `${c.warmup ? `, each after ${formatInt(c.warmup)}–${formatInt(2 * c.warmup - 1)} warm-up arrivals` : ''}, seed ${c.seed}`;
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
      const poisson =
        r.model.insidePoisson === null || r.model.insidePoisson === r.model.insideT
          ? ''
          : `, ${r.model.insidePoisson ? 'inside' : 'OUTSIDE'} the exact Poisson interval`; // a point t interval (no false positive)
      const verdict = r.model.applies ? `${r.model.insideT ? 'inside' : 'OUTSIDE'} the ${pct} t interval${poisson}` : r.model.note ? '' : 'no verdict';
      lines.push(
        `model: ${r.model.name} ${formatProbabilityPlain(r.model.value)} (${r.model.reference}) — ` + [verdict, r.model.note].filter(Boolean).join('; '),
      );
    } else {
      lines.push(`model: none at this size (${NO_MODEL})`);
    }
    if (r.recycles || r.falseNegatives) lines.push(`recycles ${formatInt(r.recycles)}, false negatives ${formatInt(r.falseNegatives)}`);
    if (r.counterSaturations) lines.push(`counter saturations ${formatInt(r.counterSaturations)}`);
    lines.push(`${formatInt(r.probes)} bit probes`);
    return lines.join('\n') + '\n';
  },
});
