// wasm/format.mjs: the one number formatter of the page and the CLI (issue 20: no second module with the same
// names and other behaviour).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as format from '../../wasm/format.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

test('no other module of wasm/ or web/ exports a format* function', () => {
  const owners = [];
  for (const dir of ['wasm', 'wasm/cli', 'web']) {
    for (const file of readdirSync(path.join(root, dir)).filter((f) => f.endsWith('.mjs'))) {
      const rel = `${dir}/${file}`;
      if (rel === 'wasm/format.mjs') continue;
      const text = readFileSync(path.join(root, rel), 'utf8');
      for (const m of text.matchAll(/export (?:async )?function (format\w*)/g)) owners.push(`${rel}: ${m[1]}`);
    }
  }
  assert.deepEqual(owners, []);
});

test('plain probabilities read back within their 6 significant digits', () => {
  let seed = 20;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let i = 0; i < 2000; i++) {
    const p = 10 ** (-12 * random()) * (0.5 + random() / 2);
    const text = format.formatProbabilityPlain(p);
    assert.match(text, /^\d\.\d{5}e-\d+$|^0\.\d+$/, text);
    assert.ok(Math.abs(Number(text) - p) <= 5e-6 * p, `${p} → ${text}`);
  }
  assert.equal(format.formatProbabilityPlain(0), '0');
});

test('1 in N: only for probabilities in (0, 1), the caller chooses the placeholder', () => {
  for (const p of [0, 1, -1, NaN, Infinity]) assert.equal(format.formatOneIn(p), '');
  assert.equal(format.formatOneIn(0.01), '1 in 100');
  assert.equal(format.formatOneIn(1 / 3), '1 in 3');
  assert.equal(format.formatOneIn(1 / 12346), '1 in 12,350');
  assert.equal(format.formatOneIn(1 / 123456789), '1 in 123M');
});

test('memory from bytes: the largest binary unit that keeps the number at least 1, on page and CLI alike', () => {
  assert.equal(format.formatMemory(1023), '1,023 B');
  assert.equal(format.formatMemory(1024), '1.000 KiB');
  assert.equal(format.formatMemory(1198136), '1.143 MiB');
  assert.equal(format.formatMemory(3 * 2 ** 30), '3.000 GiB');
  assert.equal(format.formatMemoryDetail(1198136), '1,198,136 B · 1,170.05 KiB · 1.1426 MiB · 0.001116 GiB');
});

test('relative errors: display and plain registers', () => {
  assert.equal(format.formatRelativeError(-0.000512), '−0.0512 %');
  assert.equal(format.formatRelativeErrorPlain(-0.000512), '-0.0512%');
  assert.equal(format.formatRelativeErrorPlain(3e-9), '+3.00e-7%');
  assert.equal(format.formatRelativeErrorPlain(NaN), 'n/a');
});

test('tables align columns under a rule', () => {
  assert.equal(
    format.formatTable(
      [
        ['a', 'bb'],
        ['ccc', 'd'],
      ],
      'lr',
    ),
    'a    bb\n---  --\nccc   d',
  );
});

test("a layout's cells: blocks of B, slices, nothing for one array; the page's no-break space between number and unit", () => {
  const blocked = { layout: 'blocked', m: 2 ** 23, k: 8, blockBits: 512 };
  assert.equal(format.formatLayoutCells(blocked), '16,384 blocks of B = 512 bits');
  assert.equal(format.formatLayoutCells({ ...blocked, layout: 'split-block', blockBits: 256 }), '32,768 blocks of B = 256 bits');
  assert.equal(format.formatLayoutCells({ layout: 'partitioned', m: 7000, k: 7, blockBits: 7000 }), '7 slices of 1,000 bits');
  assert.equal(format.formatLayoutCells({ layout: 'standard', m: 8192, k: 3, blockBits: 8192 }), '');
  assert.equal(format.formatLayoutCells({ layout: 'standard', m: 8192, k: 3, blockBits: null }), '');
  assert.equal(format.formatLayoutCells(blocked, '\u00a0'), '16,384\u00a0blocks of B\u00a0=\u00a0512\u00a0bits');
});

// A page imports the formatter with a calculator's code: the first Intl object it makes initialises the browser's
// locale and number data (a long task), which the page does ahead in tasks of its own (web/number-formats.mjs).
test('importing the formatter makes no Intl object; the first integer formatted does', async () => {
  const { NumberFormat } = Intl;
  let made = 0;
  Intl.NumberFormat = function counted(...args) {
    made++;
    return new NumberFormat(...args);
  };
  try {
    const fresh = await import('../../wasm/format.mjs?import-makes-no-intl');
    assert.equal(made, 0);
    assert.equal(fresh.formatInt(9585088), '9,585,088');
    assert.equal(fresh.formatInt(1234), '1,234');
    assert.equal(made, 1, 'one integer format, kept');
  } finally {
    Intl.NumberFormat = NumberFormat;
  }
});
