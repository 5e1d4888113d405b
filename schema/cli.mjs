// The command line (wasm/cli/<command>.mjs, docs/cli.md): each command's options in the order its help lists
// them. An option of a field is [the input type and field, its value's name in the help, its help line]: its flag is
// the field's name in kebab case (maxBytes → --max-bytes), a one-letter name also its short flag (-m) unless the
// command says `shorts: false`, and the command passes its value as that field. An option of the command alone
// (no API field: --table, --workers) is { flag, type, short?, value?, help }.
const HASHING = ['hashing', 'colliding|distinct', 'Probes drawn with replacement (colliding, default) or k different bits'];
const LAYOUT = [
  ['LayoutInput.layout', 'standard|blocked|split-block|partitioned', 'Where an item\'s k bits go (default standard); blocked and split-block need --block-bits'],
  ['LayoutInput.blockBits', 'B', 'Block size in bits for blocked / split-block (divides m; 512, 256)'],
  ['LayoutInput.preset', 'name', 'A deployed filter: parquet (arrow, impala, kudu), rocksdb, boost-block, boost-multiblock'],
];
const HASH_BITS = ['FprInput.hashBits', '32|64', 'Show the FPR floor of a 32- or 64-bit hash (docs/hash-width.md)'];
const RBF_METHOD = ['RbfInput.method', 'exact|asymptotic|auto', 'exact fill (M ≤ 2^24 bits per filter), the large-M method (M ≤ 2^40, with an error bound), or auto (default: exact up to 2^16 bits, large-M above)'];
const VARIANT = [
  ['RbfInput.hashing', ...HASHING.slice(1)],
  ['RbfInput.recycling', 'nonretaining|retaining', 'On recycling, drop the recycling message (nonretaining, default) or keep its bits'],
  ['RbfInput.restart', 'exact|eq10', 'Retaining, colliding: the restart state from the message\'s own bits (exact, default) or 000 eq 10'],
  ['RbfInput.swap', 'after|before', 'Two phases: the frozen filter keeps the recycling message\'s bits (after, default) or not (before, eq 24)'],
];
const ALPHA = ['alpha', 'A', 'Cost of a false negative / cost of a false positive, > 0'];

