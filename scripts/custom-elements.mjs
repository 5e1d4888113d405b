// Generates what tools know about <bloom-calc> from the element itself, so they cannot drift from it:
//  - custom-elements.json (Custom Elements Manifest, schema 2.1; package.json "customElements"): every attribute,
//    property, event, CSS part, CSS custom property and custom state;
//  - types/element.d.ts: the element's TypeScript types (its attributes, properties and events; the class and
//    HTMLElementTagNameMap['bloom-calc'] in types/element-class.d.ts), which types/element-react.d.ts and
//    types/element-vue.d.ts use for JSX and Vue templates.
// The attributes come from each calculator's field definitions (web/<name>.mjs `fields`, read from the built
// bundle dist/element/bloom-calc.mjs, which Node imports without a DOM), their values from the <select>
// options of the calculator's template; the parts and custom properties from the sources (web/*.mjs,
// web/calculators/*.html, web/element.css); the element's own attributes and events from ELEMENT below.
// Run by scripts/build-web.mjs after bundling; tests/js/custom-elements.test.mjs fails when the committed
// files are stale. Usage: node scripts/custom-elements.mjs
import { readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ENTRY = 'dist/element/bloom-calc.mjs';

// The element's own attributes (not a calculator's input), as web/element-base.mjs, web/exports.mjs and
// web/formulas.mjs read them; its read-only properties and its events (element-base.mjs).
const ELEMENT = {
  attributes: [
    {
      name: 'url-state',
      type: 'boolean',
      description: 'Read the inputs from the page URL at start and write them back as they change (history.replaceState).',
    },
    { name: 'theme', type: "'light' | 'dark'", description: "Force a theme; by default the element follows the host page's (web/theme.mjs)." },
    {
      name: 'docs-base',
      type: 'string',
      description: 'Where the equation links point (a folder of the docs as HTML); by default the docs shipped beside the bundle.',
    },
    {
      name: 'page-url',
      type: 'string',
      description: 'A bloomcalc page that "Copy embed code" may frame in an iframe; without it the embed code is the element alone.',
    },
    {
      name: 'loading',
      type: "'eager' | 'lazy'",
      description:
        'lazy: the markup and the fields at once, the WebAssembly module and the first result only when the element nears the viewport (as <img ' +
        'loading="lazy">); by default at once.',
    },
    { name: 'autorun', type: 'boolean', calculators: ['simulate'], description: 'Run the simulation on load and on every change.' },
  ],
  readonly: [
    {
      name: 'result',
      type: 'unknown',
      description: 'The latest result: the object the JS API returns for these inputs (null while the inputs are invalid or before the first computation).',
    },
    {
      name: 'error',
      type: '(Error & { parameter?: string }) | null',
      description: 'The latest error, its .parameter naming the bad input; null after a result.',
    },
    { name: 'state', type: 'Record<string, string>', description: 'The inputs as { attribute: value }, as typed.' },
    { name: 'query', type: 'string', description: "The inputs as a URL query (no '?'), defaults left out." },
  ],
  events: [
    { name: 'result', type: 'CustomEvent<unknown>', description: 'After every computation; detail: the result (bubbles, composed).' },
    {
      name: 'error',
      type: 'CustomEvent<Error & { parameter?: string }>',
      description: 'When the inputs are invalid; detail: the Error with .parameter (bubbles, composed).',
    },
  ],
  states: [{ name: 'dark', description: 'The dark theme is shown (forced by theme="dark", or the host page is dark).' }],
};

const camel = (name) => name.replace(/-([a-z])/g, (_, c) => c.toUpperCase());
const quote = (value) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** The option values of `<select id="id">` in a calculator's template, or null when the field is a text box. */
function selectOptions(template, id) {
  const select = template.match(new RegExp(`<select[^>]*\\bid="${id}"[^>]*>([\\s\\S]*?)</select>`));
  if (!select) return null;
  return [...select[1].matchAll(/<option[^>]*\bvalue="([^"]*)"/g)].map((m) => m[1]);
}

/** Every calculator's fields, merged by attribute: { attribute → { calculators, values, fallbacks, aliases, url } }. */
async function calculatorFields() {
  const entry = pathToFileURL(join(root, ENTRY));
  entry.search = `?built=${(await stat(join(root, ENTRY))).mtimeMs}`; // a rebuilt bundle, not the module cache's
  const element = await import(entry.href);
  const names = element.calculatorNames();
  const fields = new Map();
  for (const name of names) {
    const def = await element.CALCULATORS[name]();
    for (const [attr, field] of Object.entries(def.fields)) {
      const entry = fields.get(attr) ?? { calculators: [], values: null, text: false, fallbacks: {}, aliases: new Set(), urlKeys: {} };
      entry.calculators.push(name);
      const options = selectOptions(def.template, field.id);
      if (options) entry.values = [...new Set([...(entry.values ?? []), ...options])];
      else entry.text = true;
      entry.fallbacks[name] = field.fallback ?? '';
      for (const alias of field.aliases ?? []) entry.aliases.add(alias);
      if ((field.url ?? attr) !== attr) entry.urlKeys[name] = field.url;
      fields.set(attr, entry);
    }
  }
  return { names, fields };
}

/** The CSS parts: part="…" in the templates, setAttribute('part', '…') in the code. */
async function cssParts() {
  const parts = new Set();
  const dirs = [join(root, 'web'), join(root, 'web', 'calculators')];
  for (const dir of dirs) {
    for (const file of (await readdir(dir)).filter((f) => /\.(mjs|html)$/.test(f))) {
      const text = await readFile(join(dir, file), 'utf8');
      for (const m of text.matchAll(/\bpart="([\w-]+)"|setAttribute\('part', '([\w-]+)'\)/g)) parts.add(m[1] ?? m[2]);
    }
  }
  return [...parts].sort();
}

/** The --bc-* custom properties of web/element.css with their light (first) and dark (:host([theme=dark])) defaults. */
async function cssProperties() {
  const css = await readFile(join(root, 'web', 'element.css'), 'utf8');
  const darkBlock = css.match(/:host\(\[theme="dark"\]\)\s*\{([^}]*)\}/)?.[1] ?? '';
  const found = new Map();
  const read = (text, key) => {
    for (const m of text.matchAll(/var\((--bc-[\w-]+)(?:,\s*((?:[^()]|\([^()]*\))*))?\)/g)) {
      const entry = found.get(m[1]) ?? {};
      entry[key] ??= m[2]?.trim();
      found.set(m[1], entry);
    }
  };
  read(css.replace(darkBlock, ''), 'light');
  read(darkBlock, 'dark');
  return [...found].sort(([a], [b]) => a.localeCompare(b)).map(([name, { light, dark }]) => ({ name, light, dark }));
}

