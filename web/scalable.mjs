// The scalable-filter calculator (<bloom-calc calculator="scalable">): a chain of links of capacity C·S^i at
// error p(1 − R)R^i, its exact FPR after n items, memory, and the R and S that need the fewest bits
// (bc.scalable). docs/scalable.md.
import { withTemplate } from './templates.mjs';
import { formatInt, formatMemory, formatProbability, formatReal } from '../wasm/format.mjs';
import { clearErrors, setValue, showError, wireForm } from './form-fields.mjs';
import { SCALABLE_FIELDS } from './fields.generated.mjs';

/** The fields (schema/calculators.mjs): attribute → { id px-<URL key>, url, fallback }. */
const FIELDS = SCALABLE_FIELDS;
const IDS = Object.values(FIELDS).map(({ url }) => url);
const FIELD_OF = Object.fromEntries(Object.entries(FIELDS).map(([field, { url }]) => [field, url]));

function mount({ $, bc, host, emit, fail }) {
  const card = $('scalable');

  function compute() {
    const input = Object.fromEntries(Object.entries(FIELDS).map(([field, { id }]) => [field, $(id).value]));
    card.dataset.query = host.query;
    let r;
    try {
      r = bc.scalable(input);
    } catch (err) {
      clearErrors($, IDS);
      showError($, err, (p) => FIELD_OF[p], 'sp');
      card.dataset.state = 'stale';
      fail(err);
      return;
    }
    clearErrors($, IDS);
    setValue($('sc-fpr'), r.fpr, `${formatProbability(r.fpr, 4)}${r.missesTarget ? ' (above p)' : ''}`);
    setValue($('sc-bound'), r.bound, formatProbability(r.bound, 4));
    setValue($('sc-links'), r.links.length, String(r.links.length));
    setValue($('sc-bits'), r.bits, `${formatInt(r.bits)} bits (${formatMemory(r.bytes)})`);
    const o = r.optimum;
    setValue(
      $('sc-optimum'),
      o ? o.bits : 'none',
      o
        ? `R = ${formatReal(o.ratio, 2)}, S = ${o.growth}: ${formatInt(o.bits)} bits in ${o.links} links ` +
            `(${formatReal(100 * (o.bits / r.bits - 1), 1)} %), exact FPR ${formatProbability(o.fpr, 4)}`
        : 'not searched for this library',
    );
    $('sc-table').tBodies[0].replaceChildren(
      ...r.links.map((l, i) => {
        const tr = document.createElement('tr');
        for (const text of [
          String(i),
          formatInt(l.capacity),
          formatProbability(l.error, 3),
          formatInt(l.m),
          String(l.k),
          formatInt(l.fill),
          formatProbability(l.fpr, 4),
        ]) {
          const td = document.createElement('td');
          td.textContent = text;
          tr.append(td);
        }
        return tr;
      }),
    );
    card.dataset.state = 'ok';
    emit(r, { method: 'scalable', input });
  }

  wireForm($('sc-form'), card, compute);
}

/** <bloom-calc calculator="scalable">: attributes p, capacity, n, ratio, growth, library (URL keys sp, scap, sn, sr, sg, slib). */
export const calculator = withTemplate('scalable', {
  fields: FIELDS,
  mount,
});
