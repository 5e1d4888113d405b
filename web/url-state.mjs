// The view's state in the query string: n, p, m, k as typed, and the three selects when they differ
// from their defaults. Reload and a shared URL reproduce the view.

export const TEXT_FIELDS = ['n', 'p', 'm', 'k'];
export const SELECTS = { rounding: 'none', method: 'classic', hashing: 'colliding' };
export const KEYS = [...TEXT_FIELDS, ...Object.keys(SELECTS)];

/** The view when the URL carries no state. */
export const DEFAULT_STATE = Object.freeze({ n: '1M', p: '1%' });

/** State object from a query string; null when the query names none of our keys. */
export function readState(search) {
  const params = new URLSearchParams(search);
  if (!KEYS.some((key) => params.has(key))) return null;
  const state = {};
  for (const key of KEYS) {
    const value = params.get(key);
    if (value !== null && value.trim() !== '') state[key] = value;
  }
  return state;
}

/** The sizing part of a query string (other sections' parameters dropped). */
export function sizingQuery(search) {
  return stateToQuery(readState(search) ?? {});
}

/** Query string (without "?") of a state: only non-empty fields, selects only when not default. */
export function stateToQuery(state) {
  const params = new URLSearchParams();
  for (const key of TEXT_FIELDS) {
    const value = (state[key] ?? '').trim();
    if (value !== '') params.set(key, value);
  }
  for (const [key, fallback] of Object.entries(SELECTS)) {
    const value = state[key];
    if (value && value !== fallback) params.set(key, value);
  }
  return params.toString();
}

/**
 * Writes the state into the address bar without adding a history entry. Parameters that belong to
 * other sections of the page (e.g. the paradox section) are kept.
 */
export function writeState(state, keys = KEYS, toQuery = stateToQuery) {
  const query = toQuery(state);
  const url = new URL(window.location.href);
  const params = new URLSearchParams(url.search);
  for (const key of keys) params.delete(key);
  for (const [key, value] of new URLSearchParams(query)) params.set(key, value);
  url.search = params.toString();
  if (url.href !== window.location.href) window.history.replaceState(null, '', url);
  return query;
}
