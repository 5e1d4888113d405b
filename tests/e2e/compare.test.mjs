// End-to-end test of "Which filter?" (<bloom-calc calculator="compare">): the table equals the Node module's
// bc.compare for the URL's input, the chart draws a curve per family beside the bound, the URL alone reproduces the
// view, a bad field shows the core's message inline, and no main-thread task of a compute runs over 50 ms CPU.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { browserForFile, longestTask, mainThreadTasks } from './harness.mjs';

const WAIT = { timeout: 30_000 };
let page, bc, baseUrl, pageErrors;
browserForFile((opened) => ({ page, bc, baseUrl, pageErrors } = opened));

const state = () => page.evaluate(() => byId('compare-card').dataset.state);
const rows = () => page.evaluate(() => deepAll('#compare-table tbody tr').map((tr) => ({ family: tr.dataset.family, bytes: Number(tr.dataset.bytes) })));

test("compare: the URL's input, the module's rows in its order, the chart, the answer; then an error inline", async () => {
  await page.goto(`${baseUrl}?cmpn=2M&cmpp=1%25&cmpstatic=true#compare-calc`);
  await page.waitForFunction(() => byId('compare-card')?.dataset.state === 'ok', null, WAIT);
  // the compute of a new input: the model in the worker, only the table and the chart on the main thread
  const tasks = await mainThreadTasks(page, async () => {
    await page.fill('#compare-n', '1M');
    await page.waitForFunction(() => byId('compare-card').dataset.state === 'ok' && byId('compare-card').dataset.query.includes('cmpn=1M'), null, WAIT);
  });
  const expected = bc.compare({ n: 1e6, p: 0.01, static: true });
  assert.deepEqual(
    await rows(),
    expected.rows.map((r) => ({ family: r.family, bytes: r.bytes })),
  );
  const best = expected.rows[0];
  assert.equal(await page.evaluate(() => byId('compare-answer').dataset.recommended), `${best.family}:${best.bytes}`);
  const curves = Number(await page.evaluate(() => byId('compare-chart').dataset.curves));
  assert.ok(curves >= 6, `curves: ${curves}`);
  assert.equal(await page.inputValue('#compare-static'), 'true');
  const longest = longestTask(tasks);
  assert.ok(longest.cpu <= 50, longest.text);

  await page.fill('#compare-p', '2');
  await page.waitForSelector('#compare-p-error:not([hidden])', WAIT);
  assert.match(await page.locator('#compare-p-error').textContent(), /^p /);
  assert.equal(await state(), 'stale');
  assert.equal(new URL(page.url()).searchParams.get('cmpp'), '2');
  assert.deepEqual(pageErrors, []);
});
