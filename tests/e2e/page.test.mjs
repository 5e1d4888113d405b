// End-to-end test of the static page: builds dist/web when needed, serves it on 127.0.0.1, drives
// Debian's chromium through playwright-core and checks the page against the Node module (its loading:
// page-loading.test.mjs).
// Run: node --test tests/e2e/
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { test } from 'node:test';

import { browserForFile, longestTask, mainThreadTasks, root } from './harness.mjs';

// README's picture is rewritten only on request (UPDATE_SCREENSHOT=1): a test run leaves committed files alone.
const screenshotPath = process.env.UPDATE_SCREENSHOT === '1' ? join(root, 'docs', 'screenshot.png') : join(root, 'tests', 'e2e', 'output', 'screenshot.png');
const WAIT = { timeout: 15_000 };

let page, bc, baseUrl, requests, pageErrors;
browserForFile((opened) => ({ page, bc, baseUrl, requests, pageErrors } = opened), { deviceScaleFactor: 1 });

// ------------------------------------------------------------------ helpers

/** Waits until the results, the table and the chart all describe the query now in the address bar. */
async function settled() {
  await page.waitForFunction(
    () => {
      const query = window.location.search.slice(1);
      const done = (id) => {
        const el = byId(id);
        return el.dataset.query === query && (el.dataset.state === 'ok' || el.dataset.state === 'stale');
      };
      return done('results') && done('formulas') && done('chart-card');
    },
    null,
    WAIT,
  );
}

/** Every raw value the page exposes: { testid: data-value }, plus the k choices and the target. */
async function readPage() {
  return page.evaluate(() => {
    const out = {};
    for (const el of deepAll('[data-testid][data-value]')) out[el.dataset.testid] = el.dataset.value;
    out.kChoices = [...deepAll('[data-testid^="result-kchoice-"]')].map((li) => ({
      k: li.dataset.k,
      p: li.dataset.value,
    }));
    out.target = deep('[data-testid="result-meets"]').dataset.target;
    out.state = byId('results').dataset.state;
    out.chartPoints = byId('chart').dataset.points;
    out.canvas = deepAll('#chart canvas').length;
    return out;
  });
}

async function readFields() {
  return page.evaluate(() => Object.fromEntries(['n', 'p', 'm', 'k', 'rounding', 'method', 'hashing'].map((id) => [id, byId(id).value])));
}

/** The page's raw values must equal the Node module's, number for number. */
function assertMatches(shown, expected) {
  assert.equal(shown.state, 'ok');
  const same = (testid, value) => assert.equal(Number(shown[testid]), value, `${testid}: page ${shown[testid]} vs module ${value}`);
  assert.equal(shown['result-summary'], expected.solved);
  same('result-m', expected.m);
  same('result-n', expected.n);
  same('result-k', expected.k);
  same('result-p', expected.p);
  same('result-bpe', expected.bitsPerElement);
  same('result-memory', expected.memory.bytes);
  same('result-mideal', expected.mIdeal);
  same('result-kideal', expected.kIdeal);
  assert.equal(shown['result-meets'], String(expected.meetsTarget));
  assert.equal(shown['result-method'], expected.method);
  assert.equal(shown.target, expected.target === null ? '' : String(expected.target));
  assert.deepEqual(
    shown.kChoices.map((c) => ({ k: Number(c.k), p: Number(c.p) })),
    expected.kChoices.map((c) => ({ k: c.k, p: c.p })),
  );
  for (const key of ['exact', 'classic', 'classicDistinct', 'bloom1970']) same(`fpr-${key}`, expected.fpr[key]);
  for (const key of ['classic', 'classicDistinct', 'bloom1970']) same(`rel-${key}`, expected.fpr.relativeError[key]);
  assert.ok(shown.canvas >= 1, 'the chart is drawn');
  assert.ok(Number(shown.chartPoints) >= 50, `the chart has ~60 points (got ${shown.chartPoints})`);
}

/** The message the Node module gives for an input, and the parameter it names. */
function moduleError(input) {
  try {
    bc.size(input);
  } catch (error) {
    return { message: error.message, parameter: error.parameter };
  }
  assert.fail(`bc.size(${JSON.stringify(input)}) was expected to throw`);
}

async function isVisible(selector) {
  return page.locator(selector).isVisible();
}

// ------------------------------------------------------------------ tests

test('default view: n = 1M, p = 1%, matching the Node module; screenshot', async () => {
  await page.goto(baseUrl);
  await settled();
  const fields = await readFields();
  assert.deepEqual(fields, { n: '1M', p: '1%', m: '', k: '', rounding: 'none', method: 'classic', hashing: 'colliding' });
  assert.equal(new URL(page.url()).search, '?n=1M&p=1%25');
  assertMatches(await readPage(), bc.size({ n: '1M', p: '1%' }));
  const sentence = await page.getByTestId('result-method').textContent();
  assert.match(sentence, /classic formula \(001 eq 1\)/);

  await page.mouse.move(0, 0);
  await mkdir(dirname(screenshotPath), { recursive: true });
  await page.screenshot({ path: screenshotPath, clip: { x: 0, y: 0, width: 1280, height: 900 }, animations: 'disabled' });
});

