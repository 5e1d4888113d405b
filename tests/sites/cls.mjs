// Layout shift as the Layout Instability API reports it (issue 19, "No layout shift"), for the site checks
// (harness.mjs, checkSite) and the element's own test (tests/e2e/layout-shift.test.mjs). Every layout-shift
// entry without recent input is kept from navigation (buffered), with where it happened; the figure is their
// sum — at least the cumulative layout shift a browser reports (the largest 5 s window of them).

/** An init script (context.addInitScript): records every layout shift of the page from its start in window.__layoutShifts. */
export function layoutShiftObserver() {
  window.__layoutShifts = [];
  const name = (node) => {
    if (!node) return '(shadow)'; // a node in a shadow root (not exposed) or removed
    const host = node.getRootNode?.().host;
    const classes = typeof node.className === 'string' && node.className ? `.${node.className.trim().split(/\s+/).join('.')}` : '';
    const own = `${node.nodeName.toLowerCase()}${node.id ? `#${node.id}` : ''}${classes}`;
    return host ? `${host.getAttribute('calculator') ?? host.nodeName.toLowerCase()} > ${own}` : own;
  };
  const box = (r) => `${Math.round(r.y)}+${Math.round(r.height)}`;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      window.__layoutShifts.push({
        value: entry.value,
        at: Math.round(entry.startTime),
        sources: entry.sources.map((s) => `${name(s.node)} ${box(s.previousRect)}→${box(s.currentRect)}`),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/** The layout shifts since `since` (ms after navigation, performance.now()): { value: their sum, shifts }. */
export async function layoutShiftSince(page, since = 0) {
  const shifts = await page.evaluate((t) => (window.__layoutShifts ?? []).filter((s) => s.at >= t), since);
  return { value: shifts.reduce((sum, s) => sum + s.value, 0), shifts: shifts.map((s) => ({ ...s, value: Number(s.value.toFixed(4)) })) };
}

/**
 * Waits until the page has settled after its results: no new resource (a lazy chunk: uPlot comes with the first
 * chart) and no new layout shift for `quiet` ms, at most `timeout` ms — so what draws after a result is measured.
 */
export async function settledLayout(page, { quiet = 1000, timeout = 15_000 } = {}) {
  const count = () => page.evaluate(() => `${performance.getEntriesByType('resource').length}/${(window.__layoutShifts ?? []).length}`);
  let last = await count();
  let still = 0;
  for (const start = Date.now(); still < quiet && Date.now() - start < timeout; ) {
    await page.waitForTimeout(250);
    const now = await count();
    still = now === last ? still + 250 : 0;
    last = now;
  }
}

/** The page's layout shift from navigation until now (its init script: layoutShiftObserver). */
export function measureLayoutShift(page) {
  return layoutShiftSince(page, 0);
}
