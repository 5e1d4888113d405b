// The counter-overflow calculator (<bloom-calc calculator="overflow">, issue 21; docs/paradox.md#overflow): m
// counters of b bits, n items, k hashes → P(some counter overflows) with its proven bounds beside the union bound,
// and the smallest b for a target. All arithmetic is the core's (bc.overflow, in bloomcalc.tools.wasm).
import { withTemplate } from './templates.mjs';
import { formatProbability } from '../wasm/format.mjs';
import { clearErrors, setValue, showError, wireForm } from './form-fields.mjs';
import { OVERFLOW_FIELDS } from './fields.generated.mjs';

/** The fields (schema/calculators.mjs): attribute → { id px-<URL key>, url, fallback }. */
const FIELDS = OVERFLOW_FIELDS;
const URL_OF = Object.fromEntries(Object.entries(FIELDS).map(([field, { url }]) => [field, url]));
const P = (x) => formatProbability(x, 4);

function mount({ $, bc, host, emit, fail }) {
  const card = $('overflow-card');
  const ids = Object.values(URL_OF);

  function compute() {
    clearErrors($, ids);
    card.dataset.query = host.query;
    const value = (field) => $(FIELDS[field].id).value.trim();
    const filter = { m: value('m'), n: value('n'), k: value('k') };
    // bc.overflow takes bits or target: the probability at b, then (if a target is given) the smallest b
    let at;
    let best = null;
    try {
      at = bc.overflow({ ...filter, bits: value('bits') });
      if (value('target') !== '') best = bc.overflow({ ...filter, target: value('target') });
    } catch (err) {
      showError($, err, (p) => URL_OF[p], 'ob');
      card.dataset.state = 'stale';
      fail(err);
      return;
    }
    setValue($('overflow-p'), at.probability, `${P(at.probability)} (${at.method})`);
    setValue($('overflow-union'), at.unionBound, P(at.unionBound));
    setValue($('overflow-bounds'), at.high, `[${P(at.low)}, ${P(at.high)}]`);
    setValue($('overflow-bits'), best ? best.bits : 'none', best ? `b = ${best.bits}, P = ${P(best.probability)}` : '— (no target)');
    card.dataset.state = 'ok';
    // the result: bc.overflow's at b (its call, for the JS snippet), with the target's answer as `smallest`
    emit({ ...at, smallest: best }, { method: 'overflow', input: { ...filter, bits: value('bits') } });
  }

  wireForm($('overflow-form'), card, compute);
}

/** <bloom-calc calculator="overflow">: attributes m, n, k, bits, target (URL keys om, on, ok, ob, otarget). */
export const calculator = withTemplate('overflow', { fields: FIELDS, mount });
