// What the element's sources must hold for it to work on any host site.
// The stylesheets' custom properties: no declaration refers to itself. `--line: var(--bc-line, var(--line))`
// is a dependency cycle, which makes the property invalid at computed-value time (CSS Custom Properties 1,
// §2.3): the light theme drew no table or stat borders (issue 19). Browsers drop the cycle silently.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

import { ROOT } from './helpers/common.mjs';

test('no custom property of web/*.css refers to itself', () => {
  const files = readdirSync(join(ROOT, 'web')).filter((f) => f.endsWith('.css'));
  assert.ok(files.includes('element.css'));
  const cycles = [];
  let declarations = 0;
  for (const file of files) {
    const css = readFileSync(join(ROOT, 'web', file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
    for (const [, name, value] of css.matchAll(/(--[\w-]+)\s*:\s*([^;}]*)/g)) {
      declarations += 1;
      if (new RegExp(`var\\(\\s*${name}\\s*[,)]`).test(value)) cycles.push(`${file}: ${name}: ${value.trim()}`);
    }
  }
  assert.ok(declarations > 40, `read the declarations (${declarations})`);
  assert.deepEqual(cycles, []);
});

// The calculators' links to the docs (href="docs/<file>") point at the docs shipped beside the bundle only
// through web/docs-links.mjs's DOCS (a literal new URL per page, which bundlers emit; web/calculators.generated.mjs): a file missing there
// would stay relative to the host document, a 404 on a host site (issue 19).
test('every href="docs/…" of the calculators is a page of DOCS (web/docs-links.mjs), and a doc that exists', () => {
  const base = readFileSync(join(ROOT, 'web', 'calculators.generated.mjs'), 'utf8');
  const docs = new Set(
    [...base.matchAll(/^  '([\w-]+\.html)': \(\) => new URL\('\.\/docs\/([\w-]+\.html)', import\.meta\.url\),$/gm)].map(([, key, file]) => {
      assert.equal(key, file);
      return key;
    }),
  );
  assert.ok(docs.size >= 3, [...docs].join(' '));
  const linked = new Set();
  for (const dir of ['web', join('web', 'calculators')]) {
    for (const file of readdirSync(join(ROOT, dir)).filter((f) => /\.(mjs|html)$/.test(f) && f !== 'docs-links.mjs')) {
      const text = readFileSync(join(ROOT, dir, file), 'utf8');
      for (const [, page] of text.matchAll(/href="docs\/([\w-]+\.html)/g)) linked.add(page);
      for (const [, page] of text.matchAll(/['`]docs\/([\w-]+\.html)/g)) linked.add(page);
    }
  }
  assert.ok(linked.has('rbf.html') && linked.has('models.html'), [...linked].join(' '));
  assert.deepEqual(
    [...linked].filter((page) => !docs.has(page)),
    [],
    'linked docs missing from DOCS',
  );
  for (const page of docs) assert.ok(readdirSync(join(ROOT, 'docs')).includes(page.replace(/\.html$/, '.md')), `docs/${page.replace(/\.html$/, '.md')} exists`);
});
