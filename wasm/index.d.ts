// bloomcalc — Bloom-filter calculator compiled from C++ to WebAssembly.
// Symbols follow the papers: m bits, n items, k hash functions, p false-positive rate.
// Every function throws a `RangeError` (value out of range, unreadable text, infeasible request) or a
// `TypeError` (a value of the wrong JS type) whose message names the parameter and its valid range; the
// error also carries `parameter` and `validRange` (see BloomCalcError). A cancelled computation throws an
// `Error` named "AbortError". Errors leak nothing; the module stays usable after any error.
// Strict inputs: a field an input (or options) object does not declare (here or in wasm/inputs.d.ts) is a `TypeError` whose `parameter` is
// that field and whose `validRange` lists the accepted ones, with the nearest in the message ("did you mean
// 'hashing'?"), thrown before any other check, whatever its value; `@deprecated` fields are older names, still read.

// The inputs of every method and their named choices are generated from the schema (schema/, wasm/inputs.d.ts).
import type {
  Hashing,
  Rounding,
  SizingMethod,
  Quantity,
  HashBits,
  Recycling,
  RestartLaw,
  SwapPoint,
  RbfMethod,
  SimStructure,
  SimHashing,
  SimStream,
  SimBoundary,
  Layout,
  LayoutPreset,
  LayoutHashScheme,
  LibraryName,
  NumberList,
  Flag,
  FilterInput,
  FprInput,
  HashFloorInput,
  SizingInput,
  RbfInput,
  SigmaCurveInput,
  NBoundedInput,
  RecommendInputBase,
  RecommendInput,
  ParadoxInput,
  ParadoxCurveInput,
  CbfInput,
  CbfOptimalKInput,
  BhCbfInput,
  SelectiveInput,
  OrderInput,
  SimulationInput,
  ParadoxSimulationInput,
  LayoutInput,
  LayoutSizingInput,
  LibrarySizeInput,
  ScalableInput,
  LayoutSimulationInput,
} from './inputs.js';
export type * from './inputs.js';

/** The variant of every recycling model (rbf, sigmaCurve, recommend). */
export type RbfVariantInput = Pick<RbfInput, 'hashing' | 'recycling' | 'retaining' | 'restart' | 'swap'>;
/** How a recycling model is computed. */
export type RbfMethodInput = Pick<RbfInput, 'method'>;

/** The FPR floor of an h-bit hash (docs/hash-width.md, eqs H1, H2). */
export interface HashFloor {
  hashBits: HashBits;
  /** log2 S, S = min(2^h, the layout's probe sets). */
  log2ProbeSets: number;
  /** c = 1 − (1 − 1/S)^n: the FPR cannot be lower (eq H1). */
  floor: number;
  /** The FPR with the floor, f + c − f·c (eq H2). */
  fpr: number;
  /** c ≥ 1 % of the FPR (or of the target): worth showing. */
  matters: boolean;
  /** The target p is below the floor: no m or k reaches it with this hash. */
  targetBelowFloor: boolean;
}

export interface RelativeErrors {
  /** (classic − exact) / exact */
  classic: number;
  /** (classicDistinct − exact) / exact */
  classicDistinct: number;
  /** (bloom1970 − exact) / exact */
  bloom1970: number;
}

export interface FprReport {
  m: number;
  n: number;
  k: number;
  hashing: Hashing;
  /** Exact mean FPR for `hashing` (Christensen–Roginsky–Jimeno, 001 eqs 8, 17, 18). */
  exact: number;
  /** Classic formula (1 − (1 − 1/m)^{kn})^k, colliding hashes (001 eq 1). */
  classic: number;
  /** Classic formula for distinct hashes (1 − (1 − k/m)^n)^k. */
  classicDistinct: number;
  /** Bloom's 1970 formula (1 − (1 − k/m)^n)^k (001 eq 19). */
  bloom1970: number;
  /** Signed relative error of each formula against `exact`. */
  relativeError: RelativeErrors;
  /** m / n */
  bitsPerElement: number;
  /** With `hashBits`: the floor of that hash width (docs/hash-width.md). */
  hashFloor?: HashFloor;
}

export interface KChoice {
  k: number;
  /** FPR at this k under the sizing method. */
  p: number;
}

export interface Memory {
  bytes: number;
  KiB: number;
  MiB: number;
  GiB: number;
}

