// `bloomcalc size`: solve the missing quantities from any consistent subset of n, p, m, k.
import { EXIT_TARGET_MISSED, command, inputFor } from './common.mjs';
import { SHOWN, formatInt, formatMemory, formatOneIn, formatPairs, formatProbabilityPlain, formatReal } from '../format.mjs';
import { shownPairs } from './shown.mjs';
import { renderLayoutSize, wantsLayout } from './layouts.mjs';
import { hashFloorPairs, librarySizing, renderEveryLibrary, renderLibrarySize } from './libraries.mjs';

const METHOD_NOTE = {
  classic: 'classic formula (001 eq 1)',
  exact: 'exact mean FPR (001 eqs 8, 17)',
};

const SOLVED_NOTE = {
  'm,k': 'm and k from n and p',
  m: 'm from n, p and k',
  p: 'p from n, m and k',
  n: 'n from m, p and k',
  'n,k': 'n and k from m and p',
  k: 'k from n and m',
  none: 'nothing (all four given)',
};

export default command('size', {
  // Each variant reads its input's options and refuses the others by name (inputFor).
  compute(calc, values) {
    if (values.library !== undefined) return librarySizing(calc, inputFor(this, values, 'LibrarySizeInput', { variant: 'size --library' }));
    if (wantsLayout(values)) return calc.layoutSize(inputFor(this, values, 'LayoutSizingInput', { variant: 'size with a layout (--layout or --preset)' }));
    return calc.size(inputFor(this, values, 'SizingInput', { variant: 'size without --library or a layout' }));
  },

  // All four given and the filter misses the target: the table is printed, the exit code is 3 (docs/decisions.md).
  verdict(r) {
    if (r.target === null || r.target === undefined || r.meetsTarget !== false) return null;
    return { code: EXIT_TARGET_MISSED, message: `the filter does not meet the target p = ${r.target} (its FPR is ${r.p})` };
  },

  render(r) {
    if (r.libraries !== undefined) return renderEveryLibrary(r);
    if (r.library !== undefined) return renderLibrarySize(r);
    if (r.layout !== undefined) return renderLayoutSize(r) + floorLines(r.hashFloor);
    const target =
      r.target === null ? '' : `   target ${formatProbabilityPlain(r.target)} (${formatOneIn(r.target) || '—'}): ${r.meetsTarget ? 'met' : 'NOT met'}`;
    // the rows schema/results.mjs declares for SizingResult, in its order; these fields read others of the result
    const pairs = shownPairs('SizingResult', r, {
      m: (m) => `${formatInt(m)}   (${formatMemory(r.memory.bytes)})`,
      p: (p) => `${SHOWN.probability(p)}${target}`,
      kChoices: (choices) =>
        `${choices.map((c) => `k = ${c.k}: p = ${formatProbabilityPlain(c.p)}${c.k === r.k ? ' (chosen)' : ''}`).join(',  ')}` +
        `   (ideal k = (m/n) ln 2 = ${formatReal(r.kIdeal, 3)})`,
      mIdeal: (m) => (r.solved.includes('m') ? `${formatReal(m, 1)} bits (rounding: ${r.rounding})` : undefined),
      method: (method) => `${method}: ${METHOD_NOTE[method] ?? method}, ${r.hashing} hashing`,
      solved: (solved) => SOLVED_NOTE[solved] ?? solved,
      fpr: (f) => `${formatProbabilityPlain(f.exact)} / ${formatProbabilityPlain(f.classic)}`,
    });
    pairs.push(...hashFloorPairs(r.hashFloor));
    return `Bloom filter sizing\n\n${formatPairs(pairs)}\n`;
  },
});

function floorLines(floor) {
  const pairs = hashFloorPairs(floor);
  return pairs.length ? `\n${formatPairs(pairs)}\n` : '';
}
