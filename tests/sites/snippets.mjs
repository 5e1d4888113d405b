// The snippets docs/embed.md gives a writer, read by the fixture tests so the docs and the tests cannot drift.
// A snippet is the fenced block that follows a marker line in the Markdown source:
//   <!-- site: vitepress docs/.vitepress/theme/index.js -->      the whole file, at that path of the site
//   <!-- site: vitepress docs/index.md#snippet -->                 put where the site's file says <!-- snippet -->
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const EMBED_DOC = fileURLToPath(new URL('../../docs/embed.md', import.meta.url));

/** Every snippet of docs/embed.md: [{ site, path, anchor, text }] in the document's order. */
export function allSnippets(markdown = readFileSync(EMBED_DOC, 'utf8')) {
  const found = [];
  const marker = /^<!-- site: (\S+) (\S+?)(?:#(\w+))? -->\n(`{3,})[^\n]*\n([\s\S]*?)\n\4$/gm;
  for (const [, site, path, anchor, , text] of markdown.matchAll(marker)) found.push({ site, path, anchor, text: `${text}\n` });
  return found;
}

/** The snippets of one site; throws when docs/embed.md gives none for it. */
export function snippetsFor(site, markdown) {
  const found = allSnippets(markdown).filter((s) => s.site === site);
  if (found.length === 0) throw new Error(`docs/embed.md gives no snippet for ${site} (a fenced block after <!-- site: ${site} PATH -->)`);
  return found;
}

/**
 * The commands of a `shell` snippet a fixture runs, one per line, as a writer would: comments and blank lines
 * dropped, and `npm install bloomcalc` (the registry's package), which the fixtures do with the packed tarball.
 */
export function shellLines(text) {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#') && !/^npm (install|i) bloomcalc$/.test(l));
}
