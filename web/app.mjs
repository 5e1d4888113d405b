// The page around the <bloom-calc> elements. This file runs before the first paint (blocking="render": the
// calculators' markup is in the page, rendered ahead by scripts/build-web.mjs) and loads bloom-calc.mjs, which
// defines them, after it (the end of this file), so embed mode drops the other calculators before they show or load:
//  - embed mode: ?embed=<calculator> keeps that one calculator, drops the page chrome and reports the
//    document's height to the parent window (an iframe) by postMessage:
//      { type: 'bloomcalc:resize', calculator: '<name>', height: <CSS pixels, integer> }
//    sent on load and whenever the height changes (docs/embed.md shows the listener for the parent page);
//  - each element's page-url is this page (its iframe embed code frames it);
//  - the counting-filter calculator takes α from the paradox calculator, as one section did before;
//  - a link carrying a calculator's URL keys opens at that calculator (scrolled to before the first paint).
// No computation here: each element does its own.
import {
  CBF_FIELDS, LAYOUTS_FIELDS, LIBRARIES_FIELDS, OVERFLOW_FIELDS, PARADOX_FIELDS, RECYCLING_FIELDS, SCALABLE_FIELDS,
  SIZING_FIELDS, STATE_FIELDS, WINDOW_FIELDS,
} from './fields.generated.mjs';
import { urlKeys } from './element-fields.mjs';

const params = new URLSearchParams(window.location.search);
const embed = params.get('embed');
const main = document.getElementById('main');

if (embed !== null) {
  document.documentElement.classList.add('embed');
  let keep = [...main.querySelectorAll('bloom-calc')].find((el) => el.getAttribute('calculator') === embed);
  if (!keep) {
    keep = document.createElement('bloom-calc');
    keep.setAttribute('calculator', embed);
    keep.setAttribute('url-state', '');
  }
  main.replaceChildren(keep);
  document.title = `bloomcalc: ${embed}`;
  let last = -1;
  const report = () => {
    const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    // nothing laid out yet is no height to size the iframe to: it would collapse until the next report
    if (height === last || height < 1 || window.parent === window) return;
    last = height;
    window.parent.postMessage({ type: 'bloomcalc:resize', calculator: embed, height }, '*');
  };
  new ResizeObserver(report).observe(document.documentElement);
  report();
}
// "Copy embed code" may offer an iframe of this page; an element on a host site has no page to offer
for (const el of document.querySelectorAll('bloom-calc')) el.setAttribute('page-url', window.location.pathname);

// the fields of the page's calculators (web/index.html), whose URL keys name them
const PAGE_FIELDS = {
  sizing: SIZING_FIELDS, paradox: PARADOX_FIELDS, cbf: CBF_FIELDS, layouts: LAYOUTS_FIELDS, recycling: RECYCLING_FIELDS,
  libraries: LIBRARIES_FIELDS, scalable: SCALABLE_FIELDS, window: WINDOW_FIELDS, state: STATE_FIELDS, overflow: OVERFLOW_FIELDS,
};

// A link to a calculator (its URL keys, as url-state writes them) opens at it: the first of the page, in its order,
// whose keys the URL names, its top at the top of the view. Done here, before the first paint, with every calculator
// at its settled size (rendered ahead): nothing moves on screen, and as loading="lazy" it then computes in view. Not
// on a reload or a return (the browser puts back the reader's own scroll), nor with a #fragment, the link's own place.
if (embed === null && !window.location.hash && performance.getEntriesByType('navigation')[0]?.type === 'navigate') {
  const named = new Set([...params.keys()].map((key) => key.toLowerCase())); // any case (web/url-state.mjs)
  const calculators = [...main.querySelectorAll('bloom-calc')];
  const linked = calculators.find((el) => {
    const fields = PAGE_FIELDS[el.getAttribute('calculator')];
    return fields && urlKeys({ fields }).some((key) => named.has(key));
  });
  if (linked && linked !== calculators[0]) linked.scrollIntoView();
}

if (embed === null) {
  const paradox = document.getElementById('paradox-calc');
  const cbf = document.getElementById('cbf-calc');
  // input events from inside a shadow root are composed: they reach the host
  paradox?.addEventListener('input', () => {
    if (cbf && cbf.alpha !== paradox.alpha) cbf.alpha = paradox.alpha;
  });
}

// The element script: this file imports it once the first paint is on screen, so that defining the ten elements
// (upgrading them is one task; each then connects in a task of its own: web/in-turn.mjs) is not in that paint's
// way. The calculators are shown already (rendered ahead) and its files are fetched from the start (modulepreload
// in index.html).
afterFirstPaint(() => import('./bloom-calc.mjs'));

/**
 * Calls `then` in a task after the first contentful paint is on screen: at once on a hidden page (it paints nothing
 * until shown), after a frame where paint timing is unknown.
 */
function afterFirstPaint(then) {
  const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0;
  if (document.visibilityState === 'hidden' || painted()) return then();
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) return requestAnimationFrame(() => setTimeout(then, 0));
  const observer = new PerformanceObserver(() => {
    if (!painted()) return;
    observer.disconnect();
    setTimeout(then, 0);
  });
  observer.observe({ type: 'paint' });
}
