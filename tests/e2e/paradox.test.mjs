// End-to-end test of the page's Bloom-paradox section: typed values give exactly the Node module's
// numbers, a bad field shows the core's message inline, and the URL alone reproduces the view.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { browserForFile } from './harness.mjs';
import { formatProbability } from '../../wasm/format.mjs';
import { paradoxSimulationInput } from '../../web/paradox-sim.mjs';

const WAIT = { timeout: 15_000 };

let page, bc, baseUrl, requests, pageErrors;
browserForFile((opened) => ({ page, bc, baseUrl, requests, pageErrors } = opened));

/** Waits until both paradox cards have computed the fields now in the form. */
async function settled() {
  await page.waitForFunction(
    () => {
      // each element's query: its fields that differ from their defaults, in its URL keys
      const query = (fields) => {
        const params = new URLSearchParams();
        for (const [key, id, fallback] of fields) {
          const v = byId(`px-${id}`).value.trim();
          if (v !== fallback) params.set(key, v);
        }
        return params.toString();
      };
      // bpe's default is no value while fpr has one (the core takes exactly one of them)
      const bpeDefault = byId('px-fpr').value.trim() === '' ? '10' : '';
      const paradoxQuery = query([
        ['prior', 'prior', '1e-6'],
        ['alpha', 'alpha', '1'],
        ['bpe', 'bpe', bpeDefault],
        ['fpr', 'fpr', ''],
      ]);
      const cbfQuery = query([
        ['counters', 'counters', '1,2,1,1,2,4'],
        ['cm', 'cm', '26624'],
        ['cn', 'cn', '3328'],
        ['ck', 'ck', '6'],
        ['cprior', 'cprior', '0.125'],
        ['alpha', 'calpha', '1'],
      ]);
      const done = (id, q) => {
        const el = byId(id);
        return el.dataset.query === q && (el.dataset.state === 'ok' || el.dataset.state === 'stale');
      };
      return done('paradox', paradoxQuery) && done('cbf-card', cbfQuery);
    },
    null,
    WAIT,
  );
}

async function shown() {
  return page.evaluate(() => {
    const out = {};
    for (const el of deepAll('#paradox [data-testid][data-value], #cbf-card [data-testid][data-value]')) out[el.dataset.testid] = el.dataset.value;
    out.state = byId('paradox').dataset.state;
    out.cbfState = byId('cbf-card').dataset.state;
    out.canvas = deepAll('#px-chart canvas').length;
    return out;
  });
}

function assertParadox(s, r) {
  assert.equal(s.state, 'ok');
  assert.equal(Number(s['px-posterior']), r.posterior);
  assert.equal(Number(s['px-threshold']), r.threshold);
  assert.equal(Number(s['px-fpr-used']), r.fpr);
  assert.equal(s['px-decision'], r.decision);
  assert.equal(s['px-min-bpe'], r.minBitsPerElement === null ? 'none' : String(r.minBitsPerElement));
  assert.equal(Number(s['px-cost-trust']), r.costs.trust);
  assert.equal(Number(s['px-cost-ignore']), r.costs.ignore);
  assert.ok(s.canvas >= 1, 'the plot is drawn');
}

function assertCbf(s, r) {
  assert.equal(s.cbfState, 'ok');
  assert.equal(Number(s['cbf-posterior']), r.posterior);
  assert.equal(Number(s['cbf-product']), r.product);
  assert.equal(s['cbf-min-product'], String(r.minProduct));
  assert.equal(s['cbf-decision'], r.decision);
}

