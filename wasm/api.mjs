// The public API over the raw embind module: text quantities are parsed by the core's parsers,
// everything else is passed straight through. Shared by the Node and browser entries.

function quantity(raw, value, parser, name) {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'string') return raw[parser](value, name);
  return value;
}

function object(input, what) {
  if (input === null || typeof input !== 'object') throw new TypeError(`${what} must be an object`);
  return input;
}

function filterArgs(raw, input) {
  object(input, 'filter input');
  const m = quantity(raw, input.m, 'parseBits', 'm');
  const n = quantity(raw, input.n, 'parseCount', 'n');
  const k = quantity(raw, input.k, 'parseCount', 'k');
  // A missing field reaches the core as NaN and is reported there by name.
  return [m ?? NaN, n ?? NaN, k ?? NaN, input.hashing ?? 'colliding'];
}

// Recycling-filter inputs: m (bits, units allowed), k, sigma, N as counts, fpr as a probability.
function rbfArgs(raw, input, what) {
  object(input, what);
  return {
    ...input,
    m: quantity(raw, input.m, 'parseBits', 'm'),
    k: quantity(raw, input.k, 'parseCount', 'k'),
    sigma: quantity(raw, input.sigma, 'parseCount', 'sigma'),
    N: quantity(raw, input.N, 'parseCount', 'N'),
    kmax: quantity(raw, input.kmax, 'parseCount', 'kmax'),
    points: quantity(raw, input.points, 'parseCount', 'points'),
    fpr: quantity(raw, input.fpr, 'parseProbability', 'fpr'),
  };
}

// A real number given as a number or as text: plain numeric text is read as is; anything else goes
// to the core's probability parser when `probability` (so "1 in 1000" and "0.1%" work) and
// otherwise becomes NaN, which the core reports by name.
function real(raw, value, name, { probability = false } = {}) {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return NaN;
  const text = value.trim();
  if (text !== '' && Number.isFinite(Number(text))) return Number(text);
  return probability ? raw.parseProbability(text, name) : NaN;
}

// A list of numbers: an array, or text with commas ("3,1,4"). Anything else is [NaN] for the core.
function list(value) {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') {
    if (value.trim() === '') return [];
    return value.split(',').map((part) => (part.trim() === '' ? NaN : Number(part.trim())));
  }
  if (Array.isArray(value)) return value.map((x) => (typeof x === 'number' ? x : typeof x === 'string' && x.trim() !== '' ? Number(x) : NaN));
  return [NaN];
}

function paradoxArgs(raw, input) {
  return {
    prior: real(raw, input.prior, 'prior', { probability: true }),
    alpha: real(raw, input.alpha, 'alpha'),
    fpr: real(raw, input.fpr, 'fpr', { probability: true }),
    bpe: real(raw, input.bpe, 'bpe'),
  };
}

// ---- simulation ----------------------------------------------------------------------------------

const SIM_NUMBERS = {
  m: 'parseBits',
  k: 'parseCount',
  n: 'parseCount',
  sigma: 'parseCount',
  epochs: 'parseCount',
  arrivals: 'parseCount',
  warmup: 'parseCount',
  queries: 'parseCount',
  pool: 'parseCount',
  window: 'parseCount',
  seed: 'parseCount',
  newFraction: 'parseProbability',
  confidence: 'parseProbability',
};

function simArgs(raw, input) {
  object(input, 'simulation input');
  const out = {};
  for (const key of ['structure', 'hashing', 'boundary', 'stream', 'swap']) if (input[key] !== undefined) out[key] = input[key];
  if (input.retaining !== undefined) out.retaining = Boolean(input.retaining);
  for (const [key, parser] of Object.entries(SIM_NUMBERS)) {
    // newFraction may be 1 ("always new"), which parseProbability refuses: pass numbers through.
    const value = key === 'newFraction' && (input[key] === '1' || input[key] === 1) ? 1 : quantity(raw, input[key], parser, key);
    if (value !== undefined) out[key] = value;
  }
  return out;
}

function abortError(signal) {
  if (signal?.reason !== undefined) return signal.reason;
  const err = new Error('The simulation was cancelled');
  err.name = 'AbortError';
  return err;
}

const nextTurn = () => new Promise((resolve) => setTimeout(resolve, 0));

function paradoxSimArgs(raw, input) {
  object(input, 'paradox simulation input');
  const out = {};
  for (const key of ['structure', 'hashing']) if (input[key] !== undefined) out[key] = input[key];
  for (const key of ['m', 'n', 'k', 'queries', 'epochs', 'seed']) {
    const value = quantity(raw, input[key], key === 'm' ? 'parseBits' : 'parseCount', key);
    if (value !== undefined) out[key] = value;
  }
  const prior = real(raw, input.prior, 'prior', { probability: true });
  if (prior !== undefined) out.prior = prior;
  const confidence = quantity(raw, input.confidence, 'parseProbability', 'confidence');
  if (confidence !== undefined) out.confidence = confidence;
  return out;
}

