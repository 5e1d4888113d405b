// End-to-end test of the page's "Sized by every library" and scalable-filter calculators
// (<bloom-calc calculator="libraries"> / "scalable"): every row and number equals the Node module's
// bc.librarySize / bc.scalable for the same input, the 32-bit hash floor and its warning appear when they
// matter, a bad field shows the core's message inline, and the URL alone reproduces the view.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { browserForFile } from './harness.mjs';

const WAIT = { timeout: 30_000 };
const LIB_DEFAULTS = { libn: '1M', libp: '1%', libhash: '64', liblib: 'guava' };
const SC_DEFAULTS = { sp: '1%', scap: '100k', sn: '1M', sr: '0.5', sg: '2', slib: 'redisbloom' };

let page, bc, baseUrl, pageErrors;
browserForFile((opened) => ({ page, bc, baseUrl, pageErrors } = opened));

/** Waits until the card has computed the fields now in its form. */
async function settled(card, defaults) {
  await page.waitForFunction(
    ({ card, defaults }) => {
      const params = new URLSearchParams();
      for (const key of Object.keys(defaults)) {
        const v = byId(`px-${key}`).value.trim();
        if (v !== defaults[key]) params.set(key, v);
      }
      const el = byId(card);
      return el.dataset.query === params.toString() && (el.dataset.state === 'ok' || el.dataset.state === 'stale');
    },
    { card, defaults },
    WAIT,
  );
}

const rows = () =>
  page.evaluate(() =>
    deepAll('#lib-table tbody tr').map((tr) => ({
      library: tr.dataset.library,
      exact: tr.dataset.exact,
      misses: tr.dataset.misses,
      cells: [...tr.cells].map((td) => td.textContent),
    })),
  );

test("libraries: a row per library with the module's exact FPR and flag; 32 bits: the floor and its warning; the URL reproduces it", async () => {
  await page.goto(baseUrl);
  await page.locator('#libraries').scrollIntoViewIfNeeded();
  await settled('libraries', LIB_DEFAULTS);
  let shown = await rows();
  assert.deepEqual(
    shown.map((r) => r.library),
    bc.libraries().map((l) => l.name),
  );
  for (const row of shown) {
    const r = bc.librarySize({ library: row.library, n: '1M', p: '1%', hashBits: 64 });
    assert.equal(Number(row.exact), r.exact, row.library);
    assert.equal(row.misses, String(r.missesTarget), row.library);
  }
  assert.equal(shown.find((r) => r.library === 'parquet').misses, 'true');
  assert.equal(await page.locator('#lib-floor-warning').isVisible(), false);

  await page.fill('#px-libn', '100M');
  await page.fill('#px-libp', '1e-4');
  await page.selectOption('#px-libhash', '32');
  await page.selectOption('#px-liblib', 'rocksdb');
  await settled('libraries', LIB_DEFAULTS);
  shown = await rows();
  const rocks = bc.librarySize({ library: 'rocksdb', n: '100M', p: '1e-4', hashBits: 32 });
  assert.equal(Number(shown.find((r) => r.library === 'rocksdb').exact), rocks.exact);
  assert.ok(rocks.hashFloor.targetBelowFloor);
  assert.match(shown.find((r) => r.library === 'rocksdb').cells[7], /→/);
  assert.match(await page.locator('#lib-floor-warning').textContent(), /below the 32-bit hash floor/);
  assert.match(await page.locator('#lib-details').textContent(), /facebook\/rocksdb/);
  const params = Object.fromEntries(new URL(page.url()).searchParams);
  assert.deepEqual([params.libn, params.libp, params.libhash, params.liblib], ['100M', '1e-4', '32', 'rocksdb']);

  await page.reload();
  await page.locator('#libraries').scrollIntoViewIfNeeded();
  await settled('libraries', LIB_DEFAULTS);
  assert.equal(await page.inputValue('#px-libhash'), '32');
  assert.equal(Number((await rows()).find((r) => r.library === 'rocksdb').exact), rocks.exact);
  assert.deepEqual(pageErrors, []);
});

test("libraries: bad input shows the core's message beside the field, then recovers", async () => {
  await page.goto(`${baseUrl}?libp=2`);
  await page.locator('#libraries').scrollIntoViewIfNeeded();
  await settled('libraries', LIB_DEFAULTS);
  await page.waitForSelector('#px-libp-error:not([hidden])', WAIT);
  assert.match(await page.locator('#px-libp-error').textContent(), /^p /);
  assert.equal(await page.getAttribute('#libraries', 'data-state'), 'stale');
  await page.fill('#px-libp', '0.1%');
  await settled('libraries', LIB_DEFAULTS);
  assert.equal(await page.getAttribute('#libraries', 'data-state'), 'ok');
});

test("scalable: the module's chain, links and optimum; the URL reproduces it; a bad ratio is named", async () => {
  await page.goto(`${baseUrl}?sr=0.9&sg=4`);
  await page.locator('#scalable').scrollIntoViewIfNeeded();
  await settled('scalable', SC_DEFAULTS);
  const r = bc.scalable({ p: '1%', capacity: '100k', n: '1M', ratio: '0.9', growth: '4', library: 'redisbloom' });
  const seen = await page.evaluate(() => ({
    fpr: byId('sc-fpr').dataset.value,
    bits: byId('sc-bits').dataset.value,
    links: deepAll('#sc-table tbody tr').length,
    optimum: byId('sc-optimum').dataset.value,
  }));
  assert.equal(Number(seen.fpr), r.fpr);
  assert.equal(Number(seen.bits), r.bits);
  assert.equal(seen.links, r.links.length);
  assert.equal(Number(seen.optimum), r.optimum.bits);

  await page.fill('#px-sr', '1');
  await settled('scalable', SC_DEFAULTS);
  await page.waitForSelector('#px-sr-error:not([hidden])', WAIT);
  assert.match(await page.locator('#px-sr-error').textContent(), /^ratio /);
  assert.deepEqual(pageErrors, []);
});
