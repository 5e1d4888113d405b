// web/fields.generated.mjs: each calculator's fields in the shape web/element-base.mjs reads
// ({ attribute: { id, url?, fallback?, aliases?, urlAliases?, choices?, label? } }), from schema/calculators.mjs; label
// ([symbol, words]): a field of a schema group declares its control's label with its page facts (web/templates.mjs).
import { CALCULATORS, INPUTS, METHODS, TYPES, kebab } from '../../schema/index.mjs';

/** A field's declaration in the first of the calculator's methods' inputs holding it. */
const declaration = (methods, field) =>
  methods.map((method) => INPUTS[METHODS[method].input].fields).find((fields) => Object.hasOwn(fields, field))?.[field];

/**
 * The values a choice field's select offers (web/templates.mjs checks its options against them): its type's
 * choices or values; a layout picker (an input reading `layout` and `preset`) offers the presets too.
 */
function choicesOf(methods, field, fallback) {
  const f = declaration(methods, field);
  const named = TYPES[f?.type];
  if (!named) return undefined;
  const out = [...(named.choices ?? named.values.map(String))];
  if (field === 'layout') {
    const preset = declaration(methods, 'preset');
    if (preset) out.push(...TYPES[preset.type].choices);
  }
  if (fallback !== undefined && !out.includes(fallback)) out.push(fallback); // hash-bits: 'none', no floor
  return out;
}

/** The element's fields of one calculator. */
export function elementFields(name) {
  const { id, fields, methods } = CALCULATORS[name];
  return Object.fromEntries(
    Object.entries(fields).map(([field, f]) => {
      const attr = kebab(field);
      const url = f.url ?? attr;
      const out = { id: (f.id ?? id).replace('{attr}', attr).replace('{url}', url) };
      if (f.url) out.url = f.url;
      if (f.default !== undefined) out.fallback = f.default;
      if (f.older) out.aliases = f.older;
      if (f.urlOlder) out.urlAliases = f.urlOlder;
      if (f.label) out.label = f.label;
      const choices = choicesOf(methods, field, f.default);
      if (choices) out.choices = choices;
      return [attr, out];
    }),
  );
}

/** The calculator fields that are no field of any of its methods' inputs (none, or the schema is inconsistent). */
export function strayFields() {
  const out = [];
  for (const [name, { methods, fields }] of Object.entries(CALCULATORS))
    for (const field of Object.keys(fields))
      if (!methods.some((method) => Object.hasOwn(INPUTS[METHODS[method].input].fields, field))) out.push(`${name}.${field}`);
  return out;
}

export function elementTables(header) {
  const constName = (name) => `${name.toUpperCase()}_FIELDS`;
  return [
    header('//'),
    '// Each calculator\'s fields as <bloom-calc> reads them (web/element-base.mjs): { attribute: { id, url, fallback, aliases, urlAliases, choices } },',
    '// and the label of a group field\'s control (web/templates.mjs): label [symbol, words].',
    ...Object.keys(CALCULATORS).map((name) => `export const ${constName(name)} = ${JSON.stringify(elementFields(name))};`),
    '',
  ].join('\n');
}
