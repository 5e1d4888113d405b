// A worker thread of wasm/sim-pool-node.mjs (the protocol: wasm/worker-protocol.mjs): loads the simulations' module once —
// instantiating the WebAssembly.Module it was started with (compiled once by the parent) — then answers 'epochs'
// ({ input, share, chunkMs }): runs its share of a simulation's epochs (wasm/sim-pool.mjs), posting each chunk's
// completed epochs and bit probes as progress. Stopping it is terminating the thread.
import { parentPort, workerData } from 'node:worker_threads';
import simFactory from '../dist/bloomcalc.sim.mjs';
import { wrap } from './api.mjs';
import { instantiate } from './loader.mjs';
import { wasmModule } from './node-wasm.mjs';
import { serveCalls } from './worker-protocol.mjs';
import { runShare } from './sim-pool.mjs';

const raw = await instantiate(simFactory, { wasmModule: workerData?.module ?? (await wasmModule('bloomcalc.sim.wasm')) });
const calc = wrap(null, null, raw); // the sim module alone (MODULE_NAMES' order)
serveCalls(parentPort, { epochs: (bc, job, progress) => runShare(bc, job, progress) }, () => calc);
