// `npm run bench -- --only embed` (part 1) and `--only lighthouse` (parts 2 and 3): the element in documentation
// sites (issue 19), measured, not asserted.
//   1. The VitePress fixture (tests/sites/vitepress, docs/embed.md's recipe) with a page holding only the docs'
//      sizing element: the bytes the page downloads before the first result (as served: brotli, the browser's
//      encodedBodySize) minus those of the same site built without the recipe, and the time from navigation to
//      the first `result` event, over localhost and two throttled networks (NETWORKS); medians of RUNS loads, each
//      in a fresh browser context (empty cache).
//   2. Layout shift (PerformanceObserver 'layout-shift' from navigation, tests/sites/cls.mjs, as tests/sites checks
//      it) on the calculators page of each fixture site until every calculator's first result has settled, median
//      of 3 loads.
//   3. Lighthouse (the npm package, tests/sites/lighthouse's lockfile, driving /usr/bin/chromium) on our own page
//      (dist/web), desktop and mobile presets, median of LIGHTHOUSE_RUNS runs each: the performance score, CLS, FCP,
//      LCP, TBT, SI, the first paint as the trace saw it (unthrottled: the speed index is taken from the trace's
//      frames, not simulated), the longest main-thread task, the longest one before the first paint, and the LCP
//      element; then the mobile preset again with BUSY_THREADS threads spinning beside the browser, as on a busier
//      machine.
import { Worker } from 'node:worker_threads';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

import { SITES } from '../tests/sites/sites.mjs';
import {
  FIXTURES,
  KINDS,
  SITES_BUILD,
  buildSite,
  installLocked,
  launchChromium,
  newPage,
  packTarball,
  prepareSite,
  run,
  serve,
  stop,
  waitForResults,
} from '../tests/sites/harness.mjs';
import { snippetsFor } from '../tests/sites/snippets.mjs';
import { measureLayoutShift } from '../tests/sites/cls.mjs';

const RUNS = 7;
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const kb = (bytes) => (bytes / 1000).toFixed(1);

// In the page, from its start: at the first `result` event (it bubbles out of the element's shadow root), the
// time since navigation and the bytes of every response finished by then.
function recordFirstResult() {
  const bytesSoFar = () => {
    const now = performance.now();
    const [navigation] = performance.getEntriesByType('navigation');
    return (
      (navigation?.encodedBodySize ?? 0) +
      performance
        .getEntriesByType('resource')
        .filter((e) => e.responseEnd <= now)
        .reduce((sum, e) => sum + e.encodedBodySize, 0)
    );
  };
  window.__bytesSoFar = bytesSoFar;
  document.addEventListener(
    'result',
    () => {
      window.__first ??= { ms: performance.now(), bytes: bytesSoFar() };
    },
    true,
  );
}

// The networks a reader loads the page over: localhost as it is (the browser's and the machine's own time: the
// bytes cost almost nothing), and two throttled by the DevTools protocol (Network.emulateNetworkConditions: a
// latency added to every request, the throughput shared by the responses): Lighthouse's mobile profile (its
// simulated throttling: 150 ms, 1.6 Mbps down, 750 kbps up) and a broadband line (40 ms, 10 Mbps both ways).
const NETWORKS = [
  { name: 'localhost, not throttled', throttle: null },
  { name: 'broadband: 40 ms, 10 Mbps', throttle: { latency: 40, downKbps: 10_000, upKbps: 10_000 } },
  { name: "Lighthouse's mobile: 150 ms, 1.6 Mbps", throttle: { latency: 150, downKbps: 1_638.4, upKbps: 750 } },
];

async function throttle(context, page, network) {
  if (!network) return;
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const { latency, downKbps, upKbps } = network;
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency,
    downloadThroughput: (downKbps * 1000) / 8,
    uploadThroughput: (upKbps * 1000) / 8,
  });
}

/** Loads `url` in fresh contexts RUNS times: [{ ms, bytes }] at the first result, or (control) bytes at load. */
async function loads(browser, url, { control = false, network = null } = {}) {
  const figures = [];
  for (let i = 0; i < RUNS; i++) {
    const { context, page } = await newPage(browser);
    try {
      await throttle(context, page, network);
      await page.addInitScript(recordFirstResult);
      await page.goto(url, { waitUntil: 'load' });
      if (control) {
        if (!(await page.evaluate(() => document.querySelector('bloom-calc')))) throw new Error(`the control page ${url} has no <bloom-calc>`);
        await page.waitForTimeout(1000);
        figures.push({ bytes: await page.evaluate(() => window.__bytesSoFar()) });
      } else {
        await page.waitForFunction(() => window.__first, null, { timeout: 60_000 });
        figures.push(await page.evaluate(() => window.__first));
      }
    } finally {
      await context.close();
    }
  }
  return figures;
}

