// The command line (wasm/cli/<command>.mjs, docs/cli.md): each command's help (summary, description, notes,
// examples; an option's field may add examples of its own: `examples` in its declaration), the options it
// requires (required; alternatives: groups of which one is given, for the synopsis), the method it computes when its
// module has no compute of its own (method: the method's input from the options given), and its options in the
// order its help lists them; the synopsis (`Usage:`) is written from these (scripts/generate/cli.mjs).
// An option of a field is [the input type and field, its value's name in the help, its help line]: its flag is
// the field's name in kebab case (maxBytes → --max-bytes), a one-letter name also its short flag (-m) unless the
// command says `shorts: false`, and the command passes its value as that field. An option of the command alone
// (no API field: --table, --workers) is { flag, type, short?, value?, help }.
import { TYPES, layoutFields, optionsOf } from './fields.mjs';
import { INPUTS } from './inputs.mjs';

/** The notes of every command reading quantities (and of `bloomcalc --help`). */
export const QUANTITIES = [
  'Quantities accept units: counts 1000, 1e6, 1M (10^6), 1Mi (2^20), 2^20; sizes in bits 8192,',
  '64KiB (bytes, x8), 2Gb (bits); probabilities 0.001, 1e-3, 0.1%, "1 in 1000", 1/1000.',
];

const HASHING = ['hashing', 'colliding|distinct', 'Probes drawn with replacement (colliding, default) or k different bits'];
const LAYOUT = optionsOf('LayoutInput', layoutFields);
const HASH_BITS = ['FprInput.hashBits', '32|64', 'Show the FPR floor of a 32- or 64-bit hash (docs/hash-width.md)'];
const RBF_METHOD = [
  'RbfInput.method',
  'exact|asymptotic|auto',
  'exact fill (M ≤ 2^24 bits per filter), the large-M method (M ≤ 2^40, with an error bound), or auto (default: exact up to 2^16 bits, large-M above)',
];
const VARIANT = [
  ['RbfInput.hashing', ...HASHING.slice(1)],
  ['RbfInput.recycling', 'nonretaining|retaining', 'On recycling, drop the recycling message (nonretaining, default) or keep its bits'],
  ['RbfInput.restart', 'exact|eq10', "Retaining, colliding: the restart state from the message's own bits (exact, default) or 000 eq 10"],
  ['RbfInput.swap', 'after|before', "Two phases: the frozen filter keeps the recycling message's bits (after, default) or not (before, eq 24)"],
];
const ALPHA = ['alpha', 'A', 'Cost of a false negative / cost of a false positive, > 0'];

