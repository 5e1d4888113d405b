// The public API over the raw embind module: text quantities are parsed by the core's parsers,
// everything else is checked here and passed on. Shared by the Node and browser entries.
//
// ---- The error pattern (every method follows it; see also the top of wasm/bindings/common.cpp) ------------
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
// A new method: declare its input in schema/ (npm run generate writes its field table, wasm/inputs.generated.mjs), copy the
// input with `read()`, call the binding with `call(raw.x(...))`.

import { abortError, call, object, QUOTE, shown, typeError } from './errors.mjs';
import { checkPool, checkWorkers, nextTurn, shareOf } from './sim-pool.mjs';
import { INPUT_FIELDS, METHOD_INPUTS, ONLY, ONLY_ON } from './inputs.generated.mjs';
import { nearest } from './nearest.mjs';
import { MODULE_FILES, MODULE_NAMES, MODULE_OPTIONS, bindings } from './modules.mjs';

export { MODULE_FILES, MODULE_NAMES, MODULE_OPTIONS };

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
  // "1e-400" is not 0: the core's parser refuses it by name (core/src/units.cpp, finite_number)
  if (DECIMAL.test(text)) return Number(text) || !/^[^e]*[1-9]/i.test(text) ? Number(text) : call(raw.parseCount(text, name));
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
    if (x.trim() === '')
      // "1,,2": named here (it used to reach the core as NaN: "got NaN")
      throw Object.assign(new RangeError(`${name}: entry ${i + 1} of ${items.length} is empty`), {
        parameter: name,
        validRange: 'numbers separated by commas, such as "3,1,4"',
      });
    return real(raw, x, name);
  });
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

// ---- strict inputs (docs/decisions.md, "Strict inputs") ---------------------------------------------
// A method's input is read through its fields, declared once in schema/ (generated into wasm/inputs.generated.mjs):
// [name, reader, default, older names]. They are also the list of accepted fields: any other own field is a
// TypeError naming it, thrown before any value is read, since a misspelt optional field (`hashin`) would otherwise
// be a silently wrong answer (its default). A field absent (its reader returns undefined) gets its default here,
// so the binding receives every field the schema gives a default (as the core would have filled it).

// The readers by kind, each (raw, input, name) → the plain value the binding gets; READERS (below) adds the readers
// with a rule of their own (a schema field's `reader`).
const bits = (raw, input, name) => quantity(raw, input[name], 'parseBits', name);
const count = (raw, input, name) => quantity(raw, input[name], 'parseCount', name);
const probability = (raw, input, name) => quantity(raw, input[name], 'parseProbability', name);
const KIND_READERS = {
  bits,
  count,
  probability,
  decimal: (raw, input, name) => real(raw, input[name], name),
  chance: (raw, input, name) => real(raw, input[name], name, { probability: true }), // "1 in 1000", "0.1%" too
  choice: (raw, input, name) => text(input[name], name),
  list: (raw, input, name) => list(raw, input[name], name) ?? [], // absent: empty, refused by the core by name
  flag: (raw, input, name) => flag(input[name], name),
};
// Readers that read their older names themselves (the others get the value of the name or of its older name, alias()).
const OWN_OLDER = new Set(['recycling', 'simRecycling', 'itemsOrN']);

const TABLES = new Map();
/** The field table of an input type: its rows and the names it accepts (every field and its older names), cached. */
function tableOf(type) {
  let table = TABLES.get(type);
  if (!table) {
    const rows = INPUT_FIELDS[type];
    table = { rows, accepted: rows.flatMap(([name, , , older = []]) => [name, ...older]) };
    TABLES.set(type, table);
  }
  return table;
}

/** Throws a TypeError naming the first own field of `input` not in `accepted`, with the nearest accepted name. */
export function onlyFields(input, accepted, what) {
  for (const key of Object.keys(input)) if (!accepted.includes(key)) throw unknownField(key, accepted, what);
  return input;
}

function unknownField(key, accepted, what) {
  const near = nearest(key, accepted);
  const list = accepted.join(', ');
  const error = new TypeError(`${what} has no field ${shown(key)}${near ? `; did you mean '${near}'?` : ''} (accepted: ${list})`);
  return Object.assign(error, { parameter: key === '' ? '""' : key.slice(0, QUOTE), validRange: `one of ${list}` });
}

