// What a page with one <bloom-calc calculator="…"> downloads before that calculator's first result,
// gzip-compressed (level 9, what static hosts and CDNs serve), for EVERY calculator: the element entry
// (dist/element/bloom-calc.mjs), the chunks the calculator's module imports (statically, transitively: read
// from esbuild's metafile, dist/element.meta.json, written by scripts/build-web.mjs), the .wasm of the
// WebAssembly module the calculator computes with on the page (web/element.mjs MODULES; the modules are split
// along the calculators, wasm/api.mjs MODULE_FILES, each loader a chunk of its own: docs/decisions.md, "Modules
// along the calculators"), and the module worker when the calculator's first result is computed in one (its own
// file and chunks, and the .wasm of each module whose loader it holds, when not the page's; the runtime chunk it
// shares with the entry is already loaded). uPlot is a chunk fetched when the first chart is drawn
// (web/uplot-lazy.mjs), after the first result, so it is reported beside, as are the other workers.
// tests/js/size.test.mjs holds every calculator to its budget (EMBED_BUDGETS) with HEADROOM to spare;
// scripts/bench.mjs (--only sizes) prints the figures into docs/measurements.md, and the test fails when they are
// stale. The asserts are the structure both rely on.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

import { MODULE_FILES as FILES } from '../wasm/api.mjs';

/**
 * Each calculator's budget, bytes gzip before its first result (declared here only). The sizing and formulas
 * calculators, the ones a documentation page embeds most, 125 KB (issue 32: ≤ 150 KB, 100 KB the goal, not reached:
 * the entry, their chunks and the workers are 52 KB of JS before bloomcalc.web.wasm's 57 KB); recycling 210 KB, the
 * one over 200 KB less the headroom (its chunks, 44 KB, are the next to split); the others 200 KB.
 */
export const EMBED_BUDGETS = {
  sizing: 125_000,
  formulas: 125_000,
  paradox: 200_000,
  cbf: 200_000,
  recycling: 210_000,
  simulate: 200_000,
  layouts: 200_000,
  libraries: 200_000,
  scalable: 200_000,
  window: 200_000,
  state: 200_000,
  overflow: 200_000,
  compare: 200_000,
};
/** The share of its budget a calculator may use: 10 % of it left to grow into. */
export const HEADROOM = 0.1;

/**
 * The calculators whose first result comes from a worker (the rest compute theirs on the main thread and
 * start a worker only on a user's request: a Simulate or Recommend button, the paper figures): the sizing
 * (web/sizing.mjs, sizer.request('size') in the size worker: the exact method can take seconds), the layouts
 * surface (web/layouts.mjs, runner.request('layouts')), the recycling recommendation (web/rbf.mjs,
 * runner.request('recommend'), at every M), the simulate calculator (web/formulas.mjs, bc.simulate in
 * the simulation worker) and the window (web/window.mjs). Checked below: each worker named here is one the
 * calculator's code starts; the modules it loads are read from its files (their loaders).
 */
const INTL_WORKER = 'intl-worker.js';
const FIRST_RESULT_WORKER = {
  sizing: 'size-worker.js',
  layouts: 'layouts-worker.js',
  recycling: 'rbf-worker.js',
  simulate: 'sim-worker.js',
  window: 'tools-worker.js',
  compare: 'compare-worker.js',
};

/** A module's .wasm and the source of its loader (the Emscripten glue), as wasm/api.mjs names it. */
export const MODULE_FILES = Object.fromEntries(Object.entries(FILES).map(([name, file]) => [name, { wasm: `${file}.wasm`, loader: `dist/${file}.mjs` }]));

const gzipped = (path) => gzipSync(readFileSync(path), { level: 9 }).length;
const brotlied = (path) => brotliCompressSync(readFileSync(path), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

/** calculator name → its WebAssembly module (web/calculators.generated.mjs: `export const MODULES = {"name":"rbf", …}`; else 'main'). */
function calculatorWasm(root) {
  const source = readFileSync(join(root, 'web', 'calculators.generated.mjs'), 'utf8');
  const literal = source.match(/^export const MODULES = (\{[^}]*\});/m);
  assert.ok(literal, "web/calculators.generated.mjs names the calculators' modules in `export const MODULES = { … }`");
  return new Map(Object.entries(JSON.parse(literal[1])));
}

/** calculator name → its module file (web/calculators.generated.mjs: `name: () => import('./file.mjs')…`). */
function calculatorModules(root) {
  const source = readFileSync(join(root, 'web', 'calculators.generated.mjs'), 'utf8');
  const found = [...source.matchAll(/^\s*(\w+): \(\) => import\('\.\/([\w-]+\.mjs)'\)/gm)];
  return new Map(found.map(([, name, file]) => [name, `web/${file}`]));
}

/** dist/element and its metafile are built (node scripts/build.mjs web). */
export function embedBuilt(root) {
  const dir = join(root, 'dist', 'element');
  return existsSync(join(root, 'dist', 'element.meta.json')) && Object.values(MODULE_FILES).every(({ wasm }) => existsSync(join(dir, wasm)));
}

/**
 * The sizes: `modules` (each .wasm: bytes, gzip, brotli), `rows` (per calculator: entry, chunks, worker,
 * .wasm, total, all gzip bytes; its budget) and `onDemand` (what loads after the first result, and the modules no
 * calculator loads before it).
 */
