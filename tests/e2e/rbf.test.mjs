// End-to-end test of the recycling-Bloom-filter section: the worker's table equals the Node module's
// recommend() exactly, progress is shown, a large run can be cancelled and a new one then works, typing stays
// responsive (2^36 large-M, a pooled exact run at 2^24), bad input is reported beside its field, the URL alone
// reproduces the view, and nothing leaves localhost.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { browserForFile, longestTask, mainThreadTasks } from './harness.mjs';

const WAIT = { timeout: 20_000 };

let page, bc, baseUrl, requests, pageErrors;
browserForFile((opened) => ({ page, bc, baseUrl, requests, pageErrors } = opened));

/** Waits until the section shows a finished state for the fields now in the form. */
async function settled(states = ['ok']) {
  await page.waitForFunction(
    (wanted) => {
      const el = byId('rbf');
      return wanted.includes(el.dataset.state) && el.getAttribute('aria-busy') === 'false';
    },
    states,
    WAIT,
  );
  return page.evaluate(() => byId('rbf').dataset.state);
}

async function curveDrawn(k) {
  await page.waitForFunction(
    (want) => {
      const el = byId('rbf-curve');
      return el.dataset.state === 'ok' && el.dataset.k === String(want) && el.querySelector('canvas') !== null;
    },
    k,
    WAIT,
  );
}

/** The table and the summary as shown: raw values from data-value. */
async function shown() {
  return page.evaluate(() => {
    const rows = [...deepAll('#rbf-tbody tr')].map((tr) => {
      const row = { k: Number(tr.dataset.k), best: tr.dataset.best ?? '' };
      for (const td of tr.querySelectorAll('td')) {
        row[`${td.dataset.rule}.${td.dataset.field}`] = td.dataset.value;
        const link = td.querySelector('a');
        // the docs beside the bundle, here the page's folder
        if (link) row[`${td.dataset.rule}.${td.dataset.field}.href`] = new URL(link.href).pathname.slice(1) + new URL(link.href).hash;
      }
      return row;
    });
    const best = {};
    for (const li of deepAll('#rbf-summary li')) {
      best[li.dataset.rule] = { feasible: li.dataset.feasible, values: [...li.querySelectorAll('a[data-value]')].map((a) => a.dataset.value) };
    }
    return { rows, best, sentence: byId('rbf-sentence').dataset.value, capacityPoints: byId('rbf-capacity').dataset.points };
  });
}

function assertMatches(s, rec) {
  assert.equal(s.rows.length, rec.rows.length);
  const str = (c, f) => String(c.feasible ? c[f] : null);
  rec.rows.forEach((row, i) => {
    const r = s.rows[i];
    assert.equal(r.k, row.k);
    assert.equal(r['onePhase.threshold'], str(row.onePhase, 'threshold'), `k=${row.k} σ¹`);
    assert.equal(r['onePhase.capacity'], str(row.onePhase, 'capacity'), `k=${row.k} E[N₀]¹`);
    assert.equal(r['twoPhase.threshold'], str(row.twoPhase, 'threshold'), `k=${row.k} σ²`);
    assert.equal(r['twoPhase.capacity'], str(row.twoPhase, 'capacity'), `k=${row.k} E[N₀]²`);
    assert.equal(r['worstCase.threshold'], str(row.worstCase, 'threshold'), `k=${row.k} N_w`);
    assert.equal(r['oracle.threshold'], str(row.oracle, 'threshold'), `k=${row.k} N_o`);
    assert.equal(r['lowerBound.threshold'], str(row.lowerBound, 'threshold'), `k=${row.k} N_a`);
    const best = ['onePhase', 'twoPhase', 'worstCase', 'oracle', 'lowerBound'].filter((rule) => rec.best[rule].feasible && rec.best[rule].k === row.k);
    assert.equal(r.best, best.join(' '), `best marks at k=${row.k}`);
  });
  for (const rule of ['onePhase', 'twoPhase', 'worstCase', 'oracle', 'lowerBound']) {
    const b = rec.best[rule];
    assert.equal(s.best[rule].feasible, String(b.feasible), rule);
    if (!b.feasible) continue;
    const expected = [b.k, b.threshold, b.capacity, b.fpr, ...(rule === 'worstCase' ? [] : [b.gainOverWorstCase])].map(String);
    assert.deepEqual(s.best[rule].values, expected, rule);
  }
}

