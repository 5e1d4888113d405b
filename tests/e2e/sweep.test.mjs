// The page survives its input space. First the URLs that froze the tab for good (uPlot#1098: a log axis
// whose min lies just below a power of ten), then a seeded sweep over every input of every calculator,
// found in the DOM (inside the <bloom-calc> elements' open shadow roots): values across every decade
// (just below, at and above each power of ten), units, extremes, garbage and empty. After each case:
//   - the main thread answers within 2 s (and no main-thread task took that long: longtask observer),
//   - no pageerror, no console error,
//   - every calculator settles to a result, or to an inline error beside a field (aria-invalid, described by
//     the field) whose text names a parameter; a simulate panel runs, or names the field it refuses,
//   - no "NaN", "undefined" or "[object" in what the page shows, and the page does not scroll sideways.
// CI: 300 cases with a fixed seed. More: BLOOMCALC_SWEEP=5000 (random seed unless BLOOMCALC_SWEEP_SEED).
// A failure prints the seed and the cases since the last reload: rerun with BLOOMCALC_SWEEP_SEED to reproduce.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

import { longestTask, mainThreadTasks, openBrowser, root } from './harness.mjs';

const ANSWER_MS = 2_000;
const SETTLE_MS = 20_000;
const CASES = Number(process.env.BLOOMCALC_SWEEP ?? 300);
const SEED = Number(process.env.BLOOMCALC_SWEEP_SEED ?? (process.env.BLOOMCALC_SWEEP ? Math.floor(Math.random() * 2 ** 31) : 20261123));
const RELOAD_EVERY = 40;

let page, baseUrl, pageErrors, closeBrowser;
const consoleErrors = [];

before(async () => {
  ({ page, baseUrl, pageErrors, close: closeBrowser } = await openBrowser());
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  // every main-thread task over 50 ms, from the first byte on
  await page.context().addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push(Math.round(e.duration));
    }).observe({ type: 'longtask', buffered: true });
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

test("in Chromium, uPlot's log-axis walk ends on every range the guard gives (its 10 ** -n differs from Node's)", async () => {
  const uplot = readFileSync(createRequire(import.meta.url).resolve('uplot/dist/uPlot.esm.js'), 'utf8')
    .replace('} while (split <= scaleMax);', 'if (++window.__steps > 10000) throw new Error("endless"); } while (split <= scaleMax);')
    .replace(/^export /gm, '')
    .replace('{ uPlot as default };', '');
  const guard = readFileSync(join(root, 'web', 'log-range.mjs'), 'utf8').replace(/^export /gm, '');
  await page.goto('about:blank');
  await page.addScriptTag({ type: 'module', content: `${uplot}\n${guard}\nwindow.__walk = { logAxisSplits, logRange };` });
  await page.waitForFunction(() => window.__walk);
  const endless = await page.evaluate(() => {
    const { logAxisSplits, logRange } = window.__walk;
    const self = { scales: { y: { log: 10 } }, axes: [{ scale: 'y' }] };
    const walks = (min, max) => {
      window.__steps = 0;
      try {
        logAxisSplits(self, 0, min, max);
        return true;
      } catch {
        return false;
      }
    };
    const out = { unguarded: 0, guarded: [] };
    for (let rep = 0; rep < 3; rep++) {
      for (let e = -40; e < 20; e++) {
        for (let i = 0; i < 100; i++) {
          const min = 10 ** (e + i / 100);
          for (const max of [1, 10 * min, 1e6 * min]) {
            if (!walks(min, max)) out.unguarded++;
            const [lo, hi] = logRange(min, max);
            if (!walks(lo, hi) && out.guarded.length < 5) out.guarded.push([min, max, lo, hi]);
          }
        }
      }
    }
    return out;
  });
  assert.ok(endless.unguarded > 100, `the unguarded sweep finds endless walks (${endless.unguarded})`);
  assert.deepEqual(endless.guarded, [], 'guarded ranges whose walk does not end');
});