async function firstResultInVitePress(browser, tarball) {
  const { dir } = await prepareSite('vitepress', { tarball });
  const page = snippetsFor('vitepress').find((s) => s.anchor);
  writeFileSync(join(dir, 'docs', 'sizing.md'), `# Sizing\n\n${page.text}`);
  // the control: the same site and page, the config without the recipe's script (the element stays inert)
  const config = join(dir, 'docs', '.vitepress', 'config.mjs');
  const recipe = readFileSync(config, 'utf8');
  const withoutScript = recipe.replace(/^.*bloom-calc\.mjs.*\n/m, '');
  if (withoutScript === recipe) throw new Error(`${config} loads no bloom-calc.mjs: the control would be the site itself`);
  writeFileSync(config, withoutScript);
  const controlDir = join(dir, 'control');
  await run(process.execPath, ['node_modules/vitepress/bin/vitepress.js', 'build', 'docs', '--outDir', controlDir], { cwd: dir });
  writeFileSync(config, recipe);
  const out = await buildSite('vitepress', dir);
  const control = await serve({ root: controlDir });
  const site = await serve({ root: out });
  const sizingPage = (server) => new URL('sizing.html', server.url).href;
  try {
    const controlBytes = median((await loads(browser, sizingPage(control), { control: true })).map((r) => r.bytes));
    console.log(`\n=== VitePress (${SITES.vitepress.title}), a page with docs/embed.md's sizing element, ${RUNS} cold loads each`);
    for (const [i, network] of NETWORKS.entries()) {
      const figures = await loads(browser, sizingPage(site), { network: network.throttle });
      const bytes = median(figures.map((r) => r.bytes));
      const ms = figures.map((r) => r.ms);
      if (i === 0)
        console.log(
          `bloomcalc before the first result: ${kb(bytes - controlBytes)} KB as served (brotli) = ${kb(bytes)} KB the page downloads then - ` +
            `${kb(controlBytes)} KB the same page without the recipe`,
        );
      console.log(
        `time to the first result, ${network.name}: median ${median(ms).toFixed(0)} ms (${Math.min(...ms).toFixed(0)}-${Math.max(...ms).toFixed(0)}) ` +
          'after navigation',
      );
    }
  } finally {
    await stop(control.server);
    await stop(site.server);
  }
}

async function clsPerSite(browser, tarball) {
  console.log(`\n=== cumulative layout shift on each fixture site's calculators page (${KINDS.length} calculators), median of 3 loads`);
  for (const [name, site] of Object.entries(SITES)) {
    if (site.needs && !existsSync(site.needs[0])) {
      console.log(`${site.title.padEnd(28)} not measured: ${site.needs[1]}`);
      continue;
    }
    try {
      const { dir } = await prepareSite(name, { tarball });
      const out = await buildSite(name, dir);
      const { server, url } = await serve({ root: out });
      try {
        const shifts = [];
        for (let i = 0; i < 3; i++) {
          const { context, page } = await newPage(browser);
          try {
            await page.goto(new URL(site.calculators, url).href);
            await waitForResults(page);
            await page.waitForTimeout(1500); // charts drawn
            shifts.push((await measureLayoutShift(page)).value);
          } finally {
            await context.close();
          }
        }
        console.log(`${site.title.padEnd(28)} CLS ${median(shifts).toFixed(3)} (${shifts.map((s) => s.toFixed(3)).join(', ')})`);
      } finally {
        await stop(server);
      }
    } catch (error) {
      console.log(`${site.title.padEnd(28)} not measured: ${whyNot(error)}`);
    }
  }
}

const lighthouseVersion = (modules) => JSON.parse(readFileSync(join(modules, 'lighthouse', 'package.json'), 'utf8')).version;

// a mobile run's score moves by ±0.05 between runs on a 2-core machine (its tasks' wall times, which the simulated
// phone multiplies by 4, move with what else runs): the median of 7
const LIGHTHOUSE_RUNS = 7;
// The mobile preset again with this many threads spinning beside the browser: the score on a machine whose
// cores something else also wants (a CI run, a build), where the wall times the phone multiplies grow.
const BUSY_THREADS = 2;

/** Starts `count` threads that spin until stopped; returns the function that stops them. */
function busyThreads(count) {
  const threads = Array.from({ length: count }, () => new Worker('for (;;);', { eval: true }));
  return () => Promise.all(threads.map((thread) => thread.terminate()));
}

/** The Lighthouse figures of one report: score, CLS, FCP, LCP, TBT, speed index (the five the score weighs), and what the LCP was and what blocked. */
function lighthouseFigures(lhr) {
  const audit = (id) => lhr.audits[id]?.numericValue;
  const lcpElement = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
  const longTasks = lhr.audits['long-tasks']?.details?.items ?? [];
  return {
    score: lhr.categories.performance.score,
    cls: audit('cumulative-layout-shift'),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    si: audit('speed-index'),
    observedFcp: lhr.audits.metrics?.details?.items?.[0]?.observedFirstContentfulPaint ?? NaN,
    lcpElement: lcpElement ? `${lcpElement.nodeLabel?.slice(0, 40) ?? ''} (${lcpElement.selector ?? '?'})` : 'none',
    longest: longTasks.length ? Math.max(...longTasks.map((t) => t.duration)) : 0,
    // one task of more than ~100 ms before the first frame, and headless Chromium's compositor sends about one
    // frame a second (docs/decisions.md, "A phone's page load"): the speed index then moves by a second
    beforePaint: Math.max(
      0,
      ...(lhr.audits['main-thread-tasks']?.details?.items ?? [])
        .filter((t) => t.startTime < (lhr.audits.metrics?.details?.items?.[0]?.observedFirstContentfulPaint ?? 0))
        .map((t) => t.duration),
    ),
    warnings: lhr.runWarnings ?? [],
  };
}