test('M = 1000, f* = 1 %: the table, the best per rule and the plots equal the Node module; progress is shown', async () => {
  await page.goto(baseUrl);
  await page.waitForFunction(() => document.querySelector('bloom-calc[data-ready="true"]') !== null, null, WAIT);
  await page.fill('#rbf-m', '1000');
  await page.fill('#rbf-p', '1%');
  await page.fill('#rbf-kmax', '32');
  // record every progress value the page shows
  await page.evaluate(() => {
    window.__progress = [];
    new MutationObserver(() => window.__progress.push(byId('rbf').dataset.progress)).observe(byId('rbf'), {
      attributes: true,
      attributeFilter: ['data-progress'],
    });
  });
  await page.click('#rbf-run');
  await settled();
  const rec = bc.recommend({ m: 1000, p: 0.01 });
  const s = await shown();
  assertMatches(s, rec);
  assert.equal(Number(s.sentence), 1 - rec.best.worstCase.capacity / rec.best.onePhase.capacity);
  assert.equal(s.capacityPoints, '32');
  const progress = await page.evaluate(() => window.__progress);
  assert.ok(progress.includes('1/32') && progress.includes('32/32'), `progress seen: ${progress.join(', ')}`);
  // hrefs: every number links to its equation
  assert.equal(s.rows[0]['onePhase.threshold.href'], 'docs/rbf.html#one-phase');
  assert.equal(s.rows[0]['onePhase.capacity.href'], 'docs/rbf.html#expected-messages');
  assert.equal(s.rows[0]['twoPhase.threshold.href'], 'docs/rbf.html#two-phase');
  assert.equal(s.rows[0]['oracle.threshold.href'], 'docs/rbf.html#n-bounded');
  // ... and the link resolves on the served site, to a document with that anchor
  const doc = await page.evaluate(async () => (await fetch('docs/rbf.html')).text());
  for (const id of ['one-phase', 'expected-messages', 'two-phase', 'n-bounded', 'recommender']) assert.ok(doc.includes(`id="${id}"`), id);
  // the σ plot at the best one-phase k, and a σ check equal to rbf()
  await curveDrawn(rec.best.onePhase.k);
  await page.fill('#rbf-sigma', '539');
  await page.selectOption('#rbf-k', '5');
  await curveDrawn(5);
  await page.waitForFunction(() => byId('rbf-eval-out').dataset.value !== undefined, null, WAIT);
  const point = bc.rbf({ m: 1000, k: 5, sigma: 539 });
  assert.equal(Number(await page.getAttribute('#rbf-eval-out', 'data-value')), point.averageFpr);
  assert.equal(Number(await page.getAttribute('#rbf-eval-out', 'data-messages')), point.expectedMessages);
});

test('the URL alone reproduces the view (variant included)', async () => {
  await page.selectOption('#rbf-recycling', 'retaining');
  await page.fill('#rbf-p', '1e-3');
  await page.fill('#rbf-kmax', '12');
  await settled();
  const url = page.url();
  assert.match(url, /rrecycling=retaining/);
  assert.match(url, /[?&]rp=1e-3/);
  assert.doesNotMatch(url, /rfpr/);
  const before = await shown();
  await page.goto(url);
  await settled();
  assert.equal(await page.inputValue('#rbf-p'), '1e-3');
  assert.equal(await page.inputValue('#rbf-recycling'), 'retaining');
  assert.equal(await page.inputValue('#rbf-k'), '5');
  assert.equal(await page.inputValue('#rbf-sigma'), '539');
  const after = await shown();
  assert.deepEqual(after, before);
  assertMatches(after, bc.recommend({ m: 1000, p: 1e-3, kmax: 12, recycling: 'retaining' }));
  // the other sections' parameters are still there and theirs are untouched
  assert.equal(await page.inputValue('#px-prior'), '1e-6');
});

test('an old link (rfpr, the older name of rp) keeps working and is rewritten to rp', async () => {
  await page.goto(`${baseUrl}?rm=1000&rfpr=2%25&rkmax=6&bpe=12`);
  await settled();
  assert.equal(await page.inputValue('#rbf-p'), '2%');
  const url = new URL(page.url());
  assert.equal(url.searchParams.get('rp'), '2%');
  assert.equal(url.searchParams.has('rfpr'), false);
  assert.equal(url.searchParams.get('bpe'), '12', "the other calculators' keys stay");
  assertMatches(await shown(), bc.recommend({ m: 1000, p: 0.02, kmax: 6 }));
  // the current key wins over its older name
  await page.goto(`${baseUrl}?rm=1000&rp=0.5%25&rfpr=2%25&rkmax=6`);
  await settled();
  assert.equal(await page.inputValue('#rbf-p'), '0.5%');
  assert.equal(new URL(page.url()).searchParams.has('rfpr'), false);
});

