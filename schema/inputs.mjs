// Every method's input: its fields in the order JS reads them (the first bad one is the one reported), each a
// shared field of schema/fields.mjs or one of its own. The key is the input's TypeScript type (wasm/inputs.d.ts).
import {
  alpha,
  confidence,
  epochs,
  hashBits,
  hashing,
  k,
  kmax,
  layoutFields,
  list,
  m,
  maxBytes,
  n,
  p,
  phases,
  prior,
  queries,
  recycling,
  seed,
  swap,
  variantFields,
} from './fields.mjs';

const count = { kind: 'count', required: true };
const filter = { m, n, k, hashing };
// the layouts' k: absent, the preset's rule or the sizing's best k
const layoutK = { ...k, required: false, doc: 'Hash functions (probes: bits set per item), 1 ≤ k ≤ 64 (fixed by the parquet and rocksdb presets).' };
// a layout filter that names no preset (hashFloor's)
const { preset: _preset, ...layoutFilter } = layoutFields;
// fpr, size and layoutSize: api.mjs asks hashFloor itself (withHashFloor); their bindings never see hashBits.
const floorBits = { ...hashBits, binding: false };

export const INPUTS = {
  FilterInput: { core: { struct: 'FilterInput', header: 'params.hpp' }, fields: filter },
  FprInput: {
    doc: "fpr()'s input: a filter, and optionally the hash width whose floor to show beside it.",
    core: { struct: 'FilterInput', header: 'params.hpp' },
    fields: { ...filter, hashBits: floorBits },
  },
  SizingInput: {
    doc: 'Give any consistent subset of n, p, m, k: the others are solved.',
    core: { struct: 'SizingInput', header: 'fpr/sizing.hpp' },
    fields: {
      n: { ...n, required: false, doc: 'Items.' },
      p: { ...p, required: false },
      m: { ...m, required: false, doc: 'Bits.' },
      k: { ...k, required: false, doc: 'Hash functions.' },
      rounding: { kind: 'choice', type: 'Rounding', default: 'none', doc: 'How a solved m is rounded up.' },
      method: { kind: 'choice', type: 'SizingMethod', default: 'classic', doc: 'The FPR held to the target.' },
      hashing,
      hashBits: floorBits,
    },
  },

  // ---- recycling filters (docs/rbf.md) ----
  RbfInput: {
    core: { struct: 'SigmaInput', header: 'rbf/sigma_model.hpp' },
    fields: {
      m: { ...m, doc: 'Total memory in bits, 1 ≤ m ≤ 2^40 (two phases split it evenly; the exact method: ≤ 2^24 bits per filter).' },
      k: { ...k, doc: 'Hash functions, 1 ≤ k ≤ 64, k ≤ bits per filter.' },
      sigma: { ...count, doc: 'Recycle when an insertion leaves more than sigma bits set: 0 ≤ sigma < bits per filter (≥ k when retaining).' },
      phases,
      ...variantFields,
    },
  },
  SigmaCurveInput: {
    core: { struct: 'SigmaInput', header: 'rbf/sigma_model.hpp' },
    fields: {
      m: { ...m, doc: 'Total memory in bits, as `rbf`.' },
      k: { ...k, doc: 'Hash functions, as `rbf`.' },
      points: {
        kind: 'count',
        doc:
          'Number of σ values, spread evenly, in [2, 10^5]; default 200. The exact retaining law with colliding hashes by the exact ' +
          "fill (method 'exact'; auto takes the large-M method above 2^16 bits) costs a pass over the levels per σ: there " +
          'points·m ≤ 2^25 (about 1 s), and the default shrinks to fit.',
      },
      phases,
      ...variantFields,
    },
  },
  NBoundedInput: {
    core: { struct: 'NBoundedInput', header: 'rbf/nbounded.hpp' },
    fields: {
      m: { ...m, doc: 'Bits, 1 ≤ m ≤ 2^40 (the cost grows with N, not m).' },
      k: { ...k, doc: 'Hash functions, 1 ≤ k ≤ 64.' },
      N: { ...count, doc: 'Messages per cycle, 1 ≤ N ≤ m.' },
      hashing,
    },
  },
  RecommendInput: {
    core: { struct: 'RecommendRequest', header: 'rbf/recommend.hpp' },
    fields: {
      m: { ...m, doc: 'Total memory in bits, 4 ≤ m ≤ 2^40 (the exact method: ≤ 2^24).' },
      kmax: {
        ...kmax,
        default: 32,
        doc: 'Largest k tried, 1..64, default 32; at most 32 where the large-M method runs (above 2^24 bits), else a RangeError naming `kmax`.',
      },
      p: { ...p, older: ['fpr'], doc: "The target long-term average FPR (000's f*) in (0, 1); `fpr` is its older name." },
      ...variantFields,
    },
  },

  // ---- the Bloom paradox and counting filters (docs/paradox.md) ----
  ParadoxInput: {
    core: { struct: 'BloomParadoxInput', header: 'paradox/bloom.hpp' },
    fields: {
      prior,
      alpha,
      fpr: { kind: 'chance', doc: 'False-positive rate of the filter, in (0, 1]. Give exactly one of `fpr` and `bpe`.' },
      bpe: { kind: 'decimal', member: 'bits_per_element', doc: "Bits per element m/n ≥ 0; the FPR is then the paper's model (1/2)^{ln2·m/n} (optimal k)." },
    },
  },
  ParadoxCurveInput: {
    core: { struct: 'BloomParadoxCurveInput', header: 'paradox/bloom.hpp' },
    fields: {
      priors: {
        ...list,
        reader: 'priorList',
        doc: 'The priors at which to evaluate the posterior: at least one (an empty list is a RangeError naming `priors`), at most 10^5.',
      },
      alpha,
      fpr: { kind: 'chance', doc: 'False-positive rate of the filter, in (0, 1]. Give exactly one of `fpr` and `bpe`.' },
      bpe: { kind: 'decimal', member: 'bits_per_element', doc: "Bits per element m/n ≥ 0; the FPR is then the paper's model (1/2)^{ln2·m/n} (optimal k)." },
    },
  },
  CbfInput: {
    core: { struct: 'CbfInput', header: 'paradox/cbf.hpp' },
    fields: {
      counters: { ...list, doc: 'The k counters c_1..c_k of the element: non-negative integers ≤ n.' },
      m: { ...count, doc: 'Counters in the CBF; each hash function owns m/k of them. k ≤ m ≤ 2^40.' },
      n: { ...n, doc: 'Elements inserted, 1 ≤ n ≤ 2^40.' },
      k: { ...k, doc: 'Hash functions, 1 ≤ k ≤ 64.' },
      prior,
      alpha,
    },
  },
  CbfOptimalKInput: {
    core: { struct: 'CbfOptimalKInput', header: 'paradox/cbf.hpp' },
    fields: {
      m: { ...count, doc: 'Counters in the CBF, as `cbf`.' },
      n: { ...n, doc: 'Elements inserted, as `cbf`.' },
      prior,
      alpha,
      kmax: { ...kmax, default: 16, older: ['kMax'], reader: 'kmaxOrNaN', doc: "Largest k to try (default 16, at most 64 and m), as `recommend`'s `kmax`." },
    },
  },
  BhCbfInput: {
    core: { struct: 'BhCbfInput', header: 'paradox/bh_cbf.hpp' },
    fields: {
      counters: { ...list, doc: 'c_j, the fixed-increment counters.' },
      sums: { ...list, doc: 'a_j, the variable-increment counters (sums of increments).' },
      increments: { ...list, doc: "v_{g_j(x)}, the element's own increment in each entry (elements of `sequence`)." },
      sequence: { ...list, doc: 'D, a B_h sequence of distinct positive integers (e.g. 1,2,4 for h = 2).' },
      h: { ...count, doc: 'Sums of up to h elements of D are distinct (1 ≤ h ≤ 8).' },
      m: { ...count, doc: 'Counters, as `cbf`.' },
      n: { ...n, doc: 'Elements inserted, as `cbf`.' },
      k: { ...k, doc: 'Hash functions, 1 ≤ k ≤ 64.' },
      prior,
      alpha,
    },
  },
  SelectiveInput: {
    core: { struct: 'SelectiveRequest', header: 'paradox/selective.hpp' },
    fields: {
      sizes: { ...list, doc: 'N_i, elements of the universe in each class.' },
      members: { ...list, doc: 'n_i ≤ N_i, members of S in each class (prior n_i / N_i). Same length as `sizes`.' },
      m: { ...count, doc: 'Bits of the Bloom filter (counters of the CBF with `counting`).' },
      alpha,
      counting: { kind: 'flag', default: false, doc: 'Evaluate the plain and the selective counting Bloom filter (Theorem 4 per class) instead.' },
    },
  },
  OrderInput: {
    core: { struct: 'CacheOrderInput', header: 'paradox/cache_order.hpp' },
    fields: {
      probs: { ...list, doc: 'Success probability of each regular proxy, in [0, 1].' },
      costs: { ...list, doc: 'Query cost of each regular proxy, > 0; as many as `probs`.' },
      specialCost: { kind: 'decimal', required: true, doc: 'Cost ψ of the special proxy that always has the element, > 0.' },
    },
  },

  // ---- simulations (docs/simulation.md) ----
  SimulationInput: {
    core: { struct: 'SimInput', header: 'sim/runner.hpp' },
    fields: {
      structure: { kind: 'choice', type: 'SimStructure', required: true, doc: 'The real data structure to run.' },
      hashing: { ...hashing, type: 'SimHashing' },
      boundary: { kind: 'choice', type: 'SimBoundary', default: 'exceeds', doc: 'σ-bounded recycling: recycle when b > σ (`exceeds`) or b ≥ σ (`reaches`).' },
      stream: { kind: 'choice', type: 'SimStream', default: 'fresh', doc: 'Recycling filters only: the message stream.' },
      swap: { ...swap, doc: "two-phase: the frozen array keeps the recycling message's bits (`'after'`, default) or not (`'before'`, 000 eq 24)." },
      recycling: {
        ...recycling,
        reader: 'simRecycling',
        wire: 'retaining', // api.mjs hands the engine `retaining: true | false` (simArgs)
        olderDoc: { retaining: "the older spelling of `recycling: 'retaining'`." },
        doc: "`'retaining'`: after a recycle, set the triggering message in the fresh filter (as `rbf`). Default `'nonretaining'`.",
      },
      m: { ...m, doc: 'Memory M in bits, 1 ≤ m ≤ 2^31, within the 256 MiB state budget; two-phase: in all (two arrays of ⌊m/2⌋ bits, as `rbf`).' },
      k: { ...k, doc: 'Probes per message, 1 ≤ k ≤ 64.' },
      n: {
        kind: 'count',
        reader: 'itemsOrN',
        doc: 'bloom/counting: messages per filter instance; n-real/n-oracle: N.',
        also: { N: 'n-real/n-oracle: N, counted messages per cycle (as `nBounded`); `n` is its older name there.' },
      },
      sigma: { kind: 'count', doc: "sigma/two-phase: the recycle bound σ on one array's bits (exceeds: 1 ≤ σ ≤ bits − 1; reaches: 1 ≤ σ ≤ bits)." },
      epochs,
      arrivals: { ...count, doc: 'Counted arrivals per epoch (lookups for bloom/counting), ≥ 1.' },
      warmup: {
        kind: 'count',
        doc:
          'W: each epoch warms up for W + J arrivals (J uniform in [0, W)) before counting; ' +
          'default ⌈arrivals/8⌉ for recycling filters, 0 for bloom/counting.',
      },
      queries: { ...queries, doc: 'bloom/counting: lookups per filter instance (default max(64, n)).' },
      pool: { kind: 'count', doc: 'pool: distinct messages (default 1000, ≤ 2^22).' },
      window: { kind: 'count', doc: 'fading: repeats come from the last `window` new messages (default 1000, ≤ 2^20).' },
      seed,
      newFraction: { kind: 'probability', reader: 'newFraction', doc: 'fading: probability that an arrival is a new message, in (0, 1] (default 0.5).' },
      confidence,
    },
  },
  ParadoxSimulationInput: {
    core: { struct: 'ParadoxSimInput', header: 'paradox/sim.hpp' },
    fields: {
      structure: { kind: 'choice', type: "'bloom' | 'counting'", default: 'bloom', doc: "`'bloom'` (default) or `'counting'` (8-bit counters; same answers)." },
      hashing: { ...hashing, type: 'SimHashing' },
      m,
      n: { ...n, doc: 'Members inserted into each filter instance.' },
      k: { ...k, doc: 'Hash functions, 1 ≤ k ≤ 64.' },
      queries: { ...queries, required: true, doc: 'Lookups per filter instance (one instance per epoch).' },
      epochs: { ...epochs, doc: 'Filter instances, ≥ 2.' },
      seed: { ...seed, doc: 'Default 1; the same seed gives the same counts natively, in Node and in the browser.' },
      prior: { ...prior, doc: 'Pr(x ∈ S) of each query, in (0, 1): a member with this probability, else a fresh non-member.' },
      confidence: { ...confidence, doc: 'Of the interval; default 0.99.' },
    },
  },

  // ---- layouts, libraries, scalable filters (docs/layouts.md, libraries.md, hash-width.md, scalable.md) ----
  LayoutInput: {
    core: { struct: 'LayoutInput', header: 'layouts/presets.hpp' },
    fields: { m, n, k: layoutK, ...layoutFields },
  },
  LayoutSizingInput: {
    core: { struct: 'LayoutSizingInput', header: 'layouts/layout_sizing.hpp' },
    fields: {
      n,
      k: { ...k, required: false, doc: 'Fixed k; absent: the k needing the fewest bits.' },
      ...layoutFields,
      p,
      maxBytes: {
        ...maxBytes,
        only: { preset: ['parquet', 'arrow', 'impala', 'kudu'] },
        doc:
          "Parquet writer's maximum bytes, a multiple of its 32-byte block in [32, 2^27] (default 1 MiB); with another preset or none, a RangeError " +
          'naming `maxBytes`.',
      },
      hashBits: floorBits,
    },
  },
  LayoutSimulationInput: {
    core: { struct: 'LayoutSimInput', header: 'layouts/layout_sim.hpp' },
    fields: {
      m,
      n,
      k: layoutK,
      ...layoutFields,
      hashScheme: {
        kind: 'choice',
        type: 'LayoutHashScheme',
        default: 'ideal',
        doc:
          "'ideal' (default), 'parquet' (the spec's salted hashing; split-block, B = 256, k = 8) or a library's own probe " +
          "arithmetic: 'rocksdb' (blocked, B = 512), 'boost' (blocked B = 64 or split block B = 64k), 'guava', " +
          "'redisbloom', 'orc' (standard, colliding). docs/libraries.md.",
      },
      epochs: { ...epochs, required: false, default: 32 },
      queries: { ...queries, doc: 'Lookups per epoch; default max(4096, n).' },
      seed: { ...seed, default: 1 },
      confidence: { ...confidence, default: 0.99 },
    },
  },
  LibrarySizeInput: {
    core: { struct: 'LibrarySizingInput', header: 'libraries/library_sizing.hpp' },
    fields: {
      library: { kind: 'choice', type: 'LibraryName', required: true, doc: 'The library whose sizing rule to run.' },
      n,
      p,
      k: {
        ...k,
        required: false,
        only: { library: ['boost-block', 'boost-multiblock'] },
        doc: "Boost's K (the template argument); absent: the K for which Boost allocates least. Other libraries: a RangeError naming `k`.",
      },
      maxBytes: {
        ...maxBytes,
        only: { library: ['parquet'] },
        doc:
          "parquet: the writer's maximum bytes, a multiple of its 32-byte block in [32, 2^27] (default 1 MiB). Other libraries: a " +
          'RangeError naming `maxBytes`.',
      },
      hashBits: { ...hashBits, doc: "The hash width for `hashFloor`; default the library's own." },
    },
  },
  HashFloorInput: {
    core: { struct: 'HashFloorInput', header: 'libraries/hash_width.hpp' },
    fields: {
      m,
      n,
      k,
      ...layoutFilter,
      layout: { ...layoutFields.layout, doc: "The filter's layout." },
      hashing,
      hashBits: { ...hashBits, required: true, doc: 'The hash width: 32 or 64.' },
      ideal: { kind: 'probability', doc: "The filter's FPR under ideal hashing; absent: its exact FPR." },
      p: { ...p, required: false, doc: 'A target, for `targetBelowFloor`.' },
    },
  },
  ScalableInput: {
    core: { struct: 'ScalableInput', header: 'libraries/scalable.hpp' },
    fields: {
      p: { ...p, doc: "The chain's overall error bound." },
      capacity: { ...count, doc: 'C: items of the first link.' },
      n: { ...n, doc: 'Items in the chain.' },
      ratio: { kind: 'decimal', default: 0.5, doc: 'R, the tightening ratio in (0, 1); default 0.5 (RedisBloom).' },
      growth: { kind: 'decimal', default: 2, doc: "S, the capacity growth ≥ 1; default 2 (RedisBloom's EXPANSION)." },
      library: { kind: 'choice', type: 'LibraryName', default: 'redisbloom', doc: "The rule sizing each link; default 'redisbloom'." },
      optimise: { kind: 'flag', default: true, doc: 'Also search the R and S that need the fewest bits (default true; not for rocksdb, boost-*).' },
    },
  },

  // ---- issue 21's questions: sliding windows (docs/window.md) ----
  WindowInput: {
    doc: 'window(): a two-filter recycling filter sized from a window (docs/window.md).',
    core: { struct: 'WindowInput', header: 'window/window.hpp' },
    fields: {
      w: { ...count, doc: 'The window W: every inserted message is found for at least W further insertions; 1 ≤ W ≤ 2^36.' },
      p: { ...p, doc: 'Target long-run average FPR per arrival (count-instance), in (0, 1).' },
      delta: { kind: 'chance', default: 1e-6, doc: 'σ rule: the allowed P(a cycle holds fewer than W insertions), in (0, 1); default 1e-6.' },
      hashing,
    },
  },

  // ---- issue 21's questions: a filter in use (docs/state.md), counter overflow (docs/paradox.md#overflow) ----
  StateInput: {
    doc: "state(): what a filter's count of set bits says (docs/state.md).",
    core: { struct: 'StateInput', header: 'fpr/state.hpp' },
    fields: {
      m: { ...m, doc: 'Filter size in bits, 2 ≤ m ≤ 2^40.' },
      k,
      bitsSet: { ...count, doc: 'X, the set bits counted now (a popcount): 0 ≤ X < m; with distinct hashing 0 or k ≤ X < m (an item sets k bits).' },
      hashing,
      confidence: { ...confidence, default: 0.95, doc: 'Of every interval, in (0, 1); default 0.95.' },
      p: { ...p, required: false, member: 'target', doc: 'A target FPR: the items left before the expected FPR exceeds it.' },
      bitsSetB: { kind: 'count', doc: 'Set bits of a second filter B (same m, k and hashes; reachable as X); with `union`.' },
      union: { kind: 'count', member: 'bits_set_union', doc: 'Set bits of A OR B, max(X_A, X_B) ≤ union ≤ min(m − 1, X_A + X_B); with `bitsSetB`.' },
    },
  },
  OverflowInput: {
    doc: 'overflow(): counter overflow in a counting filter (docs/paradox.md#overflow). Give `bits` or `target`.',
    core: { struct: 'OverflowInput', header: 'counting/overflow.hpp' },
    fields: {
      m: { ...count, doc: 'Counters, 1 ≤ m ≤ 2^40.' },
      n,
      k,
      bits: { kind: 'count', doc: 'Bits per counter, 1..64: P(overflow) at this width.' },
      target: { kind: 'probability', doc: 'A target P(overflow): the smallest bits whose proven upper bound meets it.' },
      method: {
        kind: 'choice',
        type: 'OverflowMethod',
        default: 'auto',
        doc: 'The exact sum (small filters), the bounded Poisson value, or the one that fits.',
      },
    },
  },
  CompareInput: {
    doc: "compare(): which filter? Every family's rows for n keys at a target p, or for a memory budget (docs/families.md#which-filter).",
    core: { struct: 'families::CompareInput', header: 'families/compare.hpp' },
    fields: {
      n: { ...n, doc: 'Keys in the set, 1 ≤ n ≤ 2^40.' },
      p: { ...p, required: false, doc: "Target false-positive rate in (0, 1); absent with maxBytes: each family's lowest FPR in that memory." },
      deletes: { kind: 'flag', default: false, doc: 'Keys are deleted: only rows that delete are allowed.' },
      static: {
        kind: 'flag',
        default: false,
        member: 'static_set',
        doc: 'The whole set is known at build time: filters built once (xor, binary fuse) are allowed.',
      },
      maxBytes: {
        kind: 'count',
        doc: "A memory budget in bytes, 1 ≤ maxBytes ≤ 2^43: with p a row must fit it to meet; alone, each family's lowest FPR in it.",
      },
      family: { kind: 'choice', type: 'FilterFamily', default: 'all', doc: "One family's rows only (and its knobs); default every family." },
      fingerprintBits: { kind: 'count', doc: 'With family cuckoo, xor or binary-fuse: the fingerprint bits f.' },
      bucketSize: { kind: 'count', doc: "With family cuckoo: RedisBloom's bucket size b, 1..255." },
      arity: { kind: 'count', doc: 'With family binary-fuse: 3 or 4 hash functions.' },
    },
  },
};
