// 004 Theorem 1 on the simulation engine through the JS API (bc.simulateParadox): the module is
// deterministic for a seed, agrees with itself chunked/async/sync, checks the theorem at the exact FPR
// against the 99 % interval, and names bad input.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { createBloomCalc } from '../../wasm/index.mjs';
import { assertParamError } from './helpers/common.mjs';

const bc = await createBloomCalc();

describe('simulateParadox (module)', () => {
  const input = { m: 64, n: 8, k: 6, prior: 0.1, queries: 1000, epochs: 3000, seed: 11 };

  test('Theorem 1 at the exact FPR lies inside the 99% interval; the classic-FPR posterior does not', async () => {
    const r = await bc.simulateParadox(input);
    const f = bc.fpr({ m: 64, n: 8, k: 6 });
    assert.equal(r.fpr, f.exact);
    assert.equal(r.classicFpr, f.classic);
    assert.equal(r.theorem, bc.paradox({ prior: 0.1, alpha: 1, fpr: f.exact }).posterior);
    assert.equal(r.theoremClassic, bc.paradox({ prior: 0.1, alpha: 1, fpr: f.classic }).posterior);
    assert.equal(r.inside, true, `theorem ${r.theorem} outside [${r.posterior.low}, ${r.posterior.high}]`);
    assert.ok(r.posterior.low <= r.theorem && r.theorem <= r.posterior.high);
    assert.equal(r.classicInside, false);
    assert.equal(r.counts.queries, 3000 * 1000);
    assert.equal(r.counts.memberPositives, r.counts.memberQueries); // a Bloom filter has no false negatives
    assert.equal(r.posterior.mean, r.counts.memberPositives / r.counts.positives);
    assert.equal(r.epochs, 3000);
    assert.equal(r.config.confidence, 0.99);
  });

  test('the same seed gives the same result (async, sync, chunked handle); another seed differs', async () => {
    const a = await bc.simulateParadox(input);
    const b = bc.simulateParadoxSync(input);
    assert.deepEqual(a, b);
    const h = bc.createParadoxSimulation(input);
    let steps = 0;
    while (!h.step(2e4).done) steps++;
    assert.ok(steps > 10);
    assert.deepEqual(h.result(), a);
    h.dispose();
    assert.equal(h.disposed, true);
    const c = bc.simulateParadoxSync({ ...input, seed: 12 });
    assert.notEqual(c.counts.positives, a.counts.positives);
  });

  test('bad input throws errors naming the parameter', () => {
    const ok = { m: 64, n: 8, k: 6, prior: 0.1, queries: 10, epochs: 2 };
    assertParamError(() => bc.simulateParadoxSync({ ...ok, prior: 0 }), 'prior');
    assertParamError(() => bc.simulateParadoxSync({ ...ok, prior: 1.5 }), 'prior');
    assertParamError(() => bc.simulateParadoxSync({ ...ok, prior: undefined }), 'prior');
    assertParamError(() => bc.simulateParadoxSync({ ...ok, epochs: 1 }), 'epochs');
    assertParamError(() => bc.simulateParadoxSync({ ...ok, queries: 0 }), 'queries');
    assertParamError(() => bc.simulateParadoxSync({ ...ok, m: undefined }), 'm');
    assertParamError(() => bc.simulateParadoxSync({ ...ok, k: 2.5 }), 'k');
    assertParamError(() => bc.simulateParadoxSync({ ...ok, structure: 'sigma' }), 'structure');
    assertParamError(() => bc.simulateParadoxSync({ ...ok, n: 'lots' }), 'n', { parse: true });
    assert.throws(() => bc.simulateParadoxSync(null), TypeError);
  });

  test('cancellation through an AbortSignal', async () => {
    const ac = new AbortController();
    const p = bc.simulateParadox({ ...input, epochs: 100000 }, { onProgress: (pr) => pr.fraction > 0 && ac.abort(), signal: ac.signal, chunkMs: 2 });
    await assert.rejects(p, (err) => err.name === 'AbortError');
  });
});
