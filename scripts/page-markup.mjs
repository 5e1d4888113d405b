// The page's calculators and its navigation, written into web/index.html by scripts/build-web.mjs from the calculator
// declarations (schema/calculators.mjs: `page` and PAGE_GROUPS), so a calculator declared with `page` is on the page and
// in its navigation with no page edit.
import { CALCULATORS, PAGE_GROUPS } from '../schema/calculators.mjs';
import { kebab } from '../schema/index.mjs';

const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The page's calculators in page order: by group (PAGE_GROUPS' order), then as declared. Each { name, id, keys, group,
 * question, title }; its element's id is `<name>-calc`, the fragment its link and a shared URL name. A `page` naming no
 * declared group, or lacking its question or title, is an error.
 */
export function pageCalculators(calculators = CALCULATORS, groups = PAGE_GROUPS) {
  const declared = Object.entries(calculators)
    .filter(([, def]) => def.page)
    .map(([name, def]) => {
      const { page } = def;
      for (const key of ['group', 'question', 'title'])
        if (typeof page[key] !== 'string' || page[key] === '') throw new Error(`schema/calculators.mjs: ${name}.page.${key} must be a non-empty string`);
      if (!Object.hasOwn(groups, page.group))
        throw new Error(`schema/calculators.mjs: ${name}.page.group "${page.group}" is none of PAGE_GROUPS (${Object.keys(groups).join(', ')})`);
      // the keys of the page URL that name it (url, else the attribute; older keys too: web/element-fields.mjs, urlKeys)
      const keys = Object.entries(def.fields ?? {}).flatMap(([field, f]) => [f.url ?? kebab(field), ...(f.urlOlder ?? [])]);
      return { name, id: `${name}-calc`, keys, ...page };
    });
  return Object.keys(groups).flatMap((group) => declared.filter((c) => c.group === group));
}

/** The navigation: a list per group, a link per calculator (its question, its title beneath). */
export function navMarkup(list, groups = PAGE_GROUPS) {
  const sections = Object.entries(groups)
    .filter(([group]) => list.some((c) => c.group === group))
    .map(([group, label]) => {
      const text = (c) => `<span class="nav-q">${escape(c.question)}</span> <span class="nav-t">${escape(c.title)}</span>`;
      const link = (c) => `<a href="#${c.id}" data-calculator="${c.name}">${text(c)}</a>`;
      const items = list.filter((c) => c.group === group).map((c) => `<li>${link(c)}</li>`);
      const heading = `<h3 id="nav-${group}">${escape(label)}</h3>`;
      return `<div class="nav-group">${heading}<ul aria-labelledby="nav-${group}">\n      ${items.join('\n      ')}\n    </ul></div>`;
    });
  return `<nav class="site-nav" aria-labelledby="nav-title">
    <h2 id="nav-title" class="nav-title">${list.length} calculators</h2>
    ${sections.join('\n    ')}
  </nav>`;
}

/**
 * The calculators' elements, as the page shows them (loading="lazy": those near the view compute first), each with
 * its URL keys (data-url-keys), by which web/app.mjs opens a link at it with no table of fields to load first.
 */
export function elementsMarkup(list) {
  return list
    .map((c) => `<bloom-calc calculator="${c.name}" id="${c.id}" url-state loading="lazy" data-url-keys="${escape(c.keys.join(' '))}"></bloom-calc>`)
    .join('\n    ');
}

const NAV_MARKER = '<!-- navigation: scripts/page-markup.mjs -->';
const ELEMENTS_MARKER = '<!-- calculators: scripts/page-markup.mjs -->';

/** web/index.html with its navigation and calculators in place of their markers. */
export function withCalculators(html, list = pageCalculators()) {
  for (const marker of [NAV_MARKER, ELEMENTS_MARKER])
    if (html.split(marker).length !== 2) throw new Error(`build-web: web/index.html must hold "${marker}" once`);
  return html.replace(NAV_MARKER, navMarkup(list)).replace(ELEMENTS_MARKER, elementsMarkup(list));
}
