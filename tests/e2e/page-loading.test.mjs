// End-to-end test of the static page's loading: what is painted before the element script runs, how its
// calculators connect, a phone's first screen and a link to a calculator. Served and driven as tests/e2e/page.test.mjs.
// Run: node --test tests/e2e/
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';

import { browserForFile, longestTask, mainThreadTasks, root } from './harness.mjs';
import { layoutShiftObserver, layoutShiftSince, settledLayout } from '../sites/cls.mjs';
import { CALCULATORS } from '../../schema/calculators.mjs';

// the page's calculators (schema/calculators.mjs: those with a page section)
const ON_PAGE = Object.values(CALCULATORS).filter((calculator) => calculator.page).length;
const WAIT = { timeout: 15_000 };

let page, baseUrl;
browserForFile((opened) => ({ page, baseUrl } = opened), { deviceScaleFactor: 1 });

// A browser context of its own (`options`), whose requests for `script` wait until release() is called.
async function holding(options, script) {
  const context = await page.context().browser().newContext(options);
  let release;
  const gate = new Promise((resolve) => {
    release = resolve;
  });
  await context.route(script, async (route) => {
    await gate;
    await route.continue();
  });
  return { context, release };
}

// The page's calculators are rendered ahead (scripts/build-web.mjs, renderAhead: declarative shadow roots): the
// first paint needs the HTML and CSS only, and defining the element keeps that markup, and its size and colours.
for (const colorScheme of ['light', 'dark']) {
  test(`rendered ahead (${colorScheme}): painted before the element script runs, at the size and in the colours it keeps once defined`, async () => {
    const { context, release } = await holding({ viewport: { width: 1280, height: 900 }, colorScheme }, /\/bloom-calc\.mjs$/);
    try {
      const view = await context.newPage();
      await view.goto(baseUrl, { waitUntil: 'commit' });
      // the element script is held back: the page still paints (blocking="render" on it would hold the paint)
      await view.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, null, WAIT);
      // each calculator's size, card colour, and calculator and toolbar count: before the element is defined, and
      // in the first frame after (before any result: the calculators load when the IntersectionObserver says so)
      const look = () =>
        [...document.querySelectorAll('bloom-calc')].map((el) => ({
          calculator: el.getAttribute('calculator'),
          height: Math.round(el.getBoundingClientRect().height),
          card: getComputedStyle(el.shadowRoot.querySelector('.card')).backgroundColor,
          markup: [el.shadowRoot.querySelectorAll('.bc').length, el.shadowRoot.querySelectorAll('.bc-toolbar').length],
        }));
      const ahead = await view.evaluate(look);
      assert.equal(await view.evaluate(() => customElements.get('bloom-calc')), undefined, 'not defined yet');
      assert.equal(ahead.length, ON_PAGE);
      for (const calc of ahead)
        assert.ok(calc.height > 100 && calc.markup.join() === '1,1', `${calc.calculator} is laid out before the element is defined: ${JSON.stringify(calc)}`);
      const defined = view.evaluate(async (measure) => {
        await customElements.whenDefined('bloom-calc');
        await new Promise(requestAnimationFrame);
        return (0, eval)(measure)();
      }, look.toString());
      release();
      assert.deepEqual(await defined, ahead);
      await view.waitForFunction(() => (document.getElementById('sizing-calc').result ?? null) !== null, null, WAIT); // undefined before the element is defined
      // its linked styles are the adopted ones: kept, nothing adopted over them (that restyles what is shown)
      assert.deepEqual(
        await view.evaluate(
          () => [document.querySelector('bloom-calc').shadowRoot].map((r) => [r.querySelectorAll('link').length, r.adoptedStyleSheets.length])[0],
        ),
        [1, 0],
      );
    } finally {
      await context.close();
    }
  });
}

