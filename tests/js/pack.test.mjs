// The published package: `npm pack`, install the tarball offline into a fresh project, then use
// it as a consumer would — `import('bloomcalc')` and the `bloomcalc` bin.
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { copyFileSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, normalize, posix, sep } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';

import { launchChromium } from '../e2e/harness.mjs';
import { serve, stop } from '../../wasm/serve.mjs';
import { MODULE_FILES } from '../../wasm/api.mjs';
import { NODE_BUILD, ROOT, hasNodeBuild } from './helpers/common.mjs';

const run = promisify(execFile);
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

// A clean environment for npm: no settings inherited from an enclosing `npm run`.
function npmEnv(cache) {
  const env = {};
  for (const [key, value] of Object.entries(process.env)) if (!/^npm_/i.test(key)) env[key] = value;
  env.npm_config_cache = cache;
  env.npm_config_update_notifier = 'false';
  env.npm_config_fund = 'false';
  env.npm_config_audit = 'false';
  return env;
}

/** Relative imports of an ES module source ('./x.mjs', '../y.cjs' via import/require). */
function relativeImports(source) {
  const found = new Set();
  const patterns = [
    /\bfrom\s*['"](\.{1,2}\/[^'"]+)['"]/g,
    /\bimport\s*\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g,
    /\bimport\s+['"](\.{1,2}\/[^'"]+)['"]/g,
    /\brequire\s*\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns) for (const match of source.matchAll(pattern)) found.add(match[1]);
  return [...found];
}

const skip = hasNodeBuild() ? false : `the WebAssembly build is missing (${NODE_BUILD}); run \`npm run build\` first`;