/** The input of `method` read through its fields: an object with only accepted fields (else a TypeError), each value read in order, defaults filled. */
function read(raw, input, method, what = `${method} input`) {
  const table = tableOf(METHOD_INPUTS[method]);
  object(input, what);
  onlyFields(input, table.accepted, what);
  const out = {};
  const given = new Set();
  for (const [name, reader, fallback, older] of table.rows) {
    const source = older && !OWN_OLDER.has(reader) ? { [name]: alias(input, name, older[0]) } : input;
    const value = READERS[reader](raw, source, name);
    if (value !== undefined) given.add(name);
    out[name] = value === undefined && fallback !== undefined && fallback !== null ? fallback : value;
  }
  applies(input, out, given, ONLY[METHOD_INPUTS[method]]);
  return out;
}

/**
 * A field given where it does not apply (schema `only`: { field: [values] }, null for absent: a layout or a block size
 * beside a preset, which sets both) is a RangeError naming it, not a silently ignored value. `given`: the fields read
 * (not absent); `out`: what the other field resolved to (its default filled). An invalid value of the other field, or
 * its absence where a value is needed, is left to the core, which names it (librarySize: "library is required";
 * layoutSize refuses maxBytes without a preset itself).
 */
function applies(input, out, given, only) {
  if (!only) return;
  for (const [name, conditions] of Object.entries(only)) {
    if (!given.has(name)) continue;
    for (const [on, values] of Object.entries(conditions)) {
      const value = out[on] ?? null;
      if (values.includes(value) || (value === null ? !values.includes(null) : !ONLY_ON[on]?.includes(value))) continue;
      const allowed = values.filter((v) => v !== null);
      const range = allowed.length ? `absent unless ${on} is ${allowed.map((v) => JSON.stringify(v)).join(' or ')}` : `absent with ${on} (it sets ${name})`;
      throw Object.assign(new RangeError(`${name} must be ${range}; got ${shown(input[name])} with ${on} ${shown(value ?? undefined)}`), {
        parameter: name,
        validRange: range,
      });
    }
  }
}

/**
 * rbf(input) without the synchronous call's bound on the exact fill's work, on the raw recycling module: for a
 * caller off the main thread that can stop it (rbfAsync, wasm/rbf-pool-node.mjs: a worker thread, terminated on
 * abort). The same binding code as rbf(), so the same bits wherever both run.
 */
export function rbfUnbounded(raw, input) {
  return call(raw.rbfUnbounded(read(raw, input, 'rbfAsync')));
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
        ? {
            feasible: true,
            threshold: number(c.threshold, `${at}.${rule}.threshold`),
            capacity: number(c.capacity, `${at}.${rule}.capacity`),
            fpr: number(c.fpr, `${at}.${rule}.fpr`),
          }
        : { feasible: false };
    }
    return out;
  });
}

// The priors of a curve: a list of at least one (an empty answer would hide the omission, and would skip the
// checks of alpha, fpr and bpe, which run per prior).
const PRIORS_RANGE = 'a list of probabilities in [0, 1], such as [1e-6, 1e-3] or "1e-6,1e-3"';
function priorList(raw, input, name) {
  const priors = list(raw, input[name], name);
  if (priors === undefined || priors.length === 0)
    throw Object.assign(new RangeError(`${name} ${priors ? 'must have at least one entry' : 'is required'} (valid: ${PRIORS_RANGE})`), {
      parameter: name,
      validRange: PRIORS_RANGE,
    });
  return priors;
}
// kmax as in recommend(); kMax is its older name here. Given but empty (null, ""): NaN, refused by the core by name.
const kmaxOrNaN = (raw, input, name) => (input[name] === undefined ? undefined : (count(raw, input, name) ?? NaN));

// ---- simulation ----------------------------------------------------------------------------------

// simulate(): recycling ('nonretaining' | 'retaining' as in rbf(); `retaining: true` the older spelling) reaches the
// engine as `retaining`; N (as in nBounded()) as `n`, the older spelling for the N-bounded structures (a Bloom
// filter's items otherwise). newFraction may be 1 ("always new"), which parseProbability refuses.
function simRecycling(raw, input) {
  const value = recyclingOf(input);
  if (value !== undefined && value !== 'retaining' && value !== 'nonretaining')
    throw Object.assign(new RangeError(`recycling must be "nonretaining" or "retaining"; got ${shown(value)}`), {
      parameter: 'recycling',
      validRange: '"nonretaining" or "retaining"',
    });
  return value;
}
const itemsOrN = (raw, input, name) => count(raw, absent(input.N) ? input : { [name]: alias(input, 'N', name) }, name);
const newFraction = (raw, input, name) => (input[name] === '1' || input[name] === 1 ? 1 : probability(raw, input, name));

