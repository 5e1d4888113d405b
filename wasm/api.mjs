// The public API over the raw embind module: text quantities are parsed by the core's parsers,
// everything else is checked here and passed on. Shared by the Node and browser entries.
//
// ---- The error pattern (every method follows it; see also the top of wasm/bindings.cpp) ------------
// No JS exception may unwind through wasm frames (it would leak the wasm stack, emval handles and heap
// on every error). So:
//   * inputs are checked and copied here, in JS, into plain objects of the expected types (numbers,
//     strings, booleans, arrays of numbers) before any binding sees them; a wrong type is a TypeError
//     naming the field (`.parameter`), thrown here;
//   * a binding never throws: on failure it returns an error record, which `call()` below turns into a
//     RangeError / TypeError / AbortError with `.parameter` and `.validRange`, thrown from this small
//     JS frame (so an uncaught error in Node prints a few lines, not the minified glue);
//   * a user callback called from C++ goes through `callback()`: it never throws into wasm; its
//     exception is recorded, the wrapper returns false (cancel), and the exception is rethrown after
//     the binding has returned.
// A new method: copy its input with the readers below, call the binding with `call(raw.x(...))`.

const ERROR_KEY = '__bloomcalcError';
const QUOTE = 40;  // a bad input is quoted to at most this many characters

/** Throws the error a binding returned; otherwise returns its result. */
function call(result) {
  if (result !== null && typeof result === 'object' && ERROR_KEY in result) throw errorOf(result[ERROR_KEY]);
  return result;
}

function errorOf({ name, message, parameter, validRange }) {
  const Ctor = name === 'TypeError' ? TypeError : name === 'RangeError' ? RangeError : Error;
  const error = captureStack ? unstacked(Ctor, message) : new Ctor(message);
  if (name === 'AbortError') error.name = 'AbortError';
  if (parameter) Object.assign(error, { parameter, validRange });
  Error.captureStackTrace?.(error, call);
  return error;
}

// V8 (Node, Chromium): the stack is captured once, from call()'s caller, not also at construction (half
// of an error's cost in JS: tests/js/errors.test.mjs throws millions).
const captureStack = typeof Error.captureStackTrace === 'function';
function unstacked(Ctor, message) {
  const limit = Error.stackTraceLimit;
  try {
    Error.stackTraceLimit = 0;
  } catch {
    return new Ctor(message);  // a frozen Error (hardened JS): one stack capture more
  }
  const error = new Ctor(message);
  Error.stackTraceLimit = limit;
  return error;
}

/** A short description of a bad value for a message: its type, and a prefix of it when it is text. */
function shown(value) {
  if (typeof value === 'string') return JSON.stringify(value.length > QUOTE ? `${value.slice(0, QUOTE)}…` : value) + (value.length > QUOTE ? ` (${value.length} characters)` : '');
  if (typeof value === 'number') return String(value);
  if (typeof value === 'bigint') return `the BigInt ${String(value).slice(0, QUOTE)}n`;
  if (typeof value === 'symbol') return 'a Symbol';
  if (typeof value === 'function') return 'a function';
  if (Array.isArray(value)) return 'an array';
  if (value instanceof Date) return 'a Date';
  if (value === null || value === undefined) return String(value);
  return `a ${typeof value}`;
}

function typeError(parameter, expected, value) {
  const error = new TypeError(`${parameter} must be ${expected}; got ${shown(value)}`);
  return Object.assign(error, { parameter, validRange: expected });
}

function object(input, what) {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) throw typeError(what, 'an object', input);
  return input;
}

// ---- the readers: each takes a field's value and returns a plain value, or undefined when absent ----

const absent = (value) => value === undefined || value === null || value === '';

// A count, size or probability: a number (range checked by the core), or text read by the core's parser.
function quantity(raw, value, parser, name) {
  if (absent(value)) return undefined;
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return call(raw[parser](value, name));
  throw typeError(name, 'a number or text such as "1e6"', value);
}