test('typing n and p (with units) recomputes and agrees with the module exactly', async () => {
  await page.fill('#n', '');
  await page.locator('#n').pressSequentially('250k');
  await page.fill('#p', '1 in 10000');
  await settled();
  assertMatches(await readPage(), bc.size({ n: '250k', p: '1 in 10000' }));

  await page.selectOption('#method', 'exact');
  await page.selectOption('#rounding', 'word64');
  await settled();
  const expected = bc.size({ n: '250k', p: '1 in 10000', method: 'exact', rounding: 'word64' });
  const shown = await readPage();
  assertMatches(shown, expected);
  assert.equal(Number(shown['result-m']) % 64, 0);
  assert.match(await page.getByTestId('result-method').textContent(), /exact mean FPR \(001 eq 17\)/);

  const params = new URL(page.url()).searchParams;
  assert.deepEqual(Object.fromEntries(params), { n: '250k', p: '1 in 10000', rounding: 'word64', method: 'exact' });

  // Reload: the URL alone reproduces the view.
  await page.reload();
  await settled();
  assert.deepEqual(await readFields(), {
    n: '250k',
    p: '1 in 10000',
    m: '',
    k: '',
    rounding: 'word64',
    method: 'exact',
    hashing: 'colliding',
  });
  assertMatches(await readPage(), expected);

  await page.selectOption('#hashing', 'distinct');
  await settled();
  assertMatches(await readPage(), bc.size({ n: '250k', p: '1 in 10000', method: 'exact', rounding: 'word64', hashing: 'distinct' }));
});

test('an error on first load: "no result yet", not "out of date", and no blank chart box', async () => {
  const seen = () =>
    page.evaluate(() => ({
      notice: byId('stale-notice').textContent,
      after: ['formulas', 'chart-card'].map((id) => getComputedStyle(byId(id).querySelector('.help'), '::after').content),
      chart: byId('chart').getBoundingClientRect().height,
    }));
  await page.goto(`${baseUrl}?n=abc`);
  await settled();
  const s = await seen();
  assert.match(s.notice, /^No result yet: /);
  assert.deepEqual(s.after, ['none', 'none'], 'no "Out of date." after the captions');
  assert.ok(s.chart < 50, `the undrawn chart keeps a ${s.chart} px box`);
});

test('inline errors: p out of range, unparseable m; the page stays responsive', async () => {
  await page.goto(`${baseUrl}?n=1M&p=1%25`);
  await settled();

  // p = 2: RangeError naming p and (0, 1), beside the p field.
  await page.fill('#p', '2');
  await settled();
  const pError = moduleError({ n: '1M', p: '2' });
  assert.equal(pError.parameter, 'p');
  await page.waitForSelector('#p-error:not([hidden])', WAIT);
  const pText = await page.locator('#p-error').textContent();
  assert.equal(pText, pError.message);
  assert.match(pText, /\bp\b/);
  assert.match(pText, /\(0, 1\)/);
  assert.equal(await page.getAttribute('#p', 'aria-invalid'), 'true');
  assert.equal(await page.getAttribute('#p-error', 'role'), 'alert');
  assert.equal(await page.getAttribute('#results', 'data-state'), 'stale');
  assert.equal(await page.getAttribute('#chart-card', 'data-state'), 'stale');
  assert.equal(await isVisible('#stale-notice'), true);
  assert.equal(await isVisible('#n-error'), false);
  assert.equal(await isVisible('#general-error'), false);

  // The main thread is free: a frame is painted, and no task of the page's is long (CPU time, harness.mjs)
  const framed = longestTask(await mainThreadTasks(page, () => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve())))));
  assert.ok(framed.cpu < 400, `the page answers while an error is shown: ${framed.text}`);

  // A valid p recomputes and clears the error.
  await page.fill('#p', '0.5%');
  await settled();
  assert.equal(await isVisible('#p-error'), false);
  assert.equal(await page.getAttribute('#p', 'aria-invalid'), null);
  assertMatches(await readPage(), bc.size({ n: '1M', p: '0.5%' }));

  // An unparseable m: an Error naming m, beside the m field.
  await page.fill('#m', '12 parsecs');
  await settled();
  const mError = moduleError({ n: '1M', p: '0.5%', m: '12 parsecs' });
  assert.equal(mError.parameter, 'm');
  await page.waitForSelector('#m-error:not([hidden])', WAIT);
  assert.equal(await page.locator('#m-error').textContent(), mError.message);
  assert.equal(await page.getAttribute('#m', 'aria-invalid'), 'true');
  assert.equal(await page.getAttribute('#results', 'data-state'), 'stale');

  // Two bad fields at once: both are marked.
  await page.fill('#p', '2');
  await settled();
  await page.waitForSelector('#p-error:not([hidden])', WAIT);
  assert.equal(await page.locator('#p-error').textContent(), pError.message);
  assert.equal(await page.locator('#m-error').textContent(), mError.message);
  assert.equal(await isVisible('#m-error'), true);

  await page.fill('#p', '0.5%');
  await page.fill('#m', '16Mi');
  await settled();
  assert.equal(await isVisible('#p-error'), false);
  assert.equal(await isVisible('#m-error'), false);
  assertMatches(await readPage(), bc.size({ n: '1M', p: '0.5%', m: '16Mi' }));

  // Nothing usable given: the module's message, beside its field or on the general line.
  for (const id of ['n', 'p', 'm', 'k']) await page.fill(`#${id}`, '');
  await settled();
  const none = moduleError({});
  const where = ['n', 'p', 'm', 'k', 'rounding', 'method', 'hashing'].includes(none.parameter) ? `#${none.parameter}-error` : '#general-error';
  await page.waitForSelector(`${where}:not([hidden])`, WAIT);
  assert.equal(await page.locator(where).textContent(), none.message);
  assert.equal(await page.getAttribute('#results', 'data-state'), 'stale');

  // And back to a valid view.
  await page.fill('#n', '2^20');
  await page.fill('#p', '1e-3');
  await settled();
  assertMatches(await readPage(), bc.size({ n: '2^20', p: '1e-3' }));
});