/**
 * A running simulation driven in chunks: step() runs about `probes` bit probes (or, without an
 * argument, a chunk sized adaptively to `chunkMs` of work), returns the progress; dispose() frees it.
 * kind 'fpr': the engine's FPR experiments (createSimulation); 'paradox': Theorem 1's posterior.
 */
function simulationHandle(raw, input, { chunkMs = 8 } = {}, kind = 'fpr') {
  let sim = kind === 'paradox' ? raw.createParadoxSimulation(paradoxSimArgs(raw, input)) : raw.createSimulation(simArgs(raw, input));
  let budget = 1e5;
  let epochsSeen = 0;
  const alive = () => {
    if (!sim) throw new Error('the simulation was disposed');
    return sim;
  };
  return {
    step(probes) {
      const s = alive();
      const t0 = performance.now();
      const progress = s.run(probes ?? budget);
      if (probes === undefined) {
        const ms = Math.max(performance.now() - t0, 0.05);
        budget = Math.min(1e9, Math.max(1e3, budget * Math.min(4, chunkMs / ms)));
      }
      if (kind === 'fpr') {
        const newRates = s.epochRates(epochsSeen);
        progress.epochRates = newRates;
        epochsSeen += newRates.length;
      }
      return progress;
    },
    progress: () => alive().progress(),
    result: () => alive().result(),
    dispose() {
      sim?.delete();
      sim = null;
    },
    get disposed() {
      return sim === null;
    },
  };
}

async function simulateAsync(raw, input, { onProgress, signal, chunkMs = 8 } = {}, kind = 'fpr') {
  if (signal?.aborted) throw abortError(signal);
  const handle = simulationHandle(raw, input, { chunkMs }, kind);
  try {
    for (;;) {
      const progress = handle.step();
      onProgress?.(progress);
      if (progress.done) return handle.result();
      await nextTurn();
      if (signal?.aborted) throw abortError(signal);
    }
  } finally {
    handle.dispose();
  }
}

function simulateSync(raw, input, kind = 'fpr') {
  const handle = simulationHandle(raw, input, {}, kind);
  try {
    while (!handle.step(1e9).done);
    return handle.result();
  } finally {
    handle.dispose();
  }
}

// Layout inputs: m (bits, units allowed), n, k, blockBits as counts, p as a probability; the choices
// (layout, preset, hashing, hashScheme) pass through to the core, which names a bad one.
function layoutArgs(raw, input, what) {
  object(input, what);
  return {
    ...input,
    m: quantity(raw, input.m, 'parseBits', 'm'),
    n: quantity(raw, input.n, 'parseCount', 'n'),
    k: quantity(raw, input.k, 'parseCount', 'k'),
    blockBits: quantity(raw, input.blockBits, 'parseBits', 'blockBits'),
    p: quantity(raw, input.p, 'parseProbability', 'p'),
    maxBytes: quantity(raw, input.maxBytes, 'parseCount', 'maxBytes'),
  };
}

