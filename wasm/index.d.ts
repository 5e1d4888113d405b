// bloomcalc — Bloom-filter calculator compiled from C++ to WebAssembly.
// Symbols follow the papers: m bits, n items, k hash functions, p false-positive rate.
// Every function throws a `RangeError` (value out of range, infeasible request) or an `Error`
// (unparseable text) whose message names the parameter and its valid range; the error also carries
// `parameter` and `validRange`. The module stays usable after an error.

/** How the k probes of one item are drawn: with replacement (colliding) or k different bits (distinct). */
export type Hashing = 'colliding' | 'distinct';
/** How a solved m is rounded up: not at all, to a multiple of 64 bits, or to a power of two. */
export type Rounding = 'none' | 'word64' | 'pow2';
/** Which FPR the sizing solver holds to the target: the classic formula or the exact mean FPR. */
export type SizingMethod = 'classic' | 'exact';

/**
 * A quantity as a number or as text with units: counts accept `1000`, `1e6`, `1M`, `1Mi`, `2^20`;
 * sizes in bits accept `8192`, `64KiB` (bytes ×8), `2Gb` (bits); probabilities accept `0.001`,
 * `1e-3`, `0.1%`, `1 in 1000`, `1/1000`.
 */
export type Quantity = number | string;

export interface FilterInput {
  /** Filter size in bits, 1 ≤ m ≤ 2^40. */
  m: Quantity;
  /** Items inserted, 1 ≤ n ≤ 2^40. */
  n: Quantity;
  /** Hash functions, 1 ≤ k ≤ 64 (and k ≤ m for distinct hashing). */
  k: Quantity;
  /** Default `'colliding'`. */
  hashing?: Hashing;
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
}

