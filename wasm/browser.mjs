// Browser and worker entry of the npm package: the ES module build with a separate .wasm file.
// Pass `locateFile` to self-host the .wasm elsewhere; by default it sits beside bloomcalc.web.mjs.
import factory from '../dist/bloomcalc.web.mjs';
import { wrap } from './api.mjs';

export async function createBloomCalc(options = {}) {
  return wrap(await factory({ ...options }));
}

export default createBloomCalc;
