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
    parseCount: (text, parameter = 'value') => raw.parseCount(String(text), parameter),
    parseBits: (text, parameter = 'm') => raw.parseBits(String(text), parameter),
    parseProbability: (text, parameter = 'p') => raw.parseProbability(String(text), parameter),
    limits,
  });
}
