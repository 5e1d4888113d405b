// Shared set-up of the documentation-site fixtures (tests/sites/README.md): pack the repository, install the
// tarball into a copy of a fixture under build/sites/<name>/ (its own npm dependencies installed with `npm ci`
// from its committed lockfile, kept between runs while the lockfile is unchanged), write the snippets
// docs/embed.md gives, build, serve on 127.0.0.1 and check the site in Chromium.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { launchChromium } from '../e2e/harness.mjs';
import { layoutShiftObserver, layoutShiftSince, measureLayoutShift, settledLayout } from './cls.mjs';
import { serve, stop } from '../../wasm/serve.mjs';
import { SITES } from './sites.mjs';
import { shellLines, snippetsFor } from './snippets.mjs';
import { NPM, installLocked, npmEnv, run } from './npm.mjs';

export { installLocked, launchChromium, npmEnv, run, serve, stop };

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const FIXTURES = fileURLToPath(new URL('./', import.meta.url));
export const SITES_BUILD = join(ROOT, 'build', 'sites');

/** The sizing the docs' snippet asks for (n = 1M, p = 1 %): m = ⌈−n ln p / ln²2⌉, k = round(m/n ln 2). */
export const SIZING = { m: 9592956, k: 7 };
export const CLS_LIMIT = 0.05;

const skipReason = () =>
  !existsSync(join(ROOT, 'dist', 'element', 'bloom-calc.mjs'))
    ? 'dist/element is missing: run `npm run build` first'
    : !existsSync('/usr/bin/chromium')
      ? '/usr/bin/chromium is missing'
      : false;
export const skip = skipReason();

/**
 * Every calculator kind, as the element lists them (calculatorNames() of the built bundle, which imports in
 * Node without a DOM); each computes on the calculators page of every fixture site.
 */
export const KINDS = skip ? [] : (await import(pathToFileURL(join(ROOT, 'dist', 'element', 'bloom-calc.mjs')).href)).calculatorNames();
/** What a calculator needs on the page to compute without a click (the simulation runs on its button otherwise). */
const TO_COMPUTE = { simulate: ' autorun' };

/**
 * `npm pack` of the repository (as published), into build/sites/pack/; returns the tarball's path. `npm test`
 * packs once for every fixture and names the tarball in BLOOMCALC_SITES_TARBALL (scripts/test.mjs).
 */
export async function packTarball() {
  if (process.env.BLOOMCALC_SITES_TARBALL) return process.env.BLOOMCALC_SITES_TARBALL;
  const dir = join(SITES_BUILD, 'pack', String(process.pid));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const { stdout } = await run(NPM, ['pack', '--json', '--ignore-scripts', '--pack-destination', dir], { cwd: ROOT });
  return join(dir, JSON.parse(stdout)[0].filename);
}

/**
 * A fresh copy of tests/sites/<name>/ in build/sites/<name>/ with its dependencies and the packed bloomcalc
 * installed and docs/embed.md's snippets for `snippetSite` (a name or a list) written in. node_modules survives between runs
 * while package-lock.json is unchanged (then only the tarball is installed again). Returns the directory.
 */
