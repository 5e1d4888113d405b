// Results declared once (issue 32 item 1; docs/decisions.md, "Results declared once"): a result field added to
// schema/results.mjs alone reaches every surface generated from it. On a copy of the schema, the generator, the
// bindings, the CLI and the core's headers, a demo field of size()'s result (`demoRatio`, bits per item, shown in the
// CLI's table as "demo ratio") is declared once; `npm run generate` then gives it the binding's writer (from the core
// struct's member `demo_ratio`), a TypeScript member, a CLI row, an element field and a docs row; the core's struct
// gains the member (the one edit outside the schema) and the binding compiles unchanged.
import assert from 'node:assert/strict';
import { cp, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
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
  dir = await mkdtemp(join(tmpdir(), 'bloomcalc-results-'));
  for (const path of ['schema', 'scripts/generate.mjs', 'scripts/generate', 'docs/api.md', 'docs/cli.md', 'docs/vocabulary.md', 'wasm', 'core/include'])
    await cp(join(ROOT, path), join(dir, path), { recursive: true });
  await mkdir(join(dir, 'web'), { recursive: true });
  await writeFile(join(dir, 'package.json'), '{ "type": "module" }\n');
  // 1. the field, declared once in size()'s result: its type, unit, meaning and CLI row
  await edit(
    'schema/results.mjs',
    "      bitsPerElement: { type: 'number', unit: 'bits per item', doc: 'm / n', cli: ['bits per element', 'real3'] },\n",
    `$&
      demoRatio: { type: 'number', unit: 'bits per item', doc: 'A demo ratio of the sized filter.', cli: ['demo ratio', 'real3'] },
`,
  );
  // 2. npm run generate
  execFileSync(process.execPath, [join(dir, 'scripts/generate.mjs')], { stdio: 'pipe' });
});
after(() => rm(dir, { recursive: true, force: true }));

const EMXX = spawnSync('em++', ['--version'], { stdio: 'ignore' }).status === 0;
function compileError(binding) {
  const r = spawnSync(
    'em++',
    ['-fsyntax-only', '-std=c++17', '-fwasm-exceptions', `-I${join(dir, 'wasm')}`, `-I${join(dir, 'core/include')}`, join(dir, 'wasm/bindings', binding)],
    { encoding: 'utf8' },
  );
  return r.status === 0 ? '' : (r.stderr.split('\n').find((line) => /error/.test(line)) ?? r.stderr);
}

test('the type: SizingResult gains demoRatio: number with its doc line', async () => {
  const types = await text('wasm/results.d.ts');
  const sizing = types.slice(types.indexOf('export interface SizingResult'), types.indexOf('\n}', types.indexOf('export interface SizingResult')));
  assert.match(sizing, /\/\*\* A demo ratio of the sized filter\. \*\/\n {2}demoRatio: number;/);
});

test(
  "the binding: the generated writer writes demoRatio from the core's member; sizing.cpp needs the member, not an edit",
  { skip: !EMXX && 'em++ (Emscripten) is not installed' },
  async () => {
    const writers = await text('wasm/bindings/results.generated.hpp');
    const sizing = writers.slice(writers.indexOf('inline val SizingResult('), writers.indexOf('}', writers.indexOf('inline val SizingResult(')));
    assert.match(sizing, /\.add\("demoRatio", r\.demo_ratio\)/);
    assert.match(compileError('sizing.cpp'), /demo_ratio/);
    await edit('core/include/bloomcalc/fpr/sizing.hpp', '    double bits_per_element = 0;\n', '    double bits_per_element = 0;\n    double demo_ratio = 0;\n');
    assert.equal(compileError('sizing.cpp'), '');
  },
);

