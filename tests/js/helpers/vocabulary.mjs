// Every parameter name on every surface, read from the sources (not from memory), for the vocabulary test
// (issue 10 item 6, docs/vocabulary.md):
//  - JS API: the members of each input type a BloomCalc method takes (wasm/index.d.ts, `extends` resolved);
//    a member documented `@deprecated` is an alias;
//  - CLI: each command's options (wasm/cli/*.mjs); an option described "Older name/spelling of --x" is an alias;
//  - element: each calculator's fields (web/*.mjs, bundled with esbuild as the element bundle is) with its
//    URL key, and its declared aliases / urlAliases.
// Names are compared in camelCase: the CLI's --block-bits and the element's block-bits are the API's blockBits.
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

import { ROOT } from './common.mjs';

export const camel = (name) => name.replace(/-([a-z])/g, (_, c) => c.toUpperCase());

/** { name, own: [{ member, deprecated, target }], parents: [{ type, omit }] } per interface / type alias. */
function parseTypes(dts) {
  const types = new Map();
  const members = (body) => {
    const out = [];
    const re = /(\/\*\*((?:(?!\*\/)[\s\S])*)\*\/\s*)?\b(\w+)\??:/g;
    for (const m of body.matchAll(re)) {
      const doc = m[2] ?? '';
      const deprecated = /@deprecated/.test(doc);
      out.push({ member: m[3], deprecated, target: deprecated ? (doc.match(/`(\w+)/)?.[1] ?? null) : null });
    }
    return out;
  };
  const parents = (list) =>
    [...(list ?? '').matchAll(/(Omit<\s*(\w+)\s*,\s*([^>]+)>)|\b(\w+)\b/g)].map((m) =>
      m[1] ? { type: m[2], omit: [...m[3].matchAll(/'(\w+)'/g)].map((x) => x[1]) } : { type: m[4], omit: [] },
    );
  for (const m of dts.matchAll(/^export interface (\w+)(?: extends ([^{]+))?\s*\{\n([\s\S]*?)^\}/gm)) {
    // only the top level of the body: drop nested object types
    const body = m[3].replace(/\{[^{}]*\}/g, '{}');
    types.set(m[1], { own: members(body), parents: parents(m[2]) });
  }
  for (const m of dts.matchAll(/^export type (\w+Input) =([\s\S]*?);\n\n/gm)) {
    const literals = [...m[2].matchAll(/\{([^{}]*)\}/g)].flatMap((x) => members(x[1]));
    types.set(m[1], { own: literals, parents: parents(m[2].replace(/\{[^{}]*\}/g, '')).filter((p) => /^[A-Z]/.test(p.type)) });
  }
  return types;
}

function resolve(types, name, omit = []) {
  const t = types.get(name);
  if (!t) return [];
  const all = [...t.parents.flatMap((p) => resolve(types, p.type, p.omit)), ...t.own];
  const byName = new Map();
  for (const x of all) byName.set(x.member, { ...x, target: x.target ?? byName.get(x.member)?.target ?? null });
  for (const o of omit) byName.delete(o);
  return [...byName.values()];
}

/** The JS API: occurrences { name, kind: 'api', where: input type, alias, target }. */
/** The API's types: wasm/index.d.ts and the input types it re-exports (wasm/inputs.d.ts, generated from schema/). */
const apiTypes = async () => (await Promise.all(['index.d.ts', 'inputs.d.ts'].map((f) => readFile(join(ROOT, 'wasm', f), 'utf8')))).join('\n');

export async function apiNames() {
  const dts = await apiTypes();
  const types = parseTypes(dts);
  const api = dts.match(/^export interface BloomCalc \{([\s\S]*?)^\}/m)[1];
  const inputs = new Set([...api.matchAll(/\w+\(input: (\w+)/g)].map((m) => m[1]));
  const out = [];
  for (const type of inputs)
    for (const m of resolve(types, type))
      out.push({ name: m.member, kind: 'api', where: type, alias: m.deprecated, target: m.target });
  return out;
}

/** Per BloomCalc method that takes an input object: the fields of its input type (index.d.ts, `extends` resolved). */
export async function methodInputFields() {
  const dts = await apiTypes();
  const types = parseTypes(dts);
  const api = dts.match(/^export interface BloomCalc \{([\s\S]*?)^\}/m)[1];
  return Object.fromEntries([...api.matchAll(/^\s+(\w+)\(input: (\w+)/gm)].map((m) => [m[1], resolve(types, m[2]).map((x) => x.member)]));
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

/** The calculators' field tables, as <bloom-calc> loads them (web/element.mjs's CALCULATORS). */
export async function calculatorFields() {
  const web = join(ROOT, 'web');
  const src = await readFile(join(web, 'element.mjs'), 'utf8');
  const entries = [...src.matchAll(/(\w+): \(\) => import\('\.\/([\w-]+\.mjs)'\)\.then\(\(m\) => m\.(\w+)\)/g)];
  if (entries.length === 0) throw new Error('web/element.mjs: no CALCULATORS entries found');
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
  return Object.fromEntries(Object.entries(mod).map(([name, calc]) => [name, calc.fields]));
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
    const cells = line.split('|').slice(1, -1).map((c) => c.trim());
    if (cells.length !== 6 || !/^`/.test(cells[0])) continue;
    const list = (cell) => (cell === '—' ? [] : cell.split(',').map((x) => x.trim().replace(/`/g, '')).filter(Boolean));
    const names = [...new Set([...cells[0].matchAll(/`-*([\w-]+)`/g)].map((m) => camel(m[1])))];
    for (const name of names) rows.push({
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
