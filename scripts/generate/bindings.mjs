// wasm/bindings/inputs.generated.hpp: the C++ reader of each method's complete input, from schema/inputs.mjs.
// An input declaring `core` (the core's input struct and its header) gets `inputs::<Type>(input)`, one line, which
// copies each field the binding receives into the struct's member of the same name in snake case (`member` when the
// core names it otherwise), once, by the overload of bcjs::field for the member's type (wasm/bindings/common.hpp,
// choices.hpp): the bindings spell no field. `names::<member>` is each field's JS name by its name in snake case
// (`names::max_bytes`: "maxBytes"), for the writers that echo an input's fields into a result (common.cpp).
import { INPUTS, snake } from '../../schema/index.mjs';

const NUMBERS = new Set(['bits', 'count', 'probability', 'decimal', 'chance']);
// A name in snake case that is a C++ keyword gets a trailing underscore (`union` → names::union_).
const KEYWORDS = new Set([
  'union',
  'default',
  'delete',
  'new',
  'class',
  'struct',
  'template',
  'this',
  'operator',
  'private',
  'public',
  'friend',
  'virtual',
  'export',
  'auto',
  'register',
  'switch',
  'case',
  'for',
  'while',
  'do',
  'if',
  'else',
  'return',
  'break',
  'continue',
  'try',
  'catch',
  'throw',
  'enum',
  'namespace',
  'using',
  'typedef',
  'typename',
  'sizeof',
  'const',
  'static',
  'inline',
  'extern',
  'and',
  'or',
  'not',
  'xor',
  'int',
  'long',
  'short',
  'char',
  'bool',
  'double',
  'float',
  'void',
  'signed',
  'unsigned',
  'true',
  'false',
  'module',
  'import',
  'concept',
  'requires',
]);
const identifier = (wire) => (KEYWORDS.has(snake(wire)) ? `${snake(wire)}_` : snake(wire));

export function bindingReaders(header) {
  const headers = new Set();
  const readers = [];
  const names = new Map(); // identifier → the JS name
  for (const [type, { core, fields }] of Object.entries(INPUTS)) {
    if (!core) continue;
    headers.add(core.header);
    const reads = Object.entries(fields)
      .filter(([, f]) => f.binding !== false)
      .map(([name, f]) => {
        const wire = f.wire ?? name; // the name api.mjs hands the binding
        names.set(identifier(wire), wire);
        const needed = NUMBERS.has(f.kind) && (f.required || f.default === undefined);
        return `${needed ? 'required' : 'field'}(in, "${wire}", out.${f.member ?? snake(wire)});`;
      });
    readers.push(`[[gnu::noinline]] inline bloomcalc::${core.struct} ${type}(const val& in) { bloomcalc::${core.struct} out; ${reads.join(' ')} return out; }`);
  }
  return [
    header('//'),
    "// inputs::<Type>(input): the core's input struct from the complete input api.mjs hands a binding (every",
    '// default filled); `required`: a number absent is NaN, which the core refuses as required (common.hpp). One copy',
    '// of each (noinline: the embed size budget). names::<field in snake case>: its JS name, for a result echoing it.',
    '#pragma once',
    '',
    '#include "bindings/choices.hpp"',
    '#include "bindings/common.hpp"',
    ...[...headers].sort().map((h) => `#include "bloomcalc/${h}"`),
    '',
    'namespace bcjs::names {',
    '',
    ...[...names].sort(([a], [b]) => (a < b ? -1 : 1)).map(([id, wire]) => `inline constexpr char ${id}[] = "${wire}";`),
    '',
    '}  // namespace bcjs::names',
    '',
    'namespace bcjs::inputs {',
    '',
    ...readers,
    '',
    '}  // namespace bcjs::inputs',
    '',
  ].join('\n');
}
