// The element's styles: web/element.css + uPlot's CSS, as constructable stylesheets shared by all elements (no
// <style> element, no style attribute: works under a CSP without 'unsafe-inline' in style-src).
import uplotCss from 'uplot/dist/uPlot.min.css';
import elementCss from './element.css';

/** element.css's :host([theme="dark"]) block ({ … }). */
function darkBlock(css) {
  const block = css.match(/:host\(\[theme="?dark"?\]\)\s*(\{[^}]*\})/)?.[1];
  if (!block) throw new Error('bloomcalc: element.css has no :host([theme="dark"]) block');
  return block;
}

/**
 * The stylesheets' text: uPlot's, and element.css with its :host([theme="dark"]) block also applied when the
 * element resolved the page's theme to dark (web/theme.mjs): the custom state :state(dark), or the attribute
 * data-bc-dark where custom states are not supported (two rules: a selector a browser does not know drops its
 * whole rule). With `osDarkBeforeDefined` (the stylesheet linked by a page whose calculators are rendered ahead
 * and which follows the operating system's scheme: ours, scripts/build-web.mjs), the block applies too before the
 * element is defined, without a theme attribute, when the system is dark — the theme the element then resolves.
 */
export function styleTexts({ osDarkBeforeDefined = false } = {}) {
  const block = darkBlock(elementCss);
  const before = osDarkBeforeDefined ? `@media (prefers-color-scheme: dark) { :host(:not(:defined):not([theme])) ${block} }\n` : '';
  return [uplotCss, `${elementCss}\n:host(:state(dark)) ${block}\n:host([data-bc-dark]) ${block}\n${before}`];
}

let sheets = null;
export function styleSheets() {
  sheets ??= styleTexts().map((text) => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(text);
    return sheet;
  });
  return sheets;
}
