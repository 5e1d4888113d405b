// Sphinx with the furo theme (Debian's packages) and docs/embed.md's Sphinx snippets.
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe } from 'node:test';

import { siteTest, skip } from './harness.mjs';

export const sphinx = {
  calculators: '/calculators.html',
  other: '/other.html',
  linkToOther: 'Other page',
  linkBack: 'Calculators',
  // furo: body[data-theme] is auto (the OS's preference, light here), light or dark
  siteIsDark: (page) => page.evaluate(() => document.body.dataset.theme === 'dark'),
  toggleDark: (page) => page.locator('button.theme-toggle:visible').first().click(),
};

describe('Sphinx furo site', { skip: skip || (!existsSync('/usr/bin/sphinx-build') && 'sphinx-build is missing (apt-get install python3-sphinx furo)') }, () => {
  siteTest('sphinx', { build: ['sphinx-build', ['-W', '-q', '-b', 'html', '-d', '_build/doctrees', '.', '_build/html']], out: '_build/html', site: sphinx,
    // Debian's furo ships furo.js unbundled (it imports gumshoe-patched.js, a UMD script), which fails in a
    // browser and leaves the site without its theme toggle: bundle it, as upstream's package is.
    afterBuild: async (out) => {
      const { build } = await import('esbuild');
      const scripts = join(out, '_static', 'scripts');
      // (a package.json of no "type" while bundling: the repository's own says "module", gumshoe is CommonJS)
      writeFileSync(join(scripts, 'package.json'), '{}');
      const furo = join(scripts, 'furo.js');
      await build({ entryPoints: [furo], bundle: true, format: 'iife', outfile: furo, allowOverwrite: true, logLevel: 'error' });
      rmSync(join(scripts, 'package.json'));
    },
  });
});
