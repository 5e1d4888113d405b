// Builds the static page into dist/web: esbuild bundles web/app.mjs (the page, the wasm loader from
// wasm/browser.mjs and uPlot) into app.js, and web/rbf-worker.mjs (the module worker of the recycling
// section) into rbf-worker.js; the HTML, the CSS and the .wasm are copied beside them.
// Usage: node scripts/build-web.mjs   (needs dist/bloomcalc.web.mjs + .wasm from `npm run build`)
import { copyFile, mkdir, rm, stat } from 'node:fs/promises';
import { buildDocs } from './build-docs.mjs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

async function exists(path) {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Bundles and copies the page. Returns { outdir, files } with the written files' paths.
 * Throws when the WebAssembly build (dist/bloomcalc.web.mjs, dist/bloomcalc.web.wasm) is missing.
 */
export async function buildWeb({ outdir = join(root, 'dist', 'web'), quiet = false } = {}) {
  const wasm = join(root, 'dist', 'bloomcalc.web.wasm');
  const loader = join(root, 'dist', 'bloomcalc.web.mjs');
  const missing = [];
  for (const path of [loader, wasm]) if (!(await exists(path))) missing.push(relative(root, path));
  if (missing.length) {
    throw new Error(
      `build-web: the WebAssembly build is missing (${missing.join(', ')}). ` +
        'Run `npm run build` first; it writes dist/bloomcalc.web.mjs and dist/bloomcalc.web.wasm.',
    );
  }

  const { build } = await import('esbuild');
  await rm(outdir, { recursive: true, force: true });
  await mkdir(outdir, { recursive: true });

  // Options shared by every bundle: ES modules for the browser, minified, with source maps.
  const common = {
    absWorkingDir: root,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2022'],
    minify: true,
    sourcemap: true,
    legalComments: 'eof',
    logLevel: quiet ? 'silent' : 'warning',
    metafile: true,
  };
  // the page and its simulation worker (a module worker, web/sim-worker.mjs)
  const result = await build({
    ...common,
    entryPoints: { app: join(root, 'web', 'app.mjs'), 'sim-worker': join(root, 'web', 'sim-worker.mjs') },
    outdir,
  });
  // The recycling-filter section's module worker: its own bundle (the wasm loader and the API),
  // loaded by app.js as new Worker(new URL('rbf-worker.js', import.meta.url), { type: 'module' }).
  const worker = await build({
    ...common,
    entryPoints: [join(root, 'web', 'rbf-worker.mjs')],
    outfile: join(outdir, 'rbf-worker.js'),
  });
  const warnings = result.warnings.length + worker.warnings.length;
  if (warnings && !quiet) {
    console.warn(`build-web: esbuild reported ${warnings} warning(s)`);
  }

  const copies = [
    [join(root, 'web', 'index.html'), 'index.html'],
    [join(root, 'web', 'style.css'), 'style.css'],
    [join(root, 'node_modules', 'uplot', 'dist', 'uPlot.min.css'), 'uPlot.min.css'],
    [wasm, 'bloomcalc.web.wasm'],
  ];
  for (const [from, to] of copies) await copyFile(from, join(outdir, to));
  const docs = await buildDocs(root, outdir);

  const files = [...Object.keys({ ...result.metafile.outputs, ...worker.metafile.outputs }).map((p) => resolve(root, p)), ...copies.map(([, to]) => join(outdir, to)), ...docs];
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