/**
 * Lighthouse on dist/web, LIGHTHOUSE_RUNS runs per preset: the medians of each figure, and each run's score.
 * The reports are kept in build/sites/lighthouse/<preset>-<run>.json (every audit, to see what costs).
 */
export async function lighthouseOnOurPage(root) {
  const dir = join(SITES_BUILD, 'lighthouse');
  mkdirSync(dir, { recursive: true });
  for (const file of ['package.json', 'package-lock.json']) writeFileSync(join(dir, file), readFileSync(join(FIXTURES, 'lighthouse', file)));
  await installLocked(dir);
  const modules = join(dir, 'node_modules');
  const { default: lighthouse } = await import(pathToFileURL(join(modules, 'lighthouse', 'core', 'index.js')));
  const { default: desktopConfig } = await import(pathToFileURL(join(modules, 'lighthouse', 'core', 'config', 'desktop-config.js')));
  const chromeLauncher = await import(pathToFileURL(join(modules, 'chrome-launcher', 'dist', 'index.js')));
  const { server, url } = await serve({ root: join(root, 'dist', 'web') });
  const chrome = await chromeLauncher.launch({
    chromePath: '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  console.log(
    `\n=== Lighthouse ${lighthouseVersion(modules)} on our own page (dist/web, served by wasm/serve.mjs), ` +
      `performance category, median of ${LIGHTHOUSE_RUNS} runs per preset; load average ` +
      `${loadavg()
        .map((l) => l.toFixed(1))
        .join(', ')} (${cpus().length} cores)`,
  );
  const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
  try {
    const presets = [
      ['desktop', desktopConfig, 0],
      ['mobile', undefined, 0],
      [`mobile, ${BUSY_THREADS} busy threads`, undefined, BUSY_THREADS],
    ];
    for (const [preset, config, busy] of presets) {
      const runs = [];
      const stopBusy = busyThreads(busy);
      try {
        for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
          const { lhr } = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] }, config);
          writeFileSync(join(dir, `${preset.replace(/\W+/g, '-')}-${i + 1}.json`), JSON.stringify(lhr));
          runs.push(lighthouseFigures(lhr));
        }
      } finally {
        await stopBusy();
      }
      const m = (key) => median(runs.map((r) => r[key]));
      const warnings = [...new Set(runs.flatMap((r) => r.warnings))];
      console.log(
        `${preset.padEnd(8)} performance ${m('score').toFixed(2)} (${runs.map((r) => r.score.toFixed(2)).join(', ')}), CLS ${m('cls').toFixed(3)}, ` +
          `FCP ${s(m('fcp'))}, LCP ${s(m('lcp'))}, TBT ${m('tbt').toFixed(0)} ms, SI ${s(m('si'))}, first paint in the trace ` +
          `${s(m('observedFcp'))} (${runs.map((r) => (r.observedFcp / 1000).toFixed(2)).join(', ')}), ` +
          `longest task ${m('longest').toFixed(0)} ms, longest before the first paint ${m('beforePaint').toFixed(0)} ms ` +
          `(${runs.map((r) => r.beforePaint.toFixed(0)).join(', ')}); LCP element: ${runs[0].lcpElement}` +
          (warnings.length ? ` (warnings: ${warnings.join('; ')})` : ''),
      );
    }
  } finally {
    await chrome.kill();
    await stop(server);
  }
}

// Why a part or a site was not measured, in one line, with the repository's path as "." (the line goes into
// docs/measurements.md, which names no path outside the repository: tests/js/docs.test.mjs).
const whyNot = (error) =>
  (error.message.split('\n').find((l) => /error/i.test(l)) ?? error.message.split('\n')[0]).replaceAll(join(import.meta.dirname, '..'), '.');

// A part that cannot run (a site that does not build) says why in one line; the others still run.
async function part(name, fn) {
  try {
    await fn();
  } catch (error) {
    console.log(`\n=== ${name}: not measured: ${whyNot(error)}`);
  }
}

export async function benchEmbed(root, { only = ['first-result', 'cls', 'lighthouse'] } = {}) {
  const tarball = await packTarball();
  const browser = await launchChromium();
  try {
    if (only.includes('first-result')) await part('VitePress, first result', () => firstResultInVitePress(browser, tarball));
    if (only.includes('cls')) await part('CLS per site', () => clsPerSite(browser, tarball));
  } finally {
    await browser.close();
    rmSync(join(tarball, '..'), { recursive: true, force: true });
  }
  if (only.includes('lighthouse')) await part('Lighthouse', () => lighthouseOnOurPage(root));
}
