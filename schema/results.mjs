// Every method's result: one declaration per field, in the order JS sees it (docs/decisions.md, "Results declared
// once"). The key is the result's TypeScript type; `core` names the core's struct the binding's writer reads
// (`results::<Type>(const bloomcalc::<struct>&)`, wasm/bindings/results.generated.hpp) and `methods` the methods
// returning it. A field:
//   type   'number' (a count, a rate, bits: see `unit`), 'flag', a named choice of schema/fields.mjs (TYPES), a
//          literal set of this file (RESULT_TYPES) or another result record of this file;
//   doc    its meaning (the TypeScript doc line, the docs table); `unit` its unit where it has one;
//   from   the C++ expression over the core's struct `r` it is written from; default `r.<name in snake case>`;
//   nullable  none is null (an optional in the core); `optional` absent from some results; `list` an array, `pair`
//          two values (the two C++ expressions); `binding: false` added by wasm/api.mjs, not written by the binding;
//   cli    [label, format]: its row in the CLI's table (format: a key of wasm/format.mjs SHOWN, or the command's own),
//          `formula: reference` a row of fpr's formula table.
// A record's `rows` orders its CLI rows (fields with `cli` it does not list follow, in declaration order).

/** Literal sets of results (wasm/results.d.ts). */
export const RESULT_TYPES = {
  SizingSolved: { values: ['m,k', 'm', 'p', 'n', 'n,k', 'k', 'none'], doc: 'What `size` solved: `\'none\'` when n, p, m and k were all given.' },
};

// the filter a result echoes (core: bloomcalc::Filter, the struct's member `filter`)
const filter = {
  m: { type: 'number', unit: 'bits', doc: 'Bits of the filter.', from: 'r.filter.m' },
  n: { type: 'number', unit: 'items', doc: 'Items inserted.', from: 'r.filter.n' },
  k: { type: 'number', unit: 'hashes', doc: 'Hash functions.', from: 'r.filter.k' },
  hashing: { type: 'Hashing', doc: 'How the k probes were drawn.', from: 'r.filter.hashing' },
};
const hashFloor = { type: 'HashFloor', optional: true, binding: false, doc: 'With `hashBits`: the floor of that hash width (docs/hash-width.md).' };

