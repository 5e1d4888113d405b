// React 19, Vue 3 and Svelte 5 apps built with Vite, each with docs/embed.md's component for its framework:
// properties set, the `result` event received, an input changed after mounting, and unmounting three times
// leaves no worker behind.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';

import { createBloomCalc } from '../../wasm/index.mjs';
import { findInOutput, launchChromium, newPage, packTarball, prepareSite, run, serve, skip, stop } from './harness.mjs';

const FRAMEWORKS = ['react', 'vue', 'svelte'];

describe('React, Vue and Svelte apps (Vite)', { skip }, () => {
  let browser;
  let server;
  let url;
  let bc;
  const timings = {};
  before(async () => {
    const tarball = await packTarball();
    const { dir } = await prepareSite('frameworks', { tarball, snippetSite: FRAMEWORKS, timings });
    const start = Date.now();
    await run(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'error'], { cwd: dir });
    timings.build = Date.now() - start;
    assert.deepEqual(findInOutput(join(dir, 'dist'), ['file:///', dir]), [], 'no file:/// URL or build directory in the output');
    ({ server, url } = await serve({ root: join(dir, 'dist') }));
    browser = await launchChromium();
    bc = await createBloomCalc();
  });
  after(async () => {
    await browser?.close();
    if (server) await stop(server);
  });

  for (const framework of FRAMEWORKS) {
    test(`${framework}: properties, the result event, an update, and unmounting without leaks`, async (t) => {
      const { context, page, problems } = await newPage(browser);
      try {
        await page.goto(new URL(`${framework}/index.html`, url).href);
        await page.waitForFunction(() => window.fixture);
        const baseline = page.workers().length;
        const expected = (n) => ({ calculator: 'sizing', n: bc.size({ n, p: '1%' }).n, m: bc.size({ n, p: '1%' }).m, k: bc.size({ n, p: '1%' }).k });
        const has = (entry) =>
          page.waitForFunction((e) => window.results.some((r) => Object.entries(e).every(([k, v]) => r[k] === v)), entry, { timeout: 60_000 });
        for (let round = 1; round <= 3; round++) {
          await page.evaluate(() => (window.results = []));
          await page.evaluate(() => window.fixture.mount('1M'));
          await has(expected('1M'));
          await has({ calculator: 'recycling' });
          assert.ok((await page.evaluate(() => document.querySelectorAll('bloom-calc').length)) === 2, 'two elements mounted');
          await page.evaluate(() => window.fixture.mount('2M'));
          await has(expected('2M'));
          const running = page.workers().length;
          await page.evaluate(() => window.fixture.unmount());
          assert.equal(await page.evaluate(() => document.querySelectorAll('bloom-calc').length), 0, 'unmounted');
          let workers = page.workers().length;
          for (let i = 0; i < 50 && workers !== baseline; i++) {
            await page.waitForTimeout(100);
            workers = page.workers().length;
          }
          t.diagnostic(`round ${round}: ${running} workers while mounted, ${workers} after unmounting (${baseline} before)`);
          assert.equal(workers, baseline, `round ${round}: workers back to ${baseline} after unmounting`);
        }
        assert.deepEqual(problems, [], 'no console warning or error, no page error');
      } finally {
        await context.close();
      }
    });
  }
  test('timings', (t) => t.diagnostic(`frameworks: install ${timings.install} ms, build ${timings.build} ms`));
});
