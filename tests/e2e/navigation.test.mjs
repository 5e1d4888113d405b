// A page a visitor finds their way in (issue 32, item 5): the navigation by the questions people bring, in view on
// opening, generated from the calculator declarations (schema/calculators.mjs, `page`); each calculator at a shareable
// URL (its #fragment, or its keys) that opens at it and computes at once; keyboard and screen-reader reachable, light
// and dark; at 375 px no result text cut off.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';

import { browserForFile, root } from './harness.mjs';
import { layoutShiftObserver, layoutShiftSince, settledLayout } from '../sites/cls.mjs';
import { CALCULATORS } from '../../schema/calculators.mjs';
import { pageCalculators, withCalculators } from '../../scripts/page-markup.mjs';
import { elementFields } from '../../scripts/generate/elements.mjs';
import { urlKeys } from '../../web/element-fields.mjs';

const WAIT = { timeout: 20_000 };
const AXE = join(root, 'node_modules', 'axe-core', 'axe.min.js');
const VIEWPORTS = { desktop: { width: 1280, height: 900 }, phone: { width: 375, height: 800 } };

let page, baseUrl;
browserForFile((opened) => ({ page, baseUrl } = opened));

/** A browser context of its own (no harness scroll through the page: the page as a visitor opens it). */
async function fresh(options, run) {
  const context = await page
    .context()
    .browser()
    .newContext({ deviceScaleFactor: 1, ...options });
  try {
    await context.addInitScript(layoutShiftObserver);
    return await run(await context.newPage());
  } finally {
    await context.close();
  }
}

/** The navigation as shown: each link's text, target and box, and whether the first screen holds it whole. */
const navLinks = () =>
  [...document.querySelectorAll('nav a[href^="#"]')].map((a) => {
    const box = a.getBoundingClientRect();
    const style = getComputedStyle(a);
    return {
      text: a.querySelector('.nav-q')?.textContent ?? a.textContent,
      href: a.getAttribute('href'),
      target: document.querySelector(a.getAttribute('href'))?.getAttribute('calculator') ?? null,
      shown: box.width > 0 && box.height > 0 && style.visibility === 'visible' && box.top >= 0 && box.bottom <= window.innerHeight,
    };
  });

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test(`${name}: the navigation names every calculator by its question, all on the first screen, each link its calculator`, async () => {
    const expected = pageCalculators();
    assert.ok(expected.length >= 10, `${expected.length} calculators declare their page facts`);
    await fresh({ viewport }, async (view) => {
      await view.goto(baseUrl);
      const links = await view.evaluate(navLinks);
      assert.deepEqual(
        links.map((l) => l.text),
        expected.map((c) => c.question),
        "the questions, in the schema's page order",
      );
      assert.deepEqual(
        links.map((l) => l.target),
        expected.map((c) => c.name),
        'each link targets its calculator',
      );
      assert.deepEqual(
        links.filter((l) => !l.shown),
        [],
        'every link is on the first screen',
      );
      // the page's calculators are the declared ones, in the navigation's order, each with the URL keys its fields read
      const shown = await view.evaluate(() =>
        [...document.querySelectorAll('main bloom-calc')].map((el) => [el.getAttribute('calculator'), el.dataset.urlKeys]),
      );
      assert.deepEqual(
        shown,
        expected.map((c) => [c.name, urlKeys({ fields: elementFields(c.name) }).join(' ')]),
      );
    });
  });
}

test('a calculator declared in the schema reaches the navigation and the page with no page edit', async () => {
  const html = await readFile(join(root, 'web', 'index.html'), 'utf8');
  assert.doesNotMatch(html, /<bloom-calc\b/, 'web/index.html lists no calculator by hand');
  const demo = { ...CALCULATORS, demo: { page: { group: 'use', question: 'A demo question', title: 'its title' }, methods: [], fields: {} } };
  const written = withCalculators(html, pageCalculators(demo));
  assert.match(written, /<a href="#demo-calc" data-calculator="demo"><span class="nav-q">A demo question<\/span>/);
  assert.match(written, /<bloom-calc calculator="demo" id="demo-calc" url-state loading="lazy" data-url-keys=""><\/bloom-calc>/);
  assert.throws(() => pageCalculators({ demo: { page: { group: 'nope', question: 'q', title: 't' } } }), /demo\.page\.group "nope"/);
  // the page's render-blocking script finds a linked calculator by those keys, carrying no table of fields
  assert.doesNotMatch(await readFile(join(root, 'dist', 'web', 'app.js'), 'utf8'), /px-prior|rbf-kmax/);
});

