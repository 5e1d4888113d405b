// A result's rows in the CLI's table, from its declaration (schema/results.mjs, generated into results.generated.mjs):
// each declared row in its order, labelled as declared, formatted by its declared format (wasm/format.mjs SHOWN) or by
// the command's own formatter of that field (`own`: value, result → text, or [label, text] where the label reads the
// result, or a list of [label, text]: a nested record's rows; undefined leaves the row out). A null value has a row
// only by the command's own formatter.
import { SHOWN } from '../format.mjs';
import { FORMULAS, ROWS } from './results.generated.mjs';

/** [label, text] of each row of result type `type` that `r` holds. */
export function shownPairs(type, r, own = {}) {
  const pairs = [];
  for (const [field, label, format] of ROWS[type] ?? []) {
    if (r[field] === undefined || (r[field] === null && !own[field])) continue;
    const shown = (own[field] ?? SHOWN[format] ?? SHOWN.text)(r[field], r);
    if (shown === undefined) continue;
    if (!Array.isArray(shown)) pairs.push([label, shown]);
    else if (!shown.length || Array.isArray(shown[0])) pairs.push(...shown);
    else pairs.push(shown);
  }
  return pairs;
}

/** The formula rows of `type` (fpr's table): [field, label with the result's fields filled in ({hashing}), reference]. */
export function formulaRows(type, r) {
  return (FORMULAS[type] ?? []).map(([field, label, reference]) => [field, label.replace(/\{(\w+)\}/g, (_, name) => r[name]), reference]);
}
