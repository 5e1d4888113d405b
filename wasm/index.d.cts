// Types of the CommonJS entry (`require('bloomcalc')`, wasm/index.cjs): the function itself, also as
// `.createBloomCalc` and `.default`; every other type is the ES entry's (wasm/index.d.ts).
import type { BloomCalc, CreateOptions } from './index.js' with { 'resolution-mode': 'import' };

declare function createBloomCalc(options?: CreateOptions): Promise<BloomCalc>;
declare namespace createBloomCalc {
  export { createBloomCalc, createBloomCalc as default };
  export type { BloomCalc, CreateOptions };
}
export = createBloomCalc;
