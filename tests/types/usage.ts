// Compile-time checks of the public types (wasm/index.d.ts), resolved the way a consumer resolves
// them: through the package's own name and its "exports" map ("types" condition).
// `npx tsc -p tests/types` must pass; each `@ts-expect-error` line must be an error.
import createBloomCalc, {
  createBloomCalc as named,
  recommendPooled,
  createRecommendPool,
  createSimulationPool,
  rbfAsync,
  type BloomCalc,
  type FprReport,
  type WindowResult,
  type StateResult,
  type OverflowResult,
  type CompareResult,
  type FamilyRow,
  type Hashing,
  type CbfResult,
  type KChoice,
  type LayoutReport,
  type LayoutBlock,
  type Layout,
  type LayoutSizingResult,
  type LayoutSimulationResult,
  type LibrarySizeResult,
  type HashFloor,
  type ScalableResult,
  type OrderResult,
  type ParadoxResult,
  type ParadoxSimulationResult,
  type ParadoxSimulationHandle,
  type SelectiveOutcome,
  type Quantity,
  type Rounding,
  type SizingMethod,
  type SizingResult,
  type SimBoundary,
  type SimHashing,
  type SimStream,
  type SimStructure,
  type SimulationConfig,
  type SimulationHandle,
  type SimulationProgress,
  type SimulationResult,
  type SimulationPool,
  type VariantEstimate,
  type NBoundedResult,
  type RbfResult,
  type RbfVariant,
  type Recommendation,
  type RecommendRow,
  type SigmaCurve,
} from 'bloomcalc';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function assertType<T extends true>(_value?: T): void {}

assertType<Equal<Hashing, 'colliding' | 'distinct'>>();
assertType<Equal<Rounding, 'none' | 'word64' | 'pow2'>>();
assertType<Equal<SizingMethod, 'classic' | 'exact'>>();
assertType<Equal<Quantity, number | string>>();
assertType<Equal<typeof named, typeof createBloomCalc>>();
assertType<Equal<ReturnType<typeof createBloomCalc>, Promise<BloomCalc>>>();

