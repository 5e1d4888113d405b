// The page's log-axis guard (web/log-range.mjs) against uPlot's own tick walk: uPlot 1.6.32's logAxisSplits,
// taken from the installed package with an iteration cap added, ends on every guarded range of a sweep
// (1000 mantissas per decade from 1e-40 to 1e20, 20 per decade out to 1e-320 and 1e300, each power of ten
// ± 1 ulp and just below it), while the same sweep unguarded finds the endless walks of leeoniya/uPlot#1098.
// Node's 10 ** -n differs from Chromium's below 1e-22: tests/e2e/sweep.test.mjs repeats the walk in Chromium.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, test } from 'node:test';

import { logRange, logScale } from '../../web/log-range.mjs';

const CAP = 10_000; // a walk of a range spanning 1e-20…1e300 takes ~3 000 steps

/** uPlot's logAxisSplits from node_modules, throwing after CAP steps instead of looping forever. */
async function uplotLogAxisSplits() {
  const require = createRequire(import.meta.url);
  const file = require.resolve('uplot/dist/uPlot.esm.js');
  const source = readFileSync(file, 'utf8');
  const loopEnd = '} while (split <= scaleMax);';
  const start = source.indexOf('function logAxisSplits(');
  assert.ok(start >= 0 && source.indexOf(loopEnd, start) > start, `logAxisSplits not found in ${file}`);
  const capped =
    source.slice(0, start) +
    source.slice(start).replace(loopEnd, `if (++globalThis.__logAxisSteps > ${CAP}) throw new Error('endless'); ${loopEnd}`) +
    '\nexport { logAxisSplits };\n';
  const { logAxisSplits } = await import(`data:text/javascript;base64,${Buffer.from(capped).toString('base64')}`);
  const self = { scales: { y: { log: 10 } }, axes: [{ scale: 'y' }] };
  /** The splits of [min, max], or null when the walk does not end. */
  return (min, max) => {
    globalThis.__logAxisSteps = 0;
    try {
      return logAxisSplits(self, 0, min, max);
    } catch (error) {
      if (error.message === 'endless') return null;
      throw error;
    }
  };
}

const bits = new BigUint64Array(1);
const float = new Float64Array(bits.buffer);
const nextUp = (x) => ((float[0] = x), bits[0]++, float[0]);
const nextDown = (x) => ((float[0] = x), bits[0]--, float[0]);

/** Every decade from 10^from to 10^to: `perDecade` log-spaced mantissas, each power of ten ± 1 ulp, … */
function sweepValues(from, to, perDecade) {
  const out = [];
  for (let e = from; e < to; e++) {
    for (let i = 0; i < perDecade; i++) out.push(10 ** (e + i / perDecade));
    const p = Number(`1e${e}`);
    if (p > 0) out.push(p, nextDown(p), nextUp(p), 0.95 * p, 0.999 * p, 9.5 * p, 9.999 * p);
  }
  return out.filter((x) => x > 0 && Number.isFinite(x));
}

describe('log axis range guard (uPlot#1098)', async () => {
  const splits = await uplotLogAxisSplits();
  const dense = sweepValues(-40, 20, 1000);
  const wide = sweepValues(-320, 300, 20);

  test('without the guard the sweep finds endless walks (the test can fail)', () => {
    const endless = dense.filter((min, i) => i % 4 === 0 && min < 1 && splits(min, 1) === null);
    assert.ok(endless.length > 100, `${endless.length} endless walks`);
    assert.ok(
      endless.some((x) => x > 9.5e-7 && x < 1e-6),
      'e.g. min 9.6e-7',
    );
    assert.equal(splits(1e-26, 1e-24), null, 'a range from below 1e-25');
  });

  test(`every guarded range ends: ${dense.length} + ${wide.length} minima × maxima 2·min, 10·min, 1e6·min, 1`, () => {
    let walks = 0;
    for (const min of [...dense, ...wide]) {
      for (const max of [2 * min, 10 * min, 1e6 * min, ...(min < 1 ? [1] : [])]) {
        const [lo, hi] = logRange(min, max);
        const s = splits(lo, hi);
        walks++;
        assert.ok(s !== null, `walk of logRange(${min}, ${max}) = [${lo}, ${hi}] does not end`);
        assert.ok(s.length > 0 && s.every((v) => Number.isFinite(v)), `splits of [${lo}, ${hi}]`);
      }
    }
    for (const min of [1e-320, 1e-300, 1e-24, 1e-16, 0.5]) assert.ok(splits(...logRange(min, 1e300)) !== null, `[${min}, 1e300]`);
    assert.deepEqual(logRange(1e-40, 9.6e-30), [1e-20, 1e-19], 'below MIN_LOG: one decade from it');
    assert.ok(walks > 200_000, `${walks} walks`);
  });

  test('the range holds its input, has a whole mantissa, and is at most one mantissa step wider', () => {
    for (const min of [...dense, ...wide]) {
      if (min < 1e-19 || min > 1e290) continue;
      for (const max of [2 * min, 1e3 * min]) {
        const [lo, hi] = logRange(min, max);
        assert.ok(lo <= min && hi >= max && lo < hi, `[${lo}, ${hi}] ⊇ [${min}, ${max}]`);
        assert.ok(lo > min / 10 && hi < max * 10, `[${lo}, ${hi}] near [${min}, ${max}]`);
        for (const v of [lo, hi]) {
          const [mantissa, exponent] = v.toExponential().split('e');
          assert.match(mantissa, /^[1-9]$/, `${v} has a whole mantissa`);
          assert.equal(v, Number(`${mantissa}e${exponent}`), `${v} is its decimal spelling`);
        }
      }
    }
  });

  test('missing, zero, negative, infinite or equal bounds give a usable range', () => {
    for (const [min, max] of [
      [null, null],
      [0, 0],
      [0, 1],
      [-1, 5],
      [NaN, 3],
      [1e-3, Infinity],
      [5, 5],
      [7, 3],
      [0, -1],
      [5e-324, 5e-324],
    ]) {
      const [lo, hi] = logRange(min, max);
      assert.ok(lo > 0 && hi > lo && Number.isFinite(hi), `logRange(${min}, ${max}) = [${lo}, ${hi}]`);
      assert.ok(splits(lo, hi) !== null, `walk of [${lo}, ${hi}]`);
    }
    assert.deepEqual(logRange(0, 1), [0.1, 1]);
    assert.deepEqual(logRange(1e-30, 1), [1e-20, 1]);
    assert.deepEqual(logRange(5, 5), [0.5, 50]);
  });

  test("logScale passes a chart's own range through the guard", () => {
    const scale = logScale(() => [9.6e-7, 1]);
    assert.equal(scale.distr, 3);
    assert.deepEqual(scale.range(null, 1, 2), [9e-7, 1]);
    assert.deepEqual(logScale().range(null, 0.0123, 0.987), [0.01, 1]);
  });
});
