// Inputs that stand for each other (web/element-base.mjs, `alternatives`): a URL key or attribute the user gives
// replaces the default of its alternative, and only that default. The paradox calculator takes exactly one of
// bpe and fpr (issue 22: `?fpr=1e-3` failed with "got both fpr and bpe", bpe's default kept); sizing needs two
// of n, p, m (a key of another kind — k, rounding — kept its defaults n = 1M, p = 1% only when none was given);
// formulas and simulate keep each default a given key does not replace.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { browserForFile } from './harness.mjs';

const WAIT = { timeout: 20_000 };

let page, bc, baseUrl, pageErrors;
browserForFile((opened) => ({ page, bc, baseUrl, pageErrors } = opened));

/** A new <bloom-calc> with `attributes`, appended to the page: its state and its first result or error. */
async function element(attributes) {
  return page.evaluate(async (attributes) => {
    const el = document.createElement('bloom-calc');
    for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
    el.id = `probe-${document.querySelectorAll('bloom-calc').length}`;
    const first = new Promise((resolve) => {
      el.addEventListener('result', () => resolve(), { once: true });
      el.addEventListener('error', () => resolve(), { once: true });
    });
    document.body.append(el);
    await first;
    return { id: el.id, state: el.state, result: el.result, error: el.error?.message ?? null };
  }, attributes);
}

/** Sets property `name` of element `id` (null removes the attribute); the next result or error. */
async function setProperty(id, name, value) {
  return page.evaluate(
    async ({ id, name, value }) => {
      const el = document.getElementById(id);
      const next = new Promise((resolve) => {
        el.addEventListener('result', () => resolve(), { once: true });
        el.addEventListener('error', () => resolve(), { once: true });
      });
      el[name] = value;
      await next;
      return { state: el.state, result: el.result, error: el.error?.message ?? null };
    },
    { id, name, value },
  );
}

test("the page: ?fpr= replaces bpe's default; the URL keeps only what was given and reproduces the view", async () => {
  await page.goto(`${baseUrl}?prior=1%20in%201000000&alpha=0.25&fpr=1e-3`);
  await page.waitForFunction(() => ['ok', 'stale'].includes(byId('paradox')?.dataset.state), null, WAIT);
  const expected = bc.paradox({ prior: '1 in 1000000', alpha: '0.25', fpr: '1e-3' });
  const shown = () =>
    page.evaluate(() => ({
      state: byId('paradox').dataset.state,
      posterior: Number(byId('px-posterior').dataset.value),
      fpr: Number(byId('px-fpr-used').dataset.value),
      bpe: byId('px-bpe').value,
      error: deepAll('#paradox .field-error:not([hidden])')
        .map((e) => e.textContent)
        .join(' '),
    }));
  assert.deepEqual(await shown(), { state: 'ok', posterior: expected.posterior, fpr: 1e-3, bpe: '', error: '' });
  const params = new URL(page.url()).searchParams;
  assert.equal(params.get('fpr'), '1e-3');
  assert.equal(params.has('bpe'), false, 'bpe is left out: its default is no value while fpr is given');
  await page.reload();
  await page.waitForFunction(() => byId('paradox')?.dataset.state === 'ok', null, WAIT);
  assert.deepEqual(await shown(), { state: 'ok', posterior: expected.posterior, fpr: 1e-3, bpe: '', error: '' });

  // typed: F replaces the bits per element still at their default; emptying F brings the default back
  await page.goto(baseUrl);
  await page.waitForFunction(() => byId('paradox')?.dataset.state === 'ok', null, WAIT);
  await page.fill('#px-fpr', '0.02');
  await page.waitForFunction(() => byId('paradox').dataset.state === 'ok' && byId('px-fpr-used').dataset.value === '0.02', null, WAIT);
  assert.equal(await page.inputValue('#px-bpe'), '');
  assert.equal(new URL(page.url()).searchParams.has('bpe'), false);
  await page.fill('#px-fpr', '');
  await page.waitForFunction(() => byId('paradox').dataset.state === 'ok' && byId('px-bpe').value === '10', null, WAIT);
  assert.equal(Number(await page.getAttribute('#px-fpr-used', 'data-value')), bc.paradox({ prior: '1e-6', alpha: '1', bpe: '10' }).fpr);
  // bits per element the user typed stay: both given is the core's error, named
  await page.fill('#px-bpe', '12');
  await page.fill('#px-fpr', '0.02');
  await page.waitForSelector('#px-fpr-error:not([hidden])', WAIT);
  assert.match(await page.textContent('#px-fpr-error'), /fpr/);
  assert.deepEqual(pageErrors, []);
});

