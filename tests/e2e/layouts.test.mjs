// End-to-end test of the page's layouts calculator (<bloom-calc calculator="layouts">): the picked layout's numbers equal the Node module's
// bc.layoutSize for the same input, the comparison table has a row per layout, the chart is drawn, a bad
// field shows the core's message inline, and the URL alone reproduces the view.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { browserForFile } from './harness.mjs';

const WAIT = { timeout: 30_000 };
const DEFAULTS = { ln: '1M', lp: '1%', lc: 'rocksdb', lb: '512', lk: '' };
const FIELDS = { ln: 'px-ln', lp: 'px-lp', lc: 'px-lc', lb: 'px-lb', lk: 'px-lk' };

let page, bc, baseUrl, pageErrors;
browserForFile((opened) => ({ page, bc, baseUrl, pageErrors } = opened));

/** Waits until the section has computed the fields now in the form. */
async function settled() {
  await page.waitForFunction(
    ({ defaults, fields }) => {
      const params = new URLSearchParams();
      for (const [key, id] of Object.entries(fields)) {
        const v = byId(id).value.trim();
        if (v !== defaults[key]) params.set(key, v);
      }
      const el = byId('layouts');
      return el.dataset.query === params.toString() && (el.dataset.state === 'ok' || el.dataset.state === 'stale') && el.getAttribute('aria-busy') === 'false';
    },
    { defaults: DEFAULTS, fields: FIELDS },
    WAIT,
  );
}

async function shown() {
  return page.evaluate(() => {
    const out = {};
    for (const el of deepAll('#layouts [data-testid][data-value]')) out[el.dataset.testid] = el.dataset.value;
    out.state = byId('layouts').dataset.state;
    out.rows = deepAll('#ly-table tbody tr').map((tr) => ({ layout: tr.dataset.layout, fpr: tr.dataset.fpr }));
    out.whatIf = deepAll('#ly-whatif li').map((li) => Number(li.dataset.value));
    out.approx = deepAll('#ly-approx li').map((li) => li.dataset.name);
    out.canvas = deepAll('#ly-chart canvas').length;
    return out;
  });
}

test("the picked layout shows exactly the module's sizing; table, what-if and chart are there; the URL reproduces it", async () => {
  await page.goto(baseUrl);
  await page.locator('#layouts').scrollIntoViewIfNeeded();
  await settled();
  let s = await shown();
  let r = bc.layoutSize({ n: '1M', p: '1%', preset: 'rocksdb' });
  assert.equal(s.state, 'ok');
  assert.equal(Number(s['ly-m']), r.m);
  assert.equal(Number(s['ly-fpr']), r.fpr);
  assert.equal(Number(s['ly-overhead']), r.overhead);
  assert.deepEqual(
    s.whatIf,
    r.whatIf.map((w) => w.fpr),
  );
  assert.deepEqual(
    s.approx,
    r.approximations.map((a) => a.name),
  );
  assert.deepEqual(
    s.rows.map((row) => row.layout),
    ['standard', 'rocksdb', 'parquet', 'boost-block', 'boost-multiblock', 'partitioned'],
  );
  assert.equal(Number(s.rows[2].fpr), bc.layoutSize({ n: '1M', p: '1%', preset: 'parquet' }).fpr);
  assert.ok(s.canvas >= 1, 'the chart is drawn');

  await page.selectOption('#px-lc', 'split-block');
  await page.fill('#px-lb', '256');
  await page.fill('#px-lp', '0.1%');
  await settled();
  s = await shown();
  r = bc.layoutSize({ n: '1M', p: '0.1%', layout: 'split-block', blockBits: '256' });
  assert.equal(Number(s['ly-m']), r.m);
  assert.equal(Number(s['ly-fpr']), r.fpr);
  const params = Object.fromEntries(new URL(page.url()).searchParams);
  assert.equal(params.lc, 'split-block');
  assert.equal(params.lb, '256');
  assert.equal(params.lp, '0.1%');

  await page.reload();
  await page.locator('#layouts').scrollIntoViewIfNeeded();
  await settled();
  assert.equal(await page.inputValue('#px-lc'), 'split-block');
  assert.equal(Number((await shown())['ly-fpr']), r.fpr);
  assert.deepEqual(pageErrors, []);
});

