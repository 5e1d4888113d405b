// Module Web Worker of the layouts section: sizes every layout for (n, p) with bc.layoutSize and samples
// each sized filter's exact FPR over n/8 … 8n for the chart, off the page's thread (a sizing takes
// 2–60 ms). Served by the protocol of wasm/worker-protocol.mjs; its one method, 'layouts':
// { n, p, picked: { layout|preset, the fields it takes, k?, hashBits? } }.
import layoutsFactory from '../dist/bloomcalc.layouts.mjs';
import { loadWhenOffered } from './wasm-worker.mjs';
import { toWire } from '../wasm/error-wire.mjs';
import { serveCalls } from '../wasm/worker-protocol.mjs';
import { INPUT_FIELDS, METHOD_INPUTS } from '../wasm/inputs.generated.mjs';

// The layouts module (bloomcalc.layouts.wasm), loaded on the first request from the Module the page compiled
// (web/wasm-share.mjs, web/wasm-worker.mjs); no other module is needed here (docs/decisions.md, "Modules along the calculators").

/** The layouts of the comparison table: the deployed presets and the generic shapes. */
const TABLE = [
  { id: 'standard', label: 'Standard (textbook)', input: { layout: 'standard' } },
  { id: 'rocksdb', label: 'RocksDB FastLocalBloom (B = 512)', input: { preset: 'rocksdb' } },
  { id: 'parquet', label: 'Parquet / Arrow split block (B = 256, k = 8)', input: { preset: 'parquet' } },
  { id: 'boost-block', label: 'Boost.Bloom block<uint64_t, K>', input: { preset: 'boost-block' } },
  { id: 'boost-multiblock', label: 'Boost.Bloom multiblock<uint64_t, K>', input: { preset: 'boost-multiblock' } },
  { id: 'partitioned', label: 'Partitioned (k slices)', input: { layout: 'partitioned' } },
];

/** ~count log-spaced item counts from n/8 to 8n within [1, 2^40], n included. */
function counts(n, count = 36) {
  const lo = Math.max(1, n / 8);
  const hi = Math.min(2 ** 40, n * 8);
  const xs = new Set([n]);
  for (let i = 0; i < count; i++) xs.add(Math.max(1, Math.round(lo * (hi / lo) ** (i / (count - 1)))));
  return [...xs].sort((a, b) => a - b);
}

function compute(bc, { n, p, picked }) {
  // The picked layout first: its errors belong to the form's fields.
  const pickedSize = bc.layoutSize({ n, p, ...picked });
  const nValue = pickedSize.n;
  const xs = counts(nValue);
  const rows = TABLE.map((row) => {
    try {
      return { ...row, size: bc.layoutSize({ n, p, ...row.input }) };
    } catch (err) {
      return { ...row, error: toWire(err) };
    }
  });
  // a sized filter as layoutExactFpr's input: the fields that input declares, from the result (its layout, B and
  // k; not its preset, which would size them again from each n)
  const filterOf = (s) => Object.fromEntries(INPUT_FIELDS[METHOD_INPUTS.layoutExactFpr].filter(([f]) => f !== 'n' && f !== 'preset').map(([f]) => [f, s[f]]));
  const curve = (s) => xs.map((x) => bc.layoutExactFpr({ ...filterOf(s), n: x }));
  const series = rows.filter((r) => r.size).map((r) => ({ id: r.id, label: r.label, ys: curve(r.size) }));
  return { picked: pickedSize, rows, xs, series, pickedCurve: curve(pickedSize) };
}

serveCalls(self, { layouts: compute }, loadWhenOffered('layouts', layoutsFactory));
