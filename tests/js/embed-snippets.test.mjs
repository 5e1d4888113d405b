// docs/embed.md's recipes per documentation generator and framework are the very files the fixture sites of
// tests/sites/ are built with (tests/sites/snippets.mjs reads them). Here, quickly and without building: every
// generator and framework has its recipe, each recipe lands in its fixture (a file the fixture does not ship
// itself, or a marker the fixture holds), and a recipe missing from the docs is an error.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';

import { allSnippets, shellLines, snippetsFor } from '../sites/snippets.mjs';
import { ROOT } from './helpers/common.mjs';

const FIXTURE = {
  vitepress: 'vitepress',
  docusaurus: 'docusaurus',
  starlight: 'starlight',
  mkdocs: 'mkdocs',
  sphinx: 'sphinx',
  hugo: 'hugo',
  iframe: 'hugo',
  react: 'frameworks',
  vue: 'frameworks',
  svelte: 'frameworks',
};

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
  assert.throws(() => snippetsFor('jekyll'), /no snippet for jekyll/);
  assert.throws(() => snippetsFor('vitepress', '# nothing here\n'), /no snippet for vitepress/);
  const markdown = '<!-- site: x a/b.js -->\n```js\nconsole.log(1);\n```\n\n<!-- site: x c.md#snippet -->\n````md\n```\ninner\n```\n````\n';
  assert.deepEqual(snippetsFor('x', markdown), [
    { site: 'x', path: 'a/b.js', anchor: undefined, text: 'console.log(1);\n' },
    { site: 'x', path: 'c.md', anchor: 'snippet', text: '```\ninner\n```\n' },
  ]);
});

// A writer updates the package and runs the recipe's copy again (docs/embed.md: "copy the folder again after
// updating the package"). Each fixture's shell lines, run in a copy of the fixture with a package whose files
// changed (a chunk renamed, as every build does, and a file dropped), must leave what they leave on a fresh
// install of the new package: `cp -r src dest` onto an existing dest nests the folder (dest/element/) and keeps
// serving the old files.
test("running a recipe's shell lines again after a package update leaves what a fresh install does", () => {
  const work = mkdtempSync(join(tmpdir(), 'bloomcalc-recipes-'));
  const writePackage = (dir, version) => {
    const pkg = join(dir, 'node_modules', 'bloomcalc', 'dist');
    rmSync(pkg, { recursive: true, force: true });
    const files = {
      'element/bloom-calc.mjs': `entry ${version}`,
      [`element/bloom-calc.sizing-${version === 1 ? 'AAAA' : 'BBBB'}.js`]: `chunk ${version}`,
      'element/docs/embed.html': `docs ${version}`,
      ...(version === 1 ? { 'element/docs/dropped.html': 'only in 1' } : {}),
      'web/index.html': `page ${version}`,
      'web/app.js': `app ${version}`,
    };
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(join(pkg, file, '..'), { recursive: true });
      writeFileSync(join(pkg, file), text);
    }
  };
  const tree = (dir) =>
    Object.fromEntries(
      readdirSync(dir, { recursive: true })
        .filter((f) => !f.startsWith('node_modules') && statSync(join(dir, f)).isFile())
        .sort()
        .map((f) => [f, readFileSync(join(dir, f), 'utf8')]),
    );
  try {
    const problems = [];
    for (const fixture of new Set(Object.values(FIXTURE))) {
      const sites = Object.keys(FIXTURE).filter((site) => FIXTURE[site] === fixture);
      const lines = sites.flatMap((site) => snippetsFor(site).filter((s) => s.path === 'shell')).flatMap((s) => shellLines(s.text));
      if (lines.length === 0) continue;
      const run = (dir) => {
        for (const line of lines) execFileSync('sh', ['-ec', line], { cwd: dir, stdio: 'pipe' });
      };
      const [fresh, updated] = ['fresh', 'updated'].map((name) => {
        const dir = join(work, fixture, name);
        cpSync(join(ROOT, 'tests', 'sites', fixture), dir, { recursive: true, filter: (src) => !src.includes('node_modules') });
        return dir;
      });
      writePackage(fresh, 2);
      run(fresh);
      writePackage(updated, 1);
      run(updated);
      writePackage(updated, 2);
      run(updated);
      const [want, got] = [tree(fresh), tree(updated)];
      const differ = [...new Set([...Object.keys(want), ...Object.keys(got)])].filter((f) => want[f] !== got[f]);
      if (differ.length)
        problems.push(
          `${fixture} (${lines.join('; ')}): after an update, ` +
            `${differ.map((f) => `${f} ${f in got ? (f in want ? 'stale' : 'left over') : 'missing'}`).join(', ')}`,
        );
    }
    assert.deepEqual(problems, []);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});

// "No layout shift" needs the element's script to hold the first paint: every script tag loading bloom-calc.mjs
// that the README, the docs and the examples show a writer, and every head setting of a recipe, says so.
test('every bloom-calc.mjs script the README, the docs and the examples show is render-blocking', () => {
  const files = [
    'README.md',
    ...readdirSync(join(ROOT, 'docs'))
      .filter((f) => f.endsWith('.md'))
      .map((f) => `docs/${f}`),
    ...readdirSync(join(ROOT, 'docs', 'examples')).map((f) => `docs/examples/${f}`),
  ];
  const problems = [];
  let tags = 0;
  for (const file of files) {
    const text = readFileSync(join(ROOT, file), 'utf8');
    for (const [tag] of text.matchAll(/<script\b[^>]*bloom-calc\.mjs[^>]*>/g)) {
      tags++;
      if (!/\bblocking="render"/.test(tag)) problems.push(`${file}: ${tag}`);
    }
  }
  for (const { site, path, text } of allSnippets())
    for (const [, line] of text.matchAll(/^(.*bloom-calc\.mjs.*)$/gm)) {
      tags++;
      if (!/blocking(="|: ')render/.test(line)) problems.push(`docs/embed.md, ${site} ${path}: ${line.trim()}`);
    }
  assert.ok(tags >= 8, `the script tags and settings found (${tags})`);
  assert.deepEqual(problems, []);
});
