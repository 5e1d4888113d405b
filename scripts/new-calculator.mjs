// npm run new-calculator <name> [-- --title "…"]: writes the skeleton of a calculator — a core folder with its model
// and Catch2 test, the binding, its schema entries (input, method, calculator, CLI command), the CLI command, the
// element's markup and code, a docs page — then runs npm run generate. The skeleton computes the classic FPR
// (1 − e^{−kn/m})^k (001 eq 1) of m bits, n items and k hash functions in the tools module, and builds and passes
// its tests as written: replace the model, keep the shape (docs/embed.md, "Adding a calculator";
// tests/js/schema-walkthrough.test.mjs runs it in a copy).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { CPP, JS } from './style.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The files the skeleton of `name` writes: { path: text }. */
export function skeleton(name, title = `The ${name} calculator`) {
  const Name = name[0].toUpperCase() + name.slice(1);
  const NAME = name.toUpperCase();
  return {
    [`core/include/bloomcalc/${name}/${name}.hpp`]: `// ${title} (docs/${name}.md). The skeleton written by scripts/new-calculator.mjs:
// the classic FPR of a Bloom filter, (1 − e^{−kn/m})^k (001 eq 1), of m bits, n items and k hash functions — replace
// it with the calculator's model.
#pragma once

#include <cmath>
#include <cstdint>

namespace bloomcalc {

// As the surfaces give it (schema/inputs.mjs, ${Name}Input), checked by ${name}().
struct ${Name}Input {
    double m = NAN, n = NAN, k = NAN;
};

struct ${Name}Result {
    std::uint64_t m = 0, n = 0;
    unsigned k = 0;
    double fpr = 0;  // (1 − e^{−kn/m})^k
};

// 1 ≤ m ≤ 2^40, 0 ≤ n ≤ 2^40, 1 ≤ k ≤ 64 (a RangeError naming the field).
${Name}Result ${name}(const ${Name}Input& in);

}  // namespace bloomcalc
`,
    [`core/src/${name}/${name}.cpp`]: `// ${title}: the skeleton's model (core/include/bloomcalc/${name}/${name}.hpp).
#include "bloomcalc/${name}/${name}.hpp"

#include <cmath>

#include "bloomcalc/params.hpp"

namespace bloomcalc {

${Name}Result ${name}(const ${Name}Input& in) {
    ${Name}Result r;
    r.m = checked_integer(in.m, "m", 1, 1ull << 40);
    r.n = checked_integer(in.n, "n", 0, 1ull << 40);
    r.k = static_cast<unsigned>(checked_integer(in.k, "k", 1, 64));
    // 001 eq 1; −expm1 keeps the digits of 1 − e^{−x} when kn/m is small
    const double x = static_cast<double>(r.k) * static_cast<double>(r.n) / static_cast<double>(r.m);
    r.fpr = std::pow(-std::expm1(-x), static_cast<double>(r.k));
    return r;
}

}  // namespace bloomcalc
`,
    [`tests/core/${name}/${name}_test.cpp`]: `// ${title} (${name}/${name}.hpp): the skeleton's model against a published value, a second method in long double,
// and its refusals naming the field.
#include <catch2/catch.hpp>

#include <cmath>

#include "bloomcalc/${name}/${name}.hpp"
#include "parameter.hpp"

using namespace bloomcalc;

TEST_CASE("${name}: the classic FPR at m/n = 10, k = 7 is the published 0.00819", "[${name}]") {
    // Fan, Cao, Almeida, Broder, "Summary Cache" (2000), Table 1: m/n = 10, k = 7 → 0.00819
    const ${Name}Result r = ${name}({10000, 1000, 7});
    CHECK(r.m == 10000);
    CHECK(r.k == 7);
    CHECK(r.fpr == Approx(0.00819).epsilon(5e-4));
    // the same formula in long double
    const long double exact = std::pow(1.0L - std::exp(-7.0L * 1000 / 10000), 7.0L);
    CHECK(r.fpr == Approx(static_cast<double>(exact)).epsilon(1e-12));
}

TEST_CASE("${name}: a field out of its range is refused by name", "[${name}]") {
    CHECK(parameter_of([] { ${name}({0, 10, 3}); }) == "m");
    CHECK(parameter_of([] { ${name}({100, -1, 3}); }) == "n");
    CHECK(parameter_of([] { ${name}({100, 10, 65}); }) == "k");
    CHECK(parameter_of([] { ${name}({100, 10, NAN}); }) == "k");
    CHECK(parameter_of([] { ${name}({100, 10, 3}); }) == "none");
}
`,
    [`wasm/bindings/${name}.cpp`]: `// embind: ${title} (core/include/bloomcalc/${name}/${name}.hpp), in bloomcalc.tools.wasm. Thin marshalling only;
// the error pattern of bindings/common.hpp.
#include <emscripten/bind.h>

#include "bindings/common.hpp"
#include "bindings/inputs.generated.hpp"
#include "bloomcalc/${name}/${name}.hpp"

using namespace bcjs;
namespace bc = bloomcalc;

namespace {

val ${name}(val input) {
    return guarded([&] {
        const bc::${Name}Result r = bc::${name}(inputs::${Name}Input(input));
        return Fields().add("m", r.m).add("n", r.n).add("k", r.k).add("fpr", r.fpr).done();
    });
}

}  // namespace

EMSCRIPTEN_BINDINGS(bloomcalc_${name}) {
    emscripten::function("${name}", &${name});
}
`,
    [`wasm/cli/${name}.mjs`]: `// \`bloomcalc ${name}\`: ${title} (docs/${name}.md).
import { command } from './common.mjs';
import { formatInt, formatPairs, formatProbabilityPlain } from '../format.mjs';

export default command('${name}', {
  render(r) {
    const pairs = [
      ['m, n, k', \`\${formatInt(r.m)} bits, \${formatInt(r.n)} items, \${r.k} hashes\`],
      ['FPR (1 − e^(−kn/m))^k', formatProbabilityPlain(r.fpr)],
    ];
    return \`${title} (docs/${name}.md)\\n\\n\${formatPairs(pairs)}\\n\`;
  },
});
`,
    [`web/calculators/${name}.html`]: `<section class="card ${name}-card" part="card" id="${name}-card" data-testid="${name}-card" data-state="loading"
  aria-labelledby="${name}-title">
  <h2 id="${name}-title">${title}</h2>
  <p class="help">The classic FPR (1 − e<sup>−<var>kn</var>/<var>m</var></sup>)<sup><var>k</var></sup> of <var>m</var> bits,
    <var>n</var> items, <var>k</var> hash functions (<a href="docs/${name}.html">how</a>).</p>
  <form id="${name}-form" novalidate autocomplete="off" spellcheck="false">
    <div class="text-fields"><!-- placeholder fields --></div>
  </form>
  <p class="general-error" id="${name}-error" role="alert" hidden></p>
  <dl class="stats">
    <div class="stat"><dt>False-positive rate</dt><dd><span class="val" id="${name}-fpr" data-testid="${name}-fpr"><span
      class="ph">8.194 × 10⁻³</span></span></dd></div>
  </dl>
</section>
`,
    [`web/${name}.mjs`]: `// ${title} (<bloom-calc calculator="${name}">; docs/${name}.md), written by scripts/new-calculator.mjs: its form is
// generated from its fields (schema/calculators.mjs), bc.${name} computes (bloomcalc.tools.wasm), the result is shown.
import { withTemplate } from './templates.mjs';
import { formatProbability } from '../wasm/format.mjs';
import { byApiName, formInput, setValue, wireForm } from './form-fields.mjs';
import { ${NAME}_FIELDS } from './fields.generated.mjs';

const FIELDS = byApiName(${NAME}_FIELDS);

function mount({ $, bc, host, emit, fail }) {
  const card = $('${name}-card');
  const line = (f) => (f ? $(\`\${f.id}-error\`) : $('${name}-error'));
  function compute() {
    card.dataset.query = host.query;
    for (const f of [...Object.values(FIELDS), undefined]) {
      line(f).hidden = true;
      if (f) $(f.id).removeAttribute('aria-invalid');
    }
    const input = formInput(FIELDS, Object.fromEntries(Object.entries(FIELDS).map(([key, f]) => [key, $(f.id).value])));
    let r;
    try {
      r = bc.${name}(input);
    } catch (err) {
      const f = FIELDS[err?.parameter];
      line(f).textContent = err.message;
      line(f).hidden = false;
      if (f) $(f.id).setAttribute('aria-invalid', 'true');
      card.dataset.state = 'stale';
      fail(err);
      return;
    }
    setValue($('${name}-fpr'), r.fpr, formatProbability(r.fpr, 4));
    card.dataset.state = 'ok';
    emit(r, { method: '${name}', input });
  }
  wireForm($('${name}-form'), card, compute);
}

/** <bloom-calc calculator="${name}">: attributes m, n, k (URL keys ${name}-m, ${name}-n, ${name}-k). */
export const calculator = withTemplate('${name}', { fields: ${NAME}_FIELDS, mount });
`,
    [`docs/${name}.md`]: `# ${title}

The skeleton of a calculator, written by \`npm run new-calculator ${name}\`: the classic false-positive rate of a Bloom
filter of *m* bits holding *n* items with *k* hash functions, (1 − e^(−kn/m))^k (Bloom 1970; 001 eq 1). Replace the
model in \`core/src/${name}/${name}.cpp\` and this page with the calculator's.

\`\`\`sh
bloomcalc ${name} --m 10000 --n 1000 --k 7     # FPR 8.19e-3, Fan et al. 2000's table: 0.00819
\`\`\`

\`\`\`js
bc.${name}({ m: 10000, n: 1000, k: 7 });   // { m, n, k, fpr }
\`\`\`

On a page: \`<bloom-calc calculator="${name}"></bloom-calc>\` (URL keys \`${name}-m\`, \`${name}-n\`, \`${name}-k\`).
`,
  };
}

