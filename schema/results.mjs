// Every method's result: one declaration per field, in the order JS sees it (docs/decisions.md, "Results declared
// once"). The key is the result's TypeScript type; `core` names the core's struct the binding's writer reads
// (`results::<Type>(const bloomcalc::<struct>&)`, wasm/bindings/results.generated.hpp) and `methods` the methods
// returning it. A field:
//   type   'number' (a count, a rate, bits: see `unit`), 'flag', a named choice of schema/fields.mjs (TYPES), a
//          literal set of RESULT_TYPES or another result record (this file or its parts, results-*.mjs);
//   doc    its meaning (the TypeScript doc line, the docs table); `unit` its unit where it has one;
//   from   the C++ expression over the core's struct `r` it is written from; default `r.<name in snake case>`;
//   nullable  none is null (an optional in the core); `when` a C++ condition over `r`, null where it fails; `finite`
//          null where not finite (never ±∞ or NaN); `optional` absent from some results; `list` an array (of optionals
//          when `nullable`; `each`: a C++ expression over its item x), `pair` two values (the two C++ expressions);
//          `binding: false` added by wasm/api.mjs, not written by the binding;
//   cli    [label, format]: its row in the CLI's table (format: a key of wasm/format.mjs SHOWN, or the command's own),
//          `formula: reference` a row of fpr's formula table.
// A record's `rows` orders its CLI rows (fields with `cli` it does not list follow, in declaration order); `extends`
// (and `params`) the TypeScript interface it extends; `base` the C++ call writing that interface's fields first into
// `out` (a writer of common.cpp); `writer: false` a record written by such a writer (its fields declared for the types).
// A domain's results are in its part (results-paradox.mjs, results-layouts.mjs, results-window.mjs), merged below.

import { LAYOUT_RESULTS, LAYOUT_TYPES } from './results-layouts.mjs';
import { PARADOX_RESULTS, PARADOX_TYPES } from './results-paradox.mjs';
import { filter, hashFloor } from './results-shared.mjs';
import { WINDOW_RESULTS, WINDOW_TYPES } from './results-window.mjs';

/** Literal sets of results (wasm/results.d.ts). */
export const RESULT_TYPES = {
  OverflowMethodUsed: { values: ['exact', 'poisson'], doc: 'How P(overflow) was computed (docs/paradox.md#overflow).' },
  StateMethod: { values: ['exact', 'normal'], doc: 'How state() computed the items: the occupancy chain, or its exact mean and variance.' },
  SizingSolved: { values: ['m,k', 'm', 'p', 'n', 'n,k', 'k', 'none'], doc: "What `size` solved: `'none'` when n, p, m and k were all given." },
  ...PARADOX_TYPES,
  ...LAYOUT_TYPES,
  ...WINDOW_TYPES,
};

