// `bloomcalc window`: a two-filter recycling filter sized from a window W and a target FPR (issue 21; docs/window.md).
import { command } from './common.mjs';
import { formatInt, formatMemory, formatOneIn, formatPairs, formatProbabilityPlain } from '../format.mjs';

export default command('window', {
  render(r) {
    const memory = (m) => `${formatInt(m)} bits (${formatMemory(Math.ceil(m / 8))})`;
    const n = r.nBounded;
    const s = r.sigmaBounded;
    const pairs = [
      ['window W, target p', `${formatInt(r.w)} messages, ${formatProbabilityPlain(r.p)} (${formatOneIn(r.p) || '—'}), ${r.hashing} hashing`],
      ['N-bounded: M, k, N', `${memory(n.m)}, k = ${n.k}, N = ${formatInt(n.n)}`],
      ['  average FPR', `${formatProbabilityPlain(n.fpr)} (${n.method}, certified: ${n.certified})`],
      ['σ-bounded: M, k, σ', `${memory(s.m)}, k = ${s.k}, σ = ${formatInt(s.sigma)} bits of ${formatInt(s.m / 2)}`],
      ['  average FPR', `${formatProbabilityPlain(s.fpr)} (${s.method})`],
      ['  P(cycle < W insertions)', `${formatProbabilityPlain(s.delta)} ≤ δ = ${formatProbabilityPlain(r.delta)} (${s.tailMethod}, certified: ${s.certified})`],
      ['plain filter for 2W items', r.plain ? `${memory(r.plain.m)}, k = ${r.plain.k}` : 'beyond 2^40 bits'],
    ];
    return `Sliding window: two-filter recycling (docs/window.md)\n\n${formatPairs(pairs)}\n`;
  },
});
