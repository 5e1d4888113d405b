// The browser entry of the custom elements: `<script type="module" src="bloom-calc.mjs">` then
// `<bloom-calc calculator="sizing" n="1M" p="1%"></bloom-calc>`. Bundled by scripts/build-web.mjs into
// dist/element/bloom-calc.mjs, with bloomcalc.web.wasm and the workers beside it (found relative to the
// bundle's own URL). The page (dist/web) is built from the same bundle. See docs/embed.md.
import { BloomCalcElement, calculatorNames, loadCalculator, registerCalculator } from './element-base.mjs';
import { calculator as cbf } from './cbf.mjs';
import { calculator as layouts } from './layouts.mjs';
import { formulas, simulate } from './formulas.mjs';
import { calculator as paradox } from './paradox.mjs';
import { calculator as recycling } from './rbf.mjs';
import { calculator as sizing } from './sizing.mjs';

/** Every calculator <bloom-calc calculator="…"> knows; add yours here (see web/element-base.mjs). */
export const CALCULATORS = [sizing, formulas, paradox, cbf, recycling, simulate, layouts];

for (const def of CALCULATORS) registerCalculator(def);
if (!customElements.get('bloom-calc')) customElements.define('bloom-calc', BloomCalcElement);

export { BloomCalcElement, calculatorNames, loadCalculator };