/** What `size` solved: `'none'` when n, p, m and k were all given. */
export type SizingSolved = 'm,k' | 'm' | 'p' | 'n' | 'n,k' | 'k' | 'none';

export interface SizingResult {
  /** What was solved, or `'none'` when all four were given (then `meetsTarget` answers). */
  solved: SizingSolved;
  m: number;
  n: number;
  k: number;
  hashing: Hashing;
  /** FPR achieved by the final (m, n, k) under `method`, after rounding k to an integer and m by `rounding`. */
  p: number;
  /** The requested p, or null. */
  target: number | null;
  /** p ≤ target (true when no target was given). */
  meetsTarget: boolean;
  /**
   * The classic real-valued m, −n·ln p / ln²2 (or −kn / ln(1 − p^{1/k}) for a given k): what classic
   * calculators round up and report. It assumes a real-valued k, so with the integer k its ceiling can
   * miss p; `m` is instead the smallest integer m (before `rounding`) that meets p with an integer k.
   * Equal to m when m was given.
   */
  mIdeal: number;
  /** Real-valued optimal k for the final m and n, (m/n)·ln 2. */
  kIdeal: number;
  /** The two integers either side of kIdeal (clamped to [1, 64]) with their FPR. */
  kChoices: [KChoice, KChoice];
  bitsPerElement: number;
  memory: Memory;
  rounding: Rounding;
  method: SizingMethod;
  /** Every formula at the final filter. */
  fpr: FprReport;
  /** With `hashBits`: the floor of that hash width (docs/hash-width.md). */
  hashFloor?: HashFloor;
}

/** Which method ran and its bound. */
export interface RbfMethodResult {
  method: 'exact' | 'asymptotic';
  /** Large-M method: bound on the relative error of the FPRs and E[N₀] reported; null for the exact fill. */
  errorBound: number | null;
}

export interface RbfVariant {
  hashing: Hashing;
  recycling: Recycling;
  restart: RestartLaw;
  swap: SwapPoint;
}

export interface RbfResult extends RbfMethodResult {
  m: number;
  bitsPerFilter: number;
  k: number;
  sigma: number;
  phases: 1 | 2;
  variant: RbfVariant;
  /** Long-term average FPR over new messages: f¹_σ (000 eq 18) or the exact f²_σ. */
  averageFpr: number;
  /** E[N₀]: new-message arrivals per cycle, the recycling one included (000 eqs 20–23, boundary b > σ). */
  expectedMessages: number;
  /** One phase: messages whose bits are in the filter when it recycles. */
  messagesHeld?: number;
  /** One phase, retaining: distribution of the bits set when a cycle starts (index = bits). */
  restart?: number[];
  /** Two phases: 000 eq 26's product form (exact for distinct hashing only). */
  averageFprEq26?: number;
  /** Two phases: Σ π_b ρ(b) of the active filter. */
  activeFpr?: number;
  /** Two phases: Σ F_f ρ(f) of the frozen filter. */
  frozenFpr?: number;
  /** Two phases: distribution of the frozen filter's bits (index = bits − frozenFrom). */
  frozen?: number[];
  /** Two phases: the bits of frozen[0] (0 for the exact method; the large-M method returns F's window of ≤ k + 1 levels). */
  frozenFrom?: number;
}

export interface SigmaCurve extends RbfMethodResult {
  sigma: number[];
  averageFpr: number[];
  expectedMessages: number[];
}

export interface NBoundedResult {
  m: number;
  k: number;
  N: number;
  hashing: Hashing;
  /** f_w: eq 1 at the N-th arrival (N − 1 messages inserted). */
  worstCase: number;
  /** f_o: eq 2, the oracle user's average with eq 1. */
  oracle: number;
  /** f_a: eq 3, the real user's lower bound. */
  lowerBound: number;
  /**
   * Exact long-run average FPR of the real user, who counts only messages that set bits: 1 when `canFill`
   * (the filter then fills with positive probability and never recycles), else `exactGivenCycleEnds`.
   */
  exact: number;
  /** The real user's average over the cycles that end (renewal–reward conditioned on not filling). */
  exactGivenCycleEnds: number;
  /** (N − 1)·k ≥ m: the real user's filter can fill before its N-th counted message (decided exactly). */
  canFill: boolean;
  /** P(a cycle fills the filter); 0 when it cannot, and it may underflow to 0 when it can. */
  fillProbability: number;
  /** Exact average FPR of the oracle user (001's exact FPR averaged over the cycle). */
  exactOracle: number;
  /** Real user: new-message arrivals per cycle that ends; null when unbounded (no cycle ends), never Infinity. */
  expectedArrivals: number | null;
}

