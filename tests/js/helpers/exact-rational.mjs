// Independent exact-rational reference values for the mean false-positive rate, in BigInt.
// Nothing here shares code or numerics with the core: these are the closed forms of paper 001
// evaluated as exact fractions, an exact Markov chain for distinct hashing, and brute-force
// enumeration of every hash outcome for tiny filters. A fraction is { num, den } (BigInt, den > 0).

const binomCache = [[1n]];

/** C(n, r) as a BigInt (Pascal's triangle, cached). */
export function binom(n, r) {
  if (r < 0 || r > n) return 0n;
  while (binomCache.length <= n) {
    const prev = binomCache[binomCache.length - 1];
    const row = [1n];
    for (let i = 1; i < prev.length; i++) row.push(prev[i - 1] + prev[i]);
    row.push(1n);
    binomCache.push(row);
  }
  return binomCache[n][r];
}

function factorial(n) {
  let f = 1n;
  for (let i = 2n; i <= BigInt(n); i++) f *= i;
  return f;
}

const stirlingCache = new Map();

/**
 * Stirling numbers of the second kind S(N, i) for i = 0..maxI by the explicit sum, 001 eq 21:
 * S(N, i) = (1/i!) Σ_{j=0}^{i} (-1)^{i-j} C(i, j) j^N.
 */
export function stirling2Row(N, maxI) {
  const key = N;
  const cached = stirlingCache.get(key);
  if (cached && cached.length > maxI) return cached;
  const bigN = BigInt(N);
  const row = [];
  for (let i = 0; i <= maxI; i++) {
    let sum = 0n;
    for (let j = 0; j <= i; j++) {
      const term = binom(i, j) * BigInt(j) ** bigN; // 0^0 = 1 in BigInt, as S(0,0) = 1 needs
      sum += (i - j) % 2 === 0 ? term : -term;
    }
    const f = factorial(i);
    if (sum % f !== 0n) throw new Error(`S(${N}, ${i}) not an integer`);
    row.push(sum / f);
  }
  stirlingCache.set(key, row);
  return row;
}

/**
 * Exact mean FPR, colliding hashes, by 001 eq 20:
 * p = 1/m^{k(n+1)} Σ_{i=1}^{m} i^k · i! · C(m, i) · S(kn, i).
 */
export function collidingEq20(m, n, k) {
  const N = k * n;
  const S = stirling2Row(N, Math.min(m, N));
  let num = 0n;
  for (let i = 1; i <= Math.min(m, N); i++) {
    num += BigInt(i) ** BigInt(k) * factorial(i) * binom(m, i) * S[i];
  }
  return { num, den: BigInt(m) ** BigInt(k * (n + 1)) };
}

/**
 * Exact mean FPR, colliding hashes, by 001 eq 18 with m!/((m−i)! j! (i−j)!) = C(m, i)·C(i, j):
 * p = 1/m^{k(n+1)} Σ_{i=1}^{m} Σ_{j=1}^{i} (−1)^{i−j} j^{kn} i^k C(m, i) C(i, j).
 */
export function collidingEq18(m, n, k) {
  const kn = BigInt(k * n);
  let num = 0n;
  for (let i = 1; i <= m; i++) {
    let inner = 0n;
    for (let j = 1; j <= i; j++) {
      const term = BigInt(j) ** kn * binom(i, j);
      inner += (i - j) % 2 === 0 ? term : -term;
    }
    num += BigInt(i) ** BigInt(k) * binom(m, i) * inner;
  }
  return { num, den: BigInt(m) ** BigInt(k * (n + 1)) };
}

/**
 * Exact mean FPR, distinct hashes (each item sets k different bits, 000 §II-B1): the number of set
 * bits X evolves item by item; with x bits set, an item sets j new bits with the hypergeometric
 * probability C(m−x, j)·C(x, k−j)/C(m, k). Then p = E[C(X, k)/C(m, k)] (000 eq 17).
 * Weights are kept as integers over the common denominator C(m, k)^n.
 */
