// The results of fpr, size, hashFloor and the recycling filters (rbf, sigmaCurve, nBounded, recommend).
import type { HashBits, Hashing, Recycling, RestartLaw, Rounding, SizingMethod, SwapPoint } from './inputs.js';

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
