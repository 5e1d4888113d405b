// Errors keep their class and fields across every worker boundary (wasm/error-wire.mjs): what an element's
// `.error` and `error` event give, for the calculators that compute in a worker (recycling, sizing, layouts,
// simulate) and for their bad input checked on the page, is the error the Node module throws for the same
// input — the same class (RangeError, TypeError), message, `parameter` and `validRange` (docs/embed.md). Each
// worker script is also driven directly: its 'error' message carries those fields for every kind of request
// (tests/js/error-wire.test.mjs: the round trip itself, and through Node's worker threads).
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { browserForFile } from './harness.mjs';

const WAIT = { timeout: 30_000 };

let page, bc, baseUrl, pageErrors;
browserForFile((opened) => ({ page, bc, baseUrl, pageErrors } = opened));

/** The error the module throws for `call`, as the fields compared below. */
function thrown(call) {
  try {
    call();
  } catch (e) {
    return { class: e.constructor.name, name: e.name, message: e.message, parameter: e.parameter, validRange: e.validRange };
  }
  assert.fail('expected an error');
}

/** The element's `.error` once it is set, as the same fields (class: the constructor's name). */
async function elementError(selector) {
  await page.waitForFunction((s) => document.querySelector(s)?.error != null, selector, WAIT);
  return page.evaluate((s) => {
    const e = document.querySelector(s).error;
    return { class: e.constructor.name, name: e.name, message: e.message, parameter: e.parameter, validRange: e.validRange };
  }, selector);
}

test("the page: each calculator that computes in a worker gives the API's error, class and fields kept", async () => {
  const cases = [
    // recycling: p = 0 (refused by the core's parser on the page, as issue 22 found), m = 3 and kmax = 65 (in the worker)
    ['?rm=1000&rp=0', '#recycling-calc', () => bc.recommend({ m: '1000', p: '0' })],
    ['?rm=3&rp=1%25', '#recycling-calc', () => bc.recommend({ m: '3', p: '1%' })],
    ['?rm=1000&rp=1%25&rkmax=65', '#recycling-calc', () => bc.recommend({ m: '1000', p: '1%', kmax: '65' })],
    // sizing (bc.size runs in the calculation worker)
    ['?n=0&p=1%25', '#sizing-calc', () => bc.size({ n: '0', p: '1%' })],
    // layouts (its own worker)
    ['?lk=7', '#layouts-calc', () => bc.layoutSize({ n: '1M', p: '1%', preset: 'rocksdb', k: '7' })],
  ];
  for (const [query, selector, call] of cases) {
    await page.goto(`${baseUrl}${query}`);
    const expected = thrown(call);
    assert.equal(expected.class, 'RangeError');
    assert.ok(expected.validRange, `${query}: the API names the valid range`);
    assert.deepEqual(await elementError(selector), expected, query);
  }
  assert.deepEqual(pageErrors, []);
});

test('an element\'s error event and .error: a simulation refused in the worker (calculator="simulate")', async () => {
  await page.goto(baseUrl);
  const got = await page.evaluate(async () => {
    const el = document.createElement('bloom-calc');
    for (const [name, value] of Object.entries({ calculator: 'simulate', m: '2048', n: '200', k: '5', epochs: '0', seed: '7', autorun: '' }))
      el.setAttribute(name, value);
    const event = new Promise((resolve) => el.addEventListener('error', (e) => resolve(e.detail)));
    document.body.append(el);
    const e = await event;
    return { same: e === el.error, class: e.constructor.name, name: e.name, message: e.message, parameter: e.parameter, validRange: e.validRange };
  });
  const expected = thrown(() =>
    bc.createSimulation({ structure: 'bloom', m: 2048, n: 200, k: 5, hashing: 'colliding', queries: 200, epochs: 0, arrivals: 200000, seed: 7 }),
  );
  assert.equal(got.same, true, "the event's detail is .error");
  delete got.same;
  assert.deepEqual(got, expected);
});

test("every worker posts the API's error fields, its name naming the class (each kind of request)", async () => {
  await page.goto(baseUrl);
  const requests = [
    ['rbf-worker.js', { id: 1, method: 'recommend', input: { m: 1000, p: 0 } }, () => bc.recommend({ m: 1000, p: 0 })],
    ['rbf-worker.js', { id: 2, method: 'recommendRows', input: { input: { m: 1000, p: 0.01 }, k: 99 } }, () => bc.recommendRows({ m: 1000, p: 0.01 }, 99, 99)],
    ['size-worker.js', { id: 3, method: 'size', input: { n: 0, p: 0.01 } }, () => bc.size({ n: 0, p: 0.01 })],
    ['tools-worker.js', { id: 8, method: 'window', input: { w: 0, p: 0.01 } }, () => bc.window({ w: 0, p: 0.01 })],
    [
      'rbf-worker.js',
      { id: 4, method: 'recommend', input: { m: 1000, p: 0.01, hashin: 'distinct' } },
      () => bc.recommend({ m: 1000, p: 0.01, hashin: 'distinct' }),
    ],
    [
      'layouts-worker.js',
      { id: 5, method: 'layouts', input: { n: '1M', p: '1%', picked: { preset: 'rocksdb', k: '7' } } },
      () => bc.layoutSize({ n: '1M', p: '1%', preset: 'rocksdb', k: '7' }),
    ],
    [
      'sim-worker.js',
      { id: 6, method: 'simulate', input: { structure: 'bloom', m: 2048, n: 200, k: 5, epochs: 0, arrivals: 1000 } },
      () => bc.createSimulation({ structure: 'bloom', m: 2048, n: 200, k: 5, epochs: 0, arrivals: 1000 }),
    ],
    [
      'sim-share-worker.js',
      { id: 9, method: 'epochs', input: { input: { structure: 'bloom', m: 2048, n: 200, k: 5, epochs: 0, arrivals: 1000 }, share: { first: 0, stride: 1 } } },
      () => bc.createSimulation({ structure: 'bloom', m: 2048, n: 200, k: 5, epochs: 0, arrivals: 1000 }),
    ],
    [
      'sim-worker.js',
      { id: 7, method: 'simulateParadox', input: { structure: 'bloom', m: 80, n: 8, k: 6, prior: 0.5, queries: 1000, epochs: 0, seed: 1 } },
      () => bc.createParadoxSimulation({ structure: 'bloom', m: 80, n: 8, k: 6, prior: 0.5, queries: 1000, epochs: 0, seed: 1 }),
    ],
  ];
  for (const [file, message, call] of requests) {
    const expected = thrown(call);
    const got = await page.evaluate(
      async ({ file, message }) => {
        const worker = new Worker(new URL(file, location.href), { type: 'module' });
        const error = await new Promise((resolve) => {
          worker.onmessage = ({ data }) => data && 'error' in data && resolve(data.error); // wasm/worker-protocol.mjs
          worker.postMessage(message);
        });
        worker.terminate();
        return { wire: error };
      },
      { file, message },
    );
    const { class: cls, ...fields } = expected;
    assert.deepEqual(got.wire, fields, `${file} ${message.method}`);
    assert.ok(['RangeError', 'TypeError'].includes(cls) && cls === fields.name, 'the name gives back the class');
  }
});
