// Shared set-up of the browser tests: (re)build dist/web when a source is newer, serve it on localhost, load the
// Node module for the reference numbers, and open one Chromium page that records every request and page error.
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before } from 'node:test';
import { chromium } from 'playwright-core';

import { buildWeb } from '../../scripts/build-web.mjs';
import { serve } from '../../scripts/serve.mjs';
import { createBloomCalc } from '../../wasm/index.mjs';

export const root = fileURLToPath(new URL('../../', import.meta.url));
export const webDir = join(root, 'dist', 'web');

// Debian's /usr/bin/chromium, headless (Playwright cannot download a browser here); --no-sandbox since the
// tests run as root, the rest keep the browser off the network and quiet. Chromium 156's headless mode opens a
// window per context, and each window a renderer of its own for the address bar's WebUI popup: ~0.6 s of CPU per
// context beside the page (on 2 cores, a page's first result 0.95 s instead of 0.68 s); no address bar is used.
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-features=WebUIOmniboxAimPopup,WebUIOmniboxFullPopup,WebUIOmniboxPopup',
];

async function mtime(path) {
  try {
    return (await stat(path)).mtimeMs;
  } catch {
    return -1;
  }
}

/** dist/web is missing, or older than a source it is built from. */
async function needsBuild() {
  const outputs = ['index.html', 'app.js', 'bloom-calc.mjs', 'sim-worker.js', 'rbf-worker.js', 'docs/rbf.html'];
  const built = Math.min(...(await Promise.all(outputs.map((f) => mtime(join(webDir, f))))));
  if (built < 0) return true;
  const inside = async (dir, options) => (await readdir(join(root, dir), options)).map((f) => join(root, dir, f));
  const sources = [
    ...(await inside('web', { recursive: true })),
    ...(await inside('docs')),
    ...(await inside('wasm', { recursive: true })).filter((f) => f.endsWith('.mjs')), // the browser entry, the API, the worker protocol, the formatting
    join(root, 'scripts', 'build-web.mjs'),
    join(root, 'scripts', 'build-docs.mjs'),
    ...['web', 'rbf', 'tools'].flatMap((name) => ['mjs', 'wasm'].map((ext) => join(root, 'dist', `bloomcalc.${name}.${ext}`))),
  ];
  for (const source of sources) if ((await mtime(source)) > built) return true;
  return false;
}