test('the slowest sizings (exact mean, distinct hashing, tiny p: ~2 s in the core) run off the main thread', async (t) => {
  for (const query of ['?n=1&p=1e-30&method=exact&hashing=distinct', '?m=1000&p=1e-300&k=64&method=exact']) {
    // by CPU time (harness.mjs, mainThreadTasks), from the navigation on: a loaded machine stretches a task's wall
    // time, not its CPU time; the sizing on the main thread would cost its seconds
    const longest = longestTask(
      await mainThreadTasks(page, async () => {
        await page.goto(`${baseUrl}${query}`);
        await page.waitForFunction(
          () => ['ok', 'stale'].includes(byId('results')?.dataset.state) && ['ok', 'stale'].includes(byId('chart-card')?.dataset.state),
          null,
          { timeout: 30_000 },
        );
        await answers(query);
      }),
    );
    t.diagnostic(`${query}: ${longest.text}`);
    assert.ok(longest.cpu < 400, `${query}: main-thread tasks: ${longest.text}`);
  }
});

test('Cancel stops the N-bounded real-user simulation at M = 1Mi at once (its model takes seconds to build)', async () => {
  await page.goto(`${baseUrl}?rm=1Mi`);
  const calc = page.locator('#recycling-calc');
  await page.waitForFunction(() => byId('rbf-run') && !byId('rbf-run').disabled, null, { timeout: 15_000 });
  await calc.locator('#rbf-run').click();
  await page.waitForFunction(() => byId('rbf').dataset.state === 'ok', null, { timeout: 60_000 });
  await calc.locator('#rsim-structure').selectOption('n-real');
  await calc.locator('#rsim-run').click();
  await page.waitForFunction(() => byId('rsim').dataset.state === 'running', null, { timeout: ANSWER_MS });
  await page.waitForTimeout(300);
  await answers('while the simulation starts');
  await calc.locator('#rsim-cancel').click();
  await page.waitForFunction(() => byId('rsim').dataset.state === 'cancelled', null, { timeout: ANSWER_MS });
  assert.equal(await page.evaluate(() => byId('rsim-status').textContent), 'Cancelled.');
  // and the panel runs again afterwards (a fresh worker)
  await calc.locator('#rsim-structure').selectOption('sigma');
  await calc.locator('#rsim-epochs').fill('2');
  await calc.locator('#rsim-arrivals').fill('1000');
  await calc.locator('#rsim-run').click();
  await page.waitForFunction(() => ['done', 'error'].includes(byId('rsim').dataset.state), null, { timeout: 60_000 });
  assert.equal(await page.evaluate(() => byId('rsim').dataset.state), 'done');
});

// ------------------------------------------------------------------------------------------- the values

