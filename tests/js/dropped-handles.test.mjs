// Handles dropped without dispose() (simulations) or close() (a recommendation pool) give their memory back when
// garbage-collected (FinalizationRegistry, wasm/api.mjs and wasm/rbf-pool-node.mjs), as issue 22 asked: 1 000
// simulations at m = 2^18 (32 KiB of bits each) created and dropped leave the sim module's wasm heap in use exactly as before;
// a dropped pool stops its threads, and one dropped while its recommendation runs still answers. Measured in a
// child `node --expose-gc` (tests/js/helpers/dropped-handles.mjs) with the leak measure of tests/js/errors.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { hasNodeBuild } from './helpers/common.mjs';

const skip = hasNodeBuild() ? false : 'dist/bloomcalc.{web,rbf}.* is missing; run `npm run build` first';
const helper = fileURLToPath(new URL('./helpers/dropped-handles.mjs', import.meta.url));

function run(what) {
  return new Promise((resolve, reject) =>
    execFile(process.execPath, ['--expose-gc', helper, what], { timeout: 300_000 }, (error, stdout, stderr) =>
      error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(JSON.parse(stdout.trim().split('\n').pop())),
    ),
  );
}

test('simulation handles dropped without dispose() free their wasm heap when collected', { skip, timeout: 300_000 }, async () => {
  const { before, after, peak } = await run('simulations');
  assert.ok(peak > 500 * 2 ** 15, `the handles held heap while alive (${peak} bytes)`);
  assert.equal(after.heapInUse, before.heapInUse, 'the heap in use is back');
  assert.equal(after.handles, before.handles, 'no emval handle kept');
});

test('a recommendation pool dropped without close() stops its threads; in flight it finishes first', { skip, timeout: 300_000 }, async () => {
  const { same, terminated } = await run('pool');
  assert.equal(same, true, "the unreferenced pool's recommendation is the serial one");
  assert.equal(terminated, 2, 'both threads stopped once the pool was collected');
});
