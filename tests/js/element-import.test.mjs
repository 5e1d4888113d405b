// The element bundle (dist/element, the package's "./element" export) is safe to import anywhere and to hand to
// any bundler (issue 19):
//  - in Node without a DOM (server-side rendering, static generation) and in a worker, importing it throws
//    nothing and defines nothing;
//  - each worker's static import graph holds no import() (Vite 5 builds workers as IIFE, which allows no code
//    splitting), and every `new Worker(new URL(…), { … })` has literal options (Vite refuses computed ones);
//  - a site bundled by webpack 5 or esbuild from `import 'bloomcalc/element'` ships no file:// URL and no path
//    of the build machine (webpack replaces a bare import.meta.url with the module's file:// path).
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { after, before, test } from 'node:test';

import { ROOT } from './helpers/common.mjs';
import { MODULE_FILES } from '../../wasm/api.mjs';

const DIR = join(ROOT, 'dist', 'element');
const ENTRY = join(DIR, 'bloom-calc.mjs');
const META = join(ROOT, 'dist', 'element.meta.json');
const skip = !existsSync(ENTRY) || !existsSync(META) ? 'dist/element is not built (node scripts/build.mjs web)' : false;

test('Node without a DOM: importing the element bundle throws nothing and defines nothing', { skip }, async () => {
  assert.equal(typeof globalThis.customElements, 'undefined');
  assert.equal(typeof globalThis.HTMLElement, 'undefined');
  const element = await import(pathToFileURL(ENTRY).href);
  assert.equal(typeof element.BloomCalcElement, 'function');
  assert.deepEqual(element.calculatorNames(), Object.keys(element.CALCULATORS));
  assert.ok(element.calculatorNames().includes('sizing'));
  assert.equal(typeof globalThis.customElements, 'undefined', 'no registry made up');
});

test('a worker thread imports the element bundle: no throw, nothing defined', { skip }, async () => {
  const code = `import { parentPort } from 'node:worker_threads';
    import(${JSON.stringify(pathToFileURL(ENTRY).href)}).then(
      (m) => parentPort.postMessage({ ok: typeof m.BloomCalcElement === 'function', defined: typeof customElements !== 'undefined' }),
      (e) => parentPort.postMessage({ error: String(e && e.stack || e) }));`;
  const worker = new Worker(new URL(`data:text/javascript,${encodeURIComponent(code)}`));
  const answer = await new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  await worker.terminate();
  assert.deepEqual(answer, { ok: true, defined: false });
});

test("each worker's static import graph holds no import(); every new Worker() has literal options", { skip }, () => {
  const { outputs } = JSON.parse(readFileSync(META, 'utf8'));
  const workers = Object.keys(outputs).filter((o) => /-worker\.js$/.test(o));
  assert.deepEqual(workers.map((o) => o.split('/').at(-1)).sort(), [
    'compare-worker.js',
    'intl-worker.js',
    'layouts-worker.js',
    'rbf-worker.js',
    'sim-share-worker.js',
    'sim-worker.js',
    'size-worker.js',
    'tools-worker.js',
  ]);
  for (const worker of workers) {
    const seen = new Set();
    const queue = [worker];
    while (queue.length) {
      const output = queue.shift();
      if (seen.has(output)) continue;
      seen.add(output);
      const dynamic = outputs[output].imports.filter((imp) => imp.kind === 'dynamic-import');
      assert.deepEqual(
        dynamic.map((imp) => imp.path),
        [],
        `${worker} reaches ${output}, which has an import()`,
      );
      queue.push(...outputs[output].imports.filter((imp) => imp.kind === 'import-statement').map((imp) => imp.path));
      assert.doesNotMatch(readFileSync(join(ROOT, output), 'utf8'), /\bimport\(/, `${output} (in ${worker}'s graph) has no import()`);
    }
  }
  let sites = 0;
  for (const file of readdirSync(DIR).filter((f) => /\.m?js$/.test(f))) {
    const code = readFileSync(join(DIR, file), 'utf8');
    const calls = code.split('new Worker(').length - 1;
    const literal = [...code.matchAll(/new Worker\(new URL\("\.\/[\w-]+\.js",import\.meta\.url\),(\{[^}]*\})\)/g)];
    assert.equal(literal.length, calls, `${file}: every worker is started as new Worker(new URL("./x.js", import.meta.url), {…})`);
    for (const [, options] of literal) assert.match(options, /^\{(\w+:"[\w-]+",?)+\}$/, `${file}: the worker's options are literals: ${options}`);
    sites += calls;
  }
  assert.ok(sites >= 4, `found the workers' new Worker() sites (${sites})`);
});

