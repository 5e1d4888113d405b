// Module Web Worker of the sliding-window calculator (its module, bloomcalc.window.wasm): bc.window (a few hundred
// model evaluations, up to ~1 s in wasm), served by the protocol of wasm/worker-protocol.mjs.
import windowFactory from '../dist/bloomcalc.window.mjs';
import { loadWhenOffered } from './wasm-worker.mjs';
import { serveCalls } from '../wasm/worker-protocol.mjs';

serveCalls(self, { window: (bc, input) => bc.window(input) }, loadWhenOffered('window', windowFactory));
