// custom-elements.json (the Custom Elements Manifest, package.json "customElements") and types/element.d.ts are
// generated from the element's own field definitions by scripts/custom-elements.mjs (run by the build): the
// committed files must be what it writes now, and the manifest must list what the element has.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';

import { generatedFiles } from '../../scripts/custom-elements.mjs';
import { ROOT } from './helpers/common.mjs';

const built = existsSync(join(ROOT, 'dist', 'element', 'bloom-calc.mjs'));

test(
  'custom-elements.json and types/element.d.ts are current (node scripts/custom-elements.mjs writes them)',
  { skip: !built && 'dist/element is not built' },
  async () => {
    for (const [path, text] of await generatedFiles()) {
      assert.ok(existsSync(path), `${relative(ROOT, path)} is committed`);
      assert.equal(readFileSync(path, 'utf8'), text, `${relative(ROOT, path)} is stale: run node scripts/custom-elements.mjs (the build does)`);
    }
  },
);

test(
  'the manifest lists every calculator field, the element attributes, events, parts, custom properties; package.json names it',
  { skip: !built && 'dist/element is not built' },
  async () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    assert.equal(pkg.customElements, 'custom-elements.json');
    assert.ok(pkg.files.includes('custom-elements.json'));
    const manifest = JSON.parse(readFileSync(join(ROOT, 'custom-elements.json'), 'utf8'));
    const [declaration] = manifest.modules[0].declarations;
    assert.equal(declaration.tagName, 'bloom-calc');
    const attributes = new Set(declaration.attributes.map((a) => a.name));
    const element = await import(new URL('../../dist/element/bloom-calc.mjs', import.meta.url).href);
    for (const name of element.calculatorNames()) {
      const { fields } = await element.CALCULATORS[name]();
      for (const [attr, field] of Object.entries(fields)) {
        assert.ok(attributes.has(attr), `${name}'s ${attr}`);
        for (const alias of field.aliases ?? []) assert.ok(attributes.has(alias), `${name}'s older ${alias}`);
      }
    }
    for (const attr of ['calculator', 'url-state', 'theme', 'docs-base', 'page-url', 'autorun']) assert.ok(attributes.has(attr), attr);
    const members = new Set(declaration.members.map((m) => m.name));
    for (const name of ['result', 'error', 'state', 'query', 'blockBits', 'hashScheme']) assert.ok(members.has(name), `property ${name}`);
    assert.deepEqual(declaration.events.map((e) => e.name).sort(), ['error', 'result']);
    assert.deepEqual(
      declaration.cssParts.map((p) => p.name),
      ['button', 'calculator', 'card', 'chart-toolbar', 'error', 'notice', 'toolbar'],
    );
    const properties = Object.fromEntries(declaration.cssProperties.map((p) => [p.name, p.default]));
    assert.equal(properties['--bc-accent'], '#0b5cad');
    assert.equal(properties['--bc-line'], '#e5e7eb');
    assert.ok(Object.keys(properties).length >= 24, Object.keys(properties).join(' '));
  },
);
