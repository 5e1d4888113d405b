// Astro Starlight with docs/embed.md's Starlight snippets.
import { describe } from 'node:test';

import { siteTest, skip } from './harness.mjs';

export const starlight = {
  calculators: '/calculators/',
  other: '/other/',
  linkToOther: 'Other page',
  linkBack: 'Calculators',
  siteIsDark: (page) => page.evaluate(() => document.documentElement.dataset.theme === 'dark'),
  toggleDark: async (page) => {
    const dark = await starlight.siteIsDark(page);
    await page.locator('starlight-theme-select select:visible').first().selectOption(dark ? 'light' : 'dark');
  },
};

describe('Starlight site', { skip }, () => {
  siteTest('starlight', { build: [process.execPath, ['node_modules/astro/astro.js', 'build']], out: 'dist', site: starlight });
});
