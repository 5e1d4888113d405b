// The size budget of an embed: what a page with one <bloom-calc calculator="…"> downloads before that
// calculator's first result, gzip-compressed, must stay within 200 KB, for EVERY calculator. What those bytes
// are, and how they are found from esbuild's metafile: scripts/embed-size.mjs (shared with `npm run bench --
// --only sizes`, which writes the figures into docs/measurements.md).
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { EMBED_BUDGET as BUDGET, MODULE_FILES, embedBuilt, embedSizes } from '../../scripts/embed-size.mjs';
import { ROOT } from './helpers/common.mjs';

test('embed size budget: entry + one calculator\'s chunks (+ its first-result worker) + its .wasm ≤ 200 KB gzip, for every calculator', { skip: !embedBuilt(ROOT) && 'dist/element is not built (node scripts/build.mjs web)' }, (t) => {
  const { rows, onDemand } = embedSizes(ROOT);
  for (const r of rows) {
    const worker = r.worker ? ` + ${r.worker} ${r.workerBytes}` : '';
    t.diagnostic(`${r.name.padEnd(9)} entry ${r.entryBytes} + ${r.files - 1} chunks ${r.chunks}${worker} + ${MODULE_FILES[r.wasmName].wasm} ${r.wasm} = ${r.total} B gzip (budget ${BUDGET}, margin ${BUDGET - r.total} B)`);
  }
  t.diagnostic(`on demand (after the first result): ${onDemand.map((o) => `${o.name} ${o.gzip} B`).join(', ')} (a worker also runs the runtime chunk it shares with the entry)`);
  const over = rows.filter((r) => r.total > BUDGET);
  assert.deepEqual(over.map((r) => `${r.name}: ${r.total} B`), [], `over the ${BUDGET} B gzip budget`);
});
