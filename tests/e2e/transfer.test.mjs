// What the page costs on the wire, counted by the server (wasm/serve.mjs): the first load is compressed, a
// reload downloads nothing that has not changed, and each .wasm is requested and compiled once per page,
// however many elements and workers use it (web/wasm-share.mjs: the workers get the compiled Module).
import assert from 'node:assert/strict';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';

import { browserForFile, webDir } from './harness.mjs';
import { MODULE_FILES } from '../../wasm/api.mjs';
import { moduleOf } from '../../scripts/generate/elements.mjs';

const WAIT = { timeout: 20_000 };
let page, baseUrl, served, pageErrors;
browserForFile((opened) => ({ page, baseUrl, served, pageErrors } = opened));

const isWasm = (entry) => entry.path.split('?')[0].endsWith('.wasm');
// every module's .wasm (wasm/api.mjs MODULE_FILES), as the page requests them
const ALL_WASM = Object.values(MODULE_FILES)
  .map((file) => `/${file}.wasm`)
  .sort();

async function until(predicate, what) {
  const start = Date.now();
  while (!predicate()) {
    if (Date.now() - start > WAIT.timeout) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(served)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

test('first load: compressed, each .wasm once; a reload downloads no subresource', async (t) => {
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
  // The page holds every calculator, so the .wasm modules (which compress ~2.2×) are most of the bytes.
  assert.ok(sent < onDisk / 2.4, `compressed first load (${sent} of ${onDisk} bytes)`);

  const wasm = served.filter(isWasm);
  t.diagnostic(`.wasm responses: ${wasm.map((e) => `${e.path} ${e.status} ${e.bytes} B`).join(', ')}`);
  const files = [...new Set(wasm.map((e) => e.path.split('?')[0]))].sort();
  // the modules of the page's calculators (schema/calculators.mjs, as web/calculators.generated.mjs has them); the
  // simulations' module is fetched when a simulation runs (the next test)
  const names = await page.evaluate(() => [...document.querySelectorAll('bloom-calc')].map((el) => el.getAttribute('calculator')));
  const pageModules = [...new Set(names.map((name) => `/${MODULE_FILES[moduleOf(name)]}.wasm`))].sort();
  assert.deepEqual(files, pageModules, 'the page loads the modules of its calculators');
  for (const file of files) assert.equal(wasm.filter((e) => e.path.split('?')[0] === file).length, 1, `${file}: requested once`);

  // A reload: every file revalidates; nothing unchanged is sent again.
  const before = served.length;
  await page.reload();
  await until(() => served.slice(before).some(isWasm), 'the reload to revalidate the .wasm');
  await page.waitForLoadState('networkidle');
  const reload = served.slice(before);
  // (the document itself may come again: the page keeps its inputs in the query with history.replaceState,
  // so the reloaded URL is not the one the browser cached)
  // What the first load had fetched when its network went idle: the calculators connect one per task after the
  // first paint, so on a loaded machine a file may come later than that and first reach the browser's cache with
  // the reload; such a file is not downloaded again.
  const cached = new Set(firstLoad.filter((e) => e.status === 200).map((e) => e.path.split('?')[0]));
  const resent = reload.filter((e) => e.status === 200 && e.path.split('?')[0] !== '/' && cached.has(e.path.split('?')[0]));
  assert.ok(cached.size > 0 && reload.some((e) => e.status === 304), 'the reload revalidates what the first load fetched');
  const sentAgain = reload.reduce((sum, entry) => sum + entry.bytes, 0);
  t.diagnostic(`reload: ${reload.length} responses, ${sentAgain} bytes sent`);
  assert.deepEqual(
    resent.map((e) => e.path),
    [],
    'no subresource is downloaded again',
  );
  assert.deepEqual(pageErrors, []);
});

// The page's wasm-share marks (web/wasm-share.mjs): 'bloomcalc:wasm-compile' per compile on the page,
// 'bloomcalc:wasm-give' per Module handed to a worker; each worker marks 'bloomcalc:wasm-from-page' when it
// instantiates the Module it got (also web/wasm-share.mjs).
const marks = (name) => page.evaluate((n) => performance.getEntriesByName(n).map((e) => e.detail), name);

test('each .wasm is fetched and compiled once per page: the elements and every worker (a pool of 4) share the compiled Module', async (t) => {
  // four cores, so that the recycling pool starts four workers
  await page.context().addInitScript(() => Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => 4 }));
  const start = served.length;
  // kmax = 64: the rows k > 32 run on the exact fill, at 2^19 bits above the page's SLOW_BITS, so Recommend
  // shares the recommendation out over the pool
  await page.goto(`${baseUrl}?rm=512Ki&rp=1%25&rkmax=64`);
  await page.waitForSelector('#rbf-warning:not([hidden])', WAIT); // the lead worker has planned the run
  await page.click('#rbf-run');
  await page.click('#sim-run'); // the sizing calculator's simulation worker
  await page.click('#pxsim-run'); // the paradox calculator's simulation worker
  // the sizing calculator's worker (bc.size) and the layouts worker (their first results), the recycling lead
  // and its 3 other pool workers, the 2 simulation workers, the window calculator's worker, compare's worker
  const workers = 10;
  await page.waitForFunction((n) => performance.getEntriesByName('bloomcalc:wasm-give').length >= n, workers, WAIT);
  const cancel = (ids) => page.evaluate((list) => list.forEach((id) => byId(id).disabled || byId(id).click()), ids);
  await cancel(['rbf-cancel']); // (unless the recommendation already finished)
  const given = await marks('bloomcalc:wasm-give');
  t.diagnostic(`Modules handed to workers: ${given.join(', ')}`);
  assert.equal(given.filter((m) => m === 'rbf').length, 4, 'the recycling pool: 4 workers, each given the rbf Module');
  assert.equal(given.filter((m) => m === 'main').length, 1, 'the sizing worker, given the main Module');
  assert.equal(given.filter((m) => m === 'layouts').length, 1, 'the layouts worker, given the layouts Module');
  assert.equal(given.filter((m) => m === 'sim').length, 2, 'the 2 simulation workers, each given the sim Module');
  assert.equal(given.filter((m) => m === 'window').length, 1, "the window calculator's worker, given the window Module");
  assert.equal(given.filter((m) => m === 'tools').length, 1, "compare's worker, given the tools Module");

  const compiled = (await marks('bloomcalc:wasm-compile')).map((url) => new URL(url).pathname).sort();
  assert.deepEqual(compiled, ALL_WASM, 'the page compiles each module once');
  const wasm = served.slice(start).filter(isWasm);
  t.diagnostic(`.wasm responses: ${wasm.map((e) => `${e.path} ${e.status} ${e.bytes} B`).join(', ')}`);
  assert.deepEqual(wasm.map((e) => e.path.split('?')[0]).sort(), ALL_WASM, 'one request per .wasm');

  // The workers still running (Cancel is terminating the pool's): each instantiated the page's Module and
  // fetched no .wasm itself.
  let checked = 0;
  // (the number-format worker, web/intl-worker.mjs, loads no module: it closes once the formats are loaded)
  for (const worker of page.workers().filter((w) => /-worker\.js$/.test(new URL(w.url()).pathname) && !/intl-worker\.js$/.test(w.url()))) {
    const seen = await worker
      .evaluate(() => ({
        fromPage: performance.getEntriesByName('bloomcalc:wasm-from-page').length,
        fetched: performance.getEntriesByType('resource').filter((e) => /\.wasm$/.test(new URL(e.name).pathname)).length,
      }))
      .catch((error) => (/closed/.test(error.message) ? null : Promise.reject(error)));
    if (seen === null) continue; // terminated meanwhile
    assert.deepEqual(seen, { fromPage: 1, fetched: 0 }, `${worker.url()}: instantiated the page's Module, fetched no .wasm`);
    checked += 1;
  }
  assert.ok(checked >= 4, `the sizing, layouts and 2 simulation workers were checked (${checked})`);
  await cancel(['sim-cancel', 'pxsim-cancel']);
  assert.deepEqual(pageErrors, []);
});
