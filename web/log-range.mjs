// The range of every log axis on the page. uPlot 1.6.32 (the newest on npm) walks a log axis in
// `logAxisSplits` from the scale's min in steps of its decade; when that min lies just below a power of ten
// (a mantissa in [9.5, 10)) the first step overshoots to a value such as 1.1e-15 that is not one of its
// "nice" increments, the next steps round to 0 and the walk never ends: the tab freezes
// (leeoniya/uPlot#1098, fixed upstream after 1.6.32). The same happens below ~1e-22 whatever the mantissa,
// where its rounding to 22+ decimals (10^23 is not a double exactly) misses its own increments (Chromium
// from 1e-23 down, Node from 1e-26: the engines' 10 ** -n differ). uPlot's
// automatic range rounds the min down to a whole mantissa, but a chart that sets its own range must do it
// itself. Every log scale on the page is built with `logScale`, so its range goes through `logRange`: min
// rounded down and max up to d·10^e with d a whole number 1…9, written exactly as uPlot writes its
// increments (`+"de e"`), and min at least MIN_LOG (smaller values are drawn at the bottom edge). An axis
// whose ticks come from `logSplits` below instead of uPlot's walk may go lower (down to 1e-300).
// tests/js/log-range.test.mjs runs uPlot's own logAxisSplits on a dense sweep of ranges to prove it ends.

/** d·10^e as the nearest double to its decimal spelling (10 ** -5 is 0.000009999999999999999). */
const decimal = (d, e) => Number(`${d}e${e}`);

/** The largest d·10^e ≤ x (d whole, 1…9); x > 0 and finite. */
function floorNice(x) {
  let e = Math.floor(Math.log10(x));
  let d = Math.floor(x / 10 ** e);
  if (d > 9) [d, e] = [1, e + 1]; // log10 rounded down across a power of ten
  if (d < 1) [d, e] = [9, e - 1];
  // the division above can be off by one ulp either way: step to the neighbour that brackets x
  while (decimal(d, e) > x) [d, e] = d > 1 ? [d - 1, e] : [9, e - 1];
  while (decimal(d + 1, e) <= x) [d, e] = d < 9 ? [d + 1, e] : [1, e + 1];
  return decimal(d, e);
}

/** The smallest d·10^e ≥ x (d whole, 1…9, or 10^(e+1)); x > 0 and finite. */
function ceilNice(x) {
  const lo = floorNice(x);
  if (lo === x) return lo;
  const e = Math.floor(Math.log10(lo) + 1e-9);
  const d = Math.round(lo / 10 ** e);
  return d < 9 ? decimal(d + 1, e) : decimal(1, e + 1);
}

/** The smallest min of a log axis: 1e-20 (Chromium walks every range from 1e-22 up; two decades spare). */
export const MIN_LOG = 1e-20;

const positive = (x) => typeof x === 'number' && x > 0 && Number.isFinite(x);

/**
 * A log-10 scale range uPlot can draw and walk: [min, max] widened to whole mantissas, floor ≤ min < max.
 * Missing or non-positive bounds (an all-zero series) fall back to a decade around the other bound, or [1, 10].
 */
export function logRange(min, max, floor = MIN_LOG) {
  floor = Math.max(floor, 1e-300);
  let lo = positive(min) ? min : positive(max) ? max / 10 : 1;
  let hi = positive(max) ? max : lo * 10;
  lo = Math.max(lo, floor);
  hi = Math.min(hi, 1e300);
  if (!(hi > lo)) [lo, hi] = [Math.max(floor, lo / 10), lo * 10];
  return [floorNice(lo), ceilNice(hi)];
}

/**
 * Options of a log-10 uPlot scale whose range always passes through `logRange`. `range(u, dataMin, dataMax)`
 * optionally picks the bounds (default: the data's own); `floor` may be lowered below MIN_LOG only for a scale
 * whose axes all take their ticks from `logSplits`.
 */
export function logScale(range = (u, min, max) => [min, max], { floor = MIN_LOG } = {}) {
  return {
    distr: 3,
    log: 10,
    range: (u, dataMin, dataMax) => {
      const [min, max] = range(u, dataMin, dataMax);
      return logRange(min, max, floor);
    },
  };
}

/**
 * Ticks of a log axis without uPlot's walk: whole decades (every 2nd, 3rd… when there are more than 7), or
 * 1-2-5 steps when the range spans less than three. Use as an axis's `splits: (u, i, min, max) => …`.
 */
export function logSplits(min, max) {
  const lo = Math.ceil(Math.log10(min) - 1e-9);
  const hi = Math.floor(Math.log10(max) + 1e-9);
  const decades = hi - lo + 1;
  const out = [];
  if (decades >= 3) {
    const step = Math.ceil(decades / 7);
    for (let e = hi; e >= lo; e -= step) out.unshift(decimal(1, e));
    return out;
  }
  for (let e = Math.floor(Math.log10(min)) - 1; e <= Math.ceil(Math.log10(max)); e++) {
    for (const d of [1, 2, 5]) {
      const v = decimal(d, e);
      if (v >= min * (1 - 1e-9) && v <= max * (1 + 1e-9)) out.push(v);
    }
  }
  return out;
}
