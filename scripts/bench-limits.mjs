// `npm run bench -- --only limits`: every bounded synchronous call of the npm module (wasm under Node) at the
// worst corners of its *accepted* range (docs/api.md, "Limits"), its CPU time beside the Limits table's
// figure. CPU time is process.cpuUsage() around one call (the median of `reps`); a corner that throws is a
// bench bug (it must be inside the bounds) and stops the run. recommend: the longest gap between two
// onProgress calls of the non-pooled call (it cancels only there).

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function cpuMs(f) {
  const c0 = process.cpuUsage();
  const value = f();
  const c = process.cpuUsage(c0);
  return { ms: (c.user + c.system) / 1000, value };
}

// A corner beyond a bound: the call must throw a RangeError naming `parameter`.
function refused(f, parameter) {
  try {
    f();
  } catch (e) {
    if (e instanceof RangeError && e.parameter === parameter) return e;
    throw e;
  }
  throw new Error(`accepted: the corner should be refused naming ${parameter}`);
}

// [call, corner label, table's figure, () => the call, repetitions]
function corners(bc) {
  const priors = Array.from({ length: 1e5 }, (_, i) => (i + 1) / (1e5 + 1));
  const sizes = Array.from({ length: 1e5 }, (_, i) => 1000 + i);
  const members = sizes.map((s, i) => Math.floor(s / (2 + (i % 7))));
  return [
    [
      'size',
      'exact, colliding, n = 10^6, k = 64, p = 1e-30 (the slowest of a sweep)',
      '~0.2 s',
      () => bc.size({ n: 1e6, k: 64, p: 1e-30, method: 'exact' }),
      3,
    ],
    ['size', 'exact, distinct, n = 1, p = 1e-30', '~0.2 s', () => bc.size({ n: 1, p: 1e-30, method: 'exact', hashing: 'distinct' }), 3],
    ['exactFprTable', 'distinct, m = n = 4096, k = 8', '~0.5 s', () => bc.exactFprTable({ m: 4096, n: 4096, k: 8, hashing: 'distinct' }), 3],
    ['exactFprTable', 'colliding, m = 8192, n = 16384, k = 1', '~0.5 s', () => bc.exactFprTable({ m: 8192, n: 16384, k: 1 }), 3],
    ['exactFprTable', 'colliding, kn·min(kn, m) ≈ 2^27: m = 2^20, n = 181, k = 64', '~0.5 s', () => bc.exactFprTable({ m: 2 ** 20, n: 181, k: 64 }), 3],
    [
      'cbfOptimalK',
      'kmax 64, m = 1024, n = 10, prior 0.5, alpha 0.001 (the slowest accepted of a sweep)',
      '≤ 2 ms',
      () => bc.cbfOptimalK({ m: 1024, n: 10, prior: 0.5, alpha: 0.001, kmax: 64 }),
      3,
    ],
    [
      'cbfOptimalK',
      'm = 2^20, n = 2^36, prior 0.1, alpha 1 (default kmax)',
      '0.14 s',
      () => bc.cbfOptimalK({ m: 2 ** 20, n: 2 ** 36, prior: 0.1, alpha: 1 }),
      1,
    ],
    [
      'cbfOptimalK',
      'product tables of ~2^20 states for many k: m = 2^40, n = 2^35, prior 1/(1 + 2^18), alpha 1, kmax 34 (the slowest accepted of a sweep)',
      '≤ 0.9 s',
      () => bc.cbfOptimalK({ m: 2 ** 40, n: 2 ** 35, prior: 1 / (1 + 2 ** 18), alpha: 1, kmax: 34 }),
      1,
    ],
    [
      'cbfOptimalK',
      'refused naming kmax (tables over 2^30 steps, took 2.0 s): m = 2^40, n = 2^34, prior 1/(1 + 2^36), alpha 1, kmax 53',
      'at once',
      () => refused(() => bc.cbfOptimalK({ m: 2 ** 40, n: 2 ** 34, prior: 1 / (1 + 2 ** 36), alpha: 1, kmax: 53 }), 'kmax'),
      1,
    ],
    [
      'cbfOptimalK',
      'refused naming kmax (Π > 2^22): kmax 64, m = 2^40, n = 2^40/10, prior 0.5, alpha 10^6',
      'at once',
      () => refused(() => bc.cbfOptimalK({ m: 2 ** 40, n: Math.floor(2 ** 40 / 10), prior: 0.5, alpha: 1e6, kmax: 64 }), 'kmax'),
      1,
    ],
    [
      'simulateLayout',
      'blocked B = 512, m = 2^31, k = 8, 2 epochs, n = queries = 479 000 (work 2^26 − 0.1 %)',
      '≤ 0.9 s',
      () => bc.simulateLayout({ layout: 'blocked', blockBits: 512, m: 2 ** 31, n: 479000, k: 8, epochs: 2, queries: 479000 }),
      1,
    ],
    [
      'simulateLayout',
      'standard, m = 2^31, k = 1, 2 epochs, n = queries = 599 000',
      '≤ 0.9 s',
      () => bc.simulateLayout({ layout: 'standard', m: 2 ** 31, n: 599000, k: 1, epochs: 2, queries: 599000 }),
      1,
    ],
    [
      'simulateLayout',
      'standard, m = 2^24, k = 1, 2 epochs, n = queries = 4 190 000',
      '≤ 0.9 s',
      () => bc.simulateLayout({ layout: 'standard', m: 2 ** 24, n: 4190000, k: 1, epochs: 2, queries: 4190000 }),
      1,
    ],
    [
      'simulateLayout',
      'split-block B = 4096, m = 2^24, k = 64, 2 epochs, n = queries = 250 000',
      '≤ 0.9 s',
      () => bc.simulateLayout({ layout: 'split-block', blockBits: 4096, m: 2 ** 24, n: 250000, k: 64, epochs: 2, queries: 250000 }),
      1,
    ],
    [
      'simulateLayout',
      'refused: blocked B = 512, m = 2^31, k = 8, 2^27 probes (took 5.1 s)',
      'at once',
      () => refused(() => bc.simulateLayout({ layout: 'blocked', blockBits: 512, m: 2 ** 31, n: 2 ** 22, k: 8, epochs: 2, queries: 2 ** 22 }), 'epochs'),
      1,
    ],
    ['nBounded', 'm = 2^40, k = 1, N = 2^19 (levels made per message dominate)', '≤ 0.5 s', () => bc.nBounded({ m: 2 ** 40, k: 1, N: 2 ** 19 }), 1],
    ['nBounded', 'm = 2^40, k = 8, N = 2^15', '≤ 0.5 s', () => bc.nBounded({ m: 2 ** 40, k: 8, N: 2 ** 15 }), 1],
    ['nBounded', 'm = 2^16, k = 4, N = 2^12 (wide windows)', '≤ 0.5 s', () => bc.nBounded({ m: 2 ** 16, k: 4, N: 2 ** 12 }), 1],
    ['nBounded', 'refused: m = 2^40, k = 1, N = 2^22 (took 5.3 s)', 'at once', () => refused(() => bc.nBounded({ m: 2 ** 40, k: 1, N: 2 ** 22 }), 'N'), 1],
    ['rbf', 'exact fill, m = 2^24, k = 8, σ = m/2', '~1 s', () => bc.rbf({ m: 2 ** 24, k: 8, sigma: 2 ** 23, method: 'exact' }), 1],
    ['rbf', 'exact fill, m = 2^24, k = 64, σ = m/2', '~1 s', () => bc.rbf({ m: 2 ** 24, k: 64, sigma: 2 ** 23, method: 'exact' }), 1],
    [
      'rbf',
      'retaining exact law, k·m = 2^24: m = 2^18, k = 64, σ = m/2',
      '~1 s',
      () => bc.rbf({ m: 2 ** 18, k: 64, sigma: 2 ** 17, recycling: 'retaining', method: 'exact' }),
      1,
    ],
    ['rbf', 'distinct exact, m = 3 050 402, k = 8', '~1 s', () => bc.rbf({ m: 3050402, k: 8, sigma: 1525201, hashing: 'distinct', method: 'exact' }), 1],
    [
      'sigmaCurve',
      'retaining exact, m = 2^16, 512 points (points·m = 2^25)',
      '~1 s',
      () => bc.sigmaCurve({ m: 2 ** 16, k: 8, recycling: 'retaining', method: 'exact', points: 512 }),
      1,
    ],
    ['sigmaCurve', '10^5 points, large-M, m = 2^40', '~1 s', () => bc.sigmaCurve({ m: 2 ** 40, k: 8, points: 1e5 }), 1],
    ['window', 'W = 10^6, p = 1 % (the LNA and the large-M two-phase model, a few hundred evaluations)', '≤ 0.5 s', () => bc.window({ w: 1e6, p: 0.01 }), 1],
    ['window', 'W = 2^36, p = 1 % (the largest window)', '≤ 0.5 s', () => bc.window({ w: 2 ** 36, p: 0.01 }), 1],
    ['window', 'W = 100, p = 1e-9 (k near 30)', '≤ 0.5 s', () => bc.window({ w: 100, p: 1e-9 }), 1],
    ['paradoxCurve', '10^5 priors', '~0.1 s', () => bc.paradoxCurve({ priors, alpha: 2, fpr: 0.01 }), 3],
    ['selective', 'counting, 10^5 classes', '~1.1 s', () => bc.selective({ sizes, members, m: 2 ** 30, alpha: 2, counting: true }), 1],
    ['selective', 'plain, 10^5 classes', '~1.1 s', () => bc.selective({ sizes, members, m: 2 ** 30, alpha: 2 }), 1],
    [
      'layoutMixture',
      'blocked B = 512, m = 2^20, n = 4 223 477, k = 24 (estimate 8.7e6 terms)',
      '≲ 1 s',
      () => bc.layoutMixture({ layout: 'blocked', blockBits: 512, m: 2 ** 20, n: 4223477, k: 24 }),
      1,
    ],
    [
      'layoutMixture',
      'blocked B = 2^14, m = n = 2^40, k = 9 (estimate 3.9e6)',
      '≲ 1 s',
      () => bc.layoutMixture({ layout: 'blocked', blockBits: 2 ** 14, m: 2 ** 40, n: 2 ** 40, k: 9 }),
      1,
    ],
    [
      'layoutMixture',
      'refused: blocked B = 2^20, m = n = 2^40, k = 64 (was 89 s natively)',
      'at once',
      () => refused(() => bc.layoutMixture({ layout: 'blocked', blockBits: 2 ** 20, m: 2 ** 40, n: 2 ** 40, k: 64 }), 'n'),
      3,
    ],
  ];
}

