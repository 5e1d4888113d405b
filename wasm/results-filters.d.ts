// The results of the recycling filters (rbf, sigmaCurve, nBounded, recommend); those of fpr, size and hashFloor are
// generated from schema/results.mjs (wasm/results.d.ts).
import type { Hashing, Recycling, RestartLaw, SwapPoint } from './inputs.js';

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
