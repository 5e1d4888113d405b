// CONTRIBUTING.md, "Adding a field": a field added to the schema alone reaches every surface generated from it.
// On a copy of schema/, the generator and the pages it writes into, the walkthrough's field (`salt`, an optional count
// with default 0, of fpr) is declared once, in fpr's input (schema/inputs.mjs), with its CLI option, its vocabulary
// row and its field on the formulas calculator; `npm run generate` then gives it a type, a JS check and default, a
// CLI option, an element attribute, a row in the docs tables and the C++ reader copying it into the core's input
// struct (wasm/bindings/inputs.generated.hpp); the core's struct gains the member (the one edit outside the schema),
// and the binding compiles unchanged.
import assert from 'node:assert/strict';
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { execFileSync, spawnSync } from 'node:child_process';

import { ROOT } from './helpers/common.mjs';

let dir;
const text = (path) => readFile(join(dir, path), 'utf8');
async function edit(path, from, to) {
  const old = await text(path);
  assert.ok(old.includes(from), `${path}: the walkthrough's anchor ${JSON.stringify(from)} is there`);
  await writeFile(join(dir, path), old.replace(from, to));
}

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'bloomcalc-walkthrough-'));
  for (const path of [
    'schema',
    'scripts/generate.mjs',
    'scripts/generate',
    'docs/api.md',
    'docs/cli.md',
    'docs/vocabulary.md',
    'wasm/api.mjs',
    'wasm/error-wire.mjs',
    'wasm/errors.mjs',
    'wasm/nearest.mjs',
    'wasm/modules.mjs',
    'wasm/sim-pool.mjs',
    'wasm/bindings',
    'core/include',
  ])
    await cp(join(ROOT, path), join(dir, path), { recursive: true });
  for (const folder of ['wasm/cli', 'web']) await mkdir(join(dir, folder), { recursive: true });
  await writeFile(join(dir, 'package.json'), '{ "type": "module" }\n');
  // 1. the field, declared once in its method's input: its CLI option, its meaning, its calculator field
  await edit(
    'schema/inputs.mjs',
    'fields: { ...filter, hashBits: floorBits },',
    `fields: {
      ...filter,
      hashBits: floorBits,
      salt: {
        kind: 'count', default: 0, doc: 'Seed of the hash functions, 0 ≤ salt ≤ 2^32.',
        cli: ['S', 'Seed of the hash functions'],
        vocabulary: ['the seed of the hash functions'],
        pages: { formulas: { url: 'fs', default: '0' } },
      },
    },`,
  );
  // 2. no other file of the schema names it
  for (const file of ['fields', 'cli', 'calculators', 'vocabulary', 'methods', 'index']) assert.doesNotMatch(await text(`schema/${file}.mjs`), /\bsalt\b/);
  // 3. npm run generate
  execFileSync(process.execPath, [join(dir, 'scripts/generate.mjs')], { stdio: 'pipe' });
});

// em++ -fsyntax-only of a binding file in the copy: '' when it compiles, else the compiler's first error.
const EMXX = spawnSync('em++', ['--version'], { stdio: 'ignore' }).status === 0;
function compileError(binding) {
  const r = spawnSync(
    'em++',
    ['-fsyntax-only', '-std=c++17', '-fwasm-exceptions', `-I${join(dir, 'wasm')}`, `-I${join(dir, 'core/include')}`, join(dir, 'wasm/bindings', binding)],
    { encoding: 'utf8' },
  );
  return r.status === 0 ? '' : (r.stderr.split('\n').find((line) => /error/.test(line)) ?? r.stderr);
}
after(() => rm(dir, { recursive: true, force: true }));

test('the type: FprInput gains salt?: Quantity, its doc line and default', async () => {
  const types = await text('wasm/inputs.d.ts');
  const fpr = types.slice(types.indexOf('export interface FprInput'), types.indexOf('}', types.indexOf('export interface FprInput')));
  assert.match(fpr, /\/\*\* Seed of the hash functions, 0 ≤ salt ≤ 2\^32\. Default `0`\. \*\/\n {2}salt\?: Quantity;/);
});

