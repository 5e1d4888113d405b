// VitePress 1.x with docs/embed.md's VitePress recipe: the production build and the dev server.
import { describe, test } from 'node:test';

import { checkDevServer, freePort, siteTest, skip, startServer } from './harness.mjs';

describe('VitePress site', { skip }, () => {
  const site = siteTest('vitepress');

  test('the dev server computes', async () => {
    const port = await freePort();
    const dev = await startServer(
      process.execPath,
      ['node_modules/vitepress/bin/vitepress.js', 'dev', 'docs', '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
      {
        cwd: site.dir,
        urlPattern: new RegExp(`(http://127\\.0\\.0\\.1:${port}/)`),
      },
    );
    try {
      await checkDevServer(site.browser, new URL('calculators.html', dev.url).href);
    } finally {
      await dev.stop();
    }
  });
});
