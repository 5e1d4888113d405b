// The results and handles of the simulations (simulate, simulateParadox, createSimulation) and their limits.
import type { SimBoundary, SimHashing, SimStream, SimStructure, SimulationInput, SwapPoint } from './inputs.js';
import type { Interval } from './results.js';

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
  /** Counting filter: increments lost at a counter's maximum, per epoch (each epoch has a filter of its own). */
  counterSaturations: number[];
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
  /**
   * The model value of this configuration, when a model exists (bloom/counting: exact mean FPR; sigma, two-phase, n-real,
   * n-oracle: the recycling models of docs/rbf.md), else null.
   */
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
  /**
   * Node only: worker threads sharing the epochs (default: the available parallelism, and the calling thread alone
   * for a run estimated below 2^24 bit probes; 1: the calling thread). The result is the same for any number.
   */
  workers?: number;
  /** Node only: runs on this pool's threads (createSimulationPool), kept between runs; not with `workers`. */
  pool?: SimulationPool;
}

/**
 * Node only: worker threads for simulate(), kept between runs with the wasm memory each has grown and touched (started
 * on first use; stopped by close(), or when the pool is garbage-collected). A run takes min(size, epochs) of them, or
 * runs on the calling thread when size is 1; runs on one pool take turns.
 */
export interface SimulationPool {
  readonly size: number;
  /** calc.simulate(input, { ...options, pool: this }). */
  simulate(
    calc: { simulate(input: SimulationInput, options?: SimulateOptions): Promise<SimulationResult> },
    input: SimulationInput,
    options?: Omit<SimulateOptions, 'workers' | 'pool'>,
  ): Promise<SimulationResult>;
  close(): Promise<void>;
}

/** A pool worker's share of a run's epochs: first, first + stride, … (createSimulation's `share`). */
export interface EpochShare {
  first: number;
  stride: number;
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
  /** A pool's parts: the counts of the completed epochs from `from` on (a worker's, to send to its lead). */
  epochCounts(from: number): EpochCounts;
  /** A pool's parts: the lead, which runs nothing itself, takes the run's next epochs in order and their bit probes. */
  absorb(counts: EpochCounts, probes: number): Omit<SimulationProgress, 'epochRates'>;
  dispose(): void;
  readonly disposed: boolean;
}

// ---- The Bloom paradox on the simulation engine (004 Theorem 1 checked on real filters) ----------

export interface ParadoxSimulationResult {
  config: {
    structure: 'bloom' | 'counting';
    m: number;
    n: number;
    k: number;
    hashing: string;
    prior: number;
    queries: number;
    epochs: number;
    seed: number;
    confidence: number;
  };
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
