// One meaning per parameter across the module and the CLI (issue 10 item 6, docs/decisions.md "Vocabulary"):
// p the target FPR (fpr its older alias in recommend), M the total memory of a two-phase filter everywhere,
// N for N-bounded structures, recycling nonretaining|retaining also in simulate; size with all four given.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { createBloomCalc } from '../../wasm/index.mjs';
import { cli, cliJson } from './helpers/common.mjs';

describe('one vocabulary', () => {
  let bc;
  before(async () => {
    bc = await createBloomCalc();
  });

  test('recommend: p is the target; fpr its older alias; disagreeing values name p', () => {
    const a = bc.recommend({ m: 1000, p: 0.01, kmax: 6 });
    const b = bc.recommend({ m: 1000, fpr: '1%', kmax: 6 });
    assert.deepEqual(a, b);
    assert.equal(a.p, 0.01);
    assert.equal(a.fpr, 0.01);
    assert.throws(() => bc.recommend({ m: 1000, p: 0.01, fpr: 0.02 }), (e) => e instanceof RangeError && e.parameter === 'p');
    assert.throws(() => bc.recommend({ m: 1000 }), (e) => e.parameter === 'p');
  });

  test('simulate: N and recycling as in nBounded and rbf; n and retaining still accepted', () => {
    const base = { m: 64, k: 4, epochs: 3, arrivals: 2000, seed: 4 };
    const byN = bc.simulateSync({ structure: 'n-real', N: 15, ...base });
    const byn = bc.simulateSync({ structure: 'n-real', n: 15, ...base });
    assert.deepEqual(byN.epochCounts, byn.epochCounts);
    assert.equal(byN.config.n, 15);
    const r1 = bc.simulateSync({ structure: 'sigma', sigma: 40, recycling: 'retaining', ...base });
    const r2 = bc.simulateSync({ structure: 'sigma', sigma: 40, retaining: true, ...base });
    assert.deepEqual(r1.epochCounts, r2.epochCounts);
    assert.equal(r1.config.retaining, true);
    assert.throws(() => bc.simulateSync({ structure: 'sigma', sigma: 40, recycling: 'retaining', retaining: false, ...base }),
      (e) => e.parameter === 'recycling');
    assert.throws(() => bc.simulateSync({ structure: 'sigma', sigma: 40, recycling: 'yes', ...base }), (e) => e.parameter === 'recycling');
    // M is the total memory of a two-phase filter, as in rbf(): σ is bounded by one array's ⌊M/2⌋ − 1
    assert.throws(() => bc.simulateSync({ structure: 'two-phase', m: 64, sigma: 32, ...base }), (e) => e.parameter === 'sigma');
  });

  test('size with all four given: solved is "none"; the CLI exits 3 when the target is missed', async () => {
    assert.equal(bc.size({ n: 1000, m: 10000, k: 7, p: 0.01 }).solved, 'none');
    const met = await cli('size', '--n', '1000', '--m', '10000', '--k', '7', '--p', '0.01');
    assert.equal(met.code, 0, met.stderr);
    const missed = await cli('size', '--n', '1000', '--m', '5000', '--k', '7', '--p', '0.01');
    assert.equal(missed.code, 3);
    assert.match(missed.stdout, /NOT met/);
    assert.match(missed.stderr, /does not meet the target p/);
  });

  test('CLI: recommend --p (and --fpr), simulate --N and --recycling', async () => {
    const a = await cliJson('recommend', '--m', '1000', '--p', '1%', '--kmax', '4');
    const b = await cliJson('recommend', '--m', '1000', '--fpr', '1%', '--kmax', '4');
    assert.deepEqual(a, b);
    const s = await cliJson('simulate', 'n-real', '--m', '64', '--k', '4', '--N', '15', '--epochs', '3', '--arrivals', '2000');
    assert.equal(s.config.n, 15);
    const t = await cliJson('simulate', 'sigma', '--m', '64', '--k', '4', '--sigma', '40', '--recycling', 'retaining', '--epochs', '3', '--arrivals', '2000');
    assert.equal(t.config.retaining, true);
  });
});