export const COMMANDS = {
  fpr: {
    summary: 'Every FPR formula side by side for one filter (m, n, k)',
    description:
      'Compares the exact mean false-positive rate (Christensen-Roginsky-Jimeno) with the classic\n' +
      "formula, its distinct-hash form and Bloom's 1970 formula, with the relative error of each.\n" +
      'With --layout or --preset: the exact FPR of a blocked, split-block or partitioned filter (RocksDB,\n' +
      "Parquet, Boost.Bloom), the libraries' own approximations beside it, and the FPR at 0.5×, 2×, 4× n.",
    required: ['m', 'n'],
    notes: QUANTITIES,
    examples: [
      'bloomcalc fpr --m 1024 --n 100 --k 7',
      'bloomcalc fpr --m 1KiB --n 500 --k 7 --hashing distinct --table',
      'bloomcalc fpr -m 32 -n 4 -k 5 --json',
      'bloomcalc fpr --preset rocksdb --m 10Mi --n 1M',
      'bloomcalc fpr --preset parquet --m 64KiB --n 40k --simulate --hash-scheme parquet',
    ],
    options: [
      ['FprInput.m', 'bits', 'Filter size in bits, 1 ≤ m ≤ 2^40 (8192, 64KiB, 1Mi)'],
      ['FprInput.n', 'items', 'Items inserted, 1 ≤ n ≤ 2^40 (1000, 1M, 2^20)'],
      ['FprInput.k', 'hashes', 'Hash functions, 1 ≤ k ≤ 64 (k ≤ m for distinct)'],
      ['FprInput.hashing', ...HASHING.slice(1)],
      { flag: 'table', type: 'boolean', help: "Also compute the exact FPR by the paper's table method (slow for big filters)" },
      ...LAYOUT,
      { flag: 'simulate', type: 'boolean', help: 'With a layout: also simulate the real structure (m ≤ 2^31)' },
      ['LayoutSimulationInput.epochs', 'E', 'Simulation epochs (default 32), each a fresh filter'],
      [
        'LayoutSimulationInput.hashScheme',
        'ideal|parquet|rocksdb|boost|guava|redisbloom|orc',
        "Simulation hashing: ideal (default), Parquet's salted split block, or a library's own probes",
      ],
      HASH_BITS,
    ],
  },
  size: {
    summary: 'Solve the missing quantities from any consistent subset of n, p, m, k',
    description:
      'Sizes a Bloom filter: give n and p for m and k; n, m and k for p; m and p for n; n and m\n' +
      'for the optimal k. The chosen k is the better of the two integers either side of (m/n) ln 2.\n' +
      'With --library: what that library allocates for n and p (its own sizing code) and the exact FPR\n' +
      'of the filter it builds, flagged when it misses p (docs/libraries.md).',
    notes: QUANTITIES,
    examples: [
      'bloomcalc size --n 1M --p 1%',
      'bloomcalc size --n 1M --p "1 in 1000" --rounding pow2 --method exact',
      'bloomcalc size --m 64KiB --p 0.1%',
      'bloomcalc size --n 10k --m 1Mi --json',
      'bloomcalc size --n 1M --p 1% --preset parquet',
      'bloomcalc size --n 1M --p 0.1% --library guava --json',
      'bloomcalc size --n 1M --p 1% --library all',
      'bloomcalc size --n 100M --p 1e-4 --hash-bits 32',
    ],
    options: [
      ['SizingInput.n', 'items', 'Items to insert (1000, 1M, 2^20)'],
      ['SizingInput.p', 'fpr', 'Target false-positive rate in (0, 1) (0.01, 1%, "1 in 100")'],
      ['SizingInput.m', 'bits', 'Filter size in bits (8192, 64KiB, 1Mi)'],
      ['SizingInput.k', 'hashes', 'Hash functions, 1 ≤ k ≤ 64'],
      ['SizingInput.rounding', 'none|word64|pow2', 'Round a solved m up to a multiple of 64 bits or a power of two (default none)'],
      ['SizingInput.method', 'classic|exact', 'Hold the classic formula or the exact mean FPR to the target (default classic)'],
      ['SizingInput.hashing', ...HASHING.slice(1)],
      ...LAYOUT,
      ['LayoutSizingInput.maxBytes', 'bytes', "Parquet writer's maximum filter size, whole 32-byte blocks (default 1 MiB; --preset or --library parquet)"],
      [
        'LibrarySizeInput.library',
        'name|all',
        'What a library allocates for --n and --p and its exact FPR: guava, redisbloom, bloom-filters, hive, clickhouse,\n' +
          'hurst, parquet, parquet-spec, arrow, rocksdb, boost-block, boost-multiblock, or all',
      ],
      ['SizingInput.hashBits', ...HASH_BITS.slice(1)],
    ],
  },
  paradox: {
    summary: 'Should a positive answer be trusted? Posterior, threshold and costs (004 Theorem 1)',
    description:
      'The Bloom paradox (Rottenstreich & Keslassy): with a-priori membership probability P, a filter\n' +
      'of false-positive rate F and a false negative costing α false positives, a positive answer is\n' +
      "worth trusting iff P ≥ P₀ = F/(F + α). With --bpe the FPR is the paper's (1/2)^(ln2·m/n).",
    required: ['prior', 'alpha'],
    notes: ['Costs are in units of the cost of a false positive; "given positive" costs are E₁, E₀ of the paper.'],
    examples: ['bloomcalc paradox --prior 1e-6 --alpha 1 --fpr 1e-3', 'bloomcalc paradox --prior "1 in 1000000" --alpha 1 --bpe 28.7 --json'],
    method: 'paradox',
    alternatives: [{ flags: ['fpr', 'bpe'] }],
    options: [
      ['ParadoxInput.prior', 'P', 'A-priori probability that the element is in the set, in [0, 1] (1e-6, "1 in 1000")'],
      ['ParadoxInput.' + ALPHA[0], ...ALPHA.slice(1)],
      ['ParadoxInput.fpr', 'F', 'False-positive rate of the filter, in (0, 1] (1e-3, 0.1%)'],
      ['ParadoxInput.bpe', 'B', 'Bits per element m/n ≥ 0, instead of --fpr'],
    ],
  },
  cbf: {
    summary: 'Membership probability from CBF counters and the optimal answer (004 Theorems 2, 4)',
    description:
      'Theorem 2: Pr(x ∈ S | CBF) depends only on the product of the k counters of x. Theorem 4: answer\n' +
      'positive iff that probability is ≥ 1/(1 + α), i.e. iff the product is at least the minimal product.',
    required: ['counters', 'm', 'n', 'k', 'prior', 'alpha'],
    examples: ['bloomcalc cbf --counters 1,2,1,1,2,4 --m 26624 --n 3328 --k 6 --prior 0.125 --alpha 0.25'],
    method: 'cbf',
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
    summary: 'Optimal order of proxy queries in a distributed cache (004 Theorems 6, 7)',
    description:
      'Query the proxies in non-increasing order of success probability / cost; the special proxy, which\n' +
      'holds everything, has ratio 1/ψ and ends the search. With equal costs this is Theorem 7.',
    required: ['probs', 'costs', 'special-cost'],
    examples: ['bloomcalc order --probs 0.5,0.9,0.1 --costs 1,2,1 --special-cost 10'],
    method: 'order',
    options: [
      ['OrderInput.probs', 'p1,p2,…', 'Success probability of each proxy, in [0, 1]'],
      ['OrderInput.costs', 't1,t2,…', 'Query cost of each proxy, > 0 (as many as probs)'],
      ['OrderInput.specialCost', 'PSI', 'Cost of the special proxy that always succeeds, > 0'],
    ],
  },
  rbf: {
    summary: 'Recycling Bloom filter: average FPR and messages per cycle at threshold σ (000 eqs 18, 23, 26)',
    description:
      'A recycling Bloom filter of M bits is emptied when an insertion leaves more than σ bits set. Prints its\n' +
      'long-term average false-positive rate over new messages and E[N₀], the new-message arrivals per cycle.\n' +
      'With --phases 2 the memory is split into an active and a frozen filter of M/2 bits each.',
    required: ['m', 'k', 'sigma'],
    notes: ['Equation numbers refer to 000: Dozier, Salamatian, Rubenstein, "Modeling Average False Positive Rates of Recycling Bloom Filters" (docs/rbf.md).'],
    examples: [
      'bloomcalc rbf --m 1000 --k 5 --sigma 539',
      'bloomcalc rbf --m 8Kib --k 4 --sigma 3000 --phases 2 --json',
      'bloomcalc rbf --m 1000 --k 5 --sigma 539 --recycling retaining --hashing distinct',
    ],
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
    summary: 'N-bounded recycling: worst-case, oracle, lower-bound and exact average FPR (000 eqs 1–3)',
    description:
      'A Bloom filter of M bits recycled after every N messages. worstCase is the FPR seen by the N-th\n' +
      "message (eq 1), oracle the average over the cycle (eq 2), lowerBound the real user's bound (eq 3)\n" +
      'and exact the exact average of the real user, who counts only the messages that set bits. When\n' +
      "(N − 1)·k ≥ M the real user's filter can fill and then never recycles: its long-run average is 1, and\n" +
      'the average over the cycles that end is shown beside it with the probability of filling.',
    required: ['m', 'k', 'N'],
    examples: ['bloomcalc nbounded --m 1000 --k 5 --N 155', 'bloomcalc nbounded --m 8Kib --k 7 --N 1000 --json'],
    method: 'nBounded',
    options: [
      ['NBoundedInput.m', 'bits', 'Filter size in bits, 1 ≤ M ≤ 2^40 (the cost grows with N, not M)'],
      ['NBoundedInput.k', 'hashes', 'Hash functions, 1 ≤ k ≤ 64'],
      ['NBoundedInput.N', 'messages', 'Messages per cycle, 1 ≤ N ≤ M'],
      ['NBoundedInput.hashing', ...HASHING.slice(1)],
    ],
  },
  recommend: {
    summary: 'Best k, threshold and messages per cycle of every recycling rule for memory M and target f* (000 §V)',
    description:
      'For each k = 1..kmax: the largest σ keeping the one-phase and the two-phase σ-bounded filter at an\n' +
      'average FPR ≤ f* with E[N₀], its messages per cycle, and the largest N of the N-bounded rules (worst\n' +
      'case, oracle, lower bound). Then the best k per rule and its capacity gain over the worst-case rule.',
    required: ['m'],
    notes: [
      'Table: σ¹/cap and σ²/cap are the threshold (bits) and E[N₀] of the one- and two-phase filters;',
      'N_w, N_o, N_a the messages per cycle of the worst-case, oracle and lower-bound rules; — = no',
      'threshold meets f*. Above 2^16 bits the large-M method answers in well under a second at any M',
      '(docs/rbf.md#large-m); its error bound is printed. The exact method at 2^20–2^24 takes seconds.',
    ],
    examples: ['bloomcalc recommend --m 1000 --p 0.01', 'bloomcalc recommend --m 8Kib --p 1e-3 --kmax 20 --json', 'bloomcalc recommend --m 2^36 --p 0.001'],
    alternatives: [{ flags: ['p', 'fpr'] }], // checked by its compute
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
    summary: "A scalable filter's links, exact FPR after n items and memory (Almeida et al. 2007; RedisBloom)",
    description:
      "Links of capacity C·S^i at error p(1 − R)R^i, each sized by a library's rule (RedisBloom's by default:\n" +
      'R = 0.5, S = 2); the exact FPR after n items, 1 − Π(1 − f_i) over the links at their real fill; the total\n' +
      'bits; and the R ∈ {0.05 … 0.95}, integer S ∈ [1, 8] that hold the same n in the fewest bits.',
    required: ['p', 'capacity', 'n'],
    notes: QUANTITIES,
    examples: ['bloomcalc scalable --p 1% --capacity 1000 --n 1M', 'bloomcalc scalable --p 0.1% --capacity 100k --ratio 0.9 --growth 4 --n 10M --json'],
    method: 'scalable',
    options: [
      ['ScalableInput.p', 'fpr', "The chain's overall error bound in (0, 1) (1%, 0.001)"],
      ['ScalableInput.capacity', 'C', 'Items of the first link (RedisBloom: BF.RESERVE capacity)'],
      ['ScalableInput.n', 'items', 'Items in the chain'],
      ['ScalableInput.ratio', 'R', 'Tightening ratio in (0, 1) (default 0.5, RedisBloom)'],
      ['ScalableInput.growth', 'S', "Capacity growth ≥ 1 (default 2, RedisBloom's EXPANSION)"],
      ['ScalableInput.library', 'name', 'The rule sizing each link (default redisbloom; docs/libraries.md)'],
    ],
  },
  serve: {
    summary: 'Serve the calculator page (shipped in the package) on localhost',
    description:
      'Serves the built page on http://127.0.0.1:8080/ (or the next free port when 8080 is taken),\n' +
      'with gzip/brotli and ETag revalidation, until interrupted (Ctrl-C). Needs no build tools.',
    notes: ['The JSON form prints { "url": … } once the server listens.'],
    examples: ['bloomcalc serve', 'bloomcalc serve --port 0 --json', 'npx bloomcalc serve --open'],
    options: [
      { flag: 'port', short: 'p', type: 'string', value: 'port', help: 'TCP port, 0 for any free one (default 8080, else a free one)' },
      {
        flag: 'host',
        type: 'string',
        value: 'address',
        help: 'Address to bind (default and when empty 127.0.0.1, this machine only; another is announced on stderr)',
      },
      { flag: 'open', type: 'boolean', help: "Open the page in the desktop's browser" },
    ],
  },
  window: {
    summary: 'Size a sliding-window (two-filter recycling) filter from W and p, per swap rule',
    description:
      'Two filters of M/2 bits (active + frozen), the same k hashes; an arrival is positive if all k bits are set\n' +
      'in either, and one that is not a positive of the active filter is inserted into it. N-bounded: swap after\n' +
      'N = W insertions (every message is found for at least W further insertions). σ-bounded: swap when the\n' +
      'active filter exceeds σ bits, σ such that P(a cycle holds fewer than W insertions) ≤ δ. For each rule the\n' +
      'smallest total memory M whose long-run average FPR meets p, with its k, beside a plain filter for 2W items.',
    required: ['w', 'p'],
    notes: QUANTITIES,
    examples: ['bloomcalc window --w 1M --p 0.1%', 'bloomcalc window --w 1e6 --p 1e-4 --json'],
    method: 'window',
    options: [
      ['WindowInput.w', 'messages', 'The window W, 1 ≤ W ≤ 2^36 (1M, 2^30)'],
      ['WindowInput.p', 'P', 'Target average FPR per arrival, in (0, 1) ("0.1%", "1 in 1000")'],
      ['WindowInput.delta', 'D', 'σ rule: allowed P(a cycle holds fewer than W insertions) (default 1e-6)'],
      ['WindowInput.hashing', ...HASHING.slice(1)],
    ],
  },
  state: {
    summary: 'A filter in use: FPR now, items held (with an interval) and items left, from its set bits',
    description:
      'From m, k and the number X of set bits (a popcount): the FPR now, (X/m)^k (colliding) or C(X,k)/C(m,k)\n' +
      '(distinct), exact; the maximum-likelihood number of items of the occupancy law with its exact interval\n' +
      "(Swamidass–Baldi's −(m/k)·ln(1 − X/m) beside it); with --p, the items left before the expected FPR\n" +
      "exceeds it; with a second filter's count and the count of their OR, |A ∪ B| and |A ∩ B| with intervals.",
    required: ['m', 'k', 'bits-set'],
    notes: QUANTITIES,
    examples: [
      'bloomcalc state --m 1Mi --k 7 --bits-set 400000 --p 1%',
      'bloomcalc state --m 4096 --k 4 --bits-set 1600 --bits-set-b 1350 --union 2300 --json',
    ],
    method: 'state',
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
    summary: 'Counting filter: P(a b-bit counter overflows), or the smallest b for a target',
    description:
      "m counters of b bits, n items, k hashes (each probe increments its counter): P(some counter's load reaches\n" +
      '2^b), exact for small filters, else within proven bounds; beside the usual union bound m·P(Bin(kn, 1/m) ≥ 2^b).\n' +
      'With --target, the smallest b whose proven upper bound meets it.',
    required: ['m', 'n', 'k'],
    notes: QUANTITIES,
    examples: ['bloomcalc overflow --m 1e6 --n 1e5 --k 7 --bits 4', 'bloomcalc overflow --m 1e6 --n 1e5 --k 7 --target 1e-12 --json'],
    alternatives: [{ flags: ['bits', 'target'] }],
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
    summary: 'Run the real filter on a message stream: simulated FPR with confidence intervals',
    description:
      'Drives a real filter with messages and measures its false-positive rate by batch means over epochs\n' +
      '(Student-t interval) and by the exact Poisson (Garwood) interval on the total count. Structures:\n' +
      "  bloom, counting   fill a fresh filter with n messages, look up new ones (001's experiment)\n" +
      '  sigma, two-phase  sigma-bounded recycling filter, one- or two-phase (000/002 §IV, §II-C)\n' +
      '  n-real, n-oracle  N-bounded recycling filter, real or oracle user (000/002 §III)\n' +
      'Details: docs/simulation.md.',
    positional: { name: 'structure', valueName: '<structure>', description: TYPES.SimStructure.choices.join(' | ') },
    required: ['m', 'k', 'epochs', 'arrivals'],
    notes: QUANTITIES,
    examples: [
      'bloomcalc simulate bloom --m 32 --n 4 --k 5 --epochs 100 --arrivals 20000 --seed 1',
      'bloomcalc simulate sigma --m 1000 --k 3 --sigma 500 --epochs 20 --arrivals 100k --stream pool --json',
      'bloomcalc simulate bloom --m 64Ki --n 6k --k 7 --hashing double --epochs 20 --arrivals 60k',
    ],
    alternatives: [{ flags: ['n', 'N', 'sigma'], optional: true }],
    shorts: false,
    options: [
      ['SimulationInput.m', 'bits', 'Memory M in bits, 1 ≤ M ≤ 2^31 (two-phase: in all, two arrays of ⌊M/2⌋ as in `rbf`)'],
      ['SimulationInput.k', 'hashes', 'Probes per message, 1 ≤ k ≤ 64'],
      ['SimulationInput.n', 'items', 'bloom/counting: messages per filter (for n-real/n-oracle the older name of --N)'],
      ['SimulationInput.N', 'messages', 'n-real/n-oracle: N, counted messages per cycle (as `nbounded --N`)'],
      ['SimulationInput.sigma', 'bits', 'sigma/two-phase: recycle bound σ on the set bits'],
      ['SimulationInput.hashing', 'scheme', 'colliding (default) | distinct | double | enhanced-double'],
      ['SimulationInput.boundary', 'rule', 'exceeds: recycle when b > σ (default) | reaches: b ≥ σ'],
      [
        'SimulationInput.recycling',
        'rule',
        'nonretaining (default) | retaining: after a recycle the triggering message is set in the fresh filter (as `rbf --recycling`)',
      ],
      ['SimulationInput.retaining', null, 'Older spelling of --recycling retaining'],
      ['SimulationInput.swap', 'point', 'two-phase: the frozen array keeps the recycling message (after, default) | not (before, 000 eq 24)'],
      ['SimulationInput.stream', 'kind', 'fresh (default) | pool | fading (recycling filters)'],
      ['SimulationInput.pool', 'messages', 'pool: the number of distinct messages (default 1000)'],
      ['SimulationInput.newFraction', 'q', 'fading: probability an arrival is a new message (default 0.5)'],
      ['SimulationInput.window', 'messages', 'fading: repeats come from the last W new messages (default 1000)'],
      ['SimulationInput.queries', 'lookups', 'bloom/counting: lookups per filter instance (default max(64, n))'],
      ['SimulationInput.epochs', 'E', 'Epochs (batches), 2 ≤ E ≤ 2^20'],
      ['SimulationInput.arrivals', 'A', 'Counted arrivals per epoch (lookups for bloom/counting)'],
      ['SimulationInput.warmup', 'W', 'Each epoch warms up for W + J arrivals, J uniform in [0, W) (default: ⌈A/8⌉ for recycling filters, 0 otherwise)'],
      ['SimulationInput.seed', 'S', 'Seed of the hash functions and the stream, 0 ≤ S ≤ 2^53 (default 1)'],
      ['SimulationInput.confidence', 'c', 'Confidence of the intervals (default 0.99)'],
    ],
  },
  compare: {
    summary: 'Which filter? Bloom, blocked Bloom, cuckoo, xor, binary fuse, ribbon, quotient: bytes and FPR for n keys',
    description:
      "Every family's rows for n keys at a target p, each as its library sizes it: bytes, bits per key, the\n" +
      'FPR under the model, construction failure, cache lines per lookup, operations. Sorted by bytes among\n' +
      'the rows that meet p and allow the operations asked (--deletes; --static for filters built once), then\n' +
      "the others. --max-bytes alone: each family's lowest FPR in that memory. --family F: that family's rows,\n" +
      'with its knobs (docs/families.md#which-filter).',
    method: 'compare',
    required: ['n'],
    notes: QUANTITIES,
    examples: [
      'bloomcalc compare --n 10M --p 0.1%',
      'bloomcalc compare --n 10M --p 0.1% --static --json',
      'bloomcalc compare --n 1M --max-bytes 1500000',
      'bloomcalc compare --n 10M --p 1% --family xor --fingerprint-bits 8 --json',
    ],
    options: [
      ['CompareInput.n', 'keys', 'Keys in the set, 1 ≤ n ≤ 2^40 (10M, 1e7)'],
      ['CompareInput.p', 'fpr', 'Target false-positive rate in (0, 1) (0.1%, 1e-3, "1 in 1000")'],
      ['CompareInput.deletes', null, 'Keys are deleted: only rows that delete are allowed'],
      ['CompareInput.static', null, 'The set is known at build time: xor and binary fuse filters are allowed'],
      ['CompareInput.maxBytes', 'bytes', "A memory budget in bytes (alone: each family's lowest FPR in it)"],
      ['CompareInput.family', 'family', 'One family: bloom, blocked-bloom, cuckoo, xor, binary-fuse, ribbon, quotient, counting-quotient'],
      ['CompareInput.fingerprintBits', 'f', 'cuckoo, xor, binary-fuse: fingerprint bits'],
      ['CompareInput.bucketSize', 'b', "cuckoo: RedisBloom's bucket size"],
      ['CompareInput.arity', 'a', 'binary-fuse: 3 or 4'],
    ],
  },
};

// A field declaring its option (`cli`) is an option of every command listing an option of its input: where the command
// lists it (to place it), else after the command's options.
for (const def of Object.values(COMMANDS)) {
  const refs = def.options.filter(Array.isArray).map(([ref]) => ref.split('.'));
  const listed = new Set(refs.map(([, name]) => name));
  for (const type of new Set(refs.map(([type]) => type)))
    for (const [name, f] of Object.entries(INPUTS[type].fields))
      if (f.cli && !listed.has(name)) (def.options.push([`${type}.${name}`, ...f.cli]), listed.add(name));
}
