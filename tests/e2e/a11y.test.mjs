// Accessibility and small screens: axe-core (node_modules/axe-core) finds no violation on the page, before and
// after every calculator shows an error (stale results included: they must keep AA contrast); at 375 px the
// page does not scroll sideways and the formula table fits; the navigation's links come first and the table numbers are
// no Tab stops; every aria-describedby names ids that exist.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';

import { browserForFile, root } from './harness.mjs';

const WAIT = { timeout: 20_000 };
const AXE = join(root, 'node_modules', 'axe-core', 'axe.min.js');

let page, baseUrl, pageErrors;
browserForFile((opened) => ({ page, baseUrl, pageErrors } = opened));

/** Every card of every calculator done (no card loading or computing); on a timeout, the cards that were not. */
async function settled() {
  const busy = () =>
    [...document.querySelectorAll('bloom-calc')].flatMap((e) =>
      [...(e.shadowRoot?.querySelectorAll('[data-state]') ?? [])]
        .filter((c) => !c.classList.contains('sim') && ['loading', 'pending', 'running', 'computing'].includes(c.dataset.state))
        .map((c) => `${e.id} .${c.classList[0]} ${c.dataset.state}`),
    );
  const anyCard = `[...document.querySelectorAll('bloom-calc')].some((e) => e.shadowRoot?.querySelector('[data-state]'))`;
  try {
    await page.waitForFunction(`${anyCard} && (${busy})().length === 0`, null, WAIT);
  } catch (error) {
    error.message += `; still busy: ${(await page.evaluate(busy).catch(() => ['?'])).join(', ')}`;
    throw error;
  }
}

/** axe-core's violations on the page as it is now (open shadow roots included), one line each. */
async function violations() {
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.addScriptTag({ path: AXE });
  const found = await page.evaluate(async () =>
    (await window.axe.run(document)).violations.map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(', ')} — ${v.nodes[0]?.failureSummary?.split('\n').slice(0, 2).join(' ')}`,
    ),
  );
  return found;
}

/** Bad input in every calculator, as typed; and a misspelt key (its notice, web/element-base.mjs). */
const ERRORS = '?n=abc&prior=2&counters=x&rm=0&ln=-5&hashin=distinct';

async function noSidewaysScroll(what) {
  const [width, inner] = await page.evaluate(() => [document.scrollingElement.scrollWidth, window.innerWidth]);
  assert.ok(width <= inner, `${what}: the page scrolls sideways (${width} > ${inner})`);
}

test('axe-core: no violation on the page, nor with an error in every calculator', async () => {
  await page.goto(baseUrl);
  await settled();
  assert.deepEqual(await violations(), [], 'the page as loaded');
  await page.goto(`${baseUrl}${ERRORS}`);
  await settled();
  const invalid = await page.evaluate(() => deepAll('[aria-invalid="true"]').map((el) => el.id));
  assert.ok(invalid.length >= 3, `fields marked invalid: ${invalid}`);
  await page.waitForFunction(() => deepAll('[data-testid="url-notice"]').length === 1, null, WAIT);
  // nothing computed yet: the empty boxes show no lone unit, separator or "m_ideal =" (hidden, or invisible where
  // they keep the line the result will fill: element.css, "no layout shift")
  const lone = await page.evaluate(() =>
    ['#result-m + .unit', '#px-cost-trust + .between', '.sub:has(#result-mideal)'].filter(
      (s) => deep(s) && getComputedStyle(deep(s)).display !== 'none' && getComputedStyle(deep(s)).visibility !== 'hidden',
    ),
  );
  assert.deepEqual(lone, []);
  assert.deepEqual(await violations(), [], 'with errors and stale results');
});

test('axe-core: no violation once results and charts go stale (an error typed after a result)', async () => {
  await page.goto(baseUrl);
  await settled();
  await page.waitForFunction(() => deepAll('.chart .u-legend').length >= 4, null, WAIT);
  // One bad value typed into every calculator: each keeps its last results and charts, greyed and out of date.
  for (const [id, value] of [
    ['n', '-5'],
    ['px-prior', '2'],
    ['px-counters', '1,x'],
    ['px-ln', 'abc'],
    ['rbf-m', '2^41'],
  ])
    await page.locator(`#${id}`).fill(value);
  await page.waitForFunction(() => deepAll('[data-state="stale"] .chart .u-legend').length >= 4, null, WAIT);
  assert.deepEqual(await violations(), [], 'stale results and charts');
  // The page's own limit message says what the API says (no stale reason: the large-M method reaches 2^40).
  assert.equal(await page.evaluate(() => byId('rbf-m-error').textContent.trim()), 'm must be an integer in [1, 2^40]; got 2,199,023,255,552');
});

