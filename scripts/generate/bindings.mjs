// wasm/bindings/inputs.generated.hpp: the C++ reader of each method's complete input, from schema/inputs.mjs.
// An input declaring `core` (the core's input struct and its header) gets `inputs::<Type>(input)`, one line, which
// copies each field the binding receives into the struct's member of the same name in snake case (`member` when the
// core names it otherwise), once, by the overload of bcjs::field for the member's type (wasm/bindings/common.hpp,
// choices.hpp): the bindings spell no field.
import { INPUTS, snake } from '../../schema/index.mjs';

const NUMBERS = new Set(['bits', 'count', 'probability', 'decimal', 'chance']);

export function bindingReaders(header) {
  const headers = new Set();
  const readers = [];
  for (const [type, { core, fields }] of Object.entries(INPUTS)) {
    if (!core) continue;
    headers.add(core.header);
    const reads = Object.entries(fields)
      .filter(([, f]) => f.binding !== false)
      .map(([name, f]) => {
        const wire = f.wire ?? name;  // the name api.mjs hands the binding
        const needed = NUMBERS.has(f.kind) && (f.required || f.default === undefined);
        return `${needed ? 'required' : 'field'}(in, "${wire}", out.${f.member ?? snake(wire)});`;
      });
    readers.push(`[[gnu::noinline]] inline bloomcalc::${core.struct} ${type}(const val& in) { bloomcalc::${core.struct} out; ${reads.join(' ')} return out; }`);
  }
  return [
    header('//'),
    '// inputs::<Type>(input): the core\'s input struct from the complete input api.mjs hands a binding (every',
    '// default filled); `required`: a number absent is NaN, which the core refuses as required (common.hpp). One copy',
    '// of each (noinline: the embed size budget).',
    '#pragma once',
    '',
    '#include "bindings/choices.hpp"',
    '#include "bindings/common.hpp"',
    ...[...headers].sort().map((h) => `#include "bloomcalc/${h}"`),
    '',
    'namespace bcjs::inputs {',
    '',
    ...readers,
    '',
    '}  // namespace bcjs::inputs',
    '',
  ].join('\n');
}
