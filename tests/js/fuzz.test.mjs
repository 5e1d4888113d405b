// Property-based fuzzing of the whole JS API (fast-check): every method gets inputs built from
// adversarial values (NaN, ±∞, −0, 2^53+1, BigInt, Symbol, objects, arrays, Dates, booleans, numbers
// where text is expected, text where numbers are, unknown fields (each must be refused first: a TypeError naming it), long strings, NUL bytes). Properties:
//   * a failure is a RangeError or TypeError with a non-empty `.parameter` (never embind's BindingError,
//     never a glue TypeError without a parameter), with a short message;
//   * a result holds no NaN or ±∞ (a documented "none" is null), no negative count or size, and no
//     probability outside [0, 1].
// Seeded (BLOOMCALC_FUZZ_SEED, default 1) so a failure reproduces; BLOOMCALC_FUZZ_RUNS sets the runs per
// method (default 6000: about 130 000 calls in all).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { createBloomCalc } from '../../wasm/index.mjs';
import { hasNodeBuild } from './helpers/common.mjs';

const RUNS = Number(process.env.BLOOMCALC_FUZZ_RUNS ?? 6000);
const SEED = Number(process.env.BLOOMCALC_FUZZ_SEED ?? 1);
const skip = hasNodeBuild() ? false : 'the wasm build is missing; run `npm run build` first';

const LONG = `1${'0'.repeat(5000)}`;
const value = fc.oneof(
  fc.constantFrom(NaN, Infinity, -Infinity, -0, 0, 1, 2, 3, 5, 7, 16, 64, 100, 1000, 2 ** 53 + 1, 1e300, -5, 0.5, 1e-300, 0.01),
  fc.integer({ min: -10, max: 2000 }),
  fc.double(),
  fc.constantFrom('', '1k', '1Ki', '2^10', 'abc', '5\u0000abc', '0x10', 'true', 'false', '1 in 100', '0.1%', '-5', '1e400', LONG,
    'colliding', 'distinct', 'bloom', 'n-real', 'retaining', 'pow2', 'exact', '3,1,4', 'NaN', 'Infinity'),
  fc.string({ maxLength: 12 }),
  fc.constantFrom(true, false, null, undefined, 10n, 2n ** 64n),
  fc.constant(Symbol('s')),
  fc.constantFrom({}, [], [1000], [0.5, 0.2], new Date(0), { valueOf: () => 5 }, () => 1),
);
// An input: any subset of the method's fields, and in about one run in five a field it does not read (a made-up
// name or a near miss of a real one), which must be refused first by name (docs/decisions.md, "Strict inputs").
const UNKNOWN = ['unknownField', 'hashin', 'Sigma', 'blockbits', 'M', 'kLo'];
const NONE = Symbol('no unknown field');
const fields = (names) =>
  fc.tuple(
    fc.record(Object.fromEntries(names.map((n) => [n, value])), { requiredKeys: [] }),
    fc.oneof({ weight: 4, arbitrary: fc.constant(NONE) }, { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...UNKNOWN), value) }),
  ).map(([input, unknown]) => (unknown === NONE ? input : { ...input, [unknown[0]]: unknown[1] }));

// Per method: the call, its input's field names, and whether the input object reaches the method whole (then an
// unknown field in it must be the error).
const METHODS = {
  fpr: [(bc, x) => bc.fpr(x), ['m', 'n', 'k', 'hashing']],
  exactFpr: [(bc, x) => bc.exactFpr(x), ['m', 'n', 'k', 'hashing']],
  exactFprTable: [(bc, x) => bc.exactFprTable(x), ['m', 'n', 'k', 'hashing']],
  size: [(bc, x) => bc.size(x), ['n', 'p', 'm', 'k', 'rounding', 'method', 'hashing']],
  rbf: [(bc, x) => bc.rbf(x), ['m', 'k', 'sigma', 'phases', 'hashing', 'recycling', 'restart', 'swap']],
  sigmaCurve: [(bc, x) => bc.sigmaCurve(x), ['m', 'k', 'points', 'phases', 'hashing', 'recycling']],
  nBounded: [(bc, x) => bc.nBounded(x), ['m', 'k', 'N', 'hashing']],
  recommend: [(bc, { onProgress, ...x }) => bc.recommend(x, onProgress), ['m', 'p', 'fpr', 'kmax', 'hashing', 'recycling', 'onProgress']],
  recommendPlan: [(bc, x) => bc.recommendPlan(x), ['m', 'p', 'kmax', 'hashing', 'recycling']],
  recommendRows: [(bc, { kLow, kHigh, ...x }) => bc.recommendRows(x, kLow, kHigh), ['m', 'p', 'kmax', 'kLow', 'kHigh']],
  mergeRecommendation: [(bc, x) => bc.mergeRecommendation(MERGE_INPUT, mutatedRows(bc, x)),
    ['rows', 'k', 'method', 'errorBound', 'onePhase', 'feasible', 'threshold', 'capacity', 'fpr'], false],
  paradox: [(bc, x) => bc.paradox(x), ['prior', 'alpha', 'fpr', 'bpe']],
  paradoxCurve: [(bc, x) => bc.paradoxCurve(x), ['priors', 'alpha', 'fpr', 'bpe']],
  cbf: [(bc, x) => bc.cbf(x), ['counters', 'm', 'n', 'k', 'prior', 'alpha']],
  cbfOptimalK: [(bc, x) => bc.cbfOptimalK(x), ['m', 'n', 'prior', 'alpha', 'kmax', 'kMax']],
  bhCbf: [(bc, x) => bc.bhCbf(x), ['counters', 'sums', 'increments', 'sequence', 'h', 'm', 'n', 'k', 'prior', 'alpha']],
  selective: [(bc, x) => bc.selective(x), ['sizes', 'members', 'm', 'alpha', 'counting']],
  order: [(bc, x) => bc.order(x), ['probs', 'costs', 'specialCost']],
  parseCount: [(bc, x) => bc.parseCount(x.m, x.n), ['m', 'n'], false],
  parseBits: [(bc, x) => bc.parseBits(x.m, x.n), ['m', 'n'], false],
  parseProbability: [(bc, x) => bc.parseProbability(x.m, x.n), ['m', 'n'], false],
  simulationConfig: [(bc, x) => bc.simulationConfig(x), ['structure', 'm', 'k', 'n', 'N', 'sigma', 'epochs', 'arrivals', 'recycling', 'retaining', 'stream', 'seed']],
  createSimulation: [(bc, x) => bc.createSimulation(x).dispose(), ['structure', 'm', 'k', 'n', 'N', 'sigma', 'epochs', 'arrivals', 'recycling', 'retaining']],
  createParadoxSimulation: [(bc, x) => bc.createParadoxSimulation(x).dispose(), ['structure', 'm', 'n', 'k', 'prior', 'queries', 'epochs']],
};

