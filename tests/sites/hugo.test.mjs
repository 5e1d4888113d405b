// Hugo (Debian's package, no theme: a layout of the fixture's own, whose dark toggle sets data-bs-theme on <html>
// as Bootstrap 5.3 and Docsy do) with docs/embed.md's Hugo recipe, and its iframe recipe: the calculator page
// hosted in the element's folder, framed by content/iframe.md.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';

import { SIZING, newPage, serve, siteTest, skip, stop } from './harness.mjs';
import { SITES } from './sites.mjs';

const site = SITES.hugo;
const [binary, missing] = site.needs;
describe('Hugo site', { skip: skip || (!existsSync(binary) && missing) }, () => {
  const prepared = siteTest('hugo');

  test('Goldmark keeps the element: no "raw HTML omitted" in the built pages', () => {
    const html = readFileSync(join(prepared.dir, site.out, 'calculators', 'index.html'), 'utf8');
    assert.doesNotMatch(html, /raw HTML omitted/);
    assert.match(html, /<bloom-calc calculator="sizing" n="1M" p="1%"><\/bloom-calc>/);
  });

  test("the calculator page, hosted by docs/embed.md's iframe recipe, computes in the iframe and sizes it", async () => {
    const { server, url } = await serve({ root: join(prepared.dir, site.out) });
    const { context, page, problems } = await newPage(prepared.browser);
    try {
      await page.goto(new URL('/iframe/', url).href);
      const iframe = page.locator('iframe[data-bloomcalc]');
      const frame = await (await iframe.elementHandle()).contentFrame();
      await frame.waitForFunction(() => document.querySelector('bloom-calc')?.result, null, { timeout: 60_000 });
      const result = await frame.evaluate(() => {
        const { m, k } = document.querySelector('bloom-calc').result;
        return { m, k };
      });
      assert.deepEqual(result, SIZING, 'sizing n = 1M, p = 1 % in the iframe');
      // the page's bloomcalc:resize message sized the iframe to the calculator (it starts at 640)
      await page.waitForFunction(
        () => {
          const f = document.querySelector('iframe[data-bloomcalc]');
          return f.height !== '640' && Math.abs(Number(f.height) - f.contentDocument.documentElement.scrollHeight) <= 2;
        },
        null,
        { timeout: 10_000 },
      );
      assert.deepEqual(problems, [], 'no console warning or error');
    } finally {
      await context.close();
      await stop(server);
    }
  });
});