export const RESULTS = {
  NamedNumber: {
    doc: "One named number of a family's sizing (the paper's symbol or the library's constant).",
    core: { struct: 'NamedNumber', header: 'families/row.hpp' },
    fields: {
      name: { type: 'text', doc: 'f, b, buckets, arity, segmentLength, slots, k, m, B, …' },
      value: { type: 'number', doc: 'Its value.' },
    },
  },
  FamilyOperations: {
    doc: 'What a built filter supports.',
    core: { struct: 'FamilyOperations', header: 'families/row.hpp' },
    fields: {
      insertAfterBuild: { type: 'flag', doc: 'Keys can be added to a built filter (no rebuild).' },
      delete: { type: 'flag', doc: 'A key can be deleted.', from: 'r.remove' },
      count: { type: 'flag', doc: "A key's multiplicity can be read." },
      merge: { type: 'flag', doc: 'Two filters of one shape merge without their keys.' },
      resize: { type: 'flag', doc: 'The filter grows without its keys.' },
    },
  },
  FamilyRow: {
    doc: 'One row of the "Which filter?" table: a family and variant as its library sizes it (docs/families.md).',
    core: { struct: 'FamilyRow', header: 'families/row.hpp' },
    fields: {
      family: { type: 'text', doc: 'bloom, blocked-bloom, cuckoo, xor, binary-fuse, ribbon, quotient or counting-quotient.' },
      variant: { type: 'text', doc: 'The library and its knobs in words.' },
      params: { type: 'NamedNumber', list: true, doc: "The sizing's named numbers in the order shown." },
      bytes: { type: 'number', unit: 'bytes', doc: 'Memory as the library allocates it.' },
      bitsPerKey: { type: 'number', unit: 'bits per key', doc: '8·bytes / n.' },
      fpr: { type: 'number', unit: 'probability', doc: 'The false-positive rate under the model at n keys.' },
      meets: { type: 'flag', doc: 'fpr ≤ p (and bytes ≤ maxBytes when both were given); true without p.' },
      allowed: { type: 'flag', doc: 'Its operations include those asked (delete with `deletes`, insert after build unless `static`).' },
      constructionFailure: { type: 'number', unit: 'probability', doc: 'The probability that building n keys fails (per seed, or before the kick limit).' },
      constructionFailureMethod: { type: 'text', doc: 'How constructionFailure was obtained (closed form, or a simulation and its trials).' },
      cacheLinesPerLookup: { type: 'number', unit: 'cache lines', doc: 'The 64-byte lines a negative lookup reads.' },
      operations: { type: 'FamilyOperations', doc: 'What the built filter supports.' },
      reference: { type: 'text', doc: "The library's file and function, and the paper." },
    },
  },
  CompareResult: {
    doc: "Which filter? Every family's rows, those meeting p with the operations asked first, by bytes (docs/families.md#which-filter).",
    core: { struct: 'families::CompareResult', header: 'families/compare.hpp' },
    methods: ['compare'],
    fields: {
      n: { type: 'number', unit: 'keys', doc: 'Keys in the set.' },
      p: { type: 'number', unit: 'probability', nullable: true, doc: 'The target, or null (maxBytes alone).' },
      maxBytes: { type: 'number', unit: 'bytes', nullable: true, doc: 'The budget, or null.' },
      boundBitsPerKey: {
        type: 'number',
        unit: 'bits per key',
        nullable: true,
        doc: 'log2(1/p): no filter of rate p needs fewer bits per key; null without p.',
      },
      recommended: { type: 'number', nullable: true, doc: 'The index of the recommended row (0), or null when no row meets p with the operations asked.' },
      rows: { type: 'FamilyRow', list: true, doc: "Every family's rows, sorted: meeting and allowed by bytes, then the others (maxBytes alone: by FPR)." },
    },
  },
  HashFloor: {
    doc: 'The FPR floor of an h-bit hash (docs/hash-width.md, eqs H1, H2).',
    core: { struct: 'HashFloor', header: 'libraries/hash_width.hpp' },
    methods: ['hashFloor'],
    fields: {
      hashBits: { type: 'HashBits', unit: 'bits', doc: 'h, the width of the hash.' },
      log2ProbeSets: { type: 'number', doc: "log2 S, S = min(2^h, the layout's probe sets)." },
      floor: { type: 'number', unit: 'probability', doc: 'c = 1 − (1 − 1/S)^n: the FPR cannot be lower (eq H1).' },
      fpr: { type: 'number', unit: 'probability', doc: 'The FPR with the floor, f + c − f·c (eq H2).' },
      matters: { type: 'flag', doc: 'c ≥ 1 % of the FPR (or of the target): worth showing.' },
      targetBelowFloor: { type: 'flag', doc: 'The target p is below the floor: no m or k reaches it with this hash.' },
    },
  },
  OverflowResult: {
    doc: 'P(some counter of a counting filter overflows), or the smallest counter width for a target (docs/paradox.md#overflow).',
    core: { struct: 'OverflowResult', header: 'counting/overflow.hpp' },
    methods: ['overflow'],
    rows: ['m', 'bits', 'probability', 'low', 'unionBound', 'counterTail'],
    fields: {
      m: { type: 'number', unit: 'counters', doc: 'Counters.', cli: ['m, n, k'] },
      n: { type: 'number', unit: 'items', doc: 'Items inserted.' },
      k: { type: 'number', unit: 'hashes', doc: 'Hash functions.' },
      bits: {
        type: 'number',
        unit: 'bits',
        doc: 'Bits per counter b: as given, or the smallest whose proven bound meets the target.',
        cli: ['bits per counter'],
      },
      counterTail: { type: 'number', unit: 'probability', doc: "P(one counter's load ≥ 2^bits), Binomial(kn, 1/m).", cli: ['P(one counter ≥ 2^b)', 'plain'] },
      unionBound: { type: 'number', unit: 'probability', doc: 'min(1, m·counterTail).', cli: ['union bound m·P(L ≥ 2^b)', 'plain'] },
      probability: { type: 'number', unit: 'probability', doc: 'P(some counter overflows).', cli: ['P(some counter overflows)'] },
      low: {
        type: 'number',
        unit: 'probability',
        doc: "Proven lower bound on it (equal to it but for rounding when method is 'exact').",
        cli: ['  proven bounds'],
      },
      high: { type: 'number', unit: 'probability', doc: 'Proven upper bound on it.' },
      method: { type: 'OverflowMethodUsed', doc: 'The exact sum over the loads, or the Poisson value with its bounds.' },
      target: { type: 'number', unit: 'probability', nullable: true, doc: 'The target P(overflow) asked, or null (bits given).' },
    },
  },
  ItemEstimate: {
    doc: 'state(): the items a count of set bits says, with its interval.',
    core: { struct: 'ItemEstimate', header: 'fpr/state.hpp' },
    fields: {
      estimate: { type: 'number', unit: 'items', doc: 'The maximum-likelihood number of items of the occupancy law.' },
      low: {
        type: 'number',
        unit: 'items',
        doc:
          "The interval's ends, low ≤ estimate ≤ high always: the smallest holding the estimate and the exact set {n : P(X' ≥ X | n) > α/2, " +
          "P(X' ≤ X | n) > α/2} (docs/state.md).",
      },
      high: { type: 'number', unit: 'items', doc: "The interval's upper end." },
    },
  },
  StateResult: {
    doc: 'A filter in use: its FPR now, the items it holds, the items left before a target (docs/state.md).',
    core: { struct: 'StateResult', header: 'fpr/state.hpp' },
    methods: ['state'],
    fields: {
      m: { type: 'number', unit: 'bits', doc: 'Bits of the filter.', cli: ['m, k, X'] },
      k: { type: 'number', unit: 'hashes', doc: 'Hash functions.' },
      bitsSet: { type: 'number', unit: 'bits', doc: 'X, the bits set.' },
      hashing: { type: 'Hashing', doc: 'How the k probes were drawn.' },
      confidence: { type: 'number', unit: 'probability', doc: 'Confidence of the intervals.' },
      fill: { type: 'number', doc: 'X/m.' },
      fpr: { type: 'number', unit: 'probability', doc: 'The FPR now, exact: (X/m)^k colliding, C(X,k)/C(m,k) distinct.', cli: ['FPR now (exact)', 'chance'] },
      n: { type: 'ItemEstimate', doc: 'Items inserted, with its exact interval.', cli: ['items, interval'] },
      swamidassBaldi: { type: 'number', unit: 'items', doc: "Swamidass & Baldi's −(m/k)·ln(1 − X/m).", cli: ['Swamidass–Baldi n̂', 'real1'] },
      method: { type: 'StateMethod', doc: "'exact' (the occupancy chain) or 'normal' (its exact mean and variance, large filters)." },
      p: { type: 'number', unit: 'probability', nullable: true, from: 'r.target', doc: 'The target FPR p, or null.' },
      itemsLeft: {
        type: 'number',
        unit: 'items',
        when: 'r.target',
        finite: true,
        doc: 'Further items before the expected FPR exceeds p; null without p (or unbounded).',
        cli: ['items left'],
      },
      nB: { type: 'ItemEstimate', nullable: true, doc: 'With bitsSetB and union: |B|; else null.', cli: ['|B|'] },
      nUnion: { type: 'ItemEstimate', nullable: true, doc: 'With bitsSetB and union: |A ∪ B|; else null.', cli: ['|A ∪ B|'] },
      nIntersection: { type: 'ItemEstimate', nullable: true, doc: 'With bitsSetB and union: |A ∩ B|; else null.', cli: ['|A ∩ B|'] },
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
    doc: "Every FPR formula side by side for one filter (`fpr`; `size`'s `fpr`).",
    core: { struct: 'FprReport', header: 'fpr/report.hpp' },
    methods: ['fpr'],
    fields: {
      ...filter,
      exact: {
        type: 'number',
        unit: 'probability',
        doc: 'Exact mean FPR for `hashing` (Christensen–Roginsky–Jimeno, 001 eqs 8, 17, 18).',
        cli: { formula: 'exact mean ({hashing})' },
      },
      classic: {
        type: 'number',
        unit: 'probability',
        doc: 'Classic formula (1 − (1 − 1/m)^{kn})^k, colliding hashes (001 eq 1).',
        cli: { formula: 'classic (colliding)', reference: '001 eq 1: (1 − (1 − 1/m)^kn)^k' },
      },
      classicDistinct: {
        type: 'number',
        unit: 'probability',
        doc: 'Classic formula for distinct hashes (1 − (1 − k/m)^n)^k.',
        cli: { formula: 'classic (distinct)', reference: '(1 − (1 − k/m)^n)^k' },
      },
      bloom1970: {
        type: 'number',
        unit: 'probability',
        doc: "Bloom's 1970 formula (1 − (1 − k/m)^n)^k (001 eq 19).",
        cli: { formula: 'Bloom 1970', reference: '001 eq 19' },
      },
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
      solved: { type: 'SizingSolved', doc: "What was solved, or `'none'` when all four were given (then `meetsTarget` answers).", cli: ['solved', 'text'] },
      m: { ...filter.m, cli: ['m  bits', 'int'] },
      n: { ...filter.n, cli: ['n  items', 'int'] },
      k: { ...filter.k, cli: ['k  hashes', 'text'] },
      hashing: filter.hashing,
      p: {
        type: 'number',
        unit: 'probability',
        cli: ['p  false-positive rate', 'probability'],
        doc: 'FPR achieved by the final (m, n, k) under `method`, after rounding k to an integer and m by `rounding`.',
      },
      target: { type: 'number', unit: 'probability', nullable: true, doc: 'The requested p, or null.' },
      meetsTarget: { type: 'flag', doc: 'p ≤ target (true when no target was given).' },
      mIdeal: {
        type: 'number',
        unit: 'bits',
        cli: ['m before rounding', 'real1'],
        doc:
          'The classic real-valued m, −n·ln p / ln²2 (or −kn / ln(1 − p^{1/k}) for a given k): what classic calculators round up and ' +
          'report. It assumes a real-valued k, so with the integer k its ceiling can miss p; `m` is instead the smallest integer m ' +
          '(before `rounding`) that meets p with an integer k. Equal to m when m was given.',
      },
      kIdeal: { type: 'number', unit: 'hashes', doc: 'Real-valued optimal k for the final m and n, (m/n)·ln 2.' },
      kChoices: {
        type: 'KChoice',
        pair: ['r.k_lower', 'r.k_upper'],
        doc: 'The two integers either side of kIdeal (clamped to [1, 64]) with their FPR.',
        cli: ['k choices'],
      },
      bitsPerElement: { type: 'number', unit: 'bits per item', doc: 'm / n', cli: ['bits per element', 'real3'] },
      memory: { type: 'Memory', doc: "The filter's bytes, ⌈m / 8⌉.", from: 'r.bytes' },
      rounding: { type: 'Rounding', doc: 'How m was rounded up.' },
      method: { type: 'SizingMethod', doc: 'The FPR held to the target.', cli: ['method'] },
      fpr: { type: 'FprReport', doc: 'Every formula at the final filter.', cli: ['exact FPR / classic'] },
      hashFloor,
    },
  },
  ...PARADOX_RESULTS,
  ...LAYOUT_RESULTS,
  ...WINDOW_RESULTS,
};