const READERS = {
  ...KIND_READERS,
  recycling: (raw, input) => recyclingOf(input),
  simRecycling,
  itemsOrN,
  newFraction,
  priorList,
  kmaxOrNaN,
};

// The engine's input: recycling as `retaining`.
function simArgs(raw, input, method) {
  const { recycling, ...out } = read(raw, input, method);
  return { ...out, retaining: recycling === 'retaining' };
}

// The options of simulate() / simulateParadox(), and of createSimulation() / createParadoxSimulation().
const RUN_OPTIONS = ['onProgress', 'signal', 'chunkMs'];
const HANDLE_OPTIONS = ['chunkMs'];
// createSimulation()'s: also `share`, a pool worker's epochs { first, stride } (wasm/sim-pool.mjs)
const FPR_HANDLE_OPTIONS = ['chunkMs', 'share'];

/** An options object (absent: {}) with only `accepted` fields, else a TypeError naming the field. */
export function optionFields(options, accepted, what) {
  return options === undefined ? {} : onlyFields(object(options, what), accepted, what);
}

/** A simulation's options: optionFields, chunkMs a number > 0, onProgress a function. */
function optionsOf(options, accepted, what) {
  optionFields(options, accepted, what);
  if (options === undefined) return {};
  if (options.chunkMs !== undefined && !(typeof options.chunkMs === 'number' && options.chunkMs > 0 && options.chunkMs < Infinity))
    throw typeError('chunkMs', 'a finite number > 0 of milliseconds', options.chunkMs);
  if (options.onProgress !== undefined && typeof options.onProgress !== 'function') throw typeError('onProgress', 'a function', options.onProgress);
  return options;
}

const cancelled = (signal) => abortError(signal, 'The simulation');

// A probe budget for step(): a finite number ≥ 1 (bounded so one step stays a chunk).
function probeBudget(probes) {
  if (typeof probes !== 'number') throw typeError('probes', 'a number', probes);
  if (!(probes >= 1 && probes <= 1e12))
    throw Object.assign(new RangeError(`probes must be in [1, 1e12]; got ${probes}`), { parameter: 'probes', validRange: '[1, 1e12]' });
  return probes;
}

// A simulation handle dropped without dispose() frees its wasm memory when it is garbage-collected: the registry
// holds the raw embind object (never the handle, which would then stay reachable) and deletes it. embind's own
// finalizer covers only smart-pointer handles, not a class constructed with `new`.
const dropped = typeof FinalizationRegistry === 'function' ? new FinalizationRegistry((sim) => sim.isDeleted() || sim.delete()) : null;

/**
 * A running simulation driven in chunks: step() runs about `probes` bit probes (or, without an
 * argument, a chunk sized adaptively to `chunkMs` of work), returns the progress; dispose() frees it
 * (and a handle dropped without it is freed when garbage-collected).
 * kind 'fpr': the engine's FPR experiments (raw.Simulation); 'paradox': Theorem 1's posterior.
 */
function simulationHandle(raw, input, options, kind, method) {
  const args = kind === 'paradox' ? read(raw, input, method) : simArgs(raw, input, method);
  const { chunkMs = 8, share } = optionsOf(options, kind === 'paradox' ? HANDLE_OPTIONS : FPR_HANDLE_OPTIONS, `${method} options`);
  const range = share === undefined ? null : shareOf(onlyFields(object(share, 'share'), ['first', 'stride'], 'share'));
  let sim = kind === 'paradox' ? new raw.ParadoxSimulation(args) : range ? new raw.Simulation(args, range.first, 0, range.stride) : new raw.Simulation(args);
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
  const handle = {
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
    ...(kind === 'fpr' && {
      // A pool's parts (wasm/sim-pool.mjs): a worker's completed epochs from `from` on, and the lead taking them in order.
      epochCounts: (from) => call(alive().epochCounts(from)),
      absorb: (counts, probes) => call(alive().absorb(counts, probes)),
    }),
    dispose() {
      if (!sim) return;
      dropped?.unregister(handle);
      sim.delete();
      sim = null;
    },
    get disposed() {
      return sim === null;
    },
  };
  dropped?.register(handle, sim, handle);
  return handle;
}

