// Docusaurus 3 (classic preset, React 19) with docs/embed.md's Docusaurus snippets: the production build and
// the dev server.
import { describe, test } from 'node:test';

import { checkDevServer, freePort, siteTest, skip, startServer } from './harness.mjs';

export const docusaurus = {
  calculators: '/calculators/',
  other: '/other/',
  linkToOther: 'Other page',
  linkBack: 'Calculators',
  siteIsDark: (page) => page.evaluate(() => document.documentElement.dataset.theme === 'dark'),
  toggleDark: (page) => page.getByRole('button', { name: /dark and light mode/ }).click(),
};

const CLI = 'node_modules/@docusaurus/core/bin/docusaurus.mjs';

describe('Docusaurus site', { skip }, () => {
  const site = siteTest('docusaurus', { build: [process.execPath, [CLI, 'build', '--out-dir', 'build']], out: 'build', site: docusaurus });

  test('the dev server computes', async () => {
    const port = await freePort();
    const dev = await startServer(process.execPath, [CLI, 'start', '--host', '127.0.0.1', '--port', String(port), '--no-open'], {
      cwd: site.dir,
      env: { ...process.env, BROWSER: 'none' },
      urlPattern: new RegExp(`running at:?\\s*(http://127\\.0\\.0\\.1:${port}/)`),
    });
    try {
      await checkDevServer(site.browser, new URL('calculators/', dev.url).href);
    } finally {
      await dev.stop();
    }
  });
});
