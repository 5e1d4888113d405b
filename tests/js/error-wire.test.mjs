// wasm/error-wire.mjs: an error of the API crosses a worker boundary with its class, name, message and fields
// (`parameter`, `validRange`, `cancelled`), by structured clone (what postMessage does) and through the Node
// pool's real worker thread (wasm/rbf-pool-worker.mjs). tests/e2e/worker-errors.test.mjs checks the page's workers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Worker } from 'node:worker_threads';
import { createBloomCalc } from '../../wasm/index.mjs';
import { errorClass, fromWire, toWire } from '../../wasm/error-wire.mjs';
import { hasNodeBuild } from './helpers/common.mjs';

const skip = hasNodeBuild() ? false : 'dist/bloomcalc.{web,rbf}.* is missing; run `npm run build` first';

function thrown(call) {
  try {
    call();
  } catch (e) {
    return e;
  }
  assert.fail('expected an error');
}

const fields = (e) => ({ class: e.constructor, name: e.name, message: e.message, parameter: e.parameter, validRange: e.validRange, cancelled: e.cancelled });

test('every kind of API error survives toWire → structured clone → fromWire', { skip }, async () => {
  const bc = await createBloomCalc();
  const errors = [
    thrown(() => bc.fpr({ m: -5, n: 10, k: 3 })), // RangeError from the core
    thrown(() => bc.fpr({ m: 32, n: 4, k: 5, hashin: 'distinct' })), // TypeError of the API
    thrown(() => bc.recommend({ m: 1000, p: '0' })),
    thrown(() => bc.recommend({ m: 1000, p: 0.01 }, () => false)), // AbortError (a cancel), an Error named so
    thrown(() => bc.parseBits('7 parsecs')),
    Object.assign(new Error('cancelled'), { cancelled: true }), // the pools' cancel (wasm/rbf-pool.mjs)
  ];
  assert.deepEqual(
    errors.map((e) => e.name),
    ['RangeError', 'TypeError', 'RangeError', 'AbortError', 'RangeError', 'Error'],
  );
  for (const error of errors) {
    const back = fromWire(structuredClone(toWire(error)));
    assert.ok(back instanceof errorClass(error.name) && back instanceof Error);
    assert.deepEqual(fields(back), fields(error), error.message);
  }
  // A clone of the Error itself (what the workers posted before) keeps no field.
  assert.equal(structuredClone(errors[0]).parameter, undefined);
});

test('anything thrown becomes an Error; an Error given to fromWire is kept', () => {
  assert.deepEqual(toWire('boom'), { name: 'Error', message: 'boom' });
  assert.deepEqual(toWire(undefined), { name: 'Error', message: 'undefined' });
  const e = new TypeError('x');
  assert.equal(fromWire(e), e);
  const back = fromWire({ name: 'SomethingError', message: 'y', parameter: 'q' });
  assert.ok(back instanceof Error);
  assert.equal(back.name, 'SomethingError');
  assert.equal(back.parameter, 'q');
  assert.equal(toWire(Object.assign(new RangeError('z'), { fn: () => 1, parameter: 'm' })).fn, undefined, 'only plain fields cross');
});

test("the Node pool's worker thread answers a bad row with the API's error, rebuilt the same", { skip }, async () => {
  const bc = await createBloomCalc({ modules: ['rbf'] });
  const input = { m: 1000, p: 0.01 };
  const expected = thrown(() => bc.recommendRows(input, 99, 99));
  const worker = new Worker(new URL('../../wasm/rbf-pool-worker.mjs', import.meta.url));
  try {
    const answer = await new Promise((resolve, reject) => {
      worker.on('message', resolve);
      worker.on('error', reject);
      worker.postMessage({ id: 1, method: 'recommendRows', input: { input, k: 99 } }); // wasm/worker-protocol.mjs
    });
    assert.equal(answer.id, 1);
    assert.deepEqual(fields(fromWire(answer.error)), fields(expected));
  } finally {
    await worker.terminate();
  }
});
