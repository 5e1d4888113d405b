// Astro Starlight with docs/embed.md's Starlight recipe.
import { describe } from 'node:test';

import { siteTest, skip } from './harness.mjs';

describe('Starlight site', { skip }, () => {
  siteTest('starlight');
});