export function wrap(raw) {
  const limits = Object.freeze(raw.limits());
  return Object.freeze({
    fpr: (input) => raw.compareFpr(...filterArgs(raw, input)),
    exactFpr: (input) => raw.exactFpr(...filterArgs(raw, input)),
    exactFprTable: (input) => raw.exactFprTable(...filterArgs(raw, input)),
    size(input) {
      object(input, 'sizing input');
      return raw.solveSizing({
        n: quantity(raw, input.n, 'parseCount', 'n'),
        p: quantity(raw, input.p, 'parseProbability', 'p'),
        m: quantity(raw, input.m, 'parseBits', 'm'),
        k: quantity(raw, input.k, 'parseCount', 'k'),
        rounding: input.rounding,
        method: input.method,
        hashing: input.hashing,
      });
    },
    rbf: (input) => raw.rbf(rbfArgs(raw, input, 'rbf input')),
    sigmaCurve: (input) => raw.sigmaCurve(rbfArgs(raw, input, 'curve input')),
    nBounded: (input) => raw.nBounded(rbfArgs(raw, input, 'N-bounded input')),
    recommend: (input, onProgress) =>
      raw.recommend(rbfArgs(raw, input, 'recommend input'), onProgress ? (done, total) => onProgress(done, total) !== false : undefined),
    // The recommendation in parts, for a worker pool (wasm/rbf-pool.mjs): the plan, the rows of k = kLo..kHi,
    // and the merge of every row (in the core).
    recommendPlan: (input) => raw.recommendPlan(rbfArgs(raw, input, 'recommend input')),
    recommendRows: (input, kLo, kHi, onProgress) =>
      raw.recommendRows(
        rbfArgs(raw, input, 'recommend input'),
        kLo,
        kHi,
        onProgress ? (done, total) => onProgress(done, total) !== false : undefined,
      ),
    mergeRecommendation: (input, rows) => raw.mergeRecommendation(rbfArgs(raw, input, 'recommend input'), rows),
    paradox: (input) => raw.paradox(paradoxArgs(raw, object(input, 'paradox input'))),
    paradoxCurve(input) {
      object(input, 'paradox curve input');
      return raw.paradoxCurve({ ...paradoxArgs(raw, input), priors: list(input.priors) ?? [] });
    },
    cbf(input) {
      object(input, 'cbf input');
      return raw.cbf({
        counters: list(input.counters) ?? [],
        m: quantity(raw, input.m, 'parseCount', 'm'),
        n: quantity(raw, input.n, 'parseCount', 'n'),
        k: quantity(raw, input.k, 'parseCount', 'k'),
        prior: real(raw, input.prior, 'prior', { probability: true }),
        alpha: real(raw, input.alpha, 'alpha'),
      });
    },
    cbfOptimalK(input) {
      object(input, 'cbf optimal-k input');
      return raw.cbfOptimalK({
        m: quantity(raw, input.m, 'parseCount', 'm'),
        n: quantity(raw, input.n, 'parseCount', 'n'),
        prior: real(raw, input.prior, 'prior', { probability: true }),
        alpha: real(raw, input.alpha, 'alpha'),
        kMax: input.kMax === undefined ? undefined : quantity(raw, input.kMax, 'parseCount', 'kMax') ?? NaN,
      });
    },
    bhCbf(input) {
      object(input, 'B_h-CBF input');
      return raw.bhCbf({
        counters: list(input.counters) ?? [],
        sums: list(input.sums) ?? [],
        increments: list(input.increments) ?? [],
        sequence: list(input.sequence) ?? [],
        h: quantity(raw, input.h, 'parseCount', 'h'),
        m: quantity(raw, input.m, 'parseCount', 'm'),
        n: quantity(raw, input.n, 'parseCount', 'n'),
        k: quantity(raw, input.k, 'parseCount', 'k'),
        prior: real(raw, input.prior, 'prior', { probability: true }),
        alpha: real(raw, input.alpha, 'alpha'),
      });
    },
    selective(input) {
      object(input, 'selective input');
      return raw.selective({
        sizes: list(input.sizes) ?? [],
        members: list(input.members) ?? [],
        m: quantity(raw, input.m, 'parseCount', 'm'),
        alpha: real(raw, input.alpha, 'alpha'),
        counting: Boolean(input.counting),
      });
    },
    order(input) {
      object(input, 'order input');
      return raw.cacheOrder({
        probs: list(input.probs) ?? [],
        costs: list(input.costs) ?? [],
        specialCost: real(raw, input.specialCost, 'specialCost'),
      });
    },
    layoutFpr: (input) => raw.layoutFpr(layoutArgs(raw, input, 'layout input')),
    layoutExactFpr: (input) => raw.layoutExactFpr(layoutArgs(raw, input, 'layout input')),
    layoutMixture: (input) => raw.layoutMixture(layoutArgs(raw, input, 'layout input')),
    layoutSize: (input) => raw.layoutSize(layoutArgs(raw, input, 'layout sizing input')),
    simulateLayout(input) {
      const args = layoutArgs(raw, input, 'layout simulation input');
      return raw.simulateLayout({
        ...args,
        epochs: quantity(raw, input.epochs, 'parseCount', 'epochs'),
        queries: quantity(raw, input.queries, 'parseCount', 'queries'),
        seed: quantity(raw, input.seed, 'parseCount', 'seed'),
      });
    },
    layoutPresets: () => raw.layoutPresets(),
    parseCount: (text, parameter = 'value') => raw.parseCount(String(text), parameter),
    parseBits: (text, parameter = 'm') => raw.parseBits(String(text), parameter),
    parseProbability: (text, parameter = 'p') => raw.parseProbability(String(text), parameter),
    simulate: (input, options) => simulateAsync(raw, input, options),
    simulateSync: (input) => simulateSync(raw, input),
    createSimulation: (input, options) => simulationHandle(raw, input, options),
    simulationConfig: (input) => raw.simulationConfig(simArgs(raw, input)),
    simulateParadox: (input, options) => simulateAsync(raw, input, options, 'paradox'),
    simulateParadoxSync: (input) => simulateSync(raw, input, 'paradox'),
    createParadoxSimulation: (input, options) => simulationHandle(raw, input, options, 'paradox'),
    limits,
  });
}
