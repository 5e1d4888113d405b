// The page's first number format (wasm/format.mjs, Intl.NumberFormat) initialises the browser's locale data and
// then its number data: one long task, where the first result is shown, unless it is done ahead in two short
// tasks of their own (web/in-turn.mjs), queued once per page when a first calculator starts to compute.
import { formatInt } from '../wasm/format.mjs';
import { inTurn } from './in-turn.mjs';

let queued = false;

export function prepareNumberFormats() {
  if (queued || typeof Intl !== 'object') return;
  queued = true;
  inTurn(() => new Intl.Locale('en-US').maximize()); // the locale's data (likely subtags)
  inTurn(() => formatInt(0)); // the number format's
}
