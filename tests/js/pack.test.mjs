// The published package: `npm pack`, install the tarball offline into a fresh project, then use
// it as a consumer would — `import('bloomcalc')` and the `bloomcalc` bin.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, normalize, posix } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';

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
    /\bfrom\s+['"](\.{1,2}\/[^'"]+)['"]/g,
    /\bimport\s*\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g,
    /\bimport\s+['"](\.{1,2}\/[^'"]+)['"]/g,
    /\brequire\s*\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns) for (const match of source.matchAll(pattern)) found.add(match[1]);
  return [...found];
}

const skip = hasNodeBuild() ? false : `dist/bloomcalc.node.cjs is missing (${NODE_BUILD}); run \`npm run build\` first`;

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
    for (const file of ['package.json', 'wasm/index.mjs', 'wasm/index.d.ts', 'wasm/cli.mjs', 'dist/bloomcalc.node.cjs']) {
      assert.ok(packedFiles.has(file), `${file} is in the package`);
    }
    // Follow the import graph from the Node entry and the bin: every module they load must ship.
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    const entries = [pkg.exports['.'].node, pkg.exports['.'].default, pkg.bin.bloomcalc].map((p) => posix.normalize(p));
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
      if (!/\.mjs$/.test(file)) continue;
      for (const spec of relativeImports(readFileSync(join(ROOT, file), 'utf8'))) {
        if (spec.endsWith('package.json')) continue;
        queue.push(posix.normalize(posix.join(posix.dirname(file), spec)));
      }
    }
    assert.deepEqual(missing, [], `files imported by the package but not in package.json "files": ${missing.join(', ')}`);
    for (const file of packedFiles) {
      assert.ok(!/^(tests|core|web|scripts|build)\//.test(file), `${file} should not be published`);
    }
  });

  test('the tarball installs offline into a fresh project (no runtime dependencies)', async () => {
    assert.ok(tarball, 'pack step ran');
    writeFileSync(
      join(project, 'package.json'),
      JSON.stringify({ name: 'bloomcalc-consumer', version: '1.0.0', private: true, type: 'module' }, null, 2),
    );
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
});