export interface RuleChoice {
  feasible: boolean;
  /** σ (bits) for the σ-bounded rules, N (messages) for the N-bounded ones; null when infeasible. */
  threshold: number | null;
  /** Expected new-message arrivals per cycle at that threshold. */
  capacity: number | null;
  /** The rule's average FPR at that threshold. */
  fpr: number | null;
}

export interface BestChoice extends RuleChoice {
  k: number | null;
  /** capacity / best worst-case capacity − 1 */
  gainOverWorstCase: number | null;
}

export interface RecommendRow extends RbfMethodResult {
  k: number;
  onePhase: RuleChoice;
  twoPhase: RuleChoice;
  worstCase: RuleChoice;
  oracle: RuleChoice;
  lowerBound: RuleChoice;
}

export interface Recommendation {
  /**
   * The method of every row, or `mixed` when the rows used both (`auto` with kmax > 32 at 2^16 < M ≤ 2^24: the
   * large-M method for k ≤ 32, the exact fill above); each row carries its own (docs/rbf.md#large-m-limits).
   */
  method: 'exact' | 'asymptotic' | 'mixed';
  /** The largest row bound, which holds for every row (an exact row's is 0); null when every row is exact. */
  errorBound: number | null;
  m: number;
  /** The target p. */
  p: number;
  /** @deprecated the older name of `p`. */
  fpr: number;
  variant: RbfVariant;
  /** One row per k = 1..kmax. */
  rows: RecommendRow[];
  best: { onePhase: BestChoice; twoPhase: BestChoice; worstCase: BestChoice; oracle: BestChoice; lowerBound: BestChoice };
}

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

// ---- simulation (docs/simulation.md) ----------------------------------------------------------------

/** The completed configuration (defaults filled in); fields that do not apply are null. */
export interface SimulationConfig {
  structure: SimStructure;
  m: number;
  k: number;
  hashing: SimHashing;
  n: number | null;
  sigma: number | null;
  boundary: SimBoundary;
  retaining: boolean;
  /** two-phase only. */
  swap: SwapPoint | null;
  stream: SimStream;
  pool: number | null;
  newFraction: number | null;
  window: number | null;
  queries: number | null;
  epochs: number;
  arrivals: number;
  warmup: number;
  seed: number;
  confidence: number;
}

/** A rate's interval, within [0, 1]: a symmetric Student-t interval around a rare rate is clipped at 0 (halfWidth stays the t half-width). */
export interface Interval {
  low: number;
  high: number;
}

/** One averaging variant of 002 §II-E, estimated by batch means over epochs. */
export interface VariantEstimate {
  /** Mean of the per-epoch rates. */
  mean: number;
  /** Sample standard deviation of the per-epoch rates. */
  sd: number;
  /** t_{E−1,(1+c)/2} · sd / √E */
  halfWidth: number;
  /** mean ± halfWidth */
  interval: Interval;
  /** Epochs with a non-zero denominator. */
  epochsUsed: number;
  numerator: number;
  denominator: number;
  /** numerator / denominator over all epochs. */
  pooled: number;
  /** Garwood's exact Poisson interval on the numerator, divided by the denominator (null for count-each). */
  poisson: Interval | null;
}

export interface SimulationModel {
  value: number;
  name: string;
  reference: string;
  /** False when the model assumes something the run does not (e.g. ideal hashing for a double-hashing run). */
  exactConfiguration: boolean;
  note: string;
  /**
   * False when the model is not the quantity measured: a recycling filter driven by a stream with repeats (pool,
   * fading), where the FPR of new arrivals depends on the repeat pattern. Then there is no verdict (null below).
   */
  applies: boolean;
  /** The model lies inside the t interval of count-instance (null when the model does not apply). */
  insideT: boolean | null;
  /** The model lies inside the Poisson interval of count-instance (null when the model does not apply). */
  insidePoisson: boolean | null;
}