export const RESULTS = {
  HashFloor: {
    doc: 'The FPR floor of an h-bit hash (docs/hash-width.md, eqs H1, H2).',
    core: { struct: 'HashFloor', header: 'libraries/hash_width.hpp' },
    methods: ['hashFloor'],
    fields: {
      hashBits: { type: 'HashBits', unit: 'bits', doc: 'h, the width of the hash.' },
      log2ProbeSets: { type: 'number', doc: 'log2 S, S = min(2^h, the layout\'s probe sets).' },
      floor: { type: 'number', unit: 'probability', doc: 'c = 1 − (1 − 1/S)^n: the FPR cannot be lower (eq H1).' },
      fpr: { type: 'number', unit: 'probability', doc: 'The FPR with the floor, f + c − f·c (eq H2).' },
      matters: { type: 'flag', doc: 'c ≥ 1 % of the FPR (or of the target): worth showing.' },
      targetBelowFloor: { type: 'flag', doc: 'The target p is below the floor: no m or k reaches it with this hash.' },
    },
  },
  RelativeErrors: {
    doc: 'The signed relative error of each formula against the exact mean.',
    core: { struct: 'FprReport', header: 'fpr/report.hpp' },
    fields: {
      classic: { type: 'number', doc: '(classic − exact) / exact', from: 'r.rel_err_classic' },
      classicDistinct: { type: 'number', doc: '(classicDistinct − exact) / exact', from: 'r.rel_err_classic_distinct' },
      bloom1970: { type: 'number', doc: '(bloom1970 − exact) / exact', from: 'r.rel_err_bloom1970' },
    },
  },
  FprReport: {
    doc: 'Every FPR formula side by side for one filter (`fpr`; `size`\'s `fpr`).',
    core: { struct: 'FprReport', header: 'fpr/report.hpp' },
    methods: ['fpr'],
    fields: {
      ...filter,
      exact: { type: 'number', unit: 'probability', doc: 'Exact mean FPR for `hashing` (Christensen–Roginsky–Jimeno, 001 eqs 8, 17, 18).', cli: { formula: 'exact mean ({hashing})' } },
      classic: { type: 'number', unit: 'probability', doc: 'Classic formula (1 − (1 − 1/m)^{kn})^k, colliding hashes (001 eq 1).', cli: { formula: 'classic (colliding)', reference: '001 eq 1: (1 − (1 − 1/m)^kn)^k' } },
      classicDistinct: { type: 'number', unit: 'probability', doc: 'Classic formula for distinct hashes (1 − (1 − k/m)^n)^k.', cli: { formula: 'classic (distinct)', reference: '(1 − (1 − k/m)^n)^k' } },
      bloom1970: { type: 'number', unit: 'probability', doc: 'Bloom\'s 1970 formula (1 − (1 − k/m)^n)^k (001 eq 19).', cli: { formula: 'Bloom 1970', reference: '001 eq 19' } },
      relativeError: { type: 'RelativeErrors', doc: 'Signed relative error of each formula against `exact`.', from: 'r' },
      bitsPerElement: { type: 'number', unit: 'bits per item', doc: 'm / n' },
      hashFloor,
    },
  },
  KChoice: {
    doc: 'An integer k beside the real-valued optimum, and its FPR.',
    core: { struct: 'KChoice', header: 'fpr/sizing.hpp' },
    fields: {
      k: { type: 'number', unit: 'hashes', doc: 'Hash functions.' },
      p: { type: 'number', unit: 'probability', doc: 'FPR at this k under the sizing method.' },
    },
  },
  Memory: {
    doc: 'A size in bytes and in binary multiples of bytes.',
    core: { struct: 'double' },
    fields: {
      bytes: { type: 'number', unit: 'bytes', doc: '⌈m / 8⌉', from: 'r' },
      KiB: { type: 'number', unit: 'KiB', doc: 'bytes / 2^10', from: 'r / 1024.0' },
      MiB: { type: 'number', unit: 'MiB', doc: 'bytes / 2^20', from: 'r / (1024.0 * 1024.0)' },
      GiB: { type: 'number', unit: 'GiB', doc: 'bytes / 2^30', from: 'r / (1024.0 * 1024.0 * 1024.0)' },
    },
  },
  SizingResult: {
    doc: 'What `size` solved and the filter it gives.',
    core: { struct: 'SizingResult', header: 'fpr/sizing.hpp' },
    methods: ['size'],
    rows: ['n', 'm', 'k', 'p', 'bitsPerElement', 'kChoices', 'mIdeal', 'method', 'solved', 'fpr'],
    fields: {
      solved: { type: 'SizingSolved', doc: 'What was solved, or `\'none\'` when all four were given (then `meetsTarget` answers).', cli: ['solved', 'text'] },
      m: { ...filter.m, cli: ['m  bits', 'int'] },
      n: { ...filter.n, cli: ['n  items', 'int'] },
      k: { ...filter.k, cli: ['k  hashes', 'text'] },
      hashing: filter.hashing,
      p: {
        type: 'number', unit: 'probability', cli: ['p  false-positive rate', 'probability'],
        doc: 'FPR achieved by the final (m, n, k) under `method`, after rounding k to an integer and m by `rounding`.',
      },
      target: { type: 'number', unit: 'probability', nullable: true, doc: 'The requested p, or null.' },
      meetsTarget: { type: 'flag', doc: 'p ≤ target (true when no target was given).' },
      mIdeal: {
        type: 'number', unit: 'bits', cli: ['m before rounding', 'real1'],
        doc: 'The classic real-valued m, −n·ln p / ln²2 (or −kn / ln(1 − p^{1/k}) for a given k): what classic calculators round up and '
          + 'report. It assumes a real-valued k, so with the integer k its ceiling can miss p; `m` is instead the smallest integer m '
          + '(before `rounding`) that meets p with an integer k. Equal to m when m was given.',
      },
      kIdeal: { type: 'number', unit: 'hashes', doc: 'Real-valued optimal k for the final m and n, (m/n)·ln 2.' },
      kChoices: { type: 'KChoice', pair: ['r.k_lower', 'r.k_upper'], doc: 'The two integers either side of kIdeal (clamped to [1, 64]) with their FPR.', cli: ['k choices'] },
      bitsPerElement: { type: 'number', unit: 'bits per item', doc: 'm / n', cli: ['bits per element', 'real3'] },
      memory: { type: 'Memory', doc: 'The filter\'s bytes, ⌈m / 8⌉.', from: 'r.bytes' },
      rounding: { type: 'Rounding', doc: 'How m was rounded up.' },
      method: { type: 'SizingMethod', doc: 'The FPR held to the target.', cli: ['method'] },
      fpr: { type: 'FprReport', doc: 'Every formula at the final filter.', cli: ['exact FPR / classic'] },
      hashFloor,
    },
  },
};
