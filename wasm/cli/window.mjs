// `bloomcalc window`: a two-filter recycling filter sized from a window W and a target FPR (issue 21; docs/window.md).
import { command } from './common.mjs';
import { formatInt, formatMemory, formatOneIn, formatPairs, formatProbabilityPlain } from '../format.mjs';
import { shownPairs } from './shown.mjs';

export default command('window', {
  render(r) {
    const memory = (m) => `${formatInt(m)} bits (${formatMemory(Math.ceil(m / 8))})`;
    // the rows schema/results.mjs declares for WindowResult and its rules; these read other fields of the result
    const pairs = shownPairs('WindowResult', r, {
      w: (w) => `${formatInt(w)} messages, ${formatProbabilityPlain(r.p)} (${formatOneIn(r.p) || '—'}), ${r.hashing} hashing`,
      nBounded: (n) =>
        shownPairs('WindowNRule', n, {
          m: (m) => `${memory(m)}, k = ${n.k}, N = ${formatInt(n.n)}`,
          fpr: (fpr) => `${formatProbabilityPlain(fpr)} (${n.method}, certified: ${n.certified})`,
        }),
      sigmaBounded: (s) =>
        shownPairs('WindowSigmaRule', s, {
          m: (m) => `${memory(m)}, k = ${s.k}, σ = ${formatInt(s.sigma)} bits of ${formatInt(m / 2)}`,
          fpr: (fpr) => `${formatProbabilityPlain(fpr)} (${s.method})`,
          delta: (d) => `${formatProbabilityPlain(d)} ≤ δ = ${formatProbabilityPlain(r.delta)} (${s.tailMethod}, certified: ${s.certified})`,
        }),
      plain: (plain) => (plain ? `${memory(plain.m)}, k = ${plain.k}` : 'beyond 2^40 bits'),
    });
    return `Sliding window: two-filter recycling (docs/window.md)\n\n${formatPairs(pairs)}\n`;
  },
});