/** Per-epoch counts, one entry per epoch. */
export interface EpochCounts {
  arrivals: number[];
  newArrivals: number[];
  /** First arrivals (new to the filter) answered "seen": the false positives of count-instance and count-first. */
  fpFirst: number[];
  /** Every arrival of a message whose first arrival was a false positive (count-each). */
  fpEach: number[];
  /** Arrivals of a message seen before that the filter answered "new" (after a recycle). */
  falseNegatives: number[];
  recycles: number[];
}

export interface SimulationResult {
  config: SimulationConfig;
  done: boolean;
  /** Bit probes performed. */
  probes: number;
  /** count-instance mean FPR (batch means): the papers' measure. */
  mean: number;
  halfWidth: number;
  /** Student-t interval at `config.confidence`. */
  interval: Interval;
  /** Exact Poisson (Garwood) interval on the total false-positive count. */
  poisson: Interval | null;
  falsePositives: number;
  newArrivals: number;
  variants: { countInstance: VariantEstimate; countFirst: VariantEstimate; countEach: VariantEstimate };
  epochCounts: EpochCounts;
  epochs: number;
  recycles: number;
  falseNegatives: number;
  counterSaturations: number;
  /** The model value of this configuration, when a model exists (bloom/counting: exact mean FPR; sigma, two-phase, n-real, n-oracle: the recycling models of docs/rbf.md), else null. */
  model: SimulationModel | null;
}

export interface SimulationProgress {
  done: boolean;
  epochsDone: number;
  arrivalsDone: number;
  arrivalsTotal: number;
  probes: number;
  probesTotal: number;
  /** probes / probesTotal, 1 when done. */
  fraction: number;
  /** count-instance rate of each epoch completed since the previous report. */
  epochRates: number[];
}

export interface SimulateOptions {
  onProgress?: (progress: SimulationProgress) => void;
  /** An AbortSignal (structurally): aborting rejects the promise with an `AbortError` (or the signal's reason). */
  signal?: { readonly aborted: boolean; readonly reason?: unknown };
  /** Target length of one chunk of work between progress reports, ms (default 8). */
  chunkMs?: number;
}

/**
 * A simulation driven chunk by chunk (what the page's Web Worker does). Call dispose() when done: it frees the
 * wasm memory at once (a handle dropped without it is freed only when garbage-collected).
 */
export interface SimulationHandle {
  /** Runs about `probes` bit probes (default: a chunk of about `chunkMs`); returns the progress. */
  step(probes?: number): SimulationProgress;
  progress(): Omit<SimulationProgress, 'epochRates'>;
  /** Statistics of the completed epochs. */
  result(): SimulationResult;
  dispose(): void;
  readonly disposed: boolean;
}

// ---- The Bloom paradox on the simulation engine (004 Theorem 1 checked on real filters) ----------

export interface ParadoxSimulationResult {
  config: { structure: 'bloom' | 'counting'; m: number; n: number; k: number; hashing: string; prior: number; queries: number; epochs: number; seed: number; confidence: number };
  done: boolean;
  probes: number;
  epochs: number;
  /**
   * Measured Pr(x ∈ S | positive): `mean` = Σ member positives / Σ positives; `halfWidth` the Student-t half-width
   * on the per-epoch residuals; [`low`, `high`] that t interval clipped to [0, 1] joined with Clopper–Pearson's
   * exact binomial interval on the member positives among the positives (the t interval collapses to a point
   * when few positives are all, or none, members). No positive observed: `mean` and `halfWidth` null, [0, 1].
   */
  posterior: { mean: number | null; halfWidth: number | null; low: number; high: number };
  /** Theorem 1's posterior P/(P + (1 − P)·F) at the exact mean FPR F. */
  theorem: number;
  /** Whether `theorem` lies in [posterior.low, posterior.high]; false when no positive was observed. */
  inside: boolean;
  /** Theorem 1's posterior at the classic FPR (1 − e^{−kn/m})^k, and whether it lies inside. */
  theoremClassic: number;
  classicInside: boolean;
  /** The exact mean FPR (the engine's model), its name and reference; note when the hashing is not ideal. */
  fpr: number;
  fprName: string;
  fprReference: string;
  note: string;
  classicFpr: number;
  /** False positives / non-member queries. */
  measuredFpr: number;
  counts: { queries: number; memberQueries: number; positives: number; memberPositives: number; falsePositives: number };
  counterSaturations: number;
}

export interface ParadoxSimulationHandle {
  step(probes?: number): Omit<SimulationProgress, 'epochRates'>;
  progress(): Omit<SimulationProgress, 'epochRates'>;
  result(): ParadoxSimulationResult;
  dispose(): void;
  readonly disposed: boolean;
}

