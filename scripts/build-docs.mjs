// Renders docs/*.md to <outdir>/docs/*.html with marked: dist/element/docs/, beside the element bundle, where the
// calculators' equation links (docs/rbf.html#one-phase) point on any site that embeds them (web/element-base.mjs,
// DOCS), and dist/web/docs/ for the page, with no network access. Links between docs keep working (.md → .html); docs/examples/
// is copied as it is, and docs/index.html lists every document (the served /docs/).
import { cp, mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { marked } from 'marked';

const page = (title, body) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} — bloomcalc docs</title>
<style>
body { font: 16px/1.55 system-ui, sans-serif; max-width: 960px; margin: 0 auto; padding: 16px 20px 60px; color: #1f2937; }
a { color: #1d4ed8; } code, pre { font-family: ui-monospace, monospace; font-size: 0.92em; }
pre { background: #f3f4f6; padding: 10px 12px; overflow-x: auto; border-radius: 6px; }
table { border-collapse: collapse; margin: 10px 0; font-size: 0.92em; } th, td { border: 1px solid #d1d5db; padding: 4px 8px; vertical-align: top; }
h2 { margin-top: 2em; border-bottom: 1px solid #e5e7eb; } :target { background: #fff7e6; }
</style>
</head>
<body><p><a href="./">all docs</a></p>
${body}
</body>
</html>
`;

// The index's order: the models first, then the tools, then the record of decisions; any other document after.
const ORDER = ['models', 'exact-fpr', 'layouts', 'paradox', 'rbf', 'simulation', 'api', 'vocabulary', 'cli', 'embed', 'bundlers', 'decisions', 'measurements'];
const rank = (name) => (ORDER.includes(name) ? ORDER.indexOf(name) : ORDER.length);
const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

// No link to the calculator page above each page: the docs also sit beside the element bundle on sites that
// have no such page (dist/element/docs/), and the page's copy is the same files.
export async function buildDocs(root, outdir) {
  const from = join(root, 'docs');
  const to = join(outdir, 'docs');
  await mkdir(to, { recursive: true });
  const written = [];
  const entries = [];
  for (const name of (await readdir(from)).filter((f) => f.endsWith('.md'))) {
    const markdown = await readFile(join(from, name), 'utf8');
    const body = marked.parse(markdown.replace(/\]\(([a-z0-9-]+)\.md(#[^)]*)?\)/g, ']($1.html$2)'));
    const title = (markdown.match(/^# (.+)$/m) ?? [, name])[1];
    const file = join(to, name.replace(/\.md$/, '.html'));
    await writeFile(file, page(escapeHtml(title.replace(/`/g, '')), body));
    written.push(file);
    entries.push({ base: name.replace(/\.md$/, ''), title });
  }
  entries.sort((a, b) => rank(a.base) - rank(b.base) || a.base.localeCompare(b.base));
  const list = entries.map(({ base, title }) => `<li><a href="${base}.html">${marked.parseInline(title)}</a></li>`).join('\n');
  const index = join(to, 'index.html');
  await writeFile(index, page('Documentation', `<h1>bloomcalc documentation</h1>\n<ul>\n${list}\n</ul>`));
  written.push(index);
  await cp(join(from, 'examples'), join(to, 'examples'), { recursive: true });
  return written;
}