export function embedSizes(root) {
  const dir = join(root, 'dist', 'element');
  const { outputs } = JSON.parse(readFileSync(join(root, 'dist', 'element.meta.json'), 'utf8'));
  const file = (output) => join(root, output);
  // output path → the outputs it imports statically, itself included (what the browser fetches before it runs)
  const closure = (output, into = new Set()) => {
    if (into.has(output)) return into;
    into.add(output);
    for (const imp of outputs[output].imports) if (imp.kind === 'import-statement') closure(imp.path, into);
    return into;
  };
  const entry = Object.keys(outputs).find((o) => outputs[o].entryPoint === 'web/element.mjs');
  assert.ok(entry && basename(entry) === 'bloom-calc.mjs', 'the metafile names the entry dist/element/bloom-calc.mjs');
  const wasmOf = calculatorWasm(root);
  const modules = Object.fromEntries(
    Object.entries(MODULE_FILES).map(([name, { wasm }]) => {
      const path = join(dir, wasm);
      return [name, { name, file: wasm, bytes: readFileSync(path).length, gzip: gzipped(path), brotli: brotlied(path) }];
    }),
  );
  const calculators = calculatorModules(root);
  assert.ok(calculators.size >= 7, `web/element.mjs registers the calculators with literal import()s (found ${[...calculators.keys()]})`);
  const lazyOf = new Map(
    Object.keys(outputs)
      .filter((o) => outputs[o].entryPoint)
      .map((o) => [outputs[o].entryPoint, o]),
  );

  // every calculator's first computation starts the number-format worker (web/number-formats.mjs)
  const intl = Object.keys(outputs).find((o) => basename(o) === INTL_WORKER);
  assert.ok(intl && readFileSync(file(entry), 'utf8').includes(INTL_WORKER), `the entry starts ${INTL_WORKER}`);

  const rows = [];
  for (const [name, module] of calculators) {
    const chunk = lazyOf.get(module);
    assert.ok(chunk, `${name}: ${module} is a chunk of its own (a dynamic import of the entry)`);
    const loaded = [...closure(entry)]; // the entry and the chunks it imports (the registry may be in one it shares)
    assert.ok(
      loaded.some((o) => outputs[o].imports.some((imp) => imp.kind === 'dynamic-import' && imp.path === chunk)),
      `${name}: the entry imports ${module} lazily`,
    );
    const wasmName = wasmOf.get(name) ?? 'main';
    assert.ok(MODULE_FILES[wasmName], `${name}: its module '${wasmName}' is one of ${Object.keys(MODULE_FILES)}`);
    const { loader } = MODULE_FILES[wasmName];
    let page = closure(chunk, closure(entry));
    // the module's loader: a chunk of its own, imported when the module loads
    const loaderChunk = Object.keys(outputs).find((o) => outputs[o].entryPoint === loader);
    if (loaderChunk) page = closure(loaderChunk, page);
    assert.ok(
      [...page].some((o) => outputs[o].inputs[loader]),
      `${name}: the files it loads include its module's loader ${loader}`,
    );
    const worker = FIRST_RESULT_WORKER[name];
    let workerFiles = [];
    const wasmNames = [wasmName];
    if (worker) {
      const code = [...page].map((o) => readFileSync(file(o), 'utf8')).join('\n');
      assert.ok(code.includes(worker), `${name}: its code starts ${worker}`);
      const output = Object.keys(outputs).find((o) => basename(o) === worker);
      assert.ok(output, `${worker} is built with the element (shares its runtime chunk)`);
      const workerClosure = closure(output, new Set());
      workerFiles = [...closure(output, new Set(page))].filter((o) => !page.has(o)); // the rest is cached
      // the modules whose loaders the worker holds: their .wasm too (the page compiles each once and gives it)
      const loads = Object.entries(MODULE_FILES)
        .filter(([, m]) => [...workerClosure].some((o) => outputs[o].inputs[m.loader]))
        .map(([m]) => m);
      assert.ok(loads.length > 0, `${worker} loads a WebAssembly module`);
      for (const m of loads) if (!wasmNames.includes(m)) wasmNames.push(m);
    }
    workerFiles = [...new Set([...workerFiles, ...[...closure(intl, new Set(page))].filter((o) => !page.has(o))])];
    const files = [...page, ...workerFiles];
    assert.ok(!files.some((o) => outputs[o].entryPoint?.includes('uplot')), `${name}: uPlot is not loaded before the first result`);
    const entryBytes = gzipped(file(entry));
    const js = [...page].reduce((sum, o) => sum + gzipped(file(o)), 0);
    const workerBytes = workerFiles.reduce((sum, o) => sum + gzipped(file(o)), 0);
    const wasm = wasmNames.reduce((sum, m) => sum + modules[m].gzip, 0);
    const total = js + workerBytes + wasm;
    const budget = EMBED_BUDGETS[name];
    assert.ok(budget, `${name}: a budget in scripts/embed-size.mjs EMBED_BUDGETS`);
    rows.push({
      name,
      files: files.length,
      chunkFiles: page.size - 1,
      entryBytes,
      chunks: js - entryBytes,
      worker: [worker, INTL_WORKER].filter(Boolean).join(' + '),
      workerFiles: workerFiles.length,
      workerBytes,
      wasmName: wasmNames.join(' + '),
      wasmNames,
      wasm,
      total,
      budget,
    });
  }
  const uplot = Object.keys(outputs).find((o) => outputs[o].entryPoint?.includes('uplot'));
  const onDemand = [
    ...(uplot ? [{ name: 'uPlot', gzip: gzipped(file(uplot)) }] : []),
    ...[
      'sim-worker.js',
      'sim-share-worker.js',
      'rbf-worker.js',
      'layouts-worker.js',
      'size-worker.js',
      'tools-worker.js',
      'compare-worker.js',
      INTL_WORKER,
    ].map((w) => ({
      name: w,
      gzip: gzipped(join(dir, w)),
    })),
    ...Object.values(modules)
      .filter((m) => !rows.some((r) => r.wasmNames.includes(m.name)))
      .map((m) => ({ name: m.file, gzip: m.gzip })),
  ];
  return { modules, rows, onDemand };
}
