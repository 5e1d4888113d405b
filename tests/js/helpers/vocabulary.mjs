// Every parameter name on every surface, read from the sources (not from memory), for the vocabulary test
// (issue 10 item 6, docs/vocabulary.md):
//  - JS API: the fields of each input type a BloomCalc method takes, as the schema declares them (schema/inputs.mjs,
//    from which wasm/inputs.d.ts and the API's checks are generated); an older name is an alias;
//  - CLI: each command's options (wasm/cli/*.mjs); an option described "Older name/spelling of --x" is an alias;
//  - element: each calculator's fields (web/*.mjs, bundled with esbuild as the element bundle is) with its
//    URL key, and its declared aliases / urlAliases.
// Names are compared in camelCase: the CLI's --block-bits and the element's block-bits are the API's blockBits.
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

import { ROOT } from './common.mjs';
import { INPUTS, METHODS } from '../../../schema/index.mjs';

export const camel = (name) => name.replace(/-([a-z])/g, (_, c) => c.toUpperCase());

/** The input type of each BloomCalc method that takes one, as the schema declares them (rbfAsync is no BloomCalc method). */
const methodInputs = () =>
  Object.entries(METHODS)
    .filter(([method]) => method !== 'rbfAsync')
    .map(([method, { input }]) => [method, input]);

/** The JS API: occurrences { name, kind: 'api', where: input type, alias, target }, from the schema (schema/inputs.mjs). */
export async function apiNames() {
  const out = [];
  for (const type of new Set(methodInputs().map(([, input]) => input)))
    for (const [name, field] of Object.entries(INPUTS[type].fields)) {
      out.push({ name, kind: 'api', where: type, alias: false, target: null });
      for (const other of Object.keys(field.also ?? {})) out.push({ name: other, kind: 'api', where: type, alias: false, target: null });
      for (const old of field.older ?? []) out.push({ name: old, kind: 'api', where: type, alias: true, target: name });
    }
  return out;
}

/** Per BloomCalc method that takes an input object: the fields of its input type, older names included. */
export async function methodInputFields() {
  const names = (type) => Object.entries(INPUTS[type].fields).flatMap(([name, f]) => [name, ...Object.keys(f.also ?? {}), ...(f.older ?? [])]);
  return Object.fromEntries(methodInputs().map(([method, type]) => [method, names(type)]));
}

/** The CLI: occurrences { name, kind: 'cli', where: command, alias, target }. */
export async function cliNames() {
  const dir = join(ROOT, 'wasm', 'cli');
  const out = [];
  for (const file of (await readdir(dir)).sort()) {
    const command = (await import(pathToFileURL(join(dir, file)).href)).default;
    if (!command?.name || !command.options) continue;
    for (const [option, spec] of Object.entries(command.options)) {
      const older = spec.description?.match(/^Older (?:name|spelling) of --([\w-]+)/);
      out.push({ name: camel(option), kind: 'cli', where: command.name, alias: Boolean(older), target: older ? camel(older[1]) : null });
    }
  }
  return out;
}

/** The calculators' definitions ({ name, template, fields, mount, … }), as <bloom-calc> loads them (CALCULATORS of web/calculators.generated.mjs). */
export async function calculatorDefinitions() {
  const web = join(ROOT, 'web');
  const src = await readFile(join(web, 'calculators.generated.mjs'), 'utf8');
  const entries = [...src.matchAll(/(\w+): \(\) => import\('\.\/([\w-]+\.mjs)'\)\.then\(\(m\) => m\.(\w+)\)/g)];
  if (entries.length === 0) throw new Error('web/calculators.generated.mjs: no CALCULATORS entries found');
  const contents = entries.map(([, name, file, exp]) => `export { ${exp} as ${name} } from './${file}';`).join('\n');
  const bundle = await build({
    stdin: { contents, resolveDir: web, loader: 'js' },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'neutral',
    loader: { '.html': 'text', '.css': 'text' },
    external: ['uplot', 'uplot/*'],
    logLevel: 'error',
  });
  const mod = await import(`data:text/javascript;base64,${Buffer.from(bundle.outputFiles[0].text).toString('base64')}`);
  return { ...mod };
}

/** The calculators' field tables, as <bloom-calc> loads them. */
export async function calculatorFields() {
  return Object.fromEntries(Object.entries(await calculatorDefinitions()).map(([name, calc]) => [name, calc.fields]));
}

/**
 * The elements: occurrences { name, kind: 'element', where: calculator, url, alias, target } — one per attribute
 * (with its URL key) and one per older attribute name or URL key (url set, attribute alias or not).
 */
export async function elementNames() {
  const out = [];
  for (const [calc, fields] of Object.entries(await calculatorFields())) {
    for (const [attr, field] of Object.entries(fields)) {
      out.push({ name: camel(attr), kind: 'element', where: calc, url: field.url ?? attr, alias: false, target: null });
      for (const alias of field.aliases ?? []) out.push({ name: camel(alias), kind: 'element', where: calc, alias: true, target: camel(attr) });
      for (const key of field.urlAliases ?? []) out.push({ name: key, kind: 'url', where: calc, alias: true, target: camel(attr) });
    }
  }
  return out;
}

/** Every occurrence on every surface. */
export async function allNames() {
  return [...(await apiNames()), ...(await cliNames()), ...(await elementNames())];
}

/**
 * docs/vocabulary.md's table: rows { name, meaning, api, cli, element, older } (lists of tokens;
 * element tokens `calc` or `calc (url key)`; older: the names in backticks).
 */
export async function documentedVocabulary() {
  const md = await readFile(join(ROOT, 'docs', 'vocabulary.md'), 'utf8');
  const section = md.slice(md.indexOf('## Vocabulary table'));
  const rows = [];
  for (const line of section.split('\n').slice(1)) {
    if (line.startsWith('#')) break;
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
    if (cells.length !== 6 || !/^`/.test(cells[0])) continue;
    const list = (cell) =>
      cell === '—'
        ? []
        : cell
            .split(',')
            .map((x) => x.trim().replace(/`/g, ''))
            .filter(Boolean);
    const names = [...new Set([...cells[0].matchAll(/`-*([\w-]+)`/g)].map((m) => camel(m[1])))];
    for (const name of names)
      rows.push({
        name,
        meaning: cells[1],
        api: list(cells[2]),
        cli: list(cells[3]),
        element: list(cells[4]),
        older: [...cells[5].matchAll(/`-*([\w-]+)`/g)].map((m) => camel(m[1])),
      });
  }
  return rows;
}
