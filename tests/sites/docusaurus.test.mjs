// Docusaurus 3 (classic preset, React 19, webpack 5) with docs/embed.md's Docusaurus recipe: the production
// build and the dev server.
import { describe, test } from 'node:test';

import { checkDevServer, freePort, siteTest, skip, startServer } from './harness.mjs';

describe('Docusaurus site', { skip }, () => {
  const site = siteTest('docusaurus');

  test('the dev server computes', async () => {
    const port = await freePort();
    const dev = await startServer(
      process.execPath,
      ['node_modules/@docusaurus/core/bin/docusaurus.mjs', 'start', '--host', '127.0.0.1', '--port', String(port), '--no-open'],
      {
        cwd: site.dir,
        urlPattern: new RegExp(`running at:?\\s*(http://127\\.0\\.0\\.1:${port}/)`),
      },
    );
    try {
      await checkDevServer(site.browser, new URL('calculators/', dev.url).href);
    } finally {
      await dev.stop();
    }
  });
});
