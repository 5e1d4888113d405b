// What the page costs on the wire, counted by the server (wasm/serve.mjs): the first load is compressed,
// each .wasm is downloaded once however many workers start (they revalidate with ETag and get 304), and a
// reload downloads nothing that has not changed.
import assert from 'node:assert/strict';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

import { openBrowser, webDir } from './harness.mjs';

const WAIT = { timeout: 20_000 };
let page, baseUrl, served, pageErrors, closeBrowser;

before(async () => {
  ({ page, baseUrl, served, pageErrors, close: closeBrowser } = await openBrowser());
});
after(async () => {
  await closeBrowser?.();
});

const isWasm = (entry) => entry.path.split('?')[0].endsWith('.wasm');

async function until(predicate, what) {
  const start = Date.now();
  while (!predicate()) {
    if (Date.now() - start > WAIT.timeout) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(served)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

test('first load: compressed; each .wasm once for the page and every worker; a reload downloads no subresource', async (t) => {
  await page.goto(baseUrl);
  await until(() => served.some(isWasm), 'the page to load the .wasm');
  await page.waitForLoadState('networkidle');

  const firstLoad = served.slice();
  let onDisk = 0;
  for (const entry of firstLoad) {
    if (entry.status !== 200) continue;
    const path = decodeURIComponent(entry.path.split('?')[0]);
    onDisk += (await stat(join(webDir, path.endsWith('/') ? `${path}index.html` : path))).size;
  }
  const sent = firstLoad.reduce((sum, entry) => sum + entry.bytes, 0);
  t.diagnostic(`first load: ${firstLoad.length} responses, ${(sent / 1024).toFixed(0)} KiB sent for ${(onDisk / 1024).toFixed(0)} KiB of files`);
  for (const entry of firstLoad) {
    if (entry.status === 200 && entry.bytes > 1024 && !/\.(png|ico)$/.test(entry.path)) {
      assert.notEqual(entry.encoding, 'identity', `${entry.path} is sent compressed`);
    }
  }
  assert.ok(sent < onDisk / 2.5, `compressed first load (${sent} of ${onDisk} bytes)`);

  // Every module worker of the page loads its module (the simulation and layouts workers the main one when
  // they start, the recycling worker its module on its first request: docs/decisions.md, "Two modules");
  // each .wasm is downloaded by the first load only.
  const workers = (await readdir(webDir)).filter((f) => /-worker\.js$/.test(f));
  assert.ok(workers.length >= 1, 'the page has workers');
  const eager = workers.filter((f) => f !== 'rbf-worker.js');
  const wasmBefore = served.filter(isWasm).length; // the page's, and any worker a calculator started itself
  await page.evaluate((files) => {
    window.__testWorkers = files.map((file) => new Worker(new URL(file, window.location.href), { type: 'module' }));
  }, workers);
  await until(() => served.filter(isWasm).length >= wasmBefore + eager.length, `the ${eager.length} workers to load the .wasm`);
  const wasm = served.filter(isWasm);
  t.diagnostic(`.wasm responses: ${wasm.map((e) => `${e.path} ${e.status} ${e.bytes} B`).join(', ')}`);
  const files = [...new Set(wasm.map((e) => e.path.split('?')[0]))].sort();
  assert.deepEqual(files, ['/bloomcalc.rbf.wasm', '/bloomcalc.web.wasm'], 'the page loads both modules');
  for (const file of files) {
    const responses = wasm.filter((e) => e.path.split('?')[0] === file);
    assert.equal(responses.filter((e) => e.bytes > 0).length, 1, `${file}: the body is sent once`);
    // (the recycling calculator's worker may already have started on its own)
    assert.deepEqual(responses.slice(1).filter((e) => e.status !== 304), [], `${file}: the workers revalidate (304)`);
  }
  assert.ok(wasm.length - files.length >= eager.length, `a .wasm request per worker (${wasm.length - files.length} for ${eager.length})`);
  await page.evaluate(() => window.__testWorkers.forEach((w) => w.terminate()));

  // A reload: every file revalidates; nothing unchanged is sent again.
  const before = served.length;
  await page.reload();
  await until(() => served.slice(before).some(isWasm), 'the reload to revalidate the .wasm');
  await page.waitForLoadState('networkidle');
  const reload = served.slice(before);
  // (the document itself may come again: the page keeps its inputs in the query with history.replaceState,
  // so the reloaded URL is not the one the browser cached)
  const resent = reload.filter((e) => e.status === 200 && e.path.split('?')[0] !== '/');
  const sentAgain = reload.reduce((sum, entry) => sum + entry.bytes, 0);
  t.diagnostic(`reload: ${reload.length} responses, ${sentAgain} bytes sent`);
  assert.deepEqual(resent.map((e) => e.path), [], 'no subresource is downloaded again');
  assert.deepEqual(pageErrors, []);
});
