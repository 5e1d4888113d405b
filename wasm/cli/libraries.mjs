// `bloomcalc size --library L` (what a library allocates, docs/libraries.md) and the hash-width floor line of
// `size` and `fpr` (--hash-bits, docs/hash-width.md).
import { ONLY } from '../inputs.generated.mjs';
import { shownPairs } from './shown.mjs';
import { formatInt, formatLayoutCells, formatMemory, formatOneIn, formatPairs, formatProbabilityPlain, formatReal, formatTable } from '../format.mjs';

// The fields of librarySize's input that apply to some libraries only (schema/inputs.mjs `only`: Boost's k, Parquet's maxBytes).
const SOME_LIBRARIES = Object.entries(ONLY.LibrarySizeInput).map(([field, { library }]) => [field, library]);

/**
 * librarySize of `input` (LibrarySizeInput, as the options gave it) for one library, or for every library
 * ({ n, p, libraries: [...] }, library 'all'): a field that applies to some libraries only (k, maxBytes) goes to those,
 * and a library that refuses the input carries its error instead. A field every library reading it refuses (a bad n,
 * p or k is no library's answer), or an input every library refuses, is thrown instead: one line naming the
 * parameter, exit 2.
 */
export function librarySizing(calc, { library, ...input }) {
  if (library !== 'all') return calc.librarySize({ library, ...input });
  const libraries = calc.libraries().map(({ name }) => {
    const own = { ...input };
    for (const [field, names] of SOME_LIBRARIES) if (!names.includes(name)) delete own[field];
    try {
      return { library: name, read: Object.keys(own), result: calc.librarySize({ library: name, ...own }) };
    } catch (err) {
      if (typeof err?.parameter !== 'string') throw err;
      return { library: name, read: Object.keys(own), error: err };
    }
  });
  for (const field of Object.keys(input)) {
    const readers = libraries.filter((r) => r.read.includes(field));
    if (readers.length && readers.every((r) => r.error?.parameter === field)) throw everyRefuses(readers);
  }
  if (libraries.every((r) => r.error)) throw everyRefuses(libraries);
  const first = libraries.find((r) => r.result)?.result;
  return {
    n: first?.n ?? null,
    p: first?.target ?? null,
    libraries: libraries.map((r) => r.result ?? { library: r.library, error: r.error.message, parameter: r.error.parameter }),
  };
}

// The first refusal, saying so when the others differ.
function everyRefuses(rows) {
  const error = rows[0].error;
  if (rows.some((r) => r.error.message !== error.message)) error.message = `every library refuses it; ${rows[0].library}: ${error.message}`;
  return error;
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
  // the rows schema/results.mjs declares for LibrarySizeResult; these read other fields of the result
  const pairs = shownPairs('LibrarySizeResult', r, {
    library: (library) => `${r.label} (${library})`,
    probes: (probes) => `${[r.layout, formatLayoutCells(r)].filter(Boolean).join(', ')}, k = ${r.k} (${r.hashing}); probes: ${probes}`,
    bytes: (bytes) => `${formatInt(r.m)}   (${formatMemory(bytes)} allocated, ${formatReal(r.bitsPerKey, 3)} bits per item)`,
    exact: (exact) =>
      `${formatProbabilityPlain(exact)}   (${formatOneIn(exact) || '—'})   target ${formatProbabilityPlain(r.target)}: ` +
      `${r.missesTarget ? 'MISSED' : 'met'}`,
    hashFloor: hashFloorPairs,
  });
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
