// The page URL of an element with the url-state attribute: its keys read in any case, written back without a
// history entry, and misspelt keys named.
import { nearest } from '../wasm/nearest.mjs';
import { calculatorEntries } from './element-registry.mjs';

/**
 * The URL key of `params` that is `key` in another case (`N` for `n`, `Hashing` for `hashing`), or undefined. Every
 * key of every calculator is lower case, so such a key is a misspelling of this one, never another calculator's: it
 * is read as `key` and, with url-state, rewritten to it (docs/decisions.md, "Strict inputs").
 */
export function caseVariant(params, key) {
  const lower = key.toLowerCase();
  for (const name of params.keys()) if (name !== key && name.toLowerCase() === lower) return name;
  return undefined;
}

/** The current URL's query with `keys` (in any case) replaced by `query`'s (other calculators' keys kept); no history entry. */
export function writeUrl(keys, query) {
  const url = new URL(window.location.href);
  const owned = new Set(keys.map((key) => key.toLowerCase()));
  for (const key of [...url.searchParams.keys()]) if (owned.has(key.toLowerCase())) url.searchParams.delete(key);
  for (const [key, value] of new URLSearchParams(query)) url.searchParams.set(key, value);
  if (url.href !== window.location.href) window.history.replaceState(null, '', url);
}

/**
 * A URL key no calculator reads that is, by the API's suggestion rule, a misspelling of one of `own` (the element's
 * calculator's keys: `?hashin=` for `?hashing=`) is named in a notice above the calculator in `root`: the page
 * computed without it. The page's own keys are often near misses of each other (`hashing`, `rhashing`), so a key is
 * named only once every registered calculator's keys are known (their modules are loaded then: on the page, they
 * are anyway).
 */
export async function noticeMisspeltKeys(root, own) {
  const sameAs = (key) => (k) => k.toLowerCase() === key.toLowerCase(); // read as the key (caseVariant)
  const near = [...new Set(new URLSearchParams(window.location.search).keys())]
    .filter((key) => !own.some(sameAs(key)))
    .map((key) => [key, nearest(key, own)])
    .filter(([, meant]) => meant !== undefined);
  if (near.length === 0) return;
  const known = new Set(['embed']); // web/app.mjs's key
  try {
    for (const { load } of calculatorEntries())
      for (const [attr, field] of Object.entries((await load()).fields)) for (const key of [field.url ?? attr, ...(field.urlAliases ?? [])]) known.add(key);
  } catch {
    return; // a calculator that cannot load: no notice rather than a wrong one
  }
  // named by the calculator whose key is the nearest of all (`hashin`: sizing's hashing, not the recycling rhashing)
  const misspelt = near.filter(([key]) => ![...known].some(sameAs(key)) && own.includes(nearest(key, [...known])));
  // the calculator's markup, after the <link> to its styles of a root rendered ahead (web/element-base.mjs)
  const top = [...root.children].find((child) => child.localName !== 'link');
  if (misspelt.length === 0 || !top) return;
  const note = document.createElement('p');
  note.className = 'help small url-notice';
  note.setAttribute('role', 'status');
  note.setAttribute('part', 'notice');
  note.dataset.testid = 'url-notice';
  const shown = (key) => (key.length > 40 ? `${key.slice(0, 40)}…` : key);
  note.textContent = `This link's ${misspelt.map(([key, meant]) => `"${shown(key)}" was not read (did you mean "${meant}"?)`).join('; ')}.`;
  top.prepend(note);
}