// The longest gap between onProgress calls of recommend (and before the first, after the last).
function recommendGap(bc, input) {
  let last = process.cpuUsage(),
    worst = 0,
    calls = 0;
  const gap = () => {
    const c = process.cpuUsage(last);
    worst = Math.max(worst, (c.user + c.system) / 1000);
    last = process.cpuUsage();
  };
  const { ms } = cpuMs(() =>
    bc.recommend(input, () => {
      gap();
      calls++;
    }),
  );
  gap();
  return { ms, worst, calls };
}

export async function benchLimits(module) {
  const bc = await module.createBloomCalc();
  console.log('\n=== limits: synchronous calls at the corners of their accepted range, wasm under Node (CPU ms)');
  const rows = [],
    failed = [];
  for (const [call, corner, table, f, reps] of corners(bc)) {
    const runs = [];
    try {
      for (let i = 0; i < reps; i++) runs.push(cpuMs(f).ms);
    } catch (e) {
      failed.push(`${call} (${corner}): ${e.message}`);
      console.log(`${call.padEnd(14)}  FAILED  ${corner}: ${e.message}`);
      continue;
    }
    const ms = median(runs);
    rows.push({ call, corner, table, ms });
    console.log(`${call.padEnd(14)} ${ms.toFixed(0).padStart(6)} ms   (table: ${table})   ${corner}`);
  }
  for (const [label, input] of [
    ['exact, M = 2^22, p = 1 %, kmax 32', { m: 2 ** 22, p: 0.01, method: 'exact' }],
    ['exact, M = 2^24, p = 1 %, kmax 32', { m: 2 ** 24, p: 0.01, method: 'exact' }],
  ]) {
    const { ms, worst, calls } = recommendGap(bc, input);
    rows.push({ call: 'recommend', corner: label, ms, worstGap: worst });
    console.log(`recommend      ${ms.toFixed(0).padStart(6)} ms, longest gap between onProgress calls ${worst.toFixed(0)} ms (${calls} calls)   ${label}`);
  }
  // The exact retaining law's rows are the slowest (a whole recommend at 2^16, kmax 64, took 36 s): one row
  // each, the gap between two onProgress calls of recommend.
  for (const [label, input, k] of [
    ['exact retaining, M = 2^16, k = 64', { m: 2 ** 16, p: 0.01, method: 'exact', recycling: 'retaining', kmax: 64 }, 64],
    ['exact retaining, M = 2^18, k = 64 (k·M = 2^24)', { m: 2 ** 18, p: 0.01, method: 'exact', recycling: 'retaining', kmax: 64 }, 64],
    ['exact retaining, M = 2^20, k = 16 (k·M = 2^24)', { m: 2 ** 20, p: 0.01, method: 'exact', recycling: 'retaining', kmax: 16 }, 16],
  ]) {
    const { ms } = cpuMs(() => bc.recommendRows(input, k, k));
    rows.push({ call: 'recommend', corner: label, ms, worstGap: ms });
    console.log(`recommend      ${ms.toFixed(0).padStart(6)} ms for one row (a gap between onProgress calls)   ${label}`);
  }
  if (failed.length) throw new Error(`limits: ${failed.length} corner(s) failed:\n${failed.join('\n')}`);
  return rows;
}
