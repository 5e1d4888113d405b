// wasm/inputs.generated.mjs: the readers' table wasm/api.mjs checks and fills every input with, from schema/.
// Compact (name, reader, default, older names) so that every calculator's bundle carries only this, not the docs.
import { INPUTS, METHODS, TYPES } from '../../schema/index.mjs';

function onChoices() {
  const out = {};
  for (const { fields } of Object.values(INPUTS))
    for (const f of Object.values(fields)) for (const on of Object.keys(f.only ?? {})) if (fields[on]) out[on] = TYPES[fields[on].type].choices;
  return out;
}

export function runtimeTables(header) {
  const inputs = Object.entries(INPUTS).map(([type, { fields }]) => {
    const rows = Object.entries(fields).map(([name, f]) => {
      const row = [name, f.reader ?? f.kind];
      const others = [...(f.older ?? []), ...Object.keys(f.also ?? {})];
      if (f.default !== undefined || others.length) row.push(f.default ?? null);
      if (others.length) row.push(others);
      return JSON.stringify(row);
    });
    return `  ${type}: [${rows.join(', ')}],`;
  });
  const methods = Object.entries(METHODS).map(([name, { input }]) => `  ${name}: ${JSON.stringify(input)},`);
  const only = Object.entries(INPUTS).flatMap(([type, { fields }]) => {
    // a condition on a field the input has (a group's field composed into an input without the other has none)
    const rows = Object.entries(fields)
      .map(([name, f]) => [name, Object.fromEntries(Object.entries(f.only ?? {}).filter(([on]) => Object.hasOwn(fields, on)))])
      .filter(([, only]) => Object.keys(only).length)
      .map(([name, only]) => `${name}: ${JSON.stringify(only)}`);
    return rows.length ? [`  ${type}: { ${rows.join(', ')} },`] : [];
  });
  return [
    header('//'),
    "// Each input type's fields in reading order: [name, reader (the kind, or a reader with a rule of its own), default",
    '// (filled when absent; null: none), the other names it reads (older names first)].',
    'export const INPUT_FIELDS = {',
    ...inputs,
    '};',
    '',
    '/** The input type of each method that takes an input object. */',
    'export const METHOD_INPUTS = {',
    ...methods,
    '};',
    '',
    '/** The fields that apply only with certain values of another field ({ field: [values] }, null: absent; api.mjs refuses them otherwise). */',
    'export const ONLY = {',
    ...only,
    '};',
    '/** The valid values of each field those conditions are on (an invalid one is named by the core, not the field it conditions). */',
    `export const ONLY_ON = ${JSON.stringify(onChoices())};`,
    '',
  ].join('\n');
}
