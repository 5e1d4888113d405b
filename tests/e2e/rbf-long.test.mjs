// A long recommendation on the page (issue 22: `?rm=2^24&rp=1e-6&rkmax=64` showed neither a result nor an error
// after 60 s): the rows k = 33..64 run on the exact fill at 2^24 bits, seconds of CPU time each. Before the run the
// warning says how many rows use the exact fill; while it runs the status shows the rows done, the time so far
// and, after the first exact row, the time left at the pace so far; Cancel stops it. All by keyboard, and the
// section does not move while it runs.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { browserForFile } from './harness.mjs';

const WAIT = { timeout: 30_000 };

let page, baseUrl, pageErrors;
browserForFile((opened) => ({ page, baseUrl, pageErrors } = opened));

test('2^24 bits, kmax 64: the warning counts the exact rows; the run shows rows done and the time left; Cancel stops it', { timeout: 300_000 }, async () => {
  await page.goto(`${baseUrl}?rm=2%5E24&rp=1e-6&rkmax=64`);
  await page.waitForSelector('#rbf-warning:not([hidden])', WAIT);
  assert.match(await page.textContent('#rbf-warning'), /16,777,216 bits: 32 of the 64 rows \(k = 33–64\) use the exact fill.*time left.*Cancel/);
  assert.match(await page.textContent('#rbf-status'), /Press Recommend/);

  // by keyboard: Recommend, then (once a row is done) Cancel
  await page.focus('#rbf-run');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => byId('rbf').dataset.state === 'running', null, WAIT);
  assert.match(await page.textContent('#rbf-status'), /Computing 64 rows, 32 by the exact fill/);
  const box = await page.locator('#rbf').boundingBox();
  // the first exact rows take seconds of CPU time each; this machine may be shared
  await page.waitForFunction(() => byId('rbf').dataset.left !== undefined && byId('rbf').dataset.left !== '', null, { timeout: 240_000 });
  const shown = await page.evaluate(() => ({
    status: byId('rbf-status').textContent,
    left: Number(byId('rbf').dataset.left),
    progress: byId('rbf').dataset.progress,
  }));
  assert.match(shown.status, /^\d+ of 64 rows, \d+:\d\d so far, about \d+:\d\d left…$/);
  assert.ok(shown.left > 0, `time left ${shown.left} s`);
  assert.match(shown.progress, /^[1-9]\d*\/64$/);
  assert.equal(await page.isVisible('#rbf-progress'), true);
  assert.deepEqual(await page.locator('#rbf').boundingBox(), box, 'the section keeps its place and size while running');
  await page.focus('#rbf-cancel');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => byId('rbf').dataset.state === 'cancelled' && byId('rbf').getAttribute('aria-busy') === 'false', null, WAIT);
  assert.match(await page.textContent('#rbf-status'), /Cancelled/);
  assert.deepEqual(pageErrors, []);
});