// The element script waits for the first paint (web/app.mjs imports it then; index.html only preloads it), and
// defining the ten elements rendered ahead is not one long task: upgrading them is one task, each then connects in
// its own (web/in-turn.mjs), those off screen once they near the view. The longest task is reported (by CPU time:
// harness.mjs, mainThreadTasks), not asserted.
test('our page: the element script runs after the first paint, and its calculators connect one per task as they near the view', async (t) => {
  const html = await readFile(join(root, 'dist', 'web', 'index.html'), 'utf8');
  assert.doesNotMatch(html, /<script[^>]*bloom-calc\.mjs/, 'no script tag loads the element script: app.js does, after the first paint');
  assert.match(html, /<link rel="modulepreload" href="bloom-calc\.mjs">/, 'it is fetched from the start');
  const context = await page
    .context()
    .browser()
    .newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const view = await context.newPage();
    await view.addInitScript(() => {
      customElements.whenDefined('bloom-calc').then(() => {
        window.__definedAt = performance.now();
      });
    });
    await view.goto(baseUrl);
    await view.waitForFunction(() => window.__definedAt !== undefined, null, WAIT);
    const [fcp, defined] = await view.evaluate(() => [performance.getEntriesByName('first-contentful-paint')[0]?.startTime, window.__definedAt]);
    assert.ok(fcp !== undefined && defined > fcp, `defined at ${defined} ms, after the first contentful paint at ${fcp} ms`);
  } finally {
    await context.close();
  }

  // the element script held back until the page is painted; then each element's connection (the toolbar rendered
  // ahead comes alive: data-live) is seen by one MutationObserver on every shadow root: its callback runs at the
  // end of each task that changed them, so one call naming several elements is one task connecting several
  const { context: held, release } = await holding({ viewport: { width: 1280, height: 900 } }, /\/bloom-calc\.mjs$/);
  try {
    const view = await held.newPage();
    await view.goto(baseUrl, { waitUntil: 'commit' });
    await view.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, null, WAIT);
    await view.evaluate(() => {
      window.__connectTasks = [];
      window.__replaced = 0;
      const observer = new MutationObserver((records) => {
        window.__replaced += records.filter((r) => [...r.addedNodes].some((n) => n.classList?.contains('bc-toolbar'))).length;
        const hosts = new Set(records.filter((r) => r.attributeName === 'data-live').map((r) => r.target.getRootNode().host.id));
        if (hosts.size) window.__connectTasks.push([...hosts]);
      });
      for (const el of document.querySelectorAll('bloom-calc'))
        observer.observe(el.shadowRoot, { childList: true, subtree: true, attributeFilter: ['data-live'] });
    });
    // connected: its fields known (the calculator's code loaded); near: within the quarter-viewport margin
    const split = () => {
      const near = (el) => {
        const box = el.getBoundingClientRect();
        return box.bottom > -innerHeight / 4 && box.top < innerHeight * 1.25;
      };
      const all = [...document.querySelectorAll('bloom-calc')];
      const connected = (el) => Object.keys(el.state ?? {}).length > 0;
      return { near: all.filter(near).map((el) => [el.id, connected(el)]), far: all.filter((el) => !near(el)).map((el) => [el.id, connected(el)]) };
    };
    const tasks = await mainThreadTasks(view, async () => {
      release();
      await view.waitForFunction(`(${split})().near.every(([, connected]) => connected)`, null, WAIT);
    });
    t.diagnostic(`while the elements are defined and those in view connect: ${longestTask(tasks).text}`);
    // loading="lazy": those far below wait for the view (web/element-base.mjs, #connectNear); a second is time
    // enough for them to connect, one per task, if they did not
    await view.waitForTimeout(1000);
    const { near, far } = await view.evaluate(`(${split})()`);
    assert.ok(near.length >= 1 && far.length >= 5, `near ${JSON.stringify(near)}, far ${JSON.stringify(far)}`);
    assert.deepEqual(
      far.filter(([, connected]) => connected),
      [],
      'no calculator far below the view has connected',
    );
    // scrolled down the page, each connects as it nears the view
    for (let y = 0; y < (await view.evaluate(() => document.documentElement.scrollHeight)); y += 450) {
      await view.evaluate((top) => window.scrollTo(0, top), y);
      await view.waitForFunction(`(${split})().near.every(([, connected]) => connected)`, null, WAIT);
    }
    const connected = await view.evaluate(() => window.__connectTasks);
    assert.equal(connected.flat().length, ON_PAGE, `each element's toolbar came alive once: ${JSON.stringify(connected)}`);
    assert.ok(
      connected.every((hosts) => hosts.length === 1),
      `one element connects per task: ${JSON.stringify(connected)}`,
    );
    // the toolbar rendered ahead is the live one (no new markup to style, lay out and paint while the page loads)
    assert.equal(await view.evaluate(() => window.__replaced), 0, 'no toolbar replaced');
  } finally {
    await held.close();
  }
});

