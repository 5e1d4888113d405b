// Sphinx with the furo theme (Debian's packages) and docs/embed.md's Sphinx recipe.
import { existsSync } from 'node:fs';
import { describe } from 'node:test';

import { siteTest, skip } from './harness.mjs';
import { SITES } from './sites.mjs';

const [binary, missing] = SITES.sphinx.needs;
describe('Sphinx furo site', { skip: skip || (!existsSync(binary) && missing) }, () => {
  siteTest('sphinx');
});
