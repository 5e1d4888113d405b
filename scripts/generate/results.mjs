// The surfaces of every method's result, from schema/results.mjs (one declaration per result field):
//   wasm/bindings/results.generated.hpp  results::<Type>(const core struct&): the JS object, every declared field written
//                                        from the core's struct (`from`, default the member of its name in snake case);
//   wasm/results.d.ts                    the TypeScript result types (wasm/index.d.ts re-exports them);
//   wasm/cli/results.generated.mjs       each result's CLI rows: [field, label, format] (wasm/cli/shown.mjs renders them);
//   web/results.generated.mjs            each method's result fields the element can show: [field, label, unit];
//   docs/api.md's results tables.
import { ECHOES, RESULTS, RESULT_TYPES, TYPES, snake } from '../../schema/index.mjs';

const comment = (text, indent = '') => (text ? [`${indent}/** ${text} */`] : []);
const isRecord = (type) => Object.hasOwn(RESULTS, type);
const bound = (f) => f.binding !== false;

// ---- the C++ writers -------------------------------------------------------------------------------------

const coreType = ({ core }) => (core.struct === 'double' ? 'double' : `const bloomcalc::${core.struct}&`);

/** The C++ value `add` writes for field `name` of a record (a val for a record, a pair or a list of records). */
function written(name, f) {
  const value = plain(f, f.from ?? `r.${snake(name)}`);
  return f.when ? `(${f.when} ? val(${value}) : val::null())` : value;
}
function plain(f, from) {
  if (f.pair) return `pair_of(${f.pair.map((x) => (isRecord(f.type) ? `${f.type}(${x})` : `val(${x})`)).join(', ')})`;
  if (isRecord(f.type)) {
    if (f.list) return `list_of(${from}, [](const auto& x) { return ${f.type}(x); })`;
    return f.nullable ? `(${from} ? ${f.type}(*${from}) : val::null())` : `${f.type}(${from})`;
  }
  // a list of values: each item `each` (a C++ expression over the item x), an optional (none: null), or a number
  if (f.list && f.each) return `list_of(${from}, [](const auto& x) { return val(${f.each}); })`;
  if (f.list && f.nullable) return `list_of(${from}, [](const auto& x) { return optional_val(x); })`;
  if (f.list) return `array_of(${from})`;
  if (f.finite) return f.nullable ? `finite_optional(${from})` : `finite_or_null(${from})`;
  return from;
}

export function resultWriters(header) {
  const records = Object.entries(RESULTS).filter(([, r]) => r.writer !== false);
  const headers = [...new Set(records.map(([, r]) => r.core.header).filter(Boolean))].sort();
  const declarations = records.map(([type, r]) => `val ${type}(${coreType(r)} r);`);
  const definitions = records.map(([type, r]) => {
    const fields = Object.entries(r.fields).filter(([, f]) => bound(f));
    const adds = (list) => list.map(([name, f]) => `        .add("${name}", ${written(name, f)})`);
    const signature = `[[gnu::noinline]] inline val ${type}(${coreType(r)} r) {`;
    if (!r.base) return [signature, '    return Fields()', ...adds(fields), '        .done();', '}'].join('\n');
    // `base`: the fields of the record it extends, written by that record's writer of common.cpp into `out`, first or
    // after the field `base.after`
    const { call, after } = typeof r.base === 'string' ? { call: r.base } : r.base;
    const cut = after ? fields.findIndex(([name]) => name === after) + 1 : 0;
    const first = adds(fields.slice(0, cut));
    const before = cut ? ['    out', ...first.slice(0, -1), `${first.at(-1)};`] : [];
    return [signature, '    Fields out;', ...before, `    ${call};`, '    return out', ...adds(fields.slice(cut)), '        .done();', '}'].join('\n');
  });
  return [
    header('//'),
    "// results::<Type>(the core's struct): the result object JS sees, every field schema/results.mjs declares (but those",
    '// wasm/api.mjs adds, `binding: false`), in its order, from the member of its name in snake case (`from` when the core',
    '// names it otherwise). One copy of each (noinline: the embed size budget).',
    '#pragma once',
    '',
    '#include "bindings/common.hpp"',
    ...headers.map((h) => `#include "bloomcalc/${h}"`),
    '',
    'namespace bcjs::results {',
    '',
    'inline val pair_of(const val& a, const val& b) {',
    '    val out = val::array();',
    '    out.call<void>("push", a);',
    '    out.call<void>("push", b);',
    '    return out;',
    '}',
    'template <class T, class W>',
    'val list_of(const std::vector<T>& items, W write) {',
    '    val out = val::array();',
    '    for (const T& x : items) out.call<void>("push", write(x));',
    '    return out;',
    '}',
    '',
    ...declarations,
    '',
    ...definitions,
    '',
    '}  // namespace bcjs::results',
    '',
  ].join('\n');
}

