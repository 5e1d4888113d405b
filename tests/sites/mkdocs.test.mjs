// MkDocs with the Material theme (Debian's packages) and docs/embed.md's MkDocs snippets.
import { existsSync } from 'node:fs';
import { describe } from 'node:test';

import { siteTest, skip } from './harness.mjs';

export const mkdocs = {
  calculators: '/calculators/',
  other: '/other/',
  linkToOther: 'Other page',
  linkBack: 'Calculators',
  siteIsDark: (page) => page.evaluate(() => document.body.getAttribute('data-md-color-scheme') === 'slate'),
  toggleDark: (page) => page.locator('form[data-md-component="palette"] label:visible').first().click(),
};

describe('MkDocs Material site', { skip: skip || (!existsSync('/usr/bin/mkdocs') && 'mkdocs is missing (apt-get install mkdocs mkdocs-material)') }, () => {
  siteTest('mkdocs', { build: ['mkdocs', ['build', '--strict', '--site-dir', 'site']], out: 'site', site: mkdocs });
});
