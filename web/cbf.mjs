// The counting-Bloom-filter calculator (paper 004, Theorems 2 and 4; <bloom-calc calculator="cbf">):
// the k counters of an element, the filter's m, n, k, the prior and α → Pr(x ∈ S | CBF) from the counter
// product and the decision against the minimal product. All arithmetic is the core's (bc.cbf).
import { withTemplate } from './templates.mjs';
import { formatProbability } from '../wasm/format.mjs';
import { clearErrors, setValue, showError, wireForm } from './form-fields.mjs';
import { CBF_FIELDS } from './fields.generated.mjs';

/** The fields (schema/calculators.mjs): the page's URL carries the CBF's m, n, k, prior as cm, cn, ck, cprior. */
const FIELDS = CBF_FIELDS;
/** The page's element-id suffix of each field (ids px-<suffix>). */
const ID = Object.fromEntries(Object.entries(FIELDS).map(([field, { id }]) => [field, id.slice('px-'.length)]));

function mount({ $, bc, host, emit, fail }) {
  const card = $('cbf-card');
  const ids = Object.values(ID);

  function compute() {
    clearErrors($, ids);
    card.dataset.query = host.query;
    const input = Object.fromEntries(Object.entries(FIELDS).map(([key, { id }]) => [key, $(id).value]));
    let r;
    try {
      r = bc.cbf(input);
    } catch (err) {
      showError($, err, (p) => ID[p], 'counters');
      card.dataset.state = 'stale';
      fail(err);
      return;
    }
    setValue($('cbf-product'), r.product ?? 'Infinity', r.product === null ? '> 1.8e308' : String(r.product));
    setValue($('cbf-posterior'), r.posterior, formatProbability(r.posterior, 4));
    setValue($('cbf-min-product'), r.minProduct ?? 'none', r.minProduct === null ? 'none' : String(r.minProduct));
    setValue($('cbf-decision'), r.decision, r.decision === 'positive' ? 'Answer positive' : 'Answer negative');
    $('cbf-decision').className = `badge ${r.decision === 'positive' ? 'ok' : 'bad'}`;
    card.dataset.state = 'ok';
    emit(r, { method: 'cbf', input });
  }

  wireForm($('cbf-form'), card, compute);
}

/** <bloom-calc calculator="cbf">: attributes counters, m, n, k, prior, alpha (URL keys counters, cm, cn, ck, cprior, alpha). */
export const calculator = withTemplate('cbf', {
  fields: FIELDS,
  mount,
});