export interface SimulationLimits {
  maxBits: number;
  memoryBytes: number;
  maxProbes: number;
  maxEpochs: number;
  maxArrivals: number;
  maxPool: number;
  maxWindow: number;
}

export interface LayoutFilter {
  layout: Layout;
  m: number;
  n: number;
  k: number;
  /** B; m for the standard and partitioned layouts (one block). */
  blockBits: number;
  hashing: Hashing;
}

export interface LayoutApproximation {
  /** 'classic' | 'putze-eq3' | 'boost-block' | 'rocksdb' | 'boost-multiblock' */
  name: string;
  /** Plain text; powers as `x^(…)` or `x^k` (the page sets them as superscripts). */
  label: string;
  /** The formula and its source, plain text as `label`. */
  reference: string;
  value: number;
  /** (value − exact)/exact */
  relativeError: number;
}

export interface WhatIf {
  factor: number;
  n: number;
  fpr: number;
}

export interface LayoutReport extends LayoutFilter {
  preset: string | null;
  /** Exact mean FPR of the layout. */
  exact: number;
  /** Exact mean FPR of the standard filter with the same m, n, k. */
  standardExact: number;
  blocks: number;
  loadPerBlock: number;
  bitsPerKey: number;
  approximations: LayoutApproximation[];
  /** FPR at 0.5×, 2× and 4× n. */
  whatIf: WhatIf[];
}

export interface LayoutMixture {
  fpr: number;
  jLow: number;
  jHigh: number;
  terms: number;
  /** Proven bound on the binomial mass left out, relative to fpr. */
  tailBound: number;
}

export interface LayoutSizingResult extends LayoutFilter {
  preset: string | null;
  target: number;
  /** Exact FPR of the sized filter. */
  fpr: number;
  meetsTarget: boolean;
  bitsPerKey: number;
  bytes: number;
  rounding: string;
  /** The smallest standard filter for the same n and p. */
  standard: { m: number; k: number; fpr: number; bitsPerKey: number };
  /** m / m_standard − 1. */
  overhead: number;
  approximations: LayoutApproximation[];
  whatIf: WhatIf[];
  /** Parquet only: what parquet-java's writer allocates for (ndv = n, fpp = p) and its exact FPR. */
  parquetWriter: { optimalNumOfBits: number; bytes: number; maxBytes: number; fpr: number; meetsTarget: boolean } | null;
  /** RocksDB only: the bits_per_key setting that gives this size. */
  rocksdbBitsPerKey: number | null;
  /** With `hashBits`: the floor of that hash width (docs/hash-width.md). */
  hashFloor?: HashFloor;
}

export interface LibraryInfo {
  name: LibraryName;
  label: string;
  /** Repository, file and function of its sizing rule. */
  source: string;
  /** The rule in symbols. */
  rule: string;
  /** How it chooses an item's bits. */
  probes: string;
  /** The width of the hash its probes come from; null for hur.st (a calculator). */
  hashBits: HashBits | null;
  /** simulateLayout's hashScheme with its probe arithmetic. */
  hashScheme: LayoutHashScheme;
}

export interface LibrarySizeResult extends LayoutFilter {
  library: LibraryName;
  label: string;
  source: string;
  rule: string;
  probes: string;
  hashScheme: LayoutHashScheme;
  /** Memory of the bit array as allocated (RocksDB: + 5 bytes of metadata). */
  bytes: number;
  bitsPerKey: number;
  /** p asked for. */
  target: number;
  /** Exact mean FPR of the filter the library builds, at n items. */
  exact: number;
  /** exact > target: the library misses the target it was given. */
  missesTarget: boolean;
  /** A cap or rounding that decided the size, or the K chosen for Boost. */
  note: string | null;
  /** The floor of its hash width (null for hur.st without hashBits). */
  hashFloor: HashFloor | null;
}

export interface ScalableLink {
  /** C·S^i. */
  capacity: number;
  /** p(1 − R)R^i. */
  error: number;
  m: number;
  k: number;
  bytes: number;
  /** Items in it after n. */
  fill: number;
  /** Its exact FPR at that fill. */
  fpr: number;
}

