// Two calculators for a filter already sized (m, n, k given):
//   <bloom-calc calculator="formulas">  the formula table: Bloom 1970, classic (colliding, distinct) and the
//                                       exact mean, each against the exact one (bc.fpr), with its Simulate panel;
//   <bloom-calc calculator="simulate">  the simulate panel alone: the real filter in a worker against the exact
//                                       mean (bc.simulate), run by its button or, with `autorun`, on each change.
// Their markup is the sizing calculator's fields m, n, k, hashing, formulas card and simulate panel, cut out of
// web/calculators/sizing.html by web/templates.mjs (one copy of each).
import { withTemplate } from './templates.mjs';
import { renderFormulas } from './formula-table.mjs';
import { createSimulationPanel } from './simulate.mjs';
import { FORMULAS_FIELDS, SIMULATE_FIELDS } from './fields.generated.mjs';

const DEBOUNCE_MS = 150;

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

export const formulas = withTemplate('formulas', {
  fields: FORMULAS_FIELDS,
  initial: { m: '8Mi', n: '1M', k: '7' },
  mount(ctx) {
    const sim = createSimulationPanel(ctx.$, ctx.chart, { scope: ctx.scope });
    filterForm(ctx, ctx.$('formulas'), (f) => {
      if (f) renderFormulas(ctx.$, f);
      sim.setFilter(f);
    });
  },
});

export const simulate = withTemplate('simulate', {
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
});
