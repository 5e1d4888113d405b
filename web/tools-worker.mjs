// Module Web Worker of the tools module's long calls (bloomcalc.tools.wasm): the sliding-window calculator's
// bc.window (a few hundred model evaluations, up to ~1 s in wasm), served by the protocol of
// wasm/worker-protocol.mjs.
import toolsFactory from '../dist/bloomcalc.tools.mjs';
import { loadInWorker } from './wasm-worker.mjs';
import { serveCalls } from '../wasm/worker-protocol.mjs';

serveCalls(self, { window: (bc, input) => bc.window(input) }, () => loadInWorker('tools', toolsFactory));
