// The results of issue 21's questions: sliding windows (window; docs/window.md), a filter in use (state;
// docs/state.md), counter overflow (overflow; docs/paradox.md#overflow).
import type { Hashing } from './inputs.js';

/** One swap rule's sizing: the smallest total memory meeting p, with its k. */
export interface WindowRule {
  /** Total memory in bits, both filters (each m/2). */
  m: number;
  k: number;
  /** The rule's long-run average FPR at (m, k). */
  fpr: number;
  /** Insertions per cycle: N, or E[insertions until the active filter exceeds σ]. */
  meanCycle: number;
  bytes: number;
  /** How the FPR was computed: 'exact' (chain or fill), 'lna' (N rule, large filters), 'asymptotic' (σ rule, rbf's large-M method). */
  method: string;
  /**
   * How the size was certified to meet p (σ rule: and δ): 'exact' by the exact insertion chain (N rule: one bit
   * less per filter misses p under it); 'margin' by the approximation plus its error bound (N rule: fpr is then
   * that upper bound). docs/window.md, "Error bound".
   */
  certified: 'exact' | 'margin';
}

export interface WindowResult {
  w: number;
  p: number;
  delta: number;
  hashing: Hashing;
  /** Swap after N = W insertions into the active filter. */
  nBounded: WindowRule & { n: number };
  /** Swap when the active filter exceeds σ bits (rbf's two-phase filter, non-retaining, swap after). */
  sigmaBounded: WindowRule & { sigma: number; delta: number; tailMethod: 'exact' | 'lna' };
  /** A plain Bloom filter sized for 2W items at p (exact mean FPR); null beyond 2^40 bits. */
  plain: { m: number; k: number; fpr: number; bytes: number } | null;
}

/** state(): what a filter's count of set bits says. */
export interface ItemEstimate {
  /** The maximum-likelihood number of items of the occupancy law. */
  estimate: number;
  /** The interval's ends, low ≤ estimate ≤ high always: the smallest holding the estimate and the exact set
   * {n : P(X' ≥ X | n) > α/2, P(X' ≤ X | n) > α/2} (docs/state.md). */
  low: number;
  high: number;
}

export interface StateResult {
  m: number;
  k: number;
  bitsSet: number;
  hashing: Hashing;
  confidence: number;
  /** X/m. */
  fill: number;
  /** The FPR now, exact: (X/m)^k colliding, C(X,k)/C(m,k) distinct. */
  fpr: number;
  /** Items inserted, with its exact interval. */
  n: ItemEstimate;
  /** Swamidass & Baldi's −(m/k)·ln(1 − X/m). */
  swamidassBaldi: number;
  /** 'exact' (the occupancy chain) or 'normal' (its exact mean and variance, large filters). */
  method: 'exact' | 'normal';
  /** The target FPR p, or null. */
  p: number | null;
  /** Further items before the expected FPR exceeds p; null without p (or unbounded). */
  itemsLeft: number | null;
  /** With bitsSetB and union: |B|, |A ∪ B| and |A ∩ B|; else null. */
  nB: ItemEstimate | null;
  nUnion: ItemEstimate | null;
  nIntersection: ItemEstimate | null;
}

export interface OverflowResult {
  m: number;
  n: number;
  k: number;
  bits: number;
  /** P(one counter's load ≥ 2^bits), Binomial(kn, 1/m). */
  counterTail: number;
  /** min(1, m·counterTail). */
  unionBound: number;
  /** P(some counter overflows). */
  probability: number;
  /** Proven bounds on it (equal to it but for rounding when method is 'exact'). */
  low: number;
  high: number;
  method: 'exact' | 'poisson';
  target: number | null;
}