test('a shared URL reproduces fields and results', async () => {
  const query = 'n=10000&m=64KiB&k=5&method=exact';
  await page.goto(`${baseUrl}?${query}`);
  await settled();
  assert.deepEqual(await readFields(), {
    n: '10000',
    p: '',
    m: '64KiB',
    k: '5',
    rounding: 'none',
    method: 'exact',
    hashing: 'colliding',
  });
  assert.equal(new URL(page.url()).search, `?${query}`);
  const expected = bc.size({ n: '10000', m: '64KiB', k: '5', method: 'exact' });
  assert.equal(expected.m, 524288);
  assertMatches(await readPage(), expected);
});

test('a URL key in another case is read as that key and rewritten to it', async () => {
  await page.goto(`${baseUrl}?N=10000&M=64KiB&K=5&Method=exact`);
  await settled();
  assert.deepEqual(await readFields(), {
    n: '10000',
    p: '',
    m: '64KiB',
    k: '5',
    rounding: 'none',
    method: 'exact',
    hashing: 'colliding',
  });
  assert.equal(new URL(page.url()).search, '?n=10000&m=64KiB&k=5&method=exact');
  assertMatches(await readPage(), bc.size({ n: '10000', m: '64KiB', k: '5', method: 'exact' }));
});

test("a misspelt URL key is named in a notice; foreign keys and the other calculators' keys are not", async () => {
  await page.goto(`${baseUrl}?n=1M&p=1%25&hashin=distinct&rhashing=distinct&utm_source=x`);
  await page.waitForFunction(() => deepAll('[data-testid="url-notice"]').length > 0 && byId('results').dataset.state === 'ok', null, WAIT);
  await page.waitForTimeout(500); // every element has looked
  const notices = await page.evaluate(() => deepAll('[data-testid="url-notice"]').map((p) => [p.getRootNode().host.calculator, p.textContent]));
  assert.deepEqual(notices, [['sizing', 'This link\'s "hashin" was not read (did you mean "hashing"?).']]);
  assert.equal(await page.evaluate(() => byId('hashing').value), 'colliding'); // computed without it, as the notice says
  // a link with only the page's keys and foreign ones: no notice
  await page.goto(`${baseUrl}?n=1M&p=1%25&rhashing=distinct&utm_source=x`);
  await page.waitForFunction(() => byId('results').dataset.state === 'ok', null, WAIT);
  await page.waitForTimeout(500);
  assert.equal(await page.evaluate(() => deepAll('[data-testid="url-notice"]').length), 0);
});

test('simulate with no false positive: the verdict rests on the exact Poisson interval, not on "0 ± 0"', async () => {
  await page.goto(`${baseUrl}?n=1000&p=1e-9`);
  await settled();
  await page.click('#sim-run');
  await page.waitForFunction(() => byId('sim').dataset.state === 'done', null, { timeout: 60_000 });
  const expected = bc.simulateSync(JSON.parse(await page.getByTestId('sim').getAttribute('data-input')));
  assert.equal(expected.falsePositives, 0);
  assert.deepEqual([expected.interval.low, expected.interval.high, expected.model.insideT], [0, 0, false]); // the t interval: a point
  assert.equal(expected.model.insidePoisson, true);
  assert.equal(await page.getByTestId('sim-verdict').getAttribute('data-value'), 'true');
  assert.match(await page.getByTestId('sim-verdict').textContent(), /^✓ model inside the exact Poisson 99% interval/);
});

