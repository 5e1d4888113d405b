// The accepted name a misspelt one most likely meant (docs/api.md, "Strict inputs"): the API's unknown fields, the
// CLI's unknown options and the page's misspelt URL keys all suggest by this one rule.

// The accepted name a typo most likely meant: the same name in another case (`maxbytes`, `Sigma`), else the
// closest within 1 edit (names of 3–4 letters) or 2 (longer), an edit being an insertion, a deletion, a
// substitution or two neighbours swapped (`hashin`, `hasihng`); one- and two-letter names only by case.
export function nearest(key, names) {
  const lower = key.toLowerCase();
  const caseOnly = names.find((name) => name.toLowerCase() === lower);
  if (caseOnly) return caseOnly;
  let best;
  let bestDistance = Infinity;
  for (const name of names) {
    const limit = name.length >= 5 ? 2 : name.length >= 3 ? 1 : 0;
    if (Math.abs(name.length - key.length) > limit) continue;
    const d = editDistance(lower, name.toLowerCase());
    if (d <= limit && d < bestDistance) [best, bestDistance] = [name, d];
  }
  return best;
}

// Optimal string alignment distance (Levenshtein with adjacent transpositions).
function editDistance(a, b) {
  let before = null;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost);
      if (before && i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) row[j] = Math.min(row[j], before[j - 2] + 1);
    }
    [before, previous] = [previous, row];
  }
  return previous[b.length];
}
