// MkDocs with the Material theme (Debian's packages, instant navigation on) and docs/embed.md's MkDocs recipe.
import { existsSync } from 'node:fs';
import { describe } from 'node:test';

import { siteTest, skip } from './harness.mjs';
import { SITES } from './sites.mjs';

const [binary, missing] = SITES.mkdocs.needs;
describe('MkDocs Material site', { skip: skip || (!existsSync(binary) && missing) }, () => {
  siteTest('mkdocs');
});