export interface ScalableResult {
  p: number;
  capacity: number;
  ratio: number;
  growth: number;
  n: number;
  library: LibraryName;
  /** Exact FPR after n items, 1 − Π(1 − f_i) over the links (docs/scalable.md, eq S1). */
  fpr: number;
  /** Σ m_i. */
  bits: number;
  bytes: number;
  /** Σ p_i over the links present (≤ p). */
  bound: number;
  missesTarget: boolean;
  links: ScalableLink[];
  /** The R ∈ {0.05 … 0.95} and integer S ∈ [1, 8] needing the fewest bits for the same n, or null. */
  optimum: { ratio: number; growth: number; bits: number; links: number; fpr: number } | null;
}

export interface LayoutSimulationResult extends LayoutFilter {
  hashScheme: LayoutHashScheme;
  epochs: number;
  queries: number;
  seed: number;
  confidence: number;
  /** Per epoch. */
  falsePositives: number[];
  lookups: number;
  totalFalsePositives: number;
  rate: number;
  mean: number;
  halfWidth: number;
  /** Student-t interval over the per-epoch rates. */
  interval: Interval;
  exact: number;
  inside: boolean;
}

export interface LayoutPresetInfo {
  name: string;
  label: string;
  reference: string;
  layout: Layout;
  blockBits: number | null;
  wordBits: number | null;
  k: number | null;
  kRule: 'fixed' | 'rocksdb' | 'free';
}

/** What every thrown RangeError / TypeError carries. */
export interface BloomCalcError extends Error {
  /** The input field at fault (`m`, `n`, `k`, `fpr`, …), or an unknown field of the input (a `TypeError`). */
  parameter: string;
  /** Its valid range or form, as quoted in the message. */
  validRange: string;
}

