// Module Web Worker of the sizing calculator: bc.size off the page's thread (up to ~2 s for the exact method with
// distinct hashing), served by the protocol of wasm/worker-protocol.mjs. A worker of its own, the
// smallest: the sizing calculator's first result comes from it (the embed size budget, tests/js/size.test.mjs).
import mainFactory from '../dist/bloomcalc.web.mjs';
import { loadInWorker } from './wasm-worker.mjs';
import { serveCalls } from '../wasm/worker-protocol.mjs';

serveCalls(self, { size: (bc, input) => bc.size(input) }, () => loadInWorker('main', mainFactory));
