// One meaning per parameter across the module, the CLI, the elements and the page URL (issue 10 item 6,
// docs/vocabulary.md): p the target FPR (fpr its older alias in recommend and the recycling
// calculator), M the total memory of a two-phase filter everywhere, N for N-bounded structures, recycling
// nonretaining|retaining also in simulate; size with all four given. The last tests read every surface's
// names from the sources (tests/js/helpers/vocabulary.mjs) and hold them to docs/vocabulary.md's table.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { createBloomCalc } from '../../wasm/index.mjs';
import { cli, cliJson } from './helpers/common.mjs';
import { allNames, calculatorFields, documentedVocabulary } from './helpers/vocabulary.mjs';

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
    assert.throws(
      () => bc.recommend({ m: 1000, p: 0.01, fpr: 0.02 }),
      (e) => e instanceof RangeError && e.parameter === 'p',
    );
    assert.throws(
      () => bc.recommend({ m: 1000 }),
      (e) => e.parameter === 'p',
    );
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
    assert.throws(
      () => bc.simulateSync({ structure: 'sigma', sigma: 40, recycling: 'retaining', retaining: false, ...base }),
      (e) => e.parameter === 'recycling',
    );
    assert.throws(
      () => bc.simulateSync({ structure: 'sigma', sigma: 40, recycling: 'yes', ...base }),
      (e) => e.parameter === 'recycling',
    );
    // the older spelling is read by rbf, sigmaCurve and recommend too (it was silently ignored there)
    const model = { m: 1000, k: 5, sigma: 539 };
    assert.deepEqual(bc.rbf({ ...model, retaining: true }), bc.rbf({ ...model, recycling: 'retaining' }));
    assert.deepEqual(bc.rbf({ ...model, retaining: 'false' }), bc.rbf(model));
    assert.deepEqual(bc.sigmaCurve({ m: 1000, k: 5, points: 5, retaining: true }), bc.sigmaCurve({ m: 1000, k: 5, points: 5, recycling: 'retaining' }));
    assert.deepEqual(bc.recommend({ m: 1000, p: 0.01, kmax: 3, retaining: true }), bc.recommend({ m: 1000, p: 0.01, kmax: 3, recycling: 'retaining' }));
    assert.throws(
      () => bc.rbf({ ...model, recycling: 'nonretaining', retaining: true }),
      (e) => e instanceof RangeError && e.parameter === 'recycling',
    );
    assert.throws(
      () => bc.rbf({ ...model, retaining: 'yes' }),
      (e) => e instanceof TypeError && e.parameter === 'retaining',
    );
    // M is the total memory of a two-phase filter, as in rbf(): σ is bounded by one array's ⌊M/2⌋ − 1
    assert.throws(
      () => bc.simulateSync({ structure: 'two-phase', m: 64, sigma: 32, ...base }),
      (e) => e.parameter === 'sigma',
    );
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

  test('cbfOptimalK: kmax as in recommend; kMax its older name', () => {
    const input = { m: 7680, n: 1024, prior: 1 / 1024, alpha: 5 };
    const a = bc.cbfOptimalK({ ...input, kmax: 9 });
    assert.deepEqual(bc.cbfOptimalK({ ...input, kMax: 9 }), a);
    assert.equal(a.byK.length, 9);
    assert.throws(
      () => bc.cbfOptimalK({ ...input, kmax: 9, kMax: 8 }),
      (e) => e instanceof RangeError && e.parameter === 'kmax',
    );
    assert.throws(
      () => bc.cbfOptimalK({ ...input, kmax: 0 }),
      (e) => e.parameter === 'kmax',
    );
  });
});

describe('one vocabulary on every surface, as docs/vocabulary.md tabulates it', () => {
  let names, table;
  before(async () => {
    names = await allNames();
    table = await documentedVocabulary();
  });
  // the surfaces a name is a current (not older) name on, as the table writes them
  const surfacesOf = (name) => {
    const on = { api: new Set(), cli: new Set(), element: new Set() };
    for (const o of names) {
      if (o.alias || o.name !== name) continue;
      const kebab = name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
      if (o.kind === 'element') on.element.add(o.url === name || o.url === kebab ? o.where : `${o.where} (${o.url})`);
      else on[o.kind].add(o.where);
    }
    return on;
  };

  test('the sources were read: every surface has names', () => {
    for (const kind of ['api', 'cli', 'element', 'url'])
      assert.ok(
        names.some((o) => o.kind === kind),
        kind,
      );
    assert.ok(table.length >= 40, `the table has ${table.length} rows`);
  });

  test('every name on every surface is in the table, as a name or an older name', () => {
    const documented = new Set(table.flatMap((row) => [row.name, ...row.older]));
    const missing = [...new Set(names.filter((o) => !documented.has(o.name)).map((o) => `${o.name} (${o.kind} ${o.where})`))];
    assert.deepEqual(missing, [], 'undocumented names: add them to the table in docs/vocabulary.md');
  });

  test('each name is a current name exactly where the table says (one meaning, one name)', () => {
    const seen = new Set();
    for (const row of table) {
      assert.ok(!seen.has(row.name), `${row.name}: one row per name`);
      seen.add(row.name);
      const on = surfacesOf(row.name);
      for (const kind of ['api', 'cli', 'element'])
        assert.deepEqual([...on[kind]].sort(), [...row[kind]].sort(), `${row.name}: ${kind} surfaces (the sources vs the table)`);
    }
  });

  test('an older name is marked as one on its surface and listed under the name it stands for', () => {
    const byName = new Map(table.map((row) => [row.name, row]));
    const aliases = names.filter((o) => o.alias);
    assert.ok(aliases.length >= 8, `${aliases.length} aliases found`);
    for (const o of aliases) {
      assert.ok(o.target, `${o.name} (${o.kind} ${o.where}): says which name it stands for`);
      assert.ok(byName.get(o.target)?.older.includes(o.name), `${o.name} (${o.kind} ${o.where}) is listed as an older name of ${o.target}`);
    }
    for (const row of table)
      for (const old of row.older)
        assert.ok(
          names.some((o) => o.name === old && (o.alias || (row.name === 'N' && old === 'n'))),
          `${old}, older name of ${row.name}, is read somewhere`,
        );
  });

  test("the target FPR is p on every surface; fpr is a filter's own FPR (paradox) or an older name", async () => {
    const fields = await calculatorFields();
    assert.deepEqual(Object.keys(fields.recycling).includes('fpr'), false, 'the recycling calculator names its target p');
    assert.equal(fields.recycling.p.url, 'rp');
    assert.deepEqual(fields.recycling.p.aliases, ['fpr']);
    assert.deepEqual(fields.recycling.p.urlAliases, ['rfpr']);
    assert.equal(fields.layouts.p.url, 'lp');
    const fprAsCurrent = names.filter((o) => o.name === 'fpr' && !o.alias).map((o) => `${o.kind}:${o.where}`);
    assert.deepEqual([...new Set(fprAsCurrent)].sort(), ['api:ParadoxCurveInput', 'api:ParadoxInput', 'cli:paradox', 'element:paradox']);
    // URL keys: one key per field of the page, none shared by two meanings
    const keys = new Map();
    for (const o of names.filter((x) => x.kind === 'element' && !x.alias)) {
      const prev = keys.get(o.url);
      assert.ok(!prev || prev === o.name, `URL key ${o.url}: ${prev} and ${o.name}`);
      keys.set(o.url, o.name);
    }
    for (const o of names.filter((x) => x.kind === 'url')) assert.ok(!keys.has(o.name), `older URL key ${o.name} is no current key`);
  });
});
