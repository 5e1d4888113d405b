// <bloom-calc> taken out of the page and put back, as client-side navigation and frameworks do (issue 19, item 2):
// out of the page its workers stop (the page's worker count returns to its baseline, 0), back with nothing cut
// short it recomputes nothing; moved (removed and appended in one task) it stops and recomputes nothing; a
// computation cut short by the removal is redone when it returns. Workers counted by Chromium's own list
// (Playwright's page.workers(), which drops a worker when it is terminated).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

import { serve, stop } from '../../wasm/serve.mjs';
import { ensureBuilt, launchChromium, root } from './harness.mjs';

const WAIT = { timeout: 30_000 };
const CYCLES = 5;

// One page per calculator kind: the element between text, as in a docs page.
const KINDS = {
  sizing: 'n="1M" p="1%"',
  formulas: 'm="8Mi" n="1M" k="7"',
  simulate: 'm="2048" n="200" k="5" epochs="4" seed="7" autorun',
  paradox: 'prior="1e-3" alpha="2"',
  cbf: 'counters="2,3,1,1,1,1" alpha="2.4"',
  layouts: 'n="100k" p="1%"',
  recycling: 'm="2000" p="1%" kmax="12"',
  libraries: '',
  scalable: '',
};
const page = (body) => `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>docs</title>
<script type="module" src="/bloom-calc.mjs"></script></head><body><main id="main"><p>Above.</p>${body}<p>Below.</p></main></body></html>`;

let fixtures, server, url, browser;

before(async () => {
  await ensureBuilt();
  fixtures = mkdtempSync(join(tmpdir(), 'bloomcalc-lifecycle-'));
  for (const [kind, attrs] of Object.entries(KINDS))
    writeFileSync(join(fixtures, `${kind}.html`), page(`<bloom-calc id="x" calculator="${kind}" ${attrs}></bloom-calc>`));
  // a long simulation, to take the element away while it runs
  writeFileSync(
    join(fixtures, 'long.html'),
    page('<bloom-calc id="x" calculator="simulate" m="8192" n="1000" k="6" epochs="300" seed="3" autorun></bloom-calc>'),
  );
  ({ server, url } = await serve({ root: [fixtures, join(root, 'dist', 'element')], port: 0 }));
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  if (server) await stop(server);
  if (fixtures) rmSync(fixtures, { recursive: true, force: true });
});

async function open(file) {
  const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
  const problems = [];
  const p = await context.newPage();
  p.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  p.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
  await p.addInitScript(() => {
    window.results = 0;
    document.addEventListener('result', () => (window.results += 1), true);
  });
  await p.goto(new URL(file, url).href);
  return { page: p, context, problems };
}

const ours = (p) => p.workers().filter((w) => /-worker\.js(\?|$)/.test(new URL(w.url()).pathname)).length;

/** Waits until the page runs `want` of our workers (terminated ones leave Playwright's list when Chromium says so). */
async function workersBecome(p, want, what) {
  const deadline = Date.now() + 10_000;
  while (ours(p) !== want) {
    assert.ok(Date.now() < deadline, `${what}: ${ours(p)} workers, expected ${want}`);
    await p.waitForTimeout(50);
  }
}

for (const kind of Object.keys(KINDS)) {
  test(`${kind}: ${CYCLES} remove / re-add cycles: workers back to 0 each time, nothing recomputed on return`, async () => {
    const { page: p, context, problems } = await open(`${kind}.html`);
    await p.waitForFunction(() => document.getElementById('x').result !== null, null, WAIT);
    const first = await p.evaluate(() => JSON.stringify(document.getElementById('x').result));
    for (let cycle = 1; cycle <= CYCLES; cycle++) {
      await p.evaluate(() => {
        window.detached = document.getElementById('x');
        window.detached.remove();
      });
      await workersBecome(p, 0, `${kind}, cycle ${cycle}, removed`);
      const before = await p.evaluate(() => window.results);
      await p.evaluate(() => document.getElementById('main').append(window.detached));
      await p.waitForTimeout(300);
      assert.equal(ours(p), 0, `${kind}, cycle ${cycle}: back with nothing cut short, no worker started`);
      assert.equal(await p.evaluate(() => window.results), before, `${kind}, cycle ${cycle}: nothing recomputed`);
    }
    assert.equal(await p.evaluate(() => JSON.stringify(document.getElementById('x')?.result)), first);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('moved (removed and appended in one task): no worker stopped or started, nothing recomputed', async () => {
  const { page: p, context, problems } = await open('sizing.html');
  await p.waitForFunction(() => document.getElementById('x').result !== null, null, WAIT);
  await p.waitForTimeout(300);
  const workers = ours(p);
  assert.ok(workers >= 1, 'the sizing computed in its worker');
  const before = await p.evaluate(() => window.results);
  await p.evaluate(() => {
    const el = document.getElementById('x');
    el.remove();
    document.body.prepend(el);
  });
  await p.waitForTimeout(500);
  assert.equal(ours(p), workers);
  assert.equal(await p.evaluate(() => window.results), before);
  // and it still computes
  await p.evaluate(() => {
    document.getElementById('x').n = '2M';
  });
  await p.waitForFunction(() => document.getElementById('x').result?.n === 2_000_000, null, WAIT);
  assert.deepEqual(problems, []);
  await context.close();
});

test('taken away while it computes: its worker stops; put back, the computation is redone', async () => {
  const { page: p, context, problems } = await open('long.html');
  await p.waitForFunction(() => Number(document.getElementById('x').shadowRoot?.getElementById('sim')?.dataset.progress) > 0, null, WAIT);
  assert.equal(await p.evaluate(() => document.getElementById('x').result), null, 'still running');
  await p.evaluate(() => {
    window.detached = document.getElementById('x');
    window.detached.remove();
  });
  await workersBecome(p, 0, 'removed while running');
  await p.evaluate(() => document.getElementById('main').append(window.detached));
  const result = await p.waitForFunction(() => document.getElementById('x').result, null, { timeout: 120_000 }).then((h) => h.jsonValue());
  assert.equal(result.epochs, 300);
  assert.deepEqual(problems, []);
  await context.close();
});
