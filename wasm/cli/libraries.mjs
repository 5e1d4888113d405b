// `bloomcalc size --library L` (what a library allocates, docs/libraries.md) and the hash-width floor line of
// `size` and `fpr` (--hash-bits, docs/hash-width.md).
import { inputOf } from './common.mjs';
import { formatInt, formatLayoutCells, formatMemory, formatOneIn, formatPairs, formatProbabilityPlain, formatReal, formatTable } from '../format.mjs';

/** librarySize for one library, or for every library ({ n, p, libraries: [...] }; a library that refuses the input
 * carries its error instead). */
export function librarySizing(calc, values) {
  const { library, ...input } = inputOf(values, 'LibrarySizeInput');
  if (library !== 'all') return calc.librarySize({ library, ...input });
  const libraries = calc.libraries().map(({ name }) => {
    try {
      return calc.librarySize({ library: name, ...input, k: undefined });
    } catch (err) {
      if (typeof err?.parameter !== 'string') throw err;
      return { library: name, error: err.message, parameter: err.parameter };
    }
  });
  const first = libraries.find((r) => r.error === undefined);
  return { n: first?.n ?? null, p: first?.target ?? null, libraries };
}

/** The floor line, when the floor matters or the target is below it (else nothing). */
export function hashFloorPairs(floor) {
  if (!floor || !(floor.matters || floor.targetBelowFloor)) return [];
  const warning = floor.targetBelowFloor ? '   WARNING: the target is below the floor: no m or k reaches it with this hash' : '';
  return [
    [
      `${floor.hashBits}-bit hash floor`,
      `${formatProbabilityPlain(floor.floor)} (${formatOneIn(floor.floor) || '—'}); FPR with it ${formatProbabilityPlain(floor.fpr)}${warning}`,
    ],
  ];
}

export function renderLibrarySize(r) {
  const pairs = [
    ['library', `${r.label} (${r.library})`],
    ['rule', r.rule],
    ['source', r.source],
    ['filter', `${[r.layout, formatLayoutCells(r)].filter(Boolean).join(', ')}, k = ${r.k} (${r.hashing}); probes: ${r.probes}`],
    ['m  bits', `${formatInt(r.m)}   (${formatMemory(r.bytes)} allocated, ${formatReal(r.bitsPerKey, 3)} bits per item)`],
    [
      'exact FPR at n',
      `${formatProbabilityPlain(r.exact)}   (${formatOneIn(r.exact) || '—'})   target ${formatProbabilityPlain(r.target)}: ${r.missesTarget ? 'MISSED' : 'met'}`,
    ],
  ];
  if (r.note) pairs.push(['note', r.note]);
  pairs.push(...hashFloorPairs(r.hashFloor));
  return `What ${r.library} allocates for n = ${formatInt(r.n)}, p = ${formatProbabilityPlain(r.target)}\n\n${formatPairs(pairs)}\n`;
}

export function renderEveryLibrary(r) {
  const rows = [['library', 'm bits', 'k', 'bytes', 'bits/item', 'exact FPR', 'target', 'note']];
  for (const x of r.libraries) {
    if (x.error !== undefined) rows.push([x.library, '—', '—', '—', '—', '—', '', x.error]);
    else
      rows.push([
        x.library,
        formatInt(x.m),
        String(x.k),
        formatInt(x.bytes),
        formatReal(x.bitsPerKey, 3),
        formatProbabilityPlain(x.exact),
        x.missesTarget ? 'MISSED' : 'met',
        x.note ?? '',
      ]);
  }
  const head = r.n === null ? 'Sized by every library' : `Sized by every library: n = ${formatInt(r.n)}, p = ${formatProbabilityPlain(r.p)}`;
  return `${head}\n\n${formatTable(rows, 'lrrrrrll')}\n`;
}