// loading="lazy" also holds back a calculator's chart until it nears the view (web/sizing.mjs): on a phone's first
// screen the sizing calculator shows its inputs and results, and its chart, far below, costs a page load nothing
// (uPlot, its points, its drawing); scrolled to, it is drawn.
test("a phone's first screen: the sizing chart (and uPlot) wait until the chart nears the view", async () => {
  const context = await page
    .context()
    .browser()
    .newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1 });
  try {
    const fetched = [];
    context.on('request', (request) => fetched.push(request.url()));
    const view = await context.newPage();
    await view.goto(baseUrl);
    // its result shown, the chart waits for the view (data-state="waiting"), its code and uPlot not fetched
    await view.waitForFunction(() => document.getElementById('sizing-calc').result !== null, null, WAIT);
    await view.waitForFunction(() => document.getElementById('sizing-calc').shadowRoot.getElementById('chart-card').dataset.state === 'waiting', null, WAIT);
    const far = await view.evaluate(
      () => document.getElementById('sizing-calc').shadowRoot.getElementById('chart').getBoundingClientRect().top - window.innerHeight,
    );
    assert.ok(far > 823 / 4, `the chart is below the first screen and its margin (${far} px below)`);
    assert.deepEqual(
      fetched.filter((u) => /uPlot|bloom-calc\.chart-/.test(u)),
      [],
      'neither the chart code nor uPlot fetched',
    );
    assert.equal(await view.evaluate(() => document.getElementById('sizing-calc').shadowRoot.querySelectorAll('#chart canvas').length), 0);
    await view.evaluate(() => document.getElementById('sizing-calc').shadowRoot.getElementById('chart').scrollIntoView());
    await view.waitForFunction(() => document.getElementById('sizing-calc').shadowRoot.getElementById('chart-card').dataset.state === 'ok', null, WAIT);
    assert.ok((await view.evaluate(() => document.getElementById('sizing-calc').shadowRoot.querySelectorAll('#chart canvas').length)) > 0, 'drawn once near');
  } finally {
    await context.close();
  }
});

// A reader who scrolls past the chart before the first result has seen it: it is drawn with that result (the chart
// is watched from the calculator's start, not from its first result). The result is held back by holding the
// sizing worker's script.
test('a phone: the sizing chart scrolled past before the first result is drawn with it', async () => {
  const { context, release } = await holding({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1 }, /\/size-worker\.js$/);
  try {
    const view = await context.newPage();
    await view.goto(baseUrl);
    await view.waitForFunction(() => document.getElementById('sizing-calc').dataset.ready === 'true', null, WAIT); // mounted
    await view.evaluate(
      () =>
        new Promise((resolve) => {
          const chart = document.getElementById('sizing-calc').shadowRoot.getElementById('chart');
          const observer = new IntersectionObserver((entries) => {
            if (!entries.some((e) => e.isIntersecting)) return;
            observer.disconnect();
            requestAnimationFrame(() =>
              requestAnimationFrame(() => {
                window.scrollTo(0, 0);
                resolve();
              }),
            );
          });
          observer.observe(chart);
          chart.scrollIntoView();
        }),
    );
    assert.equal(await view.evaluate(() => document.getElementById('sizing-calc').result), null, 'no result yet');
    release();
    await view.waitForFunction(() => document.getElementById('sizing-calc').shadowRoot.getElementById('chart-card').dataset.state === 'ok', null, WAIT);
    assert.equal(await view.evaluate(() => window.scrollY), 0, 'drawn without a second scroll');
  } finally {
    await context.close();
  }
});

// A link carrying a calculator's URL keys opens at that calculator (issue 35, item 17): `?prior=1e-6&alpha=0.25&fpr=1e-3`
// opened at the top, the paradox calculator (loading="lazy") below the first screen, where it never computes — a
// reader, or a headless browser, waited for a result in vain. Now the page opens scrolled to it before its first
// paint (no layout shift), so it nears the view and computes; no test scroll, only the documented 10 s. A link with
// the first calculator's keys, a #fragment or none stays where the browser puts it.
test("a link with a calculator's URL keys opens at that calculator, which computes within 10 s unscrolled; nothing moves", async () => {
  const context = await page
    .context()
    .browser()
    .newContext({ viewport: { width: 1280, height: 720 }, deviceScaleFactor: 1 });
  try {
    await context.addInitScript(layoutShiftObserver);
    const view = await context.newPage();
    await view.goto(`${baseUrl}?prior=1e-6&alpha=0.25&fpr=1e-3`, { waitUntil: 'commit' });
    await view.waitForFunction(() => document.getElementById('paradox-calc')?.result != null, null, { timeout: 10_000 });
    const { top, y, h } = await view.evaluate(() => ({
      top: document.getElementById('paradox-calc').getBoundingClientRect().top,
      y: window.scrollY,
      h: window.innerHeight,
    }));
    assert.ok(y > 0 && Math.abs(top) <= 1, `scrolled to the paradox calculator: its top at ${top} px, scrollY ${y}`);
    await settledLayout(view);
    const shifts = await layoutShiftSince(view, 0);
    assert.ok(shifts.value <= 0.05, `layout shift ${shifts.value} on opening at the calculator: ${JSON.stringify(shifts.shifts)}`);
    assert.ok(await view.evaluate((h) => document.getElementById('paradox-calc').getBoundingClientRect().top < h, h), 'still in view');
    for (const stays of ['?n=2M&p=0.1%', '?prior=1e-4#top', '']) {
      await view.goto(`${baseUrl}${stays}`);
      await view.waitForFunction(() => document.getElementById('sizing-calc')?.result != null, null, WAIT);
      assert.equal(await view.evaluate(() => window.scrollY), 0, `${stays || 'no query'}: opens at the top`);
    }
  } finally {
    await context.close();
  }
});
