// wasm/inputs.d.ts: the TypeScript types of every method's input (and of its named choices), from schema/.
// wasm/index.d.ts re-exports them; tests/types type-checks both. A field group (schema/fields.mjs GROUPS) is one
// interface, extended by every input that holds all of its fields as declared. An echo (schema/fields.mjs ECHOES) is
// the interface of the fields results repeat, as the core resolved them (wasm/results-*.d.ts extend it).
import { ECHOES, GROUPS, INPUTS, TYPES } from '../../schema/index.mjs';

const BASE = [
  '/**',
  ' * A quantity as a number or as text with units: counts accept `1000`, `1e6`, `1M`, `1Mi`, `2^20`;',
  ' * sizes in bits accept `8192`, `64KiB` (bytes ×8), `2Gb` (bits); probabilities accept `0.001`,',
  ' * `1e-3`, `0.1%`, `1 in 1000`, `1/1000`.',
  ' */',
  'export type Quantity = number | string;',
  '/** A list of numbers: an array or comma-separated text. */',
  'export type NumberList = readonly number[] | string;',
  '/** A yes/no option: true or false, or the text "true" / "false". */',
  "export type Flag = boolean | 'true' | 'false';",
];

const literal = (value) => (typeof value === 'string' ? `'${value}'` : String(value));
const KIND_TYPES = { bits: 'Quantity', count: 'Quantity', probability: 'Quantity', decimal: 'Quantity', chance: 'Quantity', list: 'NumberList', flag: 'Flag' };
const typeOf = (field) => field.type ?? (field.kind === 'choice' ? field.choices.map(literal).join(' | ') : KIND_TYPES[field.kind]);
const comment = (text, indent = '') => (text ? [`${indent}/** ${text} */`] : []);

function members(fields, { required = true } = {}) {
  const lines = [];
  for (const [name, field] of Object.entries(fields)) {
    lines.push(...comment(withDefault(field), '  '), `  ${name}${field.required && required ? '' : '?'}: ${typeOf(field)};`);
    for (const [other, doc] of Object.entries(field.also ?? {})) lines.push(...comment(doc, '  '), `  ${other}?: ${typeOf(field)};`);
    if (field.required && required) continue;
    for (const old of field.older ?? []) lines.push(...olderMember(name, field, old));
  }
  return lines;
}

/** The doc line, saying the default JS fills when the line does not. */
function withDefault(field) {
  if (field.default === undefined || /default/i.test(field.doc ?? '')) return field.doc;
  return `${field.doc ? `${field.doc} ` : ''}Default \`${literal(field.default)}\`.`;
}

function olderMember(name, field, old) {
  const doc = field.olderDoc?.[old] ?? `the older name of \`${name}\`.`;
  return [`  /** @deprecated ${doc} */`, `  ${old}?: ${field.olderType?.[old] ?? typeOf(field)};`];
}

/** The groups an input holds every field of (the same declarations), and its other fields. */
function grouped(fields) {
  const groups = Object.entries(GROUPS)
    .filter(([, g]) => Object.entries(g.fields).every(([name, f]) => fields[name] === f))
    .map(([name]) => name);
  const inGroup = (name) => groups.some((g) => Object.hasOwn(GROUPS[g].fields, name));
  const own = Object.fromEntries(Object.entries(fields).filter(([name]) => !inGroup(name)));
  return { extend: groups.length ? ` extends ${groups.join(', ')}` : '', own };
}

function input(type, { doc, fields }) {
  const { extend, own } = grouped(fields);
  // A required field with an older name: either may be given (a union of the two shapes).
  const either = Object.entries(own).filter(([, f]) => f.required && f.older);
  const head = comment(doc);
  if (either.length === 0) return [...head, `export interface ${type}${extend} {`, ...members(own), '}'];
  const rest = Object.fromEntries(Object.entries(own).filter(([, f]) => !(f.required && f.older)));
  const shapes = either.flatMap(([name, f]) =>
    f.older.flatMap((old) => [
      `{ ${name}: ${typeOf(f)}; /** @deprecated the older name of \`${name}\`. */ ${old}?: ${typeOf(f)} }`,
      `{ ${name}?: ${typeOf(f)}; /** @deprecated */ ${old}: ${typeOf(f)} }`,
    ]),
  );
  const lead = either
    .map(([name, f]) => f.doc && `\`${name}\`: ${f.doc}`)
    .filter(Boolean)
    .join(' ');
  return [
    `export interface ${type}Base${extend} {`,
    ...members(rest),
    '}',
    '',
    ...comment([doc, lead].filter(Boolean).join(' ')),
    `export type ${type} = ${type}Base &`,
    `  (${shapes.join(' | ')});`,
  ];
}

/** An echo's interface: each field of its group declaring `echo`, resolved (a choice its type, a number a number). */
function echo(name, { doc, param, group }) {
  const fields = Object.entries(group).filter(([, f]) => f.echo);
  const generic = fields.some(([, f]) => f.echo.nullable) ? `<${param} extends number | null = number>` : '';
  const member = ([field, f]) => [...comment(f.echo.doc, '  '), `  ${field}: ${f.echo.nullable ? param : f.kind === 'choice' ? typeOf(f) : 'number'};`];
  return ['', ...comment(doc), `export interface ${name}${generic} {`, ...fields.flatMap(member), '}'];
}

export function inputTypes(header) {
  const types = Object.entries(TYPES).flatMap(([name, t]) => [...comment(t.doc), `export type ${name} = ${(t.choices ?? t.values).map(literal).join(' | ')};`]);
  const groups = Object.entries(GROUPS).flatMap(([name, g]) => ['', ...comment(g.doc), `export interface ${name} {`, ...members(g.fields), '}']);
  const echoes = Object.entries(ECHOES).flatMap(([name, e]) => echo(name, e));
  const inputs = Object.entries(INPUTS).flatMap(([type, def]) => ['', ...input(type, def)]);
  return [header('//'), '', ...BASE, '', ...types, ...groups, ...echoes, ...inputs, ''].join('\n');
}
