// End-to-end test of the page's sliding-window calculator (issue 21): the defaults and typed values give exactly
// the Node module's numbers, the URL alone reproduces the view, and a bad field shows the core's message inline.
// The window sizes in the tools module's worker (tools-worker.js).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { openBrowser } from './harness.mjs';

const WAIT = { timeout: 30_000 };

let page, bc, baseUrl, pageErrors, closeBrowser;

before(async () => {
  ({ page, bc, baseUrl, pageErrors, close: closeBrowser } = await openBrowser());
});

after(async () => {
  await closeBrowser?.();
});

/** Waits until the card `card` has computed (ok or stale) the fields now in its form. */
async function settled(card) {
  await page.waitForFunction((id) => {
    const el = byId(id);
    const state = el?.dataset.state;
    return (state === 'ok' || state === 'stale') && el.dataset.query === el.getRootNode().host.query;
  }, card, WAIT);
}

async function values(card) {
  return page.evaluate((id) => {
    const out = { state: byId(id).dataset.state };
    for (const el of deepAll(`#${id} [data-testid][data-value]`)) out[el.dataset.testid] = el.dataset.value;
    return out;
  }, card);
}

test('window: the defaults (W = 1M, p = 0.1 %) and typed values are the module\'s; the URL keeps them', async () => {
  await page.goto(baseUrl);
  await settled('window-card');
  let r = bc.window({ w: '1M', p: '0.1%', delta: '1e-6' });
  let v = await values('window-card');
  assert.equal(v.state, 'ok');
  assert.equal(Number(v['window-n-m']), r.nBounded.m);
  assert.equal(Number(v['window-s-m']), r.sigmaBounded.m);
  assert.equal(Number(v['window-plain']), r.plain.m);

  await page.fill('#px-ww', '100k');
  await page.fill('#px-wp', '1%');
  await settled('window-card');
  r = bc.window({ w: '100k', p: '1%', delta: '1e-6' });
  v = await values('window-card');
  assert.equal(Number(v['window-n-k']), r.nBounded.k);
  assert.equal(Number(v['window-s-m']), r.sigmaBounded.m);
  const params = Object.fromEntries(new URL(page.url()).searchParams);
  assert.equal(params.ww, '100k');
  assert.equal(params.wp, '1%');
  await page.reload();
  await settled('window-card');
  assert.equal(await page.inputValue('#px-ww'), '100k');
  assert.equal(Number((await values('window-card'))['window-n-m']), r.nBounded.m);
});

test('bad input: the core\'s message beside its field', async () => {
  await page.goto(`${baseUrl}?ww=0`);
  await settled('window-card');
  assert.equal((await values('window-card')).state, 'stale');
  assert.match(await page.locator('#px-ww-error').textContent(), /\bw\b/);
  assert.deepEqual(pageErrors, []);
});
