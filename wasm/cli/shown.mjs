// A result's rows in the CLI's table, from its declaration (schema/results.mjs, generated into results.generated.mjs):
// each declared row in its order, labelled as declared, formatted by its declared format (wasm/format.mjs SHOWN) or by
// the command's own formatter of that field (`own`: value, result → text; undefined leaves the row out).
import { SHOWN } from '../format.mjs';
import { FORMULAS, ROWS } from './results.generated.mjs';

/** [label, text] of each row of result type `type` that `r` holds. */
export function shownPairs(type, r, own = {}) {
  const pairs = [];
  for (const [field, label, format] of ROWS[type] ?? []) {
    if (r[field] === undefined) continue;
    const show = own[field] ?? SHOWN[format] ?? SHOWN.text;
    const text = show(r[field], r);
    if (text !== undefined) pairs.push([label, text]);
  }
  return pairs;
}

/** The formula rows of `type` (fpr's table): [field, label with the result's fields filled in ({hashing}), reference]. */
export function formulaRows(type, r) {
  return (FORMULAS[type] ?? []).map(([field, label, reference]) => [field, label.replace(/\{(\w+)\}/g, (_, name) => r[name]), reference]);
}