test('simulate: progress in a worker, the page stays responsive, cancel, rerun, same counts as the Node module', async () => {
  await page.goto(`${baseUrl}?n=4&m=32&k=5`);
  await settled();
  const panel = page.getByTestId('sim');
  assert.equal(await panel.getAttribute('data-state'), 'idle');

  // A long run: 100 000 epochs of 200 000 lookups would take hours; it reports progress, then is cancelled.
  await page.fill('#sim-epochs', '100000');
  await page.click('#sim-run');
  await page.waitForFunction(() => Number(byId('sim').dataset.progress) > 0, null, WAIT);
  assert.equal(await panel.getAttribute('data-state'), 'running');
  assert.ok(await isVisible('#sim-progress'), 'the progress bar shows');
  // while the worker runs, the page's tasks stay short (CPU time: a loaded machine stretches wall time only)
  const running = longestTask(await mainThreadTasks(page, () => page.waitForTimeout(1000)));
  assert.ok(running.cpu < 400, `main-thread tasks during the run: ${running.text}`);
  // the form still works while the worker runs
  assert.equal(
    await page.evaluate(() => {
      byId('k').focus();
      return byId('k').getRootNode().activeElement.id;
    }),
    'k',
  );
  await page.click('#sim-cancel');
  await page.waitForFunction(() => byId('sim').dataset.state === 'cancelled', null, WAIT);
  assert.ok(!(await isVisible('#sim-progress')));

  // The worker is reusable: a short run to completion.
  await page.fill('#sim-epochs', '20');
  await page.fill('#sim-seed', '7');
  await page.click('#sim-run');
  await page.waitForFunction(() => byId('sim').dataset.state === 'done', null, { timeout: 60_000 });
  const input = JSON.parse(await panel.getAttribute('data-input'));
  assert.deepEqual(
    { structure: input.structure, m: input.m, n: input.n, k: input.k, epochs: input.epochs, seed: input.seed },
    { structure: 'bloom', m: 32, n: 4, k: 5, epochs: 20, seed: 7 },
  );
  const expected = bc.simulateSync(input);
  const value = async (id) => page.getByTestId(id).getAttribute('data-value');
  assert.equal(Number(await value('sim-fp')), expected.falsePositives);
  assert.equal(Number(await value('sim-mean')), expected.mean);
  assert.equal(Number(await value('sim-low')), expected.interval.low);
  assert.equal(Number(await value('sim-high')), expected.interval.high);
  assert.equal(Number(await value('sim-model')), bc.fpr({ m: 32, n: 4, k: 5 }).exact);
  assert.equal(await value('sim-verdict'), String(expected.model.insideT || expected.model.insidePoisson === true));
  assert.equal(expected.model.insideT, true, 'the exact model is inside the 99% interval at this seed');
  assert.ok((await page.locator('#sim-chart canvas').count()) >= 1, 'the running estimate is plotted');
  // 2.1·10^7 bit probes (≥ 2^24): the simulation worker shared the 20 epochs out to workers of its own, one per
  // core, and the counts are still those of one thread (docs/simulation.md, "Workers")
  const workers = Math.min(20, await page.evaluate(() => navigator.hardwareConcurrency));
  assert.equal(await panel.getAttribute('data-workers'), workers > 1 ? String(workers) : null);
  if (workers > 1) assert.match(await page.locator('#sim-status').textContent(), new RegExp(` on ${workers} workers\\.$`));

  // Bad input reaches the panel as the core's named error; the worker stays usable.
  await page.fill('#sim-epochs', '1');
  await page.click('#sim-run');
  await page.waitForFunction(() => byId('sim').dataset.state === 'error', null, WAIT);
  assert.equal(await panel.getAttribute('data-error-parameter'), 'epochs');
  assert.match(await page.getByTestId('sim-status').textContent(), /epochs must be an integer in \[2, 2\^20\]/);
});

test('no request leaves the local server; no page errors', () => {
  const origin = new URL(baseUrl).origin;
  const foreign = requests.filter((url) => !url.startsWith(`${origin}/`) && !url.startsWith('data:'));
  assert.deepEqual(foreign, []);
  assert.ok(
    requests.some((url) => url.endsWith('/bloomcalc.web.wasm')),
    'the wasm came from the local server',
  );
  assert.deepEqual(pageErrors.map(String), []);
});