test('the JS API: fpr() reads salt as a count, fills its default, refuses a misspelling naming it', async () => {
  const { wrap } = await import(pathToFileURL(join(dir, 'wasm/api.mjs')).href);
  const calls = [];
  const raw = {
    limits: () => ({ maxHashes: 64 }),
    parseCount: (text) => Number(text.replace('k', 'e3')),
    compareFpr: (input) => (calls.push(input), { m: input.m, n: input.n, k: input.k, hashing: input.hashing, exact: 0.01 }),
  };
  const bc = wrap(raw);
  bc.fpr({ m: 1000, n: 100, k: 3 });
  assert.equal(calls.at(-1).salt, 0);
  bc.fpr({ m: 1000, n: 100, k: 3, salt: '2k' });
  assert.equal(calls.at(-1).salt, 2000);
  assert.throws(
    () => bc.fpr({ m: 1000, n: 100, k: 3, salt: true }),
    (e) => e instanceof TypeError && e.parameter === 'salt',
  );
  assert.throws(
    () => bc.fpr({ m: 1000, n: 100, k: 3, slat: 1 }),
    (e) => e instanceof TypeError && /did you mean 'salt'/.test(e.message),
  );
});

test('the CLI: bloomcalc fpr --salt S, with its help line', async () => {
  const { COMMANDS } = await import(pathToFileURL(join(dir, 'wasm/cli/options.generated.mjs')).href);
  assert.deepEqual(COMMANDS.fpr.options.salt, { type: 'string', valueName: 'S', description: 'Seed of the hash functions' });
  assert.match(COMMANDS.fpr.usage, /\[--salt S\] \[--json\]$/);
});

test("the element: the formulas calculator's salt attribute, URL key fs, default 0", async () => {
  const { FORMULAS_FIELDS } = await import(pathToFileURL(join(dir, 'web/fields.generated.mjs')).href);
  assert.deepEqual(FORMULAS_FIELDS.salt, { id: 'salt', url: 'fs', fallback: '0' });
});

test("the docs: a row in docs/api.md's FprInput table, docs/cli.md's fpr options and docs/vocabulary.md", async () => {
  assert.match(await text('docs/api.md'), /\| `salt` \| count \|  \| `0` \|  \| Seed of the hash functions, 0 ≤ salt ≤ 2\^32\. \|/);
  assert.match(await text('docs/cli.md'), /\| `--salt` \| `S` \| Seed of the hash functions \|/);
  assert.match(await text('docs/vocabulary.md'), /\| `salt` \| the seed of the hash functions \| FprInput \| fpr \| formulas \(fs\) \| — \|/);
});

test(
  "the binding: the generated reader copies salt into the core's FilterInput; fpr.cpp needs the core's member, not an edit",
  { skip: !EMXX && 'em++ (Emscripten) is not installed' },
  async () => {
    const readers = await text('wasm/bindings/inputs.generated.hpp');
    const fpr = readers.slice(readers.indexOf('FilterInput FprInput('), readers.indexOf('}', readers.indexOf('FilterInput FprInput(')));
    assert.match(fpr, /field\(in, "salt", out\.salt\);/);
    // without the core's member the reader does not compile (it writes the core's struct, nothing of its own) …
    assert.match(compileError('fpr.cpp'), /salt/);
    // … with it (step 3: the core's input struct gains the member and its default), the binding compiles unchanged
    await edit('core/include/bloomcalc/params.hpp', 'double m = NAN, n = NAN, k = NAN;\n', 'double m = NAN, n = NAN, k = NAN;\n    double salt = 0;\n');
    assert.equal(compileError('fpr.cpp'), '');
  },
);

