// End-to-end test of the <bloom-calc> custom elements on third-party pages: a server of its own serves the
// element bundle (dist/element) under /el/, the page (dist/web) under /web/ and fixture pages, with a strict
// Content-Security-Policy header. Checks: attributes ↔ properties, result/error events, two elements and
// one .wasm request, CSP without violations, theming by custom property, embed mode's postMessage height,
// the export buttons (JSON, JS, embed code, chart CSV/SVG).
import assert from 'node:assert/strict';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import { after, before, test } from 'node:test';
import { chromium } from 'playwright-core';

import { createBloomCalc } from '../../wasm/index.mjs';
import { ensureBuilt, root } from './harness.mjs';

const WAIT = { timeout: 15_000 };
const CSP =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; worker-src 'self'; img-src 'self' data: blob:; connect-src 'self'; " +
  "frame-src 'self'";
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const TYPES = {
  '.html': 'text/html',
  '.mjs': 'text/javascript',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.wasm': 'application/wasm',
  '.map': 'application/json',
};

// Fixture pages: no inline script or style anywhere (the CSP forbids both).
const FIXTURES = {
  '/plain.html': `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>docs page</title>
<script type="module" src="/el/bloom-calc.mjs"></script><script type="module" src="/fixture.js"></script></head>
<body><h1>Some documentation</h1>
<bloom-calc id="a" calculator="sizing" n="1M" p="1%"></bloom-calc>
<bloom-calc id="b" calculator="paradox" prior="1e-3" alpha="2"></bloom-calc>
</body></html>`,
  '/fixture.js': `window.events = [];
for (const el of document.querySelectorAll('bloom-calc')) {
  el.addEventListener('result', (e) => window.events.push({ id: el.id, type: 'result', t: performance.now(), detail: e.detail }));
  el.addEventListener('error', (e) => window.events.push({ id: el.id, type: 'error', message: e.detail.message, parameter: e.detail.parameter }));
}
document.addEventListener('securitypolicyviolation', (e) => (window.violations ??= []).push(e.violatedDirective + ' ' + e.blockedURI));`,
  '/more.html': `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,">
<script type="module" src="/el/bloom-calc.mjs"></script><script type="module" src="/fixture.js"></script></head>
<body><bloom-calc id="f" calculator="formulas" m="1024" n="100" k="7" hashing="distinct"></bloom-calc>
<bloom-calc id="s" calculator="simulate" m="2048" n="200" k="5" epochs="4" seed="7" autorun></bloom-calc>
<bloom-calc id="r" calculator="recycling" m="2000" p="1%" kmax="12" docs-base="https://example.invalid/bloomcalc/docs/"></bloom-calc>
<bloom-calc id="c" calculator="cbf" counters="2,3,1,1,1,1" alpha="2.4"></bloom-calc>
<bloom-calc id="x" calculator="nonesuch"></bloom-calc></body></html>`,
  // loading="lazy": the near element computes at once; the far one (below 80 paragraphs) only once scrolled to
  '/lazy.html': `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,">
<script type="module" src="/el/bloom-calc.mjs"></script><script type="module" src="/fixture.js"></script></head>
<body><bloom-calc id="near" calculator="paradox" loading="lazy"></bloom-calc>${'<p>Text of the page.</p>'.repeat(80)}
<bloom-calc id="far" calculator="recycling" loading="lazy" m="1000" p="1%" kmax="6"></bloom-calc></body></html>`,
  '/recycling.html': `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,">
<script type="module" src="/el/bloom-calc.mjs"></script><script type="module" src="/fixture.js"></script></head>
<body><bloom-calc id="o" calculator="recycling" m="1000" fpr="2%" kmax="6" page-url="/web/"></bloom-calc></body></html>`,
  // the element bundle loaded twice (two URLs: two module instances), and a third time
  '/twice.html': `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,">
<script type="module" src="/el/bloom-calc.mjs"></script><script type="module" src="/el/bloom-calc.mjs?copy=2"></script>
<script type="module" src="/el/bloom-calc.mjs?copy=3"></script><script type="module" src="/fixture.js"></script></head>
<body><bloom-calc id="a" calculator="sizing" n="1M" p="1%"></bloom-calc></body></html>`,
  // a server that answers a missing .wasm with an HTML page (Vite's dev server after pre-bundling does)
  '/html-wasm.html': `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,">
<script type="module" src="/nowasm/bloom-calc.mjs"></script><script type="module" src="/fixture.js"></script></head>
<body><bloom-calc id="a" calculator="paradox"></bloom-calc></body></html>`,
  '/aliases.html': `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,">
<script type="module" src="/el/bloom-calc.mjs"></script><script type="module" src="/fixture.js"></script></head>
<body><bloom-calc id="l" calculator="layouts" n="100k" p="1%" layout="blocked" block="256"></bloom-calc>
<bloom-calc id="s" calculator="simulate" m="2048" n="200" k="5" epochs="4" seed="7" scheme="double" autorun></bloom-calc></body></html>`,
  '/themed.html': `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"><link rel="stylesheet" href="/theme.css">
<script type="module" src="/el/bloom-calc.mjs"></script></head>
<body><bloom-calc id="t" calculator="sizing" theme="light"></bloom-calc></body></html>`,
  '/theme.css': 'bloom-calc { --bc-accent: rgb(1, 2, 3); } bloom-calc::part(card) { border-width: 3px; }',
  // a page painted in the OS's scheme (tests/e2e/theme.test.mjs covers the sites' own toggles)
  '/light-dark.html': `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"><link rel="stylesheet" href="/scheme.css">
<script type="module" src="/el/bloom-calc.mjs"></script><script type="module" src="/fixture.js"></script></head>
<body><bloom-calc id="a" calculator="sizing" n="1M" p="1%"></bloom-calc></body></html>`,
  '/scheme.css': ':root { color-scheme: light dark; }',
  '/embed.html': `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"><script type="module" src="/embed.js"></script></head>
<body><iframe id="f" src="/web/?embed=sizing&n=2M&p=0.1%25" title="calculator" width="600" height="100" data-bloomcalc></iframe></body></html>`,
  '/embed.js': `window.messages = [];
addEventListener('message', (e) => { if (e.data?.type !== 'bloomcalc:resize') return;
  window.messages.push(e.data);
  for (const f of document.querySelectorAll('iframe[data-bloomcalc]')) if (f.contentWindow === e.source) f.height = e.data.height; });`,
};

