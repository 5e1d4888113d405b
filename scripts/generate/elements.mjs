// web/fields.generated.mjs: each calculator's fields in the shape web/element-base.mjs reads
// ({ attribute: { id, url?, fallback?, aliases?, urlAliases? } }), from schema/calculators.mjs.
import { CALCULATORS, INPUTS, METHODS, kebab } from '../../schema/index.mjs';

/** The element's fields of one calculator. */
export function elementFields(name) {
  const { id, fields } = CALCULATORS[name];
  return Object.fromEntries(
    Object.entries(fields).map(([field, f]) => {
      const attr = kebab(field);
      const url = f.url ?? attr;
      const out = { id: (f.id ?? id).replace('{attr}', attr).replace('{url}', url) };
      if (f.url) out.url = f.url;
      if (f.default !== undefined) out.fallback = f.default;
      if (f.older) out.aliases = f.older;
      if (f.urlOlder) out.urlAliases = f.urlOlder;
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
    '// Each calculator\'s fields as <bloom-calc> reads them (web/element-base.mjs): { attribute: { id, url, fallback, aliases, urlAliases } }.',
    ...Object.keys(CALCULATORS).map((name) => `export const ${constName(name)} = ${JSON.stringify(elementFields(name))};`),
    '',
  ].join('\n');
}