test('bad input is named beside its field: f* = 2, σ ≥ M, σ < k when retaining, M too large', async () => {
  await page.goto(`${baseUrl}?rm=1000&rp=2`);
  await settled(['stale']);
  assert.equal(await page.isVisible('#rbf-p-error'), true);
  assert.match(await page.textContent('#rbf-p-error'), /\bp\b.*\(0, 1\)/);
  assert.equal(await page.getAttribute('#rbf-p', 'aria-invalid'), 'true');

  await page.fill('#rbf-p', '1%');
  await settled();
  assert.equal(await page.isVisible('#rbf-p-error'), false);
  await page.fill('#rbf-sigma', '1000');
  await page.waitForSelector('#rbf-sigma-error:not([hidden])', WAIT);
  assert.match(await page.textContent('#rbf-sigma-error'), /\bsigma\b.*\[0, 999\]/);

  await page.selectOption('#rbf-recycling', 'retaining');
  await settled();
  await page.selectOption('#rbf-k', '6');
  await page.fill('#rbf-sigma', '3');
  await page.waitForFunction(() => /\[6, 999\]/.test(byId('rbf-sigma-error').textContent), null, WAIT);
  assert.equal(await page.getAttribute('#rbf-sigma', 'aria-invalid'), 'true');

  await page.fill('#rbf-m', '2Tib');
  await settled(['stale']);
  assert.match(await page.textContent('#rbf-m-error'), /\bm\b.*2\^40/);
  await page.fill('#rbf-m', '1000');
  await page.fill('#rbf-kmax', '0');
  await settled(['stale']);
  assert.match(await page.textContent('#rbf-kmax-error'), /\bkmax\b/);
});

test('a large run can be cancelled; the page stays responsive and a new small run works', async () => {
  // kmax = 64: the rows k > 32 run on the exact fill (the large-M method is proven for k ≤ 32; every σ-bounded
  // variant has it), slow at 2^23 (at 2^21 the faster exact fill's pool could finish before Cancel on an idle
  // machine).
  await page.goto(`${baseUrl}?rm=8Mi&rp=1%25&rrecycling=retaining&rrestart=eq10&rkmax=64`);
  await page.waitForFunction(() => document.querySelector('bloom-calc[data-ready="true"]') !== null, null, WAIT);
  await page.waitForSelector('#rbf-warning:not([hidden])', WAIT); // once the worker says the exact fill will run
  assert.match(await page.textContent('#rbf-warning'), /32 of the 64 rows \(k = 33–64\) use the exact fill/);
  await page.click('#rbf-run');
  await page.waitForFunction(() => byId('rbf').dataset.state === 'running', null, WAIT);
  assert.equal(await page.isVisible('#rbf-progress'), true);
  // responsive: the sizing calculator still computes while the worker runs
  await page.fill('#n', '12345');
  await page.waitForFunction(() => byId('results').dataset.query === 'n=12345&p=1%25', null, WAIT);
  await page.click('#rbf-cancel');
  await settled(['cancelled']);
  assert.match(await page.textContent('#rbf-status'), /cancelled/i);
  assert.equal(await page.isDisabled('#rbf-cancel'), true);

  await page.fill('#rbf-m', '2000');
  await page.fill('#rbf-p', '0.5%');
  await page.click('#rbf-run');
  await settled();
  assertMatches(await shown(), bc.recommend({ m: 2000, p: 0.005, kmax: 64, recycling: 'retaining', restart: 'eq10' }));
});

// The page's main-thread tasks while `during` runs, by CPU time (harness.mjs, mainThreadTasks): the models run in
// workers, so what is left is the page's own work (layout, charts); a model on the main thread would take seconds.
const longest = async (during) => longestTask(await mainThreadTasks(page, during));

test('the responsiveness measure sees a blocked main thread: a fixed computation on it is one task over the bound', async (t) => {
  await page.goto(`${baseUrl}?rm=1000&rp=1%25`);
  await page.waitForFunction(() => document.querySelector('bloom-calc[data-ready="true"]') !== null, null, WAIT);
  await settled();
  // The computation runs in a task of its own, posted once tracing runs: a task begun before the trace started is
  // not in it, and an evaluate that reaches a busy page runs inside the page's running task (V8 interrupt).
  const blocked = await longest(() =>
    page.evaluate(
      () =>
        new Promise((done) =>
          setTimeout(() => {
            let x = 0;
            for (let i = 0; i < 3e8; i++) x = (x * 31 + i) | 0; // about 2 s of CPU time, whatever the load
            done(x);
          }, 0),
        ),
    ),
  );
  t.diagnostic(`blocked: ${blocked.text}`);
  assert.ok(blocked.cpu >= 400, `a blocked main thread: ${blocked.text}`);
});