let server, base, browser, bc;

function fileIn(dir, rel) {
  const path = resolve(dir, `.${rel}`);
  return path.startsWith(dir + sep) ? path : null;
}

before(async () => {
  await ensureBuilt();
  bc = await createBloomCalc();
  const dirs = { '/el/': join(root, 'dist', 'element'), '/web/': join(root, 'dist', 'web'), '/nowasm/': join(root, 'dist', 'element') };
  server = createServer(async (req, res) => {
    const { pathname } = new URL(req.url, 'http://x');
    const headers = { 'Content-Security-Policy': CSP, 'Cache-Control': 'no-store' };
    if (FIXTURES[pathname]) {
      res.writeHead(200, { ...headers, 'Content-Type': TYPES[extname(pathname)] });
      res.end(FIXTURES[pathname]);
      return;
    }
    if (pathname.startsWith('/nowasm/') && pathname.endsWith('.wasm')) {
      res.writeHead(200, { ...headers, 'Content-Type': 'text/html' });
      res.end('<!doctype html><html><body>an app shell</body></html>');
      return;
    }
    for (const [prefix, dir] of Object.entries(dirs)) {
      if (!pathname.startsWith(prefix)) continue;
      let path = fileIn(dir, `/${pathname.slice(prefix.length) || 'index.html'}`);
      if (path && path.endsWith(sep)) path += 'index.html';
      const info = path && (await stat(path).catch(() => null));
      if (info?.isFile()) {
        res.writeHead(200, { ...headers, 'Content-Type': TYPES[extname(path)] ?? 'application/octet-stream' });
        createReadStream(path).pipe(res);
        return;
      }
    }
    res.writeHead(404).end();
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${server.address().port}`;
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
});

after(async () => {
  await browser?.close();
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r));
});

async function open(path, options = {}) {
  const context = await browser.newContext({ viewport: { width: 1100, height: 900 }, ...options });
  const requests = [];
  const problems = [];
  context.on('request', (r) => requests.push(r.url()));
  const page = await context.newPage();
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' || /Content Security Policy|Refused/.test(m.text())) problems.push(`console: ${m.text()}`);
  });
  await page.goto(`${base}${path}`);
  return { page, requests, problems, context };
}

const lastResult = (page, id) =>
  page.waitForFunction((id) => window.events.filter((e) => e.id === id && e.type === 'result').at(-1)?.detail ?? null, id, WAIT).then((h) => h.jsonValue());

test('two elements on a plain page under a strict CSP: one .wasm request, results equal the module, no violation', async () => {
  const { page, requests, problems, context } = await open('/plain.html');
  const a = await lastResult(page, 'a');
  const b = await lastResult(page, 'b');
  assert.deepEqual(a, JSON.parse(JSON.stringify(bc.size({ n: '1M', p: '1%', rounding: 'none', method: 'classic', hashing: 'colliding' }))));
  assert.equal(b.posterior, bc.paradox({ prior: '1e-3', alpha: '2', bpe: '10' }).posterior);
  const fromProperty = await page.evaluate(() => document.getElementById('a').result.m);
  assert.equal(fromProperty, a.m);
  // the two elements share one load on the page's thread; a worker (the sizing calculator's) loads its own
  const wasm = requests.filter((u) => u.endsWith('.wasm'));
  const workers = page.workers().length;
  assert.ok(wasm.length >= 1 && wasm.length <= 1 + workers, `one .wasm request for two elements, plus one per worker (${workers}): ${wasm.join(', ')}`);
  assert.ok(
    requests.every((u) => u.startsWith(base)),
    `no foreign request: ${requests.filter((u) => !u.startsWith(base))}`,
  );
  assert.deepEqual(await page.evaluate(() => window.violations ?? []), []);
  assert.deepEqual(problems, []);
  const first = await page.evaluate(() => Math.min(...window.events.filter((e) => e.type === 'result').map((e) => e.t)));
  console.log(`# cold time to first result (two elements, local server): ${first.toFixed(0)} ms`);
  await context.close();
});

test('attributes and properties reflect both ways; result and error events', async () => {
  const { page, context } = await open('/plain.html');
  await lastResult(page, 'a');
  // property → attribute → control → result
  await page.evaluate(() => {
    document.getElementById('a').n = '2M';
  });
  assert.equal(await page.getAttribute('#a', 'n'), '2M');
  await page.waitForFunction(() => document.getElementById('a').result?.n === 2_000_000, null, WAIT);
  assert.equal(await page.locator('#a #n').inputValue(), '2M');
  // typing → attribute
  await page.locator('#a #p').fill('0.1%');
  await page.waitForFunction(() => document.getElementById('a').getAttribute('p') === '0.1%', null, WAIT);
  await page.waitForFunction(() => document.getElementById('a').result?.target === 0.001, null, WAIT);
  assert.equal(await page.evaluate(() => document.getElementById('a').p), '0.1%');
  // a bad attribute: error event naming the parameter, the message inline
  await page.evaluate(() => document.getElementById('a').setAttribute('p', '2'));
  const err = await page
    .waitForFunction(() => window.events.filter((e) => e.id === 'a' && e.type === 'error').at(-1) ?? null, null, WAIT)
    .then((h) => h.jsonValue());
  assert.equal(err.parameter, 'p');
  assert.equal(await page.locator('#a #p-error').textContent(), err.message);
  assert.equal(await page.evaluate(() => document.getElementById('a').result), null);
  // URL untouched without url-state
  assert.equal(new URL(page.url()).search, '');
  await context.close();
});

test('exports: result JSON, JS snippet, embed code, chart CSV and SVG', async () => {
  const { page, context } = await open('/plain.html');
  const a = await lastResult(page, 'a');
  const copy = async (label) => {
    await page.locator('#a').getByRole('button', { name: label, exact: true }).click();
    return page.locator('#a [data-testid="copy-out"]').inputValue();
  };
  assert.deepEqual(JSON.parse(await copy('Copy JSON')), a);
  const js = await copy('Copy JS');
  assert.match(js, /import \{ createBloomCalc \} from 'bloomcalc'/);
  const start = js.indexOf('bc.size(') + 8;
  const call = JSON.parse(js.slice(start, js.indexOf(');\n', start)));
  assert.deepEqual(JSON.parse(JSON.stringify(bc.size(call))), a, 'the snippet reproduces the result');
  const embed = await copy('Copy embed code');
  assert.match(embed, /<script type="module" src="http:\/\/127\.0\.0\.1:\d+\/el\/bloom-calc\.mjs"><\/script>/);
  assert.match(embed, /<bloom-calc calculator="sizing" n="1M" p="1%" rounding="none" method="classic" hashing="colliding" hash-bits="none"><\/bloom-calc>/);
  await page.waitForFunction(() => document.getElementById('a').shadowRoot.getElementById('chart-card').dataset.state === 'ok', null, WAIT);
  const tools = page.locator('#a #chart + .bc-chart-tools');
  const [csv] = await Promise.all([page.waitForEvent('download'), tools.getByRole('button', { name: 'CSV' }).click()]);
  const text = await readFile(await csv.path(), 'utf8');
  const lines = text.trim().split('\n');
  assert.match(lines[0], /^n,exact \(colliding\),classic \(eq 1\)/);
  assert.ok(lines.length > 50, `about 60 rows (${lines.length})`);
  const [svg] = await Promise.all([page.waitForEvent('download'), tools.getByRole('button', { name: 'SVG' }).click()]);
  const svgText = await readFile(await svg.path(), 'utf8');
  assert.match(svgText, /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  assert.ok((svgText.match(/<path /g) ?? []).length >= 3, 'the series are drawn as paths');
  const [png] = await Promise.all([page.waitForEvent('download'), tools.getByRole('button', { name: 'PNG' }).click()]);
  const head = (await readFile(await png.path())).subarray(0, 8);
  assert.deepEqual([...head], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  await context.close();
});

test('formulas, simulate, recycling and cbf under the strict CSP; docs-base; an unknown calculator says which exist', async () => {
  const { page, problems, context } = await open('/more.html');
  const f = await lastResult(page, 'f');
  assert.deepEqual(f, JSON.parse(JSON.stringify(bc.fpr({ m: '1024', n: '100', k: '7', hashing: 'distinct' }))));
  assert.equal(Number(await page.locator('#f #fpr-exact').getAttribute('data-value')), f.exact);
  const s = await page
    .waitForFunction(() => window.events.find((e) => e.id === 's' && e.type === 'result')?.detail ?? null, null, { timeout: 60_000 })
    .then((h) => h.jsonValue());
  const input = JSON.parse(await page.locator('#s #sim').getAttribute('data-input'));
  assert.equal(input.epochs, 4);
  assert.equal(input.seed, 7);
  const expected = await bc.simulate(input);
  assert.equal(s.falsePositives, expected.falsePositives, 'same seed, same count as the Node module');
  assert.equal(s.mean, expected.mean);
  const js = await (async () => {
    await page.locator('#s').getByRole('button', { name: 'Copy JS', exact: true }).click();
    return page.locator('#s [data-testid="copy-out"]').inputValue();
  })();
  assert.match(js, /const result = await bc\.simulate\(/);
  assert.match(await page.locator('#x').evaluate((el) => el.shadowRoot.textContent), /unknown calculator "nonesuch".*sizing/);
  // recycling (its worker, its tables and charts) and cbf under the same CSP
  const r = await lastResult(page, 'r');
  const rec = bc.recommend({ m: '2000', p: '1%', kmax: '12', hashing: 'colliding', recycling: 'nonretaining', restart: 'exact', swap: 'after' });
  assert.deepEqual(r.best, JSON.parse(JSON.stringify(rec.best)));
  const links = await page.locator('#r').evaluate((el) => [...el.shadowRoot.querySelectorAll('a[href*="rbf.html"]')].map((a) => a.href));
  assert.ok(
    links.length > 5 && links.every((h) => h.startsWith('https://example.invalid/bloomcalc/docs/rbf.html#')),
    'docs-base: every docs link points there',
  );
  const c = await lastResult(page, 'c');
  assert.equal(c.posterior, bc.cbf({ counters: '2,3,1,1,1,1', m: 26624, n: 3328, k: 6, prior: 0.125, alpha: 2.4 }).posterior);
  assert.deepEqual(problems, []);
  await context.close();
});

test('recycling: p is the target (attribute, property, typing); its older name fpr is read and rewritten to p; the embed code says p', async () => {
  const { page, problems, context } = await open('/recycling.html');
  const resultP = (want) => page.waitForFunction((p) => document.getElementById('o').result?.p === p, want, WAIT);
  const attrs = () => page.locator('#o').evaluate((el) => ({ p: el.getAttribute('p'), fpr: el.getAttribute('fpr') }));
  // the older attribute fpr="2%" started the calculator and became p
  await resultP(0.02);
  assert.deepEqual(await attrs(), { p: '2%', fpr: null });
  assert.equal(await page.locator('#o #rbf-p').inputValue(), '2%');
  // attribute p → control → result
  await page.evaluate(() => document.getElementById('o').setAttribute('p', '1%'));
  await resultP(0.01);
  assert.equal(await page.locator('#o #rbf-p').inputValue(), '1%');
  // the older attribute set from outside: read, and rewritten to p
  await page.evaluate(() => document.getElementById('o').setAttribute('fpr', '0.5%'));
  await resultP(0.005);
  assert.deepEqual(await attrs(), { p: '0.5%', fpr: null });
  // properties: p, and fpr as its alias
  assert.equal(await page.evaluate(() => document.getElementById('o').p), '0.5%');
  assert.equal(await page.evaluate(() => document.getElementById('o').fpr), '0.5%');
  await page.evaluate(() => {
    document.getElementById('o').fpr = '3%';
  });
  await resultP(0.03);
  assert.deepEqual(await attrs(), { p: '3%', fpr: null });
  assert.equal(await page.evaluate(() => 'fpr' in document.getElementById('o').state), false, 'state lists current names only');
  // typing → attribute p
  await page.locator('#o #rbf-p').fill('1e-3');
  await page.waitForFunction(() => document.getElementById('o').getAttribute('p') === '1e-3', null, WAIT);
  await resultP(0.001);
  // the embed code names p, never fpr
  await page.locator('#o').getByRole('button', { name: 'Copy embed code', exact: true }).click();
  const embed = await page.locator('#o [data-testid="copy-out"]').inputValue();
  assert.match(embed, /<bloom-calc calculator="recycling" m="1000" p="1e-3" kmax="6"[^>]*><\/bloom-calc>/);
  assert.doesNotMatch(embed, /fpr/);
  // the script is the bundle this page loaded (its URL at run time), the iframe the page-url's page
  assert.ok(embed.startsWith(`<script type="module" src="${base}/el/bloom-calc.mjs"></script>\n`), embed);
  await page.locator('#o .bc-embed-kind').selectOption('iframe');
  await page.locator('#o').getByRole('button', { name: 'Copy embed code', exact: true }).click();
  const iframe = await page.locator('#o [data-testid="copy-out"]').inputValue();
  assert.match(iframe, /embed=recycling&amp;rp=1e-3&amp;rkmax=6(&amp;|")/);
  assert.ok(iframe.startsWith(`<iframe src="${base}/web/?embed=recycling&amp;`), iframe);
  assert.doesNotMatch(iframe, /fpr/);
  // URL untouched without url-state
  assert.equal(new URL(page.url()).search, '');
  assert.deepEqual(problems, []);
  await context.close();
});

test('no page-url: the embed code is the element alone (no iframe of a page the host does not have)', async () => {
  const { page, problems, context } = await open('/plain.html');
  await lastResult(page, 'a');
  assert.equal(await page.locator('#a .bc-embed-kind').isVisible(), false);
  assert.deepEqual(await page.locator('#a .bc-embed-kind option').evaluateAll((os) => os.map((o) => o.value)), ['element']);
  await page.locator('#a').getByRole('button', { name: 'Copy embed code', exact: true }).click();
  const embed = await page.locator('#a [data-testid="copy-out"]').inputValue();
  assert.equal(
    embed,
    `<script type="module" src="${base}/el/bloom-calc.mjs"></script>\n<bloom-calc calculator="sizing" n="1M" p="1%" rounding="none" method="classic" ` +
      `hashing="colliding" hash-bits="none"></bloom-calc>`,
  );
  // the equation links point at the docs beside the bundle, which answer (not /docs/ of the host site)
  const links = await page.locator('#a a[href*="/docs/"]').evaluateAll((as) => as.map((a) => a.href));
  assert.ok(links.length > 0 && links.every((href) => href.startsWith(`${base}/el/docs/`)), links.join(' '));
  for (const href of new Set(links.map((h) => h.split('#')[0]))) assert.equal((await page.request.get(href)).status(), 200, href);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the bundle loaded three times on one page: one warning, no error, the element works', async () => {
  const { page, problems, context } = await open('/twice.html');
  const warnings = [];
  page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
  await page.reload();
  await lastResult(page, 'a');
  assert.equal(warnings.filter((w) => /already defined/.test(w)).length, 1, warnings.join('\n'));
  assert.deepEqual(
    problems.filter((p) => !/already defined/.test(p)),
    [],
  );
  await context.close();
});

test('a .wasm answered with HTML (Vite dev server pre-bundling): the message names the fix', async () => {
  const { page, context } = await open('/html-wasm.html');
  const error = await page.waitForFunction(() => window.events.find((e) => e.type === 'error') ?? null, null, WAIT).then((h) => h.jsonValue());
  assert.match(error.message, /is not WebAssembly \(the server sent text\/html/);
  assert.match(error.message, /optimizeDeps: \{ exclude: \['bloomcalc'\] \}/);
  assert.match(await page.locator('#a .general-error').textContent(), /optimizeDeps/);
  await context.close();
});

test('two-word attributes are kebab-case with camelCase properties (block-bits, hash-scheme); older names block, scheme still read', async () => {
  const { page, problems, context } = await open('/aliases.html');
  const l = await lastResult(page, 'l');
  assert.equal(l.blockBits, 256);
  assert.deepEqual(await page.locator('#l').evaluate((el) => [el.getAttribute('block-bits'), el.hasAttribute('block'), el.blockBits, el.block]), [
    '256',
    false,
    '256',
    '256',
  ]);
  await page.evaluate(() => {
    document.getElementById('l').blockBits = '512';
  });
  assert.equal(await page.getAttribute('#l', 'block-bits'), '512');
  await page.waitForFunction(() => document.getElementById('l').result?.blockBits === 512, null, WAIT);
  const s = await page
    .waitForFunction(() => window.events.find((e) => e.id === 's' && e.type === 'result')?.detail ?? null, null, { timeout: 60_000 })
    .then((h) => h.jsonValue());
  assert.equal(s.config.hashing, 'double', 'the older attribute scheme="double" reached the simulation');
  assert.deepEqual(await page.locator('#s').evaluate((el) => [el.getAttribute('hash-scheme'), el.hasAttribute('scheme'), el.hashScheme]), [
    'double',
    false,
    'double',
  ]);
  await page.locator('#s').getByRole('button', { name: 'Copy embed code', exact: true }).click();
  const embed = await page.locator('#s [data-testid="copy-out"]').inputValue();
  assert.match(embed, / hash-scheme="double"/);
  assert.doesNotMatch(embed, / scheme=/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('loading="lazy": markup and fields at once, the module and the first result only near the viewport', async () => {
  const { page, requests, problems, context } = await open('/lazy.html');
  await lastResult(page, 'near'); // in view: computes without a scroll
  await page.waitForTimeout(1000);
  const far = () =>
    page.evaluate(() => {
      const el = document.getElementById('far');
      return { markup: el.shadowRoot.querySelector('.bc-recycling') !== null, m: el.state.m, result: el.result };
    });
  assert.deepEqual(await far(), { markup: true, m: '1000', result: null });
  const rbf = () => requests.filter((u) => /bloomcalc\.rbf\.wasm|rbf-worker\.js/.test(u));
  assert.deepEqual(rbf(), [], 'nothing of the recycling calculator fetched but its code while it is away from the view');
  await page.evaluate(() => document.getElementById('far').scrollIntoView());
  const result = await lastResult(page, 'far');
  assert.deepEqual(result.best, JSON.parse(JSON.stringify(bc.recommend({ m: '1000', p: '1%', kmax: '6' }).best)));
  assert.ok(rbf().length > 0, 'its module once near the view');
  assert.deepEqual(problems, []);
  await context.close();
});

test('theming: a --bc-* custom property and ::part reach inside the shadow root', async () => {
  const { page, context } = await open('/themed.html');
  await page.waitForFunction(() => document.getElementById('t').shadowRoot?.getElementById('results')?.dataset.state === 'ok', null, WAIT);
  const color = await page.locator('#t #result-summary').evaluate((el) => getComputedStyle(el).color);
  assert.equal(color, 'rgb(1, 2, 3)');
  const border = await page.locator('#t #results').evaluate((el) => getComputedStyle(el).borderTopWidth);
  assert.equal(border, '3px');
  await context.close();
});

test('dark: on a page painted in the OS scheme (color-scheme: light dark), follows prefers-color-scheme unless theme="light"', async () => {
  const { page, context } = await open('/light-dark.html', { colorScheme: 'dark' });
  await lastResult(page, 'a');
  const background = () => page.locator('#a #results').evaluate((el) => getComputedStyle(el).backgroundColor);
  assert.equal(await background(), 'rgb(22, 28, 36)');
  await page.evaluate(() => document.getElementById('a').setAttribute('theme', 'light'));
  assert.equal(await background(), 'rgb(255, 255, 255)');
  await context.close();
});

test('embed mode: one calculator, no chrome, iframe sized by postMessage, URL state kept', async () => {
  const { page, problems, context } = await open('/embed.html');
  const message = await page.waitForFunction(() => window.messages.at(-1) ?? null, null, WAIT).then((h) => h.jsonValue());
  assert.equal(message.calculator, 'sizing');
  const frame = page.frameLocator('#f');
  await frame.locator('#results[data-state="ok"]').waitFor(WAIT);
  assert.equal(await frame.locator('#result-n').getAttribute('data-value'), '2000000');
  const inner = page.frames().find((f) => f.url().includes('embed=sizing'));
  assert.equal(await inner.evaluate(() => document.querySelectorAll('bloom-calc').length), 1);
  assert.equal(await inner.locator('.site-header').isVisible(), false);
  // no navigation links to the calculators the embed dropped: the first Tab stop is inside the calculator
  assert.deepEqual(
    await inner.evaluate(() => [...document.querySelectorAll('.site-nav a')].filter((a) => a.getClientRects().length > 0).map((a) => a.getAttribute('href'))),
    [],
  );
  // the iframe ends up as tall as its document
  await page.waitForFunction(
    () => {
      const f = document.getElementById('f');
      const h = f.contentDocument.documentElement.getBoundingClientRect().height;
      return Math.abs(Number(f.height) - Math.ceil(h)) <= 1 && h > 300;
    },
    null,
    WAIT,
  );
  const last = await page.evaluate(() => window.messages.at(-1));
  assert.deepEqual(await page.evaluate(() => window.messages.filter((m) => !(m.height > 0))), [], 'no message sizes the iframe to 0');
  assert.ok(Number.isInteger(last.height) && last.height > 300, `height ${last.height}`);
  // editing inside keeps the state in the iframe's URL
  await frame.locator('#n').fill('3M');
  await page.waitForFunction(() => document.getElementById('f').contentWindow.location.search.includes('n=3M'), null, WAIT);
  assert.match(inner.url(), /embed=sizing/);
  assert.deepEqual(problems, []);
  await context.close();
});