function attributeType(entry) {
  if (entry.values && !entry.text) return entry.values.map(quote).join(' | ');
  return 'string';
}

function describeField(attr, entry) {
  const used = entry.calculators.map((name) => {
    const fallback = entry.fallbacks[name];
    const key = entry.urlKeys[name];
    return `${name}${fallback ? ` (default ${fallback})` : ''}${key ? ` [URL key ${key}]` : ''}`;
  });
  const aliases = entry.aliases.size
    ? ` Older name${entry.aliases.size > 1 ? 's' : ''}: ${[...entry.aliases].join(', ')} (read, and rewritten to ${attr}).`
    : '';
  return `An input of ${used.join(', ')}, as typed (the same strings as the page URL).${aliases}`;
}

/** { manifest, types }: the Custom Elements Manifest (an object) and types/element.d.ts (text). */
export async function customElements() {
  const { names, fields } = await calculatorFields();
  const parts = await cssParts();
  const properties = await cssProperties();
  const calculatorType = names.map(quote).join(' | ');
  const attributes = [
    { name: 'calculator', type: calculatorType, description: `Which calculator: ${names.join(', ')}.`, property: 'calculator' },
    ...[...fields].map(([attr, entry]) => ({ name: attr, type: attributeType(entry), description: describeField(attr, entry), property: camel(attr) })),
    // an older name that is also another calculator's field (recycling's fpr, paradox's fpr) is listed once, above
    ...[...fields].flatMap(([attr, entry]) =>
      [...entry.aliases]
        .filter((alias) => !fields.has(alias))
        .map((alias) => ({
          name: alias,
          type: attributeType(entry),
          description: `Older name of ${attr}: read, and rewritten to ${attr}.`,
          property: camel(alias),
          deprecated: `use ${attr}`,
        })),
    ),
    ...ELEMENT.attributes.map((a) => ({ ...a, description: a.calculators ? `${a.calculators.join(', ')}: ${a.description}` : a.description })),
  ];
  const declaration = {
    kind: 'class',
    name: 'BloomCalcElement',
    tagName: 'bloom-calc',
    customElement: true,
    description:
      'A bloomcalc calculator (Bloom filter sizing, exact false-positive rate, the Bloom paradox, counting and recycling ' +
      'filters, layouts), computed locally in WebAssembly. docs/embed.md.',
    attributes: attributes.map(({ name, type, description, property, deprecated }) => ({
      name,
      type: { text: type },
      description,
      ...(property ? { fieldName: property } : {}),
      ...(deprecated ? { deprecated } : {}),
    })),
    members: [
      ...attributes
        .filter((a) => a.property)
        .map(({ property, type, description, deprecated }) => ({
          kind: 'field',
          name: property,
          type: { text: type === 'boolean' ? 'boolean' : type },
          description,
          ...(deprecated ? { deprecated } : {}),
        })),
      ...ELEMENT.readonly.map(({ name, type, description }) => ({ kind: 'field', name, type: { text: type }, description, readonly: true })),
    ],
    events: ELEMENT.events.map(({ name, type, description }) => ({ name, type: { text: type }, description })),
    cssParts: parts.map((name) => ({ name })),
    cssProperties: properties.map(({ name, light, dark }) => ({
      name,
      ...(light ? { default: light } : {}),
      description: dark ? `light default ${light}; dark ${dark}` : `default ${light}`,
    })),
    cssStates: ELEMENT.states,
  };
  const manifest = {
    schemaVersion: '2.1.0',
    readme: 'docs/embed.md',
    modules: [
      {
        kind: 'javascript-module',
        path: ENTRY,
        declarations: [declaration],
        exports: [
          { kind: 'js', name: 'BloomCalcElement', declaration: { name: 'BloomCalcElement', module: ENTRY } },
          { kind: 'custom-element-definition', name: 'bloom-calc', declaration: { name: 'BloomCalcElement', module: ENTRY } },
        ],
      },
    ],
  };
  return { manifest, types: elementTypes({ names, attributes }) };
}