// ---- the TypeScript types ----------------------------------------------------------------------------------

const literal = (value) => (typeof value === 'string' ? `'${value}'` : String(value));
const BASIC = { number: 'number', flag: 'boolean', text: 'string' };

function typeOf(f) {
  const one = BASIC[f.type] ?? f.type;
  if (f.pair) return `[${f.pair.map(() => one).join(', ')}]`;
  if (f.list) return f.nullable ? `(${one} | null)[]` : `${one}[]`;
  return f.nullable || f.when || f.finite ? `${one} | null` : one;
}

/** The named choices of schema/fields.mjs the results use (imported from wasm/inputs.d.ts). */
const choicesUsed = () =>
  [...new Set(Object.values(RESULTS).flatMap((r) => Object.values(r.fields).map((f) => f.type)))].filter((t) => Object.hasOwn(TYPES, t));
/** ... and the echoes of input fields (wasm/inputs.d.ts) a result extends. */
const echoesUsed = () => Object.keys(ECHOES).filter((e) => Object.values(RESULTS).some((r) => new RegExp(`\\b${e}\\b`).test(r.extends ?? '')));

export function resultTypes(header) {
  const literals = Object.entries(RESULT_TYPES).flatMap(([name, t]) => [
    '',
    ...comment(t.doc),
    `export type ${name} = ${[...(t.number ? ['number'] : []), ...t.values.map(literal)].join(' | ')};`,
  ]);
  const records = Object.entries(RESULTS).flatMap(([type, r]) => [
    '',
    ...comment(r.doc),
    `export interface ${type}${r.params ? `<${r.params}>` : ''}${r.extends ? ` extends ${r.extends}` : ''} {`,
    ...Object.entries(r.fields).flatMap(([name, f]) => [...comment(f.doc, '  '), `  ${name}${f.optional ? '?' : ''}: ${typeOf(f)};`]),
    '}',
  ]);
  return [header('//'), `import type { ${[...choicesUsed(), ...echoesUsed()].sort().join(', ')} } from './inputs.js';`, ...literals, ...records, ''].join('\n');
}

// ---- the CLI's rows and the element's fields --------------------------------------------------------------

/** A record's CLI rows in their order: [field, label, format] (format absent: the command formats it). */
export function cliRows(r) {
  const shown = Object.entries(r.fields).filter(([, f]) => Array.isArray(f.cli));
  const order = r.rows ?? [];
  const rank = (name) => (order.includes(name) ? order.indexOf(name) : order.length);
  return shown.sort(([a], [b]) => rank(a) - rank(b)).map(([name, f]) => [name, ...f.cli]);
}

