// The page around the <bloom-calc> elements. This file runs before bloom-calc.mjs defines them (module
// scripts run in document order), so embed mode drops the other calculators before they render or load:
//  - embed mode: ?embed=<calculator> keeps that one calculator, drops the page chrome and reports the
//    document's height to the parent window (an iframe) by postMessage:
//      { type: 'bloomcalc:resize', calculator: '<name>', height: <CSS pixels, integer> }
//    sent on load and whenever the height changes (docs/embed.md shows the listener for the parent page);
//  - the counting-filter calculator takes α from the paradox calculator, as one section did before.
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
    if (height === last || window.parent === window) return;
    last = height;
    window.parent.postMessage({ type: 'bloomcalc:resize', calculator: embed, height }, '*');
  };
  new ResizeObserver(report).observe(document.documentElement);
  report();
} else {
  const paradox = document.getElementById('paradox-calc');
  const cbf = document.getElementById('cbf-calc');
  // input events from inside a shadow root are composed: they reach the host
  paradox?.addEventListener('input', () => {
    if (cbf && cbf.alpha !== paradox.alpha) cbf.alpha = paradox.alpha;
  });
}
