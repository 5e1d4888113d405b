// A worker of the simulation worker's pool (web/sim-worker.mjs; wasm/sim-pool.mjs shares the epochs out, as
// wasm/sim-pool-worker.mjs does for Node's threads): loads the simulations' module from the Module its lead
// offers (web/wasm-worker.mjs, offerModule), then answers 'epochs' ({ input, share, chunkMs }): its share of a
// simulation's epochs, each chunk's completed epochs and bit probes posted as progress. Stopping it is terminating
// it (the page terminates the simulation worker, whose workers end with it).
import simFactory from '../dist/bloomcalc.sim.mjs';
import { loadInWorker } from './wasm-worker.mjs';
import { serveCalls } from '../wasm/worker-protocol.mjs';
import { runShare } from '../wasm/sim-pool.mjs';

serveCalls(self, { epochs: (bc, job, progress) => runShare(bc, job, progress) }, () => loadInWorker('sim', simFactory));