// mergeRecommendation: real rows with fuzzed fields (row 1; its twoPhase choice), or fuzzed rows altogether.
const MERGE_INPUT = { m: 4096, p: 0.01, kmax: 2 };
let mergeRows;
function mutatedRows(bc, x) {
  mergeRows ??= bc.recommendRows(MERGE_INPUT, 1, 2);
  if ('rows' in x) return x.rows;
  const rows = structuredClone(mergeRows);
  for (const key of ['k', 'method', 'errorBound', 'onePhase']) if (key in x) rows[1][key] = x[key];
  for (const key of ['feasible', 'threshold', 'capacity', 'fpr']) if (key in x) rows[1].twoPhase[key] = x[key];
  return rows;
}

const PROBABILITIES = new Set(['p', 'fpr', 'exact', 'classic', 'classicDistinct', 'bloom1970', 'posterior', 'posteriorComplement',
  'averageFpr', 'activeFpr', 'frozenFpr', 'fnr', 'prior', 'positiveProbability', 'filterFpr', 'posteriorThreshold']);
const NON_NEGATIVE = new Set(['m', 'n', 'k', 'N', 'sigma', 'bitsPerElement', 'bitsPerFilter', 'expectedMessages', 'bytes', 'epochs',
  'arrivals', 'queries', 'falsePositives', 'falseNegatives', 'inserted', 'cost', 'expectedCost', 'expectedArrivals']);

// Every number in a result: finite; named probabilities in [0, 1]; named counts ≥ 0.
function checkResult(x, path = 'result') {
  if (typeof x === 'number') {
    assert.ok(Number.isFinite(x), `${path} = ${x}`);
    const key = path.split('.').pop().replace(/\[\d+\]$/, '');
    if (PROBABILITIES.has(key)) assert.ok(x >= 0 && x <= 1, `${path} = ${x} is not a probability`);
    if (NON_NEGATIVE.has(key)) assert.ok(x >= 0, `${path} = ${x} is negative`);
  } else if (Array.isArray(x)) {
    x.forEach((v, i) => checkResult(v, `${path}[${i}]`));
  } else if (x && typeof x === 'object') {
    // relative errors are signed ratios, not probabilities
    for (const [key, v] of Object.entries(x)) if (key !== 'relativeError') checkResult(v, `${path}.${key}`);
  }
}

function checkError(e) {
  assert.ok(e instanceof RangeError || e instanceof TypeError || e?.name === 'AbortError', `unnamed error ${e?.name}: ${e?.message}`);
  if (e.name !== 'AbortError') assert.ok(typeof e.parameter === 'string' && e.parameter !== '', `no .parameter on ${e.name}: ${e.message}`);
  assert.ok(e.message.length < 600, `a ${e.message.length}-character message`);
}

test(`fuzzing the JS API: ${RUNS} runs × ${Object.keys(METHODS).length} methods, seed ${SEED}`, { skip, timeout: 1_800_000 }, async (t) => {
  const bc = await createBloomCalc();
  let calls = 0, errors = 0;
  for (const [name, [call, names, whole = true]] of Object.entries(METHODS)) {
    await t.test(name, () => {
      fc.assert(
        fc.property(fields(names), (input) => {
          calls++;
          const unknown = whole ? UNKNOWN.find((key) => key in input) : undefined;
          let result;
          try {
            result = call(bc, input);
          } catch (e) {
            errors++;
            checkError(e);
            if (unknown !== undefined) assert.ok(e instanceof TypeError && e.parameter === unknown, `${unknown}: ${e.name} ${e.parameter}: ${e.message}`);
            return;
          }
          assert.equal(unknown, undefined, `${unknown} was not refused`);
          checkResult(result);
        }),
        { seed: SEED, numRuns: RUNS },
      );
    });
  }
  t.diagnostic(`${calls} calls, ${errors} named errors, 0 unnamed`);
});