test("typed values give exactly the module's numbers; the URL reproduces them", async () => {
  await page.goto(baseUrl);
  await settled();
  assertParadox(await shown(), bc.paradox({ prior: '1e-6', alpha: '1', bpe: '10' }));
  assertCbf(await shown(), bc.cbf({ counters: '1,2,1,1,2,4', m: '26624', n: '3328', k: '6', prior: '0.125', alpha: '1' }));
  assert.match(await page.getByTestId('px-sentence').textContent(), /Bloom paradox/);

  await page.fill('#px-prior', '1 in 1000');
  await page.fill('#px-alpha', '2.4');
  await page.fill('#px-bpe', '');
  await page.fill('#px-fpr', '1e-3');
  await page.fill('#px-counters', '2,3,1,1,1,1');
  await settled();
  const expected = bc.paradox({ prior: '1 in 1000', alpha: '2.4', fpr: '1e-3' });
  assertParadox(await shown(), expected);
  assert.equal(expected.decision, 'trust');
  assert.match(await page.getByTestId('px-sentence').textContent(), /Trust a positive answer/);
  const cbfExpected = bc.cbf({ counters: '2,3,1,1,1,1', m: 26624, n: 3328, k: 6, prior: 0.125, alpha: 2.4 });
  assertCbf(await shown(), cbfExpected);

  const params = Object.fromEntries(new URL(page.url()).searchParams);
  assert.equal(params.prior, '1 in 1000');
  assert.equal(params.fpr, '1e-3');
  assert.equal(params.bpe, undefined); // left out: fpr is given
  assert.equal(params.n, '1M'); // the sizing calculator's state is kept beside it

  await page.reload();
  await settled();
  assert.equal(await page.inputValue('#px-prior'), '1 in 1000');
  assert.equal(await page.inputValue('#px-fpr'), '1e-3');
  assertParadox(await shown(), expected);
  assertCbf(await shown(), cbfExpected);
});

test("bad input: the core's message beside the field, then recovery", async () => {
  await page.goto(`${baseUrl}?prior=1.5`);
  await settled();
  const message = (() => {
    try {
      bc.paradox({ prior: '1.5', alpha: '1', bpe: '10' });
    } catch (e) {
      return e.message;
    }
  })();
  await page.waitForSelector('#px-prior-error:not([hidden])', WAIT);
  assert.equal(await page.locator('#px-prior-error').textContent(), message);
  assert.equal(await page.getAttribute('#px-prior', 'aria-invalid'), 'true');
  assert.equal(await page.getAttribute('#paradox', 'data-state'), 'stale');

  await page.fill('#px-counters', '1,-2,1,1,1,1');
  await settled();
  await page.waitForSelector('#px-counters-error:not([hidden])', WAIT);
  assert.match(await page.locator('#px-counters-error').textContent(), /^counters must be/);
  await page.fill('#px-ck', '0');
  await page.fill('#px-counters', '');
  await settled();
  await page.waitForSelector('#px-ck-error:not([hidden])', WAIT);
  assert.match(await page.locator('#px-ck-error').textContent(), /^k must be/);

  await page.fill('#px-prior', '1e-300');
  await page.fill('#px-ck', '6');
  await page.fill('#px-counters', '1,2,1,1,2,4');
  await settled();
  assert.equal(await page.locator('#px-prior-error').isVisible(), false);
  const s = await shown();
  assertParadox(s, bc.paradox({ prior: '1e-300', alpha: '1', bpe: '10' }));
  assert.ok(Number(s['px-posterior']) > 0);
});

