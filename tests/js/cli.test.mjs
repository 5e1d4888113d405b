// The command line (wasm/cli.mjs) run as a child process: JSON output equals the module's results,
// help and version, and the error contract (stderr "bloomcalc: ...", empty stdout, exit 2).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';

import { createBloomCalc } from '../../wasm/index.mjs';
import { cli, wordRegExp } from './helpers/common.mjs';

const bc = await createBloomCalc();
const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));

async function cliOk(...args) {
  const r = await cli(...args);
  assert.equal(r.code, 0, `bloomcalc ${args.join(' ')} exited ${r.code}: ${r.stderr}`);
  assert.equal(r.stderr, '', `bloomcalc ${args.join(' ')} wrote to stderr`);
  return r;
}

async function cliJson(...args) {
  const r = await cliOk(...args, '--json');
  let parsed;
  assert.doesNotThrow(() => (parsed = JSON.parse(r.stdout)), `stdout is one JSON value: ${r.stdout}`);
  assert.equal(typeof parsed, 'object');
  assert.ok(parsed !== null && !Array.isArray(parsed), 'a JSON object');
  return parsed;
}

/** Runs a failing command: exit code `code`, nothing on stdout, one "bloomcalc: " message naming `names`. */
async function cliFails(args, { code = 2, names = [] } = {}) {
  const r = await cli(...args);
  const ctx = `bloomcalc ${args.join(' ')} → exit ${r.code}, stderr: ${r.stderr}`;
  assert.equal(r.code, code, ctx);
  assert.equal(r.stdout, '', `stdout must be empty: ${ctx}`);
  assert.match(r.stderr, /^bloomcalc: \S/, ctx);
  for (const name of names) assert.match(r.stderr, name instanceof RegExp ? name : wordRegExp(name), ctx);
  return r;
}

describe('fpr', () => {
  test('--json prints one JSON object equal to fpr()', async () => {
    for (const [args, input] of [
      [['--m', '1000', '--n', '100', '--k', '7'], { m: 1000, n: 100, k: 7 }],
      [['--m', '32', '--n', '4', '--k', '5', '--hashing', 'distinct'], { m: 32, n: 4, k: 5, hashing: 'distinct' }],
      [['-m', '2', '-n', '1', '-k', '2'], { m: 2, n: 1, k: 2 }],
    ]) {
      assert.deepEqual(await cliJson('fpr', ...args), bc.fpr(input));
    }
  });

  test('units and --name=value forms are passed to the API', async () => {
    const out = await cliJson('fpr', '--m=64KiB', '--n', '50k', '--k', '2^3');
    assert.deepEqual(out, bc.fpr({ m: '64KiB', n: '50k', k: '2^3' }));
    assert.equal(out.m, 524288);
    assert.equal(out.k, 8);
  });

  test('--table adds exactTable, the table-method value', async () => {
    const out = await cliJson('fpr', '--m', '500', '--n', '50', '--k', '4', '--table');
    const { exactTable, ...report } = out;
    assert.deepEqual(report, bc.fpr({ m: 500, n: 50, k: 4 }));
    assert.equal(exactTable, bc.exactFprTable({ m: 500, n: 50, k: 4 }));
    const required = ['classic', 'bloom1970', 'exact', 'classicDistinct', 'relativeError', 'm', 'n', 'k', 'hashing', 'bitsPerElement'];
    for (const key of required) assert.ok(key in out, `key ${key}`);
  });

  test('readable output: an aligned table with each formula, value, relative error and reference', async () => {
    const { stdout } = await cliOk('fpr', '--m', '1024', '--n', '100', '--k', '7', '--table');
    const r = bc.fpr({ m: 1024, n: 100, k: 7 });
    assert.match(stdout, /m = 1,024 bits/);
    assert.match(stdout, /n = 100 items/);
    assert.match(stdout, /k = 7/);
    for (const label of ['exact', 'table method', 'classic', 'Bloom 1970']) assert.ok(stdout.includes(label), label);
    for (const ref of ['001 eq 1', '001 eq 19', '001 eqs 8, 17, 18']) assert.ok(stdout.includes(ref), ref);
    assert.ok(stdout.includes(r.exact.toPrecision(6)), `exact value ${r.exact.toPrecision(6)} shown`);
    assert.ok(stdout.includes(r.classic.toPrecision(6)), 'classic value shown');
    const pct = `${(Math.abs(r.relativeError.classic) * 100).toPrecision(3)}%`;
    assert.ok(stdout.includes(`-${pct}`), `relative error ${pct} shown`);
    // Columns align: the FPR column ends at the same offset on each row of the table.
    const rows = stdout.split('\n').filter((line) => /^(exact|classic|Bloom)/.test(line));
    assert.equal(rows.length, 5);
    const ends = rows.map((line) => line.search(/\d\s{2,}1 in/));
    assert.equal(new Set(ends).size, 1, `aligned columns:\n${rows.join('\n')}`);
  });
});

