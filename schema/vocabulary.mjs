// The vocabulary (docs/vocabulary.md, issue 10 item 6): one meaning per name on every surface. Each row: the names
// it covers, their meaning, and (prose) where their older names are read. Which input types, commands and
// calculators use each name is not written here: scripts/generate.mjs reads it from the rest of the schema.
import { layoutFields, rowsOf } from './fields.mjs';
import { INPUTS } from './inputs.mjs';

export const VOCABULARY = [
  [
    ['m'],
    "the filter's size in cells: bits of a Bloom filter; the **total** memory M of a recycling filter (two phases: both arrays, ⌊M/2⌋ each); counters of " +
      'a counting filter (004)',
  ],
  [['n'], 'items (elements, messages) inserted in one Bloom or counting filter'],
  [['N'], 'messages per cycle of an N-bounded recycling filter (000 §III)', "`n` (simulate's n-real / n-oracle, API and CLI)"],
  [['k'], "hash functions (probes per item); the recycling calculator's `k` is the k it plots"],
  [['kmax'], 'the largest k tried', '`kMax` (cbfOptimalK)'],
  [
    ['p'],
    "a **target** FPR: sizing's p, 000's f* (the long-term average FPR a recycling filter must not exceed)",
    "`fpr` (recommend: API and CLI; the recycling element's attribute and property), `rfpr` (the recycling URL key)",
  ],
  [['fpr'], "a filter's **own** FPR, the F of 004 (not a target)"],
  [['bpe'], 'bits per element m/n, instead of `fpr` (004)'],
  [['sigma'], 'σ, the recycling threshold on the set bits of one array (000)'],
  [['phases'], "1 or 2: one array, or an active and a frozen one (000 §II-C; the simulator's structures `sigma` and `two-phase`)"],
  [['hashing'], "how an item's probes are drawn: `colliding` (with replacement) or `distinct`; the simulator also runs `double` and `enhanced-double`"],
  [
    ['recycling'],
    'what a recycle does with the message that triggered it: `nonretaining` drops it, `retaining` keeps its bits',
    '`retaining` (`retaining: true` in every recycling call; CLI: `simulate --retaining`)',
  ],
  [['restart'], "retaining, colliding: the restart state from the message's own bits (`exact`) or 000 eq 10"],
  [['swap'], "two phases: the frozen array keeps the recycling message's bits (`after`) or not (`before`, 000 eq 24)"],
  [
    ['method'],
    'how the FPR is evaluated: `size` holds the classic formula or the exact mean to p (`classic`, `exact`); the recycling models use the exact fill, ' +
      'the large-M method with its error bound, or `auto`',
  ],
  [['rounding'], 'how a solved m is rounded up (`none`, `word64`, `pow2`)'],
  [['points'], 'how many σ values the curve has'],
  ...rowsOf(layoutFields),
  [['maxBytes'], "the Parquet writer's largest filter in bytes; compare's memory budget"],
  [['deletes'], 'compare: keys are deleted, so only filters that delete qualify'],
  [['static'], 'compare: the whole set is known at build time, so filters built once (xor, binary fuse, ribbon) qualify'],
  [['family'], 'a filter family of compare (`bloom`, `blocked-bloom`, `cuckoo`, `xor`, `binary-fuse`, `ribbon`, `quotient`, `counting-quotient`; `all`)'],
  [['fingerprintBits'], 'f, the fingerprint bits of a cuckoo, xor or binary fuse filter'],
  [['bucketSize'], "b, the slots of a cuckoo filter's bucket (RedisBloom's BUCKETSIZE)"],
  [['arity'], 'the hash functions of a binary fuse filter, 3 or 4'],
  [
    ['hashScheme'],
    'the hash functions a simulation uses: `ideal` (independent uniform probes, as `hashing` says) or a real scheme (`parquet`, `rocksdb`, `boost`, ' +
      "`guava`, `redisbloom`, `orc`; the simulate element's `double`, `enhanced-double`, sent to the API as `hashing`)",
    "`scheme` (the simulate element's attribute, property and URL key)",
  ],
  [
    ['library'],
    'a library whose sizing is modelled (`guava`, `redisbloom`, `bloom-filters`, `hive`, `clickhouse`, `hurst`, `parquet`, `parquet-spec`, `arrow`, ' +
      "`rocksdb`, `boost-block`, `boost-multiblock`; the CLI's `size --library all`): what it allocates, or the rule sizing a scalable filter's links " +
      '(docs/libraries.md)',
  ],
  [['hashBits'], "the width of the hash all of an item's probes come from, 32 or 64: its FPR floor beside the result (docs/hash-width.md)"],
  [['ideal'], "a filter's FPR under ideal hashing, the f of the hash-width floor's f ⊕ c"],
  [['capacity'], "C, the first link's capacity of a scalable filter (RedisBloom's BF.RESERVE capacity)"],
  [['ratio'], "R, a scalable filter's tightening ratio: link i's error p(1 − R)R^i"],
  [['growth'], "S, a scalable filter's capacity growth (RedisBloom's EXPANSION): link i holds C·S^i"],
  [['w'], 'the window W of a sliding-window filter: every inserted message is found for at least W further insertions (issue 21)'],
  [['delta'], "δ, the allowed probability that a σ-bounded window's cycle holds fewer than W insertions"],
  [['bitsSet'], 'X, the set bits counted in a filter in use (a popcount)'],
  [['bitsSetB'], 'the set bits of a second filter B (same m, k and hashes)'],
  [['union'], "the set bits of two filters' OR"],
  [['bits'], 'b, the bits of one counter of a counting filter'],
  [['target'], 'a target probability that is not an FPR: P(some counter overflows)'],
  [['optimise'], 'also search the R and S that need the fewest bits (a switch, default on)'],
  [['simulate'], 'also simulate the real layout (a switch)'],
  [['table'], "also compute the exact FPR by 001's table method (a switch)"],
  [['prior'], 'the a-priori membership probability (004)'],
  [['priors'], 'a list of priors, one curve point each'],
  [['alpha'], 'α, the cost of a false negative in false positives (004)'],
  [['counters'], 'the k counters of the element looked up (004 Theorem 2)'],
  [['h', 'sums', 'increments', 'sequence'], "the B_h-CBF's h and the looked-up element's counter sums, increments and sequence (004)"],
  [['sizes'], 'the class sizes of selective insertion (004 §VII)'],
  [['members'], 'the member counts of those classes'],
  [['counting'], 'selective insertion on a counting filter (a switch)'],
  [['probs'], "each proxy's success probability (004 Theorems 6, 7)"],
  [['costs'], "each proxy's query cost"],
  [['specialCost'], 'ψ, the cost of the special proxy that holds everything'],
  [['structure'], "the simulated structure (`bloom`, `counting`, `sigma`, `two-phase`, `n-real`, `n-oracle`; the CLI's first argument)"],
  [['boundary'], 'when a σ-bounded filter recycles: more than σ bits set (`exceeds`) or σ reached (`reaches`)'],
  [['stream'], 'the message stream: `fresh`, `pool` or `fading`'],
  [['pool'], 'pool stream: the number of distinct messages'],
  [['newFraction'], 'fading stream: the probability that an arrival is new'],
  [['window'], 'fading stream: repeats come from the last `window` new messages'],
  [['queries'], 'lookups per filter instance'],
  [['epochs'], 'independent batches of a simulation'],
  [['arrivals'], 'counted arrivals per epoch'],
  [['warmup'], 'arrivals each epoch runs before counting (W, plus a random J < W)'],
  [['seed'], 'the seed of the hash functions and the stream'],
  [['confidence'], 'the confidence of the intervals'],
  [['workers'], 'worker threads for the k rows'],
  [
    ['port', 'host', 'open'],
    'where `bloomcalc serve` listens and whether it opens a browser (not model parameters; `serve -p` is `--port`, the one short option meaning ' +
      "something else than in other commands, where `-p` is `--p`: kept, as every server's users type it)",
  ],
];

// A field declaring its row (`vocabulary` in its declaration) has it where the table lists it, else at the end.
for (const { fields } of Object.values(INPUTS))
  for (const [name, f] of Object.entries(fields))
    if (f.vocabulary && !VOCABULARY.some(([names]) => names.includes(name))) VOCABULARY.push([[name], ...f.vocabulary]);
