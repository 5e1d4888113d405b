// A worker thread of wasm/rbf-pool-node.mjs: loads the module once, then answers { id, input, k } with the
// rows of that k (calc.recommendRows) or the error's name, message and parameter.
import { parentPort } from 'node:worker_threads';
import { createBloomCalc } from './index.mjs';

const calc = await createBloomCalc({ modules: ['rbf'] }); // recommendRows only (docs/decisions.md, "Two modules")
parentPort.on('message', ({ id, input, k }) => {
  try {
    parentPort.postMessage({ id, rows: calc.recommendRows(input, k, k) });
  } catch (err) {
    parentPort.postMessage({ id, error: { name: err.name, message: err.message, parameter: err.parameter, validRange: err.validRange } });
  }
});