test("attributes: fpr given (at the start or later) replaces bpe's default; bpe given stays", async () => {
  await page.goto(baseUrl);
  const el = await element({ calculator: 'paradox', prior: '1e-3', alpha: '2', fpr: '1e-3' });
  assert.equal(el.error, null);
  assert.equal(el.state.bpe, '');
  assert.equal(el.result.posterior, bc.paradox({ prior: '1e-3', alpha: '2', fpr: '1e-3' }).posterior);
  // removed: bpe's default is back
  let after = await setProperty(el.id, 'fpr', null);
  assert.equal(after.state.bpe, '10');
  assert.equal(after.result.posterior, bc.paradox({ prior: '1e-3', alpha: '2', bpe: '10' }).posterior);
  after = await setProperty(el.id, 'fpr', '0.5%');
  assert.equal(after.state.bpe, '');
  assert.equal(after.result.fpr, 0.005);
  const both = await element({ calculator: 'paradox', bpe: '12', fpr: '1e-3' });
  assert.match(both.error, /fpr/, "both given by the user: the core's error");
});

test('sizing: a key of another kind keeps n = 1M and p = 1%; m alone keeps p (the capacity)', async () => {
  await page.goto(baseUrl);
  const cases = [
    [{ rounding: 'pow2' }, { n: '1M', p: '1%', rounding: 'pow2' }],
    [{ k: '5' }, { n: '1M', p: '1%', k: '5' }],
    [
      { method: 'exact', hashing: 'distinct' },
      { n: '1M', p: '1%', method: 'exact', hashing: 'distinct' },
    ],
    [{ m: '1MiB' }, { m: '1MiB', p: '1%' }],
    [{ n: '5000' }, { n: '5000', p: '1%' }],
    [
      { n: '5000', m: '64Ki' },
      { n: '5000', m: '64Ki' },
    ],
  ];
  for (const [attributes, input] of cases) {
    const el = await element({ calculator: 'sizing', ...attributes });
    assert.equal(el.error, null, JSON.stringify(attributes));
    const expected = bc.size(input);
    assert.equal(el.result.m, expected.m, JSON.stringify(attributes));
    assert.equal(el.result.n, expected.n);
    assert.equal(el.result.k, expected.k);
    assert.equal(el.result.solved, expected.solved);
  }
  // the page's URL alike
  await page.goto(`${baseUrl}?k=5`);
  await page.waitForFunction(() => document.getElementById('sizing-calc').result !== null, null, WAIT);
  const r = await page.evaluate(() => document.getElementById('sizing-calc').result);
  assert.equal(r.m, bc.size({ n: '1M', p: '1%', k: '5' }).m);
  // a blanked default is written to the URL, so that it reproduces the view
  await page.fill('#p', '');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('p') === '', null, WAIT);
  await page.reload();
  assert.equal(await page.inputValue('#p'), '');
});

test('formulas and simulate: each given attribute replaces only its own default', async () => {
  await page.goto(baseUrl);
  const f = await element({ calculator: 'formulas', hashing: 'distinct' });
  assert.equal(f.error, null);
  assert.deepEqual(f.result, JSON.parse(JSON.stringify(bc.fpr({ m: '8Mi', n: '1M', k: '7', hashing: 'distinct' }))));
  const g = await element({ calculator: 'formulas', m: '1Mi' });
  assert.equal(g.result.exact, bc.fpr({ m: '1Mi', n: '1M', k: '7' }).exact);
  const s = await page.evaluate(() => {
    const el = document.createElement('bloom-calc');
    el.setAttribute('calculator', 'simulate');
    el.setAttribute('epochs', '4');
    document.body.append(el);
    return new Promise((resolve) => {
      const check = () => (el.dataset.ready === 'true' ? resolve(el.state) : setTimeout(check, 50));
      check();
    });
  });
  assert.deepEqual({ m: s.m, n: s.n, k: s.k, epochs: s.epochs }, { m: '8192', n: '1000', k: '6', epochs: '4' });
});
