// End-to-end test of the hash-width floor in the page's sizing and layouts calculators (hash-bits; URL keys
// hash and lhash; docs/hash-width.md): the line and the warning carry the Node module's bc.size /
// bc.layoutSize hashFloor for the same input, no line without the field, and the URL alone reproduces the view.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { browserForFile } from './harness.mjs';
import { formatProbability } from '../../wasm/format.mjs';

const WAIT = { timeout: 30_000 };

let page, bc, baseUrl, pageErrors;
browserForFile((opened) => ({ page, bc, baseUrl, pageErrors } = opened));

/** Waits until a card has computed the query now in the address bar (`keys`: the calculator's URL keys). */
async function settled(card, keys) {
  await page.waitForFunction(
    ({ card, keys }) => {
      const all = new URLSearchParams(window.location.search);
      const mine = new URLSearchParams([...all].filter(([key]) => keys.includes(key)));
      const el = byId(card);
      return el.dataset.query === mine.toString() && el.dataset.state === 'ok' && el.getAttribute('aria-busy') === 'false';
    },
    { card, keys },
    WAIT,
  );
}

const SIZING_KEYS = ['n', 'p', 'm', 'k', 'rounding', 'method', 'hashing', 'hash'];
const LAYOUT_KEYS = ['ln', 'lp', 'lc', 'lb', 'lk', 'lhash'];
const text = (id) => page.evaluate((id) => byId(id).textContent, id);
const visible = (id) => page.evaluate((id) => !byId(id).hidden, id);

test('sizing: hash=32 at n = 1e9, p = 1e-9 shows the floor line and a warning naming it; it survives a reload', async () => {
  await page.goto(`${baseUrl}?n=1e9&p=1e-9&hash=32`);
  await settled('results', SIZING_KEYS);
  const floor = bc.size({ n: '1e9', p: '1e-9', hashBits: 32 }).hashFloor;
  assert.ok(floor.targetBelowFloor);
  assert.equal(await page.inputValue('#hash-bits'), '32');
  assert.ok(await visible('result-floor'));
  assert.equal(
    await text('result-floor'),
    `32-bit hash floor: c = ${formatProbability(floor.floor, 3)}; FPR with the floor: ${formatProbability(floor.fpr, 4)}`,
  );
  assert.ok(await visible('result-floor-warning'));
  assert.equal(await page.getAttribute('#result-floor-warning', 'role'), 'status');
  const warning = await text('result-floor-warning');
  assert.match(warning, /below the 32-bit hash floor/);
  assert.ok(warning.includes(formatProbability(floor.floor, 4)), warning);

  await page.reload();
  await settled('results', SIZING_KEYS);
  assert.equal(await page.inputValue('#hash-bits'), '32');
  assert.ok(await visible('result-floor-warning'));

  // 64 bits at the same n: the floor is far below p, so a line and no warning; the URL says hash=64
  await page.selectOption('#hash-bits', '64');
  await settled('results', SIZING_KEYS);
  assert.equal(new URL(page.url()).searchParams.get('hash'), '64');
  assert.ok(await visible('result-floor'));
  assert.equal(await visible('result-floor-warning'), false);
  assert.deepEqual(pageErrors, []);
});

test('sizing: without hash (n = 1M, p = 1%) no floor line and no warning; choosing none drops the URL key', async () => {
  await page.goto(`${baseUrl}?n=1M&p=1%25`);
  await settled('results', SIZING_KEYS);
  assert.equal(await page.inputValue('#hash-bits'), 'none');
  assert.equal(await visible('result-floor'), false);
  assert.equal(await visible('result-floor-warning'), false);

  await page.goto(`${baseUrl}?n=1M&p=1%25&hash=32`);
  await settled('results', SIZING_KEYS);
  assert.ok(await visible('result-floor'));
  await page.selectOption('#hash-bits', 'none');
  await settled('results', SIZING_KEYS);
  assert.equal(new URL(page.url()).searchParams.has('hash'), false);
  assert.equal(await visible('result-floor'), false);
  assert.deepEqual(pageErrors, []);
});

test("layouts: lhash=32 at n = 1e9, p = 1e-9 shows the picked layout's floor and the warning; the URL reproduces it", async () => {
  await page.goto(`${baseUrl}?ln=1e9&lp=1e-9&lhash=32`);
  await page.locator('#layouts').scrollIntoViewIfNeeded();
  await settled('layouts', LAYOUT_KEYS);
  const floor = bc.layoutSize({ preset: 'rocksdb', n: '1e9', p: '1e-9', hashBits: 32 }).hashFloor;
  assert.ok(floor.targetBelowFloor);
  assert.equal(await page.inputValue('#px-lhash'), '32');
  assert.equal(await text('ly-floor'), `32-bit hash floor: c = ${formatProbability(floor.floor, 3)}; FPR with the floor: ${formatProbability(floor.fpr, 4)}`);
  assert.match(await text('ly-floor-warning'), /below the 32-bit hash floor/);
  assert.ok(await visible('ly-floor-warning'));

  await page.selectOption('#px-lhash', 'none');
  await settled('layouts', LAYOUT_KEYS);
  assert.equal(new URL(page.url()).searchParams.has('lhash'), false);
  assert.equal(await visible('ly-floor'), false);
  assert.equal(await visible('ly-floor-warning'), false);
  assert.deepEqual(pageErrors, []);
});
