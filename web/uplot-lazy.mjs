// uPlot, downloaded when the first chart is drawn rather than with a calculator's code: a page embedding one
// calculator reaches its first result without it (the embed size budget, tests/js/size.test.mjs). esbuild
// makes the literal import('uplot') a chunk of its own, fetched once for every chart of the page.
let uPlot = null;
let loading = null;

/** The canvas pixel ratio uPlot draws with (for a plot's draw hooks). */
export const pxRatio = () => uPlot?.pxRatio ?? globalThis.devicePixelRatio ?? 1;

/** uPlot itself (a promise; the chunk is fetched on the first call). */
export function loadUPlot() {
  loading ??= import('uplot').then((m) => (uPlot = m.default));
  return loading;
}

/**
 * `draw(uPlot, ...args)` as a function of `...args` returning a promise, settled once the chart is drawn (so
 * a calculator marks its chart card done only then): it draws at once when uPlot is loaded; before that, once
 * it is, with the latest arguments (calls made meanwhile replace each other, as redraws do). `.cancel()`
 * drops a draw still waiting (a chart cleared before uPlot arrived stays clear).
 */
export function withUPlot(draw) {
  let pending = null;
  let drawn = null; // the promise of the waiting draw
  const run = (...args) => {
    if (uPlot) return Promise.resolve(draw(uPlot, ...args));
    pending = args;
    drawn ??= loadUPlot().then(
      () => {
        const latest = pending;
        pending = null;
        drawn = null;
        if (latest) draw(uPlot, ...latest);
      },
      (err) => {
        loading = null; // the next draw tries again
        pending = null;
        drawn = null;
        console.error(`bloomcalc: could not load the chart library: ${err?.message ?? err}`);
      },
    );
    return drawn;
  };
  run.cancel = () => {
    pending = null;
  };
  return run;
}