test('the CLI: bloomcalc size prints the row "demo ratio" after the rows SizingResult orders', async () => {
  const { default: size } = await import(pathToFileURL(join(dir, 'wasm/cli/size.mjs')).href);
  const choice = (k, p) => ({ k, p });
  const fpr = { m: 9592956, n: 1e6, k: 7, hashing: 'colliding', exact: 0.01, classic: 0.01, classicDistinct: 0.01, bloom1970: 0.01 };
  const r = {
    solved: 'm,k',
    m: 9592956,
    n: 1e6,
    k: 7,
    hashing: 'colliding',
    p: 0.01,
    target: 0.01,
    meetsTarget: true,
    mIdeal: 9585058.4,
    kIdeal: 6.65,
    kChoices: [choice(6, 0.0101), choice(7, 0.01)],
    bitsPerElement: 9.593,
    demoRatio: 1.25,
    memory: { bytes: 1199120 },
    rounding: 'none',
    method: 'classic',
    fpr,
  };
  const lines = size.render(r).split('\n');
  const at = (label) => lines.findIndex((line) => line.trimStart().startsWith(label));
  assert.ok(at('demo ratio') > 0, size.render(r));
  assert.match(lines[at('demo ratio')], /demo ratio\s+1\.250$/);
  assert.equal(at('demo ratio'), at('exact FPR / classic') + 1, 'after the rows SizingResult orders (`rows`)');
});

test("the element: size()'s result fields list demoRatio with its label and unit", async () => {
  const { RESULT_FIELDS } = await import(pathToFileURL(join(dir, 'web/results.generated.mjs')).href);
  assert.equal(RESULT_FIELDS.size.type, 'SizingResult');
  assert.deepEqual(
    RESULT_FIELDS.size.fields.find(([name]) => name === 'demoRatio'),
    ['demoRatio', 'demo ratio', 'bits per item'],
  );
});

test("the docs: a row in docs/api.md's SizingResult table", async () => {
  assert.match(await text('docs/api.md'), /\| `demoRatio` \| `number` \| bits per item \| A demo ratio of the sized filter\. \|/);
});

// A method whose result is declared returns the generated writer's object: its binding writes no field by hand.
test('each method of a declared result is bound through results::<Type>, and no hand-written writer of it is left', async () => {
  const { METHODS, RESULTS } = await import(pathToFileURL(join(ROOT, 'schema/index.mjs')).href);
  const sources = {};
  for (const file of (await readdir(join(ROOT, 'wasm/bindings'))).filter((f) => f.endsWith('.cpp')))
    sources[file] = await readFile(join(ROOT, 'wasm/bindings', file), 'utf8');
  for (const [type, { methods = [], fields, writer }] of Object.entries(RESULTS)) {
    if (writer === false) continue; // written by the writer of common.cpp its declaration names (LayoutFilter: set_layout_filter)
    for (const method of methods) {
      const binding = METHODS[method]?.binding ?? method; // libraries, layoutPresets: no input, bound by their name
      const [file, source] = Object.entries(sources).find(([, s]) => s.includes(`emscripten::function("${binding}", &`)) ?? [];
      assert.ok(file, `${method}: its binding ${binding} is registered`);
      const fn = new RegExp(`emscripten::function\\("${binding}", &(\\w+)\\)`).exec(source)[1];
      const body = source.slice(source.indexOf(`val ${fn}(`), source.indexOf('\n}\n', source.indexOf(`val ${fn}(`)));
      assert.match(body, new RegExp(`results::${type}\\(`), `${file}: ${fn} returns results::${type}`);
    }
    // a writer of this type's fields by hand: .add("<field>", …) of every bound field, in one chain (3 fields or more)
    const names = Object.entries(fields)
      .filter(([, f]) => f.binding !== false)
      .map(([name]) => name);
    const chain = names.map((name) => `\\.add\\("${name}",[^;]*`).join('');
    if (names.length < 3) continue;
    for (const [file, source] of Object.entries(sources)) assert.doesNotMatch(source, new RegExp(chain), `${file} writes ${type} by hand`);
  }
});