test('a navigation link, by keyboard: the page moves to its calculator, the URL names it, and it computes', async () => {
  await fresh({ viewport: VIEWPORTS.desktop }, async (view) => {
    await view.goto(baseUrl);
    // the first Tab stops are the navigation's links (the skip links they replace were hidden)
    await view.keyboard.press('Tab');
    assert.equal(await view.evaluate(() => document.activeElement.getAttribute('href')), '#sizing-calc');
    const target = pageCalculators().find((c) => c.name === 'paradox');
    await view.locator(`nav a[href="#${target.id}"]`).focus();
    await view.keyboard.press('Enter');
    const atTarget = (id) => window.location.hash === `#${id}` && Math.abs(document.getElementById(id).getBoundingClientRect().top) <= 1;
    await view.waitForFunction(atTarget, target.id, WAIT);
    await view.waitForFunction((id) => document.getElementById(id).result != null, target.id, WAIT);
    // the next Tab goes into that calculator (the fragment is the focus's starting point)
    await view.keyboard.press('Tab');
    assert.equal(await view.evaluate(() => document.activeElement.id), target.id);
  });
});

test('a shared URL with a calculator\'s #fragment and keys opens there and computes at once (not loading="lazy"); nothing moves', async () => {
  await fresh({ viewport: { width: 1280, height: 720 } }, async (view) => {
    await view.goto(`${baseUrl}?prior=1e-4&alpha=0.25#paradox-calc`, { waitUntil: 'commit' });
    await view.waitForFunction(() => document.getElementById('paradox-calc')?.result != null, null, WAIT);
    const at = await view.evaluate(() => ({
      top: document.getElementById('paradox-calc').getBoundingClientRect().top,
      y: window.scrollY,
      lazy: document.getElementById('paradox-calc').getAttribute('loading'),
      prior: document.getElementById('paradox-calc').state.prior,
    }));
    assert.ok(at.y > 0 && Math.abs(at.top) <= 1, `opened at the calculator: ${JSON.stringify(at)}`);
    assert.equal(at.lazy, null, 'the calculator a link names is loaded at once');
    assert.equal(at.prior, '1e-4');
    await settledLayout(view);
    const shifts = await layoutShiftSince(view, 0);
    assert.ok(shifts.value <= 0.05, `layout shift ${shifts.value}: ${JSON.stringify(shifts.shifts)}`);
  });
});

test("a URL with a calculator's keys only: that calculator is loaded at once, the others still wait for the view", async () => {
  await fresh({ viewport: { width: 1280, height: 720 } }, async (view) => {
    await view.goto(`${baseUrl}?prior=1e-6&alpha=0.25&fpr=1e-3`, { waitUntil: 'commit' });
    await view.waitForFunction(() => document.getElementById('paradox-calc')?.result != null, null, WAIT);
    const lazy = await view.evaluate(() =>
      Object.fromEntries([...document.querySelectorAll('main bloom-calc')].map((el) => [el.id, el.getAttribute('loading')])),
    );
    assert.equal(lazy['paradox-calc'], null);
    assert.equal(lazy['sizing-calc'], 'lazy');
    assert.equal(Object.values(lazy).filter((v) => v === 'lazy').length, pageCalculators().length - 1);
  });
});

test("typing in another calculator moves the URL's fragment to it: the address bar opens where the reader worked", async () => {
  await fresh({ viewport: VIEWPORTS.desktop }, async (view) => {
    await view.goto(`${baseUrl}#paradox-calc`);
    await view.waitForFunction(() => document.getElementById('paradox-calc').result != null, null, WAIT);
    await view.evaluate(() => document.getElementById('window-calc').scrollIntoView());
    await view.waitForFunction(() => document.getElementById('window-calc').result != null, null, WAIT);
    await view.locator('#window-calc #px-ww').fill('2M');
    await view.waitForFunction(() => window.location.hash === '#window-calc' && new URLSearchParams(window.location.search).get('ww') === '2M', null, WAIT);
  });
});

test('embed mode shows no navigation', async () => {
  await fresh({ viewport: VIEWPORTS.phone }, async (view) => {
    await view.goto(`${baseUrl}?embed=paradox`);
    assert.equal(await view.locator('nav').count(), 1);
    assert.equal(await view.locator('nav').isVisible(), false);
  });
});

