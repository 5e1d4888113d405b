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
// 2 and 3 read the colours the page paints, so a toggle of any other convention (Bootstrap's data-bs-theme, a site's
// own attribute, a stylesheet swapped in <head>) answers too: one MutationObserver (every attribute of <html> and
// <body>, anything in <head>), a load (of a <link>), the end of a transition (a fade) and one media query listener
// serve every element of the page, each change read once, in the next frame: every element's theme read, then set.

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

const watched = new Map(); // element → apply(its page theme)
let observer = null;
let frame = 0;

// Once a frame, before it is drawn (a new element is never painted in the wrong theme; a toggle that changes
// several things in a task or a few is read once): every element's theme read, then each set — one layout
// (reading a computed style lays the page out: element.css's container queries), not one per element.
function refresh() {
  frame ||= requestAnimationFrame(() => {
    frame = 0;
    const themes = [...watched].map(([el, apply]) => [apply, pageTheme(el)]);
    for (const [apply, theme] of themes) apply(theme);
  });
}

/** Calls `apply('dark'|'light')` with the page theme around `el` before the next frame and whenever it may change, until unwatchTheme(el). */
export function watchTheme(el, apply) {
  if (!observer) {
    observer = new MutationObserver(refresh);
    const attributes = { attributes: true };
    const observe = () => observer.observe(document.body, attributes);
    observer.observe(document.documentElement, attributes);
    observer.observe(document.head, { ...attributes, characterData: true, childList: true, subtree: true });
    if (document.body) observe();
    else document.addEventListener('DOMContentLoaded', observe, { once: true });
    // a stylesheet applies once loaded (load does not bubble: captured), a fading background at the fade's end
    for (const type of ['load', 'transitionend']) document.addEventListener(type, refresh, true);
    matchMedia(OS_DARK).addEventListener('change', refresh);
  }
  watched.set(el, apply);
  refresh();
}

export function unwatchTheme(el) {
  watched.delete(el);
}
