// "Sized by every library" (<bloom-calc calculator="libraries">): what each library allocates for the user's
// n and p, by its own sizing code, and the exact FPR of that filter (bc.librarySize), with the hash-width
// floor beside each row when it matters and a warning when p is below it. docs/libraries.md, hash-width.md.
import { withTemplate } from './templates.mjs';
import { formatHashFloor, formatInt, formatMemory, formatProbability, formatReal } from '../wasm/format.mjs';
import { clearErrors, showError, wireForm } from './form-fields.mjs';
import { LIBRARIES_FIELDS } from './fields.generated.mjs';

/** The fields (schema/calculators.mjs): attribute → { id px-<URL key>, url, fallback }. */
const FIELDS = LIBRARIES_FIELDS;
const IDS = Object.values(FIELDS).map(({ url }) => url);
const FIELD_OF = { n: 'libn', p: 'libp', hashBits: 'libhash', library: 'liblib' };

function cell(tr, text, className) {
  const td = document.createElement('td');
  td.textContent = text;
  if (className) td.className = className;
  tr.append(td);
}

function renderTable($, rows) {
  $('lib-table').tBodies[0].replaceChildren(
    ...rows.map((row) => {
      const tr = document.createElement('tr');
      tr.dataset.library = row.name;
      if (row.error) {
        tr.classList.add('failed');
        cell(tr, row.label);
        const td = document.createElement('td');
        td.colSpan = 7;
        td.textContent = row.error.message;
        tr.append(td);
        return tr;
      }
      const r = row.result;
      tr.dataset.exact = String(r.exact);
      tr.dataset.misses = String(r.missesTarget);
      cell(tr, row.label);
      cell(tr, formatInt(r.m));
      cell(tr, String(r.k));
      cell(tr, formatMemory(r.bytes));
      cell(tr, formatReal(r.bitsPerKey, 3));
      cell(tr, formatProbability(r.exact, 4));
      cell(tr, r.missesTarget ? `missed (×${formatReal(r.exact / r.target, 3)})` : 'met', r.missesTarget ? 'bad' : 'ok');
      const floor = r.hashFloor;
      cell(tr, floor && (floor.matters || floor.targetBelowFloor) ? `${formatProbability(floor.floor, 3)} → ${formatProbability(floor.fpr, 4)}` : '—');
      return tr;
    }),
  );
}

function mount({ $, bc, host, emit, fail }) {
  const card = $('libraries');
  const libraries = bc.libraries();

  function compute() {
    const state = Object.fromEntries(Object.entries(FIELDS).map(([field, { id }]) => [field, $(id).value]));
    const input = { library: state.library, n: state.n, p: state.p, hashBits: Number(state['hash-bits']) };
    card.dataset.query = host.query;
    let picked;
    try {
      picked = bc.librarySize(input); // the picked library first: its errors belong to the form's fields
    } catch (err) {
      clearErrors($, IDS);
      showError($, err, (p) => FIELD_OF[p], 'libn');
      card.dataset.state = 'stale';
      fail(err);
      return;
    }
    clearErrors($, IDS);
    const rows = libraries.map((lib) => {
      try {
        return { name: lib.name, label: lib.label, result: lib.name === picked.library ? picked : bc.librarySize({ ...input, library: lib.name }) };
      } catch (err) {
        return { name: lib.name, label: lib.label, error: err };
      }
    });
    renderTable($, rows);
    const floor = picked.hashFloor;
    const warning = $('lib-floor-warning');
    warning.textContent = formatHashFloor(floor, picked.target, picked.n).warning;
    warning.hidden = !warning.textContent;
    $('lib-details').textContent =
      `${picked.label}: ${picked.rule}. Probes: ${picked.probes}. Source: ${picked.source}.` + (picked.note ? ` Note: ${picked.note}.` : '');
    card.dataset.state = 'ok';
    emit(picked, { method: 'librarySize', input });
  }

  wireForm($('lib-form'), card, compute);
}

/** <bloom-calc calculator="libraries">: attributes n, p, hash-bits (32 | 64), library (the row detailed; URL keys libn, libp, libhash, liblib). */
export const calculator = withTemplate('libraries', {
  fields: FIELDS,
  mount,
});