export interface SizingInput {
  /** Items. */
  n?: Quantity;
  /** Target false-positive rate in (0, 1). */
  p?: Quantity;
  /** Bits. */
  m?: Quantity;
  /** Hash functions. */
  k?: Quantity;
  /** Default `'none'`. */
  rounding?: Rounding;
  /** Default `'classic'`. */
  method?: SizingMethod;
  /** Default `'colliding'`. */
  hashing?: Hashing;
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

export interface SizingResult {
  /** What was solved: `'m,k'`, `'m'`, `'p'`, `'n'`, `'n,k'`, `'k'`, or `''` when all four were given (then `meetsTarget` answers). */
  solved: string;
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
}

/** Recycling Bloom filters (papers 000/002). */
export type Recycling = 'nonretaining' | 'retaining';
/** Retaining restart state with colliding hashes: the recycling message's own bits (`exact`) or 000 eq 10's fresh message. */
export type RestartLaw = 'exact' | 'eq10';
/** Two-phase swap: the frozen filter keeps the recycling message's bits (`after`) or not (`before`, 000 eq 24). */
export type SwapPoint = 'after' | 'before';

export interface RbfVariantInput {
  /** Default `'colliding'`. */
  hashing?: Hashing;
  /** Default `'nonretaining'`. */
  recycling?: Recycling;
  /** Default `'exact'`. */
  restart?: RestartLaw;
  /** Default `'after'`. */
  swap?: SwapPoint;
}

export interface RbfVariant {
  hashing: Hashing;
  recycling: Recycling;
  restart: RestartLaw;
  swap: SwapPoint;
}

export interface RbfInput extends RbfVariantInput {
  /** Total memory in bits, 1 ≤ m ≤ 2^26 (two phases split it evenly). */
  m: Quantity;
  /** Hash functions, 1 ≤ k ≤ 64, k ≤ bits per filter. */
  k: Quantity;
  /** Recycle when an insertion leaves more than sigma bits set: 0 ≤ sigma < bits per filter (≥ k when retaining). */
  sigma: Quantity;
  /** 1 (default) or 2. */
  phases?: 1 | 2;
}

export interface RbfResult {
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
  /** Two phases: distribution of the frozen filter's bits (index = bits). */
  frozen?: number[];
}

export interface SigmaCurveInput extends RbfVariantInput {
  m: Quantity;
  k: Quantity;
  /** Number of σ values, spread evenly; default 200. */
  points?: Quantity;
  phases?: 1 | 2;
}

export interface SigmaCurve {
  sigma: number[];
  averageFpr: number[];
  expectedMessages: number[];
}

export interface NBoundedInput {
  m: Quantity;
  k: Quantity;
  /** Messages per cycle, 1 ≤ N ≤ m. */
  N: Quantity;
  hashing?: Hashing;
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
  /** Exact average FPR of the real user, who counts only messages that set bits. */
  exact: number;
  /** Exact average FPR of the oracle user (001's exact FPR averaged over the cycle). */
  exactOracle: number;
  /** Real user: new-message arrivals per cycle. */
  expectedArrivals: number;
}

export interface RecommendInput extends RbfVariantInput {
  /** Total memory in bits. */
  m: Quantity;
  /** Target long-term average FPR f* in (0, 1). */
  fpr: Quantity;
  /** Largest k tried, default 32. */
  kmax?: Quantity;
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

export interface RecommendRow {
  k: number;
  onePhase: RuleChoice;
  twoPhase: RuleChoice;
  worstCase: RuleChoice;
  oracle: RuleChoice;
  lowerBound: RuleChoice;
}

export interface Recommendation {
  m: number;
  fpr: number;
  variant: RbfVariant;
  /** One row per k = 1..kmax. */
  rows: RecommendRow[];
  best: { onePhase: BestChoice; twoPhase: BestChoice; worstCase: BestChoice; oracle: BestChoice; lowerBound: BestChoice };
}

export interface BloomCalc {
  /** Long-term average FPR and expected messages per cycle of a σ-bounded recycling filter. */
  rbf(input: RbfInput): RbfResult;
  /** f_σ and E[N₀] over σ (one fill for every σ). */
  sigmaCurve(input: SigmaCurveInput): SigmaCurve;
  /** The N-bounded rules of 000 §III and the exact real-user average. */
  nBounded(input: NBoundedInput): NBoundedResult;
  /**
   * Per k, the largest σ (one and two phases) and N (worst case, oracle, lower bound) meeting fpr.
   * `onProgress(done, total)` is called after each k; returning false cancels (throws Error "cancelled").
   */
  recommend(input: RecommendInput, onProgress?: (done: number, total: number) => boolean | void): Recommendation;
  /** Every FPR formula side by side for one filter. */
  fpr(input: FilterInput): FprReport;
  /** Exact mean FPR by the fast, stable method (same value as `exactFprTable`, for m, n ≤ 2^40, k ≤ 64). */
  exactFpr(input: FilterInput): number;
  /** Exact mean FPR by 001's table method (Fig. 1); refuses work above 2^31 table cells. */
  exactFprTable(input: FilterInput): number;
  /** Solve the missing quantities from any consistent subset of n, p, m, k. */
  size(input: SizingInput): SizingResult;
  /** Parse a count such as `1M`, `1Mi`, `2^20`, `1e6`. */
  parseCount(text: string, parameter?: string): number;
  /** Parse a size in bits such as `64KiB`, `2Gb`, `8192`. */
  parseBits(text: string, parameter?: string): number;
  /** Parse a probability such as `0.1%`, `1 in 1000`, `1e-3`. */
  parseProbability(text: string, parameter?: string): number;
  /** The limits the core enforces. */
  readonly limits: { maxBits: number; maxItems: number; maxHashes: number };
}

export interface CreateOptions {
  /** Where to find `bloomcalc.web.wasm` (browser build), as in Emscripten's locateFile. */
  locateFile?: (path: string, prefix: string) => string;
  /** The wasm bytes, when the caller loads them itself. */
  wasmBinary?: ArrayBuffer | Uint8Array;
}

/** Load the WebAssembly module and return the calculator. */
export function createBloomCalc(options?: CreateOptions): Promise<BloomCalc>;
export default createBloomCalc;
