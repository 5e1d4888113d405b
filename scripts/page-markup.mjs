// The page's calculators and its navigation, written into web/index.html by scripts/build-web.mjs from the calculator
// declarations (schema/calculators.mjs: `page` and PAGE_GROUPS), so a calculator declared with `page` is on the page and
// in its navigation with no page edit.
import { CALCULATORS, PAGE_GROUPS } from '../schema/calculators.mjs';

const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The page's calculators in page order: by group (PAGE_GROUPS' order), then as declared. Each { name, id, group,
 * question, title }; its element's id is `<name>-calc`, the fragment its link and a shared URL name. A `page` naming no
 * declared group, or lacking its question or title, is an error.
 */
export function pageCalculators(calculators = CALCULATORS, groups = PAGE_GROUPS) {
  const declared = Object.entries(calculators).filter(([, def]) => def.page).map(([name, { page }]) => {
    for (const key of ['group', 'question', 'title'])
      if (typeof page[key] !== 'string' || page[key] === '') throw new Error(`schema/calculators.mjs: ${name}.page.${key} must be a non-empty string`);
    if (!Object.hasOwn(groups, page.group))
      throw new Error(`schema/calculators.mjs: ${name}.page.group "${page.group}" is none of PAGE_GROUPS (${Object.keys(groups).join(', ')})`);
    return { name, id: `${name}-calc`, ...page };
  });
  return Object.keys(groups).flatMap((group) => declared.filter((c) => c.group === group));
}

/** The navigation: a list per group, a link per calculator (its question, its title beneath). */
export function navMarkup(list, groups = PAGE_GROUPS) {
  const sections = Object.entries(groups).filter(([group]) => list.some((c) => c.group === group)).map(([group, label]) => {
    const links = list.filter((c) => c.group === group)
      .map((c) => `<li><a href="#${c.id}" data-calculator="${c.name}"><span class="nav-q">${escape(c.question)}</span> <span class="nav-t">${escape(c.title)}</span></a></li>`);
    return `<div class="nav-group"><h3 id="nav-${group}">${escape(label)}</h3><ul aria-labelledby="nav-${group}">\n      ${links.join('\n      ')}\n    </ul></div>`;
  });
  return `<nav class="site-nav" aria-labelledby="nav-title">
    <h2 id="nav-title" class="nav-title">${list.length} calculators</h2>
    ${sections.join('\n    ')}
  </nav>`;
}

/** The calculators' elements, as the page shows them (loading="lazy": those near the view compute first). */
export function elementsMarkup(list) {
  return list.map((c) => `<bloom-calc calculator="${c.name}" id="${c.id}" url-state loading="lazy"></bloom-calc>`).join('\n    ');
}

const NAV_MARKER = '<!-- navigation: scripts/page-markup.mjs -->';
const ELEMENTS_MARKER = '<!-- calculators: scripts/page-markup.mjs -->';

/** web/index.html with its navigation and calculators in place of their markers. */
export function withCalculators(html, list = pageCalculators()) {
  for (const marker of [NAV_MARKER, ELEMENTS_MARKER])
    if (html.split(marker).length !== 2) throw new Error(`build-web: web/index.html must hold "${marker}" once`);
  return html.replace(NAV_MARKER, navMarkup(list)).replace(ELEMENTS_MARKER, elementsMarkup(list));
}