async function main(): Promise<void> {
  const bc: BloomCalc = await createBloomCalc();
  await named({ locateFile: (path, prefix) => prefix + path });
  await createBloomCalc({ wasmBinary: new Uint8Array(8) });
  await createBloomCalc({ wasmBinary: new ArrayBuffer(8) });
  await createBloomCalc({ modules: ['rbf'], rbfWasmBinary: new Uint8Array(8) });
  await createBloomCalc({ modules: ['main', 'rbf'] });
  await createBloomCalc({ modules: ['tools'], toolsWasmBinary: new Uint8Array(8), toolsWasmModule: {} });
  await createBloomCalc({ modules: ['paradox', 'sim', 'layouts'], simWasmModule: {}, layoutsWasmBinary: new Uint8Array(8) });
  // @ts-expect-error: the modules are 'main', 'paradox', 'sim', 'layouts', 'rbf' and 'tools'
  await createBloomCalc({ modules: ['sizing'] });

  // fpr: numbers or text with units; hashing optional.
  const report: FprReport = bc.fpr({ m: 1024, n: 100, k: 7 });
  bc.fpr({ m: '64KiB', n: '1M', k: '7', hashing: 'distinct' });
  const exact: number = report.exact;
  const classic: number = report.classic;
  const rel: number = report.relativeError.bloom1970 + report.relativeError.classicDistinct;
  const h: Hashing = report.hashing;
  const perElement: number = report.bitsPerElement;
  void [exact, classic, rel, h, perElement];

  const e1: number = bc.exactFpr({ m: 2, n: 1, k: 2 });
  const e2: number = bc.exactFprTable({ m: 2, n: 1, k: 2, hashing: 'colliding' });
  void [e1, e2];

  // size: every field optional.
  const sized: SizingResult = bc.size({ n: '1M', p: '1%' });
  bc.size({});
  bc.size({ n: 1e6, p: 0.01, rounding: 'pow2', method: 'exact', hashing: 'distinct' });
  bc.size({ m: '64KiB', k: 7, n: 1000 });
  const target: number | null = sized.target;
  const choices: [KChoice, KChoice] = sized.kChoices;
  const lower: number = choices[0].k + choices[1].p;
  const mib: number = sized.memory.MiB;
  const nested: FprReport = sized.fpr;
  const solved: string = sized.solved;
  const met: boolean = sized.meetsTarget;
  const rounding: Rounding = sized.rounding;
  const method: SizingMethod = sized.method;
  void [target, lower, mib, nested, solved, met, rounding, method];

  // parsers and limits
  const c: number = bc.parseCount('1Mi');
  const b: number = bc.parseBits('64KiB', 'm');
  const p: number = bc.parseProbability('1 in 1000', 'p');
  const maxBits: number = bc.limits.maxBits + bc.limits.maxItems + bc.limits.maxHashes;
  void [c, b, p, maxBits];

  // the Bloom paradox (004)
  const px: ParadoxResult = bc.paradox({ prior: 1e-6, alpha: 1, fpr: 1e-3 });
  bc.paradox({ prior: '1 in 1000000', alpha: '2.4', bpe: 28.7 });
  const decision: 'trust' | 'ignore' = px.decision;
  const minBpe: number | null = px.minBitsPerElement;
  const curve: number[] = bc.paradoxCurve({ priors: [1e-6, 1e-3], alpha: 1, bpe: 10 });
  const cb: CbfResult = bc.cbf({ counters: [1, 2, 4], m: 1000, n: 100, k: 3, prior: 0.1, alpha: 1 });
  bc.cbf({ counters: '1,2,4', m: '1000', n: 100, k: 3, prior: '10%', alpha: 1 });
  const minProduct: number | null = cb.minProduct;
  const best: number = bc.cbfOptimalK({ m: 7680, n: 1024, prior: 1 / 1024, alpha: 5, kmax: 12 }).bestK;
  bc.cbfOptimalK({ m: 7680, n: 1024, prior: 1 / 1024, alpha: 5, kMax: 12 }); // the older name
  const delta: number = bc.bhCbf({
    counters: [1, 2],
    sums: [2, 8],
    increments: [2, 4],
    sequence: [1, 2, 4],
    h: 2,
    m: 100,
    n: 10,
    k: 2,
    prior: 0.1,
    alpha: 1,
  }).delta;
  const sel: SelectiveOutcome[] = bc.selective({ sizes: [2048, 4096], members: [256, 256], m: 4096, alpha: 5, counting: true });
  const ord: OrderResult = bc.order({ probs: [0.5, 0.9], costs: '1,2', specialCost: 10 });
  const first: number | 'special' | undefined = ord.order[0];
  const theorem: 6 | 7 = ord.theorem;
  void [decision, minBpe, curve, minProduct, best, delta, sel, first, theorem, px.costs.optimal];

  // ---- wrong usages ----
  // @ts-expect-error prior is required
  bc.paradox({ alpha: 1, fpr: 0.1 });
  // @ts-expect-error counters are numbers or comma-separated text
  bc.cbf({ counters: [true], m: 10, n: 1, k: 1, prior: 0.5, alpha: 1 });
  // @ts-expect-error the decision is 'trust' | 'ignore'
  const wrongDecision: 'positive' = px.decision;
  // @ts-expect-error specialCost is required
  bc.order({ probs: [0.5], costs: [1] });
  void wrongDecision;

  // ---- recycling Bloom filters
  const one: RbfResult = bc.rbf({ m: '8Kib', k: 5, sigma: 539 });
  const onePhaseFpr: number = one.averageFpr;
  const perCycle: number = one.expectedMessages;
  const two = bc.rbf({ m: 1000, k: 5, sigma: 200, phases: 2, hashing: 'distinct', recycling: 'retaining', restart: 'eq10', swap: 'before' });
  const eq26: number | undefined = two.averageFprEq26;
  const fCurve: SigmaCurve = bc.sigmaCurve({ m: 1000, k: 5, points: 50, phases: 2 });
  const sigmas: number[] = fCurve.sigma;
  const win: WindowResult = bc.window({ w: '1M', p: '0.1%' });
  const winM: number = win.sigmaBounded.m + win.nBounded.n + (win.plain?.m ?? 0);
  void [winM];
  // @ts-expect-error a window needs p
  bc.window({ w: 1000 });
  const fs: StateResult = bc.state({ m: 1000, k: 3, bitsSet: 400, p: 0.01, bitsSetB: 300, union: 550 });
  const stN: number = fs.n.estimate + (fs.nIntersection?.high ?? 0);
  const of: OverflowResult = bc.overflow({ m: 1e6, n: 1e5, k: 7, bits: 4 });
  bc.overflow({ m: 1e6, n: 1e5, k: 7, target: 1e-9, method: 'poisson' });
  void [stN, of];
  // @ts-expect-error overflow's method is one of three
  bc.overflow({ m: 100, n: 10, k: 3, bits: 4, method: 'fast' });
  const cmp: CompareResult = bc.compare({ n: '10M', p: '0.1%', deletes: false, static: true, maxBytes: 2e7 });
  const cmpRow: FamilyRow | undefined = cmp.rows[cmp.recommended ?? 0];
  const cmpOps: boolean = (cmpRow?.operations.delete ?? false) || (cmpRow?.meets ?? false);
  const cmpParam: number | undefined = cmpRow?.params.find((x) => x.name === 'k')?.value;
  const cmpBound: number | null = cmp.boundBitsPerKey;
  bc.compare({ n: 1e7, family: 'binary-fuse', arity: 4, fingerprintBits: 8, p: 0.01 });
  void [cmpOps, cmpParam, cmpBound];
  // @ts-expect-error family is one of the families or 'all'
  bc.compare({ n: 1e7, p: 0.01, family: 'bloomier' });
  const nb: NBoundedResult = bc.nBounded({ m: 1000, k: 5, N: '155', hashing: 'colliding' });
  const rules: number[] = [nb.worstCase, nb.oracle, nb.lowerBound, nb.exact];
  const rec: Recommendation = bc.recommend({ m: 1000, p: '1%', kmax: 16, recycling: 'nonretaining' }, (done: number, total: number) => done < total);
  bc.recommend({ m: 1000, fpr: 0.01 }, () => undefined); // the older name of p
  const recP: Recommendation = bc.recommend({ m: 1000, p: 0.01 });
  const recTarget: number = recP.p;
  void recTarget;
  const bestK: number | null = rec.best.onePhase.k;
  const gain: number | null = rec.best.oracle.gainOverWorstCase;
  const firstRow: RecommendRow | undefined = rec.rows[0];
  const threshold: number | null | undefined = firstRow?.twoPhase.threshold;
  const variant: RbfVariant = rec.variant;
  void [onePhaseFpr, perCycle, eq26, sigmas, rules, bestK, gain, threshold, variant];
  // @ts-expect-error recycling is 'nonretaining' | 'retaining'
  bc.rbf({ m: 1000, k: 5, sigma: 10, recycling: 'keep' });
  // @ts-expect-error restart is 'exact' | 'eq10'
  bc.rbf({ m: 1000, k: 5, sigma: 10, restart: 'eq11' });
  // @ts-expect-error swap is 'after' | 'before'
  bc.recommend({ m: 1000, p: 0.01, swap: 'during' });
  // @ts-expect-error hashing is 'colliding' | 'distinct'
  bc.nBounded({ m: 1000, k: 5, N: 10, hashing: 'mixed' });
  // @ts-expect-error phases is 1 | 2
  bc.rbf({ m: 1000, k: 5, sigma: 10, phases: 3 });
  // @ts-expect-error sigma is required
  bc.rbf({ m: 1000, k: 5 });
  // @ts-expect-error N is required (capital N)
  bc.nBounded({ m: 1000, k: 5, n: 10 });
  // @ts-expect-error p (or its older name fpr) is required
  bc.recommend({ m: 1000 });
  // @ts-expect-error a best choice's k may be null (infeasible)
  const k0: number = rec.best.twoPhase.k;
  // @ts-expect-error onProgress gets numbers
  bc.recommend({ m: 1000, p: 0.01 }, (done: string) => done === '1');
  void k0;
  // The large-M method (method, errorBound) and the recommendation in parts / on a Node pool.
  const large: Recommendation = bc.recommend({ m: '2^36', p: 1e-3, method: 'auto' });
  const ran: 'exact' | 'asymptotic' | 'mixed' = large.method; // mixed: the rows used both methods
  const rowRan: ('exact' | 'asymptotic')[] = large.rows.map((row) => row.method);
  void rowRan;
  const bound: number | null = large.errorBound;
  const plan: { kMax: number; method: 'exact' | 'asymptotic' } = bc.recommendPlan({ m: '2^36', p: 1e-3 });
  const parts: RecommendRow[] = bc.recommendRows({ m: '2^36', p: 1e-3 }, 1, plan.kMax);
  const merged: Recommendation = bc.mergeRecommendation({ m: '2^36', p: 1e-3 }, parts);
  const pooled: Promise<Recommendation> = recommendPooled(bc, { m: '2^36', p: 1e-3 }, { workers: 2 });
  const pool = createRecommendPool({ workers: 2 });
  const kept: Promise<Recommendation> = recommendPooled(bc, { m: '2^20', p: 1e-2 }, { pool });
  const direct: Promise<Recommendation> = pool.recommend(bc, { m: '2^20', p: 1e-2 }, { onProgress: (done: number) => void done });
  const closed: Promise<void> = pool.close();
  const fromModule: Promise<BloomCalc> = createBloomCalc({ modules: ['rbf'], rbfWasmModule: {} as object });
  // @ts-expect-error: a pool is not a worker count
  recommendPooled(bc, { m: '2^20', p: 1e-2 }, { pool: 2 });
  void [kept, direct, closed, fromModule];
  const signal = { aborted: false, addEventListener() {}, removeEventListener() {} };
  const unbounded: Promise<RbfResult> = rbfAsync({ m: '4Mi', k: 12, sigma: 3355443, hashing: 'distinct', method: 'exact' }, { signal });
  // @ts-expect-error a signal is an AbortSignal
  rbfAsync({ m: 1000, k: 5, sigma: 539 }, { signal: true });
  void unbounded;
  const frozenFrom: number | undefined = bc.rbf({ m: '2^36', k: 8, sigma: 2 ** 33, phases: 2 }).frozenFrom;
  const exactLimit: number = bc.limits.maxRbfExactBits;
  void [ran, bound, merged, pooled, frozenFrom, exactLimit];
  // @ts-expect-error method is 'exact' | 'asymptotic' | 'auto'
  bc.recommend({ m: 1000, p: 0.01, method: 'fast' });

  // @ts-expect-error hashing must be 'colliding' | 'distinct'
  bc.fpr({ m: 1024, n: 100, k: 7, hashing: 'foo' });
  // @ts-expect-error m is required
  bc.fpr({ n: 100, k: 7 });
  // @ts-expect-error k is required
  bc.exactFpr({ m: 1024, n: 100 });
  // @ts-expect-error quantities are numbers or strings
  bc.exactFprTable({ m: 1024n, n: 100, k: 7 });
  // @ts-expect-error unknown field
  bc.fpr({ m: 1024, n: 100, k: 7, bits: 3 });
  // @ts-expect-error rounding is 'none' | 'word64' | 'pow2'
  bc.size({ n: 1000, p: 0.01, rounding: 'word32' });
  // @ts-expect-error method is 'classic' | 'exact'
  bc.size({ n: 1000, p: 0.01, method: 'fast' });
  // @ts-expect-error the input is an object
  bc.size('n=1000');
  // @ts-expect-error target may be null
  const t: number = sized.target;
  // @ts-expect-error limits are read-only
  bc.limits = { maxBits: 1, maxItems: 1, maxHashes: 1 };
  // @ts-expect-error parseCount takes text
  bc.parseCount(1000);
  // @ts-expect-error the result is a promise
  createBloomCalc().fpr({ m: 1, n: 1, k: 1 });
  // @ts-expect-error a report's hashing is a Hashing, not any string
  const wrong: 'colliding' = report.hashing;
  void [t, wrong];

  // simulation
  const sim: SimulationResult = await bc.simulate(
    { structure: 'bloom', m: 32, n: 4, k: 5, epochs: 100, arrivals: '20k', seed: 1 },
    { onProgress: (p: SimulationProgress) => void [p.fraction, p.epochRates.length], signal: { aborted: false } },
  );
  const low: number = sim.interval.low;
  const model: number | undefined = sim.model?.value;
  const poissonHigh: number | undefined = sim.poisson?.high;
  const each: VariantEstimate = sim.variants.countEach;
  const fps: number[] = sim.epochCounts.fpFirst;
  const threads: SimulationPool = createSimulationPool({ workers: 2 });
  const onPool: Promise<SimulationResult> = bc.simulate({ structure: 'sigma', m: '2^20', k: 7, sigma: '2^19', epochs: 4, arrivals: '1Mi' }, { pool: threads });
  const poolSize: number = threads.size;
  const onThreads: Promise<SimulationResult> = threads.simulate(bc, { structure: 'bloom', m: 32, n: 4, k: 5, epochs: 2, arrivals: 1 }, { chunkMs: 20 });
  void [onPool, poolSize, onThreads, threads.close()];
  // @ts-expect-error: a simulation pool is not a recommendation pool
  bc.simulate({ structure: 'bloom', m: 32, n: 4, k: 5, epochs: 2, arrivals: 1 }, { pool: createRecommendPool() });
  // @ts-expect-error: the paradox simulation runs where it is called
  bc.simulateParadox({ m: 64, n: 8, k: 6, queries: 1000, epochs: 20 }, { workers: 2 });
  bc.simulateSync({
    structure: 'sigma',
    m: 1000,
    k: 3,
    sigma: 500,
    boundary: 'reaches',
    retaining: true,
    stream: 'pool',
    pool: 1000,
    epochs: 5,
    arrivals: 1e4,
  });
  bc.simulateSync({ structure: 'two-phase', m: '64Ki', k: 7, sigma: '30k', stream: 'fading', newFraction: 0.3, window: 500, epochs: 5, arrivals: 1e4 });
  const handle: SimulationHandle = bc.createSimulation({ structure: 'n-real', m: 1000, k: 3, n: 50, epochs: 2, arrivals: 10 });
  const step: boolean = handle.step(1e5).done;
  handle.dispose();
  const config: SimulationConfig = bc.simulationConfig({ structure: 'n-oracle', m: 100, k: 2, n: 10, epochs: 2, arrivals: 5, hashing: 'enhanced-double' });
  const sigmaOrNull: number | null = config.sigma;
  const maxProbes: number = bc.limits.simulation.maxProbes;
  const s1: SimStructure = 'counting';
  const h1: SimHashing = 'double';
  const st: SimStream = 'fading';
  const bd: SimBoundary = 'exceeds';
  void [low, model, poissonHigh, each, fps, step, sigmaOrNull, maxProbes, s1, h1, st, bd];
  const ps: ParadoxSimulationResult = await bc.simulateParadox({ m: 64, n: 8, k: 6, prior: '10%', queries: 1000, epochs: 20, seed: 1 });
  const psInside: boolean = ps.inside;
  const psLow: number = ps.posterior.low + ps.theorem + ps.counts.memberPositives;
  const psMean: number | null = ps.posterior.mean; // null when no positive was observed
  void psMean;
  const ph: ParadoxSimulationHandle = bc.createParadoxSimulation({ structure: 'counting', m: 64, n: 8, k: 6, prior: 0.5, queries: 10, epochs: 2 });
  const phDone: boolean = ph.step().done;
  ph.dispose();
  void [psInside, psLow, phDone, bc.simulateParadoxSync({ m: 64, n: 8, k: 6, prior: 0.1, queries: 10, epochs: 2 }).fpr];
  // @ts-expect-error prior is required
  bc.simulateParadoxSync({ m: 64, n: 8, k: 6, queries: 10, epochs: 2 });
  // @ts-expect-error a paradox simulation runs bloom or counting filters only
  bc.simulateParadoxSync({ structure: 'sigma', m: 64, n: 8, k: 6, prior: 0.1, queries: 10, epochs: 2 });
  // @ts-expect-error unknown structure
  bc.simulateSync({ structure: 'cuckoo', m: 1, k: 1, epochs: 2, arrivals: 1 });
  // @ts-expect-error epochs is required
  bc.simulateSync({ structure: 'bloom', m: 1, k: 1, n: 1, arrivals: 1 });
  // @ts-expect-error retaining is a boolean
  bc.simulateSync({ structure: 'sigma', m: 10, k: 1, sigma: 5, epochs: 2, arrivals: 1, retaining: 'yes' });
  // @ts-expect-error the model may be null
  const mv: number = sim.model.value;
  // @ts-expect-error simulate returns a promise
  const notYet: SimulationResult = bc.simulate({ structure: 'bloom', m: 1, k: 1, n: 1, epochs: 2, arrivals: 1 });
  void [mv, notYet];

  const lr: LayoutReport = bc.layoutFpr({ preset: 'rocksdb', m: '10Mi', n: '1M' });
  const lrErr: number = lr.approximations.map((a) => a.relativeError).length + lr.whatIf.map((w) => w.fpr).length + lr.exact;
  const ls: LayoutSizingResult = bc.layoutSize({ layout: 'split-block', blockBits: 256, n: 1e6, p: '1%' });
  const writer: number | undefined = ls.parquetWriter?.bytes;
  const lsim: LayoutSimulationResult = bc.simulateLayout({ preset: 'parquet', m: 65536, n: 6000, hashScheme: 'parquet', epochs: 4 });
  const inside: boolean = lsim.inside;
  const mix: number = bc.layoutMixture({ layout: 'blocked', blockBits: 512, m: 1 << 20, n: 1e5, k: 6 }).tailBound;
  void [lrErr, writer, inside, mix, bc.layoutExactFpr({ layout: 'partitioned', m: 700, n: 70, k: 7 }), bc.layoutPresets().map((p) => p.kRule)];
  // @ts-expect-error unknown layout
  bc.layoutExactFpr({ layout: 'cuckoo', m: 1, n: 1, k: 1 });
  // @ts-expect-error unknown preset
  bc.layoutSize({ preset: 'bigtable', n: 1, p: 0.1 });
  // @ts-expect-error p is required for sizing
  bc.layoutSize({ layout: 'standard', n: 1 });
  // Libraries, the hash-width floor, scalable filters (docs/libraries.md, hash-width.md, scalable.md)
  const lib: LibrarySizeResult = bc.librarySize({ library: 'guava', n: '1M', p: '1%', hashBits: 32 });
  const missed: boolean = lib.missesTarget;
  const floor: number | undefined = lib.hashFloor?.floor;
  const names: string[] = bc.libraries().map((l) => l.name);
  const hf: HashFloor = bc.hashFloor({ m: 1 << 30, n: 1e8, k: 7, hashBits: 32 });
  const floorMatters: boolean | undefined = bc.size({ n: 1e6, p: 0.01, hashBits: 64 }).hashFloor?.matters;
  const sc: ScalableResult = bc.scalable({ p: 0.01, capacity: 1000, n: 1e5, ratio: 0.9, growth: 4, library: 'redisbloom' });
  const scBits: number | undefined = sc.optimum?.bits;
  void [missed, floor, names, hf.targetBelowFloor, floorMatters, sc.links.map((l) => l.fill), scBits];
  // A result's layout and block B (LayoutBlock, the schema's echo of the layout fields): a number in a layout's
  // report, null allowed where no block is named (librarySize's standard filter, a preset whose B is K words).
  const reportBlock: number = lr.blockBits;
  const reportLayout: Layout = lr.layout;
  const libBlock: number | null = lib.blockBits;
  const presetBlock: LayoutBlock<number | null>[] = bc.layoutPresets();
  // @ts-expect-error a library's filter may name no block
  const libBlockNumber: number = lib.blockBits;
  // @ts-expect-error a layout report always names its block
  const reportNull: LayoutReport = { ...lr, blockBits: null };
  void [reportBlock, reportLayout, libBlock, presetBlock, libBlockNumber, reportNull];
  // @ts-expect-error unknown library
  bc.librarySize({ library: 'bloomier', n: 1, p: 0.1 });
  // @ts-expect-error hashBits is 32 or 64
  bc.fpr({ m: 1, n: 1, k: 1, hashBits: 16 });
  // @ts-expect-error capacity is required
  bc.scalable({ p: 0.01, n: 10 });
}

void main();