/** Launches Debian's headless chromium with this machine's flags. */
export function launchChromium() {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/**
 * Builds dist/web and dist/element when a source is newer. Test files run side by side (npm test: two at a time):
 * one builds while the others wait for its lock (dist/.web-build.lock, a folder) and then check again.
 */
export async function ensureBuilt() {
  if (!(await needsBuild())) return;
  const lock = join(root, 'dist', '.web-build.lock');
  await mkdir(join(root, 'dist'), { recursive: true });
  for (;;) {
    try {
      await mkdir(lock);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      // a lock left by a run that was killed while building: no build takes 10 minutes
      if (Date.now() - (await mtime(lock)) > 600_000) await rm(lock, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    if (await needsBuild()) await buildWeb({ quiet: true });
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}

/**
 * Records what a serve() server answered: { path, status, encoding, bytes } per finished response.
 * `bytes` is the body length sent (0 for a 304).
 */
export function recordResponses(server) {
  const served = [];
  server.on('request', (req, res) => {
    res.on('finish', () => {
      served.push({
        path: req.url,
        status: res.statusCode,
        encoding: res.getHeader('content-encoding') ?? 'identity',
        bytes: req.method === 'HEAD' || res.statusCode === 304 ? 0 : Number(res.getHeader('content-length') ?? 0),
      });
    });
  });
  return served;
}

/**
 * Opens the served page's browser. Returns { page, bc, baseUrl, requests, served, pageErrors, close };
 * `requests` (URLs the browser asked for), `served` (what the server answered, recordResponses) and
 * `pageErrors` fill up as the page runs. Call close() in an after() hook.
 */
export async function openBrowser({ deviceScaleFactor } = {}) {
  await ensureBuilt();
  const { server, url: baseUrl } = await serve({ root: webDir });
  const served = recordResponses(server);
  const bc = await createBloomCalc();
  const browser = await launchChromium();
  const requests = [];
  const pageErrors = [];
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...(deviceScaleFactor ? { deviceScaleFactor } : {}) });
  context.on('request', (request) => requests.push(request.url()));
  // The calculators live in the open shadow roots of <bloom-calc> elements: byId / deepAll / deep look
  // there too, for page.evaluate and waitForFunction callbacks (Playwright's CSS locators pierce them).
  await context.addInitScript(() => {
    const roots = () => [document, ...[...document.querySelectorAll('bloom-calc')].map((e) => e.shadowRoot).filter(Boolean)];
    window.byId = (id) =>
      roots()
        .map((r) => r.getElementById(id))
        .find(Boolean) ?? null;
    window.deepAll = (selector) => roots().flatMap((r) => [...r.querySelectorAll(selector)]);
    window.deep = (selector) => window.deepAll(selector)[0] ?? null;
  });
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error));
  // Each <bloom-calc> renders its markup once its calculator's chunk has loaded (after the page's load event,
  // web/element-base.mjs). Our page defines its elements after its first paint (web/app.mjs), each connecting in a
  // task of its own (web/in-turn.mjs); they are loading="lazy": one loads its module and computes only once it
  // nears the view, and the sizing chart is drawn once it nears the view too (watched from the calculator's start).
  // So navigation, once the elements are defined, scrolls down the page a viewport at a time, as a reader would,
  // waiting at each stop until the calculators near it have started (their module loaded: each then watches its
  // own parts, such as the chart), then back to the top, and returns when every element has rendered and connected
  // (its fields known, or its error).
  const rendered = async () => {
    await page.waitForFunction(() => [...document.querySelectorAll('bloom-calc')].every((el) => el.shadowRoot?.firstChild && el.state !== undefined), null, {
      timeout: 30_000,
    });
    await page.evaluate(async () => {
      // a frame and the task after it (where the observers' notifications run); a timer, should no frame come
      const frame = () =>
        new Promise((resolve) => {
          const timer = setTimeout(resolve, 100);
          requestAnimationFrame(() =>
            setTimeout(() => {
              clearTimeout(timer);
              resolve();
            }, 0),
          );
        });
      // within the elements' margin of the view (web/near-view.mjs: a quarter of a viewport), and laid out
      const near = (el) => {
        const box = el.getBoundingClientRect();
        const margin = window.innerHeight / 4;
        return box.height > 0 && box.bottom > -margin && box.top < window.innerHeight + margin;
      };
      const started = (el) => el.dataset.ready === 'true' || el.error !== null;
      // never a hang: the tests' own waits then tell
      const until = async (done) => {
        const end = performance.now() + 15_000;
        while (performance.now() < end && !done()) await frame();
      };
      for (let y = 0; ; y += window.innerHeight) {
        window.scrollTo(0, y);
        await frame();
        await frame(); // the observers' notifications delivered
        await until(() => [...document.querySelectorAll('bloom-calc[loading="lazy"]')].filter(near).every(started));
        await frame();
        if (window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1) break;
      }
      // a calculator whose height changes as it starts moves those below it, so one may have moved past a stop:
      // each not started yet is scrolled to
      for (const el of document.querySelectorAll('bloom-calc[loading="lazy"]')) {
        if (started(el) || el.getBoundingClientRect().height === 0) continue;
        el.scrollIntoView();
        await frame();
        await until(() => started(el));
      }
      window.scrollTo(0, 0);
    });
    await page.waitForFunction(() => [...document.querySelectorAll('bloom-calc')].every((el) => Object.keys(el.state).length > 0 || el.error), null, {
      timeout: 30_000,
    });
  };
  for (const method of ['goto', 'reload', 'goBack', 'goForward']) {
    const navigate = page[method].bind(page);
    page[method] = async (...args) => {
      const response = await navigate(...args);
      await rendered();
      return response;
    };
  }
  async function close() {
    await browser.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  return { page, bc, baseUrl, requests, served, pageErrors, close };
}

/**
 * The tasks of the page's main thread while `during` runs, from Chromium's trace: { cpu, wall } in ms per task
 * (the RunTask events of the renderers' CrRendererMain threads: tdur, the thread's CPU time, and dur). CPU time
 * is what a responsiveness bound should hold: on a loaded machine a task's wall time grows with the load (the
 * thread waits for a core), its CPU time does not, and a model computed on the main thread still costs its
 * seconds. Workers run on other threads and do not count.
 */
export async function mainThreadTasks(page, during) {
  const browser = page.context().browser();
  await browser.startTracing(page, { categories: ['toplevel', 'disabled-by-default-devtools.timeline'] });
  let trace;
  try {
    // Tracing reaches the renderer a moment after startTracing resolves: a task begun before then is missing from
    // the trace (once in CI a 2 s task on a loaded machine), so `during` starts only after a settle on the page.
    await page.evaluate(() => new Promise((settle) => setTimeout(settle, 200)));
    await during();
  } finally {
    trace = await browser.stopTracing();
  }
  const { traceEvents } = JSON.parse(trace.toString('utf8'));
  const main = new Set(
    traceEvents.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}/${e.tid}`),
  );
  const tasks = traceEvents.filter((e) => e.name === 'RunTask' && e.ph === 'X' && main.has(`${e.pid}/${e.tid}`));
  // never a silent pass: no thread time (a platform without it) or no task at all is an error, not "no long task"
  if (!tasks.some((e) => typeof e.tdur === 'number')) throw new Error(`the trace holds no main-thread task with its CPU time (${tasks.length} RunTask events)`);
  // Chromium 156.0.8078.108 leaves the thread time off tasks of a few microseconds: their wall time bounds it
  return tasks.map((e) => ({ cpu: (e.tdur ?? e.dur) / 1000, wall: e.dur / 1000 }));
}

/** The longest task of mainThreadTasks(), and a line describing the longest few (CPU and wall ms). */
export function longestTask(tasks) {
  const sorted = [...tasks].sort((a, b) => b.cpu - a.cpu);
  const top = sorted
    .slice(0, 5)
    .map((t) => `${Math.round(t.cpu)} ms CPU (${Math.round(t.wall)} ms wall)`)
    .join(', ');
  return { cpu: sorted[0]?.cpu ?? 0, text: `${tasks.length} tasks, longest: ${top}` };
}

/**
 * A test file's browser: openBrowser(options) before its tests, what it opened handed to `take` (the file keeps
 * the fields it uses), closed after them.
 */
export function browserForFile(take, options) {
  let close;
  before(async () => {
    const opened = await openBrowser(options);
    close = opened.close;
    take(opened);
  });
  after(async () => {
    await close?.();
  });
}
