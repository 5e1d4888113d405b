// CommonJS entry (`require('bloomcalc')`, Node ≥ 18): createBloomCalc is asynchronous anyway, so it loads
// the ES module entry with a dynamic import() — one implementation, no second build.
'use strict';

async function createBloomCalc(options) {
  const { createBloomCalc: create } = await import('./index.mjs');
  return create(options);
}

module.exports = createBloomCalc;
module.exports.createBloomCalc = createBloomCalc;
module.exports.default = createBloomCalc;