for (const colorScheme of ['light', 'dark']) {
  test(`axe-core: the navigation has no violation (${colorScheme}, desktop and 375 px), its text and links legible`, async () => {
    for (const viewport of Object.values(VIEWPORTS)) {
      await fresh({ viewport, colorScheme }, async (view) => {
        await view.goto(baseUrl);
        await view.addScriptTag({ path: AXE });
        const found = await view.evaluate(async () =>
          (await window.axe.run(document.querySelector('nav'))).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
        );
        assert.deepEqual(found, [], `${viewport.width} px`);
        // the page's colours follow the scheme: a dark page gets a dark navigation, not a white box
        const bg = await view.evaluate(() => getComputedStyle(document.querySelector('nav')).backgroundColor);
        const light =
          bg
            .match(/\d+/g)
            .slice(0, 3)
            .map(Number)
            .reduce((a, b) => a + b) >
          3 * 128;
        assert.equal(light, colorScheme === 'light', `navigation background ${bg}`);
      });
    }
  });
}

/**
 * The text of every calculator that is not fully visible, each { calculator, text, why }: a text's line boxes must lie
 * within its calculator and within every box that clips it (overflow hidden or clip: an ellipsis, a cut), and a text
 * field's value or placeholder (which cannot wrap) within its box. A table's scroll box (role="region", a Tab stop
 * while it scrolls: a11y.test) shows the rest by scrolling, so is no cut.
 */
const cutText = () => {
  const out = [];
  for (const host of document.querySelectorAll('main bloom-calc')) {
    const walker = document.createTreeWalker(host.shadowRoot, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent.trim();
      const parent = node.parentElement;
      if (!text || !parent || parent.closest('[hidden], .visually-hidden, style, script, option, textarea, template, [role="region"]')) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0);
      if (rects.length === 0) continue; // not rendered (display: none)
      const left = Math.min(...rects.map((r) => r.left));
      const right = Math.max(...rects.map((r) => r.right));
      const clips = [host];
      for (let a = parent; a && a !== host.shadowRoot; a = a.parentElement ?? a.getRootNode().host) {
        if (a === host) break;
        if (['hidden', 'clip'].includes(getComputedStyle(a).overflowX)) clips.push(a);
      }
      for (const clip of clips) {
        const box = clip.getBoundingClientRect();
        if (left < box.left - 0.5 || right > box.right + 0.5) {
          const px = (a, b) => `${Math.round(a)}-${Math.round(b)} px`;
          const where = `${px(left, right)} outside ${clip.localName}.${clip.className} ${px(box.left, box.right)}`;
          out.push({ calculator: host.getAttribute('calculator'), text: text.slice(0, 60), why: where });
          break;
        }
      }
    }
    // a text field's value, or the solved value its placeholder shows (sizing: "= 9,592,956 (solved)"), cannot wrap
    for (const input of host.shadowRoot.querySelectorAll('input:not([type]), input[type="text"]')) {
      if (input.getClientRects().length === 0) continue;
      const shown = input.value || input.placeholder;
      const style = getComputedStyle(input, input.value ? null : '::placeholder');
      const context = document.createElement('canvas').getContext('2d');
      context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const box = getComputedStyle(input);
      const room = input.clientWidth - parseFloat(box.paddingLeft) - parseFloat(box.paddingRight);
      const width = context.measureText(shown).width;
      const why = `#${input.id}: ${Math.round(width)} px in ${Math.round(room)} px`;
      if (width > room + 0.5) out.push({ calculator: host.getAttribute('calculator'), text: shown, why });
    }
  }
  return out;
};

test("375 px: every calculator's text, results included, is fully visible (none cut off, none past its calculator)", async () => {
  await page.setViewportSize(VIEWPORTS.phone);
  try {
    // the harness connects every calculator (scrolling down the page); each then shows its result
    await page.goto(`${baseUrl}?n=1M&p=1%25`);
    const computed = () => [...document.querySelectorAll('main bloom-calc')].every((el) => el.result != null || el.error != null);
    await page.waitForFunction(computed, null, { timeout: 60_000 });
    const solved = await page.evaluate(() => document.querySelector('bloom-calc[calculator="sizing"]').shadowRoot.getElementById('m').placeholder);
    assert.equal(solved, '= 9,592,956 (solved)', 'the solved m is shown in its field');
    assert.deepEqual(await page.evaluate(cutText), []);
  } finally {
    await page.setViewportSize(VIEWPORTS.desktop);
  }
});