test('typing stays responsive: M = 2^36 (large-M) typed key by key, then a pooled exact run at 2^24 (k up to 64)', async (t) => {
  await page.goto(`${baseUrl}?rm=1000&rp=1%25`);
  await page.waitForFunction(() => document.querySelector('bloom-calc[data-ready="true"]') !== null, null, WAIT);
  await settled();
  const typing = await longest(async () => {
    await page.fill('#rbf-m', '');
    await page.locator('#rbf-m').pressSequentially('2^36', { delay: 40 }); // faster than the 250 ms debounce: one run
    await settled();
  });
  assertMatches(await shown(), bc.recommend({ m: 2 ** 36, p: 0.01 }));
  t.diagnostic(`while typing: ${typing.text}`);
  assert.ok(typing.cpu < 400, `main-thread tasks while typing: ${typing.text}`);

  // The exact fill at 2^24 (the rows k = 33..64: the large-M method is proven for k ≤ 32) is shared out over the
  // pool; the page keeps answering: typed input is taken and the sizing calculator computes.
  // 2^24, not 2^20 or 2^22: on an idle machine the faster recommender (0.3 s of CPU time for k ≤ 32 at 2^20)
  // could finish before Cancel was clicked.
  await page.goto(`${baseUrl}?rm=16Mi&rp=1%25&rrecycling=retaining&rrestart=eq10&rkmax=64`);
  await page.waitForFunction(() => document.querySelector('bloom-calc[data-ready="true"]') !== null, null, WAIT);
  await page.waitForSelector('#rbf-warning:not([hidden])', WAIT);
  const running = await longest(async () => {
    await page.click('#rbf-run');
    await page.waitForFunction(() => byId('rbf').dataset.state === 'running', null, WAIT);
    await page.fill('#n', '');
    await page.locator('#n').pressSequentially('4321', { delay: 40 });
    await page.waitForFunction(() => /^n=4321&/.test(byId('results').dataset.query ?? ''), null, WAIT);
    await page.click('#rbf-cancel');
    await settled(['cancelled']);
  });
  t.diagnostic(`during the pooled run: ${running.text}`);
  assert.ok(running.cpu < 400, `main-thread tasks during the pooled run: ${running.text}`);
});

test('a recycling filter of 2^36 bits: recommended at once by the large-M method', async () => {
  await page.goto(`${baseUrl}?rm=2%5E36&rp=0.1%25`);
  await page.waitForFunction(() => document.querySelector('bloom-calc[data-ready="true"]') !== null, null, WAIT);
  await settled();
  assert.equal(await page.isVisible('#rbf-warning'), false, 'no size warning: the large-M method is fast');
  assert.match(await page.textContent('#rbf-status'), /large-M method, relative error ≤ \d/);
  assertMatches(await shown(), bc.recommend({ m: 2 ** 36, p: 0.001 }));
});

test('an infeasible target shows "infeasible", never NaN', async () => {
  await page.goto(`${baseUrl}?rm=1000&rp=1e-300&rrecycling=retaining&rkmax=4`);
  await settled();
  const s = await shown();
  assert.equal(s.best.onePhase.feasible, 'false');
  assertMatches(s, bc.recommend({ m: 1000, p: 1e-300, recycling: 'retaining', kmax: 4 }));
  const text = await page.textContent('#rbf');
  assert.match(text, /infeasible/);
  assert.doesNotMatch(text, /NaN/);
});

test('2^20 bits, kmax 40: the status names both methods (large-M for k ≤ 32, exact fill above), as the module does', async () => {
  await page.goto(`${baseUrl}?rm=2%5E20&rp=1%25&rkmax=40`);
  await page.waitForFunction(() => document.querySelector('bloom-calc[data-ready="true"]') !== null, null, WAIT);
  await page.waitForSelector('#rbf-warning:not([hidden])', WAIT); // the rows k > 32 run on the exact fill
  await page.click('#rbf-run');
  await settled();
  const expected = bc.recommend({ m: 2 ** 20, p: 0.01, kmax: 40 });
  assert.equal(expected.method, 'mixed');
  assertMatches(await shown(), expected);
  assert.match(await page.textContent('#rbf-status'), /\(large-M method for k = 1–32, relative error ≤ \d\.\de-\d+; exact fill for k = 33–40\)\.$/);
});

test('no request leaves localhost; no page errors', async () => {
  const origin = new URL(baseUrl).origin;
  assert.deepEqual(
    requests.filter((url) => !url.startsWith(`${origin}/`) && !url.startsWith('data:')),
    [],
  );
  assert.ok(
    requests.some((url) => url.endsWith('/rbf-worker.js')),
    'the worker was loaded',
  );
  assert.deepEqual(pageErrors.map(String), []);
});
