// The results of sliding windows (window; docs/window.md); those of a filter in use (state) and counter overflow
// (overflow) are generated from schema/results.mjs (wasm/results.d.ts).
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