describe('size', () => {
  test('--n 1M --p 1% --json equals size()', async () => {
    assert.deepEqual(await cliJson('size', '--n', '1M', '--p', '1%'), bc.size({ n: '1M', p: '1%' }));
  });

  test('every option reaches size()', async () => {
    const args = ['--n', '1M', '--p', '1 in 1000', '--rounding', 'pow2', '--method', 'exact', '--hashing', 'distinct'];
    const expected = bc.size({ n: '1M', p: '1 in 1000', rounding: 'pow2', method: 'exact', hashing: 'distinct' });
    assert.deepEqual(await cliJson('size', ...args), expected);
    assert.deepEqual(await cliJson('size', '--m', '64KiB', '--p', '0.1%'), bc.size({ m: '64KiB', p: '0.1%' }));
    assert.deepEqual(await cliJson('size', '--n', '1000', '--m', '10000', '--k', '7'), bc.size({ n: '1000', m: '10000', k: '7' }));
  });

  test('readable output shows m with separators, memory, k, p, bits/element, k choices and method', async () => {
    const { stdout } = await cliOk('size', '--n', '1M', '--p', '1%');
    const r = bc.size({ n: 1e6, p: 0.01 });
    const grouped = r.m.toLocaleString('en-US');
    assert.ok(stdout.includes(grouped), `m ${grouped}`);
    assert.match(stdout, /\d(\.\d+)? MiB/);
    for (const c of r.kChoices) assert.ok(stdout.includes(`k = ${c.k}: p = ${c.p.toPrecision(6)}`), `k choice ${c.k}`);
    assert.ok(stdout.includes(r.p.toPrecision(6)), 'achieved p');
    assert.match(stdout, /classic/);
    assert.match(stdout, /bits per element/);
  });
});

describe('help and version', () => {
  test('--help lists the commands; exit 0', async () => {
    for (const args of [['--help'], ['-h'], ['help']]) {
      const { stdout } = await cliOk(...args);
      assert.match(stdout, /Usage: bloomcalc/);
      assert.match(stdout, /^\s+fpr\s/m);
      assert.match(stdout, /^\s+size\s/m);
    }
  });

  test('help <cmd> and <cmd> --help describe the command options', async () => {
    for (const [cmd, options] of [
      ['fpr', ['--m', '--n', '--k', '--hashing', '--table', '--json']],
      ['size', ['--n', '--p', '--m', '--k', '--rounding', '--method', '--hashing', '--json']],
    ]) {
      const a = await cliOk('help', cmd);
      const b = await cliOk(cmd, '--help');
      assert.equal(a.stdout, b.stdout);
      assert.match(a.stdout, new RegExp(`Usage: bloomcalc ${cmd}`));
      for (const option of options) assert.ok(a.stdout.includes(option), `${cmd} help mentions ${option}`);
    }
  });

  test("each command's synopsis is written from its options: every current option, the required ones unbracketed", async () => {
    const { COMMANDS } = await import('../../wasm/cli/options.generated.mjs');
    const bracketed = (usage, flag) => new RegExp(`\\[[^\\]]*--${flag}(?![\\w-])[^\\]]*\\]`).test(usage);
    for (const [name, command] of Object.entries(COMMANDS)) {
      const { stdout } = await cliOk('help', name);
      assert.ok(stdout.startsWith(`Usage: ${command.usage}\n`), `${name}: the help starts with its synopsis`);
      for (const [flag, spec] of Object.entries(command.options)) {
        if (/^Older (name|spelling) of/.test(spec.description)) continue;
        assert.match(command.usage, new RegExp(`--${flag}(?![\\w-])`), `${name}'s synopsis shows --${flag}`);
      }
      for (const flag of command.required ?? []) assert.ok(!bracketed(command.usage, flag), `${name}: --${flag} is required, not in brackets`);
      for (const example of command.examples) assert.match(example, new RegExp(`^(npx )?bloomcalc ${name}\\b`), `${name}'s example ${example}`);
    }
    assert.match(COMMANDS.overflow.usage, /\(--bits B \| --target P\)/);
    assert.ok(
      COMMANDS.fpr.examples.some((e) => /--layout split-block/.test(e)),
      "fpr shows the layout field's example",
    );
  });

  test('--version prints the package version', async () => {
    const { stdout } = await cliOk('--version');
    assert.equal(stdout.trim(), pkg.version);
  });
});