export function distinctChain(m, n, k) {
  if (k > m) throw new RangeError('k > m');
  let w = new Array(m + 1).fill(0n);
  w[0] = 1n;
  for (let item = 0; item < n; item++) {
    const next = new Array(m + 1).fill(0n);
    for (let x = 0; x <= m; x++) {
      if (w[x] === 0n) continue;
      for (let j = 0; j <= k && x + j <= m; j++) {
        const ways = binom(m - x, j) * binom(x, k - j);
        if (ways !== 0n) next[x + j] += w[x] * ways;
      }
    }
    w = next;
  }
  const total = binom(m, k);
  let num = 0n;
  for (let x = k; x <= m; x++) num += w[x] * binom(x, k);
  return { num, den: total ** BigInt(n + 1) };
}

function popcount(x) {
  let c = 0;
  while (x) {
    x &= x - 1;
    c++;
  }
  return c;
}

/** All k-subsets of m bits as bitmasks (m ≤ 30). */
function subsets(m, k) {
  const out = [];
  for (let mask = 0; mask < 1 << m; mask++) if (popcount(mask) === k) out.push(mask);
  return out;
}

/**
 * Brute force from first principles: enumerate every way the n inserted items and the test item
 * can hash, and count the outcomes where all of the test item's probes hit set bits.
 * Colliding: each probe is one of m bits (m^{k(n+1)} outcomes); distinct: each item is one of the
 * C(m, k) k-subsets (C(m, k)^{n+1} outcomes). Only for tiny filters.
 */
export function bruteForce(m, n, k, hashing = 'colliding') {
  // The choices of one item: colliding → every k-tuple of bits (as the OR of its probes);
  // distinct → every k-subset.
  let itemMasks;
  if (hashing === 'colliding') {
    itemMasks = [0];
    for (let probe = 0; probe < k; probe++) {
      const grown = [];
      for (const mask of itemMasks) for (let b = 0; b < m; b++) grown.push(mask | (1 << b));
      itemMasks = grown;
    }
  } else {
    itemMasks = subsets(m, k);
  }
  const per = itemMasks.length;
  if (per ** (n + 1) > 5e6) throw new RangeError('too many outcomes for brute force');
  // Distribution of the filter state (bitmask) after n items, as outcome counts.
  let states = new Map([[0, 1n]]);
  for (let item = 0; item < n; item++) {
    const next = new Map();
    for (const [state, count] of states) {
      for (const mask of itemMasks) {
        const s = state | mask;
        next.set(s, (next.get(s) ?? 0n) + count);
      }
    }
    states = next;
  }
  let hits = 0n;
  for (const [state, count] of states) {
    let h = 0n;
    for (const mask of itemMasks) if ((mask & state) === mask) h++;
    hits += h * count;
  }
  return { num: hits, den: BigInt(per) ** BigInt(n + 1) };
}

/** Reduces a fraction. */
export function reduce({ num, den }) {
  const gcd = (a, b) => {
    a = a < 0n ? -a : a;
    while (b) [a, b] = [b, a % b];
    return a;
  };
  const g = gcd(num, den);
  return g === 0n ? { num, den } : { num: num / g, den: den / g };
}

function bitLength(x) {
  return x === 0n ? 0 : x.toString(2).length;
}

/**
 * The fraction as the nearest-ish double (relative error ~2^-63 before the final rounding):
 * the quotient is taken with 64 significant bits in BigInt, then scaled by a power of two.
 */
export function toDouble({ num, den }) {
  if (den <= 0n) throw new RangeError('denominator must be positive');
  if (num === 0n) return 0;
  const negative = num < 0n;
  const a = negative ? -num : num;
  const shift = bitLength(den) - bitLength(a) + 64; // quotient has ~64 bits
  const q = shift >= 0 ? (a << BigInt(shift)) / den : a / (den << BigInt(-shift));
  let value = Number(q);
  // value · 2^-shift, in steps that cannot overflow or underflow prematurely.
  let s = shift;
  while (s > 1000) {
    value *= 2 ** -1000;
    s -= 1000;
  }
  while (s < -1000) {
    value *= 2 ** 1000;
    s += 1000;
  }
  value *= 2 ** -s;
  return negative ? -value : value;
}

/** Equality of two fractions. */
export function sameFraction(a, b) {
  return a.num * b.den === b.num * a.den;
}