export interface BloomCalc {
  /**
   * Long-term average FPR and expected messages per cycle of a σ-bounded recycling filter. The exact fill is
   * bounded before work: ≤ 2^24 bits per filter and, with distinct hashing, m·(k + 3) ≤ 2^25 (about 1 s); a
   * RangeError naming m beyond (docs/decisions.md, "Limits"). In Node, `rbfAsync(input)` computes the same
   * result on a worker thread without that work bound.
   */
  rbf(input: RbfInput): RbfResult;
  /** f_σ and E[N₀] over σ (one fill for every σ; the same bounds as rbf). */
  sigmaCurve(input: SigmaCurveInput): SigmaCurve;
  /** The N-bounded rules of 000 §III and the exact real-user average (work ≤ 2^27 estimated steps, ~0.6 s; a RangeError naming N beyond). */
  nBounded(input: NBoundedInput): NBoundedResult;
  /**
   * Per k, the largest σ (one and two phases) and N (worst case, oracle, lower bound) meeting fpr.
   * `onProgress(done, total)` is called after each k; returning false cancels (throws an Error named
   * "AbortError", message "cancelled"); an exception it throws cancels the work and is rethrown as is.
   */
  recommend(input: RecommendInput, onProgress?: (done: number, total: number) => boolean | void): Recommendation;
  /** The recommendation in parts (for a worker pool): how many rows it has, the method of the last and of each (methods[k − 1]). */
  recommendPlan(input: RecommendInput): { kMax: number; method: 'exact' | 'asymptotic'; methods: Array<'exact' | 'asymptotic'> };
  /** The rows of k = kLo..kHi (clipped to 1..kMax). */
  recommendRows(input: RecommendInput, kLo: number, kHi: number, onProgress?: (done: number, total: number) => boolean | void): RecommendRow[];
  /**
   * The recommendation from all kMax rows (any order), merged by the core: the same as recommend(input). Every
   * field of every row is checked: a TypeError or RangeError whose `parameter` is its path ("rows[3].onePhase.fpr").
   */
  mergeRecommendation(input: RecommendInput, rows: RecommendRow[]): Recommendation;
  /** Every FPR formula side by side for one filter. */
  fpr(input: FprInput): FprReport;
  /** Exact mean FPR by the fast, stable method (same value as `exactFprTable`, for m, n ≤ 2^40, k ≤ 64). */
  exactFpr(input: FilterInput): number;
  /** Exact mean FPR by 001's table method (Fig. 1); refuses work above 2^27 table cells (about 0.3 s). */
  exactFprTable(input: FilterInput): number;
  /** Solve the missing quantities from any consistent subset of n, p, m, k. */
  size(input: SizingInput): SizingResult;
  /** The Bloom paradox for one element (004 Theorem 1, Fig. 2): posterior, threshold, decision, costs. */
  paradox(input: ParadoxInput): ParadoxResult;
  /** The posterior Pr(x ∈ S | BF = 1) at each prior (004 Fig. 2(a)). */
  paradoxCurve(input: ParadoxCurveInput): number[];
  /** Membership probability from CBF counters and the optimal answer (004 Theorems 2, 4). */
  cbf(input: CbfInput): CbfResult;
  /** Expected cost of Theorem 4's rule for each k and the best k (004 §V-C). */
  cbfOptimalK(input: CbfOptimalKInput): CbfOptimalKResult;
  /** Membership probability in a B_h-CBF (004 Theorem 5). */
  bhCbf(input: BhCbfInput): BhCbfResult;
  /** Per-class policies: plain, selective insertion, query, both (004 §IV-C, Table II); or the CBF (Table III). */
  selective(input: SelectiveInput): SelectiveOutcome[];
  /** Optimal order of proxy queries in a distributed cache (004 Theorems 6, 7). */
  order(input: OrderInput): OrderResult;
  /**
   * Parse a count such as `1M`, `1Mi`, `2^20`, `1e6`. Always finite (overflow such as `1e400` or `2^2000`
   * is a RangeError); a negative or fractional number (`-5`, `2.5`) is returned as read: the range is the
   * check of the method that uses it. All of the text counts (`"5\u0000abc"` is unreadable, not 5).
   */
  parseCount(text: string, parameter?: string): number;
  /** Parse a size in bits such as `64KiB`, `2Gb`, `8192`; finite, sign and fraction as for parseCount. */
  parseBits(text: string, parameter?: string): number;
  /** Parse a probability such as `0.1%`, `1 in 1000`, `1e-3`. */
  parseProbability(text: string, parameter?: string): number;
  /** Runs the real structure in chunks, yielding between them; resolves with the statistics. */
  simulate(input: SimulationInput, options?: SimulateOptions): Promise<SimulationResult>;
  /** The same, run to completion without yielding. */
  simulateSync(input: SimulationInput): SimulationResult;
  /** A simulation to drive yourself (e.g. in a Web Worker). Throws the named errors at once. */
  createSimulation(input: SimulationInput, options?: { chunkMs?: number }): SimulationHandle;
  /** Validates an input and returns the completed configuration (defaults filled in). */
  simulationConfig(input: SimulationInput): SimulationConfig;
  /** 004 Theorem 1 on the engine's real filter: measured posterior ± interval beside the theorem. */
  simulateParadox(input: ParadoxSimulationInput, options?: SimulateOptions): Promise<ParadoxSimulationResult>;
  /** The same, run to completion without yielding. */
  simulateParadoxSync(input: ParadoxSimulationInput): ParadoxSimulationResult;
  /** A paradox simulation to drive yourself (e.g. in a Web Worker). */
  createParadoxSimulation(input: ParadoxSimulationInput, options?: { chunkMs?: number }): ParadoxSimulationHandle;
  /** Exact FPR of a layout or preset, the standard filter beside it, the anchors' approximations, what-if. */
  layoutFpr(input: LayoutInput): LayoutReport;
  /** Exact mean FPR of a layout (milliseconds for any m, n ≤ 2^40). */
  layoutExactFpr(input: LayoutInput): number;
  /**
   * The same mean as a sum over the block load with a proven tail bound (a second method). Its work is
   * estimated before it starts: beyond 10^7 binomial terms (≲ 1 s) a RangeError names n (use layoutExactFpr).
   */
  layoutMixture(input: LayoutInput): LayoutMixture;
  /** Smallest filter of a layout or preset meeting p, with its rounding, the standard filter and what-if. */
  layoutSize(input: LayoutSizingInput): LayoutSizingResult;
  /**
   * Simulates the real layout structure (synchronous; m ≤ 2^31, ≤ 2^27 bit probes, and an estimated time
   * epochs·(n + queries)·(k + 3 + 24 per cache line an item touches when m > 2^24 bits) ≤ 2^26: about 1 s).
   */
  simulateLayout(input: LayoutSimulationInput): LayoutSimulationResult;
  /** The presets and their parameters. */
  layoutPresets(): LayoutPresetInfo[];
  /** The libraries whose sizing is modelled (docs/libraries.md). */
  libraries(): LibraryInfo[];
  /** What a library allocates for n items at target p, and the exact FPR of that filter (docs/libraries.md). */
  librarySize(input: LibrarySizeInput): LibrarySizeResult;
  /** The FPR floor of a 32- or 64-bit hash for a filter (docs/hash-width.md). */
  hashFloor(input: HashFloorInput): HashFloor;
  /** A scalable filter's links, exact FPR after n items and memory, and the memory-optimal R and S (docs/scalable.md). */
  scalable(input: ScalableInput): ScalableResult;
  readonly limits: { maxBits: number; maxItems: number; maxHashes: number; /** Largest M of the recycling models (the large-M method). */ maxRbfBits: number; /** Largest M per filter of their exact method. */ maxRbfExactBits: number; simulation: SimulationLimits };
}

