// The page survives its input space. First the URLs that froze the tab for good (uPlot#1098: a log axis
// whose min lies just below a power of ten), then a seeded sweep of every input of every calculator.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { openBrowser } from './harness.mjs';

const ANSWER_MS = 2_000;

let page, baseUrl, pageErrors, closeBrowser;
const consoleErrors = [];

before(async () => {
  ({ page, baseUrl, pageErrors, close: closeBrowser } = await openBrowser());
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
});

after(async () => {
  await closeBrowser?.();
});

/** Resolves when the page's main thread runs a task within `ms`; rejects when it does not (a freeze). */
async function answers(what, ms = ANSWER_MS) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: the page's main thread did not answer within ${ms} ms`)), ms);
  });
  try {
    await Promise.race([page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0))), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

test('the URLs that froze the paradox chart (uPlot#1098) draw it, and the page answers', async () => {
  for (const query of ['?bpe=11', '?bpe=&fpr=0.5%25', '?bpe=&fpr=5e-6', '?bpe=&fpr=9.7e-7', '?bpe=&fpr=0.096']) {
    await page.goto(`${baseUrl}${query}`);
    await page.waitForFunction(() => ['ok', 'stale'].includes(byId('paradox')?.dataset.state), null, { timeout: 15_000 });
    await answers(query);
    await page.waitForFunction(() => deepAll('#px-chart canvas').length > 0, null, { timeout: ANSWER_MS });
  }
  assert.deepEqual(pageErrors.map(String), []);
  assert.deepEqual(consoleErrors, []);
});