/** types/element.d.ts: the attributes, properties and events; the class, its constructor and the tag-name map are
 * written once by hand in types/element-class.d.ts, which this file re-exports. */
function elementTypes({ names, attributes }) {
  const doc = (text) => `  /** ${text.replace(/\*\//g, '*\\/')} */`;
  const key = (name) => (/^[a-z]\w*$/i.test(name) ? name : quote(name));
  const attrLines = attributes.map((a) => `${doc(a.description)}\n  ${key(a.name)}?: ${a.type === 'boolean' ? "boolean | ''" : a.type};`);
  const propLines = attributes
    .filter((a) => a.property && a.type !== 'boolean')
    .map((a) => `${doc(a.description)}\n  ${a.property}: ${a.name === 'calculator' ? 'BloomCalcCalculator' : a.type};`);
  const readonly = ELEMENT.readonly.map((r) => `${doc(r.description)}\n  readonly ${r.name}: ${r.name === 'result' ? 'unknown | null' : r.type};`);
  return `// Generated by scripts/custom-elements.mjs from the calculators' field definitions: do not edit.
// <bloom-calc>'s types for TypeScript (the package's "./element" export). JSX: bloomcalc/element/react
// (types/element-react.d.ts); Vue templates: bloomcalc/element/vue (types/element-vue.d.ts). docs/embed.md.
export * from './element-class.js';

/** The calculators of <bloom-calc calculator="…">. */
export type BloomCalcCalculator = ${names.map(quote).join(' | ')};

/** The attributes of <bloom-calc> (every calculator's inputs; each calculator reads its own), as strings. */
export interface BloomCalcAttributes {
${attrLines.join('\n')}
}

/** The events of <bloom-calc>. */
export interface BloomCalcEventMap extends Omit<HTMLElementEventMap, 'error'> {
${ELEMENT.events.map((e) => `${doc(e.description)}\n  ${e.name}: ${e.type};`).join('\n')}
}

/**
 * <bloom-calc>'s properties: each input is a property (camelCase of its attribute) that reads the field and writes
 * the attribute; setting an attribute or property recomputes.
 */
export interface BloomCalcProperties {
${propLines.join('\n')}
${readonly.join('\n')}
}
`;
}

const FILES = { manifest: 'custom-elements.json', types: 'types/element.d.ts' };

/** The generated files' paths and texts. */
export async function generatedFiles() {
  const { manifest, types } = await customElements();
  return [
    [join(root, FILES.manifest), `${JSON.stringify(manifest, null, 2)}\n`],
    [join(root, FILES.types), types],
  ];
}

/** Writes custom-elements.json and types/element.d.ts (needs dist/element built). */
export async function writeCustomElements() {
  for (const [path, text] of await generatedFiles()) await writeFile(path, text);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  writeCustomElements().then(
    () => console.log(`custom-elements: wrote ${Object.values(FILES).join(', ')}`),
    (err) => {
      console.error(err.message);
      process.exitCode = 1;
    },
  );
}