export interface CreateOptions {
  /**
   * Which WebAssembly modules to load (default all three): 'main' (`bloomcalc.web.wasm`: every method but the
   * recycling filters' and the library questions'), 'rbf' (`bloomcalc.rbf.wasm`: rbf, sigmaCurve, nBounded,
   * recommend*) and 'tools' (`bloomcalc.tools.wasm`: libraries, librarySize, hashFloor, scalable). All have
   * the parsers, size and limits (and 'main' hashFloor too); a method of a module not loaded throws an Error
   * saying so.
   */
  modules?: ReadonlyArray<'main' | 'rbf' | 'tools'>;
  /**
   * Where to find `bloomcalc.web.wasm`, `bloomcalc.rbf.wasm` and `bloomcalc.tools.wasm` (browser build), as
   * in Emscripten's locateFile: called with each file's name.
   */
  locateFile?: (path: string, prefix: string) => string;
  /** The main module's wasm bytes (`bloomcalc.web.wasm`), when the caller loads them itself. */
  wasmBinary?: ArrayBuffer | Uint8Array;
  /** The recycling module's wasm bytes (`bloomcalc.rbf.wasm`), when the caller loads them itself. */
  rbfWasmBinary?: ArrayBuffer | Uint8Array;
  /**
   * The recycling module's compiled `WebAssembly.Module` (e.g. handed to a worker thread): instantiated
   * instead of compiling `bloomcalc.rbf.wasm` again. Typed `object` so the declarations need no DOM or Node
   * library types.
   */
  rbfWasmModule?: object;
  /** The main module's compiled `WebAssembly.Module`, likewise. */
  wasmModule?: object;
  /** The tools module's wasm bytes (`bloomcalc.tools.wasm`), when the caller loads them itself. */
  toolsWasmBinary?: ArrayBuffer | Uint8Array;
  /** The tools module's compiled `WebAssembly.Module`, likewise. */
  toolsWasmModule?: object;
}

/** Load the WebAssembly module and return the calculator. */
export function createBloomCalc(options?: CreateOptions): Promise<BloomCalc>;
/**
 * Node only: `calc.recommend(input)` with the rows of each k on worker_threads (default: the available
 * parallelism), merged by the core — the same result.
 */
export function recommendPooled(
  calc: BloomCalc,
  input: RecommendInput,
  options?: { workers?: number; onProgress?: (done: number, total: number) => void; pool?: RecommendPool },
): Promise<Recommendation>;
/** Node only: worker threads kept between recommendations (started on first use, stopped by close(), or when the pool is garbage-collected). */
export interface RecommendPool {
  readonly size: number;
  recommend(calc: BloomCalc, input: RecommendInput, options?: { onProgress?: (done: number, total: number) => void }): Promise<Recommendation>;
  close(): Promise<void>;
}
export function createRecommendPool(options?: { workers?: number }): RecommendPool;
/**
 * Node only: `calc.rbf(input)` on a worker thread, without the synchronous call's bound on the exact fill's work
 * (an explicit `method: 'exact'` with distinct hashing beyond m·(k + 3) ≤ 2^25 takes seconds): the same result,
 * bit for bit, wherever `rbf()` answers; the same errors otherwise. `signal` stops it: the thread is terminated
 * and the promise rejects with the signal's reason (an AbortError).
 */
export function rbfAsync(input: RbfInput, options?: { signal?: AbortSignalLike }): Promise<RbfResult>;
/** An AbortSignal, structurally (the declarations need no DOM or Node library types). */
export interface AbortSignalLike {
  readonly aborted: boolean;
  readonly reason?: unknown;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}
export default createBloomCalc;