test('no binding reads an input field by hand: each reads its input through its generated reader', async () => {
  const { readdir } = await import('node:fs/promises');
  const { INPUTS } = await import(pathToFileURL(join(ROOT, 'schema/index.mjs')).href);
  for (const [type, { core }] of Object.entries(INPUTS)) assert.ok(core, `${type} names the core's input struct (core: { struct, header })`);
  for (const file of (await readdir(join(ROOT, 'wasm/bindings'))).filter((f) => f.endsWith('.cpp'))) {
    const source = await readFile(join(ROOT, 'wasm/bindings', file), 'utf8');
    // a reader given a field's name: `string_or(input, "hashing", "colliding")`, `field(input, "m", in.m)`
    assert.doesNotMatch(source, /\b\w+\(input, "/, `${file} reads a field of its input by hand`);
  }
});

// Issue 20's rule: a field's name lives in the schema and every other surface derives it, so renaming or adding a
// field touches the schema and the core only. `blockBits` (`block-bits`) is spelled outside core/, tests/ and docs/
// only in schema/ (the input's declaration, and the presets' result that echoes it) and in at most 2 hand-written
// files that use the public API by name (a formatter reading a result's block, the limits bench's inputs). Generated
// files (a "Generated by scripts/…" first line, and the manifest scripts/custom-elements.mjs writes) do not count.
test('blockBits is spelled only in schema/ and at most 2 listed hand-written files outside core/, tests/ and docs/', async () => {
  const ALLOWED = ['wasm/format.mjs', 'scripts/bench-limits.mjs'];
  assert.ok(ALLOWED.length <= 2);
  const git = (...args) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);
  const files = [...new Set([...git('ls-files', '-z'), ...git('ls-files', '-z', '--others', '--exclude-standard')])].filter(
    (path) => !/^(core|tests|docs)\//.test(path) && path !== 'custom-elements.json',
  );
  const spelling = [];
  for (const path of files) {
    const source = await readFile(join(ROOT, path), 'utf8').catch(() => '');
    if (/^\S+ Generated by scripts\//.test(source)) continue;
    if (/blockBits|block-bits/.test(source)) spelling.push(path);
  }
  assert.ok(spelling.includes('schema/fields.mjs'), 'the scan finds the declaration');
  assert.deepEqual(
    spelling.filter((path) => !path.startsWith('schema/') && !ALLOWED.includes(path)),
    [],
    'files spelling blockBits where they should derive it from the schema',
  );
});

// Issue 32, "Done when": a demo optional input of `size` (maxK, the largest k the solver may choose) added in a copy
// of the repository's schema/ and core/ only — no web/, wasm/ or docs edit — reaches the sizing element (its control,
// label, URL key and the input it builds), the CLI, the types and the binding. The copy holds the web files the form
// is built from, unchanged.
describe('a demo input of size, declared in schema/inputs.mjs alone', () => {
  let demo;
  const at = (path) => join(demo, path);
  const WEB = ['web/templates.mjs', 'web/form-fields.mjs', 'web/calculators'];
  before(async () => {
    demo = await mkdtemp(join(tmpdir(), 'bloomcalc-demo-field-'));
    for (const path of [
      'schema',
      'scripts/generate.mjs',
      'scripts/generate',
      'docs/api.md',
      'docs/cli.md',
      'docs/vocabulary.md',
      'wasm',
      'core/include',
      ...WEB,
    ])
      await cp(join(ROOT, path), at(path), { recursive: true, filter: (src) => !/\.(wasm|map)$/.test(src) });
    await writeFile(at('package.json'), '{ "type": "module" }\n');
    const inputs = await readFile(at('schema/inputs.mjs'), 'utf8');
    const anchor = '      hashBits: floorBits,\n    },\n  },\n\n  // ---- recycling filters';
    assert.ok(inputs.includes(anchor), 'SizingInput ends with hashBits');
    await writeFile(
      at('schema/inputs.mjs'),
      inputs.replace(
        anchor,
        `      hashBits: floorBits,
      maxK: {
        kind: 'count', required: false, doc: 'The largest k the solver may choose, 1 ≤ maxK ≤ 64.',
        cli: ['K', 'Largest k the solver may choose'],
        vocabulary: ['the largest number of hash functions the solver may choose'],
        pages: { sizing: { label: ['k<sub>max</sub>', 'largest k'], hint: '1–64; empty: 64', numeric: true } },
      },
    },
  },

  // ---- recycling filters`,
      ),
    );
    execFileSync(process.execPath, [at('scripts/generate.mjs')], { stdio: 'pipe' });
  });
  after(() => rm(demo, { recursive: true, force: true }));

  test('the element: its field (attribute max-k, URL key max-k, a count), its control and label in the form, the input it builds', async () => {
    const { SIZING_FIELDS } = await import(pathToFileURL(at('web/fields.generated.mjs')).href);
    assert.deepEqual(SIZING_FIELDS['max-k'], { id: 'max-k', label: ['k<sub>max</sub>', 'largest k'], hint: '1–64; empty: 64', numeric: true, kind: 'count' });
    const { build } = await import('esbuild');
    const bundle = await build({
      entryPoints: [at('web/templates.mjs')],
      bundle: true,
      write: false,
      format: 'esm',
      loader: { '.html': 'text' },
      logLevel: 'error',
    });
    const { TEMPLATES } = await import(`data:text/javascript;base64,${Buffer.from(bundle.outputFiles[0].text).toString('base64')}`);
    assert.match(
      TEMPLATES.sizing,
      new RegExp(
        '<div class="field" data-field="max-k"><label for="max-k"><var>k<sub>max</sub></var> <span class="label-text">largest k</span></label>' +
          '<input id="max-k" name="max-k" type="text" aria-describedby="max-k-hint max-k-error" inputmode="numeric">',
      ),
    );
    const { byApiName, formInput } = await import(pathToFileURL(at('web/form-fields.mjs')).href);
    const state = { n: '1M', p: '1%', m: '', k: '', maxK: '6', rounding: 'none', method: 'classic', hashing: 'colliding', hashBits: 'none' };
    assert.deepEqual(formInput(byApiName(SIZING_FIELDS), state), { n: '1M', p: '1%', maxK: '6', rounding: 'none', method: 'classic', hashing: 'colliding' });
    const { urlClashes } = await import(pathToFileURL(at('scripts/generate/elements.mjs')).href);
    assert.deepEqual(urlClashes(), []);
    for (const path of ['web/templates.mjs', 'web/form-fields.mjs']) assert.equal(await readFile(at(path), 'utf8'), await readFile(join(ROOT, path), 'utf8'));
  });

  test('the CLI, the types, the docs: --max-k K, maxK?: Quantity, a row of SizingInput', async () => {
    const { COMMANDS } = await import(pathToFileURL(at('wasm/cli/options.generated.mjs')).href);
    assert.deepEqual(COMMANDS.size.options['max-k'], { type: 'string', valueName: 'K', description: 'Largest k the solver may choose' });
    const types = await readFile(at('wasm/inputs.d.ts'), 'utf8');
    const sizing = types.slice(types.indexOf('export interface SizingInput'), types.indexOf('}', types.indexOf('export interface SizingInput')));
    assert.match(sizing, /\/\*\* The largest k the solver may choose, 1 ≤ maxK ≤ 64\. \*\/\n {2}maxK\?: Quantity;/);
    assert.match(await readFile(at('docs/api.md'), 'utf8'), /\| `maxK` \| count \|/);
  });

  test(
    "the binding reads it through its generated reader into the core's SizingInput, unchanged",
    { skip: !EMXX && 'em++ (Emscripten) is not installed' },
    async () => {
      const readers = await readFile(at('wasm/bindings/inputs.generated.hpp'), 'utf8');
      assert.match(readers, /bloomcalc::SizingInput SizingInput\(const val& in\) \{[^}]*required\(in, "maxK", out\.max_k\);/);
      const compile = () =>
        spawnSync('em++', ['-fsyntax-only', '-std=c++17', '-fwasm-exceptions', `-I${at('wasm')}`, `-I${at('core/include')}`, at('wasm/bindings/sizing.cpp')], {
          encoding: 'utf8',
        });
      assert.notEqual(compile().status, 0, "without the core's member the reader does not compile");
      const header = at('core/include/bloomcalc/fpr/sizing.hpp');
      const source = await readFile(header, 'utf8');
      await writeFile(header, source.replace('std::optional<double> n, p, m, k;', 'std::optional<double> n, p, m, k;\n    std::optional<double> max_k;'));
      const r = compile();
      assert.equal(r.status, 0, r.stderr);
    },
  );
});

// Issue 32 item 3: `npm run new-calculator demo` in a copy of the repository writes a calculator that builds and passes
// its generated tests — its core model and Catch2 test compiled natively and run, its binding compiled (em++), its
// element registered with its generated form, its CLI command, its method typed — with no other edit.
describe('npm run new-calculator demo, in a copy', () => {
  let copy;
  const at = (path) => join(copy, path);
  let written;
  before(async () => {
    copy = await mkdtemp(join(tmpdir(), 'bloomcalc-new-calculator-'));
    const files = execFileSync(
      'git',
      [
        'ls-files',
        '-z',
        '--',
        'schema',
        'scripts',
        'wasm',
        'web',
        'core',
        'tests/core',
        'docs',
        'CMakeLists.txt',
        'package.json',
        '.prettierrc.json',
        '.clang-format',
      ],
      { cwd: ROOT, encoding: 'utf8' },
    )
      .split('\0')
      .filter(Boolean);
    for (const path of files) await cp(join(ROOT, path), at(path), { recursive: true }).catch(() => {}); // a listed file deleted in the tree
    await symlink(join(ROOT, 'node_modules'), at('node_modules')); // Prettier, for the scaffold's formatting
    const { newCalculator } = await import(pathToFileURL(at('scripts/new-calculator.mjs')).href);
    written = await newCalculator(copy, 'demo', 'A demo calculator');
  });
  after(() => rm(copy, { recursive: true, force: true }));

  test('it writes the core, binding, CLI, element, docs and schema entries, and refuses a name taken', async () => {
    for (const path of [
      'core/src/demo/demo.cpp',
      'tests/core/demo/demo_test.cpp',
      'wasm/bindings/demo.cpp',
      'wasm/cli/demo.mjs',
      'web/demo.mjs',
      'web/calculators/demo.html',
      'docs/demo.md',
      'schema/calculators.mjs',
      'schema/cli.mjs',
      'wasm/api.mjs',
      'wasm/index.d.ts',
      'CMakeLists.txt',
    ])
      assert.ok(written.includes(path), path);
    const { newCalculator } = await import(pathToFileURL(at('scripts/new-calculator.mjs')).href);
    await assert.rejects(newCalculator(copy, 'demo'), /already|exists/);
    await assert.rejects(newCalculator(copy, 'Bad-name'), /one lower-case word/);
    const generate = spawnSync(process.execPath, [at('scripts/generate.mjs'), '--check'], { encoding: 'utf8' });
    assert.equal(generate.status, 0, generate.stderr);
  });

  test("what it writes and edits is in the house style (tests/js/style.test.mjs's checks)", async () => {
    const style = await import(pathToFileURL(at('scripts/style.mjs')).href);
    assert.deepEqual(await style.prettierFiles({ paths: written.filter((p) => style.JS.test(p)) }), []);
    assert.deepEqual(style.clangFormatFiles({ paths: written.filter((p) => style.CPP.test(p)) }), []);
    assert.deepEqual(style.longLines(written), []);
  });

  test('the element: registered from the schema (code, tools module, docs page), its form generated, its URL keys free', async () => {
    const registry = await readFile(at('web/calculators.generated.mjs'), 'utf8');
    assert.match(registry, /demo: \(\) => import\('\.\/demo\.mjs'\)\.then\(\(m\) => m\.calculator\),/);
    assert.match(registry, /"demo":"tools"/);
    assert.match(registry, /'demo\.html': \(\) => new URL\('\.\/docs\/demo\.html', import\.meta\.url\)/);
    const { build } = await import('esbuild');
    const bundle = await build({
      stdin: {
        contents: "export { MARKUP } from './calculators.generated.mjs'; export { markupTemplate } from './templates.mjs';",
        resolveDir: at('web'),
        loader: 'js',
      },
      bundle: true,
      write: false,
      format: 'esm',
      loader: { '.html': 'text' },
      logLevel: 'error',
      external: ['uplot', 'uplot/*', '../dist/*'],
    });
    const { MARKUP, markupTemplate } = await import(`data:text/javascript;base64,${Buffer.from(bundle.outputFiles[0].text).toString('base64')}`);
    const html = markupTemplate(...MARKUP.demo);
    for (const field of ['m', 'n', 'k']) assert.match(html, new RegExp(`<div class="field" data-field="demo-${field}"><label for="demo-${field}">`));
    const { urlClashes } = await import(pathToFileURL(at('scripts/generate/elements.mjs')).href);
    assert.deepEqual(urlClashes(), []);
    // on the page and in its navigation (scripts/page-markup.mjs, from its `page`)
    const { elementsMarkup, navMarkup, pageCalculators } = await import(pathToFileURL(at('scripts/page-markup.mjs')).href);
    const list = pageCalculators();
    assert.match(elementsMarkup(list), /<bloom-calc calculator="demo" id="demo-calc"/);
    assert.match(navMarkup(list), /href="#demo-calc"/);
  });

  test('the CLI command and the typed method', async () => {
    const { COMMANDS } = await import(pathToFileURL(at('wasm/cli/options.generated.mjs')).href);
    assert.deepEqual(
      Object.keys(COMMANDS.demo.options).filter((o) => ['m', 'n', 'k'].includes(o)),
      ['m', 'n', 'k'],
    );
    assert.match(await readFile(at('wasm/cli/run.mjs'), 'utf8'), /import demo from '\.\/demo\.mjs';[\s\S]*new Map\(\n {2}\[demo, /);
    assert.match(await readFile(at('wasm/index.d.ts'), 'utf8'), /demo\(input: import\('\.\/inputs\.js'\)\.DemoInput\): DemoResult;/);
    assert.match(await readFile(at('wasm/api.mjs'), 'utf8'), /'demo',?\s*\]\.map\(\(name\) => \[\s*name,\s*\(input\) => call\(raw\[name\]/);
  });

  test('the binding compiles against the generated reader', { skip: !EMXX && 'em++ (Emscripten) is not installed' }, () => {
    const r = spawnSync(
      'em++',
      ['-fsyntax-only', '-std=c++17', '-fwasm-exceptions', `-I${at('wasm')}`, `-I${at('core/include')}`, at('wasm/bindings/demo.cpp')],
      { encoding: 'utf8' },
    );
    assert.equal(r.status, 0, r.stderr);
  });

  const CATCH = spawnSync('sh', ['-c', 'test -f /usr/include/catch2/catch.hpp']).status === 0;
  test('the core model and its Catch2 test build natively and pass', { skip: !CATCH && 'Catch2 v2 is not installed', timeout: 600_000 }, () => {
    const exe = at('demo_tests');
    const sources = ['core/src/demo/demo.cpp', 'core/src/params.cpp', 'core/src/error.cpp', 'tests/core/demo/demo_test.cpp', 'tests/core/main.cpp'].map(at);
    const built = spawnSync('g++', ['-std=c++17', '-O0', `-I${at('core/include')}`, `-I${at('tests/core')}`, ...sources, '-o', exe], { encoding: 'utf8' });
    assert.equal(built.status, 0, built.stderr);
    const run = spawnSync(exe, ['[demo]'], { encoding: 'utf8' });
    assert.equal(run.status, 0, run.stdout);
    assert.match(run.stdout, /All tests passed \(9 assertions in 2 test cases\)/);
  });
});
