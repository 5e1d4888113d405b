// Node entry of the npm package: the CommonJS single-file build (wasm inlined) behind an ESM API.
import { createRequire } from 'node:module';
import { wrap } from './api.mjs';

const require = createRequire(import.meta.url);

export async function createBloomCalc(options = {}) {
  const factory = require('../dist/bloomcalc.node.cjs');
  return wrap(await factory({ ...options }));
}

export default createBloomCalc;