// Build-time URLs: a site bundled from `import 'bloomcalc/element'` in a project whose node_modules/bloomcalc is
// this checkout (a symlink, as npm link makes), with no configuration.
let project;
before(() => {
  if (skip) return;
  project = mkdtempSync(join(tmpdir(), 'bloomcalc-element-'));
  mkdirSync(join(project, 'node_modules'));
  symlinkSync(ROOT, join(project, 'node_modules', 'bloomcalc'), 'dir');
  mkdirSync(join(project, 'src'));
  writeFileSync(join(project, 'src', 'main.mjs'), "import 'bloomcalc/element';\n");
});
after(() => project && rmSync(project, { recursive: true, force: true }));

/** Every emitted text file's name and text (JS, HTML: what a site serves). */
function emittedTexts(dir) {
  return readdirSync(dir, { recursive: true })
    .filter((f) => /\.(m?js|html|css|json)$/.test(f))
    .map((f) => [f, readFileSync(join(dir, f), 'utf8')]);
}

function assertNoBuildPath(dir, bundler) {
  const texts = emittedTexts(dir);
  assert.ok(
    texts.some(([f]) => /\.m?js$/.test(f)),
    `${bundler} emitted JS`,
  );
  const roots = [ROOT.replace(/\/$/, ''), project, tmpdir()];
  for (const [file, text] of texts) {
    assert.doesNotMatch(text, /file:\/\//, `${bundler}: ${file} names a file:// URL`);
    for (const path of roots) assert.ok(!text.includes(path), `${bundler}: ${file} names the build machine's path ${path}`);
  }
}

test(
  "webpack 5 (production, no configuration): the site names no file:// URL and no build path; the workers, every module's .wasm and docs are emitted",
  { skip },
  async () => {
    const webpack = (await import('webpack')).default;
    const out = join(project, 'out-webpack');
    const compiler = webpack({ mode: 'production', context: join(project, 'src'), entry: './main.mjs', output: { path: out, filename: 'main.js' } });
    const stats = await new Promise((resolve, reject) => compiler.run((err, s) => (err ? reject(err) : resolve(s))));
    await new Promise((resolve) => compiler.close(resolve));
    assert.equal(stats.hasErrors(), false, stats.toString({ all: false, errors: true }));
    assertNoBuildPath(out, 'webpack');
    const files = readdirSync(out);
    const modules = Object.keys(MODULE_FILES).length;
    assert.equal(files.filter((f) => f.endsWith('.wasm')).length, modules, `the ${modules} .wasm emitted: ${files}`);
    assert.ok(files.filter((f) => f.endsWith('.html')).length >= 3, `the linked docs pages emitted: ${files}`);
  },
);

test('esbuild (ESM bundle): the site names no file:// URL and no build path', { skip }, async () => {
  const esbuild = await import('esbuild');
  const out = join(project, 'out-esbuild');
  await esbuild.build({
    entryPoints: [join(project, 'src', 'main.mjs')],
    bundle: true,
    format: 'esm',
    splitting: true,
    minify: true,
    outdir: out,
    absWorkingDir: project,
    logLevel: 'error',
  });
  assertNoBuildPath(out, 'esbuild');
});