// Node's worker threads for a simulation's epochs (wasm/sim-pool-node.mjs, set by the Node entry): (lead, input,
// { epochs, workers, … }) → the result, or null to run here (a short run). The page has a pool of its own.
let epochPool = null;
export const setEpochPool = (pool) => (epochPool = pool);

async function simulateAsync(raw, input, options, kind, method) {
  const { onProgress, signal, chunkMs, workers, pool } = optionsOf(
    options,
    kind === 'fpr' ? [...RUN_OPTIONS, 'workers', 'pool'] : RUN_OPTIONS,
    `${method} options`,
  );
  checkWorkers(workers);
  checkPool(pool, workers);
  if (signal?.aborted) throw cancelled(signal);
  const handle = simulationHandle(raw, input, chunkMs === undefined ? undefined : { chunkMs }, kind, method);
  try {
    if (kind === 'fpr' && epochPool && workers !== 1) {
      const { epochs } = call(raw.simulationConfig(simArgs(raw, input, method)));
      const pooled = await epochPool(handle, input, { epochs, workers, pool, onProgress, signal, chunkMs });
      if (pooled) return pooled;
    }
    for (;;) {
      const progress = handle.step();
      onProgress?.(progress);
      if (progress.done) return handle.result();
      await nextTurn();
      if (signal?.aborted) throw cancelled(signal);
    }
  } finally {
    handle.dispose();
  }
}

function simulateSync(raw, input, kind, method) {
  const handle = simulationHandle(raw, input, undefined, kind, method);
  try {
    while (!handle.step(1e9).done);
    return handle.result();
  } finally {
    handle.dispose();
  }
}

/** `result` with hashFloor: the floor of a `hashBits`-bit hash for its filter (hashBits absent: unchanged). */
// The fields of a layout's filter that hashFloor reads: LayoutInput's that HashFloorInput has (a layout result names
// its filter's fields as the input does: LayoutFilter of results.d.ts).
const LAYOUT_FILTER = INPUT_FIELDS.LayoutInput.map(([name]) => name).filter((name) => INPUT_FIELDS.HashFloorInput.some(([f]) => f === name));

