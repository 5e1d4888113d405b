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
  FilterInput,
  FprInput,
  HashFloorInput,
  SizingInput,
  RbfInput,
  SigmaCurveInput,
  NBoundedInput,
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
  WindowInput,
  StateInput,
  OverflowInput,
} from './inputs.js';
export * from './inputs.js';

/** The variant of every recycling model (rbf, sigmaCurve, recommend). */
export type RbfVariantInput = Pick<RbfInput, 'hashing' | 'recycling' | 'retaining' | 'restart' | 'swap'>;
/** How a recycling model is computed. */
export type RbfMethodInput = Pick<RbfInput, 'method'>;

// The results of every method, by domain.
// Those declared in schema/results.mjs are generated (wasm/results.d.ts); the others are written by hand.
import type {
  BhCbfResult,
  CbfOptimalKResult,
  CbfResult,
  CompareResult,
  FprReport,
  HashFloor,
  LayoutMixture,
  LayoutPresetInfo,
  LayoutReport,
  LayoutSimulationResult,
  LayoutSizingResult,
  LibraryInfo,
  LibrarySizeResult,
  OrderResult,
  OverflowResult,
  ParadoxResult,
  ScalableResult,
  SelectiveOutcome,
  SizingResult,
  StateResult,
  WindowResult,
} from './results.js';
import type { NBoundedResult, RbfResult, RecommendRow, Recommendation, SigmaCurve } from './results-filters.js';
import type {
  EpochShare,
  ParadoxSimulationHandle,
  ParadoxSimulationResult,
  SimulateOptions,
  SimulationConfig,
  SimulationHandle,
  SimulationLimits,
  SimulationPool,
  SimulationResult,
} from './results-simulation.js';
export * from './results.js';
export * from './results-filters.js';
export * from './results-simulation.js';

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
  createSimulation(input: SimulationInput, options?: { chunkMs?: number; share?: EpochShare }): SimulationHandle;
  /**
   * Validates an input and returns the completed configuration (defaults filled in), with `stateBytes`: the memory
   * one run holds (filter arrays and ground truth, ≤ 256 MiB; each worker of a pool holds its own).
   */
  simulationConfig(input: SimulationInput): SimulationConfig & { stateBytes: number };
  /** 004 Theorem 1 on the engine's real filter: measured posterior ± interval beside the theorem. */
  simulateParadox(input: ParadoxSimulationInput, options?: Omit<SimulateOptions, 'workers' | 'pool'>): Promise<ParadoxSimulationResult>;
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
  /**
   * A two-filter recycling filter for a window of W messages at a target FPR: per rule (N-bounded, σ-bounded) the
   * smallest total memory and its k, beside a plain filter for 2W items (docs/window.md).
   */
  window(input: WindowInput): WindowResult;
  /** A filter in use: its FPR now, the items it holds (with an interval), the items left before a target (docs/state.md). */
  state(input: StateInput): StateResult;
  /** P(some counter of a counting filter overflows), or the smallest counter width for a target (docs/paradox.md#overflow). */
  overflow(input: OverflowInput): OverflowResult;
  /** Which filter? Every family's rows for n keys at p, or in maxBytes (docs/families.md#which-filter). */
  compare(input: import('./inputs.js').CompareInput): CompareResult;
  readonly limits: {
    maxBits: number;
    maxItems: number;
    maxHashes: number;
    /** Largest M of the recycling models (the large-M method). */ maxRbfBits: number;
    /** Largest M per filter of their exact method. */ maxRbfExactBits: number;
    simulation: SimulationLimits;
  };
}

/** The WebAssembly modules, split along the calculators (docs/bundlers.md). */
export type ModuleName = 'main' | 'paradox' | 'sim' | 'layouts' | 'rbf' | 'window' | 'tools';

export interface CreateOptions {
  /**
   * Which WebAssembly modules to load (default all): 'main' (`bloomcalc.web.wasm`: fpr, exactFpr, exactFprTable,
   * size, hashFloor), 'paradox' (`bloomcalc.paradox.wasm`: paradox, paradoxCurve, cbf, cbfOptimalK, bhCbf, selective,
   * order), 'sim' (`bloomcalc.sim.wasm`: simulate*, createSimulation, simulationConfig, the paradox simulations, and fpr),
   * 'layouts' (`bloomcalc.layouts.wasm`: layout*, simulateLayout, layoutPresets, hashFloor), 'rbf'
   * (`bloomcalc.rbf.wasm`: rbf, sigmaCurve, nBounded, recommend*), 'window' (`bloomcalc.window.wasm`: window) and 'tools'
   * (`bloomcalc.tools.wasm`: libraries, librarySize, hashFloor, scalable, state, overflow). All have the parsers and limits; a method of a
   * module not loaded throws an Error saying so.
   */
  modules?: ReadonlyArray<ModuleName>;
  /** Where to find each module's `.wasm` (browser build), as in Emscripten's locateFile: called with each file's name. */
  locateFile?: (path: string, prefix: string) => string;
  /** The main module's wasm bytes (`bloomcalc.web.wasm`), when the caller loads them itself. */
  wasmBinary?: ArrayBuffer | Uint8Array;
  /**
   * The main module's compiled `WebAssembly.Module` (e.g. handed to a worker thread): instantiated instead of
   * compiling `bloomcalc.web.wasm` again. Typed `object` so the declarations need no DOM or Node library types.
   */
  wasmModule?: object;
  /** The paradox module's wasm bytes (`bloomcalc.paradox.wasm`); `paradoxWasmModule` its compiled Module, likewise. */
  paradoxWasmBinary?: ArrayBuffer | Uint8Array;
  paradoxWasmModule?: object;
  /** The simulations' module's wasm bytes (`bloomcalc.sim.wasm`); `simWasmModule` its compiled Module. */
  simWasmBinary?: ArrayBuffer | Uint8Array;
  simWasmModule?: object;
  /** The layouts module's wasm bytes (`bloomcalc.layouts.wasm`); `layoutsWasmModule` its compiled Module. */
  layoutsWasmBinary?: ArrayBuffer | Uint8Array;
  layoutsWasmModule?: object;
  /** The recycling module's wasm bytes (`bloomcalc.rbf.wasm`); `rbfWasmModule` its compiled Module. */
  rbfWasmBinary?: ArrayBuffer | Uint8Array;
  rbfWasmModule?: object;
  /** The window module's wasm bytes (`bloomcalc.window.wasm`); `windowWasmModule` its compiled Module. */
  windowWasmBinary?: ArrayBuffer | Uint8Array;
  windowWasmModule?: object;
  /** The tools module's wasm bytes (`bloomcalc.tools.wasm`); `toolsWasmModule` its compiled Module. */
  toolsWasmBinary?: ArrayBuffer | Uint8Array;
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
/** Node only: threads kept between simulations (SimulationPool), for `simulate(input, { pool })`. */
export function createSimulationPool(options?: { workers?: number }): SimulationPool;
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
