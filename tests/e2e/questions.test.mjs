// End-to-end test of the page's issue-21 calculators (sliding window, a filter in use, counter overflow): the
// defaults and typed values give exactly the Node module's (and the CLI's) numbers, the URL alone reproduces the
// view, and a bad field shows the core's message inline. The window sizes in the tools module's worker
// (tools-worker.js); state and overflow compute with the tools module on the page's thread.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { browserForFile } from './harness.mjs';
import { cliJson } from '../js/helpers/common.mjs';

const WAIT = { timeout: 30_000 };

let page, bc, baseUrl, pageErrors;
browserForFile((opened) => ({ page, bc, baseUrl, pageErrors } = opened));

/** Waits until the card `card` has computed (ok or stale) the fields now in its form. */
async function settled(card) {
  await page.waitForFunction(
    (id) => {
      const el = byId(id);
      const state = el?.dataset.state;
      return (state === 'ok' || state === 'stale') && el.dataset.query === el.getRootNode().host.query;
    },
    card,
    WAIT,
  );
}

async function values(card) {
  return page.evaluate((id) => {
    const out = { state: byId(id).dataset.state };
    for (const el of deepAll(`#${id} [data-testid][data-value]`)) out[el.dataset.testid] = el.dataset.value;
    return out;
  }, card);
}

test("window: the defaults (W = 1M, p = 0.1 %) and typed values are the module's; the URL keeps them", async () => {
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

test("bad input: the core's message beside its field", async () => {
  await page.goto(`${baseUrl}?ww=0`);
  await settled('window-card');
  assert.equal((await values('window-card')).state, 'stale');
  assert.match(await page.locator('#px-ww-error').textContent(), /\bw\b/);
  assert.deepEqual(pageErrors, []);
});

const both = async () => {
  await settled('state-card');
  await settled('overflow-card');
  return { s: await values('state-card'), o: await values('overflow-card') };
};

test("state and overflow: the defaults show the CLI's numbers", async () => {
  await page.goto(baseUrl);
  const { s, o } = await both();
  // the defaults (schema/calculators.mjs): a 1 Mi-bit filter, k = 7, 400 000 bits set, p = 1 %;
  // 1M counters of 4 bits, 100k items, k = 7, target 1e-12
  const st = await cliJson('state', '--m', '1Mi', '--k', '7', '--bits-set', '400000', '--p', '1%');
  assert.equal(s.state, 'ok');
  assert.equal(Number(s['state-fpr']), st.fpr);
  assert.equal(Number(s['state-n']), st.n.estimate);
  assert.equal(Number(s['state-sb']), st.swamidassBaldi);
  assert.equal(Number(s['state-left']), st.itemsLeft);
  assert.equal(s['state-union'], 'none'); // no second filter given
  assert.match(await page.locator('#state-n').textContent(), new RegExp(`\\[${st.n.low.toLocaleString('en-US')}, ${st.n.high.toLocaleString('en-US')}\\]`));
  const at = await cliJson('overflow', '--m', '1M', '--n', '100k', '--k', '7', '--bits', '4');
  const best = await cliJson('overflow', '--m', '1M', '--n', '100k', '--k', '7', '--target', '1e-12');
  assert.equal(o.state, 'ok');
  assert.equal(Number(o['overflow-p']), at.probability);
  assert.equal(Number(o['overflow-union']), at.unionBound);
  assert.equal(Number(o['overflow-bounds']), at.high);
  assert.equal(Number(o['overflow-bits']), best.bits);
  assert.equal(best.bits, 5);
  assert.deepEqual(pageErrors, []);
});

test('state and overflow: the URL sets every field (union, intersection), typing updates the URL, a reload reproduces it', async () => {
  await page.goto(`${baseUrl}?stx=500000&stxb=450000&stxu=700000&sthashing=distinct&ob=3&otarget=1e-20`);
  let { s, o } = await both();
  const r = bc.state({ m: '1Mi', k: 7, bitsSet: 500000, p: '1%', bitsSetB: 450000, union: 700000, hashing: 'distinct' });
  assert.equal(s.state, 'ok');
  assert.equal(Number(s['state-fpr']), r.fpr);
  assert.equal(Number(s['state-n']), r.n.estimate);
  assert.equal(Number(s['state-union']), r.nUnion.estimate);
  assert.equal(Number(s['state-intersection']), r.nIntersection.estimate);
  assert.equal(Number(o['overflow-p']), bc.overflow({ m: '1M', n: '100k', k: 7, bits: 3 }).probability);
  assert.equal(Number(o['overflow-bits']), bc.overflow({ m: '1M', n: '100k', k: 7, target: 1e-20 }).bits);

  await page.fill('#px-stk', '5');
  await page.fill('#px-stp', '');
  await page.fill('#px-on', '200k');
  ({ s, o } = await both());
  const r2 = bc.state({ m: '1Mi', k: 5, bitsSet: 500000, bitsSetB: 450000, union: 700000, hashing: 'distinct' });
  assert.equal(Number(s['state-n']), r2.n.estimate);
  assert.equal(s['state-left'], 'none'); // no p
  assert.equal(Number(o['overflow-p']), bc.overflow({ m: '1M', n: '200k', k: 7, bits: 3 }).probability);
  const params = Object.fromEntries(new URL(page.url()).searchParams);
  assert.equal(params.stk, '5');
  assert.equal(params.on, '200k');
  assert.equal(params.stxu, '700000');
  assert.equal(params.sthashing, 'distinct');
  await page.reload();
  ({ s, o } = await both());
  assert.equal(await page.inputValue('#px-stk'), '5');
  assert.equal(await page.inputValue('#px-stp'), '');
  assert.equal(await page.inputValue('#px-sthashing'), 'distinct');
  assert.equal(Number(s['state-intersection']), r2.nIntersection.estimate);
  assert.equal(Number(o['overflow-p']), bc.overflow({ m: '1M', n: '200k', k: 7, bits: 3 }).probability);
  assert.deepEqual(pageErrors, []);
});

test("state, overflow: bad input shows the core's message beside its field", async () => {
  await page.goto(`${baseUrl}?stx=2000000&ob=0`);
  let { s, o } = await both();
  assert.equal(s.state, 'stale');
  assert.match(await page.locator('#px-stx-error').textContent(), /bitsSet/);
  assert.equal(o.state, 'stale');
  assert.match(await page.locator('#px-ob-error').textContent(), /\bbits\b/);
  await page.goto(`${baseUrl}?stxu=100&stxb=450000&otarget=2`);
  ({ s, o } = await both());
  assert.equal(s.state, 'stale');
  assert.match(await page.locator('#px-stxu-error').textContent(), /union/);
  assert.equal(o.state, 'stale');
  assert.match(await page.locator('#px-otarget-error').textContent(), /target/);
  assert.deepEqual(pageErrors, []);
});