test('375 px: no sideways scroll, the formula table fits its box, no violation', async () => {
  await page.setViewportSize({ width: 375, height: 800 });
  try {
    for (const query of ['', ERRORS]) {
      await page.goto(`${baseUrl}${query}`);
      await settled();
      await noSidewaysScroll(`375 px${query ? ' with errors' : ''}`);
    }
    await page.goto(baseUrl);
    await settled();
    const [scroll, client] = await page.evaluate(() => {
      const box = byId('formulas').querySelector('.table-scroll');
      return [box.scrollWidth, box.clientWidth];
    });
    assert.ok(scroll <= client, `the formula table is cut (${scroll} > ${client})`);
    assert.deepEqual(await violations(), [], 'at 375 px');
    // A simulation's chart fits too (it was drawn 600 px wide)
    await page.goto(`${baseUrl}?n=4&m=32&k=5`);
    await settled();
    await page.locator('#sim').scrollIntoViewIfNeeded();
    await page.click('#sim-run');
    await page.waitForFunction(() => byId('sim').dataset.state === 'done', null, { timeout: 60_000 });
    await noSidewaysScroll('375 px, after a simulation');
    // A value never wraps inside ("1.0000093 × 10⁻¹²" on one line): tiny p, the longest numbers
    await page.goto(`${baseUrl}?n=1M&p=1e-12`);
    await settled();
    await noSidewaysScroll('375 px, p = 1e-12');
    const split = await page.evaluate(() => {
      const lines = (node) => {
        const range = document.createRange();
        range.selectNodeContents(node);
        return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.bottom))).size;
      };
      const values = [
        ...deepAll('#formulas .fpr-table .val'),
        ...deepAll('#ly-approx .nowrap'),
        ...deepAll('#ly-whatif .nowrap'),
        ...deepAll('#ly-table tbody td').filter((td) => td.cellIndex >= 1 && td.cellIndex <= 5),
      ];
      return { count: values.length, split: values.filter((v) => v.textContent.trim() && lines(v) > 1).map((v) => v.textContent) };
    });
    assert.ok(split.count > 30, `${split.count} values checked`);
    assert.deepEqual(split.split, [], 'values wrapped inside');
  } finally {
    await page.setViewportSize({ width: 1280, height: 900 });
  }
});

test("keyboard: the navigation first, the recycling table's numbers are no Tab stops, σ within 130 Tabs", async () => {
  await page.goto(baseUrl);
  await settled();
  await page.waitForFunction(() => deepAll('#rbf-tbody tr').length > 0, null, WAIT);
  const focused = () =>
    page.evaluate(() => {
      let a = document.activeElement;
      while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement;
      return { id: a?.id ?? '', tag: a?.localName ?? '', href: a?.getAttribute('href') ?? '' };
    });
  await page.keyboard.press('Tab');
  assert.equal((await focused()).href, '#sizing-calc', "the first Tab stop is the navigation's first link");
  let tabs = 1;
  while ((await focused()).id !== 'rbf-sigma' && tabs < 400) {
    await page.keyboard.press('Tab');
    tabs++;
  }
  console.log(`# Tab stops to the σ field: ${tabs}`);
  // 100 when the table numbers left the Tab order (337 before), 122 since compare's form came before recycling
  assert.ok(tabs <= 130, `${tabs} Tab stops before the σ field`);
  assert.equal(await page.evaluate(() => deepAll('#rbf-tbody a').filter((a) => a.tabIndex >= 0).length), 0);
});

test("a table's scroll box is a Tab stop exactly while it scrolls (1280 px: none; 375 px: the wide tables)", async () => {
  const stops = () =>
    page.evaluate(() =>
      deepAll('[role="region"][tabindex]').map((b) => ({
        label: b.getAttribute('aria-label').slice(0, 20),
        scrolls: b.scrollWidth > b.clientWidth + 1,
        stop: b.tabIndex === 0,
      })),
    );
  try {
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(baseUrl);
      await settled();
      await page.waitForFunction(() => deepAll('#rbf-tbody tr').length > 0, null, WAIT);
      await page.waitForTimeout(100); // the ResizeObserver's callback runs after layout
      const boxes = await stops();
      assert.equal(boxes.length, 6); // sizing, layouts, recycling, libraries, scalable, compare
      for (const b of boxes) assert.equal(b.stop, b.scrolls, `${width} px: ${JSON.stringify(b)}`);
      if (width === 1280)
        assert.ok(
          boxes.every((b) => !b.scrolls),
          `1280 px: ${JSON.stringify(boxes)}`,
        );
      else
        assert.ok(
          boxes.some((b) => b.scrolls),
          `375 px: ${JSON.stringify(boxes)}`,
        );
    }
  } finally {
    await page.setViewportSize({ width: 1280, height: 900 });
  }
});

test('every aria-describedby names ids that exist in its root', async () => {
  await page.goto(baseUrl);
  await settled();
  const missing = await page.evaluate(() => {
    const roots = [document, ...[...document.querySelectorAll('bloom-calc')].map((e) => e.shadowRoot)];
    return roots.flatMap((r) =>
      [...r.querySelectorAll('[aria-describedby]')].flatMap((el) =>
        el
          .getAttribute('aria-describedby')
          .split(/\s+/)
          .filter((id) => id && !r.getElementById(id))
          .map((id) => `${el.id} → ${id}`),
      ),
    );
  });
  assert.deepEqual(missing, []);
  assert.deepEqual(pageErrors.map(String), []);
});
