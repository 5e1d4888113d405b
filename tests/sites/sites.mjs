// The fixture sites: how each is built (the command run in build/sites/<name>/, where it writes the site) and
// what the checks need to know of it (harness.mjs, checkSite): the two pages, the link texts between them, the
// site's own dark mode and its toggle. Used by the tests (tests/sites/*.test.mjs) and `npm run bench -- --only embed`.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const links = { linkToOther: 'Other page', linkBack: 'Calculators' };

// `page`: the calculators page's source; `element`: the markup of one more calculator on it (in place of its
// <!-- calculators --> line; `attributes`: e.g. ' autorun'), in the page's own language.
const htmlElement = (kind, attributes) => `<bloom-calc calculator="${kind}"${attributes}></bloom-calc>\n`;

export const SITES = {
  vitepress: {
    title: 'VitePress 1.6',
    build: [process.execPath, ['node_modules/vitepress/bin/vitepress.js', 'build', 'docs']],
    out: 'docs/.vitepress/dist',
    calculators: '/calculators.html',
    other: '/other.html',
    ...links,
    page: 'docs/calculators.md',
    element: htmlElement,
    siteIsDark: (page) => page.evaluate(() => document.documentElement.classList.contains('dark')),
    toggleDark: (page) => page.locator('button.VPSwitchAppearance:visible').first().click(),
  },
  docusaurus: {
    title: 'Docusaurus 3.10',
    build: [process.execPath, ['node_modules/@docusaurus/core/bin/docusaurus.mjs', 'build', '--out-dir', 'build']],
    out: 'build',
    calculators: '/calculators/',
    other: '/other/',
    ...links,
    page: 'docs/calculators.md',
    element: htmlElement,
    siteIsDark: (page) => page.evaluate(() => document.documentElement.dataset.theme === 'dark'),
    toggleDark: (page) => page.getByRole('button', { name: /dark and light mode/ }).click(),
  },
  starlight: {
    title: 'Astro Starlight 0.37',
    build: [process.execPath, ['node_modules/astro/astro.js', 'build']],
    out: 'dist',
    calculators: '/calculators/',
    other: '/other/',
    ...links,
    page: 'src/content/docs/calculators.mdx',
    element: htmlElement,
    siteIsDark: (page) => page.evaluate(() => document.documentElement.dataset.theme === 'dark'),
    toggleDark: async (page) => {
      const dark = await page.evaluate(() => document.documentElement.dataset.theme === 'dark');
      await page.locator('starlight-theme-select select:visible').first().selectOption(dark ? 'light' : 'dark');
    },
  },
  mkdocs: {
    title: 'MkDocs 1.4 + Material 8',
    needs: ['/usr/bin/mkdocs', 'mkdocs is missing (apt-get install mkdocs mkdocs-material)'],
    build: ['mkdocs', ['build', '--strict', '--site-dir', 'site']],
    out: 'site',
    calculators: '/calculators/',
    other: '/other/',
    ...links,
    page: 'docs/calculators.md',
    element: htmlElement,
    siteIsDark: (page) => page.evaluate(() => document.body.getAttribute('data-md-color-scheme') === 'slate'),
    toggleDark: (page) => page.locator('form[data-md-component="palette"] label:visible').first().click(),
  },
  sphinx: {
    title: 'Sphinx 5.3 + furo',
    needs: ['/usr/bin/sphinx-build', 'sphinx-build is missing (apt-get install python3-sphinx furo)'],
    build: ['sphinx-build', ['-W', '-q', '-b', 'html', '-d', '_build/doctrees', '.', '_build/html']],
    out: '_build/html',
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
    calculators: '/calculators.html',
    other: '/other.html',
    ...links,
    page: 'calculators.rst',
    element: (kind, attributes) => `.. raw:: html\n\n   ${htmlElement(kind, attributes)}`,
    // furo: body[data-theme] is auto (the OS's preference, light here), light or dark
    siteIsDark: (page) => page.evaluate(() => document.body.dataset.theme === 'dark'),
    toggleDark: (page) => page.locator('button.theme-toggle:visible').first().click(),
  },
};
