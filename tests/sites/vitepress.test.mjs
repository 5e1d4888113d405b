// VitePress 1.x with docs/embed.md's VitePress snippets: the production build and the dev server.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';

import { checkDevServer, checkSite, findInOutput, launchChromium, packTarball, prepareSite, run, serve, skip, startServer, stop } from './harness.mjs';

export const vitepress = {
  calculators: '/calculators.html',
  other: '/other.html',
  linkToOther: 'Other page',
  linkBack: 'Calculators',
  siteIsDark: (page) => page.evaluate(() => document.documentElement.classList.contains('dark')),
  toggleDark: (page) => page.locator('.VPNavBar button.VPSwitchAppearance').click(),
};

describe('VitePress site', { skip }, () => {
  let browser;
  let dir;
  const timings = {};
  before(async () => {
    const tarball = await packTarball();
    ({ dir } = await prepareSite('vitepress', { tarball, timings }));
    browser = await launchChromium();
  });
  after(() => browser?.close());

  test('the production site builds, ships no build path, and passes the site checks in Chromium', async (t) => {
    let start = Date.now();
    await run(process.execPath, ['node_modules/vitepress/bin/vitepress.js', 'build', 'docs'], { cwd: dir });
    timings.build = Date.now() - start;
    const out = join(dir, 'docs', '.vitepress', 'dist');
    assert.deepEqual(findInOutput(out, ['file:///', dir]), [], 'no file:/// URL or build directory in the output');
    const { server, url } = await serve({ root: out });
    try {
      start = Date.now();
      const figures = await checkSite(t, browser, url, vitepress);
      timings.check = Date.now() - start;
      t.diagnostic(`figures ${JSON.stringify(figures)}; install ${timings.install} ms, build ${timings.build} ms, checks ${timings.check} ms`);
    } finally {
      await stop(server);
    }
  });

  test('the dev server computes', async () => {
    const dev = await startServer(process.execPath, ['node_modules/vitepress/bin/vitepress.js', 'dev', 'docs', '--host', '127.0.0.1', '--port', '0'], { cwd: dir });
    try {
      await checkDevServer(browser, new URL('calculators.html', dev.url).href);
    } finally {
      await dev.stop();
    }
  });
});