// A real number given as a number or as plain decimal text ("0.5", "1e3"; not "0x10", not "Infinity");
// with `probability`, other text goes to the core's probability parser ("1 in 1000", "0.1%").
const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;
function real(raw, value, name, { probability = false } = {}) {
  if (absent(value)) return undefined;
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') throw typeError(name, 'a number or decimal text', value);
  const text = value.trim();
  if (DECIMAL.test(text)) return Number(text);
  if (probability) return call(raw.parseProbability(value, name));
  throw Object.assign(new RangeError(`${name}: cannot read ${shown(value)} as a decimal number`), { parameter: name, validRange: 'a decimal number' });
}

// A choice among names ("colliding", "distinct", ...): text, checked by the core ("" is refused there).
function text(value, name) {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw typeError(name, 'text', value);
  return value;
}

// A yes/no option: true or false, or the text "true" / "false".
function flag(value, name) {
  if (value === undefined || value === null) return undefined;
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw typeError(name, 'true or false (or the text "true" / "false")', value);
}

// A list of numbers: an array of numbers or decimal text, or text with commas ("3,1,4"); at most
// MAX_LIST entries (checked before any work).
const MAX_LIST = 100000;
function list(raw, value, name) {
  if (value === undefined || value === null) return undefined;
  let items;
  if (typeof value === 'string') items = value.trim() === '' ? [] : value.split(',');
  else if (Array.isArray(value)) items = value;
  else throw typeError(name, 'an array of numbers or text such as "3,1,4"', value);
  if (items.length > MAX_LIST)
    throw Object.assign(new RangeError(`${name} must have at most ${MAX_LIST} entries; got ${items.length}`), {
      parameter: name,
      validRange: `at most ${MAX_LIST} entries`,
    });
  return items.map((x, i) => {
    if (typeof x === 'number') return x;
    if (typeof x !== 'string') throw typeError(name, 'an array of numbers', x);
    if (x.trim() === '')  // "1,,2": named here (it used to reach the core as NaN: "got NaN")
      throw Object.assign(new RangeError(`${name}: entry ${i + 1} of ${items.length} is empty`), {
        parameter: name,
        validRange: 'numbers separated by commas, such as "3,1,4"',
      });
    return real(raw, x, name);
  });
}

function filterArgs(raw, input) {
  object(input, 'filter input');
  // A missing number reaches the core as absent and is reported there by name.
  return {
    m: quantity(raw, input.m, 'parseBits', 'm'),
    n: quantity(raw, input.n, 'parseCount', 'n'),
    k: quantity(raw, input.k, 'parseCount', 'k'),
    hashing: text(input.hashing, 'hashing'),
  };
}

// One meaning per name (docs/decisions.md, "Vocabulary"): an older spelling is accepted as an alias; giving both
// with different values is a RangeError naming the current one.
function alias(input, name, old) {
  if (absent(input[old])) return input[name];
  if (!absent(input[name]) && input[name] !== input[old])
    throw Object.assign(new RangeError(`${name} and its older name ${old} disagree (${shown(input[name])} vs ${shown(input[old])}): give one`), {
      parameter: name,
      validRange: `${name} alone (or ${old} alone)`,
    });
  return input[old];
}

// `recycling` ('nonretaining' | 'retaining'), or `retaining` (true / false), its older spelling from the simulator,
// accepted by every recycling call alike; both given must agree (a RangeError naming recycling).
function recyclingOf(input) {
  const recycling = text(input.recycling, 'recycling');
  const retaining = flag(input.retaining, 'retaining');
  if (retaining === undefined) return recycling;
  if (recycling === undefined) return retaining ? 'retaining' : 'nonretaining';
  if (retaining !== (recycling === 'retaining'))
    throw Object.assign(new RangeError('recycling and its older spelling retaining disagree: give one'), {
      parameter: 'recycling',
      validRange: 'recycling alone (or retaining alone)',
    });
  return recycling;
}

// Recycling-filter inputs: m (bits, units allowed), k, sigma, N as counts, p (the target FPR) as a probability.
function rbfArgs(raw, input, what) {
  object(input, what);
  const p = alias(input, 'p', 'fpr');
  return {
    m: quantity(raw, input.m, 'parseBits', 'm'),
    k: quantity(raw, input.k, 'parseCount', 'k'),
    sigma: quantity(raw, input.sigma, 'parseCount', 'sigma'),
    N: quantity(raw, input.N, 'parseCount', 'N'),
    kmax: quantity(raw, input.kmax, 'parseCount', 'kmax'),
    points: quantity(raw, input.points, 'parseCount', 'points'),
    phases: quantity(raw, input.phases, 'parseCount', 'phases'),
    p: quantity(raw, p, 'parseProbability', 'p'),
    hashing: text(input.hashing, 'hashing'),
    recycling: recyclingOf(input),
    restart: text(input.restart, 'restart'),
    swap: text(input.swap, 'swap'),
    method: text(input.method, 'method'),
  };
}