test("labels: k is the hash functions; the approximations' powers are superscripts, not e^{…} text", async () => {
  await page.goto(baseUrl);
  await page.locator('#layouts').scrollIntoViewIfNeeded();
  await settled();
  const seen = await page.evaluate(() => ({
    k: deepAll('label[for="px-lk"]')[0].textContent.replace(/\s+/g, ' ').trim(),
    classic: deepAll('#ly-approx li[data-name="classic"]')[0].innerHTML,
    text: deepAll('#ly-approx li')
      .map((li) => li.textContent)
      .join(' '),
  }));
  assert.equal(seen.k, 'k hash functions');
  assert.match(seen.classic, /^classic \(1 − e<sup>−kn\/m<\/sup>\)<sup>k<\/sup>: /);
  assert.doesNotMatch(seen.text, /[\^{}]/, 'no TeX-like text left');
});

test("bad input: the core's message beside the field, then recovery", async () => {
  await page.goto(`${baseUrl}?lp=2`);
  await page.locator('#layouts').scrollIntoViewIfNeeded();
  await settled();
  await page.waitForSelector('#px-lp-error:not([hidden])', WAIT);
  const message = (() => {
    try {
      bc.layoutSize({ n: '1M', p: '2', preset: 'rocksdb' });
    } catch (e) {
      return e.message;
    }
    return 'no error';
  })();
  assert.equal(await page.locator('#px-lp-error').textContent(), message);
  assert.equal(await page.getAttribute('#px-lp', 'aria-invalid'), 'true');
  assert.equal(await page.getAttribute('#layouts', 'data-state'), 'stale');

  await page.fill('#px-lp', '1%');
  await page.selectOption('#px-lc', 'blocked');
  await page.fill('#px-lk', '0');
  await settled();
  await page.waitForSelector('#px-lk-error:not([hidden])', WAIT);
  assert.match(await page.locator('#px-lk-error').textContent(), /^k must be/);
  assert.equal(await page.locator('#px-lp-error').isVisible(), false);

  await page.fill('#px-lk', '');
  await settled();
  assert.equal(await page.getAttribute('#layouts', 'data-state'), 'ok');
  assert.equal(await page.locator('#px-lk-error').isVisible(), false);
  assert.equal(Number(await page.getAttribute('#ly-fpr', 'data-value')), bc.layoutSize({ n: '1M', p: '1%', layout: 'blocked', blockBits: '512' }).fpr);
});

test("each approximation's source (paper, equation) is visible text, not only a tooltip, and adds no Tab stop", async () => {
  await page.goto(`${baseUrl}?lc=blocked`);
  await page.locator('#layouts').scrollIntoViewIfNeeded();
  await settled();
  const refs = await page.evaluate(() =>
    deepAll('#ly-approx li').map((li) => {
      const ref = li.querySelector('.ref');
      return {
        name: li.dataset.name,
        title: li.title,
        text: ref?.textContent ?? '',
        shown: !!ref && ref.getBoundingClientRect().height > 0,
        focusable: li.querySelectorAll('a, button, [tabindex]').length,
      };
    }),
  );
  const expected = bc.layoutSize({ n: '1M', p: '1%', layout: 'blocked', blockBits: '512' }).approximations;
  assert.ok(expected.length >= 3, `${expected.length} approximations`);
  assert.deepEqual(
    refs.map((r) => r.name),
    expected.map((a) => a.name),
  );
  for (const [i, r] of refs.entries()) {
    assert.equal(r.title, '', `${r.name}: no tooltip`);
    assert.ok(r.shown, `${r.name}: the reference is shown`);
    assert.equal(
      r.text,
      expected[i].reference.replace(/\^\(([^()]*)\)/g, '$1').replace(/\^([\p{L}\p{N}']+)/gu, '$1'),
      `${r.name}: the core's reference, powers as superscripts`,
    );
    assert.equal(r.focusable, 0);
  }
  assert.match(refs[0].text, /001 eq 1/);
});
