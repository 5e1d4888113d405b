// Node compiles each WebAssembly module once per process: createBloomCalc() (any number of calls) and the
// recommender's worker pool (wasm/rbf-pool-node.mjs) instantiate the one WebAssembly.Module compiled by
// wasm/node-wasm.mjs; the pool's threads get it through workerData and compile nothing. Counted by a preload
// (tests/js/helpers/wasm-spy.mjs) that logs every compile and every instantiation, in every thread.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

import { MODULE_FILES } from '../../wasm/api.mjs';
import { hasNodeBuild, ROOT } from './helpers/common.mjs';

const SPY = pathToFileURL(join(ROOT, 'tests', 'js', 'helpers', 'wasm-spy.mjs')).href;

// Two createBloomCalc() calls, then a pool of 3 threads used for two recommendations (exact and large-M).
const SCRIPT = `
import { createBloomCalc, createRecommendPool } from ${JSON.stringify(pathToFileURL(join(ROOT, 'wasm', 'index.mjs')).href)};
const bc = await createBloomCalc();
await createBloomCalc({ modules: ['rbf'] });
const pool = createRecommendPool({ workers: 3 });
const exact = { m: 4096, p: 0.01, kmax: 6 }, large = { m: '2^30', p: '1e-3', kmax: 10 };
for (const input of [exact, large]) {
  if (JSON.stringify(await pool.recommend(bc, input)) !== JSON.stringify(bc.recommend(input))) throw new Error('pooled ≠ serial');
}
await pool.close();
`;

test(
  'Node: each .wasm compiled once per process; createBloomCalc() and the pool threads instantiate that Module',
  { skip: !hasNodeBuild() && 'the wasm build is missing' },
  async (t) => {
    const dir = await mkdtemp(join(tmpdir(), 'bloomcalc-spy-'));
    try {
      const log = join(dir, 'log');
      const driver = join(dir, 'driver.mjs'); // a file: Node 20 refuses --input-type beside --import
      await writeFile(driver, SCRIPT);
      await promisify(execFile)(process.execPath, ['--import', SPY, driver], {
        cwd: ROOT,
        env: { ...process.env, BLOOMCALC_WASM_SPY: log },
      });
      const lines = (await readFile(log, 'utf8'))
        .trim()
        .split('\n')
        .map((line) => line.split(' '));
      t.diagnostic(lines.map((l) => l.join(' ')).join('; '));
      const files = Object.values(MODULE_FILES).map((file) => `${file}.wasm`);
      const sizes = Object.fromEntries(await Promise.all(files.map(async (file) => [(await stat(join(ROOT, 'dist', file))).size, file])));
      assert.equal(Object.keys(sizes).length, files.length, 'no two modules of one size (the log names a module by its size)');
      const compiles = lines.filter(([, kind]) => kind === 'compile').map(([thread, , bytes]) => `${thread} ${sizes[bytes] ?? bytes}`);
      assert.deepEqual(compiles.sort(), files.map((file) => `0 ${file}`).sort(), 'the main thread compiles each module once; no thread compiles');
      const instantiations = lines.filter(([, kind]) => kind === 'instantiate-module');
      const threads = new Set(instantiations.map(([thread]) => thread).filter((thread) => thread !== '0'));
      assert.equal(threads.size, 3, "the pool's 3 threads each instantiate the Module");
      assert.equal(instantiations.length, files.length + 1 + 3, `main: ${files.length} + 1 createBloomCalc instances; each thread: 1`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  },
);
