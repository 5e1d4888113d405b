// End-to-end test of the recycling section's additions: the "Paper figures" panel (000 §V, Figs. 6–8)
// computed lazily in the section's worker, its plotted values equal to the Node module's recommend(),
// captions carrying the computed numbers; and the recycling "Simulate" panel: progress, cancel, rerun,
// the model value equal to the Node module's simulateSync for the same input and seed.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { browserForFile } from './harness.mjs';

const WAIT = { timeout: 20_000 };

let page, bc, baseUrl, requests, pageErrors;
browserForFile((opened) => ({ page, bc, baseUrl, requests, pageErrors } = opened));

const pct = (x) => `${(100 * x).toFixed(1)} %`;
const VARIANT = { hashing: 'colliding', recycling: 'nonretaining' };

test('the figures panel is lazy, then plots Figs. 6–8 equal to recommend() with computed captions', async () => {
  await page.goto(`${baseUrl}?rm=1000&rp=1%25`);
  await page.waitForFunction(() => byId('rbf').dataset.state === 'ok', null, WAIT);
  // nothing computed before the panel is opened
  assert.equal(await page.getAttribute('#rbf-figures', 'data-state'), 'idle');
  assert.equal(await page.locator('#rbf-fig6-chart canvas').count(), 0);
  await page.evaluate(() => {
    window.__figProgress = [];
    new MutationObserver(() => window.__figProgress.push(byId('rbf-figures').dataset.progress)).observe(byId('rbf-figures'), {
      attributes: true,
      attributeFilter: ['data-progress'],
    });
  });
  await page.click('#rbf-figures > summary');
  await page.waitForFunction(() => byId('rbf-figures').dataset.state === 'ok', null, WAIT);
  for (const n of [6, 7, 8]) assert.equal((await page.locator(`#rbf-fig${n}-chart canvas`).count()) >= 1, true, `Fig. ${n} drawn`);
  const progress = await page.evaluate(() => window.__figProgress);
  assert.ok(
    progress.some((p) => /^([1-9]\d*)\/\1$/.test(p)),
    `final progress seen: ${progress.join(', ')}`,
  );

  const values = async (n) => JSON.parse(await page.getAttribute(`#rbf-fig${n}`, 'data-values'));
  const claim = async (n) => page.textContent(`#rbf-fig${n}-claim`);
  const kmax = 20;
  const best = (m, fpr) => bc.recommend({ m, fpr, kmax, ...VARIANT }).best;

  // Fig. 6: capacity / one-phase capacity against M at f* = 0.01
  const f6 = await values(6);
  assert.deepEqual(f6.x.slice(0, 3), [1000, 2000, 4000]);
  for (const i of [0, 2, f6.x.length - 1]) {
    const b = best(f6.x[i], 0.01);
    assert.equal(f6.worstCase[i], b.worstCase.capacity / b.onePhase.capacity, `Fig. 6 f_w at M = ${f6.x[i]}`);
    assert.equal(f6.lowerBound[i], b.lowerBound.capacity / b.onePhase.capacity, `Fig. 6 f_a at M = ${f6.x[i]}`);
    assert.equal(f6.oracle[i], b.oracle.capacity / b.onePhase.capacity, `Fig. 6 f_o at M = ${f6.x[i]}`);
  }
  const b1000 = best(1000, 0.01);
  const c6 = await claim(6);
  assert.match(c6, /more than 30 %/);
  assert.ok(c6.includes(`${pct(1 - b1000.worstCase.capacity / b1000.onePhase.capacity)} at M = 1,000`), c6);
  assert.match(c6, /confirmed/);

  // Fig. 7: the same against f* at M = 10 000
  const f7 = await values(7);
  assert.equal(f7.m, 10000);
  for (const i of [0, f7.x.length - 1]) {
    const b = best(10000, f7.x[i]);
    assert.equal(f7.worstCase[i], b.worstCase.capacity / b.onePhase.capacity, `Fig. 7 f_w at f* = ${f7.x[i]}`);
    assert.equal(f7.lowerBound[i], b.lowerBound.capacity / b.onePhase.capacity, `Fig. 7 f_a at f* = ${f7.x[i]}`);
  }
  const loose = best(10000, f7.x[0]);
  const c7 = await claim(7);
  assert.match(c7, /around 30 %/);
  assert.ok(c7.includes(`${pct(1 - loose.worstCase.capacity / loose.onePhase.capacity)} at f* = 0.1`), c7);

  // Fig. 8: one-phase / two-phase capacity against M, one curve per f*
  const f8 = await values(8);
  assert.deepEqual(f8.fprs, [0.01, 0.001, 1e-4]);
  for (const [j, i] of [
    [0, 0],
    [1, 2],
    [2, f8.x.length - 1],
  ]) {
    const b = best(f8.x[i], f8.fprs[j]);
    assert.equal(f8.ratio[j][i], b.onePhase.capacity / b.twoPhase.capacity, `Fig. 8 at M = ${f8.x[i]}, f* = ${f8.fprs[j]}`);
  }
  const c8 = await claim(8);
  const r = f8.ratio[2];
  const lo = Math.min(...r),
    hi = Math.max(...r);
  assert.ok(c8.includes(`${lo.toFixed(3)}–${hi.toFixed(3)} at f* = 1e-4`), c8);
  assert.doesNotMatch(`${c6} ${c7} ${c8}`, /NaN|undefined|Infinity/);
});

