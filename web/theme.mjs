// The theme a <bloom-calc> without a theme attribute takes: the host page's, not only the operating system's.
// A docs site has its own dark-mode toggle, and a white card on its dark page (or the reverse) is what a reader
// sees otherwise. In order, the first that answers:
//  1. the generators' own toggles: VitePress (and Tailwind-style sites) html.dark; Docusaurus and Starlight
//     html[data-theme=dark|light]; Sphinx furo body[data-theme=dark|light] ('auto' goes on); MkDocs Material
//     body[data-md-color-scheme=slate|default];
//  2. what the page paints behind the element: the nearest ancestor with an opaque background colour, dark
//     when its relative luminance is below 0.18 (WCAG 2 relative luminance; mid grey is 0.22);
//  3. the inherited color-scheme (what the browser paints the canvas with): dark when it allows only dark, or
//     dark and light with the operating system dark; light otherwise (a plain page is white in either mode).
// One MutationObserver on <html> and <body> (the attributes the toggles set) and one media query listener serve
// every element of the page.

const OS_DARK = '(prefers-color-scheme: dark)';

/** The toggle conventions' answer, or null. */
function siteToggle(html, body) {
  if (html.classList.contains('dark')) return 'dark';
  for (const node of [html, body]) {
    const theme = node?.getAttribute('data-theme');
    if (theme === 'dark' || theme === 'light') return theme;
  }
  const md = body?.getAttribute('data-md-color-scheme');
  if (md === 'slate') return 'dark';
  if (md === 'default') return 'light';
  return null;
}

/** [r, g, b, a] of a computed rgb()/rgba() colour (0–255, alpha 0–1), or null for another syntax. */
function rgba(color) {
  const m = color.match(/^rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\s*\)$/);
  if (!m) return null;
  const alpha = m[4] === undefined ? 1 : m[4].endsWith('%') ? parseFloat(m[4]) / 100 : parseFloat(m[4]);
  return [Number(m[1]), Number(m[2]), Number(m[3]), alpha];
}

/** WCAG 2 relative luminance of an sRGB colour. */
function luminance([r, g, b]) {
  const linear = (c) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** The parent element of `node`, across a shadow root's boundary. */
const up = (node) => node.parentElement ?? node.getRootNode?.().host ?? null;

/** 'dark' or 'light': the background the page paints behind `el`, or null when every ancestor is transparent. */
function backdrop(el) {
  for (let node = up(el); node; node = up(node)) {
    const color = rgba(getComputedStyle(node).backgroundColor);
    if (color && color[3] >= 0.5) return luminance(color) < 0.18 ? 'dark' : 'light';
  }
  return null;
}

/** The host page's theme around `el`: 'dark' or 'light' (see the top of this file). */
export function pageTheme(el) {
  const html = document.documentElement;
  const toggled = siteToggle(html, document.body);
  if (toggled) return toggled;
  const behind = backdrop(el);
  if (behind) return behind;
  const schemes = getComputedStyle(up(el) ?? html).colorScheme.split(/\s+/);
  const dark = schemes.includes('dark');
  return dark && (!schemes.includes('light') || matchMedia(OS_DARK).matches) ? 'dark' : 'light';
}

const watched = new Set(); // elements' refresh callbacks
let observer = null;

function refreshAll() {
  for (const refresh of watched) refresh();
}

function observe(node) {
  observer.observe(node, { attributes: true, attributeFilter: ['class', 'data-theme', 'data-md-color-scheme', 'style'] });
}

// Elements connected in one task (a page's elements, upgraded together) take their theme together, in a microtask
// (still before the first paint): reading a computed style lays the page out (element.css's container queries),
// once for all of them rather than once per element, each after the last one's markup went in.
let pending = null;

function refreshSoon(refresh) {
  if (!pending) {
    pending = new Set();
    queueMicrotask(() => {
      const due = pending;
      pending = null;
      for (const r of due) if (watched.has(r)) r();
    });
  }
  pending.add(refresh);
}

/** Calls `refresh` soon (in a microtask) and whenever the page's theme may have changed, until unwatchTheme(refresh). */
export function watchTheme(refresh) {
  if (!observer) {
    observer = new MutationObserver(refreshAll);
    observe(document.documentElement);
    if (document.body) observe(document.body);
    else document.addEventListener('DOMContentLoaded', () => observe(document.body), { once: true });
    matchMedia(OS_DARK).addEventListener('change', refreshAll);
  }
  watched.add(refresh);
  refreshSoon(refresh);
}

export function unwatchTheme(refresh) {
  watched.delete(refresh);
}
