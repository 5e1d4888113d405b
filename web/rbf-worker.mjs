// Module Web Worker of the recycling-filter section: runs bc.recommend (posting progress after each k)
// and bc.sigmaCurve / bc.rbf off the page's thread. Cancelling = the page terminates this worker.
// Messages in:  { id, type: 'recommend', input } | { id, type: 'curve', input: { m, k, variant, sigma? } }
// Messages out: { id, type: 'progress', done, total } | { id, type: 'result', result } | { id, type: 'error', error }
import { createBloomCalc } from '../wasm/browser.mjs';

// The .wasm sits beside this bundle (dist/web/rbf-worker.js).
const ready = createBloomCalc({ locateFile: (path) => new URL(path, import.meta.url).href });

function plainError(err) {
  return {
    name: err instanceof Error ? err.name : 'Error',
    message: err instanceof Error ? err.message : String(err),
    parameter: err?.parameter,
    validRange: err?.validRange,
  };
}

function curve(bc, { m, k, variant, sigma }) {
  const one = bc.sigmaCurve({ m, k, ...variant, phases: 1, points: 200 });
  let two = null;
  // Two filters of ⌊M/2⌋ bits need k ≤ M/2 bits each; without them only f¹ is drawn.
  try {
    two = bc.sigmaCurve({ m, k, ...variant, phases: 2, points: 200 });
  } catch (err) {
    if (!(err instanceof RangeError)) throw err;
  }
  let point = null;
  let pointError = null;
  if (sigma !== undefined && sigma !== '') {
    try {
      point = bc.rbf({ m, k, sigma, ...variant });
    } catch (err) {
      pointError = plainError(err);
    }
  }
  return { k, one, two, point, pointError };
}

self.addEventListener('message', async (event) => {
  const { id, type, input } = event.data;
  try {
    const bc = await ready;
    let result;
    if (type === 'recommend') {
      result = bc.recommend(input, (done, total) => {
        self.postMessage({ id, type: 'progress', done, total });
      });
    } else if (type === 'curve') {
      result = curve(bc, input);
    } else {
      throw new Error(`unknown request '${type}'`);
    }
    self.postMessage({ id, type: 'result', result });
  } catch (err) {
    self.postMessage({ id, type: 'error', error: plainError(err) });
  }
});
