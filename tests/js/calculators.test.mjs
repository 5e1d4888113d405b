// Each calculator is declared once (schema/calculators.mjs): what registers it is generated from the declaration
// (web/calculators.generated.mjs) or iterates it, and its URL keys follow one rule.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

import { CALCULATORS, METHODS, kebab } from '../../schema/index.mjs';
import { moduleOf, urlClashes } from '../../scripts/generate/elements.mjs';
import { calculatorDefinitions } from './helpers/vocabulary.mjs';
import { ROOT } from './helpers/common.mjs';
import { MODULE_NAMES } from '../../wasm/api.mjs';

test("no URL key is two calculators' (but a shared field) or the page's, and each starts with its calculator's prefix", () => {
  assert.deepEqual(urlClashes(CALCULATORS), []);
});

test('the URL key rule refuses a clash: a key of another calculator, of the page, without the prefix', () => {
  const calc = (prefix, fields, shares) => ({ prefix, ...(shares ? { shares } : {}), fields });
  assert.deepEqual(urlClashes({ a: calc('a', { n: { url: 'an' } }), b: calc('b', { n: { url: 'bn' } }) }, ['embed']), []);
  assert.deepEqual(urlClashes({ a: calc('a', { n: { url: 'an' } }), b: calc('', { m: { url: 'an' } }) }, []), ['an: a.n and b.m']);
  assert.deepEqual(urlClashes({ a: calc('a', { n: { url: 'an', urlOlder: ['old'] } }), b: calc('', { m: { url: 'OLD' } }) }, []), ['old: a.n and b.m']);
  assert.deepEqual(urlClashes({ a: calc('', { n: { url: 'embed' } }) }, ['embed']), ["a.n: embed is the page's"]);
  assert.deepEqual(urlClashes({ a: calc('a', { n: { url: 'n' } }) }, []), ['a.n: n lacks the prefix a']);
  // a calculator sharing another's keys reads the same fields under them, and only those
  assert.deepEqual(urlClashes({ a: calc('', { n: { url: 'n' } }), b: calc('', { n: { url: 'n' } }, 'a') }, []), []);
  assert.deepEqual(urlClashes({ a: calc('', { n: { url: 'n' } }), b: calc('', { m: { url: 'n' } }, 'a') }, []), ['n: a.n and b.m']);
});

test('each calculator declares a title, its methods (of one WebAssembly module), its code, its docs pages', () => {
  for (const [name, def] of Object.entries(CALCULATORS)) {
    assert.equal(typeof def.title, 'string', name);
    assert.ok(def.methods.length > 0 && def.methods.every((method) => Object.hasOwn(METHODS, method)), name);
    assert.ok(MODULE_NAMES.includes(moduleOf(name)), name);
    const [file, exported] = def.code;
    assert.ok(existsSync(join(ROOT, 'web', file)) && /^\w+$/.test(exported), `${name}: web/${file}`);
    for (const page of def.docs) assert.ok(existsSync(join(ROOT, 'docs', page.replace(/\.html$/, '.md'))), `${name}: docs/${page}`);
    assert.equal(typeof def.prefix, 'string', name);
    for (const field of Object.keys(def.fields)) assert.equal(kebab(field), kebab(field).toLowerCase(), `${name}.${field}`);
  }
});

test("each calculator's code exports the definition of that name, with its template and the schema's fields", async () => {
  const defs = await calculatorDefinitions();
  assert.deepEqual(Object.keys(defs).sort(), Object.keys(CALCULATORS).sort());
  for (const [name, def] of Object.entries(defs)) {
    assert.equal(def.name, name);
    assert.ok(typeof def.template === 'string' && def.template.length > 100, `${name}: a template`);
    assert.deepEqual(Object.keys(def.fields), Object.keys(CALCULATORS[name].fields).map(kebab), name);
    assert.equal(typeof def.mount, 'function', name);
  }
});
