// The filter-in-use calculator (<bloom-calc calculator="state">, issue 21; docs/state.md): m, k and the set bits
// X → the FPR now, the items held with an interval, the items left before a target; with a second filter's count
// and their OR's, |A ∪ B| and |A ∩ B|. All arithmetic is the core's (bc.state, in bloomcalc.tools.wasm).
import { withTemplate } from './templates.mjs';
import { formatInt, formatProbability } from '../wasm/format.mjs';
import { clearErrors, setValue, showError, wireForm } from './form-fields.mjs';
import { STATE_FIELDS } from './fields.generated.mjs';

/** The fields (schema/calculators.mjs): attribute → { id px-<URL key>, url, fallback }; bc.state's field of each. */
const FIELDS = STATE_FIELDS;
const API_FIELD = (attr) => attr.replace(/-([a-z])/g, (_, c) => c.toUpperCase()); // bits-set-b → bitsSetB
const URL_OF = Object.fromEntries(Object.entries(FIELDS).map(([attr, { url }]) => [API_FIELD(attr), url]));
const range = (e) => `${formatInt(e.estimate)} [${formatInt(e.low)}, ${formatInt(e.high)}]`;

function mount({ $, bc, host, emit, fail }) {
  const card = $('state-card');
  const ids = Object.values(URL_OF);

  function compute() {
    clearErrors($, ids);
    card.dataset.query = host.query;
    const input = {};
    for (const [attr, { id }] of Object.entries(FIELDS)) {
      const value = $(id).value.trim();
      if (value !== '') input[API_FIELD(attr)] = value; // the optional ones (p, the second filter) absent
    }
    let r;
    try {
      r = bc.state(input);
    } catch (err) {
      showError($, err, (p) => URL_OF[p], 'stx');
      card.dataset.state = 'stale';
      fail(err);
      return;
    }
    setValue($('state-fpr'), r.fpr, formatProbability(r.fpr, 4));
    setValue($('state-n'), r.n.estimate, range(r.n));
    setValue($('state-sb'), r.swamidassBaldi, formatInt(Math.round(r.swamidassBaldi)));
    setValue($('state-left'), r.itemsLeft ?? 'none', r.p === null ? '— (no p)' : r.itemsLeft === null ? 'unbounded' : formatInt(r.itemsLeft));
    const pair = r.nUnion ? null : '— (give X_B and X_A∪B)';
    setValue($('state-union'), r.nUnion?.estimate ?? 'none', pair ?? range(r.nUnion));
    setValue($('state-intersection'), r.nIntersection?.estimate ?? 'none', pair ?? range(r.nIntersection));
    card.dataset.state = 'ok';
    emit(r, { method: 'state', input });
  }

  wireForm($('state-form'), card, compute);
}

/** <bloom-calc calculator="state">: attributes m, k, bits-set, p, bits-set-b, union, hashing (URL keys stm, stk, stx, stp, stxb, stxu, sthashing). */
export const calculator = withTemplate('state', { fields: FIELDS, mount });