/** The schema's and registries' entries of `name`: [path, anchor (a RegExp; the entry goes before or after it), text, 'before'|'after']. */
export function insertions(name, title = `The ${name} calculator`) {
  const Name = name[0].toUpperCase() + name.slice(1);
  const end = (table) => new RegExp(`(?<=export const ${table} = \\{[\\s\\S]*?)\\n\\};\\n`);
  const quoted = title.replace(/'/g, "\\'");
  return [
    [
      'schema/inputs.mjs',
      end('INPUTS'),
      `
  ${Name}Input: {
    doc: '${name}(): ${quoted} (docs/${name}.md).',
    core: { struct: '${Name}Input', header: '${name}/${name}.hpp' },
    fields: {
      m: { kind: 'bits', required: true, doc: 'Bits, 1 ≤ m ≤ 2^40.' },
      n: { kind: 'count', required: true, doc: 'Items, 0 ≤ n ≤ 2^40.' },
      k: { kind: 'count', required: true, doc: 'Hash functions, 1 ≤ k ≤ 64.' },
    },
  },`,
      'before',
    ],
    [
      'schema/methods.mjs',
      end('METHODS'),
      `
  ${name}: { input: '${Name}Input', module: 'tools', binding: '${name}', async: false },`,
      'before',
    ],
    [
      'schema/calculators.mjs',
      end('CALCULATORS'),
      `
  ${name}: {
    page: { group: 'use', question: '${quoted}', title: 'the skeleton of a calculator' },
    title: '${quoted}',
    code: ['${name}.mjs', 'calculator'],
    docs: ['${name}.html'],
    markup: '${name}.html',
    prefix: '${name}-',
    methods: ['${name}'],
    id: '${name}-{attr}',
    fields: {
      m: { default: '10000', label: ['m', 'bits'] },
      n: { default: '1000', label: ['n', 'items'] },
      k: { default: '7', label: ['k', 'hash functions'], numeric: true },
    },
  },`,
      'before',
    ],
    [
      'schema/cli.mjs',
      end('COMMANDS'),
      `
  ${name}: {
    summary: '${quoted}',
    description: 'The classic FPR (1 − e^(−kn/m))^k of m bits, n items and k hash functions (docs/${name}.md).',
    method: '${name}',
    required: ['m', 'n', 'k'],
    notes: QUANTITIES,
    examples: ['bloomcalc ${name} --m 10000 --n 1000 --k 7'],
    options: [
      ['${Name}Input.m', 'bits', 'Bits, 1 ≤ m ≤ 2^40'],
      ['${Name}Input.n', 'items', 'Items inserted'],
      ['${Name}Input.k', 'hashes', 'Hash functions, 1 ≤ k ≤ 64'],
    ],
  },`,
      'before',
    ],
    // the method on the JS API (the tools module's list) and in its types
    [
      'wasm/api.mjs',
      /(?<=\.\.\.Object\.fromEntries\(\s*\[[^\]]*)(?=\]\.map\(\(name\) => \[\s*name,\s*\(input\) => call\(raw\[name\])/,
      `, '${name}'`,
      'before',
    ],
    [
      'wasm/index.d.ts',
      /\n {2}readonly limits:/,
      `
  /** ${title} (docs/${name}.md). */
  ${name}(input: import('./inputs.js').${Name}Input): ${Name}Result;`,
      'before',
    ],
    [
      'wasm/index.d.ts',
      /$/,
      `
/** ${name}(): ${title} (docs/${name}.md). */
export interface ${Name}Result {
  m: number;
  n: number;
  k: number;
  /** (1 − e^{−kn/m})^k. */
  fpr: number;
}
`,
      'after',
    ],
    // the command in the CLI's list, its binding in the tools module
    ['wasm/cli/run.mjs', /\nconst COMMANDS = new Map\(\n {2}\[/, `\nimport ${name} from './${name}.mjs';`, 'before'],
    ['wasm/cli/run.mjs', /const COMMANDS = new Map\(\n {2}\[/, `${name}, `, 'after'],
    ['CMakeLists.txt', /set\(TOOLS_BINDINGS /, `${name} `, 'after'],
  ];
}

/** Writes the skeleton of `name` into the repository at `root` and regenerates; returns the paths written or edited. */
export async function newCalculator(root, name, title) {
  if (!/^[a-z][a-z0-9]*$/.test(name)) throw new Error(`new-calculator: the name is one lower-case word (a-z, 0-9): got ${JSON.stringify(name)}`);
  // the names taken, read in a process of its own (this one's module cache would keep the schema as it was before the edit)
  const script =
    `import('${pathToFileURL(join(root, 'schema/index.mjs')).href}').then((s) => ` +
    `console.log(JSON.stringify([s.CALCULATORS, s.COMMANDS, s.METHODS].map(Object.keys))))`;
  const taken = JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' })).flat();
  if (taken.includes(name)) throw new Error(`new-calculator: ${name} is a calculator, command or method already`);
  const files = skeleton(name, title);
  for (const path of Object.keys(files)) if (existsSync(join(root, path))) throw new Error(`new-calculator: ${path} exists`);
  const edits = insertions(name, title);
  const texts = {};
  for (const [path, anchor, text, where] of edits) {
    texts[path] ??= await readFile(join(root, path), 'utf8');
    const match = anchor.exec(texts[path]);
    if (!match) throw new Error(`new-calculator: ${path} has no ${anchor} to add ${name} at (has its shape changed? update scripts/new-calculator.mjs)`);
    const at = where === 'before' ? match.index : match.index + match[0].length;
    texts[path] = texts[path].slice(0, at) + text + texts[path].slice(at);
  }
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  }
  for (const [path, text] of Object.entries(texts)) await writeFile(join(root, path), text);
  execFileSync(process.execPath, [join(root, 'scripts/generate.mjs')], { stdio: 'inherit' });
  const written = [...Object.keys(files), ...Object.keys(texts)];
  // in the house style (scripts/style.mjs), as `npm run format` would write them
  const prettier = await import('prettier');
  for (const path of written.filter((p) => JS.test(p))) {
    const file = join(root, path);
    await writeFile(file, await prettier.format(await readFile(file, 'utf8'), { ...(await prettier.resolveConfig(file)), filepath: file }));
  }
  const cpp = written.filter((p) => CPP.test(p));
  if (cpp.length > 0) execFileSync('clang-format', ['-i', ...cpp], { cwd: root });
  return written;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [name, ...rest] = process.argv.slice(2);
  const title = rest[0] === '--title' ? rest[1] : undefined;
  try {
    const written = await newCalculator(ROOT, name ?? '', title);
    console.log(`new-calculator: ${name}, ${written.length} files:\n  ${written.join('\n  ')}\nnext: node scripts/build.mjs native wasm web, then its tests.`);
  } catch (err) {
    console.error(err.message);
    process.exit(2);
  }
}