/** mulberry32: a small seeded generator (uniform in [0, 1)). */
function generator(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const MANTISSAS = ['1', '0.999999', '0.9999999999', '1.000001', '9.5', '9.6', '9.99', '9.9999999', '5', '2', '3.3', '7'];
const UNITS = [
  '1M',
  '1.5M',
  '64KiB',
  '8Kib',
  '1MiB',
  '16Mib',
  '1GB',
  '2^20',
  '1e6',
  '1%',
  '0.5%',
  '5%',
  '99.9%',
  '100%',
  '101%',
  '1e-3%',
  '1 in 1000',
  '1 in 1',
  '1 in 0',
  '1/1000',
  '1k',
  '50k',
  '32',
  '64',
  '65',
  '0',
  '-0',
  '1',
  '2',
];
const EXTREMES = [
  '1e308',
  '1.8e308',
  '1e309',
  '-1e308',
  '5e-324',
  '1e-400',
  '9007199254740993',
  '18446744073709551616',
  '1099511627776',
  '1099511627777',
  '16777216',
  '16777217',
  '16777215',
  '4294967296',
  '262144',
  '262145',
  '1048576',
  '-1',
  '-1e-9',
  '2147483648',
  '0.000001',
  '1e-300',
];
const GARBAGE = [
  '',
  ' ',
  'abc',
  '1e',
  'e5',
  '--1',
  '+-1',
  '1,2,3',
  '1..2',
  'NaN',
  'Infinity',
  '-Infinity',
  '0x10',
  '0b11',
  '5\u0000abc',
  '１２',
  '½',
  '١٢٣',
  '1\u00a0000',
  '<b>1</b>',
  '"\'',
  '1 2',
  '∞',
  '🙂',
  'null',
  'undefined',
  '{}',
  '[1]',
  '9'.repeat(400),
  'a'.repeat(2000),
  '1e-1e-1',
  ' 5 ',
  '5.',
  '.5',
  '1_000',
  '1e+3',
  'true',
  '0,0',
  '1,,2',
  '65536,1',
  '1,'.repeat(300) + '1',
];

/** A text value: a decade (just below, at or above a power of ten), a unit, an extreme or garbage. */
function textValue(random) {
  const pick = (list) => list[Math.floor(random() * list.length)];
  const r = random();
  if (r < 0.5) {
    const e = Math.floor(random() * 80) - 40 + (random() < 0.1 ? Math.floor(random() * 600) - 300 : 0);
    const mantissa = pick(MANTISSAS);
    const sign = random() < 0.05 ? '-' : '';
    // plain decimals for the everyday decades, exponent form otherwise
    if (e >= -8 && e <= 15 && random() < 0.6) return sign + String(Number(`${mantissa}e${e}`));
    return `${sign}${mantissa}e${e}`;
  }
  if (r < 0.7) return pick(UNITS);
  if (r < 0.8) return pick(EXTREMES);
  return pick(GARBAGE);
}

// ------------------------------------------------------------------------------------------- the page

/** Every input and select with an id, in the document and the open shadow roots, with its calculator. */
async function discoverFields() {
  return page.evaluate(() => {
    const out = [];
    const walk = (root, host) => {
      for (const el of root.querySelectorAll('*')) {
        if (el.shadowRoot) walk(el.shadowRoot, el.id || el.localName);
        if (el.matches('input, select, textarea') && el.id && el.type !== 'hidden') {
          const panel = el.closest('.sim');
          out.push({
            host,
            id: el.id,
            kind: el.localName === 'select' ? 'select' : 'text',
            options: el.localName === 'select' ? [...el.options].map((o) => o.value) : [],
            panel: panel?.id ?? null,
          });
        }
      }
    };
    walk(document, null);
    return out;
  });
}

/** Sets a field as typing or choosing would (input, and change for selects), in its calculator's root. */
async function setField(field, value) {
  await page.evaluate(
    ({ host, id, value }) => {
      const root = host ? document.getElementById(host).shadowRoot : document;
      const el = root.getElementById(id);
      el.value = value;
      el.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
      el.dispatchEvent(new Event('change', { bubbles: true, composed: true }));
    },
    { host: field.host, id: field.id, value },
  );
}

/** Clicks a button of the calculator if it is enabled and shown; true if it did. */
async function click(host, id) {
  return page.evaluate(
    ({ host, id }) => {
      const el = document.getElementById(host).shadowRoot.getElementById(id);
      if (!el || el.disabled || el.hidden) return false;
      el.click();
      return true;
    },
    { host, id },
  );
}

const BUSY = ['loading', 'pending', 'running', 'computing'];

/** Waits until no card of any calculator is busy (simulate panels excepted); false after SETTLE_MS. */
async function settled() {
  try {
    await page.waitForFunction(
      (busy) => {
        const cards = [...document.querySelectorAll('bloom-calc')].flatMap((e) => [...e.shadowRoot.querySelectorAll('[data-state]')]);
        return cards.length > 0 && cards.filter((c) => !c.classList.contains('sim')).every((c) => !busy.includes(c.dataset.state));
      },
      BUSY,
      { timeout: SETTLE_MS, polling: 50 },
    );
    return true;
  } catch {
    return false;
  }
}

/** What the page shows now: problems found (strings), and the long tasks since the last call. */
async function inspect() {
  return page.evaluate(() => {
    const problems = [];
    for (const host of document.querySelectorAll('bloom-calc')) {
      const root = host.shadowRoot;
      const visible = (el) => !el.hidden && !el.closest('[hidden]') && el.getClientRects().length > 0;
      const errors = [...root.querySelectorAll('.field-error')].filter((el) => visible(el) && !el.closest('.sim'));
      for (const el of errors) {
        const text = el.textContent.trim();
        const owner = root.querySelector(`[aria-describedby~="${el.id}"]`);
        if (!text) problems.push(`${host.id}: #${el.id} shown empty`);
        if (!owner) problems.push(`${host.id}: #${el.id} "${text.slice(0, 80)}" belongs to no field`);
        else if (owner.getAttribute('aria-invalid') !== 'true') problems.push(`${host.id}: #${owner.id} has an error but is not aria-invalid`);
        if (
          !/^[\p{L}σα][\w-]*(:| (must|is|has|cannot|needs|should|exceeds|:))|^\S+ must /u.test(text) &&
          !/\b(m|n|k|p|M|N|σ|sigma|fpr|prior|alpha|counters|kmax|bpe)\b/.test(text)
        )
          problems.push(`${host.id}: #${el.id} names no parameter: "${text.slice(0, 120)}"`);
      }
      for (const card of root.querySelectorAll('[data-state]')) {
        if (card.classList.contains('sim')) continue;
        const state = card.dataset.state;
        if (['error', 'stale'].includes(state) && errors.length === 0 && !root.querySelector('[aria-invalid="true"]'))
          problems.push(`${host.id}: #${card.id} is ${state} without an inline error`);
      }
      // what the page writes (a message quoting the typed input, e.g. "undefined", is the user's text); an
      // inline error never says "got NaN": it quotes what was typed
      const shown = [...root.querySelectorAll('.val, .badge, .sim-status, [role="status"], td, .field-error, .method-sentence')]
        .filter(visible)
        .map((el) => el.textContent)
        .join(' | ')
        .replace(/"[^"]*"/g, '""');
      const bad = shown.match(/.{0,40}(NaN|undefined|\[object|BindingError|RuntimeError).{0,40}/);
      if (bad) problems.push(`${host.id} shows "${bad[0]}"`);
    }
    if (document.scrollingElement.scrollWidth > window.innerWidth) {
      const wide = [...document.querySelectorAll('*'), ...[...document.querySelectorAll('bloom-calc')].flatMap((h) => [...h.shadowRoot.querySelectorAll('*')])]
        .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1 || el.scrollWidth > window.innerWidth)
        .map(
          (el) => `${el.localName}#${el.id || el.className} ${el.scrollWidth}/${Math.round(el.getBoundingClientRect().right)} "${el.textContent.slice(0, 40)}"`,
        )
        .slice(-4);
      problems.push(`the page scrolls sideways: ${document.scrollingElement.scrollWidth} > ${window.innerWidth} (${wide.join(', ')})`);
    }
    const longTasks = window.__longTasks.splice(0);
    return { problems, longTasks };
  });
}

test(`seeded sweep of every input: ${CASES} cases, seed ${SEED}`, { timeout: 60 * 60_000 }, async (t) => {
  console.log(`# sweep: ${CASES} cases, seed ${SEED} (BLOOMCALC_SWEEP_SEED=${SEED} BLOOMCALC_SWEEP=${CASES} reproduces)`);
  const random = generator(SEED);
  await page.goto(baseUrl);
  assert.ok(await settled(), 'the page settles after loading');
  const fields = await discoverFields();
  assert.ok(fields.length >= 30, `${fields.length} fields found`);
  const sections = new Set(fields.map((f) => f.host));
  for (const calc of ['sizing-calc', 'paradox-calc', 'cbf-calc', 'recycling-calc']) assert.ok(sections.has(calc), `fields of ${calc}`);
  for (const panel of ['sim', 'pxsim', 'rsim'])
    assert.ok(
      fields.some((f) => f.panel === panel),
      `fields of the ${panel} panel`,
    );
  console.log(`# ${fields.length} fields: ${fields.map((f) => `${f.host}#${f.id}`).join(' ')}`);

  let history = [];
  const failures = [];
  const slowest = [];
  let mainThreadMax = 0;
  for (let i = 0; i < CASES; i++) {
    if (i > 0 && i % RELOAD_EVERY === 0) {
      await page.goto(baseUrl);
      history = [];
      if (!(await settled())) failures.push({ i, history: ['reload'], problems: ['the page did not settle after a reload'] });
      await inspect();
    }
    const field = fields[i % fields.length];
    const value = field.kind === 'select' ? (field.options[Math.floor(random() * field.options.length)] ?? '') : textValue(random);
    history.push(`${field.host}#${field.id} = ${JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…(${value.length})` : value)}`);
    const errorsBefore = pageErrors.length;
    const consoleBefore = consoleErrors.length;
    const problems = [];
    try {
      await setField(field, value);
      await answers('after setting the field');
      if (field.panel) {
        // a simulate panel's field counts when the panel runs: run it, let it start, cancel it
        await click(field.host, `${field.panel}-run`);
        await page.waitForTimeout(150);
        await answers('after Simulate');
        const panelState = await page.evaluate(({ host, panel }) => {
          const el = document.getElementById(host).shadowRoot.getElementById(panel);
          return { state: el.dataset.state, parameter: el.dataset.errorParameter ?? null, status: el.querySelector('.sim-status')?.textContent ?? '' };
        }, field);
        if (panelState.state === 'error' && !panelState.parameter && !/must|invalid|too/.test(panelState.status))
          problems.push(`${field.panel}: an error naming no field: "${panelState.status.slice(0, 120)}"`);
        if (panelState.state === 'running') {
          await click(field.host, `${field.panel}-cancel`);
          const cancelled = await page
            .waitForFunction(
              ({ host, panel }) => {
                const el = document.getElementById(host).shadowRoot.getElementById(panel);
                return el.dataset.state !== 'running';
              },
              field,
              { timeout: ANSWER_MS },
            )
            .then(
              () => true,
              () => false,
            );
          if (!cancelled) problems.push(`${field.panel}: Cancel did not stop the run within ${ANSWER_MS} ms`);
        }
      }
      if (!(await settled())) problems.push(`a calculator is still busy after ${SETTLE_MS} ms`);
      await answers('after settling');
      const seen = await inspect();
      problems.push(...seen.problems);
      for (const ms of seen.longTasks) {
        mainThreadMax = Math.max(mainThreadMax, ms);
        slowest.push({ ms, case: history.at(-1) });
        if (ms >= ANSWER_MS) problems.push(`a main-thread task took ${ms} ms`);
      }
    } catch (error) {
      problems.push(error.message.split('\n')[0]);
    }
    problems.push(...pageErrors.slice(errorsBefore).map((e) => `pageerror: ${String(e).slice(0, 200)}`));
    problems.push(...consoleErrors.slice(consoleBefore).map((e) => `console error: ${e.slice(0, 200)}`));
    if (problems.length) {
      failures.push({ i, history: [...history], problems });
      if (problems.some((p) => /did not answer/.test(p))) break; // a frozen page answers nothing more
      await page.goto(baseUrl); // start the next case from a clean page
      history = [];
      await settled();
      await inspect();
    }
  }
  slowest.sort((a, b) => b.ms - a.ms);
  t.diagnostic(
    `longest main-thread task: ${mainThreadMax} ms; over 50 ms: ${slowest.length} tasks; worst: ${slowest
      .slice(0, 5)
      .map((s) => `${s.ms} ms after ${s.case}`)
      .join('; ')}`,
  );
  for (const f of failures.slice(0, 20))
    console.log(`# case ${f.i} (seed ${SEED}): ${f.history.at(-1)}\n#   ${f.problems.join('\n#   ')}\n#   after: ${f.history.slice(0, -1).join(' → ')}`);
  assert.equal(
    failures.length,
    0,
    `${failures.length} of ${CASES} cases failed (seed ${SEED}); first: case ${failures[0]?.i}: ${failures[0]?.problems.join('; ')}`,
  );
});
