// The calculators' links to the docs (href="docs/<file>", in the markup and in rendered results).
// DOCS: the docs pages the calculators link to (href="docs/<file>"; schema/calculators.mjs `docs`), shipped beside the
// bundle in dist/element/docs/. Literal new URL(…, import.meta.url)s: bundlers (Vite, webpack, Rspack, Parcel) emit each
// page and rewrite the URL, and unbundled they resolve beside bloom-calc.mjs, so a link works on any host site. Every
// href="docs/…" of the calculators is one of these (tests/js/element-css.test.mjs checks it).
import { DOCS } from './calculators.generated.mjs';

/**
 * The links to the docs under `root` point at `docsBase` (the element's docs-base attribute) when it is set, else
 * at the docs shipped beside the bundle (dist/element/docs/, emitted by bundlers: DOCS).
 */
export function rebaseDocs(root, docsBase) {
  const base = docsBase ? new URL(docsBase, document.baseURI) : null;
  for (const a of root.querySelectorAll('a[href^="docs/"]')) {
    const [file, fragment = ''] = a.getAttribute('href').slice(5).split('#');
    const url = base ? new URL(file, base) : DOCS[file]?.();
    const href = url && `${url.href.split('#')[0]}${fragment ? `#${fragment}` : ''}`;
    if (href && a.href !== href) a.href = href; // already there (rendered ahead on our page): no change to restyle
  }
}