test('Simulate: the engine posterior in a worker equals the module result for the same seed; cancel works', async () => {
  await page.goto(`${baseUrl}?prior=0.1&bpe=8`);
  await settled();
  // before a run, once the reader turns to the panel: its expected run time (web/sim-eta.mjs), from the core's bit
  // probes for the shown run, and it follows the fields
  await page.hover('#pxsim');
  await page.waitForFunction(() => Number(byId('pxsim-eta').dataset.value) > 0, null, WAIT);
  assert.match(await page.textContent('#pxsim-eta'), /^expected ≈ [\d.,]+ s$/);
  const probesOf = (input) => {
    const handle = bc.createParadoxSimulation(input);
    try {
      return handle.progress().probesTotal;
    } finally {
      handle.dispose();
    }
  };
  const before = JSON.parse(await page.evaluate(() => byId('pxsim').dataset.input ?? 'null'));
  assert.equal(before, null, 'nothing run yet');
  const fields = async () =>
    Object.fromEntries(await Promise.all(['n', 'epochs', 'queries', 'seed'].map(async (f) => [f, await page.inputValue(`#pxsim-${f}`)])));
  const section = bc.paradox({ prior: '0.1', bpe: '8', alpha: await page.inputValue('#px-alpha') });
  const inputOf = (f) => paradoxSimulationInput(section, f);
  const first = Number(await page.getAttribute('#pxsim-eta', 'data-probes'));
  assert.equal(first, probesOf(inputOf(await fields())), 'the bit probes of the shown run');
  await page.fill('#pxsim-epochs', String(2 * Number((await fields()).epochs)));
  await page.waitForFunction((p) => Number(byId('pxsim-eta').dataset.probes) > p, first, WAIT);
  assert.equal(Number(await page.getAttribute('#pxsim-eta', 'data-probes')), probesOf(inputOf(await fields())));
  // a long run is cancelled, and the page keeps computing meanwhile
  await page.fill('#pxsim-epochs', '1000000');
  await page.click('#pxsim-run');
  await page.waitForFunction(() => Number(byId('pxsim').dataset.progress) > 0, null, WAIT);
  await page.click('#pxsim-cancel');
  await page.waitForFunction(() => byId('pxsim').dataset.state === 'cancelled', null, WAIT);

  await page.fill('#pxsim-epochs', '600');
  await page.fill('#pxsim-seed', '5');
  await page.click('#pxsim-run');
  await page.waitForFunction(() => byId('pxsim').dataset.state === 'done', null, { timeout: 60_000 });
  const input = JSON.parse(await page.getAttribute('#pxsim', 'data-input'));
  assert.deepEqual(input, { structure: 'bloom', m: 64, n: 8, k: 6, prior: 0.1, queries: '1000', epochs: '600', seed: '5' });
  const expected = bc.simulateParadoxSync(input);
  const shownResult = JSON.parse(await page.getAttribute('#pxsim', 'data-result'));
  assert.deepEqual(shownResult, expected);
  assert.equal(Number(await page.getAttribute('#pxsim-mean', 'data-value')), expected.posterior.mean);
  assert.equal(Number(await page.getAttribute('#pxsim-theorem', 'data-value')), expected.theorem);
  assert.equal(await page.getAttribute('#pxsim-verdict', 'data-value'), String(expected.inside));
  assert.equal(expected.theorem, bc.paradox({ prior: 0.1, alpha: 1, fpr: bc.fpr({ m: 64, n: 8, k: 6 }).exact }).posterior);
  assert.equal(await page.locator('#pxsim-low').textContent(), formatProbability(expected.posterior.low, 5));

  // few positives: a real interval, never the point [1, 1]; none: nothing claimed
  await page.fill('#pxsim-epochs', '2');
  await page.fill('#pxsim-queries', '3');
  for (const seed of ['1', '2', '3', '4', '5', '6']) {
    await page.fill('#pxsim-seed', seed);
    await page.click('#pxsim-run');
    await page.waitForFunction((s) => byId('pxsim').dataset.state === 'done' && JSON.parse(byId('pxsim').dataset.input).seed === s, seed, WAIT);
    const r = JSON.parse(await page.getAttribute('#pxsim', 'data-result'));
    const verdict = await page.locator('#pxsim-verdict').textContent();
    if (r.counts.positives === 0) {
      assert.equal(await page.locator('#pxsim-mean').textContent(), '— (no positive answer observed)');
      assert.match(verdict, /^not tested: no positives/);
      assert.deepEqual([r.posterior.low, r.posterior.high], [0, 1]);
    } else {
      assert.ok(r.posterior.low < r.posterior.high, `seed ${seed}: [${r.posterior.low}, ${r.posterior.high}]`);
      assert.match(verdict, /inside|outside/);
    }
  }

  // bad input is named
  await page.fill('#pxsim-queries', '0');
  await page.click('#pxsim-run');
  await page.waitForFunction(() => byId('pxsim').dataset.state === 'error', null, WAIT);
  assert.equal(await page.getAttribute('#pxsim', 'data-error-parameter'), 'queries');
  assert.match(await page.locator('#pxsim-error').textContent(), /^queries must be/);
});

test('no request leaves the local server; no page errors', () => {
  const origin = new URL(baseUrl).origin;
  assert.deepEqual(
    requests.filter((url) => !url.startsWith(`${origin}/`) && !url.startsWith('data:')),
    [],
  );
  assert.deepEqual(pageErrors.map(String), []);
});

test('the counting-filter card says what its own α field is', async () => {
  await page.goto(baseUrl);
  await settled();
  const help = (await page.locator('#cbf-card > .help').textContent()).replace(/\s+/g, ' ');
  assert.match(help, /α \(the last field\): the cost of a false negative over a false positive, WFN \/ WFP\./);
  assert.match(help, /changing the paradox calculator's α sets this one too/);
  // and it does: the paradox α carries over to the card's α field
  await page.fill('#px-alpha', '3');
  await settled();
  assert.equal(await page.inputValue('#px-calpha'), '3');
});
