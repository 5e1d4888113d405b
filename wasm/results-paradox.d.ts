// The results of the Bloom paradox and the counting-filter questions (paradox, cbf, bhCbf, selective, order).

// ---- The Bloom paradox (Rottenstreich & Keslassy, paper 004) ------------------------------------
// Costs are in units of the cost of a false positive W_FP; α = W_FN / W_FP (004 Table I).
// A probability field accepts a number or text (`1e-6`, `0.1%`, `1 in 1000`); a list accepts an array
// of numbers or comma-separated text (`"1,2,4"`).

export interface ParadoxCosts {
  /** E₁ of Theorem 1's proof: expected cost of answering positive after a positive, Pr(x ∉ S | BF = 1). */
  trustGivenPositive: number;
  /** E₀: expected cost of answering negative after a positive, α·Pr(x ∈ S | BF = 1). */
  ignoreGivenPositive: number;
  /** Per query, querying and trusting the filter: (1 − P)·F. */
  trust: number;
  /** Per query, not querying (always negative): α·P. */
  ignore: number;
  /** The smaller of `trust` and `ignore` (the decision's cost). */
  optimal: number;
}

export interface ParadoxResult {
  prior: number;
  alpha: number;
  /** The FPR used: as given, or (1/2)^{ln2·bpe}. */
  fpr: number;
  /** As given, or the bits per element whose model FPR is `fpr`: −ln F / ln²2. */
  bitsPerElement: number;
  /** Pr(x ∈ S | BF = 1) = P / (P + (1 − P)·F). */
  posterior: number;
  /** Pr(x ∉ S | BF = 1), computed separately so it keeps precision near 0. */
  posteriorComplement: number;
  /** Theorem 1's threshold P₀ = F/(F + α) = 1/(1 + α·2^{ln2·m/n}). */
  threshold: number;
  /** 1/(1 + α): a positive is worth trusting iff the posterior reaches this. */
  posteriorThreshold: number;
  /** Theorem 1: P < P₀, the Bloom paradox — ignore the filter for this element. */
  paradox: boolean;
  /** `'ignore'` when `paradox` (answer negative, do not even query), else `'trust'`. */
  decision: 'trust' | 'ignore';
  costs: ParadoxCosts;
  /** Pr(BF = 1) = P + (1 − P)·F. */
  positiveProbability: number;
  /** Fig. 2(b): the smallest m/n with no paradox, ln((1 − P)/(αP))/ln²2 (≥ 0); null for P = 0. */
  minBitsPerElement: number | null;
}

export interface CbfResult {
  counters: number[];
  m: number;
  n: number;
  k: number;
  prior: number;
  alpha: number;
  /** ∏ c_j (null beyond double range). */
  product: number | null;
  /** Σ ln c_j (null when a counter is 0). */
  logProduct: number | null;
  /** ln(m^k·∏c_j / (nk)^k) (null when a counter is 0). */
  logLikelihoodRatio: number | null;
  /** Theorem 2: m^k·π·P / (m^k·π·P + (nk)^k·(1 − P)); 0 when a counter is 0. */
  posterior: number;
  posteriorComplement: number;
  /** 1/(1 + α) (Theorem 4). */
  posteriorThreshold: number;
  /**
   * Π(x, k) of §V-C: the smallest counter product answered positive; null when none is (P = 0) or when it
   * exceeds every double (no realisable product is answered positive), never Infinity.
   */
  minProduct: number | null;
  /** Theorem 4's optimal answer. */
  decision: 'positive' | 'negative';
  costs: {
    /** E₁ = 1 − Pr(x ∈ S | CBF). */
    positive: number;
    /** E₀ = α·Pr(x ∈ S | CBF). */
    negative: number;
  };
}

export interface CbfCostByK {
  k: number;
  /** Π(x, k), or null when no (realisable) product is answered positive; never Infinity. */
  minProduct: number | null;
  /** Pr(answer positive | x ∉ S) under Theorem 4's rule. */
  fpr: number;
  /** Pr(answer negative | x ∈ S). */
  fnr: number;
  /** E(x, k) = (1 − P)·fpr + α·P·fnr (§V-C). */
  cost: number;
}

export interface CbfOptimalKResult {
  byK: CbfCostByK[];
  /** The k with the lowest expected cost. */
  bestK: number;
}

export interface BhCbfResult {
  /** y_j for entries with c_j ≤ h, null for the others. */
  multiplicities: (number | null)[];
  /** Theorem 5's δ = ∏_{c_j > h} c_j · ∏_{c_j ≤ h} ℓ·y_j. */
  delta: number;
  /** Pr(x ∈ S | B_h-CBF), Theorem 5. */
  posterior: number;
  posteriorThreshold: number;
  decision: 'positive' | 'negative';
}

export type SelectivePolicy = 'none' | 'insertion' | 'query' | 'both';

export interface SelectiveOutcome {
  policy: SelectivePolicy;
  /** n*, elements inserted. */
  inserted: number;
  /** The integer nearest ln2·m/n*, in [1, 64]. */
  k: number;
  /** P₀ used for this policy's decisions (0 for the selective CBF). */
  threshold: number;
  /** Mean FPR of the filter, (1 − (1 − k/m)^{n*})^k. */
  filterFpr: number;
  falsePositives: number;
  falseNegatives: number;
  /** falsePositives / (N − n). */
  fpr: number;
  /** falseNegatives / n. */
  fnr: number;
  /** falsePositives + α·falseNegatives. */
  cost: number;
  classes: { prior: number; inserted: number; queried: boolean }[];
}

export interface OrderStep {
  /** Index into `probs`, or `'special'`. */
  proxy: number | 'special';
  prob: number;
  cost: number;
  /** Probability that this query is sent (every earlier one failed). */
  reach: number;
}

export interface OrderResult {
  /** The queries in order, up to the first that surely succeeds. */
  order: (number | 'special')[];
  steps: OrderStep[];
  expectedCost: number;
  /** 7 when all regular costs are equal (the simple case), else 6. */
  theorem: 6 | 7;
}
