// The formula table of the sizing and formulas calculators (ids fpr-*, rel-*, formulas-caption): a module of its
// own, so the formulas and simulate calculators load it without the sizing calculator's code and chart (the
// embed size budget, tests/js/size.test.mjs).
import { setValue } from './form-fields.mjs';
import { formatInt, formatProbability, formatRelativeError } from '../wasm/format.mjs';

/** Significant digits that make the formulas' differences visible: 6, or more when they agree closely. */
function digitsFor(f) {
  const errs = Object.values(f.relativeError)
    .map(Math.abs)
    .filter((e) => e > 0 && Number.isFinite(e));
  if (!errs.length) return 6;
  return Math.min(12, Math.max(6, Math.ceil(-Math.log10(Math.min(...errs))) + 2));
}

/** The formula table (ids fpr-*, rel-*, formulas-caption) for a bc.fpr result f. */
export function renderFormulas($, f) {
  const digits = digitsFor(f);
  for (const key of ['bloom1970', 'classic', 'classicDistinct', 'exact']) {
    setValue($(`fpr-${key}`), f[key], formatProbability(f[key], digits));
  }
  for (const key of ['bloom1970', 'classic', 'classicDistinct']) {
    const rel = f.relativeError[key];
    const el = $(`rel-${key}`);
    setValue(el, rel, formatRelativeError(rel));
    el.classList.toggle('under', rel < 0);
    el.classList.toggle('over', rel > 0);
  }
  $('fpr-exact-hashing').textContent = f.hashing;
  $('formulas-caption').textContent =
    `False-positive rate of m = ${formatInt(f.m)} bits, n = ${formatInt(f.n)} items, k = ${f.k}, ` + 'by each formula, against the exact mean.';
}
