// Cold time-to-first-result and bytes on the wire, in Chromium, wall time: the page (navigation → the first
// recycling recommendation shown, and the first result of any calculator) and a plain page embedding one
// <bloom-calc> (navigation → its first result), each in a fresh browser context (empty HTTP cache), then a
// reload of the page (bytes sent, time again). Several builds of dist/web can be compared in one run (their
// runs interleaved, so that the machine's load falls on each alike): docs/embed.md, "Size and load time".
// Usage: node scripts/cold-start.mjs [--runs N] [web-dir …]   (default: 7 runs of dist/web)
import os from 'node:os';
import { resolve } from 'node:path';

import { launchChromium, recordResponses, root } from '../tests/e2e/harness.mjs';
import { serve } from '../wasm/serve.mjs';

const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Number(args.splice(runsAt, 2)[1]) : 7;
const dirs = args.length ? args.map((d) => resolve(d)) : [resolve(root, 'dist/web')];

// performance.now() (ms since navigation) of the first 'result' event of each calculator (it bubbles, composed)
function watchResults() {
  window.__firstResult = {};
  document.addEventListener(
    'result',
    (event) => {
      window.__firstResult[event.target.getAttribute('calculator')] ??= performance.now();
    },
    true,
  );
}

const embedPage = (calculator) =>
  `<!doctype html><html lang="en"><title>embed</title><script type="module" src="bloom-calc.mjs"></script>` +
  `<bloom-calc calculator="${calculator}"></bloom-calc></html>`;

async function firstResult(page, calculator) {
  await page.waitForFunction((c) => window.__firstResult?.[c] !== undefined, calculator, { timeout: 120_000 });
  return page.evaluate(() => ({ ...window.__firstResult }));
}

const sum = (entries) => entries.reduce((s, e) => s + e.bytes, 0);

async function measure(browser, { url, served }) {
  const out = {};
  for (const calculator of ['sizing', 'recycling']) {
    const context = await browser.newContext();
    await context.addInitScript(watchResults);
    await context.route(`${url}embed-${calculator}.html`, (route) => route.fulfill({ contentType: 'text/html', body: embedPage(calculator) }));
    const page = await context.newPage();
    await page.goto(`${url}embed-${calculator}.html`);
    out[`embed ${calculator}`] = (await firstResult(page, calculator))[calculator];
    await context.close();
  }
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(watchResults);
  const page = await context.newPage();
  let start = served.length;
  await page.goto(url);
  let firsts = await firstResult(page, 'recycling');
  out['page recycling'] = firsts.recycling;
  out['page first'] = Math.min(...Object.values(firsts));
  await page.waitForLoadState('networkidle');
  out['page KiB'] = sum(served.slice(start)) / 1024;
  out['page requests'] = served.length - start;
  out['page .wasm requests'] = served.slice(start).filter((e) => e.path.split('?')[0].endsWith('.wasm')).length;
  start = served.length;
  await page.reload();
  firsts = await firstResult(page, 'recycling');
  out['reload recycling'] = firsts.recycling;
  await page.waitForLoadState('networkidle');
  out['reload KiB'] = sum(served.slice(start)) / 1024;
  await context.close();
  return out;
}

const servers = [];
for (const dir of dirs) {
  const { server, url } = await serve({ root: dir });
  servers.push({ dir, server, url, served: recordResponses(server), results: [] });
}
const browser = await launchChromium();
const load = [os.loadavg()[0]];
for (let i = 0; i < runs; i++) {
  for (const s of servers) s.results.push(await measure(browser, s));
}
load.push(os.loadavg()[0]);
await browser.close();
for (const { server } of servers) {
  server.closeAllConnections();
  server.close();
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
console.log(`${runs} runs each, ${os.cpus().length} CPUs, load average (1 min) ${load.map((l) => l.toFixed(1)).join(' → ')}`);
console.log('median (min–max); times in ms after navigation, wall time');
for (const { dir, results } of servers) {
  console.log(`\n${dir}`);
  for (const key of Object.keys(results[0])) {
    const xs = results.map((r) => r[key]);
    console.log(`  ${key.padEnd(18)} ${median(xs).toFixed(0).padStart(6)}  (${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)})`);
  }
}