/**
 * A user callback for a binding: never throws into wasm. An exception is kept (and cancels the work by
 * returning false); `rethrow()` throws it once the binding has returned.
 */
function callback(fn, name) {
  if (fn === undefined || fn === null) return { fn: undefined, rethrow() {} };
  if (typeof fn !== 'function') throw typeError(name, 'a function', fn);
  let failure = null;
  return {
    fn(...args) {
      if (failure) return false;
      try {
        return fn(...args) !== false;
      } catch (error) {
        failure = { error };
        return false;
      }
    },
    rethrow() {
      if (failure) throw failure.error;
    },
  };
}

// The rows recommendRows returned (from pool workers), for mergeRecommendation: every field checked for its
// type and copied (the core checks the values: each k once, FPRs in [0, 1], ...). At most maxRows (k ≤ limits.maxHashes).
const RULES = ['onePhase', 'twoPhase', 'worstCase', 'oracle', 'lowerBound'];
function rowsArg(rows, maxRows) {
  if (!Array.isArray(rows)) throw typeError('rows', 'the array of rows recommendRows returned', rows);
  if (rows.length > maxRows)
    throw Object.assign(new RangeError(`rows must have at most ${maxRows} entries (one per k); got ${rows.length}`), {
      parameter: 'rows',
      validRange: `at most ${maxRows} rows`,
    });
  const number = (value, name) => {
    if (typeof value !== 'number') throw typeError(name, 'a number', value);
    return value;
  };
  return rows.map((row, i) => {
    const at = `rows[${i}]`;
    object(row, at);
    const out = { k: number(row.k, `${at}.k`), method: text(row.method, `${at}.method`) ?? '' };
    out.errorBound = row.errorBound === null || row.errorBound === undefined ? null : number(row.errorBound, `${at}.errorBound`);
    for (const rule of RULES) {
      const c = object(row[rule], `${at}.${rule}`);
      if (typeof c.feasible !== 'boolean') throw typeError(`${at}.${rule}.feasible`, 'true or false', c.feasible);
      out[rule] = c.feasible
        ? { feasible: true, threshold: number(c.threshold, `${at}.${rule}.threshold`), capacity: number(c.capacity, `${at}.${rule}.capacity`), fpr: number(c.fpr, `${at}.${rule}.fpr`) }
        : { feasible: false };
    }
    return out;
  });
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
  for (const key of ['structure', 'hashing', 'boundary', 'stream', 'swap']) out[key] = text(input[key], key);
  // recycling: 'nonretaining' | 'retaining' as in rbf(); `retaining: true` is the older spelling.
  const recycling = recyclingOf(input);
  if (recycling !== undefined && recycling !== 'retaining' && recycling !== 'nonretaining')
    throw Object.assign(new RangeError(`recycling must be "nonretaining" or "retaining"; got ${shown(recycling)}`), {
      parameter: 'recycling',
      validRange: '"nonretaining" or "retaining"',
    });
  out.retaining = recycling === undefined ? undefined : recycling === 'retaining';
  // N-bounded structures: N, as in nBounded() (n, the older spelling, is a Bloom filter's items).
  if (!absent(input.N)) input = { ...input, n: alias(input, 'N', 'n') };
  for (const [key, parser] of Object.entries(SIM_NUMBERS)) {
    // newFraction may be 1 ("always new"), which parseProbability refuses: pass numbers through.
    out[key] = key === 'newFraction' && (input[key] === '1' || input[key] === 1) ? 1 : quantity(raw, input[key], parser, key);
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
  for (const key of ['structure', 'hashing']) out[key] = text(input[key], key);
  for (const key of ['m', 'n', 'k', 'queries', 'epochs', 'seed'])
    out[key] = quantity(raw, input[key], key === 'm' ? 'parseBits' : 'parseCount', key);
  out.prior = real(raw, input.prior, 'prior', { probability: true });
  out.confidence = quantity(raw, input.confidence, 'parseProbability', 'confidence');
  return out;
}

// A probe budget for step(): a finite number ≥ 1 (bounded so one step stays a chunk).
function probeBudget(probes) {
  if (typeof probes !== 'number') throw typeError('probes', 'a number', probes);
  if (!(probes >= 1 && probes <= 1e12))
    throw Object.assign(new RangeError(`probes must be in [1, 1e12]; got ${probes}`), { parameter: 'probes', validRange: '[1, 1e12]' });
  return probes;
}

/**
 * A running simulation driven in chunks: step() runs about `probes` bit probes (or, without an
 * argument, a chunk sized adaptively to `chunkMs` of work), returns the progress; dispose() frees it.
 * kind 'fpr': the engine's FPR experiments (raw.Simulation); 'paradox': Theorem 1's posterior.
 */
function simulationHandle(raw, input, { chunkMs = 8 } = {}, kind = 'fpr') {
  const args = kind === 'paradox' ? paradoxSimArgs(raw, input) : simArgs(raw, input);
  let sim = kind === 'paradox' ? new raw.ParadoxSimulation(args) : new raw.Simulation(args);
  const failure = sim.error();
  if (failure !== undefined) {
    sim.delete();
    call(failure);
  }
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
      const progress = call(s.run(probes === undefined ? budget : probeBudget(probes)));
      if (probes === undefined) {
        const ms = Math.max(performance.now() - t0, 0.05);
        budget = Math.min(1e9, Math.max(1e3, budget * Math.min(4, chunkMs / ms)));
      }
      if (kind === 'fpr') {
        const newRates = call(s.epochRates(epochsSeen));
        progress.epochRates = newRates;
        epochsSeen += newRates.length;
      }
      return progress;
    },
    progress: () => call(alive().progress()),
    result: () => call(alive().result()),
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
// (layout, preset, hashing, hashScheme) are text checked by the core, which names a bad one.
function layoutArgs(raw, input, what) {
  object(input, what);
  return {
    m: quantity(raw, input.m, 'parseBits', 'm'),
    n: quantity(raw, input.n, 'parseCount', 'n'),
    k: quantity(raw, input.k, 'parseCount', 'k'),
    blockBits: quantity(raw, input.blockBits, 'parseBits', 'blockBits'),
    p: quantity(raw, input.p, 'parseProbability', 'p'),
    maxBytes: quantity(raw, input.maxBytes, 'parseCount', 'maxBytes'),
    confidence: quantity(raw, input.confidence, 'parseProbability', 'confidence'),
    layout: text(input.layout, 'layout'),
    preset: text(input.preset, 'preset'),
    hashing: text(input.hashing, 'hashing'),
    hashScheme: text(input.hashScheme, 'hashScheme'),
  };
}

// parseCount & co.: text (or a number, read as its decimal text); `parameter` names it in errors.
function parser(raw, name, fallback) {
  return (value, parameter) => {
    if (parameter === undefined || parameter === '') parameter = fallback;
    if (typeof parameter !== 'string') throw typeError('parameter', 'text', parameter);
    if (typeof value === 'number') value = String(value);
    if (typeof value !== 'string') throw typeError(parameter.slice(0, QUOTE), 'text such as "1e6"', value);
    return call(raw[name](value, parameter.slice(0, QUOTE)));
  };
}

const MODULE_NAMES = ['main', 'rbf'];

/** Checks `modules` (default: both): an array of 'main' and/or 'rbf'. */
export function modulesOf(options) {
  const modules = options.modules ?? MODULE_NAMES;
  if (!Array.isArray(modules) || modules.length === 0 || modules.some((m) => !MODULE_NAMES.includes(m)))
    throw Object.assign(new TypeError(`modules must be a non-empty array of 'main' and 'rbf'; got ${JSON.stringify(modules)}`), {
      parameter: 'modules',
      validRange: "['main'], ['rbf'] or ['main', 'rbf']",
    });
  return modules;
}

/**
 * The raw bindings of the modules loaded, as one object: each binding is looked up in the main module, then
 * in the recycling one (both have the parsers, solveSizing and limits), so a method needs no knowledge of
 * which module registers its binding. A binding of a module this instance did not load
 * (createBloomCalc({ modules })) throws an Error saying so.
 */
function bindings(main, rbf) {
  const unavailable = (name) =>
    function unavailable() {
      throw new Error(`bloomcalc: ${name} is in a WebAssembly module this instance did not load (createBloomCalc() without \`modules\` loads both)`);
    };
  return new Proxy({}, { get: (_, name) => main?.[name] ?? rbf?.[name] ?? unavailable(String(name)) });
}

/**
 * The API over the raw embind modules: `main` (bloomcalc.web.wasm, every calculator but the recycling
 * filters) and `rbf` (bloomcalc.rbf.wasm: rbf, sigmaCurve, nBounded, recommend*). Either may be null (an
 * element loads only its calculator's module); a single module with every binding may be passed alone.
 */
export function wrap(main, rbf = null) {
  const raw = bindings(main, rbf);
  const limits = Object.freeze(raw.limits());
  return Object.freeze({
    fpr: (input) => call(raw.compareFpr(filterArgs(raw, input))),
    exactFpr: (input) => call(raw.exactFpr(filterArgs(raw, input))),
    exactFprTable: (input) => call(raw.exactFprTable(filterArgs(raw, input))),
    size(input) {
      object(input, 'sizing input');
      return call(raw.solveSizing({
        n: quantity(raw, input.n, 'parseCount', 'n'),
        p: quantity(raw, input.p, 'parseProbability', 'p'),
        m: quantity(raw, input.m, 'parseBits', 'm'),
        k: quantity(raw, input.k, 'parseCount', 'k'),
        rounding: text(input.rounding, 'rounding'),
        method: text(input.method, 'method'),
        hashing: text(input.hashing, 'hashing'),
      }));
    },
    rbf: (input) => call(raw.rbf(rbfArgs(raw, input, 'rbf input'))),
    sigmaCurve: (input) => call(raw.sigmaCurve(rbfArgs(raw, input, 'curve input'))),
    nBounded: (input) => call(raw.nBounded(rbfArgs(raw, input, 'N-bounded input'))),
    recommend(input, onProgress) {
      const args = rbfArgs(raw, input, 'recommend input');
      const progress = callback(onProgress, 'onProgress');
      const result = raw.recommend(args, progress.fn);
      progress.rethrow();
      return call(result);
    },
    // The recommendation in parts, for a worker pool (wasm/rbf-pool.mjs): the plan, the rows of k = kLo..kHi,
    // and the merge of every row (in the core).
    recommendPlan: (input) => call(raw.recommendPlan(rbfArgs(raw, input, 'recommend input'))),
    recommendRows(input, kLo, kHi, onProgress) {
      const args = rbfArgs(raw, input, 'recommend input');
      for (const [name, k] of [['kLo', kLo], ['kHi', kHi]]) if (typeof k !== 'number') throw typeError(name, 'a number', k);
      const progress = callback(onProgress, 'onProgress');
      const result = raw.recommendRows(args, kLo, kHi, progress.fn);
      progress.rethrow();
      return call(result);
    },
    mergeRecommendation: (input, rows) => call(raw.mergeRecommendation(rbfArgs(raw, input, 'recommend input'), rowsArg(rows, limits.maxHashes))),
    paradox: (input) => call(raw.paradox(paradoxArgs(raw, object(input, 'paradox input')))),
    paradoxCurve(input) {
      object(input, 'paradox curve input');
      const priors = list(raw, input.priors, 'priors');
      if (priors === undefined) { // an empty answer would hide the omission
        const validRange = 'a list of probabilities in [0, 1], such as [1e-6, 1e-3] or "1e-6,1e-3"';
        throw Object.assign(new RangeError(`priors is required (valid: ${validRange})`), { parameter: 'priors', validRange });
      }
      return call(raw.paradoxCurve({ ...paradoxArgs(raw, input), priors }));
    },
    cbf(input) {
      object(input, 'cbf input');
      return call(raw.cbf({
        counters: list(raw, input.counters, 'counters') ?? [],
        m: quantity(raw, input.m, 'parseCount', 'm'),
        n: quantity(raw, input.n, 'parseCount', 'n'),
        k: quantity(raw, input.k, 'parseCount', 'k'),
        prior: real(raw, input.prior, 'prior', { probability: true }),
        alpha: real(raw, input.alpha, 'alpha'),
      }));
    },
    cbfOptimalK(input) {
      object(input, 'cbf optimal-k input');
      const kmax = alias(input, 'kmax', 'kMax'); // kmax as in recommend(); kMax is its older name here
      return call(raw.cbfOptimalK({
        m: quantity(raw, input.m, 'parseCount', 'm'),
        n: quantity(raw, input.n, 'parseCount', 'n'),
        prior: real(raw, input.prior, 'prior', { probability: true }),
        alpha: real(raw, input.alpha, 'alpha'),
        kmax: kmax === undefined ? undefined : quantity(raw, kmax, 'parseCount', 'kmax') ?? NaN,
      }));
    },
    bhCbf(input) {
      object(input, 'B_h-CBF input');
      return call(raw.bhCbf({
        counters: list(raw, input.counters, 'counters') ?? [],
        sums: list(raw, input.sums, 'sums') ?? [],
        increments: list(raw, input.increments, 'increments') ?? [],
        sequence: list(raw, input.sequence, 'sequence') ?? [],
        h: quantity(raw, input.h, 'parseCount', 'h'),
        m: quantity(raw, input.m, 'parseCount', 'm'),
        n: quantity(raw, input.n, 'parseCount', 'n'),
        k: quantity(raw, input.k, 'parseCount', 'k'),
        prior: real(raw, input.prior, 'prior', { probability: true }),
        alpha: real(raw, input.alpha, 'alpha'),
      }));
    },
    selective(input) {
      object(input, 'selective input');
      return call(raw.selective({
        sizes: list(raw, input.sizes, 'sizes') ?? [],
        members: list(raw, input.members, 'members') ?? [],
        m: quantity(raw, input.m, 'parseCount', 'm'),
        alpha: real(raw, input.alpha, 'alpha'),
        counting: flag(input.counting, 'counting') ?? false,
      }));
    },
    order(input) {
      object(input, 'order input');
      return call(raw.cacheOrder({
        probs: list(raw, input.probs, 'probs') ?? [],
        costs: list(raw, input.costs, 'costs') ?? [],
        specialCost: real(raw, input.specialCost, 'specialCost'),
      }));
    },
    layoutFpr: (input) => call(raw.layoutFpr(layoutArgs(raw, input, 'layout input'))),
    layoutExactFpr: (input) => call(raw.layoutExactFpr(layoutArgs(raw, input, 'layout input'))),
    layoutMixture: (input) => call(raw.layoutMixture(layoutArgs(raw, input, 'layout input'))),
    layoutSize: (input) => call(raw.layoutSize(layoutArgs(raw, input, 'layout sizing input'))),
    simulateLayout(input) {
      const args = layoutArgs(raw, input, 'layout simulation input');
      return call(raw.simulateLayout({
        ...args,
        epochs: quantity(raw, input.epochs, 'parseCount', 'epochs'),
        queries: quantity(raw, input.queries, 'parseCount', 'queries'),
        seed: quantity(raw, input.seed, 'parseCount', 'seed'),
      }));
    },
    layoutPresets: () => raw.layoutPresets(),
    parseCount: parser(raw, 'parseCount', 'value'),
    parseBits: parser(raw, 'parseBits', 'm'),
    parseProbability: parser(raw, 'parseProbability', 'p'),
    simulate: (input, options) => simulateAsync(raw, input, options),
    simulateSync: (input) => simulateSync(raw, input),
    createSimulation: (input, options) => simulationHandle(raw, input, options),
    simulationConfig: (input) => call(raw.simulationConfig(simArgs(raw, input))),
    simulateParadox: (input, options) => simulateAsync(raw, input, options, 'paradox'),
    simulateParadoxSync: (input) => simulateSync(raw, input, 'paradox'),
    createParadoxSimulation: (input, options) => simulationHandle(raw, input, options, 'paradox'),
    limits,
  });
}
