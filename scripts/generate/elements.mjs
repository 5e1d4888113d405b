// web/fields.generated.mjs: each calculator's fields in the shape web/element-base.mjs reads
// ({ attribute: { id, url?, fallback?, aliases?, urlAliases?, choices?, label? } }), from schema/calculators.mjs; label
// ([symbol, words]): a field of a schema group declares its control's label with its page facts (web/templates.mjs).
import { CALCULATORS, INPUTS, METHODS, PAGE_KEYS, TYPES, kebab } from '../../schema/index.mjs';

/** A field's declaration in the first of the calculator's methods' inputs holding it. */
const declaration = (methods, field) => methods.map((method) => INPUTS[METHODS[method].input].fields).find((fields) => Object.hasOwn(fields, field))?.[field];

/**
 * The values a choice field's select offers (web/templates.mjs checks its options against them): its type's
 * choices or values; a layout picker (an input reading `layout` and `preset`) offers the presets too.
 */
function choicesOf(methods, field, fallback) {
  const f = declaration(methods, field);
  if (f?.kind === 'flag') return ['false', 'true']; // a flag's select: no, yes
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

// A control's facts (schema/calculators.mjs) web/templates.mjs builds a generated form from.
const CONTROL = ['label', 'hint', 'placeholder', 'numeric', 'options', 'error'];

/** The element's fields of one calculator. */
export function elementFields(name) {
  const { id, fields: declared, methods } = CALCULATORS[name];
  const fields = declared; // a field shared with another calculator shows that one's control (web/templates.mjs)
  return Object.fromEntries(
    Object.entries(fields).map(([field, f]) => {
      const attr = kebab(field);
      const { url } = f; // prefix + attribute unless declared (schema/calculators.mjs)
      const out = { id: (f.id ?? id).replace('{attr}', attr).replace('{url}', url) };
      if (url !== attr) out.url = url;
      if (f.default !== undefined) out.fallback = f.default;
      if (f.older) out.aliases = f.older;
      if (f.urlOlder) out.urlAliases = f.urlOlder;
      if (f.label) out.label = f.label;
      const choices = choicesOf(methods, field, f.default);
      if (choices) out.choices = choices;
      if (f.label) {
        // the control (web/templates.mjs formRows), and how the calculator reads it: a text field by its kind's parser,
        // a select of numbers as a number, its `absent` value (a fallback no choice of the type: hash-bits none) as no field
        for (const c of CONTROL.filter((c) => f[c] !== undefined && c !== 'label')) out[c] = f[c];
        const named = TYPES[declaration(methods, field).type];
        if (!choices) out.kind = declaration(methods, field).kind;
        else if (named?.values) out.number = true;
        else if (declaration(methods, field).kind === 'flag') out.flag = true;
        if (choices && named && f.default !== undefined && !(named.choices ?? named.values.map(String)).includes(f.default)) out.absent = f.default;
      }
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
    "// Each calculator's fields as <bloom-calc> reads them (web/element-base.mjs): { attribute: { id, url, fallback, aliases, urlAliases, choices } },",
    "// and the label of a group field's control (web/templates.mjs): label [symbol, words].",
    ...Object.keys(CALCULATORS).map((name) => `export const ${constName(name)} = ${JSON.stringify(elementFields(name))};`),
    '',
  ].join('\n');
}

/** A calculator's WebAssembly module: its methods' (schema/methods.mjs), which must be one. */
export function moduleOf(name) {
  if (CALCULATORS[name].module) return CALCULATORS[name].module; // declared where its methods' modules differ
  const modules = [...new Set(CALCULATORS[name].methods.map((method) => METHODS[method].module))];
  if (modules.length !== 1) throw new Error(`schema/calculators.mjs: ${name} computes with methods of modules ${modules.join(', ')}; one only`);
  return modules[0];
}

/**
 * web/calculators.generated.mjs: the registry of <bloom-calc> (web/element.mjs) — each calculator's code as a literal
 * import() (esbuild makes each a chunk of its own), the module of those computing with another than the main one, and
 * the docs pages the calculators link as literal new URL()s (web/docs-links.mjs: bundlers emit each page).
 */
export function calculatorRegistry(header) {
  const clashes = urlClashes();
  if (clashes.length) throw new Error(`schema/calculators.mjs: URL keys clash: ${clashes.join('; ')}`);
  const entries = Object.entries(CALCULATORS);
  const modules = Object.fromEntries(entries.map(([name]) => [name, moduleOf(name)]).filter(([, module]) => module !== 'main'));
  const docs = [...new Set(entries.flatMap(([, { docs: pages }]) => pages))];
  const markup = entries.filter(([, def]) => def.markup);
  const constName = (name) => `${name.toUpperCase()}_FIELDS`;
  return [
    header('//'),
    '// Every calculator of <bloom-calc>, from schema/calculators.mjs: its code (web/<file>, loaded on first use), the',
    "// WebAssembly module of those not computing with the main one (their methods', schema/methods.mjs), the docs pages linked,",
    '// and the markup of those whose template is their markup and generated form (web/templates.mjs).',
    ...markup.map(([name, def]) => `import ${name}Markup from './calculators/${def.markup}';`),
    ...(markup.length ? [`import { ${markup.map(([name]) => constName(name)).join(', ')} } from './fields.generated.mjs';`] : []),
    'export const CALCULATORS = {',
    ...entries.map(
      ([
        name,
        {
          code: [file, exported],
        },
      ]) => `  ${name}: () => import('./${file}').then((m) => m.${exported}),`,
    ),
    '};',
    `export const MODULES = ${JSON.stringify(modules)};`,
    'export const DOCS = {',
    ...docs.map((page) => `  '${page}': () => new URL('./docs/${page}', import.meta.url),`),
    '};',
    `export const MARKUP = {${markup.map(([name]) => `${name}: [${name}Markup, ${constName(name)}]`).join(', ')}};`,
    '',
  ].join('\n');
}

/** Every URL key a calculator reads ({ key, calc, field }): each field's key and its older ones, in lower case (read in any case). */
const urlKeys = (calculators) =>
  Object.entries(calculators).flatMap(([calc, { fields }]) =>
    Object.entries(fields).flatMap(([field, f]) => [f.url, ...(f.urlOlder ?? [])].map((key, i) => ({ key: key.toLowerCase(), calc, field, older: i > 0 }))),
  );

/**
 * The clashes of a calculators table: a key two calculators read (but the same field of a calculator and the one whose
 * keys it declares it shares), a key of the page's, a key a calculator with a prefix does not start with it.
 */
export function urlClashes(calculators = CALCULATORS, pageKeys = PAGE_KEYS) {
  const out = [];
  const seen = new Map();
  const owner = (calc) => calculators[calc].shares ?? calc; // the calculator whose keys these are
  for (const { key, calc, field, older } of urlKeys(calculators)) {
    if (pageKeys.includes(key)) out.push(`${calc}.${field}: ${key} is the page's`);
    const { prefix, shares } = calculators[calc];
    // an older key is kept as it was; a shared one is the owner's
    const sharedKey = shares && calculators[shares].fields[field]?.url === key;
    if (!older && !key.startsWith(prefix) && !sharedKey) out.push(`${calc}.${field}: ${key} lacks the prefix ${prefix}`);
    for (const other of seen.get(key) ?? []) {
      const shared = owner(calc) === owner(other.calc) && other.field === field;
      if (!shared && other.calc !== calc) out.push(`${key}: ${other.calc}.${other.field} and ${calc}.${field}`);
    }
    seen.set(key, [...(seen.get(key) ?? []), { calc, field }]);
  }
  return out;
}
