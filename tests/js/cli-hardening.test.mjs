// The command line under hostile or careless use (issue 22): `serve --host ""` binds loopback; a failed write of
// the output is one line and exit 74; a number typed too small to represent is refused by name, and messages show
// numbers in their shortest form and quote what was typed; an explicit --method exact runs beyond the synchronous
// bound, on a worker thread, and Ctrl-C stops it (exit 130).
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { describe, test } from 'node:test';

import { bindAddress, isLoopback } from '../../wasm/cli/serve.mjs';
import { CLI, ROOT, cli, cliJson, hasNodeBuild } from './helpers/common.mjs';

const skip = hasNodeBuild() ? false : 'the wasm build is missing; run `npm run build` first';

/** Runs the CLI with stdout on `path` (a device such as /dev/full); resolves with { code, stderr }. */
function cliWithStdout(path, args) {
  const fd = openSync(path, 'w');
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd: ROOT, stdio: ['ignore', fd, 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => {
      closeSync(fd);
      resolve({ code, stderr });
    });
  });
}

/** Starts the CLI; resolves with the child and a promise of its end ({ code, signal, stdout, stderr }). */
function startCli(args) {
  const child = spawn(process.execPath, [CLI, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  const out = { stdout: '', stderr: '' };
  child.stdout.setEncoding('utf8').on('data', (chunk) => (out.stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk) => (out.stderr += chunk));
  const ended = new Promise((resolve) => child.on('close', (code, signal) => resolve({ code, signal, ...out })));
  return { child, out, ended };
}

describe('serve --host', () => {
  test('an empty or blank host binds loopback; only another address is announced', () => {
    for (const text of [undefined, '', '  ']) assert.deepEqual(bindAddress(text), { host: '127.0.0.1', notice: null }, JSON.stringify(text));
    for (const text of ['127.0.0.1', '127.0.0.2', 'localhost', '::1', '[::1]', '::ffff:127.0.0.1']) {
      assert.ok(isLoopback(text.replace(/^\[|\]$/g, '')), text);
      assert.equal(bindAddress(text).notice, null, text);
    }
    for (const text of ['0.0.0.0', '::', '192.168.1.10', 'example.org']) {
      const { host, notice } = bindAddress(text);
      assert.equal(host, text);
      assert.match(notice, /^bloomcalc: listening on \S+.*other machines can reach the page$/, text);
    }
    assert.match(bindAddress('0.0.0.0').notice, /every interface/);
    assert.equal(bindAddress('[::]').host, '::');
  });

  test('`bloomcalc serve --host ""` listens on 127.0.0.1 and says nothing on stderr', { skip }, async () => {
    const { child, out, ended } = startCli(['serve', '--host', '', '--port', '0', '--json']);
    try {
      const deadline = Date.now() + 20_000;
      while (!out.stdout.includes('\n') && Date.now() < deadline && child.exitCode === null) await new Promise((r) => setTimeout(r, 50));
      const { url } = JSON.parse(out.stdout);
      assert.match(url, /^http:\/\/127\.0\.0\.1:\d+\/$/);
      assert.equal(out.stderr, '');
    } finally {
      child.kill('SIGTERM');
      await ended;
    }
  });
});

describe('a failed write of the output', () => {
  for (const args of [['fpr', '--m', '32', '--n', '4', '--k', '5', '--json'], ['fpr', '--help'], ['--help']]) {
    test(`bloomcalc ${args.join(' ')} > /dev/full: one line on stderr, exit 74`, { skip }, async () => {
      const { code, stderr } = await cliWithStdout('/dev/full', args);
      assert.equal(code, 74, stderr);
      assert.match(stderr, /^bloomcalc: cannot write the output: ENOSPC[^\n]*\n$/);
    });
  }

  test('a reader that goes away (EPIPE) ends the command quietly', { skip }, async () => {
    const { child, ended } = startCli(['fpr', '--help']);
    child.stdout.destroy(); // the reader closes before the output is written
    const { stderr } = await ended;
    assert.equal(stderr, '');
  });
});

describe('numbers in messages', () => {
  test('a nonzero number too small to represent is refused by name, never read as 0', { skip }, async () => {
    for (const [args, flag] of [
      [['fpr', '--m', '1000', '--n', '1e-400', '--k', '3'], 'n'],
      [['fpr', '--m', '2^-2000', '--n', '10', '--k', '3'], 'm'],
      [['simulate', 'bloom', '--m', '32', '--n', '4', '--k', '5', '--epochs', '2', '--arrivals', '10', '--seed', '1e-400'], 'seed'],
      [['order', '--probs', '0.5', '--costs', '1', '--special-cost', '1e-400'], 'special-cost'],
    ]) {
      const r = await cli(...args);
      const ctx = `${args.join(' ')} → ${r.code}: ${r.stderr}`;
      assert.equal(r.code, 2, ctx);
      assert.equal(r.stdout, '', ctx);
      assert.match(r.stderr, /^bloomcalc: [^\n]*"(1e-400|2\^-2000)"[^\n]*\n$/, ctx);
      assert.match(r.stderr, /underflow/, ctx);
      assert.ok(r.stderr.includes(flag), ctx);
      assert.doesNotMatch(r.stderr, /got 0\b/, ctx);
    }
    const prior = await cli('paradox', '--prior', '1e-400', '--alpha', '1', '--fpr', '0.01');
    assert.equal(prior.code, 2);
    assert.match(prior.stderr, /^bloomcalc: prior must be a finite number that does not underflow to 0; got "1e-400"\n$/);
  });

  test('numbers are shown in their shortest form: --seed 0.4 says 0.4', { skip }, async () => {
    const seed = await cli('simulate', 'bloom', '--m', '32', '--n', '4', '--k', '5', '--epochs', '2', '--arrivals', '10', '--seed', '0.4');
    assert.equal(seed.code, 2);
    assert.match(seed.stderr, /seed must be an integer in \[0, 2\^53\]; got 0\.4\n$/);
    const k = await cli('fpr', '--m', '1000', '--n', '10', '--k', '2.1');
    assert.match(k.stderr, /got 2\.1\n$/);
  });

  test('a message that shows a value other than the text typed also quotes the text', { skip }, async () => {
    const r = await cli('fpr', '--m', '1000', '--n', '10', '--k', '1e2');
    assert.equal(r.code, 2);
    assert.match(r.stderr, /^bloomcalc: k must be an integer in \[1, 64\]; got 100 \(from --k "1e2"\)\n$/);
  });
});

describe('option values in messages', () => {
  test('--layout is quoted and shortened: a newline cannot split the message, 5000 characters do not come back', { skip }, async () => {
    for (const value of ['a\nb', 'x'.repeat(5000)]) {
      const r = await cli('fpr', '--layout', value, '--m', '1000', '--n', '10', '--k', '3');
      assert.equal(r.code, 2, r.stderr);
      assert.equal(r.stderr.split('\n').length, 2, `one line: ${JSON.stringify(r.stderr.slice(0, 200))}`);
      assert.ok(r.stderr.length < 300, `${r.stderr.length} characters`);
      assert.match(r.stderr, /layout must be/);
    }
    const preset = await cli('fpr', '--preset', 'p\nq', '--m', '1000', '--n', '10');
    assert.match(preset.stderr, /^bloomcalc: preset must be [^\n]*"p\\nq"\n$/);
  });

  test('every message names the option the user typed: --special-cost, --new-fraction', { skip }, async () => {
    const order = await cli('order', '--probs', '0.5', '--costs', '1', '--special-cost', 'x');
    assert.equal(order.code, 2);
    assert.match(order.stderr, /--special-cost/);
    const sim = await cli(
      'simulate',
      'sigma',
      '--m',
      '1000',
      '--k',
      '3',
      '--sigma',
      '500',
      '--epochs',
      '2',
      '--arrivals',
      '100',
      '--stream',
      'fading',
      '--new-fraction',
      '2',
    );
    assert.equal(sim.code, 2);
    assert.match(sim.stderr, /--new-fraction/);
  });
});

describe('rbf --method exact: run on request, however long', () => {
  test('beyond the synchronous bound it runs (bit for bit rbfAsync), within it it equals rbf()', { skip }, async () => {
    const { createBloomCalc, rbfAsync } = await import('../../wasm/index.mjs');
    const bc = await createBloomCalc();
    const beyond = { m: 2400000, k: 12, sigma: 1900000, hashing: 'distinct', method: 'exact' };
    assert.throws(() => bc.rbf(beyond), /rbfAsync/);
    const r = await cli('rbf', '--m', '2400000', '--k', '12', '--sigma', '1900000', '--hashing', 'distinct', '--method', 'exact', '--json');
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stderr, '');
    assert.deepEqual(JSON.parse(r.stdout), await rbfAsync(beyond));
    const within = await cli('rbf', '--m', '1000', '--k', '5', '--sigma', '539', '--hashing', 'distinct', '--method', 'exact', '--json');
    assert.deepEqual(JSON.parse(within.stdout), bc.rbf({ m: 1000, k: 5, sigma: 539, hashing: 'distinct', method: 'exact' }));
  });

  test(
    'on a terminal, stderr shows the seconds the exact fill has run, cleared at the end',
    { skip: skip || (existsSync('/usr/bin/script') ? false : 'no script(1) to give the CLI a terminal') },
    async () => {
      // script(1) runs the command on a pseudo-terminal (stdout and stderr both), and copies what it wrote
      const command = [
        process.execPath,
        CLI,
        'rbf',
        '--m',
        '2400000',
        '--k',
        '12',
        '--sigma',
        '1900000',
        '--hashing',
        'distinct',
        '--method',
        'exact',
        '--json',
      ]
        .map((arg) => `'${arg}'`)
        .join(' ');
      const r = await new Promise((resolve) => {
        execFile('/usr/bin/script', ['-qec', command, '/dev/null'], { cwd: ROOT, encoding: 'utf8' }, (error, stdout) =>
          resolve({ code: error ? error.code : 0, stdout }),
        );
      });
      assert.equal(r.code, 0, r.stdout);
      assert.match(r.stdout, /\r {2}exact fill… \d+\.\d s {2}\(Ctrl-C to stop\)/);
      assert.match(r.stdout, /\r\x1b\[K/, 'the progress line is cleared');
      assert.match(r.stdout, /"method": "exact"/);
    },
  );

  test('Ctrl-C stops a long exact fill cleanly: exit 130, one line', { skip: skip || (existsSync('/proc/self/stat') ? false : 'needs /proc') }, async () => {
    const { child, ended } = startCli(['rbf', '--m', '2^24', '--k', '64', '--sigma', '2^23', '--hashing', 'distinct', '--method', 'exact']);
    // Interrupt once the fill is under way (tens of seconds of work): the process has used 1 s of CPU, far more
    // than starting Node and the module take, whatever the machine's load (its start alone can take seconds).
    const cpuSeconds = () =>
      readFileSync(`/proc/${child.pid}/stat`, 'utf8')
        .split(') ')[1]
        .split(' ')
        .slice(11, 13)
        .reduce((a, t) => a + Number(t), 0) / 100;
    while (child.exitCode === null && cpuSeconds() < 1) await new Promise((resolve) => setTimeout(resolve, 50));
    const interrupted = Date.now();
    child.kill('SIGINT');
    const { code, signal, stdout, stderr } = await ended;
    assert.equal(signal, null, 'ended by itself, not killed by the signal');
    assert.equal(code, 130, stderr);
    assert.equal(stdout, '');
    assert.equal(stderr, 'bloomcalc: interrupted\n');
    assert.ok(Date.now() - interrupted < 10_000, `stopped ${Date.now() - interrupted} ms after Ctrl-C`);
  });
});

// Issue 35, items 5, 7, 8, 9: errors that named the wrong thing, or none.
/** Asserts a CLI run failed on bad input: exit 2, nothing on stdout, exactly one line on stderr mentioning `word`. */
function refusedNaming(r, word, context) {
  const ctx = `${context} → ${r.code}: ${JSON.stringify(r.stderr)}`;
  assert.equal(r.code, 2, ctx);
  assert.equal(r.stdout, '', ctx);
  assert.match(r.stderr, /^bloomcalc: [^\n]*\n$/, `one line: ${ctx}`);
  assert.ok(r.stderr.includes(word), `names ${word}: ${ctx}`);
}

describe('errors that name the wrong thing, or none (issue 35)', () => {
  test('size --library all: an input error of every row is one line naming it, exit 2 (not a table of errors)', { skip }, async () => {
    for (const [args, word] of [
      [['--n', '-5', '--p', '1%'], 'n must be'],
      [['--n', '1M', '--p', '2'], 'p must be'],
      [['--n', '1M', '--p', '1%', '--hash-bits', '48'], 'hashBits'],
      [['--n', '1M', '--p', '1%', '--k', '100'], 'k must be'], // read by the Boost rows only, refused by both
    ]) {
      const full = ['size', '--library', 'all', ...args];
      refusedNaming(await cli(...full), word, full.join(' '));
    }
  });

  test('size --library all passes --k to the Boost rows, the rows it applies to', { skip }, async () => {
    const r = await cliJson('size', '--library', 'all', '--n', '1M', '--p', '1%', '--k', '7');
    const k = Object.fromEntries(r.libraries.map((x) => [x.library, x.k]));
    assert.equal(k['boost-block'], 7);
    assert.equal(k['boost-multiblock'], 7);
    assert.ok(
      r.libraries.every((x) => x.error === undefined),
      JSON.stringify(r.libraries.filter((x) => x.error)),
    );
  });

  test('size --library L refuses the options it does not read, naming each', { skip }, async () => {
    for (const [flag, value] of [
      ['m', '1000'],
      ['layout', 'blocked'],
      ['method', 'exact'],
      ['rounding', 'pow2'],
      ['hashing', 'distinct'],
      ['preset', 'parquet'],
    ]) {
      const args = ['size', '--library', 'guava', '--n', '1M', '--p', '1%', `--${flag}`, value];
      refusedNaming(await cli(...args), `--${flag} does not apply to size --library`, args.join(' '));
    }
    const k = ['size', '--library', 'guava', '--n', '1M', '--p', '1%', '--k', '7'];
    refusedNaming(await cli(...k), 'k must be', k.join(' '));
  });

  test('fpr --hash-bits on a saturated filter answers (FPR 1), naming no field the user never gave', { skip }, async () => {
    const r = await cliJson('fpr', '--m', '65', '--n', '100k', '--k', '7', '--hash-bits', '32');
    assert.equal(r.exact, 1);
    assert.equal(r.hashFloor.fpr, 1);
    const plain = await cliJson('fpr', '--m', '65', '--n', '100k', '--k', '7');
    assert.equal(plain.exact, r.exact);
  });

  test('size --preset parquet --max-bytes 1000 names --max-bytes, not --block-bits', { skip }, async () => {
    const args = ['size', '--preset', 'parquet', '--n', '1M', '--p', '1%', '--max-bytes', '1000'];
    const r = await cli(...args);
    refusedNaming(r, 'max-bytes', args.join(' '));
    assert.doesNotMatch(r.stderr, /block-bits|blockBits/);
  });

  test('an option given without its value is one line, even when its help has two', { skip }, async () => {
    refusedNaming(await cli('size', '--n', '1M', '--p', '1%', '--library'), 'option --library needs a value', 'size --library');
  });
});