export async function prepareSite(name, { tarball, snippetSite = SITES[name]?.snippets ?? name, timings = {} }) {
  const dir = join(SITES_BUILD, name);
  mkdirSync(dir, { recursive: true });
  for (const entry of readdirSync(dir)) if (entry !== 'node_modules') rmSync(join(dir, entry), { recursive: true, force: true });
  cpSync(join(FIXTURES, name), dir, { recursive: true });
  await installLocked(dir, timings);
  // The bundlers' caches in node_modules trust a package's version (webpack's managed paths, Vite's and Astro's
  // dependency caches): the tarball's content changes under the same version, so they go.
  for (const cache of ['.cache', '.vite', '.astro']) rmSync(join(dir, 'node_modules', cache), { recursive: true, force: true });
  // The package as `npm install bloomcalc-<version>.tgz` lays it out (it has no dependencies of its own).
  const target = join(dir, 'node_modules', 'bloomcalc');
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  await run('tar', ['-xzf', tarball, '--strip-components=1', '-C', target], { cwd: dir });
  const snippets = [snippetSite].flat().flatMap((site) => snippetsFor(site));
  for (const { path, anchor, text } of snippets) {
    if (path === 'shell') {
      await runShellSnippet(text, dir);
      continue;
    }
    const file = join(dir, path);
    if (anchor) replaceMarker(file, anchor, text);
    else {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, text);
    }
  }
  // a writer's update: the recipe's copy run again (its folder must not nest, publishedFolderProblems)
  for (const { path, text } of snippets) if (path === 'shell') await runShellSnippet(text, dir);
  // every other calculator the element lists, after the docs' snippet, on the site's calculators page
  const site = SITES[name];
  if (site) {
    const shown = new Set(snippets.flatMap(({ text }) => [...text.matchAll(/calculator="([^"]+)"/g)].map((m) => m[1])));
    const more = KINDS.filter((kind) => !shown.has(kind)).map((kind) => site.element(kind, TO_COMPUTE[kind] ?? ''));
    replaceMarker(join(dir, site.page), 'calculators', more.join('\n'));
  }
  return { dir, snippets };
}

/** Puts `text` in place of the line of `file` holding <!-- anchor --> (in a comment of its language), at its indentation. */
function replaceMarker(file, anchor, text) {
  const marker = `<!-- ${anchor} -->`;
  const lines = readFileSync(file, 'utf8').split('\n');
  const at = lines.findIndex((line) => line.includes(marker));
  assert.ok(at >= 0, `${file} has no ${marker}`);
  const indent = lines[at].match(/^\s*/)[0];
  lines.splice(
    at,
    1,
    ...text
      .trimEnd()
      .split('\n')
      .map((line) => (line ? indent + line : line)),
  );
  writeFileSync(file, lines.join('\n'));
}

/**
 * Runs a shell snippet of the docs in `dir`, as a writer would; `npm install bloomcalc` (the registry's
 * package) is already done by prepareSite with the packed tarball, so that line is skipped.
 */
export async function runShellSnippet(text, dir) {
  for (const line of shellLines(text)) await run('sh', ['-ec', line], { cwd: dir });
}

/** The files under `dir` (recursively): { relative path: bytes }. */
function filesOf(dir) {
  if (!existsSync(dir)) return {};
  return Object.fromEntries(
    readdirSync(dir, { recursive: true })
      .filter((f) => statSync(join(dir, f)).isFile())
      .map((f) => [f.split('\\').join('/'), readFileSync(join(dir, f))]),
  );
}

/**
 * The element's folder as the recipe copied it (site.copiedTo) is the package's dist/element (with dist/web over
 * it where the site hosts the calculator page, site.hostsPage), even after the copy ran twice; and the built site
 * publishes it as it is (site.publishedAt in the output): no page made of a file there (MkDocs renders a .md of
 * its docs folder), nothing nested, nothing dropped. Returns the differences, [] when none.
 */
export function publishedFolderProblems(dir, outDir, site) {
  const pkg = join(dir, 'node_modules', 'bloomcalc', 'dist');
  const expected = { ...filesOf(join(pkg, 'element')), ...(site.hostsPage ? filesOf(join(pkg, 'web')) : {}) };
  const problems = [];
  for (const [where, got] of [
    [site.copiedTo, filesOf(join(dir, site.copiedTo))],
    [`the built site's ${site.publishedAt}`, filesOf(join(outDir, site.publishedAt))],
  ]) {
    for (const file of Object.keys(got)) if (!(file in expected)) problems.push(`${where}/${file}: not a file of the package`);
    for (const [file, bytes] of Object.entries(expected)) {
      if (!(file in got)) problems.push(`${where}/${file}: missing`);
      else if (!bytes.equals(got[file])) problems.push(`${where}/${file}: not the package's bytes`);
    }
  }
  return problems;
}

/** Files under `dir` (recursively) whose bytes contain one of `needles`: [{ file, needle }]. */
export function findInOutput(dir, needles) {
  const found = [];
  for (const entry of readdirSync(dir, { recursive: true })) {
    const file = join(dir, entry);
    if (!statSync(file).isFile()) continue;
    const text = readFileSync(file, 'latin1');
    for (const needle of needles) if (text.includes(needle)) found.push({ file: entry, needle });
  }
  return found;
}

/**
 * Starts a long-running command (a dev server) in its own process group; resolves with { url, stop } once its
 * output shows a http://127.0.0.1 or localhost URL (urlPattern: its first group, or the match, is the URL).
 */
export function startServer(command, args, { cwd, env = npmEnv(), timeout = 180_000, urlPattern = /https?:\/\/(?:127\.0\.0\.1|localhost):\d+\/?\S*/ }) {
  const child = spawn(command, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {}
    }
    return new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', resolve)));
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => kill().then(() => reject(new Error(`${command} ${args.join(' ')} printed no URL in ${timeout} ms:\n${output}`))), timeout);
    const onData = (chunk) => {
      output += chunk;
      // eslint-disable-next-line no-control-regex
      const match = output.replace(/\x1b\[[0-9;]*m/g, '').match(urlPattern);
      if (match) {
        clearTimeout(timer);
        resolve({ url: (match[1] ?? match[0]).replace('localhost', '127.0.0.1'), stop: kill, output: () => output });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${command} ${args.join(' ')} exited (${code}) before serving:\n${output}`));
    });
  });
}

// ---- in the browser ---------------------------------------------------------------------------------------

/** The windows a site is checked in: the layout shift in both, the other checks in the desktop one. */
export const VIEWPORTS = { desktop: { width: 1280, height: 900 }, phone: { width: 375, height: 812 } };

/** A new page that records console warnings and errors, page errors and the layout shifts from the start. */
export async function newPage(browser, { colorScheme = 'light', viewport = VIEWPORTS.desktop } = {}) {
  const context = await browser.newContext({ viewport, colorScheme });
  await context.addInitScript(layoutShiftObserver);
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (!['warning', 'error'].includes(message.type())) return;
    // the browser's own request for /favicon.ico on a site without one is not the site's or the element's
    if (new URL(message.location().url || 'about:blank', 'http://x/').pathname === '/favicon.ico') return;
    problems.push(`console.${message.type()}: ${message.text()} (${message.location().url})`);
  });
  return { context, page, problems };
}

/** Waits until every <bloom-calc> of the page has a result; returns { kinds, sizing } (the sizing element's result). */
export async function waitForResults(page, { timeout = 60_000 } = {}) {
  try {
    await page.waitForFunction(
      () => {
        const all = [...document.querySelectorAll('bloom-calc')];
        return all.length > 0 && all.every((el) => el.result || el.error);
      },
      null,
      { timeout, polling: 100 },
    );
  } catch (error) {
    const state = await page
      .evaluate(() =>
        [...document.querySelectorAll('bloom-calc')].map(
          (el) => `${el.getAttribute('calculator')}: ${el.result ? 'result' : el.error ? `error ${el.error.message}` : 'nothing'}`,
        ),
      )
      .catch(() => []);
    throw new Error(`not every calculator computed in ${timeout} ms (${state.join('; ') || 'no <bloom-calc> on the page'}): ${error.message}`);
  }
  return page.evaluate(() => {
    const all = [...document.querySelectorAll('bloom-calc')];
    const errors = all.filter((el) => el.error).map((el) => `${el.getAttribute('calculator')}: ${el.error.message}`);
    const sizing = all.find((el) => el.getAttribute('calculator') === 'sizing')?.result;
    return { kinds: all.map((el) => el.getAttribute('calculator')), errors, sizing: sizing && { m: sizing.m, k: sizing.k } };
  });
}

/** Whether the first <bloom-calc>'s cards are drawn dark (relative luminance of their background < 0.4). */
export function elementIsDark(page) {
  return page.evaluate(() => {
    const el = document.querySelector('bloom-calc');
    const card = el?.shadowRoot?.querySelector('[part~="card"]');
    if (!card) return null;
    const [r, g, b] = getComputedStyle(card)
      .backgroundColor.match(/[\d.]+/g)
      .map(Number);
    const lin = (c) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b) < 0.4;
  });
}

/**
 * The site's own dark toggle (site.toggleDark) flips the element's colours, dark then light again, without a
 * reload; the site and the element start light. Returns what failed, [] when nothing did.
 */
export async function darkToggleProblems(page, site) {
  const problems = [];
  if ((await site.siteIsDark(page)) !== false) problems.push('the site starts light (the browser prefers light)');
  if ((await elementIsDark(page)) !== false) problems.push('the element starts light, like the site');
  for (const dark of [true, false]) {
    await site.toggleDark(page);
    assert.equal(await site.siteIsDark(page), dark, `the site's toggle made it ${dark ? 'dark' : 'light'}`);
    let elementDark;
    for (let i = 0; i < 20 && (elementDark = await elementIsDark(page)) !== dark; i++) await page.waitForTimeout(100);
    if (elementDark !== dark) problems.push(`the element does not follow the site's toggle to ${dark ? 'dark' : 'light'}`);
  }
  return problems;
}

/** Every link the page's elements show (in their shadow roots), as absolute URLs. */
export function elementLinks(page) {
  return page.evaluate(() => {
    const hrefs = new Set();
    const visit = (root) => {
      for (const a of root.querySelectorAll('a[href]')) hrefs.add(a.href);
      for (const el of root.querySelectorAll('*')) if (el.shadowRoot) visit(el.shadowRoot);
    };
    for (const el of document.querySelectorAll('bloom-calc')) if (el.shadowRoot) visit(el.shadowRoot);
    return [...hrefs].filter((h) => !h.startsWith('blob:') && !h.startsWith('data:'));
  });
}

/** Live dedicated workers of the page, once their number has settled (unchanged for 300 ms, at most 5 s). */
export async function settledWorkers(page) {
  let last = -1;
  let same = 0;
  for (let i = 0; i < 50 && same < 3; i++) {
    const now = page.workers().length;
    same = now === last ? same + 1 : 0;
    last = now;
    await page.waitForTimeout(100);
  }
  return last;
}

/**
 * The checks every fixture site passes, in one browser page (t: the node:test context, for diagnostics):
 *   site.calculators, site.other: the two pages' paths; site.linkToOther / site.linkBack: link texts;
 *   site.siteIsDark(page) and site.toggleDark(page): the site's own dark mode and its toggle.
 * The embed code offered by "Copy embed code" is checked like the links (no file: URL, every src answers).
 * Returns the figures { cls, links, workers }.
 */
export async function checkSite(t, browser, baseUrl, site) {
  const { context, page, problems } = await newPage(browser);
  // every check runs and every failure is reported together (a hard failure only where the next checks need it)
  const failures = [];
  const check = (ok, message) => ok || failures.push(message);
  try {
    const calculators = new URL(site.calculators, baseUrl).href;
    await page.goto(calculators);
    const first = await waitForResults(page);
    assert.deepEqual(first.errors, [], 'no calculator reports an error');
    assert.deepEqual([...new Set(first.kinds)].sort(), [...KINDS].sort(), 'every calculator kind is on the page');
    assert.deepEqual(first.sizing, SIZING, 'sizing n = 1M, p = 1 %');
    // layout shift ≤ CLS_LIMIT: on the first load (cold cache), on each return to the page and in a phone-wide window below
    const shiftChecks = [];
    const checkShift = (when, { value, shifts }) => {
      shiftChecks.push(value);
      t.diagnostic(`CLS ${when} ${value.toFixed(4)}`);
      check(value <= CLS_LIMIT, `layout shift ${when} ${value.toFixed(4)} > ${CLS_LIMIT}: ${JSON.stringify(shifts)}`);
    };
    await settledLayout(page);
    const load = await measureLayoutShift(page);
    checkShift('on load', load);

    // every link inside the elements answers 200 (fetched from the same server)
    const links = await elementLinks(page);
    for (const href of links) {
      const url = new URL(href);
      if (url.origin !== new URL(baseUrl).origin) check(false, `link ${href}: not on the site`);
      else {
        const { status } = await fetch(url);
        check(status === 200, `link ${url.pathname}${url.hash}: ${status}`);
      }
    }

    // the embed code the first element offers names no file: URL, and every URL in it answers 200
    const code = await page.evaluate(async () => {
      const root = document.querySelector('bloom-calc').shadowRoot;
      [...root.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Copy embed code')?.click();
      await new Promise((resolve) => setTimeout(resolve, 200));
      return [...root.querySelectorAll('textarea')].find((t) => !t.hidden && t.value.includes('<bloom-calc'))?.value ?? null;
    });
    check(code !== null, 'Copy embed code shows the <bloom-calc> markup');
    check(!/file:/.test(code ?? ''), `the embed code names no file: URL: ${code}`);
    for (const [, src] of (code ?? '').matchAll(/\bsrc="([^"]+)"/g)) {
      const { status } = await fetch(new URL(src.replace(/&amp;/g, '&'), calculators)).catch((error) => ({ status: error.message }));
      check(status === 200, `the embed code's ${src}: ${status}`);
    }

    // the site's own dark toggle flips the element's colours, both ways
    for (const problem of await darkToggleProblems(page, site)) check(false, problem);

    // client-side navigation away and back, three times: same results, workers back to the baseline
    const baseline = await settledWorkers(page);
    for (let round = 1; round <= 3; round++) {
      await page.getByRole('link', { name: site.linkToOther, exact: true }).first().click();
      await page.waitForURL((u) => u.href.split('#')[0] !== calculators);
      await page.waitForFunction(() => document.querySelectorAll('bloom-calc').length === 0, null, { timeout: 10_000 });
      // client-side (the same document: its marker survives) or a new page load, whose shifts start afresh
      const back = await page.evaluate(() => {
        window.__sameDocument = true;
        return performance.now();
      });
      await page.getByRole('link', { name: site.linkBack, exact: true }).first().click();
      await page.waitForURL((u) => u.href.split('#')[0] === calculators);
      const again = await waitForResults(page);
      await settledLayout(page);
      const sameDocument = await page.evaluate(() => window.__sameDocument === true);
      check(
        !site.navigation || sameDocument === (site.navigation === 'client-side'),
        `round ${round}: the site's links navigate ${sameDocument ? 'client-side' : 'by page load'}, sites.mjs says ${site.navigation}`,
      );
      checkShift(`back, round ${round} (${sameDocument ? 'client-side' : 'page load'})`, await layoutShiftSince(page, sameDocument ? back : 0));
      assert.deepEqual(again.errors, [], `round ${round}: no calculator reports an error`);
      assert.deepEqual(again.sizing, SIZING, `round ${round}: sizing`);
      assert.equal(again.kinds.length, first.kinds.length, `round ${round}: the same elements`);
      const workers = await settledWorkers(page);
      check(workers === baseline, `round ${round}: live workers ${workers}, at first ${baseline}`);
    }
    // a phone's narrow window (the element's layout follows its width), in a fresh context: a first load again
    const phone = await newPage(browser, { viewport: VIEWPORTS.phone });
    try {
      await phone.page.goto(calculators);
      await waitForResults(phone.page);
      await settledLayout(phone.page);
      checkShift(`on load, ${VIEWPORTS.phone.width} px wide`, await measureLayoutShift(phone.page));
      for (const problem of phone.problems) problems.push(`${VIEWPORTS.phone.width} px: ${problem}`);
    } finally {
      await phone.context.close();
    }
    for (const problem of new Set(problems)) check(false, problem);
    assert.deepEqual(failures, [], 'every site check');
    return { cls: load.value, clsBack: Math.max(...shiftChecks.slice(1, 4)), clsPhone: shiftChecks[4], links: links.length, workers: baseline };
  } finally {
    await context.close();
  }
}

/** A free TCP port on 127.0.0.1 (for a dev server that wants one given). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** A dev server's page computes: the sizing element's result, no page error. */
export async function checkDevServer(browser, url) {
  const { context, page, problems } = await newPage(browser);
  try {
    // a dev server may print its URL a moment before it listens, and answers once its first compile is done
    for (let attempt = 0; ; attempt++) {
      try {
        await page.goto(url, { timeout: 300_000 });
        break;
      } catch (error) {
        if (attempt >= 30 || !/ERR_CONNECTION_REFUSED/.test(error.message)) throw error;
        await page.waitForTimeout(1000);
      }
    }
    const { sizing, errors } = await waitForResults(page, { timeout: 120_000 });
    assert.deepEqual(errors, []);
    assert.deepEqual(sizing, SIZING);
    assert.deepEqual(
      problems.filter((p) => p.startsWith('pageerror') || p.startsWith('console.error')),
      [],
      'no error',
    );
  } finally {
    await context.close();
  }
}

/** Builds a prepared fixture (SITES[name].build, then its afterBuild); returns the built site's directory. */
export async function buildSite(name, dir) {
  const {
    build: [command, args],
    out,
    afterBuild,
  } = SITES[name];
  await run(command, args, { cwd: dir });
  await afterBuild?.(join(dir, out));
  return join(dir, out);
}

/**
 * The production-build test of one fixture (sites.mjs): prepare it (prepareSite), build it, check that no built
 * file holds a file:/// URL or the build directory, serve it and run checkSite. Returns { dir, browser } of the
 * prepared site for further tests (filled in before()).
 */
export function siteTest(name) {
  const prepared = {};
  const timings = {};
  let browser;
  let tarball;
  before(async () => {
    tarball = await packTarball();
    Object.assign(prepared, await prepareSite(name, { tarball, timings }));
    browser = await launchChromium();
    prepared.browser = browser;
  });
  after(async () => {
    await browser?.close();
    if (tarball && tarball !== process.env.BLOOMCALC_SITES_TARBALL) rmSync(dirname(tarball), { recursive: true, force: true });
  });
  test('the production site builds, ships no build path, and passes the site checks in Chromium', async (t) => {
    const { dir } = prepared;
    let start = Date.now();
    const outDir = await buildSite(name, dir);
    timings.build = Date.now() - start;
    assert.deepEqual(findInOutput(outDir, ['file:///', dir]), [], 'no file:/// URL or build directory in the output');
    assert.deepEqual(publishedFolderProblems(dir, outDir, SITES[name]), [], "the element's folder, copied twice, is published as the package has it");
    const { server, url } = await serve({ root: outDir });
    try {
      start = Date.now();
      const figures = await checkSite(t, browser, url, SITES[name]);
      timings.checks = Date.now() - start;
      t.diagnostic(`${name}: ${JSON.stringify(figures)}; install ${timings.install ?? '-'} ms, build ${timings.build} ms, checks ${timings.checks} ms`);
    } finally {
      await stop(server);
    }
  });
  return prepared;
}
