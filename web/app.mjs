// The page around the <bloom-calc> elements. This file runs before the first paint (blocking="render": the
// calculators' markup is in the page, rendered ahead by scripts/build-web.mjs) and loads bloom-calc.mjs, which
// defines them, after it (the end of this file), so embed mode drops the other calculators before they show or load:
//  - embed mode: ?embed=<calculator> keeps that one calculator, drops the page chrome and reports the
//    document's height to the parent window (an iframe) by postMessage:
//      { type: 'bloomcalc:resize', calculator: '<name>', height: <CSS pixels, integer> }
//    sent on load and whenever the height changes (docs/embed.md shows the listener for the parent page);
//  - each element's page-url is this page (its iframe embed code frames it);
//  - the counting-filter calculator takes α from the paradox calculator, as one section did before;
//  - a link naming a calculator (its #fragment, or its URL keys) opens at that calculator, which computes at once.
// No computation here: each element does its own.
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

// A link to a calculator opens at it, and it computes at once: loading="lazy" comes off, so it connects as the
// element script runs rather than when an intersection is next reported. The link names it by its fragment
// (#<name>-calc, the navigation's: the browser scrolls to it) or by its URL keys, as url-state writes them: the first
// of the page, in its order, whose keys the URL names, its top scrolled to the top of the view here, before the first
// paint, with every calculator at its settled size (rendered ahead): nothing moves on screen. Not on a reload or a
// return (the browser puts back the reader's own scroll).
if (embed === null) {
  const calculators = [...main.querySelectorAll('bloom-calc')];
  const hashed = calculators.find((el) => `#${el.id}` === window.location.hash);
  const named = new Set([...params.keys()].map((key) => key.toLowerCase())); // any case (web/url-state.mjs)
  // its URL keys, written by the page's build (scripts/page-markup.mjs): this script loads no table of fields
  const keyed = calculators.find((el) => (el.dataset.urlKeys ?? '').split(' ').some((key) => key && named.has(key)));
  const linked = window.location.hash ? hashed : keyed;
  // the first is in view: lazy, so on a phone its chart still waits for the view
  if (linked && linked !== calculators[0]) {
    linked.removeAttribute('loading');
    if (!window.location.hash && performance.getEntriesByType('navigation')[0]?.type === 'navigate') linked.scrollIntoView();
  }
  // The address bar is the link to share: a fragment naming a calculator moves to the one a reader types in, so the
  // link opens where its reader worked (the calculators' own keys are written by url-state).
  main.addEventListener('input', (event) => {
    const el = event.target; // retargeted to the <bloom-calc> (input events are composed)
    if (!event.isTrusted || !calculators.includes(el) || !calculators.some((c) => `#${c.id}` === window.location.hash)) return;
    if (window.location.hash !== `#${el.id}`) window.history.replaceState(window.history.state, '', `#${el.id}`);
  });
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
