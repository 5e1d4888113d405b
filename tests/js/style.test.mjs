// The house style holds on every hand-written source file (scripts/style.mjs has the one list): JS and TypeScript
// as Prettier writes them, C++ as clang-format writes it, no line over 160 characters. `npm run format` fixes
// the first two; a long string or comment is split by hand.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { MAX_COLUMNS, clangFormatFiles, longLines, prettierFiles, sourceFiles } from '../../scripts/style.mjs';

test('the style covers the sources: JS, TypeScript and C++ of every folder', () => {
  const files = sourceFiles();
  for (const path of [
    'core/src/error.cpp',
    'wasm/api.mjs',
    'web/element.mjs',
    'schema/inputs.mjs',
    'tests/js/style.test.mjs',
    'wasm/index.d.ts',
    'CMakeLists.txt',
  ])
    assert.ok(files.includes(path), `${path} is checked`);
  assert.ok(!files.some((path) => path.startsWith('node_modules/')), 'nothing under node_modules');
});

test('every JS and TypeScript file is as Prettier writes it (npm run format)', async () => {
  assert.deepEqual(await prettierFiles(), []);
});

test('every C++ file is as clang-format writes it (npm run format)', () => {
  assert.deepEqual(clangFormatFiles(), []);
});

test(`no hand-written source line is over ${MAX_COLUMNS} characters`, () => {
  assert.deepEqual(longLines(), []);
});

test('the check fails on a file that breaks the style', async () => {
  const { mkdirSync, mkdtempSync, writeFileSync, rmSync } = await import('node:fs');
  const { join } = await import('node:path');
  const { ROOT } = await import('../../scripts/style.mjs');
  mkdirSync(join(ROOT, 'build'), { recursive: true });
  const dir = mkdtempSync(join(ROOT, 'build', 'style-')); // ignored by git: no other test lists it
  try {
    const js = join(dir, 'bad.mjs');
    writeFileSync(js, `const  a = {b:1}\nexport default a;\n// ${'x'.repeat(MAX_COLUMNS)}\n`);
    const cpp = join(dir, 'bad.cpp');
    writeFileSync(cpp, 'int  f( int x ){return x;}\n');
    const rel = (p) => p.slice(ROOT.length);
    assert.deepEqual(await prettierFiles({ paths: [rel(js)] }), [rel(js)]);
    assert.deepEqual(clangFormatFiles({ paths: [rel(cpp)] }), [rel(cpp)]);
    assert.equal(longLines([rel(js)]).length, 1);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