function withHashFloor(raw, result, hashBits, filter) {
  if (hashBits === undefined) return result;
  return { ...result, hashFloor: call(raw.hashFloor({ ...filter, hashBits })) };
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

// createBloomCalc()'s options (CreateOptions in index.d.ts), the same in Node and in browsers.
const CREATE_OPTIONS = ['modules', 'locateFile', ...Object.values(MODULE_OPTIONS).flatMap(({ bytes, compiled }) => [bytes, compiled])];
const MODULES_RANGE = `a non-empty array of ${MODULE_NAMES.map((m) => `'${m}'`).join(', ')}`;

/** Checks createBloomCalc()'s options (an object of CREATE_OPTIONS) and returns `modules` (default: all): an array of MODULE_NAMES. */
export function modulesOf(options) {
  onlyFields(object(options, 'createBloomCalc options'), CREATE_OPTIONS, 'createBloomCalc options');
  const modules = options.modules ?? MODULE_NAMES;
  if (!Array.isArray(modules) || modules.length === 0 || modules.some((m) => !MODULE_NAMES.includes(m)))
    throw Object.assign(new TypeError(`modules must be ${MODULES_RANGE}; got ${JSON.stringify(modules)}`), {
      parameter: 'modules',
      validRange: `${MODULES_RANGE}, e.g. ['main', 'rbf']`,
    });
  return modules;
}

/**
 * The API over the raw embind modules, any number of them (in MODULE_NAMES' order from wasm/loader.mjs; null for a
 * module not loaded: an element loads only its calculator's). A single module with every binding may be passed alone.
 */
export function wrap(...modules) {
  const raw = bindings(modules.filter((module) => module !== null && module !== undefined));
  const limits = Object.freeze(raw.limits());
  return Object.freeze({
    fpr(input) {
      const { hashBits, ...args } = read(raw, input, 'fpr');
      const r = call(raw.compareFpr(args));
      return withHashFloor(raw, r, hashBits, { m: r.m, n: r.n, k: r.k, hashing: r.hashing, ideal: r.exact });
    },
    exactFpr: (input) => call(raw.exactFpr(read(raw, input, 'exactFpr'))),
    exactFprTable: (input) => call(raw.exactFprTable(read(raw, input, 'exactFprTable'))),
    size(input) {
      const { hashBits, ...args } = read(raw, input, 'size');
      const r = call(raw.solveSizing(args));
      return withHashFloor(raw, r, hashBits, { m: r.m, n: r.n, k: r.k, hashing: r.hashing, ideal: r.fpr.exact, p: r.target ?? undefined });
    },
    rbf: (input) => call(raw.rbf(read(raw, input, 'rbf'))),
    sigmaCurve: (input) => call(raw.sigmaCurve(read(raw, input, 'sigmaCurve'))),
    nBounded: (input) => call(raw.nBounded(read(raw, input, 'nBounded'))),
    recommend(input, onProgress) {
      const args = read(raw, input, 'recommend');
      const progress = callback(onProgress, 'onProgress');
      const result = raw.recommend(args, progress.fn);
      progress.rethrow();
      return call(result);
    },
    // The recommendation in parts, for a worker pool (wasm/rbf-pool.mjs): the plan, the rows of k = kLo..kHi,
    // and the merge of every row (in the core).
    recommendPlan: (input) => call(raw.recommendPlan(read(raw, input, 'recommendPlan'))),
    recommendRows(input, kLo, kHi, onProgress) {
      const args = read(raw, input, 'recommendRows');
      for (const [name, k] of [
        ['kLo', kLo],
        ['kHi', kHi],
      ])
        if (typeof k !== 'number') throw typeError(name, 'a number', k);
      const progress = callback(onProgress, 'onProgress');
      const result = raw.recommendRows(args, kLo, kHi, progress.fn);
      progress.rethrow();
      return call(result);
    },
    mergeRecommendation: (input, rows) => call(raw.mergeRecommendation(read(raw, input, 'mergeRecommendation'), rowsArg(rows, limits.maxHashes))),
    paradox: (input) => call(raw.paradox(read(raw, input, 'paradox'))),
    paradoxCurve: (input) => call(raw.paradoxCurve(read(raw, input, 'paradoxCurve'))),
    cbf: (input) => call(raw.cbf(read(raw, input, 'cbf'))),
    cbfOptimalK: (input) => call(raw.cbfOptimalK(read(raw, input, 'cbfOptimalK'))),
    bhCbf: (input) => call(raw.bhCbf(read(raw, input, 'bhCbf'))),
    selective: (input) => call(raw.selective(read(raw, input, 'selective'))),
    order: (input) => call(raw.cacheOrder(read(raw, input, 'order'))),
    layoutFpr: (input) => call(raw.layoutFpr(read(raw, input, 'layoutFpr'))),
    layoutExactFpr: (input) => call(raw.layoutExactFpr(read(raw, input, 'layoutExactFpr'))),
    layoutMixture: (input) => call(raw.layoutMixture(read(raw, input, 'layoutMixture'))),
    layoutSize(input) {
      const { hashBits, ...args } = read(raw, input, 'layoutSize');
      const r = call(raw.layoutSize(args));
      const filter = { ...Object.fromEntries(LAYOUT_FILTER.map((name) => [name, r[name]])), ideal: r.fpr, p: r.target };
      return withHashFloor(raw, r, hashBits, filter);
    },
    simulateLayout: (input) => call(raw.simulateLayout(read(raw, input, 'simulateLayout'))),
    layoutPresets: () => raw.layoutPresets(),
    libraries: () => raw.libraries(),
    // the tools module's methods, each calling the binding of its own name
    ...Object.fromEntries(
      ['librarySize', 'hashFloor', 'scalable', 'window', 'state', 'overflow', 'compare'].map((name) => [
        name,
        (input) => call(raw[name](read(raw, input, name))),
      ]),
    ),
    parseCount: parser(raw, 'parseCount', 'value'),
    parseBits: parser(raw, 'parseBits', 'm'),
    parseProbability: parser(raw, 'parseProbability', 'p'),
    simulate: (input, options) => simulateAsync(raw, input, options, 'fpr', 'simulate'),
    simulateSync: (input) => simulateSync(raw, input, 'fpr', 'simulateSync'),
    createSimulation: (input, options) => simulationHandle(raw, input, options, 'fpr', 'createSimulation'),
    simulationConfig: (input) => call(raw.simulationConfig(simArgs(raw, input, 'simulationConfig'))),
    simulateParadox: (input, options) => simulateAsync(raw, input, options, 'paradox', 'simulateParadox'),
    simulateParadoxSync: (input) => simulateSync(raw, input, 'paradox', 'simulateParadoxSync'),
    createParadoxSimulation: (input, options) => simulationHandle(raw, input, options, 'paradox', 'createParadoxSimulation'),
    limits,
  });
}