describe('npm package', { skip }, () => {
  let work;
  let env;
  let packDir;
  let project;
  before(() => {
    work = mkdtempSync(join(tmpdir(), 'bloomcalc-pack-'));
    env = npmEnv(join(work, 'npm-cache'));
    packDir = join(work, 'pack');
    project = join(work, 'project');
    mkdirSync(packDir);
    mkdirSync(project);
  });
  after(() => work && rmSync(work, { recursive: true, force: true }));

  let tarball;
  let packedFiles;

  test('npm pack produces a tarball with the entries and everything they import', async () => {
    const { stdout } = await run(NPM, ['pack', '--json', '--ignore-scripts', '--pack-destination', packDir], {
      cwd: ROOT,
      env,
      maxBuffer: 16 << 20,
    });
    const [info] = JSON.parse(stdout);
    tarball = join(packDir, info.filename);
    packedFiles = new Set(info.files.map((f) => f.path));
    const moduleFiles = Object.values(MODULE_FILES).flatMap((file) => [`dist/${file}.mjs`, `dist/element/${file}.wasm`]);
    for (const file of [
      'package.json',
      'wasm/index.mjs',
      'wasm/index.d.ts',
      'wasm/cli.mjs',
      'dist/element/bloom-calc.mjs',
      'dist/element/bloomcalc.module.mjs',
      ...moduleFiles,
    ]) {
      assert.ok(packedFiles.has(file), `${file} is in the package`);
    }
    // Follow the import graph from the Node entry and the bin: every module they load must ship.
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    const { node } = pkg.exports['.'];
    const entries = [
      node.import.default,
      node.import.types,
      node.require.default,
      node.require.types,
      pkg.exports['.'].default,
      pkg.exports['./element'].default,
      pkg.exports['./element'].types,
      pkg.exports['./element/react'].types,
      pkg.exports['./element/vue'].types,
      pkg.customElements,
      ...Object.keys(pkg.exports)
        .filter((key) => /^\.\/wasm(-\w+)?$/.test(key))
        .map((key) => pkg.exports[key]),
      pkg.bin.bloomcalc,
    ].map((p) => posix.normalize(p));
    const missing = [];
    const seen = new Set();
    const queue = [...entries];
    while (queue.length) {
      const file = queue.shift();
      if (seen.has(file)) continue;
      seen.add(file);
      if (!packedFiles.has(file)) {
        missing.push(file);
        continue;
      }
      if (!/\.[cm]js$/.test(file)) continue;
      for (const spec of relativeImports(readFileSync(join(ROOT, file), 'utf8'))) {
        if (spec.endsWith('package.json')) continue;
        queue.push(posix.normalize(posix.join(posix.dirname(file), spec)));
      }
    }
    assert.deepEqual(missing, [], `files imported by the package but not in package.json "files": ${missing.join(', ')}`);
    for (const file of packedFiles) {
      assert.ok(!/^(tests|core|web|scripts|build)\//.test(file), `${file} should not be published`);
    }
    // What a user needs without a toolchain: the built page, the docs, the licence, where it comes from.
    for (const file of ['LICENSE', 'README.md', 'dist/web/index.html', 'dist/web/app.js', 'docs/models.md', 'wasm/serve.mjs']) {
      assert.ok(packedFiles.has(file), `${file} is in the package`);
    }
    assert.equal(pkg.license, 'MIT');
    assert.match(readFileSync(join(ROOT, 'LICENSE'), 'utf8'), /^MIT License/);
    assert.match(pkg.repository?.url ?? '', /^git\+https:\/\//);
    assert.match(pkg.homepage ?? '', /^https:\/\//);
    assert.deepEqual(Object.keys(pkg.dependencies ?? {}), [], 'no runtime dependencies');
    // Each .wasm ships once (one per module, docs/decisions.md "Modules along the calculators"), each has its export
    // (./wasm for the main one, ./wasm-<name>), and no build inlines one.
    const wasmFiles = info.files
      .filter((f) => f.path.endsWith('.wasm'))
      .map((f) => f.path)
      .sort();
    assert.deepEqual(
      wasmFiles,
      Object.values(MODULE_FILES)
        .map((file) => `dist/element/${file}.wasm`)
        .sort(),
    );
    assert.deepEqual(
      Object.entries(MODULE_FILES).map(([name, file]) => pkg.exports[name === 'main' ? './wasm' : `./wasm-${name}`]),
      Object.values(MODULE_FILES).map((file) => `./dist/element/${file}.wasm`),
    );
    // The page ships without copies of the element files: `bloomcalc serve` serves them from dist/element.
    for (const f of info.files) {
      if (f.path.startsWith('dist/web/')) assert.ok(!packedFiles.has(f.path.replace('dist/web/', 'dist/element/')), `${f.path} is shipped twice`);
    }
    // An inlined .wasm is base64 text: "\0asm" encodes as AGFzbQ, and no shipped script holds a 2 000-character run
    // of base64 (the smallest module is ~110 KB, so a script larger than it is no longer a sign of one).
    for (const f of info.files) {
      if (!/\.[cm]?js$/.test(f.path)) continue;
      const text = readFileSync(join(ROOT, f.path), 'utf8');
      assert.ok(!text.includes('AGFzbQ') && !/[A-Za-z0-9+/=]{2000}/.test(text), `${f.path} inlines no .wasm as base64`);
    }
    console.log(`tarball: ${info.size} bytes packed, ${info.unpackedSize} unpacked, ${info.files.length} files`);
  });

  // A file a shipped file names and the package lacks is a 404 on every site that serves the element's folder:
  // a `//# sourceMappingURL=` comment (the browser's console reports it when its tools are open), an import, a
  // `new URL('…', import.meta.url)`. The page's files (dist/web/) are served with the element's (`bloomcalc serve`).
  test('no shipped file names a file the package lacks (source maps, imports, URLs beside the module)', () => {
    assert.ok(packedFiles, 'pack step ran');
    const problems = [];
    let references = 0;
    for (const file of packedFiles) {
      if (!/\.(m?js|cjs|css)$/.test(file)) continue;
      const text = readFileSync(join(ROOT, file), 'utf8');
      const named = [
        ...[...text.matchAll(/[#@] sourceMappingURL=([^\s*'"]+)/g)].map((m) => m[1]),
        ...[...text.matchAll(/new URL\(\s*['"](\.{0,2}\/?[\w.-]+\.\w+)['"],\s*import\.meta\.url\s*\)/g)].map((m) => m[1]),
        ...relativeImports(text),
      ].filter((name) => !/^(data|https?):/.test(name) && !name.endsWith('package.json'));
      for (const name of named) {
        references++;
        const target = posix.normalize(posix.join(posix.dirname(file), name));
        // (the Node glue dist/bloomcalc.<name>.mjs is handed dist/element's .wasm by wasm/node-wasm.mjs)
        const served = file.startsWith('dist/web/')
          ? [target, target.replace(/^dist\/web\//, 'dist/element/')]
          : /^dist\/bloomcalc\.\w+\.mjs$/.test(file)
            ? [target, target.replace(/^dist\//, 'dist/element/')]
            : [target];
        if (!served.some((f) => packedFiles.has(f))) problems.push(`${file} names ${name}`);
      }
    }
    assert.ok(references > 50, `the references found (${references})`);
    assert.deepEqual(problems, []);
  });

  // The README and the docs are read from the tarball (node_modules/bloomcalc/): each relative link of each shipped
  // Markdown file reaches a shipped file; a file of the repository the package does not ship is linked at the
  // repository (its homepage's blob/main/…, checked against the repository by tests/js/docs.test.mjs).
  test('every relative link of every shipped Markdown file reaches a file of the tarball', () => {
    assert.ok(packedFiles, 'pack step ran');
    const problems = [];
    let links = 0;
    for (const file of [...packedFiles].filter((f) => /\.mdx?$/.test(f))) {
      const text = readFileSync(join(ROOT, file), 'utf8');
      // links outside code (as docs.test reads them): fenced and indented blocks and `spans` hold no links
      const prose = text
        .replace(/^```[\s\S]*?^```/gm, '')
        .replace(/^(?: {4}|\t).*$/gm, '')
        .replace(/`[^`\n]*`/g, '');
      for (const [, target] of [...prose.matchAll(/\]\(([^)\s]+)\)/g), ...prose.matchAll(/<img\b[^>]*\bsrc="([^"]+)"/g)]) {
        if (/^(https?:|mailto:|#)/.test(target)) continue;
        links++;
        const path = posix.normalize(posix.join(posix.dirname(file), decodeURIComponent(target.split('#')[0])));
        if (!packedFiles.has(path)) problems.push(`${file}: ${target}`);
      }
    }
    assert.ok(links > 50, `the links found (${links})`);
    assert.deepEqual(problems, []);
  });

  test('the tarball installs offline into a fresh project (no runtime dependencies)', async () => {
    assert.ok(tarball, 'pack step ran');
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'bloomcalc-consumer', version: '1.0.0', private: true, type: 'module' }, null, 2));
    await run(NPM, ['install', '--offline', '--no-audit', '--no-fund', tarball], { cwd: project, env, maxBuffer: 16 << 20 });
    const installed = JSON.parse(readFileSync(join(project, 'node_modules/bloomcalc/package.json'), 'utf8'));
    assert.equal(installed.name, 'bloomcalc');
  });

  test("import('bloomcalc') computes an FPR", async () => {
    const script = `
      import('bloomcalc').then(async (mod) => {
        const bc = await mod.createBloomCalc();
        const viaDefault = await mod.default();
        const r = bc.fpr({ m: 1000, n: 100, k: 7 });
        if (viaDefault.exactFpr({ m: 1000, n: 100, k: 7 }) !== r.exact) throw new Error('default export differs');
        process.stdout.write(JSON.stringify(r));
      });`;
    const { stdout } = await run(process.execPath, ['-e', script], { cwd: project, env });
    const { createBloomCalc } = await import('../../wasm/index.mjs');
    const local = (await createBloomCalc()).fpr({ m: 1000, n: 100, k: 7 });
    assert.deepEqual(JSON.parse(stdout), local);
    assert.ok(local.exact > 0 && local.exact < 1);
  });

  test("require('bloomcalc') works from CommonJS", async () => {
    const script = `
      const bloomcalc = require('bloomcalc');
      Promise.all([bloomcalc(), bloomcalc.createBloomCalc()]).then(([a, b]) => {
        const r = a.fpr({ m: 1000, n: 100, k: 7 });
        if (b.fpr({ m: 1000, n: 100, k: 7 }).exact !== r.exact) throw new Error('two instances differ');
        process.stdout.write(JSON.stringify(r));
      });`;
    writeFileSync(join(project, 'use.cjs'), script);
    const { stdout } = await run(process.execPath, ['use.cjs'], { cwd: project, env });
    const { createBloomCalc } = await import('../../wasm/index.mjs');
    assert.deepEqual(JSON.parse(stdout), (await createBloomCalc()).fpr({ m: 1000, n: 100, k: 7 }));
  });

  test('the installed bin runs: node_modules/.bin/bloomcalc fpr ... --json', async () => {
    const bin = normalize(join(project, 'node_modules', '.bin', 'bloomcalc'));
    const { stdout, stderr } = await run(bin, ['fpr', '--m', '1000', '--n', '100', '--k', '7', '--json'], { cwd: project, env });
    assert.equal(stderr, '');
    const { createBloomCalc } = await import('../../wasm/index.mjs');
    const local = (await createBloomCalc()).fpr({ m: 1000, n: 100, k: 7 });
    assert.deepEqual(JSON.parse(stdout), local);
    const version = await run(bin, ['--version'], { cwd: project, env });
    assert.equal(version.stdout.trim(), JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version);
  });

  test('npx bloomcalc serve serves the shipped page and its .wasm, then stops', async () => {
    // its own process group, so stopping it stops npx and the server it started
    const child = spawn(NPM === 'npm' ? 'npx' : 'npx.cmd', ['--offline', 'bloomcalc', 'serve', '--port', '0', '--json'], {
      cwd: project,
      env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let stderr = '';
      child.stderr.on('data', (chunk) => (stderr += chunk));
      const url = await new Promise((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (chunk) => {
          out += chunk;
          if (out.includes('\n')) resolve(JSON.parse(out.split('\n')[0]).url);
        });
        child.on('exit', (code) => reject(new Error(`serve exited (${code}): ${stderr}`)));
        setTimeout(() => reject(new Error(`serve printed no URL in 30 s: ${stderr}`)), 30_000).unref();
      });
      assert.match(url, /^http:\/\/127\.0\.0\.1:\d+\/$/);
      const page = await fetch(url);
      assert.equal(page.status, 200);
      assert.match(await page.text(), /<title>[^<]*bloomcalc/i);
      for (const file of Object.values(MODULE_FILES).map((name) => `${name}.wasm`)) {
        const wasm = await fetch(new URL(file, url));
        assert.equal(wasm.status, 200, file);
        assert.equal(wasm.headers.get('content-type'), 'application/wasm');
        assert.match(wasm.headers.get('content-encoding') ?? '', /^(br|gzip)$/, 'served compressed');
        const bytes = Buffer.from(await wasm.arrayBuffer());
        assert.deepEqual(bytes, readFileSync(join(ROOT, 'dist', 'element', file)));
      }
      // every file of the built page answers with its bytes, those shipped once from dist/element
      const pageFiles = readdirSync(join(ROOT, 'dist', 'web'), { recursive: true }).filter(
        (f) => !f.endsWith('.map') && statSync(join(ROOT, 'dist', 'web', f)).isFile(),
      );
      for (const file of pageFiles) {
        const response = await fetch(new URL(file.split(sep).join('/'), url));
        assert.equal(response.status, 200, file);
        assert.deepEqual(Buffer.from(await response.arrayBuffer()), readFileSync(join(ROOT, 'dist', 'web', file)), file);
      }
    } finally {
      if (child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
    }
  });

  // ---- in a browser, from the installed tarball alone --------------------------------------------------

  const STRICT_CSP = "script-src 'self' 'wasm-unsafe-eval'";
  const FIXTURES = join(ROOT, 'tests', 'fixtures');

  /** Builds the sites of the fixtures inside the project; returns [{ name, root, index? }]. */
  async function buildSites() {
    const sites = [];
    // (a) a plain page with the element, no build step: the package's files straight from node_modules
    cpSync(join(FIXTURES, 'csp-page'), project, { recursive: true });
    sites.push({ name: 'plain page with <bloom-calc> under strict CSP', root: project, expect: (bc) => bc.size({ n: '1M', p: '1%' }) });

    // (b) one app, bundled by esbuild (ESM and IIFE) and by Vite, with zero configuration
    const app = join(project, 'app');
    cpSync(join(FIXTURES, 'bundler-app'), app, { recursive: true });
    const esbuild = await import('esbuild');
    const wasmFiles = Object.values(MODULE_FILES).map((file) => `${file}.wasm`); // every module (docs/decisions.md)
    for (const format of ['esm', 'iife']) {
      const out = join(project, `out-esbuild-${format}`);
      await esbuild.build({
        entryPoints: [join(app, 'main.mjs')],
        bundle: true,
        format,
        minify: true,
        outfile: join(out, 'main.js'),
        absWorkingDir: project,
        logLevel: 'error',
      });
      // esbuild has no asset emission for new URL(…, import.meta.url): the one documented step
      for (const file of wasmFiles) copyFileSync(join(project, 'node_modules', 'bloomcalc', 'dist', 'element', file), join(out, file));
      const tag = format === 'esm' ? '<script type="module" src="./main.js"></script>' : '<script src="./main.js"></script>';
      writeFileSync(join(out, 'index.html'), readFileSync(join(app, 'index.html'), 'utf8').replace(/<script[^>]*><\/script>/, tag));
      sites.push({ name: `esbuild ${format}`, root: out });
    }
    const vite = await import('vite');
    const viteOut = join(project, 'out-vite');
    await vite.build({ root: app, configFile: false, logLevel: 'error', build: { outDir: viteOut, emptyOutDir: true } });
    sites.push({ name: 'Vite', root: viteOut });
    // (b') the elements through Vite: `import 'bloomcalc/element'`, one calculator computing in a worker
    const elementApp = join(project, 'element-app');
    cpSync(join(FIXTURES, 'element-app'), elementApp, { recursive: true });
    const elementOut = join(project, 'out-vite-element');
    await vite.build({ root: elementApp, configFile: false, logLevel: 'error', build: { outDir: elementOut, emptyOutDir: true } });
    sites.push({
      name: 'Vite, the elements',
      root: elementOut,
      check: (result, bc) => {
        assert.deepEqual(result.sizing, JSON.parse(JSON.stringify(bc.size({ n: '1M', p: '1%' }))), 'the sizing element');
        assert.ok(
          result.recycling?.rows?.length > 0 && result.recycling.best,
          `the recycling element (worker): ${JSON.stringify(result.recycling).slice(0, 200)}`,
        );
      },
    });
    // (b'') both apps through webpack 5 (its Node API, production mode), with zero configuration: webpack
    // emits each .wasm from its new URL(…, import.meta.url), and the elements' workers with their chunks
    const webpack = (await import('webpack')).default;
    for (const [name, dir, check] of [
      ['webpack', app],
      ['webpack, the elements', elementApp, sites.at(-1).check],
    ]) {
      const out = join(project, `out-${basename(dir)}-webpack`);
      const stats = await new Promise((resolve, reject) => {
        const compiler = webpack({ mode: 'production', context: dir, entry: './main.mjs', output: { path: out, filename: 'main.js' } });
        compiler.run((error, result) => compiler.close(() => (error ? reject(error) : resolve(result))));
      });
      assert.ok(!stats.hasErrors(), `${name}: ${stats.toString({ all: false, errors: true })}`);
      writeFileSync(
        join(out, 'index.html'),
        readFileSync(join(dir, 'index.html'), 'utf8').replace(/<script[^>]*><\/script>/, '<script defer src="./main.js"></script>'),
      ); // a classic script: deferred like a module
      sites.push({ name, root: out, check });
    }
    return sites;
  }

  test(
    'in Chromium: a strict-CSP plain page with the element, esbuild (ESM, IIFE), Vite and webpack apps ' +
      '(module, elements) compute, with no foreign request',
    async (t) => {
      const sites = await buildSites();
      const { createBloomCalc } = await import('../../wasm/index.mjs');
      const bc = await createBloomCalc();
      const browser = await launchChromium();
      try {
        for (const site of sites) {
          const { server, url } = await serve({ root: site.root, headers: { 'Content-Security-Policy': STRICT_CSP } });
          const context = await browser.newContext();
          const requests = [];
          const problems = [];
          context.on('request', (request) => requests.push(request.url()));
          const page = await context.newPage();
          page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
          page.on('console', (message) => message.type() === 'error' && !/favicon/.test(message.location().url) && problems.push(`console: ${message.text()}`));
          try {
            const start = Date.now();
            await page.goto(url);
            await page.waitForFunction(() => document.body.dataset.result || document.body.dataset.error, null, { timeout: 20_000 });
            const { result, error } = await page.evaluate(() => ({ ...document.body.dataset }));
            t.diagnostic(`${site.name}: ${error ? `error ${error}` : 'computed'} in ${Date.now() - start} ms, ${requests.length} requests`);
            assert.equal(error, undefined, `${site.name}: ${error}`);
            if (site.check) site.check(JSON.parse(result), bc);
            else {
              const expected = site.expect ? site.expect(bc) : bc.fpr({ m: 1000, n: 100, k: 7 });
              assert.deepEqual(JSON.parse(result), JSON.parse(JSON.stringify(expected)), site.name);
            }
            const foreign = requests.filter((r) => new URL(r).origin !== new URL(url).origin);
            assert.deepEqual(foreign, [], `${site.name}: requests outside the page's origin`);
            assert.ok(
              requests.some((r) => r.endsWith('.wasm')),
              `${site.name} loads the .wasm as a file`,
            );
            assert.deepEqual(problems, [], site.name);
          } finally {
            await context.close();
            await stop(server);
          }
        }
      } finally {
        await browser.close();
      }
    },
  );
});
