// <bloom-calc> takes the host page's theme, not only the operating system's (issue 19, item 3; web/theme.mjs):
// each docs generator's own dark toggle flips it both ways, with the operating system set to the opposite
// scheme (so following the OS would fail); then the generic signals (the page's background, the inherited
// color-scheme), followed whatever changes them (issue 35, item 14: Bootstrap's data-bs-theme, an attribute of the
// site's own, a stylesheet in <head>, a fade); theme="light|dark" still forces. Checked by the computed background colour of a card, and the
// light theme's table and stat borders (a self-referencing --line drew none).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

import { serve, stop } from '../../wasm/serve.mjs';
import { ensureBuilt, launchChromium, root } from './harness.mjs';

const WAIT = { timeout: 30_000 };
const LIGHT_CARD = 'rgb(255, 255, 255)'; // element.css --card
const DARK_CARD = 'rgb(22, 28, 36)'; // #161c24
const LIGHT_LINE = 'rgb(229, 231, 235)'; // --line, #e5e7eb

const page = ({ html = '', body = '', style = '', element = '' }) => `<!doctype html><html ${html}><head><meta charset="utf-8">
<link rel="icon" href="data:,"><title>docs</title><style>${style}</style><script type="module" src="/bloom-calc.mjs"></script></head>
<body ${body}><main><p>Text.</p><bloom-calc id="x" calculator="sizing" ${element}></bloom-calc></main></body></html>`;

// Each convention: the page, how the site toggles to dark and back (run in the page), the OS scheme it is
// opened with (the opposite of the site's starting theme).
const CONVENTIONS = {
  vitepress: {
    page: page({ style: ':root { background: #fff; } html.dark { color-scheme: dark; } html.dark body { background: #1b1b1f; }' }),
    os: 'dark',
    dark: () => document.documentElement.classList.add('dark'),
    light: () => document.documentElement.classList.remove('dark'),
  },
  docusaurus: {
    page: page({ html: 'data-theme="light"', style: '[data-theme=dark] { color-scheme: dark; }' }),
    os: 'dark',
    dark: () => document.documentElement.setAttribute('data-theme', 'dark'),
    light: () => document.documentElement.setAttribute('data-theme', 'light'),
  },
  starlight: {
    page: page({ html: 'data-theme="dark"', style: ':root[data-theme=dark] { --sl-color-bg: #17181c; } body { background: var(--sl-color-bg, #fff); }' }),
    os: 'light',
    starts: 'dark',
    dark: () => document.documentElement.setAttribute('data-theme', 'dark'),
    light: () => document.documentElement.setAttribute('data-theme', 'light'),
  },
  'mkdocs-material': {
    page: page({ body: 'data-md-color-scheme="default"', style: '[data-md-color-scheme=slate] { background: #1e2129; }' }),
    os: 'dark',
    dark: () => document.body.setAttribute('data-md-color-scheme', 'slate'),
    light: () => document.body.setAttribute('data-md-color-scheme', 'default'),
  },
  'sphinx-furo': {
    page: page({ body: 'data-theme="light"' }),
    os: 'dark',
    dark: () => document.body.setAttribute('data-theme', 'dark'),
    light: () => document.body.setAttribute('data-theme', 'light'),
  },
  // generic: a site whose toggle is none of the above but sets the color-scheme it paints with
  'color-scheme': {
    page: page({ style: 'html.night { color-scheme: dark; }' }),
    os: 'dark',
    dark: () => document.documentElement.classList.add('night'),
    light: () => document.documentElement.classList.remove('night'),
  },
  // generic: a site that only paints a dark background behind the element (a class of its own on <body>)
  background: {
    page: page({ style: 'body.inverted main { background: #111318; color: #eee; }' }),
    os: 'dark',
    dark: () => document.body.classList.add('inverted'),
    light: () => document.body.classList.remove('inverted'),
  },
  // the page's colours, whatever changes them (issue 35, item 14): no convention the element knows of, only the
  // colours it paints with. Bootstrap 5.3 (and Docsy on it): html[data-bs-theme=dark], body painted with a variable
  bootstrap: {
    page: page({
      html: 'data-bs-theme="light"',
      style:
        ':root, [data-bs-theme=light] { --bs-body-bg: #fff; } [data-bs-theme=dark] { color-scheme: dark; --bs-body-bg: #212529; } body { ' +
        'background-color: var(--bs-body-bg); }',
    }),
    os: 'dark',
    dark: () => document.documentElement.setAttribute('data-bs-theme', 'dark'),
    light: () => document.documentElement.setAttribute('data-bs-theme', 'light'),
  },
  // an attribute of the site's own on <body>, its colours fading in (read once the fade has ended)
  'data-foo': {
    page: page({ body: 'data-foo="day"', style: 'body { transition: background-color 0.3s; } body[data-foo=night] { background: #15171c; color: #ddd; }' }),
    os: 'dark',
    dark: () => document.body.setAttribute('data-foo', 'night'),
    light: () => document.body.setAttribute('data-foo', 'day'),
  },
  // a stylesheet added to <head> and taken out again, no attribute changed
  'head style': {
    page: page({}),
    os: 'dark',
    dark: () => document.head.insertAdjacentHTML('beforeend', '<style id="night">body { background: #101216; }</style>'),
    light: () => document.getElementById('night').remove(),
  },
};

