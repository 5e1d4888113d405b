// The page's simulation at its largest m and its expected run time (issue 34 item 5; docs/simulation.md, "The page's
// limits" and "Expected run time"): a Bloom filter of m = 2^31 bits — the core's largest, 256 MiB of state per
// worker — runs on the page in the simulation worker alone and shared out over its pool, with the counts of the Node
// module; one bit more is refused, naming m. Before a run the panel shows the expected time, which doubles with the
// bit probes, and after it the time the run took. Timing is not asserted: the machine is shared.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { browserForFile } from './harness.mjs';

const LONG = { timeout: 180_000 };
const WAIT = { timeout: 30_000 };

let page, bc, baseUrl, pageErrors;
browserForFile((opened) => ({ page, bc, baseUrl, pageErrors } = opened));

/** The sizing calculator at (m, n, k), its panel's epochs set; waits until the panel can run. */
async function filter(m, n, k, epochs) {
  await page.goto(`${baseUrl}?n=${n}&m=${m}&k=${k}`);
  await page.waitForFunction(() => byId('results').dataset.state === 'ok' && !byId('sim-run').disabled, null, WAIT);
  await page.fill('#sim-epochs', String(epochs));
}

/** Runs the panel to its end; its input, state and data-workers. */
async function run() {
  await page.click('#sim-run');
  await page.waitForFunction(() => ['done', 'error'].includes(byId('sim').dataset.state), null, LONG);
  const panel = page.getByTestId('sim');
  return {
    state: await panel.getAttribute('data-state'),
    input: JSON.parse(await panel.getAttribute('data-input')),
    workers: await panel.getAttribute('data-workers'),
  };
}

test('m = 2^31 on the page: a Bloom filter runs in the simulation worker, and over its pool, with the counts of the Node module', async () => {
  // 2 epochs of one instance (n = queries = 200 000, k = 1): 8·10^5 bit probes, below the pool's 2^24
  await filter(2 ** 31, 200000, 1, 2);
  const one = await run();
  assert.equal(one.state, 'done', await page.getByTestId('sim-status').textContent());
  assert.equal(one.input.m, 2 ** 31);
  assert.equal(one.workers, null, 'one worker');
  const expected = bc.simulateSync(one.input);
  assert.equal(Number(await page.getByTestId('sim-fp').getAttribute('data-value')), expected.falsePositives);
  assert.equal(Number(await page.getByTestId('sim-mean').getAttribute('data-value')), expected.mean);

  // n = 10^6, k = 7: 2.8·10^7 bit probes, pooled: each worker holds its own 256 MiB filter
  await filter(2 ** 31, 1000000, 7, 2);
  const pooled = await run();
  assert.equal(pooled.state, 'done', await page.getByTestId('sim-status').textContent());
  assert.equal(pooled.input.m, 2 ** 31);
  const cores = Math.min(2, await page.evaluate(() => navigator.hardwareConcurrency));
  assert.equal(pooled.workers, cores > 1 ? String(cores) : null);
  const same = bc.simulateSync(pooled.input);
  assert.equal(Number(await page.getByTestId('sim-fp').getAttribute('data-value')), same.falsePositives);
  assert.equal(Number(await page.getByTestId('sim-mean').getAttribute('data-value')), same.mean);

  // one bit more: the core's bound on m (32-bit positions), named, before any memory is taken
  await filter(2 ** 31 + 1, 200000, 1, 2);
  const over = await run();
  assert.equal(over.state, 'error');
  assert.equal(await page.getByTestId('sim').getAttribute('data-error-parameter'), 'm');
  assert.match(await page.getByTestId('sim-status').textContent(), /m must be an integer in \[1, 2\^31\]/);
  assert.deepEqual(pageErrors, []);
});

test("more cores than copies of a 2^31-bit state fit in the page's pool memory: 7 workers, and the panel says why", async () => {
  // eight cores, as the simulation worker sees them: its script, served with that set first
  const eight = async (route) => {
    const response = await route.fetch();
    const set = "Object.defineProperty(WorkerNavigator.prototype, 'hardwareConcurrency', { get: () => 8 });\n";
    await route.fulfill({ response, body: set + (await response.text()) });
  };
  await page.route('**/sim-worker.js', eight);
  try {
    // 8 epochs of 2 instances (n = 150 000, k = 4): 1.9·10^7 bit probes, pooled
    await filter(2 ** 31, 150000, 4, 8);
    await page.hover('#sim');
    const shown = await estimate();
    const why = "(not 8: each holds its own 256.0 MiB state, the page's simulations ≤ 2.000 GiB)";
    assert.equal(shown.workers, 7);
    assert.ok(shown.text.endsWith(` on 7 workers ${why}`), shown.text);
    const pooled = await run();
    assert.equal(pooled.state, 'done', await page.getByTestId('sim-status').textContent());
    assert.equal(pooled.workers, '7');
    assert.ok((await page.getByTestId('sim-status').textContent()).endsWith(` on 7 workers ${why}.`));
  } finally {
    await page.unroute('**/sim-worker.js', eight);
  }
  assert.deepEqual(pageErrors, []);
});

/** The panel's estimate once it differs from `before` (its data-value): { value, rate, probes, workers, text }. */
async function estimate(before = '') {
  await page.waitForFunction((b) => (byId('sim-eta').dataset.value ?? '') !== b && Number(byId('sim-eta').dataset.value) > 0, before, WAIT);
  return page.evaluate(() => {
    const { value, rate, probes, workers } = byId('sim-eta').dataset;
    return { value: Number(value), rate: Number(rate), probes: Number(probes), workers: Number(workers), text: byId('sim-eta').textContent };
  });
}

test('the expected run time: shown before a run, twice as long for twice the bit probes, the real time beside it after', async () => {
  await filter(32, 4, 5, 20);
  assert.equal(await page.getByTestId('sim').getAttribute('data-state'), 'idle');
  await page.hover('#sim'); // the reader turns to the panel: its worker starts and calibrates
  const first = await estimate();
  assert.ok(Number.isFinite(first.value) && first.value > 0, `expected ${first.value} s`);
  assert.match(first.text, /^expected ≈ [\d.,]+ s/);
  assert.equal(await page.getByTestId('sim').getAttribute('data-state'), 'idle', 'before any run');

  await page.fill('#sim-epochs', '40'); // twice the epochs: twice the bit probes, the same calibration
  const second = await estimate(String(first.value));
  assert.equal(second.probes, 2 * first.probes);
  assert.equal(second.rate, first.rate);
  assert.equal(second.workers, first.workers);
  assert.ok(Math.abs(second.value / first.value - 2) <= 0.4, `${first.value} s, then ${second.value} s`);

  const done = await run();
  assert.equal(done.state, 'done');
  const eta = page.getByTestId('sim-eta');
  const took = Number(await eta.getAttribute('data-took'));
  assert.ok(Number.isFinite(took) && took > 0, `took ${took} s`);
  assert.equal(Number(await eta.getAttribute('data-value')), second.value, 'the estimate stays beside it');
  assert.match(await eta.textContent(), /^expected ≈ [\d.,]+ s(?: on \d+ workers)?, took [\d.,]+ s$/);
  assert.deepEqual(pageErrors, []);
});
