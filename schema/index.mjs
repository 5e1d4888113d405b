// The schema of bloomcalc's inputs: one declaration per method and field (docs/decisions.md, "One schema").
// Read by scripts/generate.mjs, which writes every surface derived from it; never imported at run time (the
// generated tables are: the embed budget pays for what a calculator runs, not for docs).
export { ECHOES, GROUPS, TYPES } from './fields.mjs';
export { INPUTS } from './inputs.mjs';
export { METHODS } from './methods.mjs';
export { RESULTS, RESULT_TYPES } from './results.mjs';

/** The kinds of field and what each accepts (the readers of wasm/api.mjs). */
export const KINDS = {
  bits: 'a size in bits: a number or text with units (8192, 64KiB, 2Gb)',
  count: 'a count: a number or text (1000, 1e6, 1M, 1Mi, 2^20)',
  probability: 'a probability: a number or text (0.001, 0.1%, 1 in 1000)',
  decimal: 'a real number: a number or decimal text',
  chance: 'a probability: a number, decimal text, or text such as 1 in 1000 or 0.1%',
  choice: 'one of the names listed',
  list: 'a list of numbers: an array or comma-separated text',
  flag: 'true or false (or the text "true" / "false")',
};
export { CALCULATORS, PAGE_KEYS } from './calculators.mjs';

export { kebab, snake } from './names.mjs';
export { COMMANDS, QUANTITIES } from './cli.mjs';
export { VOCABULARY } from './vocabulary.mjs';
