// Module Web Worker of the sizing calculator: bc.size off the page's thread (up to ~2 s for the exact method with
// distinct hashing), served by the protocol of wasm/worker-protocol.mjs. A worker of its own, the
// smallest: the sizing calculator's first result comes from it (the embed size budget, tests/js/size.test.mjs).
import mainFactory from '../dist/bloomcalc.web.mjs';
import { loadWhenOffered } from './wasm-worker.mjs';
import { serveCalls } from '../wasm/worker-protocol.mjs';

// started with the calculator's code (web/sizing.mjs): its module instantiated while the page loads, for the first result
serveCalls(self, { size: (bc, input) => bc.size(input) }, loadWhenOffered('main', mainFactory));
