// The size budgets of an embed: what a page with one <bloom-calc calculator="…"> downloads before that
// calculator's first result, gzip-compressed, must stay within its budget less 10 % headroom, for EVERY calculator
// (the budgets: scripts/embed-size.mjs EMBED_BUDGETS). What those bytes are, and how they are found from esbuild's
// metafile: scripts/embed-size.mjs (shared with `npm run bench -- --only sizes`, which writes the figures into
// docs/measurements.md; the last test here fails when those are stale).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

import { EMBED_BUDGETS, HEADROOM, MODULE_FILES, embedBuilt, embedSizes } from '../../scripts/embed-size.mjs';
import { METHODS } from '../../schema/methods.mjs';
import { ROOT } from './helpers/common.mjs';

const skip = !embedBuilt(ROOT) && 'dist/element is not built (node scripts/build.mjs web)';
const sizes = skip ? null : embedSizes(ROOT);

test(
  `embed size budgets: entry + one calculator's chunks (+ its first-result worker) + its .wasm ≤ ${100 * (1 - HEADROOM)} % of its budget, for every calculator`,
  { skip },
  (t) => {
    const { rows, onDemand } = sizes;
    for (const r of rows) {
      const worker = r.worker ? ` + ${r.worker} ${r.workerBytes}` : '';
      const wasm = r.wasmNames.map((m) => MODULE_FILES[m].wasm).join(' + ');
      t.diagnostic(
        `${r.name.padEnd(9)} entry ${r.entryBytes} + ${r.files - 1} chunks ${r.chunks}${worker} + ${wasm} ${r.wasm} = ${r.total} B gzip (budget ` +
          `${r.budget}, margin ${r.budget - r.total} B)`,
      );
    }
    t.diagnostic(
      `on demand (after the first result): ${onDemand.map((o) => `${o.name} ${o.gzip} B`).join(', ')} (a ` +
        `worker also runs the runtime chunk it shares with the entry)`,
    );
    assert.deepEqual(rows.map((r) => r.name).sort(), Object.keys(EMBED_BUDGETS).sort(), 'a budget for every calculator, and a calculator for every budget');
    const over = rows.filter((r) => r.total > r.budget * (1 - HEADROOM));
    assert.deepEqual(
      over.map((r) => `${r.name}: ${r.total} B`),
      [],
      `over ${100 * (1 - HEADROOM)} % of the budget`,
    );
  },
);

// The sizing element: issue 32's bound, ≤ 150 KB gzip before its first result (its goal, 100 KB, is not reached).
test('the sizing element downloads ≤ 150 KB gzip before its first result', { skip }, () => {
  const sizing = sizes.rows.find((r) => r.name === 'sizing');
  assert.ok(sizing.total <= 150_000, `sizing: ${sizing.total} B`);
});

// Each method's binding is registered by the module schema/methods.mjs names (the loaders say which an element loads).
test("each method's binding is in the module schema/methods.mjs names", { skip: skip && 'the modules are not built' }, async () => {
  const { MODULE_NAMES } = await import('../../wasm/api.mjs');
  const { readFile } = await import('node:fs/promises');
  const raw = {};
  for (const name of MODULE_NAMES) {
    const { default: factory } = await import(`../../dist/${MODULE_FILES[name].loader.slice('dist/'.length)}`);
    raw[name] = await factory({ wasmBinary: await readFile(join(ROOT, 'dist', MODULE_FILES[name].wasm)) });
  }
  const missing = Object.entries(METHODS).filter(([, m]) => !MODULE_NAMES.includes(m.module) || raw[m.module][m.binding] === undefined);
  assert.deepEqual(
    missing.map(([name, m]) => `${name}: ${m.binding} in ${m.module}`),
    [],
  );
});

// docs/measurements.md's sizes section (written by `npm run bench -- --only sizes`) against the figures recomputed
// now: every calculator's row, its budget exactly, and its total within 1 % or 1 KB (a changed byte or two in a
// chunk needs no new run; a claimed margin the embed no longer has does).
test("docs/measurements.md's budget figures are those of the build (npm run bench -- --only sizes)", { skip }, () => {
  const page = readFileSync(join(ROOT, 'docs', 'measurements.md'), 'utf8');
  const section = page.slice(page.indexOf('<!-- section sizes -->'), page.indexOf('<!-- end of section -->', page.indexOf('<!-- section sizes -->')));
  const reported = new Map();
  for (const [, name, total, budget] of section.matchAll(/^\| (\w+) \|.*\| \*\*([\d.]+) KB\*\* \| ([\d.]+) KB \| -?[\d.]+ KB \|$/gm))
    reported.set(name, { total: Number(total) * 1000, budget: Number(budget) * 1000 });
  const stale = [];
  for (const r of sizes.rows) {
    const row = reported.get(r.name);
    if (!row) stale.push(`${r.name}: no row`);
    else if (row.budget !== r.budget) stale.push(`${r.name}: budget ${row.budget} B reported, ${r.budget} B declared`);
    else if (Math.abs(row.total - r.total) > Math.max(1000, 0.01 * r.total)) stale.push(`${r.name}: ${row.total} B reported, ${r.total} B built`);
  }
  assert.deepEqual(stale, [], 'docs/measurements.md is stale: run npm run bench -- --only sizes');
});
