// The docs stand alone and every link in them works: docs/*.md link only to files of the repository, and the
// served docs (scripts/build-docs.mjs → dist/web/docs/) have an index at /docs/, and each relative link of each
// rendered page reaches a file that exists and, with a #fragment, an element with that id.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { buildDocs } from '../../scripts/build-docs.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const docsDir = join(root, 'docs');
let out;

before(async () => {
  out = await mkdtemp(join(tmpdir(), 'bloomcalc-docs-'));
  await buildDocs(root, out);
});

after(async () => {
  if (out) await rm(out, { recursive: true, force: true });
});

// Names of files the repository does not hold (the session's notes and papers).
const OUTSIDE = ['TOOLCHAIN.md', 'shared/papers', '../shared/', '/work/'];

const markdownFiles = async () => (await readdir(docsDir)).filter((f) => f.endsWith('.md')).map((f) => join(docsDir, f));

test('docs/*.md stand alone: relative links reach files of the repository, nothing names files outside it', async () => {
  const problems = [];
  for (const file of await markdownFiles()) {
    const text = await readFile(file, 'utf8');
    const name = relative(root, file);
    // Links outside code: fenced blocks, indented blocks and `spans` hold formulas such as E[N₀](σ).
    const prose = text.replace(/^```[\s\S]*?^```/gm, '').replace(/^(?: {4}|\t).*$/gm, '').replace(/`[^`\n]*`/g, '');
    for (const [, target] of prose.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^(https?:|mailto:|#)/.test(target)) continue;
      const path = resolve(dirname(file), target.split('#')[0]);
      if (!path.startsWith(root)) problems.push(`${name}: ${target} leaves the repository`);
      else if (!existsSync(path)) problems.push(`${name}: ${target} does not exist`);
    }
    for (const outside of OUTSIDE) if (text.includes(outside)) problems.push(`${name} names ${outside}`);
  }
  assert.deepEqual(problems, []);
});

// The sources, build files, scripts and tests do not cite files outside the repository either (a comment's
// reason is written where it is needed, not in a notes file the reader does not have).
test('the code cites no file outside the repository', async () => {
  const self = fileURLToPath(import.meta.url);
  const skip = new Set(['node_modules', 'build', 'dist', 'corpus', 'output']);
  const text = /\.(mjs|cjs|js|ts|cts|cpp|hpp|h|txt|json|html|css|md|sh)$|^CMakeLists\.txt$|^run$/;
  const files = [];
  const walk = async (dir) => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) { if (!skip.has(entry.name)) await walk(path); }
      else if (text.test(entry.name) && path !== self) files.push(path);
    }
  };
  for (const dir of ['core', 'wasm', 'web', 'scripts', 'tests', 'bench', '.ci']) if (existsSync(join(root, dir))) await walk(join(root, dir));
  for (const file of (await readdir(root)).filter((f) => /\.(md|json)$|^CMakeLists\.txt$/.test(f))) files.push(join(root, file));
  assert.ok(files.some((f) => f.endsWith('CMakeLists.txt')) && files.some((f) => f.endsWith('main.cpp')), 'the walk found the sources');
  const problems = [];
  for (const file of files) {
    const content = await readFile(file, 'utf8');
    for (const outside of OUTSIDE) if (content.includes(outside)) problems.push(`${relative(root, file)} names ${outside}`);
  }
  assert.deepEqual(problems, []);
});

test('the rendered docs: /docs/ lists every document; every relative link and #fragment resolves', async () => {
  const docsOut = join(out, 'docs');
  const pages = (await readdir(docsOut)).filter((f) => f.endsWith('.html'));
  const index = await readFile(join(docsOut, 'index.html'), 'utf8');
  for (const file of await markdownFiles()) {
    const html = file.slice(docsDir.length + 1).replace(/\.md$/, '.html');
    assert.ok(index.includes(`href="${html}"`), `docs/index.html links ${html}`);
  }
  const ids = new Map();
  for (const page of pages) ids.set(page, new Set([...(await readFile(join(docsOut, page), 'utf8')).matchAll(/\sid="([^"]+)"/g)].map((m) => m[1])));
  const broken = [];
  let links = 0;
  for (const page of pages) {
    const html = await readFile(join(docsOut, page), 'utf8');
    for (const [, raw] of html.matchAll(/href="([^"]+)"/g)) {
      const href = raw.replace(/&amp;/g, '&');
      if (/^(https?:|mailto:)/.test(href)) continue;
      links++;
      const [path, fragment] = href.split('#');
      if (path === '../index.html') continue; // the calculator page, built beside the docs by build-web
      const target = path === '' ? page : path === './' ? 'index.html' : path;
      const file = join(docsOut, target);
      if (!existsSync(file)) broken.push(`${page}: ${href} (no such file)`);
      else if (fragment && !ids.get(target)?.has(decodeURIComponent(fragment))) broken.push(`${page}: ${href} (no id "${fragment}")`);
    }
  }
  console.log(`# ${pages.length} pages, ${links} relative links`);
  assert.deepEqual(broken, []);
});
