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

// ---- simulation (docs/simulation.md) ----------------------------------------------------------------

/** The real data structure to run. */
export type SimStructure = 'bloom' | 'counting' | 'sigma' | 'two-phase' | 'n-real' | 'n-oracle';
/** Ideal hashing (colliding / distinct) or what libraries do: double hashing, enhanced double hashing. */
export type SimHashing = 'colliding' | 'distinct' | 'double' | 'enhanced-double';
/** Message stream of the recycling filters: all new, a finite pool, or fading popularity. */
export type SimStream = 'fresh' | 'pool' | 'fading';
/** σ-bounded recycling: `exceeds` recycles when b > σ (the papers' rule, default), `reaches` when b ≥ σ. */
export type SimBoundary = 'exceeds' | 'reaches';

export interface SimulationInput {
  structure: SimStructure;
  /** Bits (of each array for two-phase), 1 ≤ m ≤ 2^31, within the 256 MiB state budget. */
  m: Quantity;
  /** Probes per message, 1 ≤ k ≤ 64. */
  k: Quantity;
  /** bloom/counting: messages per filter instance; n-real/n-oracle: N. */
  n?: Quantity;
  /** sigma/two-phase: the recycle bound σ (exceeds: 1 ≤ σ ≤ m − 1; reaches: 1 ≤ σ ≤ m). */
  sigma?: Quantity;
  /** Default `'colliding'`. */
  hashing?: SimHashing;
  /** Default `'exceeds'`. */
  boundary?: SimBoundary;
  /** After a recycle, set the triggering message in the fresh filter. Default false. */
  retaining?: boolean;
  /** Recycling filters only; default `'fresh'`. */
  stream?: SimStream;
  /** pool: distinct messages (default 1000, ≤ 2^22). */
  pool?: Quantity;
  /** fading: probability that an arrival is a new message, in (0, 1] (default 0.5). */
  newFraction?: Quantity;
  /** fading: repeats come from the last `window` new messages (default 1000, ≤ 2^20). */
  window?: Quantity;
  /** bloom/counting: lookups per filter instance (default max(64, n)). */
  queries?: Quantity;
  /** Epochs (batches), 2 ≤ epochs ≤ 2^20. */
  epochs: Quantity;
  /** Counted arrivals per epoch (lookups for bloom/counting), ≥ 1. */
  arrivals: Quantity;
  /** Arrivals before counting starts; default one epoch for recycling filters, 0 for bloom/counting. */
  warmup?: Quantity;
  /** Seed of the hash functions and of the stream, 0 ≤ seed ≤ 2^53 (default 1). Same seed: same counts, native or wasm. */
  seed?: Quantity;
  /** Confidence of the intervals, in (0, 1) (default 0.99). */
  confidence?: Quantity;
}

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
  /** The model lies inside the t interval of count-instance. */
  insideT: boolean;
  /** The model lies inside the Poisson interval of count-instance. */
  insidePoisson: boolean;
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
  /** The model value of this configuration, when a model exists (bloom/counting now), else null. */
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

/** A simulation driven chunk by chunk (what the page's Web Worker does). Call dispose() when done. */
export interface SimulationHandle {
  /** Runs about `probes` bit probes (default: a chunk of about `chunkMs`); returns the progress. */
  step(probes?: number): SimulationProgress;
  progress(): Omit<SimulationProgress, 'epochRates'>;
  /** Statistics of the completed epochs. */
  result(): SimulationResult;
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

export interface BloomCalc {
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
  /** Runs the real structure in chunks, yielding between them; resolves with the statistics. */
  simulate(input: SimulationInput, options?: SimulateOptions): Promise<SimulationResult>;
  /** The same, run to completion without yielding. */
  simulateSync(input: SimulationInput): SimulationResult;
  /** A simulation to drive yourself (e.g. in a Web Worker). Throws the named errors at once. */
  createSimulation(input: SimulationInput, options?: { chunkMs?: number }): SimulationHandle;
  /** Validates an input and returns the completed configuration (defaults filled in). */
  simulationConfig(input: SimulationInput): SimulationConfig;
  /** The limits the core enforces. */
  readonly limits: { maxBits: number; maxItems: number; maxHashes: number; simulation: SimulationLimits };
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