test('the figures can be cancelled and computed again', async () => {
  // Run and cancel in one task of the page, so the worker's answer cannot come first (with the faster exact
  // recommender it could beat a separate click on this machine).
  const running = await page.evaluate(() => {
    byId('rbf-fig-run').click();
    const state = byId('rbf-figures').dataset.state;
    byId('rbf-fig-cancel').click();
    return state;
  });
  assert.equal(running, 'running');
  await page.waitForFunction(() => byId('rbf-figures').dataset.state === 'cancelled', null, WAIT);
  assert.match(await page.textContent('#rbf-fig-status'), /cancelled/i);
  // the recommendation is not affected by cancelling the figures
  assert.equal(await page.getAttribute('#rbf', 'data-state'), 'ok');
  await page.click('#rbf-fig-run');
  await page.waitForFunction(() => byId('rbf-figures').dataset.state === 'ok', null, WAIT);
});

test('simulate the shown recycling filter: progress, cancel, rerun, model equal to simulateSync, inside/outside shown', async () => {
  await page.goto(`${baseUrl}?rm=1000&rp=1%25&rk=6`);
  await page.waitForFunction(() => byId('rbf').dataset.state === 'ok', null, WAIT);
  await page.waitForFunction(() => byId('rbf-curve').dataset.state === 'ok' && !byId('rsim-run').disabled, null, WAIT);
  const panel = page.getByTestId('rsim');
  assert.equal(await panel.getAttribute('data-state'), 'idle');
  assert.match(await page.textContent('#rsim-status'), /σ = 606/);
  // before a run, once the reader turns to the panel: its expected run time (web/sim-eta.mjs), from the core's bit probes
  await page.hover('#rsim');
  await page.waitForFunction(() => Number(byId('rsim-eta').dataset.value) > 0, null, WAIT);
  assert.match(await page.textContent('#rsim-eta'), /^expected ≈ [\d.,]+ s/);
  const shown = { structure: 'sigma', m: 1000, sigma: 606, k: 6, hashing: 'colliding', recycling: 'nonretaining' };
  for (const field of ['epochs', 'arrivals', 'seed']) shown[field] = await page.inputValue(`#rsim-${field}`);
  const handle = bc.createSimulation(shown);
  try {
    assert.equal(Number(await page.getAttribute('#rsim-eta', 'data-probes')), handle.progress().probesTotal, 'the bit probes of the shown run');
  } finally {
    handle.dispose();
  }

  // a run above the probe budget is refused, named beside its field
  await page.fill('#rsim-epochs', '100000');
  await page.click('#rsim-run');
  await page.waitForFunction(() => byId('rsim').dataset.state === 'error', null, WAIT);
  assert.equal(await panel.getAttribute('data-error-parameter'), 'arrivals');
  assert.match(await page.textContent('#rsim-arrivals-error'), /bit probes/);

  // a long run shows progress, then is cancelled
  await page.fill('#rsim-epochs', '10000');
  await page.fill('#rsim-arrivals', '200k');
  await page.click('#rsim-run');
  await page.waitForFunction(() => Number(byId('rsim').dataset.progress) > 0, null, WAIT);
  assert.equal(await panel.getAttribute('data-state'), 'running');
  assert.equal(await page.isVisible('#rsim-progress'), true);
  await page.click('#rsim-cancel');
  await page.waitForFunction(() => byId('rsim').dataset.state === 'cancelled', null, WAIT);
  assert.equal(await page.isVisible('#rsim-progress'), false);

  // the same worker runs the checked σ to completion
  await page.fill('#rbf-sigma', '500');
  await page.waitForFunction(() => /σ = 500 \(the checked σ\)/.test(byId('rsim-status').textContent), null, WAIT);
  await page.fill('#rsim-epochs', '10');
  await page.fill('#rsim-seed', '3');
  await page.click('#rsim-run');
  await page.waitForFunction(() => byId('rsim').dataset.state === 'done', null, { timeout: 60_000 });
  const input = JSON.parse(await panel.getAttribute('data-input'));
  assert.deepEqual(input, {
    structure: 'sigma',
    m: 1000,
    sigma: 500,
    k: 6,
    hashing: 'colliding',
    recycling: 'nonretaining',
    epochs: '10',
    arrivals: '200k',
    seed: '3',
  });
  const expected = bc.simulateSync(input);
  const value = async (id) => page.getByTestId(id).getAttribute('data-value');
  assert.equal(Number(await value('rsim-model')), expected.model.value);
  assert.equal(expected.model.value, bc.rbf({ m: 1000, k: 6, sigma: 500 }).averageFpr);
  assert.equal(Number(await value('rsim-mean')), expected.mean);
  assert.equal(Number(await value('rsim-low')), expected.interval.low);
  assert.equal(Number(await value('rsim-high')), expected.interval.high);
  assert.equal(await value('rsim-verdict'), String(expected.model.insideT || expected.model.insidePoisson === true));
  assert.match(await page.textContent('#rsim-verdict'), expected.model.insideT ? /inside the 99% interval/ : /Poisson|outside the 99% intervals/);
  assert.ok((await page.locator('#rsim-chart canvas').count()) >= 1, 'the running estimate is plotted');

  // the N-bounded real user at the worst-case N of k = 6
  await page.selectOption('#rsim-structure', 'n-real');
  await page.click('#rsim-run');
  await page.waitForFunction(() => byId('rsim').dataset.state === 'done', null, { timeout: 60_000 });
  const nInput = JSON.parse(await panel.getAttribute('data-input'));
  const N = bc.recommend({ m: 1000, p: 0.01 }).rows[5].worstCase.threshold;
  assert.equal(nInput.N, N);
  const nExpected = bc.simulateSync(nInput);
  assert.equal(Number(await value('rsim-model')), nExpected.model.value);
  assert.equal(nExpected.model.value, bc.nBounded({ m: 1000, k: 6, N }).exact);
  assert.equal(await value('rsim-verdict'), String(nExpected.model.insideT || nExpected.model.insidePoisson === true));

  // bad input is named beside its field; the worker stays usable
  await page.fill('#rsim-epochs', '1');
  await page.click('#rsim-run');
  await page.waitForFunction(() => byId('rsim').dataset.state === 'error', null, WAIT);
  assert.equal(await panel.getAttribute('data-error-parameter'), 'epochs');
  assert.match(await page.textContent('#rsim-epochs-error'), /epochs must be an integer in \[2, 2\^20\]/);
});

test('no request leaves localhost; no page errors', () => {
  const origin = new URL(baseUrl).origin;
  assert.deepEqual(
    requests.filter((url) => !url.startsWith(`${origin}/`) && !url.startsWith('data:')),
    [],
  );
  assert.deepEqual(pageErrors.map(String), []);
});
