// `bloomcalc size`: solve the missing quantities from any consistent subset of n, p, m, k.
import { EXIT_TARGET_MISSED, command, inputFor } from './common.mjs';
import { formatInt, formatMemory, formatOneIn, formatPairs, formatProbabilityPlain, formatReal } from '../format.mjs';
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
      r.target === null
        ? ''
        : `   target ${formatProbabilityPlain(r.target)} (${formatOneIn(r.target) || '—'}): ${r.meetsTarget ? 'met' : 'NOT met'}`;
    const choices = r.kChoices
      .map((c) => `k = ${c.k}: p = ${formatProbabilityPlain(c.p)}${c.k === r.k ? ' (chosen)' : ''}`)
      .join(',  ');
    const pairs = [
      ['n  items', formatInt(r.n)],
      ['m  bits', `${formatInt(r.m)}   (${formatMemory(r.memory.bytes)})`],
      ['k  hashes', String(r.k)],
      ['p  false-positive rate', `${formatProbabilityPlain(r.p)}   (${formatOneIn(r.p) || '—'})${target}`],
      ['bits per element', formatReal(r.bitsPerElement, 3)],
      ['k choices', `${choices}   (ideal k = (m/n) ln 2 = ${formatReal(r.kIdeal, 3)})`],
    ];
    if (r.solved.includes('m')) pairs.push(['m before rounding', `${formatReal(r.mIdeal, 1)} bits (rounding: ${r.rounding})`]);
    pairs.push(['method', `${r.method}: ${METHOD_NOTE[r.method] ?? r.method}, ${r.hashing} hashing`]);
    pairs.push(['solved', SOLVED_NOTE[r.solved] ?? r.solved]);
    pairs.push([
      'exact FPR / classic',
      `${formatProbabilityPlain(r.fpr.exact)} / ${formatProbabilityPlain(r.fpr.classic)}`,
    ]);
    pairs.push(...hashFloorPairs(r.hashFloor));
    return `Bloom filter sizing\n\n${formatPairs(pairs)}\n`;
  },
});

function floorLines(floor) {
  const pairs = hashFloorPairs(floor);
  return pairs.length ? `\n${formatPairs(pairs)}\n` : '';
}