export function resultRows(header) {
  const json = (value) => JSON.stringify(value);
  const list = (items) => ['[', ...items.map((x) => `    ${json(x)},`), '  ]'].join('\n');
  const rows = Object.entries(RESULTS)
    .filter(([, r]) => cliRows(r).length)
    .map(([type, r]) => `  ${type}: ${list(cliRows(r))},`);
  const formulas = Object.entries(RESULTS)
    .map(([type, r]) => [
      type,
      Object.entries(r.fields)
        .filter(([, f]) => f.cli?.formula)
        .map(([name, f]) => [name, f.cli.formula, f.cli.reference ?? null]),
    ])
    .filter(([, list]) => list.length)
    .map(([type, items]) => `  ${type}: ${list(items)},`);
  return [
    header('//'),
    "// Each result's rows in the CLI's table (schema/results.mjs `cli`): [field, label, format], format a key of",
    "// wasm/format.mjs SHOWN or absent (the command formats it); fpr's formula rows: [field, label, reference].",
    'export const ROWS = {',
    ...rows,
    '};',
    'export const FORMULAS = {',
    ...formulas,
    '};',
    '',
  ].join('\n');
}

/** Each method's result type and the fields an element can show: [field, label (the CLI's, else the name), unit]. */
export function elementResults(header) {
  const methods = Object.entries(RESULTS).flatMap(([type, r]) => (r.methods ?? []).map((method) => [method, type, r]));
  const lines = methods.map(([method, type, r]) => {
    const fields = Object.entries(r.fields).map(([name, f]) => [name, (Array.isArray(f.cli) && f.cli[0].replace(/\s+/g, ' ')) || name, f.unit ?? '']);
    return [`  ${method}: {`, `    type: '${type}',`, '    fields: [', ...fields.map((x) => `      ${JSON.stringify(x)},`), '    ],', '  },'].join('\n');
  });
  return [
    header('//'),
    "// Each method's result (schema/results.mjs): its type and the fields an element can show, [field, label, unit].",
    'export const RESULT_FIELDS = {',
    ...lines,
    '};',
    '',
  ].join('\n');
}

// ---- docs/api.md -------------------------------------------------------------------------------------------

const cell = (text) =>
  String(text ?? '')
    .replace(/\n/g, ' ')
    .replace(/\|/g, '\\|');

export function resultTables() {
  const lines = [
    'Each result, as the schema declares it (`schema/results.mjs`): its fields in the order JS sees them. A **nullable**',
    'field is null where the result names none; an **optional** one is absent unless asked for (`hashFloor` with `hashBits`).',
  ];
  for (const [type, r] of Object.entries(RESULTS)) {
    const methods = (r.methods ?? []).map((m) => `\`${m}\``);
    lines.push(
      '',
      `### ${type}`,
      '',
      `${r.doc}${methods.length ? ` Returned by ${methods.join(', ')}.` : ''}`,
      '',
      '| field | type | unit | meaning |',
      '|---|---|---|---|',
    );
    for (const [name, f] of Object.entries(r.fields)) {
      const notes = [f.nullable && !f.list && 'nullable', f.optional && 'optional'].filter(Boolean);
      const type = `\`${cell(typeOf({ ...f, nullable: f.list && f.nullable }))}\`${notes.length ? ` (${notes.join(', ')})` : ''}`;
      lines.push(`| \`${name}\` | ${type} | ${cell(f.unit)} | ${cell(f.doc)} |`);
    }
  }
  return lines;
}

/** Every result type names a core struct, every type it uses is declared, every method it lists exists. */
export function resultProblems(METHODS) {
  const problems = [];
  for (const [type, r] of Object.entries(RESULTS)) {
    if (!r.core?.struct) problems.push(`${type}: no core struct`);
    for (const m of r.methods ?? []) if (!Object.hasOwn(METHODS, m)) problems.push(`${type}: method ${m}`);
    for (const [name, f] of Object.entries(r.fields)) {
      const known = Object.hasOwn(BASIC, f.type) || isRecord(f.type) || Object.hasOwn(TYPES, f.type) || Object.hasOwn(RESULT_TYPES, f.type);
      if (!known) problems.push(`${type}.${name}: type ${f.type}`);
      if (typeof f.doc !== 'string') problems.push(`${type}.${name}: no doc line`);
    }
  }
  return problems;
}
