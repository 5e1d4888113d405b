// Two calculators for a filter already sized (m, n, k given):
//   <bloom-calc calculator="formulas">  the formula table: Bloom 1970, classic (colliding, distinct) and the
//                                       exact mean, each against the exact one (bc.fpr), with its Simulate panel;
//   <bloom-calc calculator="simulate">  the simulate panel alone: the real filter in a worker against the exact
//                                       mean (bc.simulate), run by its button or, with `autorun`, on each change.
// Their markup is the sizing calculator's (web/calculators/sizing.html): the fields m, n, k, hashing, the
// formulas card and the simulate panel are cut out of it, so there is one copy of each.
import sizingTemplate from './calculators/sizing.html';
import { renderFormulas } from './formula-table.mjs';
import { createSimulationPanel } from './simulate.mjs';
import { FORMULAS_FIELDS, SIMULATE_FIELDS } from './fields.generated.mjs';

const DEBOUNCE_MS = 150;

/** The element that starts at `start` in `html`, up to its matching close tag (nested tags of the same name counted). */
function cut(html, start) {
  const from = html.indexOf(start);
  if (from < 0) throw new Error(`template: ${start} not found`);
  const tag = start.match(/^<(\w+)/)[1];
  const re = new RegExp(`<${tag}[\\s>]|</${tag}>`, 'g');
  re.lastIndex = from + 1;
  let depth = 1;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    depth += m[0].startsWith('</') ? -1 : 1;
    if (depth === 0) return html.slice(from, m.index + m[0].length);
  }
  throw new Error(`template: ${start} is not closed`);
}

const field = (name) => cut(sizingTemplate, `<div class="field" data-field="${name}">`);
const inputsCard = (title) => `<section class="card inputs" aria-labelledby="inputs-title">
  <h2 id="inputs-title">${title}</h2>
  <form id="form" novalidate autocomplete="off" spellcheck="false">
    <div class="text-fields">${field('m')}${field('n')}${field('k')}</div>
    <div class="selects">${field('hashing')}</div>
  </form>
  <p class="general-error" id="general-error" data-testid="general-error" role="alert" hidden></p>
</section>`;
const formulasCard = cut(sizingTemplate, '<section class="card formulas"');
const simPanel = cut(sizingTemplate, '<div class="sim" id="sim"');

const ERROR_IDS = ['m', 'n', 'k', 'hashing'];

/** Shared by both: the filter's fields → bc.fpr; errors beside their field; `then(f)` after each result. */
function filterForm({ $, bc, emit, fail }, card, then) {
  let timer = 0;
  for (const id of ['m', 'n', 'k']) $(id).placeholder = $(id).dataset.placeholder;
  function clear() {
    for (const id of ERROR_IDS) {
      $(`${id}-error`).hidden = true;
      $(id).removeAttribute('aria-invalid');
    }
    $('general-error').hidden = true;
  }
  function compute() {
    timer = 0;
    clear();
    const input = { hashing: $('hashing').value };
    for (const id of ['m', 'n', 'k']) input[id] = $(id).value.trim();
    let f;
    try {
      f = bc.fpr(input);
    } catch (err) {
      const el = ERROR_IDS.includes(err?.parameter) ? $(`${err.parameter}-error`) : $('general-error');
      el.textContent = err.message;
      el.hidden = false;
      if (ERROR_IDS.includes(err?.parameter)) $(err.parameter).setAttribute('aria-invalid', 'true');
      card.dataset.state = 'stale';
      then(null, input);
      fail(err);
      return;
    }
    card.dataset.state = 'ok';
    then(f, input);
    if (emit) emit(f, { method: 'fpr', input });
  }
  $('form').addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(compute, DEBOUNCE_MS);
  });
  $('form').addEventListener('submit', (e) => {
    e.preventDefault();
    compute();
  });
  compute();
}

export const formulas = {
  name: 'formulas',
  template: `<div class="layout">${inputsCard('Filter')}${formulasCard}</div>`,
  fields: FORMULAS_FIELDS,
  initial: { m: '8Mi', n: '1M', k: '7' },
  mount(ctx) {
    const sim = createSimulationPanel(ctx.$, ctx.chart, { scope: ctx.scope });
    filterForm(ctx, ctx.$('formulas'), (f) => {
      if (f) renderFormulas(ctx.$, f);
      sim.setFilter(f);
    });
  },
};

export const simulate = {
  name: 'simulate',
  template: `<div class="layout">${inputsCard('Filter to simulate')}<section class="card sim-card" id="simulate-card" data-testid="simulate-card">
  <h2>Simulation against the exact mean</h2>
  <p class="help">The real filter in a worker, <var>epochs</var> independent runs; the exact mean FPR (001 eq 17) should lie in the interval.
    <button type="button" class="sim-button" id="sim-run" data-testid="sim-run" disabled>Simulate</button></p>
  ${simPanel.replace('<h3>Simulation: the real filter</h3>', '')}</section></div>`,
  // the simulation's hash scheme is layouts' hashScheme (--hash-scheme); scheme its older name
  fields: SIMULATE_FIELDS,
  initial: { m: '8192', n: '1000', k: '6' },
  mount(ctx) {
    const { $, host } = ctx;
    const sim = createSimulationPanel($, ctx.chart, {
      onResult: (result, input) => ctx.emit(result, { method: 'simulate', input, async: true }),
      onError: (error) => ctx.fail(error),
      scope: ctx.scope,
    });
    const autorun = () => host.hasAttribute('autorun') && sim.run();
    filterForm({ ...ctx, emit: null }, $('simulate-card'), (f) => {
      sim.setFilter(f);
      if (f) autorun();
    });
    // the panel's own fields (epochs, seed, hash-scheme) rerun too
    for (const id of ['sim-epochs', 'sim-seed', 'sim-scheme']) $(id).addEventListener('change', autorun);
  },
};
