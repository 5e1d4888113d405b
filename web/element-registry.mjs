// The calculators <bloom-calc calculator="…"> knows (registered by web/element.mjs) and the WebAssembly module
// each computes with.
import { loadOnPage } from './wasm-share.mjs';

/**
 * The WebAssembly module a calculator needs — 'main' (bloomcalc.web.wasm) or another of wasm/api.mjs MODULE_NAMES
 * (bloomcalc.<name>.wasm; docs/decisions.md, "Modules along the calculators") — fetched and compiled once for the page
 * (web/wasm-share.mjs: the same compiled Module goes to every worker the page starts) and instantiated once
 * for every element of the page that needs it. Resolves to the JS API over that module alone.
 */
export function loadCalculator(module = 'main') {
  return loadOnPage(module);
}

const registry = new Map(); // name → { load: () => Promise<definition>, module }

/**
 * Makes a calculator available to <bloom-calc calculator="name">: `load` returns (a promise of) its definition,
 * so each calculator's code can be a chunk of its own, downloaded when the first element naming it connects;
 * `module` is the WebAssembly module it computes with (one of wasm/api.mjs MODULE_NAMES, see loadCalculator), downloaded
 * side by side with that chunk; `template`, its markup (the definition's), shown as soon as the element connects.
 */
export function registerCalculator(name, load, module = 'main', template = undefined) {
  registry.set(name, { load, module, template });
}

export function calculatorNames() {
  return [...registry.keys()];
}

/** The registered calculator `name` ({ load, module, template }), or undefined. */
export function calculatorEntry(name) {
  return registry.get(name);
}

/** Every registered calculator ({ load, module, template }). */
export function calculatorEntries() {
  return [...registry.values()];
}