export const COMMANDS = {
  fpr: {
    options: [
      ['FprInput.m', 'bits', 'Filter size in bits, 1 ≤ m ≤ 2^40 (8192, 64KiB, 1Mi)'],
      ['FprInput.n', 'items', 'Items inserted, 1 ≤ n ≤ 2^40 (1000, 1M, 2^20)'],
      ['FprInput.k', 'hashes', 'Hash functions, 1 ≤ k ≤ 64 (k ≤ m for distinct)'],
      ['FprInput.hashing', ...HASHING.slice(1)],
      { flag: 'table', type: 'boolean', help: 'Also compute the exact FPR by the paper\'s table method (slow for big filters)' },
      ...LAYOUT,
      { flag: 'simulate', type: 'boolean', help: 'With a layout: also simulate the real structure (m ≤ 2^31)' },
      ['LayoutSimulationInput.epochs', 'E', 'Simulation epochs (default 32), each a fresh filter'],
      ['LayoutSimulationInput.hashScheme', 'ideal|parquet|rocksdb|boost|guava|redisbloom|orc', 'Simulation hashing: ideal (default), Parquet\'s salted split block, or a library\'s own probes'],
      HASH_BITS,
    ],
  },
  size: {
    options: [
      ['SizingInput.n', 'items', 'Items to insert (1000, 1M, 2^20)'],
      ['SizingInput.p', 'fpr', 'Target false-positive rate in (0, 1) (0.01, 1%, "1 in 100")'],
      ['SizingInput.m', 'bits', 'Filter size in bits (8192, 64KiB, 1Mi)'],
      ['SizingInput.k', 'hashes', 'Hash functions, 1 ≤ k ≤ 64'],
      ['SizingInput.rounding', 'none|word64|pow2', 'Round a solved m up to a multiple of 64 bits or a power of two (default none)'],
      ['SizingInput.method', 'classic|exact', 'Hold the classic formula or the exact mean FPR to the target (default classic)'],
      ['SizingInput.hashing', ...HASHING.slice(1)],
      ...LAYOUT,
      ['LayoutSizingInput.maxBytes', 'bytes', 'Parquet writer\'s maximum filter size (default 1 MiB)'],
      [
        'LibrarySizeInput.library',
        'name|all',
        'What a library allocates for --n and --p and its exact FPR: guava, redisbloom, bloom-filters, hive, clickhouse,\n' +
          'hurst, parquet, parquet-spec, arrow, rocksdb, boost-block, boost-multiblock, or all',
      ],
      HASH_BITS,
    ],
  },
  paradox: {
    options: [
      ['ParadoxInput.prior', 'P', 'A-priori probability that the element is in the set, in [0, 1] (1e-6, "1 in 1000")'],
      ['ParadoxInput.' + ALPHA[0], ...ALPHA.slice(1)],
      ['ParadoxInput.fpr', 'F', 'False-positive rate of the filter, in (0, 1] (1e-3, 0.1%)'],
      ['ParadoxInput.bpe', 'B', 'Bits per element m/n ≥ 0, instead of --fpr'],
    ],
  },
  cbf: {
    options: [
      ['CbfInput.counters', 'c1,c2,…', 'The k counters of the element, non-negative integers'],
      ['CbfInput.m', 'counters', 'Counters in the CBF (each hash owns m/k of them)'],
      ['CbfInput.n', 'items', 'Elements inserted, ≥ 1'],
      ['CbfInput.k', 'hashes', 'Hash functions, 1 ≤ k ≤ 64'],
      ['CbfInput.prior', 'P', 'A-priori membership probability, in [0, 1]'],
      ['CbfInput.' + ALPHA[0], ...ALPHA.slice(1)],
    ],
  },
  order: {
    options: [
      ['OrderInput.probs', 'p1,p2,…', 'Success probability of each proxy, in [0, 1]'],
      ['OrderInput.costs', 't1,t2,…', 'Query cost of each proxy, > 0 (as many as probs)'],
      ['OrderInput.specialCost', 'PSI', 'Cost of the special proxy that always succeeds, > 0'],
    ],
  },
  rbf: {
    options: [
      ['RbfInput.m', 'bits', 'Total memory in bits, 1 ≤ M ≤ 2^40 (exact method: 2^24 per filter) (1000, 8Kib, 64KiB)'],
      ['RbfInput.k', 'hashes', 'Hash functions, 1 ≤ k ≤ 64'],
      ['RbfInput.sigma', 'bits', 'Recycle threshold, 0 ≤ σ < bits per filter (σ ≥ k when retaining)'],
      ['RbfInput.phases', '1|2', 'One filter (default) or two of M/2 bits (active + frozen)'],
      RBF_METHOD,
      ...VARIANT,
    ],
  },
  nbounded: {
    options: [
      ['NBoundedInput.m', 'bits', 'Filter size in bits, 1 ≤ M ≤ 2^40 (the cost grows with N, not M)'],
      ['NBoundedInput.k', 'hashes', 'Hash functions, 1 ≤ k ≤ 64'],
      ['NBoundedInput.N', 'messages', 'Messages per cycle, 1 ≤ N ≤ M'],
      ['NBoundedInput.hashing', ...HASHING.slice(1)],
    ],
  },
  recommend: {
    options: [
      ['RecommendInput.m', 'bits', 'Total memory in bits, 4 ≤ M ≤ 2^40 (exact method: 2^24) (1000, 8Kib, 64KiB, 2^36)'],
      ['RecommendInput.p', 'P', 'Target long-term average FPR p (f* in 000), in (0, 1) (0.01, 1%, "1 in 1000")'],
      ['RecommendInput.fpr', 'P', 'Older name of --p, kept for scripts'],
      ['RecommendInput.kmax', 'K', 'Largest k tried, 1..64 (default 32; at most 32 above 2^24 bits, the large-M method)'],
      RBF_METHOD,
      { flag: 'workers', type: 'string', value: 'W', help: 'Compute the k rows on W worker threads (default 1: this thread)' },
      ...VARIANT,
    ],
  },
  scalable: {
    options: [
      ['ScalableInput.p', 'fpr', 'The chain\'s overall error bound in (0, 1) (1%, 0.001)'],
      ['ScalableInput.capacity', 'C', 'Items of the first link (RedisBloom: BF.RESERVE capacity)'],
      ['ScalableInput.n', 'items', 'Items in the chain'],
      ['ScalableInput.ratio', 'R', 'Tightening ratio in (0, 1) (default 0.5, RedisBloom)'],
      ['ScalableInput.growth', 'S', 'Capacity growth ≥ 1 (default 2, RedisBloom\'s EXPANSION)'],
      ['ScalableInput.library', 'name', 'The rule sizing each link (default redisbloom; docs/libraries.md)'],
    ],
  },
  serve: {
    options: [
      { flag: 'port', short: 'p', type: 'string', value: 'port', help: 'TCP port, 0 for any free one (default 8080, else a free one)' },
      { flag: 'host', type: 'string', value: 'address', help: 'Address to bind (default and when empty 127.0.0.1, this machine only; another is announced on stderr)' },
      { flag: 'open', type: 'boolean', help: 'Open the page in the desktop\'s browser' },
    ],
  },
  window: {
    options: [
      ['WindowInput.w', 'messages', 'The window W, 1 ≤ W ≤ 2^36 (1M, 2^30)'],
      ['WindowInput.p', 'P', 'Target average FPR per arrival, in (0, 1) ("0.1%", "1 in 1000")'],
      ['WindowInput.delta', 'D', 'σ rule: allowed P(a cycle holds fewer than W insertions) (default 1e-6)'],
      ['WindowInput.hashing', ...HASHING.slice(1)],
    ],
  },
  state: {
    options: [
      ['StateInput.m', 'bits', 'Filter size in bits (1Mi, 8192)'],
      ['StateInput.k', 'hashes', 'Hash functions, 1 ≤ k ≤ 64'],
      ['StateInput.bitsSet', 'X', 'Set bits counted now (a popcount), 0 ≤ X < m'],
      ['StateInput.p', 'P', 'A target FPR: the items left before it'],
      ['StateInput.bitsSetB', 'X_B', 'Set bits of a second filter B (same m, k, hashes)'],
      ['StateInput.union', 'X_AB', 'Set bits of A OR B (with --bits-set-b): |A ∪ B| and |A ∩ B|'],
      ['StateInput.confidence', 'C', 'Confidence of the intervals (default 0.95)'],
      ['StateInput.hashing', ...HASHING.slice(1)],
    ],
  },
  overflow: {
    options: [
      ['OverflowInput.m', 'counters', 'Counters, 1 ≤ m ≤ 2^40'],
      ['OverflowInput.n', 'items', 'Items inserted'],
      ['OverflowInput.k', 'hashes', 'Hash functions, 1 ≤ k ≤ 64'],
      ['OverflowInput.bits', 'B', 'Bits per counter, 1..64: P(some counter overflows) at this width'],
      ['OverflowInput.target', 'P', 'A target P(overflow): the smallest b whose proven bound meets it'],
      ['OverflowInput.method', 'auto|exact|poisson', 'exact: the exact sum (small filters); poisson: the bounded approximation (default auto)'],
    ],
  },
  simulate: {
    shorts: false,
    options: [
      ['SimulationInput.m', 'bits', 'Memory M in bits, 1 ≤ M ≤ 2^31 (two-phase: in all, two arrays of ⌊M/2⌋ as in `rbf`)'],
      ['SimulationInput.k', 'hashes', 'Probes per message, 1 ≤ k ≤ 64'],
      ['SimulationInput.n', 'items', 'bloom/counting: messages per filter (for n-real/n-oracle the older name of --N)'],
      ['SimulationInput.N', 'messages', 'n-real/n-oracle: N, counted messages per cycle (as `nbounded --N`)'],
      ['SimulationInput.sigma', 'bits', 'sigma/two-phase: recycle bound σ on the set bits'],
      ['SimulationInput.hashing', 'scheme', 'colliding (default) | distinct | double | enhanced-double'],
      ['SimulationInput.boundary', 'rule', 'exceeds: recycle when b > σ (default) | reaches: b ≥ σ'],
      ['SimulationInput.recycling', 'rule', 'nonretaining (default) | retaining: after a recycle the triggering message is set in the fresh filter (as `rbf --recycling`)'],
      ['SimulationInput.retaining', null, 'Older spelling of --recycling retaining'],
      ['SimulationInput.swap', 'point', 'two-phase: the frozen array keeps the recycling message (after, default) | not (before, 000 eq 24)'],
      ['SimulationInput.stream', 'kind', 'fresh (default) | pool | fading (recycling filters)'],
      ['SimulationInput.pool', 'messages', 'pool: the number of distinct messages (default 1000)'],
      ['SimulationInput.newFraction', 'q', 'fading: probability an arrival is a new message (default 0.5)'],
      ['SimulationInput.window', 'messages', 'fading: repeats come from the last W new messages (default 1000)'],
      ['SimulationInput.queries', 'lookups', 'bloom/counting: lookups per filter instance (default max(64, n))'],
      ['SimulationInput.epochs', 'E', 'Epochs (batches), 2 ≤ E ≤ 2^20'],
      ['SimulationInput.arrivals', 'A', 'Counted arrivals per epoch (lookups for bloom/counting)'],
      ['SimulationInput.warmup', 'W', 'Arrivals before counting starts (default: one epoch for recycling filters, 0 otherwise)'],
      ['SimulationInput.seed', 'S', 'Seed of the hash functions and the stream, 0 ≤ S ≤ 2^53 (default 1)'],
      ['SimulationInput.confidence', 'c', 'Confidence of the intervals (default 0.99)'],
    ],
  },
};
