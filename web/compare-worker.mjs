// Module Web Worker of "Which filter?" (its module, bloomcalc.tools.wasm): bc.compare (its cuckoo rows simulate the
// real table for their construction failure, ~0.2 s natively at any large n), served by the protocol of
// wasm/worker-protocol.mjs; `curves` is one compare per target of the chart's grid.
import toolsFactory from '../dist/bloomcalc.tools.mjs';
import { loadWhenOffered } from './wasm-worker.mjs';
import { serveCalls } from '../wasm/worker-protocol.mjs';

serveCalls(
  self,
  {
    compare: (bc, input) => bc.compare(input),
    curves: (bc, { n, grid }) => grid.map((p) => bc.compare({ n, p }).rows.map(({ family, bitsPerKey, meets }) => ({ family, bitsPerKey, meets }))),
  },
  loadWhenOffered('tools', toolsFactory),
);
