// The browser entry of the custom elements: `<script type="module" src="bloom-calc.mjs">` then
// `<bloom-calc calculator="sizing" n="1M" p="1%"></bloom-calc>`. Bundled by scripts/build-web.mjs into
// dist/element/bloom-calc.mjs, with the .wasm modules and the workers beside it (found relative to the
// bundle's own URL). The page (dist/web) is built from the same bundle. See docs/embed.md.
import { BloomCalcElement } from './element-base.mjs';
import { calculatorNames, loadCalculator, registerCalculator } from './element-registry.mjs';
import { TEMPLATES, markupTemplate } from './templates.mjs';
import { CALCULATORS, MARKUP, MODULES } from './calculators.generated.mjs';

// Every calculator <bloom-calc calculator="…"> knows (schema/calculators.mjs, generated into
// web/calculators.generated.mjs), each loaded on first use: the element bundle is this entry and element-base.mjs
// (with the files it imports); each calculator's code (and what only it needs) is a chunk of its own (a literal
// import() there), and uPlot is fetched when a chart is first drawn, so a page embedding one calculator downloads
// only that one's code (the embed size budget, tests/js/size.test.mjs). MODULES: the WebAssembly module of each
// calculator not computing with the main one (bloomcalc.web.wasm), its methods' (docs/decisions.md, "Modules along the calculators"),
// a calculator reaches only its module's methods through ctx.bc.
//
// Each calculator's markup is in this entry (web/templates.mjs): an element shows it the moment it connects
// (a calculator declaring its markup: built here, before its code reads it)
for (const [name, [html, fields]] of Object.entries(MARKUP)) TEMPLATES[name] = markupTemplate(html, fields);
for (const [name, load] of Object.entries(CALCULATORS)) registerCalculator(name, load, MODULES[name], TEMPLATES[name]);

// Set on the page by the first copy of this bundle that finds another one's <bloom-calc> (one warning per page).
const WARNED = Symbol.for('bloomcalc.element.warned');

/**
 * Defines <bloom-calc> where there is a custom element registry; elsewhere (Node without a DOM: server-side
 * rendering and static generation; a worker; Deno or Bun) importing this module does nothing. A second copy of
 * the bundle on one page (two script URLs, or a script tag beside a bundled import) leaves the first one's
 * element in place and says so once.
 */
function defineElement() {
  if (typeof customElements === 'undefined') return;
  const defined = customElements.get('bloom-calc');
  if (defined === undefined) customElements.define('bloom-calc', BloomCalcElement);
  else if (defined !== BloomCalcElement && !globalThis[WARNED]) {
    globalThis[WARNED] = true;
    console.warn('bloomcalc: <bloom-calc> is already defined by another copy of its bundle; this one is unused (load it once per page).');
  }
}
defineElement();

export { BloomCalcElement, CALCULATORS, MODULES, calculatorNames, loadCalculator };
