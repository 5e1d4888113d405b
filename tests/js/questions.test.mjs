// Issue 21 item 1 on the module and the CLI: window() against the figures docs/window.md states and its plain filter
// against size(), the CLI's JSON equal to the module's, and bad input named. The model's own verification
// (simulation, exact chains) is in tests/core/window_test.cpp.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';

import { createBloomCalc } from '../../wasm/index.mjs';
import { assertClose, cliFails, cliJson } from './helpers/common.mjs';

let bc;
before(async () => {
  bc = await createBloomCalc();
});

describe('window', () => {
  test('W = 10^6 at p = 1 %, 0.1 %, 0.01 %: the figures of docs/window.md (each rule meets p; M − 2 does not)', () => {
    const figures = {
      0.01: { n: 19828900, nk: 7, s: 19852578, sk: 7 },
      0.001: { n: 29235520, nk: 10, s: 29264458, sk: 10 },
      0.0001: { n: 38728294, nk: 14, s: 38761884, sk: 14 },
    };
    for (const [p, want] of Object.entries(figures)) {
      const r = bc.window({ w: '1M', p: Number(p) });
      assert.equal(r.nBounded.k, want.nk, `p = ${p}: N rule k`);
      assert.equal(r.sigmaBounded.k, want.sk, `p = ${p}: σ rule k`);
      // wasm's libm may round a last bit differently from the native build the docs quote: the memory within 1e-6
      assertClose(r.nBounded.m, want.n, 1e-6, `p = ${p}: N rule memory`);
      assertClose(r.sigmaBounded.m, want.s, 1e-6, `p = ${p}: σ rule memory`);
      assert.ok(r.nBounded.fpr <= Number(p) && r.sigmaBounded.fpr <= Number(p));
      assert.ok(r.sigmaBounded.delta <= 1e-6);
      assert.equal(r.nBounded.n, 1e6);
      // the plain filter for 2W items is size()'s, exact method
      const plain = bc.size({ n: 2e6, p: Number(p), method: 'exact' });
      assert.equal(r.plain.m, plain.m);
      assert.equal(r.plain.k, plain.k);
    }
  });

  test('any W up to 2^36: the largest window is sized (each rule meets p), one more is refused naming w', () => {
    const r = bc.window({ w: '2^36', p: '1%' });
    assert.equal(r.w, 2 ** 36);
    assert.equal(r.nBounded.n, 2 ** 36);
    assert.ok(r.nBounded.fpr <= 0.01 && r.sigmaBounded.fpr <= 0.01 && r.sigmaBounded.delta <= 1e-6);
    // a few percent over a plain filter's −ln p/ln² 2 = 9.585 bits per item for 2W items at 1 %, which itself
    // would need 2^40.3 bits, beyond size()'s 2^40: no plain filter beside it
    const perItem = r.nBounded.m / 2 ** 37;
    assert.ok(perItem > 9.585 && perItem < 1.05 * 9.585, String(perItem));
    assert.equal(r.plain, null);
    assert.throws(() => bc.window({ w: 2 ** 36 + 1, p: 0.01 }), (e) => e instanceof RangeError && e.parameter === 'w');
  });

  test('bad input names its parameter', () => {
    assert.throws(() => bc.window({ w: 0, p: 0.01 }), (e) => e instanceof RangeError && e.parameter === 'w');
    assert.throws(() => bc.window({ w: 1000, p: 2 }), (e) => e instanceof RangeError && e.parameter === 'p');
    assert.throws(() => bc.window({ w: 1000, p: 0.01, delta: 0 }), (e) => e instanceof RangeError && e.parameter === 'delta');
    assert.throws(() => bc.window({ w: 2 ** 36, p: 1e-4 }), (e) => e instanceof RangeError && e.parameter === 'p');
    assert.throws(() => bc.window({ w: 1000 }), (e) => e instanceof RangeError && e.parameter === 'p');
  });
});

describe('the CLI', () => {
  test('window --json equals the module', async () => {
    assert.deepEqual(await cliJson('window', '--w', '1000', '--p', '1%'), bc.window({ w: 1000, p: '1%' }));
  });

  test('bad input: exit 2 naming the parameter', async () => {
    await cliFails(['window', '--w', '0', '--p', '1%'], 'w');
  });
});