let fixtures, server, url, browser;

before(async () => {
  await ensureBuilt();
  fixtures = mkdtempSync(join(tmpdir(), 'bloomcalc-theme-'));
  for (const [name, { page: html }] of Object.entries(CONVENTIONS)) writeFileSync(join(fixtures, `${name}.html`), html);
  writeFileSync(join(fixtures, 'plain.html'), page({}));
  writeFileSync(join(fixtures, 'light-dark.html'), page({ style: ':root { color-scheme: light dark; }' }));
  writeFileSync(join(fixtures, 'forced.html'), page({ html: 'class="dark"', element: 'theme="light"' }));
  ({ server, url } = await serve({ root: [fixtures, join(root, 'dist', 'element')] }));
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  if (server) await stop(server);
  if (fixtures) rmSync(fixtures, { recursive: true, force: true });
});

async function open(file, os) {
  const context = await browser.newContext({ viewport: { width: 1000, height: 800 }, colorScheme: os });
  const p = await context.newPage();
  await p.goto(new URL(file, url).href);
  await p.waitForFunction(() => document.getElementById('x').shadowRoot?.getElementById('results')?.dataset.state === 'ok', null, WAIT);
  return { page: p, context };
}

const card = (p) => p.locator('#x #results').evaluate((el) => getComputedStyle(el).backgroundColor);
const becomes = (p, want) =>
  p.waitForFunction((want) => getComputedStyle(document.getElementById('x').shadowRoot.getElementById('results')).backgroundColor === want, want, {
    timeout: 5000,
  });

for (const [name, convention] of Object.entries(CONVENTIONS)) {
  test(`${name}: the site's own toggle flips the element both ways (OS ${convention.os})`, async () => {
    const { page: p, context } = await open(`${name}.html`, convention.os);
    const starts = convention.starts ?? 'light';
    assert.equal(await card(p), starts === 'dark' ? DARK_CARD : LIGHT_CARD, `starts ${starts}`);
    await p.evaluate(convention.dark);
    await becomes(p, DARK_CARD);
    await p.evaluate(convention.light);
    await becomes(p, LIGHT_CARD);
    await p.evaluate(convention.dark);
    await becomes(p, DARK_CARD);
    await context.close();
  });
}

test('a plain page (no color-scheme, white canvas) keeps the element light in a dark OS; with color-scheme: light dark it follows the OS', async () => {
  let { page: p, context } = await open('plain.html', 'dark');
  assert.equal(await card(p), LIGHT_CARD);
  await context.close();
  ({ page: p, context } = await open('light-dark.html', 'dark'));
  assert.equal(await card(p), DARK_CARD);
  await p.emulateMedia({ colorScheme: 'light' });
  await becomes(p, LIGHT_CARD);
  await context.close();
});

test('theme="light|dark" forces, whatever the page; removing it follows the page again', async () => {
  const { page: p, context } = await open('forced.html', 'dark');
  assert.equal(await card(p), LIGHT_CARD, 'theme="light" on a dark VitePress page');
  await p.evaluate(() => document.getElementById('x').removeAttribute('theme'));
  await becomes(p, DARK_CARD);
  await p.evaluate(() => {
    document.documentElement.classList.remove('dark');
    document.getElementById('x').setAttribute('theme', 'dark');
  });
  await becomes(p, DARK_CARD);
  await context.close();
});

// a site that swaps in a dark stylesheet: it applies once loaded (held back here), after the <head> change was read
test('a dark stylesheet linked in <head> turns the element dark once it has loaded, and back when taken out', async () => {
  const context = await browser.newContext({ viewport: { width: 1000, height: 800 }, colorScheme: 'dark' });
  let release;
  const held = new Promise((resolve) => (release = resolve));
  await context.route('**/night.css', async (route) => {
    await held;
    await route.fulfill({ contentType: 'text/css', body: 'body { background: #101216; }' });
  });
  const p = await context.newPage();
  await p.goto(new URL('plain.html', url).href);
  await p.waitForFunction(() => document.getElementById('x').shadowRoot?.getElementById('results')?.dataset.state === 'ok', null, WAIT);
  await p.evaluate(() => document.head.insertAdjacentHTML('beforeend', '<link rel="stylesheet" id="night" href="night.css">'));
  await p.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))); // the change read
  assert.equal(await card(p), LIGHT_CARD, 'light while the stylesheet loads');
  release();
  await becomes(p, DARK_CARD);
  await p.evaluate(() => document.getElementById('night').remove());
  await becomes(p, LIGHT_CARD);
  await context.close();
});

test('the light theme draws the stat and table borders (--line)', async () => {
  const { page: p, context } = await open('plain.html', 'light');
  const borders = await p
    .locator('#x')
    .evaluate((el) => [...el.shadowRoot.querySelectorAll('.stat')].slice(0, 2).map((s) => getComputedStyle(s).borderTopColor));
  assert.ok(borders.length > 0, 'stats found');
  for (const color of borders) assert.equal(color, LIGHT_LINE);
  await context.close();
});