describe('errors', () => {
  test('fpr --m -5 → exit 2, stderr names m and its range', async () => {
    await cliFails(['fpr', '--m', '-5', '--n', '10', '--k', '3'], { names: ['m', /2\^40|1099511627776/] });
  });

  test('bad values name their parameter', async () => {
    await cliFails(['fpr', '--m', '1000', '--n', '0', '--k', '3'], { names: ['n'] });
    await cliFails(['fpr', '--m', '1000', '--n', '10', '--k', '65'], { names: ['k', /64/] });
    await cliFails(['fpr', '--m', '1000', '--n', '10', '--k', '2.5'], { names: ['k'] });
    await cliFails(['fpr', '--m', '12 parsecs', '--n', '10', '--k', '3'], { names: ['m'] });
    await cliFails(['fpr', '--m', '1000', '--n', '10', '--k', '3', '--hashing', 'foo'], { names: ['hashing'] });
    await cliFails(['size', '--n', '1M', '--p', '2'], { names: ['p'] });
    await cliFails(['size', '--n', '1M', '--p', '0'], { names: ['p'] });
    await cliFails(['size', '--n', '1M', '--p', '1%', '--rounding', 'nearest'], { names: ['rounding'] });
    await cliFails(['size', '--n', '1M', '--p', '1%', '--method', 'fast'], { names: ['method'] });
    await cliFails(['size', '--n', '-Infinity', '--p', '1%'], { names: ['n'] });
  });

  test('unknown flag, unknown command, missing values and stray arguments → exit 2', async () => {
    await cliFails(['fpr', '--m', '10', '--n', '1', '--k', '1', '--bogus'], { names: [/--bogus/] });
    await cliFails(['size', '-x'], { names: [/-x/] });
    await cliFails(['frobnicate'], { names: [/frobnicate/] });
    await cliFails(['help', 'frobnicate'], { names: [/frobnicate/] });
    await cliFails(['--bogus'], { names: [/--bogus/] });
    await cliFails(['fpr', '--m', '10', '--n', '1', '--k'], { names: [/--k/] });
    await cliFails(['fpr', '--m', '10', '--n', '1'], { names: [/--k/] });
    await cliFails(['fpr', '--m', '10', '--n', '1', '--k', '1', 'extra'], { names: [/extra/] });
    await cliFails(['fpr', '--m', '10', '--n', '1', '--k', '1', '--json=yes'], { names: [/--json/] });
  });

  test("another command's option, or an option given twice (long, short or a switch), → exit 2 naming it", async () => {
    await cliFails(['fpr', '--m', '10', '--n', '1', '--k', '1', '--sigma', '5'], { names: [/unknown option '--sigma' for 'fpr'/] });
    await cliFails(['size', '--n', '1M', '--p', '1%', '--table'], { names: [/unknown option '--table' for 'size'/] });
    await cliFails(['rbf', '--m', '1000', '--k', '5', '--sigma', '539', '--kmax', '4'], { names: [/unknown option '--kmax' for 'rbf'/] });
    await cliFails(['nbounded', '--m', '1000', '--k', '5', '--N', '100', '--recycling', 'retaining'], { names: [/'--recycling' for 'nbounded'/] });
    await cliFails(['fpr', '-m', '10', '--n', '1', '--k', '1', '--m', '20'], { names: [/option --m is given more than once/] });
    await cliFails(['fpr', '--m', '10', '--n', '1', '--k', '1', '--json', '--json'], { names: [/option --json is given more than once/] });
    await cliFails(['recommend', '--m', '1000', '--p', '1%', '--fpr', '1%', '--p', '2%'], { names: [/option --p is given more than once/] });
  });

  test('a misspelt option names the one it means, as the API does (docs/decisions.md, "Strict inputs")', async () => {
    await cliFails(['fpr', '--m', '10', '--n', '1', '--k', '1', '--hashin', 'distinct'], {
      names: [/unknown option '--hashin' for 'fpr'; did you mean --hashing\?/],
    });
    await cliFails(['size', '--n', '1M', '--p', '1%', '--layout', 'blocked', '--blockbits', '512'], { names: [/did you mean --block-bits\?/] });
    await cliFails(['nbounded', '--m', '1000', '--k', '5', '--n', '100'], { names: [/did you mean --N\?/] });
    const far = await cliFails(['fpr', '--m', '10', '--n', '1', '--k', '1', '--sigma', '5'], { names: [/--sigma/] });
    assert.doesNotMatch(far.stderr, /did you mean/);
  });

  test('no arguments: usage on stderr, exit 2', async () => {
    const r = await cli();
    assert.equal(r.code, 2);
    assert.equal(r.stdout, '');
    assert.match(r.stderr, /Usage: bloomcalc/);
  });
});
