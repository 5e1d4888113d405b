// The results of the Bloom paradox and the counting-filter questions (paradox, cbf, cbfOptimalK, bhCbf, selective, order),
// declared as schema/results.mjs says (its header), merged into its RESULTS and RESULT_TYPES.

export const PARADOX_TYPES = {
  ParadoxDecision: { values: ['trust', 'ignore'], doc: "`'ignore'` when `paradox` (answer negative, do not even query), else `'trust'`." },
  CbfDecision: { values: ['positive', 'negative'], doc: "Theorem 4's optimal answer (paper 004)." },
  SelectivePolicy: { values: ['none', 'insertion', 'query', 'both'], doc: 'Which side of a filter is selective: none, insertion, query or both (004 §VI).' },
  CacheProxy: { number: true, values: ['special'], doc: "A proxy: its index into `probs`, or `'special'`." },
  OrderTheorem: { values: [6, 7], doc: 'The theorem of paper 004 the order follows: 7 when all regular costs are equal (the simple case), else 6.' },
};

export const PARADOX_RESULTS = {
  // the Bloom paradox (Rottenstreich & Keslassy, paper 004; docs/paradox.md)
  // Costs are in units of the cost of a false positive W_FP; α = W_FN / W_FP (004 Table I).
  ParadoxCosts: {
    doc: "The expected costs of trusting and ignoring a positive (004 Theorem 1's proof), in units of W_FP.",
    core: { struct: 'BloomParadoxResult', header: 'paradox/bloom.hpp' },
    rows: ['trustGivenPositive', 'ignoreGivenPositive', 'trust'],
    fields: {
      trustGivenPositive: {
        type: 'number',
        doc: "E₁ of Theorem 1's proof: expected cost of answering positive after a positive, Pr(x ∉ S | BF = 1).",
        from: 'r.cost_trust_given_positive',
        cli: ['cost given positive: trust', 'plain'],
      },
      ignoreGivenPositive: {
        type: 'number',
        doc: 'E₀: expected cost of answering negative after a positive, α·Pr(x ∈ S | BF = 1).',
        from: 'r.cost_ignore_given_positive',
        cli: ['cost given positive: ignore', 'plain'],
      },
      trust: { type: 'number', doc: 'Per query, querying and trusting the filter: (1 − P)·F.', from: 'r.cost_trust', cli: ['cost per query: trust / ignore'] },
      ignore: { type: 'number', doc: 'Per query, not querying (always negative): α·P.', from: 'r.cost_ignore' },
      optimal: { type: 'number', doc: "The smaller of `trust` and `ignore` (the decision's cost).", from: 'r.cost_optimal' },
    },
  },
  ParadoxResult: {
    doc: 'The Bloom paradox of a Bloom filter (004 §IV, Theorem 1): the posterior of a positive, the threshold prior P₀, the decision.',
    core: { struct: 'BloomParadoxResult', header: 'paradox/bloom.hpp' },
    methods: ['paradox'],
    fields: {
      prior: { type: 'number', unit: 'probability', doc: 'P = Pr(x ∈ S), the prior of the element queried.', cli: ['prior P', 'plain'] },
      alpha: { type: 'number', doc: "α = W_FN / W_FP, the cost of a false negative in units of a false positive's.", cli: ['alpha'] },
      fpr: { type: 'number', unit: 'probability', doc: 'The FPR used: as given, or (1/2)^{ln2·bpe}.', cli: ['filter FPR F'] },
      bitsPerElement: { type: 'number', unit: 'bits per item', doc: 'As given, or the bits per element whose model FPR is `fpr`: −ln F / ln²2.' },
      posterior: { type: 'number', unit: 'probability', doc: 'Pr(x ∈ S | BF = 1) = P / (P + (1 − P)·F).', cli: ['posterior Pr(x∈S | positive)', 'plain'] },
      posteriorComplement: { type: 'number', unit: 'probability', doc: 'Pr(x ∉ S | BF = 1), computed separately so it keeps precision near 0.' },
      threshold: {
        type: 'number',
        unit: 'probability',
        doc: "Theorem 1's threshold P₀ = F/(F + α) = 1/(1 + α·2^{ln2·m/n}).",
        cli: ['threshold P₀ = F/(F+α)', 'plain'],
      },
      posteriorThreshold: {
        type: 'number',
        unit: 'probability',
        doc: '1/(1 + α): a positive is worth trusting iff the posterior reaches this.',
        cli: ['posterior threshold 1/(1+α)', 'plain'],
      },
      paradox: { type: 'flag', doc: 'Theorem 1: P < P₀, the Bloom paradox — ignore the filter for this element.' },
      decision: {
        type: 'ParadoxDecision',
        from: 'r.paradox ? "ignore" : "trust"',
        doc: "`'ignore'` when `paradox` (answer negative, do not even query), else `'trust'`.",
      },
      costs: { type: 'ParadoxCosts', from: 'r', doc: 'The expected costs of each answer.', cli: ['costs'] },
      positiveProbability: { type: 'number', unit: 'probability', doc: 'Pr(BF = 1) = P + (1 − P)·F.' },
      minBitsPerElement: {
        type: 'number',
        unit: 'bits per item',
        nullable: true,
        cli: ['min bits/element, no paradox'],
        doc: 'Fig. 2(b): the smallest m/n with no paradox, ln((1 − P)/(αP))/ln²2 (≥ 0); null for P = 0.',
      },
    },
  },
  CbfCosts: {
    doc: 'The expected cost of each answer of a counting filter (004 Theorem 4), in units of W_FP.',
    core: { struct: 'CbfResult', header: 'paradox/cbf.hpp' },
    fields: {
      positive: { type: 'number', doc: 'E₁ = 1 − Pr(x ∈ S | CBF).', from: 'r.cost_positive' },
      negative: { type: 'number', doc: 'E₀ = α·Pr(x ∈ S | CBF).', from: 'r.cost_negative' },
    },
  },
  CbfResult: {
    doc: 'Membership from the k counters of a counting Bloom filter (004 Theorem 2) and the optimal answer (Theorem 4).',
    core: { struct: 'CbfResult', header: 'paradox/cbf.hpp' },
    methods: ['cbf'],
    fields: {
      counters: { type: 'number', list: true, doc: 'c_1..c_k, the counters of the element queried.', cli: ['counters', 'list'] },
      m: { type: 'number', unit: 'counters', doc: 'Counters of the filter.' },
      n: { type: 'number', unit: 'items', doc: 'Items inserted.' },
      k: { type: 'number', unit: 'hashes', doc: 'Hash functions.' },
      prior: { type: 'number', unit: 'probability', doc: 'P = Pr(x ∈ S).' },
      alpha: { type: 'number', doc: 'α = W_FN / W_FP.' },
      product: { type: 'number', finite: true, doc: '∏ c_j (null beyond double range).', cli: ['product'] },
      logProduct: { type: 'number', finite: true, doc: 'Σ ln c_j (null when a counter is 0).' },
      logLikelihoodRatio: { type: 'number', finite: true, doc: 'ln(m^k·∏c_j / (nk)^k) (null when a counter is 0).' },
      posterior: {
        type: 'number',
        unit: 'probability',
        doc: 'Theorem 2: m^k·π·P / (m^k·π·P + (nk)^k·(1 − P)); 0 when a counter is 0.',
        cli: ['posterior Pr(x∈S | CBF)', 'plain'],
      },
      posteriorComplement: { type: 'number', unit: 'probability', doc: 'Pr(x ∉ S | CBF), computed separately so it keeps precision near 0.' },
      posteriorThreshold: { type: 'number', unit: 'probability', doc: '1/(1 + α) (Theorem 4).', cli: ['threshold 1/(1+α)', 'plain'] },
      minProduct: {
        type: 'number',
        nullable: true,
        finite: true,
        cli: ['minimal product answered positive'],
        doc:
          'Π(x, k) of §V-C: the smallest counter product answered positive; null when none is (P = 0) or when it exceeds every double ' +
          '(no realisable product is answered positive), never Infinity.',
      },
      decision: { type: 'CbfDecision', from: 'r.positive ? "positive" : "negative"', doc: "Theorem 4's optimal answer." },
      costs: { type: 'CbfCosts', from: 'r', doc: 'The expected cost of each answer.', cli: ['expected cost: positive / negative'] },
    },
  },
  CbfCostByK: {
    doc: "The optimal decision's expected cost at one k (004 §V-C).",
    core: { struct: 'CbfCostByK', header: 'paradox/cbf.hpp' },
    fields: {
      k: { type: 'number', unit: 'hashes', doc: 'Hash functions.' },
      minProduct: { type: 'number', nullable: true, finite: true, doc: 'Π(x, k), or null when no (realisable) product is answered positive; never Infinity.' },
      fpr: { type: 'number', unit: 'probability', doc: "Pr(answer positive | x ∉ S) under Theorem 4's rule." },
      fnr: { type: 'number', unit: 'probability', doc: 'Pr(answer negative | x ∈ S).' },
      cost: { type: 'number', doc: 'E(x, k) = (1 − P)·fpr + α·P·fnr (§V-C).' },
    },
  },
  CbfOptimalKResult: {
    doc: 'The expected cost of the optimal decision for each k in [1, kmax] (k ≤ m), and its minimiser (004 §V-C).',
    core: { struct: 'CbfOptimalK', header: 'paradox/cbf.hpp' },
    methods: ['cbfOptimalK'],
    fields: {
      byK: { type: 'CbfCostByK', list: true, doc: "Each k's cost, k = 1, 2, …." },
      bestK: { type: 'number', unit: 'hashes', doc: 'The k with the lowest expected cost.' },
    },
  },
  BhCbfResult: {
    doc: "Membership from a B_h-CBF's entries (004 Theorem 5) and the optimal answer.",
    core: { struct: 'BhCbfResult', header: 'paradox/bh_cbf.hpp' },
    methods: ['bhCbf'],
    fields: {
      multiplicities: { type: 'number', list: true, nullable: true, doc: 'y_j for entries with c_j ≤ h, null for the others.' },
      delta: { type: 'number', doc: "Theorem 5's δ = ∏_{c_j > h} c_j · ∏_{c_j ≤ h} ℓ·y_j." },
      posterior: { type: 'number', unit: 'probability', doc: 'Pr(x ∈ S | B_h-CBF), Theorem 5.' },
      posteriorThreshold: { type: 'number', unit: 'probability', doc: '1/(1 + α) (Theorem 4).' },
      decision: { type: 'CbfDecision', from: 'r.positive ? "positive" : "negative"', doc: "Theorem 4's rule applied to Theorem 5's probability." },
    },
  },
  ClassOutcome: {
    doc: 'One prior class under a selective policy.',
    core: { struct: 'ClassOutcome', header: 'paradox/selective.hpp' },
    fields: {
      prior: { type: 'number', unit: 'probability', doc: "The class's prior n_i / N_i." },
      inserted: { type: 'number', unit: 'items', doc: 'Members inserted into the filter.' },
      queried: { type: 'flag', doc: "Whether the filter is queried for this class's elements." },
    },
  },
  SelectiveOutcome: {
    doc: 'One policy of selective insertion and query (004 §VI); `selective` returns one per policy.',
    core: { struct: 'SelectiveOutcome', header: 'paradox/selective.hpp' },
    methods: ['selective'],
    fields: {
      policy: { type: 'SelectivePolicy', doc: 'Which side is selective.' },
      inserted: { type: 'number', unit: 'items', doc: 'n*, elements inserted.' },
      k: { type: 'number', unit: 'hashes', doc: 'The integer nearest ln2·m/n*, in [1, 64].' },
      threshold: { type: 'number', unit: 'probability', doc: "P₀ used for this policy's decisions (0 for the selective CBF)." },
      filterFpr: { type: 'number', unit: 'probability', doc: 'Mean FPR of the filter, (1 − (1 − k/m)^{n*})^k.' },
      falsePositives: { type: 'number', doc: 'Expected false positives over one query of each element.' },
      falseNegatives: { type: 'number', doc: 'Expected false negatives over one query of each element.' },
      fpr: { type: 'number', unit: 'probability', doc: 'falsePositives / (N − n).' },
      fnr: { type: 'number', unit: 'probability', doc: 'falseNegatives / n.' },
      cost: { type: 'number', doc: 'falsePositives + α·falseNegatives.' },
      classes: { type: 'ClassOutcome', list: true, doc: 'Each prior class: its prior, members inserted, whether queried.' },
    },
  },
  OrderStep: {
    doc: 'One query of the cache order.',
    core: { struct: 'CacheStep', header: 'paradox/cache_order.hpp' },
    fields: {
      proxy: { type: 'CacheProxy', from: 'r.proxy < 0 ? val(std::string("special")) : val(r.proxy)', doc: "Index into `probs`, or `'special'`." },
      prob: { type: 'number', unit: 'probability', doc: "The query's success probability." },
      cost: { type: 'number', doc: "The query's cost." },
      reach: { type: 'number', unit: 'probability', doc: 'Probability that this query is sent (every earlier one failed).' },
    },
  },
  OrderResult: {
    doc: 'The optimal order of queries to the proxies of a distributed cache (004 §VII, Theorems 6 and 7).',
    core: { struct: 'CacheOrderResult', header: 'paradox/cache_order.hpp' },
    methods: ['order'],
    fields: {
      order: {
        type: 'CacheProxy',
        list: true,
        from: 'r.steps',
        each: 'x.proxy < 0 ? val(std::string("special")) : val(x.proxy)',
        doc: 'The queries in order, up to the first that surely succeeds.',
      },
      steps: { type: 'OrderStep', list: true, doc: 'Each query in order.' },
      expectedCost: { type: 'number', doc: "The order's expected cost." },
      theorem: { type: 'OrderTheorem', doc: '7 when all regular costs are equal (the simple case), else 6.' },
    },
  },
};
