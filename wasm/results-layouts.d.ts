// The results of the layouts, libraries and scalable filters (layoutFpr, layoutSize, librarySize, scalable, …).
// A layout filter's layout and block B (LayoutBlock) are the schema's echo of the layout fields (wasm/inputs.d.ts).
import type { HashBits, Hashing, LayoutBlock, LayoutHashScheme, LibraryName } from './inputs.js';
import type { HashFloor, Memory } from './results.js';
import type { Interval } from './results-simulation.js';

export interface LayoutFilter<Block extends number | null = number> extends LayoutBlock<Block> {
  m: number;
  n: number;
  k: number;
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

/** The filter the library builds; its block B null for a standard filter (LayoutBlock). */
export interface LibrarySizeResult extends LayoutFilter<number | null> {
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

export interface LayoutPresetInfo extends LayoutBlock<number | null> {
  name: string;
  label: string;
  reference: string;
  wordBits: number | null;
  k: number | null;
  kRule: 'fixed' | 'rocksdb' | 'free';
}

/** What every thrown RangeError / TypeError carries. */
