// The element's styles: web/element.css + uPlot's CSS, as constructable stylesheets shared by all elements (no
// <style> element, no style attribute: works under a CSP without 'unsafe-inline' in style-src).
import uplotCss from 'uplot/dist/uPlot.min.css';
import elementCss from './element.css';

/**
 * element.css's :host([theme="dark"]) block, also applied when the element resolved the page's theme to dark
 * (web/theme.mjs): the custom state :state(dark), or the attribute data-bc-dark where custom states are not
 * supported (two rules: a selector a browser does not know drops its whole rule).
 */
function withResolvedDark(css) {
  const block = css.match(/:host\(\[theme="?dark"?\]\)\s*(\{[^}]*\})/)?.[1];
  if (!block) throw new Error('bloomcalc: element.css has no :host([theme="dark"]) block');
  return `${css}\n:host(:state(dark)) ${block}\n:host([data-bc-dark]) ${block}\n`;
}

let sheets = null;
export function styleSheets() {
  sheets ??= [uplotCss, withResolvedDark(elementCss)].map((text) => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(text);
    return sheet;
  });
  return sheets;
}
