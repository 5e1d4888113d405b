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
