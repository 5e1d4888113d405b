// The fixture sites: how each is built (the command run in build/sites/<name>/, where it writes the site), where
// the recipe copies the element's folder (`copiedTo`) and where the built site publishes it (`publishedAt`, in
// `out`), and what the checks need to know of it (harness.mjs, checkSite): the two pages, the link texts between them, the
// site's own dark mode and its toggle. Used by the tests (tests/sites/*.test.mjs) and `npm run bench -- --only embed`.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const links = { linkToOther: 'Other page', linkBack: 'Calculators' };

// `page`: the calculators page's source; `element`: the markup of one more calculator on it (in place of its
// <!-- calculators --> line; `attributes`: e.g. ' autorun'), in the page's own language.
const htmlElement = (kind, attributes) => `<bloom-calc calculator="${kind}"${attributes}></bloom-calc>\n`;

export const SITES = {
  vitepress: {
    navigation: 'client-side',
    title: 'VitePress 1.6',
    build: [process.execPath, ['node_modules/vitepress/bin/vitepress.js', 'build', 'docs']],
    out: 'docs/.vitepress/dist',
    copiedTo: 'docs/public/bloomcalc',
    publishedAt: 'bloomcalc',
    calculators: '/calculators.html',
    other: '/other.html',
    ...links,
    page: 'docs/calculators.md',
    element: htmlElement,
    siteIsDark: (page) => page.evaluate(() => document.documentElement.classList.contains('dark')),
    toggleDark: (page) => page.locator('button.VPSwitchAppearance:visible').first().click(),
  },
  docusaurus: {
    navigation: 'client-side',
    title: 'Docusaurus 3.10',
    build: [process.execPath, ['node_modules/@docusaurus/core/bin/docusaurus.mjs', 'build', '--out-dir', 'build']],
    out: 'build',
    copiedTo: 'static/bloomcalc',
    publishedAt: 'bloomcalc',
    calculators: '/calculators/',
    other: '/other/',
    ...links,
    page: 'docs/calculators.md',
    element: htmlElement,
    siteIsDark: (page) => page.evaluate(() => document.documentElement.dataset.theme === 'dark'),
    toggleDark: (page) => page.getByRole('button', { name: /dark and light mode/ }).click(),
  },
  starlight: {
    navigation: 'page load',
    title: 'Astro Starlight 0.37',
    build: [process.execPath, ['node_modules/astro/astro.js', 'build']],
    out: 'dist',
    copiedTo: 'public/bloomcalc',
    publishedAt: 'bloomcalc',
    calculators: '/calculators/',
    other: '/other/',
    ...links,
    page: 'src/content/docs/calculators.mdx',
    element: htmlElement,
    siteIsDark: (page) => page.evaluate(() => document.documentElement.dataset.theme === 'dark'),
    toggleDark: async (page) => {
      const dark = await page.evaluate(() => document.documentElement.dataset.theme === 'dark');
      await page
        .locator('starlight-theme-select select:visible')
        .first()
        .selectOption(dark ? 'light' : 'dark');
    },
  },
  mkdocs: {
    navigation: 'client-side',
    title: 'MkDocs 1.4 + Material 8',
    needs: ['/usr/bin/mkdocs', 'mkdocs is missing (apt-get install mkdocs mkdocs-material)'],
    build: ['mkdocs', ['build', '--strict', '--site-dir', 'site']],
    out: 'site',
    copiedTo: 'docs/bloomcalc',
    publishedAt: 'bloomcalc',
    calculators: '/calculators/',
    other: '/other/',
    ...links,
    page: 'docs/calculators.md',
    element: htmlElement,
    siteIsDark: (page) => page.evaluate(() => document.body.getAttribute('data-md-color-scheme') === 'slate'),
    toggleDark: (page) => page.locator('form[data-md-component="palette"] label:visible').first().click(),
  },
  sphinx: {
    navigation: 'page load',
    title: 'Sphinx 5.3 + furo',
    needs: ['/usr/bin/sphinx-build', 'sphinx-build is missing (apt-get install python3-sphinx furo)'],
    build: ['sphinx-build', ['-W', '-q', '-b', 'html', '-d', '_build/doctrees', '.', '_build/html']],
    out: '_build/html',
    copiedTo: '_static/bloomcalc',
    publishedAt: '_static/bloomcalc',
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
  hugo: {
    navigation: 'page load',
    title: 'Hugo 0.111 (a layout of its own, a data-bs-theme toggle)',
    needs: ['/usr/bin/hugo', 'hugo is missing (apt-get install hugo)'],
    build: ['hugo', ['--quiet', '--destination', 'public']],
    out: 'public',
    copiedTo: 'static/bloomcalc',
    publishedAt: 'bloomcalc',
    // docs/embed.md's iframe recipe too: the calculator page hosted in the element's folder (content/iframe.md)
    snippets: ['hugo', 'iframe'],
    hostsPage: true,
    calculators: '/calculators/',
    other: '/other/',
    ...links,
    page: 'content/calculators.md',
    element: htmlElement,
    // Bootstrap 5.3 / Docsy: data-bs-theme on <html>, an attribute the element is not told about (checkSite: it
    // follows the page's colours both ways without a reload)
    siteIsDark: (page) => page.evaluate(() => document.documentElement.getAttribute('data-bs-theme') === 'dark'),
    toggleDark: (page) => page.locator('#theme-toggle').click(),
  },
};
