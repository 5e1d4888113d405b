// docs/embed.md's recipes per documentation generator and framework are the very files the fixture sites of
// tests/sites/ are built with (tests/sites/snippets.mjs reads them). Here, quickly and without building: every
// generator and framework has its recipe, each recipe lands in its fixture (a file the fixture does not ship
// itself, or a marker the fixture holds), and a recipe missing from the docs is an error.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

import { allSnippets, snippetsFor } from '../sites/snippets.mjs';
import { ROOT } from './helpers/common.mjs';

const FIXTURE = { vitepress: 'vitepress', docusaurus: 'docusaurus', starlight: 'starlight', mkdocs: 'mkdocs', sphinx: 'sphinx', react: 'frameworks', vue: 'frameworks', svelte: 'frameworks' };

test('docs/embed.md gives a recipe for every generator and framework with a fixture, and only for those', () => {
  const sites = new Set(allSnippets().map((s) => s.site));
  assert.deepEqual([...sites].sort(), Object.keys(FIXTURE).sort());
});

test("each recipe lands in its fixture: a file the fixture leaves to the docs, or the fixture's marker", () => {
  for (const [site, fixture] of Object.entries(FIXTURE)) {
    for (const { path, anchor, text } of snippetsFor(site)) {
      assert.ok(text.trim().length > 0, `${site} ${path}: an empty snippet`);
      if (path === 'shell') continue;
      const file = join(ROOT, 'tests', 'sites', fixture, path);
      if (anchor) {
        assert.ok(existsSync(file), `${site}: the fixture has ${path}`);
        assert.equal(readFileSync(file, 'utf8').split(`<!-- ${anchor} -->`).length, 2, `${site}: ${path} holds <!-- ${anchor} --> once`);
      } else {
        assert.ok(!existsSync(file), `${site}: the fixture must not ship ${path}, the docs' snippet is written there`);
      }
    }
  }
});

test('a generator the docs give no recipe for is an error, not an empty list', () => {
  assert.throws(() => snippetsFor('hugo'), /no snippet for hugo/);
  assert.throws(() => snippetsFor('vitepress', '# nothing here\n'), /no snippet for vitepress/);
  const markdown = '<!-- site: x a/b.js -->\n```js\nconsole.log(1);\n```\n\n<!-- site: x c.md#snippet -->\n````md\n```\ninner\n```\n````\n';
  assert.deepEqual(snippetsFor('x', markdown), [
    { site: 'x', path: 'a/b.js', anchor: undefined, text: 'console.log(1);\n' },
    { site: 'x', path: 'c.md', anchor: 'snippet', text: '```\ninner\n```\n' },
  ]);
});
