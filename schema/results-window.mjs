// The results of sliding windows (window; docs/window.md),
// declared as schema/results.mjs says (its header), merged into its RESULTS and RESULT_TYPES.

export const WINDOW_TYPES = {
  WindowCertified: {
    values: ['exact', 'margin'],
    doc:
      'How a window size was certified to meet p: by the exact insertion chain, or by the approximation plus its error bound (docs/window.md, "Error ' +
      'bound").',
  },
  WindowTailMethod: { values: ['exact', 'lna'], doc: 'How P(cycle < W insertions) was computed: the exact chain or the linear-noise approximation.' },
};

export const WINDOW_RESULTS = {
  // ---- sliding windows (docs/window.md) ------------------------------------------------------------------------------
  WindowNRule: {
    doc: "The N-bounded rule's sizing (swap after N = W insertions into the active filter): the smallest total memory meeting p, with its k.",
    core: { struct: 'WindowRule', header: 'window/window.hpp' },
    fields: {
      m: { type: 'number', unit: 'bits', doc: 'Total memory in bits, both filters (each m/2).', cli: ['N-bounded: M, k, N'] },
      k: { type: 'number', unit: 'hashes', doc: 'Hash functions.' },
      n: { type: 'number', unit: 'items', doc: 'N = W, insertions before a swap.' },
      fpr: { type: 'number', unit: 'probability', doc: "The rule's long-run average FPR at (m, k).", cli: ['  average FPR'] },
      meanCycle: { type: 'number', unit: 'items', doc: 'Insertions per cycle: N.' },
      bytes: { type: 'number', unit: 'bytes', from: '(r.m + 7) / 8', doc: '⌈m / 8⌉' },
      method: { type: 'text', doc: "How the FPR was computed: 'exact' (the chain) or 'lna' (large filters)." },
      certified: {
        type: 'WindowCertified',
        doc: "'exact': one bit less per filter misses p under the exact chain; 'margin': fpr is the approximation's upper bound.",
      },
    },
  },
  WindowSigmaRule: {
    doc: "The σ-bounded rule's sizing (swap when the active filter exceeds σ bits; rbf's two-phase filter, non-retaining, swap after).",
    core: { struct: 'WindowRule', header: 'window/window.hpp' },
    rows: ['m', 'fpr', 'delta'],
    fields: {
      m: { type: 'number', unit: 'bits', doc: 'Total memory in bits, both filters (each m/2).', cli: ['σ-bounded: M, k, σ'] },
      k: { type: 'number', unit: 'hashes', doc: 'Hash functions.' },
      sigma: { type: 'number', unit: 'bits', doc: 'σ, the threshold (bits of one filter).' },
      delta: { type: 'number', unit: 'probability', doc: 'P(a cycle holds fewer than W insertions), ≤ the δ asked.', cli: ['  P(cycle < W insertions)'] },
      tailMethod: { type: 'WindowTailMethod', doc: 'How that probability was computed.' },
      fpr: { type: 'number', unit: 'probability', doc: "The rule's long-run average FPR at (m, k).", cli: ['  average FPR'] },
      meanCycle: { type: 'number', unit: 'items', doc: 'E[insertions until the active filter exceeds σ].' },
      bytes: { type: 'number', unit: 'bytes', from: '(r.m + 7) / 8', doc: '⌈m / 8⌉' },
      method: { type: 'text', doc: "How the FPR was computed: 'exact' (fill) or 'asymptotic' (rbf's large-M method)." },
      certified: { type: 'WindowCertified', doc: 'How the size was certified to meet p and δ.' },
    },
  },
  WindowPlain: {
    doc: 'A plain Bloom filter sized for 2W items at p (exact mean FPR).',
    core: { struct: 'WindowResult', header: 'window/window.hpp' },
    fields: {
      m: { type: 'number', unit: 'bits', from: 'r.plain_m', doc: 'Its bits.' },
      k: { type: 'number', unit: 'hashes', from: 'r.plain_k', doc: 'Its hash functions.' },
      fpr: { type: 'number', unit: 'probability', from: 'r.plain_fpr', doc: 'Its exact mean FPR.' },
      bytes: { type: 'number', unit: 'bytes', from: '(r.plain_m + 7) / 8', doc: '⌈m / 8⌉' },
    },
  },
  WindowResult: {
    doc: 'A two-filter recycling filter for a window of W messages at a target FPR: per rule the smallest total memory and its k (docs/window.md).',
    core: { struct: 'WindowResult', header: 'window/window.hpp' },
    methods: ['window'],
    fields: {
      w: { type: 'number', unit: 'items', doc: 'W, the window in messages.', cli: ['window W, target p'] },
      p: { type: 'number', unit: 'probability', doc: 'The target average FPR.' },
      delta: { type: 'number', unit: 'probability', doc: "δ, the σ rule's allowed P(cycle < W insertions)." },
      hashing: { type: 'Hashing', doc: 'How the k probes were drawn.' },
      nBounded: { type: 'WindowNRule', from: 'r.n_bounded', doc: 'Swap after N = W insertions into the active filter.', cli: ['N-bounded'] },
      sigmaBounded: { type: 'WindowSigmaRule', from: 'r.sigma_bounded', doc: 'Swap when the active filter exceeds σ bits.', cli: ['σ-bounded'] },
      plain: {
        type: 'WindowPlain',
        from: 'r',
        when: 'r.plain_m != 0',
        cli: ['plain filter for 2W items'],
        doc: 'A plain Bloom filter sized for 2W items at p (exact mean FPR); null beyond 2^40 bits.',
      },
    },
  },
};
