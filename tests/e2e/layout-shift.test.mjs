// No layout shift (issue 19, item 5): a docs page must not jump when a calculator renders or recomputes. For every
// calculator kind, embedded in a plain docs page with text above and below it (its script as docs/embed.md gives
// it for a page's <head>), and for our own page (dist/web): the cumulative layout shift (layout-shift entries
// without recent input, as the Layout Instability API reports them, buffered from navigation) stays ≤ 0.05
// from navigation until the first result has settled, and again after an input is changed from outside (an
// attribute set by script: no user input, so every shift counts). Desktop and phone viewports. A property of
// the rendering (the element shows its markup, result areas of their final size, as it connects), not a timing.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

import { serve, stop } from '../../wasm/serve.mjs';
import { ensureBuilt, launchChromium, root } from './harness.mjs';
import { layoutShiftObserver, layoutShiftSince } from '../sites/cls.mjs';

const LIMIT = 0.05;
const VIEWPORTS = { desktop: { width: 1350, height: 940 }, phone: { width: 412, height: 823 } };

// Per calculator: its attributes in the page, and the attribute then changed (a valid input of the same kind).
const KINDS = {
  sizing: { attrs: 'n="1M" p="1%"', change: ['n', '2M'] },
  formulas: { attrs: '', change: ['n', '2M'] },
  simulate: { attrs: 'autorun', change: ['n', '1100'] },
  paradox: { attrs: '', change: ['alpha', '2'] },
  cbf: { attrs: '', change: ['counters', '1,2,1,1,2,5'] },
  layouts: { attrs: '', change: ['n', '2M'] },
  recycling: { attrs: '', change: ['p', '2%'] },
  libraries: { attrs: '', change: ['n', '2M'] },
  scalable: { attrs: '', change: ['n', '2M'] },
  window: { attrs: '', change: ['w', '2M'] },
  state: { attrs: 'bits-set-b="450000" union="700000"', change: ['bits-set', '500000'] },
  overflow: { attrs: '', change: ['n', '200k'] },
  compare: { attrs: 'n="1M"', change: ['n', '2M'] },
};

const docsPage = (kind) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,"><title>A docs page</title><script type="module" src="/bloom-calc.mjs" blocking="render"></script>
<style>body { font: 16px/1.5 system-ui, sans-serif; max-width: 960px; margin: 0 auto; padding: 0 16px; }</style></head>
<body><h1>Sizing a filter</h1><p>Some text of the page above the calculator.</p>
<bloom-calc calculator="${kind}" ${KINDS[kind].attrs}></bloom-calc>
<p id="below">Text below the calculator, which must not move while it loads.</p>${'<p>More text of the page.</p>'.repeat(20)}</body></html>`;

let fixtures, server, url, web, browser;

before(async () => {
  await ensureBuilt();
  fixtures = mkdtempSync(join(tmpdir(), 'bloomcalc-cls-'));
  for (const kind of Object.keys(KINDS)) writeFileSync(join(fixtures, `${kind}.html`), docsPage(kind));
  ({ server, url } = await serve({ root: [fixtures, join(root, 'dist', 'element')] }));
  web = await serve({ root: join(root, 'dist', 'web') });
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  if (server) await stop(server);
  if (web) await stop(web.server);
  if (fixtures) rmSync(fixtures, { recursive: true, force: true });
});

/** Every element of the page has a result (or an error) and its `result` events have stopped for a while. */
async function settled(page, after = 0) {
  await page.waitForFunction(
    (n) => [...document.querySelectorAll('bloom-calc')].every((el) => el.result !== null || el.error !== null) && window.__results > n,
    after,
    { timeout: 60_000 },
  );
  // charts are drawn after a result (uPlot's chunk comes with the first one): wait until nothing changes
  await page.waitForTimeout(1500);
}

async function open(href, viewport) {
  const context = await browser.newContext({ viewport });
  await context.addInitScript(layoutShiftObserver);
  await context.addInitScript(() => {
    window.__results = 0;
    document.addEventListener('result', () => window.__results++, true);
  });
  const page = await context.newPage();
  await page.goto(href);
  return { context, page };
}

/** The shifts that moved the page's text below the calculator (p#below): a recompute must not move the page, however
 * small the score. */
const belowMoves = ({ shifts }) => shifts.flatMap((shift) => shift.sources.filter((source) => /#below /.test(source)));

test('the test covers every calculator the element knows', async () => {
  const { calculatorNames } = await import('../../dist/element/bloom-calc.mjs'); // built by before()
  assert.deepEqual(Object.keys(KINDS).sort(), [...calculatorNames()].sort());
});

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  for (const [kind, { change }] of Object.entries(KINDS)) {
    test(`${kind} in a plain docs page (${name}): layout shift ≤ ${LIMIT} on load and after an input changes`, async (t) => {
      const { context, page } = await open(new URL(`${kind}.html`, url).href, viewport);
      try {
        await settled(page);
        const load = await layoutShiftSince(page, 0);
        t.diagnostic(`load: CLS ${load.value.toFixed(4)} ${JSON.stringify(load.shifts)}`);
        assert.ok(load.value <= LIMIT, `on load: CLS ${load.value.toFixed(4)} > ${LIMIT}: ${JSON.stringify(load.shifts)}`);
        const [attr, value] = change;
        const results = await page.evaluate(() => window.__results);
        const mark = await page.evaluate(
          ([a, v]) => {
            const at = performance.now();
            document.querySelector('bloom-calc').setAttribute(a, v);
            return at;
          },
          [attr, value],
        );
        await settled(page, results);
        const changed = await layoutShiftSince(page, mark);
        t.diagnostic(`${attr}=${value}: CLS ${changed.value.toFixed(4)} ${JSON.stringify(changed.shifts)}`);
        assert.ok(changed.value <= LIMIT, `after ${attr}="${value}": CLS ${changed.value.toFixed(4)} > ${LIMIT}: ${JSON.stringify(changed.shifts)}`);
        assert.deepEqual(belowMoves(changed), [], `after ${attr}="${value}", the text below the calculator moved`);
      } finally {
        await context.close();
      }
    });
  }

  test(`our page (dist/web, ${name}): layout shift ≤ ${LIMIT} until the first result of every calculator in view has settled`, async (t) => {
    const { context, page } = await open(web.url, viewport);
    try {
      // its calculators are loading="lazy": those in view compute; the others wait for a reader (off screen, where
      // a shift never counted)
      await page.waitForFunction(
        () => {
          const near = [...document.querySelectorAll('bloom-calc')].filter((el) => el.getBoundingClientRect().top < window.innerHeight);
          return near.length > 0 && near.every((el) => el.result !== null || el.error !== null);
        },
        null,
        { timeout: 60_000 },
      );
      await page.waitForTimeout(1500); // charts drawn
      const load = await layoutShiftSince(page, 0);
      t.diagnostic(`CLS ${load.value.toFixed(4)} ${JSON.stringify(load.shifts)}`);
      assert.ok(load.value <= LIMIT, `CLS ${load.value.toFixed(4)} > ${LIMIT}: ${JSON.stringify(load.shifts)}`);
    } finally {
      await context.close();
    }
  });
}
