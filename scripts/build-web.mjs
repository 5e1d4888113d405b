// Builds the custom elements into dist/element and the static page into dist/web.
//  dist/element: esbuild bundles web/element.mjs (the <bloom-calc> element, the wasm loader from
//    wasm/browser.mjs, the CSS as text) into the entry bloom-calc.mjs, split at each dynamic import() into
//    chunks beside it (bloom-calc.<name>-<hash>.js: one per calculator, the code they share, uPlot), so a
//    page embedding one calculator loads only that one's code (the embed size budget, tests/js/size.test.mjs,
//    reads the chunk graph from dist/element.meta.json); the module workers web/<name>-worker.mjs (sim, rbf,
//    layouts, size, tools, and intl: web/number-formats.mjs) become <name>-worker.js,
//    which import the runtime chunk the entry also loads; the modules' .wasm files (wasm/api.mjs MODULE_FILES:
//    bloomcalc.web.wasm, bloomcalc.paradox.wasm, …) are copied beside them (each found relative to its loader's
//    URL), and the docs as HTML in
//    docs/ (the calculators' equation links point there). This folder is what the package's "./element" export ships.
//  dist/web: the same element files, plus the page: index.html (its navigation and calculators from the schema:
//    scripts/page-markup.mjs; the calculators rendered ahead: renderAhead),
//    page.css, bloom-calc.css (the element's styles, for those) and app.js (web/app.mjs: embed mode and the glue
//    between calculators; no computation), and the docs as HTML.
// Usage: node scripts/build-web.mjs   (needs dist/bloomcalc.<module>.mjs + .wasm from `npm run build`)
import { copyFile, cp, mkdir, mkdtemp, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { buildDocs } from './build-docs.mjs';
import { writeCustomElements } from './custom-elements.mjs';
import { withCalculators } from './page-markup.mjs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { MODULE_FILES } from '../wasm/api.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

async function exists(path) {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

/** The CSS and HTML imported as text go in minified (CSS by esbuild; HTML: runs of white space → one space). */
const minifiedText = {
  name: 'minified-text',
  setup(build) {
    build.onLoad({ filter: /\.css$/ }, async ({ path }) => {
      const { transform } = await import('esbuild');
      const { code } = await transform(await readFile(path, 'utf8'), { loader: 'css', minify: true });
      return { contents: code, loader: 'text' };
    });
    build.onLoad({ filter: /\.html$/ }, async ({ path }) => ({ contents: (await readFile(path, 'utf8')).replace(/\s+/g, ' '), loader: 'text' }));
  },
};

/**
 * Emscripten's ES module output starts `var _scriptDir = import.meta.url;`: a bare import.meta.url, which webpack
 * and Rspack replace at build time with the build machine's file:// path, shipped in the site's code. It only
 * sets the directory handed to a custom locateFile as its second argument; the .wasm itself is found with
 * new URL('bloomcalc.<name>.wasm', import.meta.url), which every bundler rewrites. Without it the runtime takes
 * the page's (or the worker's) location. A generated file without that exact line fails the build.
 */
const noBareModuleUrl = {
  name: 'no-bare-import-meta-url',
  setup(build) {
    build.onLoad({ filter: /[\\/]dist[\\/]bloomcalc\.\w+\.mjs$/ }, async ({ path }) => {
      const code = await readFile(path, 'utf8');
      const line = 'var _scriptDir = import.meta.url;';
      if (code.split(line).length !== 2) throw new Error(`build-web: ${path} has no single "${line}" (Emscripten's output changed)`);
      return { contents: code.replace(line, 'var _scriptDir = undefined; // not import.meta.url: scripts/build-web.mjs, noBareModuleUrl'), loader: 'js' };
    });
  },
};

/**
 * The page's index.html with a <link rel="modulepreload"> for the entry and each chunk it imports statically (at
 * any depth), in place of the marker comment: the browser fetches them from the HTML, while the page's own script
 * waits for the first paint to import the entry (web/app.mjs).
 */
function withModulePreloads(html, metafile, entry) {
  const marker = "<!-- modulepreload: the entry's static imports (scripts/build-web.mjs) -->";
  if (!html.includes(marker)) throw new Error(`build-web: web/index.html has no "${marker}"`);
  const chunks = [entry.replace(/\.js$/, '.mjs')]; // the entry itself: web/app.mjs imports it after the first paint
  const visit = (file) => {
    for (const { path, kind } of metafile.outputs[file]?.imports ?? [])
      if (kind === 'import-statement' && !chunks.includes(path)) {
        chunks.push(path);
        visit(path);
      }
  };
  visit(entry);
  return html.replace(marker, chunks.map((path) => `<link rel="modulepreload" href="${path.split('/').pop()}">`).join('\n  '));
}

// The element's styles as a file, for the page's calculators rendered ahead (dist/web only).
const AHEAD_STYLES = 'bloom-calc.css';

/**
 * The page's calculators rendered ahead: each `<bloom-calc calculator="…"></bloom-calc>` of the page gets its
 * markup (web/templates.mjs) and its toolbar's (web/exports.mjs, toolbarMarkup) in a declarative shadow root
 * (<template shadowrootmode="open">) with a <link> to AHEAD_STYLES, the element's styles. The first paint then
 * needs the HTML and the CSS only, with every calculator at its settled size, and the element's script no longer
 * blocks rendering; the element keeps that root when it is defined (web/element-base.mjs, #show). The markup is
 * the element's own: web/templates.mjs and the rest bundled by esbuild as the element is (`common`), imported
 * here. Returns { html, css }.
 */
async function renderAhead(html, common) {
  const { build } = await import('esbuild');
  const dir = await mkdtemp(join(tmpdir(), 'bloomcalc-ahead-'));
  try {
    const outfile = join(dir, 'ahead.mjs');
    const contents = ['templates.mjs', 'element-base.mjs', 'exports.mjs', 'element-styles.mjs']
      .map((f) => `export * from './web/${f}';`)
      .concat("export { MARKUP } from './web/calculators.generated.mjs';") // the templates of the calculators declaring `markup`
      .join('\n');
    await build({ ...common, minify: false, sourcemap: false, stdin: { contents, resolveDir: root, sourcefile: 'render-ahead.mjs' }, outfile });
    const { TEMPLATES, MARKUP, markupTemplate, calculatorMarkup, toolbarMarkup, styleTexts } = await import(pathToFileURL(outfile).href);
    for (const [name, [markup, fields]] of Object.entries(MARKUP)) TEMPLATES[name] ??= markupTemplate(markup, fields); // as web/element.mjs does
    let count = 0;
    const page = html.replace(/(<bloom-calc\b[^>]*?\bcalculator="([^"]*)"[^>]*>)<\/bloom-calc>/g, (_, open, name) => {
      if (TEMPLATES[name] === undefined) throw new Error(`build-web: web/index.html: no markup for <bloom-calc calculator="${name}">`);
      count++;
      // toolbarMarkup(true): the page gives each element a page-url (web/app.mjs), so embed codes may be iframes
      const markup = calculatorMarkup(name, TEMPLATES[name], toolbarMarkup(true));
      return `${open}<template shadowrootmode="open"><link rel="stylesheet" href="${AHEAD_STYLES}">${markup}</template></bloom-calc>`;
    });
    if (count === 0) throw new Error('build-web: web/index.html has no <bloom-calc calculator="…"></bloom-calc> to render ahead');
    // our page follows the system's colour scheme (web/page.css): so do its calculators before they are defined
    return { html: page, css: styleTexts({ osDarkBeforeDefined: true }).join('\n') };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Bundles and copies the elements and the page. Returns { outdir, files } with the written files' paths.
 * Throws when the WebAssembly build (dist/bloomcalc.<module>.mjs and .wasm) is missing.
 */
export async function buildWeb({ outdir = join(root, 'dist', 'web'), elementDir = join(root, 'dist', 'element'), quiet = false } = {}) {
  // the modules, split along the calculators (wasm/api.mjs MODULE_FILES; docs/decisions.md, "Modules along the calculators")
  const wasmFiles = Object.values(MODULE_FILES).map((file) => `${file}.wasm`);
  const missing = [];
  for (const file of [...wasmFiles, ...Object.values(MODULE_FILES).map((file) => `${file}.mjs`)])
    if (!(await exists(join(root, 'dist', file)))) missing.push(`dist/${file}`);
  if (missing.length) {
    throw new Error(
      `build-web: the WebAssembly build is missing (${missing.join(', ')}). ` + 'Run `npm run build` first; it writes dist/bloomcalc.<module>.mjs and .wasm.',
    );
  }

  const { build } = await import('esbuild');
  for (const dir of [outdir, elementDir]) {
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
  }

  // Options shared by every bundle: ES modules for the browser, minified, with source maps beside them that no
  // file names ('external': no //# sourceMappingURL comment): the package does not ship the maps (1.2 MB), and
  // a comment naming one is a 404 on every site serving the folder; a developer adds a map by hand in the
  // browser's tools (docs/decisions.md, 2026-12-05).
  const common = {
    absWorkingDir: root,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2022'],
    minify: true,
    sourcemap: 'external',
    legalComments: 'eof',
    logLevel: quiet ? 'silent' : 'warning',
    metafile: true,
    // the calculators' markup (web/calculators/*.html) and the stylesheets adopted by the shadow roots
    loader: { '.html': 'text', '.css': 'text' },
    plugins: [minifiedText, noBareModuleUrl],
  };
  // The elements and their module workers, split at each dynamic import() and at the code they share: the
  // entry bloom-calc.mjs (web/element.mjs, element-base.mjs, styles), one chunk per calculator, uPlot, and the
  // runtime (wasm/browser.mjs) that the entry and the three workers import, so a worker started after the
  // element's first load fetches only its own few KB. Chunks are written beside the entry
  // (bloom-calc.<name>-<hash>.js), so every file's import.meta.url is the same folder (the .wasm and the
  // workers are found relative to it). The metafile (dist/element.meta.json, not shipped) tells
  // tests/js/size.test.mjs which files each calculator loads.
  const result = await build({
    ...common,
    entryPoints: {
      'bloom-calc': join(root, 'web', 'element.mjs'),
      'sim-worker': join(root, 'web', 'sim-worker.mjs'),
      'sim-share-worker': join(root, 'web', 'sim-share-worker.mjs'),
      'rbf-worker': join(root, 'web', 'rbf-worker.mjs'),
      'layouts-worker': join(root, 'web', 'layouts-worker.mjs'),
      'size-worker': join(root, 'web', 'size-worker.mjs'),
      'tools-worker': join(root, 'web', 'tools-worker.mjs'),
      'compare-worker': join(root, 'web', 'compare-worker.mjs'),
      'intl-worker': join(root, 'web', 'intl-worker.mjs'),
    },
    splitting: true,
    entryNames: '[name]',
    chunkNames: 'bloom-calc.[name]-[hash]',
    outdir: elementDir,
  });
  const imported = Object.values(result.metafile.outputs).flatMap((o) => o.imports.map((i) => i.path));
  if (imported.some((p) => p.endsWith('/bloom-calc.js'))) throw new Error('build-web: a chunk imports the entry; it cannot be renamed');
  // bloom-calc.mjs keeps the .mjs name users put in a script tag
  await rename(join(elementDir, 'bloom-calc.js'), join(elementDir, 'bloom-calc.mjs'));
  await rename(join(elementDir, 'bloom-calc.js.map'), join(elementDir, 'bloom-calc.mjs.map'));
  const meta = JSON.stringify(result.metafile).replaceAll('/bloom-calc.js"', '/bloom-calc.mjs"').replaceAll('/bloom-calc.js.map"', '/bloom-calc.mjs.map"');
  await writeFile(join(elementDir, '..', 'element.meta.json'), meta);
  // what tools know of <bloom-calc> (custom-elements.json, types/element.d.ts), from the bundle just built
  if (elementDir === join(root, 'dist', 'element')) await writeCustomElements();
  for (const file of wasmFiles) await copyFile(join(root, 'dist', file), join(elementDir, file));
  // The npm module's browser entry (wasm/browser.mjs with its runtime) beside the same .wasm files, so the
  // package ships each .wasm once: its `new URL('bloomcalc.<name>.wasm', import.meta.url)`s find this folder's
  // copies, and Vite and webpack follow them from here (package.json "exports", docs/bundlers.md).
  const moduleBundle = await build({
    ...common,
    sourcemap: false,
    entryPoints: [join(root, 'wasm', 'browser.mjs')],
    outfile: join(elementDir, 'bloomcalc.module.mjs'),
  });
  // The page's own script: embed mode and glue, no computation.
  const worker = await build({
    ...common,
    entryPoints: [join(root, 'web', 'app.mjs')],
    outfile: join(outdir, 'app.js'),
    external: ['./bloom-calc.mjs'], // beside it in dist/web
  });
  const warnings = result.warnings.length + moduleBundle.warnings.length + worker.warnings.length;
  if (warnings && !quiet) {
    console.warn(`build-web: esbuild reported ${warnings} warning(s)`);
  }

  // the docs beside the element bundle (its equation links point there); the page has the same files
  const elementDocs = await buildDocs(root, elementDir);
  const elementFiles = (await readdir(elementDir, { withFileTypes: true }))
    .filter((e) => e.isFile())
    .map((e) => e.name)
    .sort();
  const copies = [[join(root, 'web', 'page.css'), 'page.css'], ...elementFiles.map((f) => [join(elementDir, f), f])];
  for (const [from, to] of copies) await copyFile(from, join(outdir, to));
  const ahead = await renderAhead(withCalculators(await readFile(join(root, 'web', 'index.html'), 'utf8')), common);
  await writeFile(join(outdir, 'index.html'), withModulePreloads(ahead.html, result.metafile, relative(root, join(elementDir, 'bloom-calc.js'))));
  await writeFile(join(outdir, AHEAD_STYLES), ahead.css);
  await cp(join(elementDir, 'docs'), join(outdir, 'docs'), { recursive: true });
  const docs = elementDocs.map((file) => join(outdir, relative(elementDir, file)));

  const files = [
    ...elementFiles.map((f) => join(elementDir, f)),
    ...elementDocs,
    ...Object.keys(worker.metafile.outputs).map((p) => resolve(root, p)),
    join(outdir, 'index.html'),
    join(outdir, AHEAD_STYLES),
    ...copies.map(([, to]) => join(outdir, to)),
    ...docs,
  ];
  if (!quiet) {
    for (const file of files) {
      const { size } = await stat(file);
      console.log(`  ${relative(root, file).padEnd(34)} ${(size / 1024).toFixed(1).padStart(8)} KiB`);
    }
  }
  return { outdir, files };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  buildWeb().then(
    ({ outdir }) => console.log(`build-web: wrote ${relative(process.cwd(), outdir) || '.'}`),
    (err) => {
      console.error(err.message);
      process.exitCode = 1;
    },
  );
}
