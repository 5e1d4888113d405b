// CLI input handling: the help examples of `fpr` run as printed; an option given twice and an absent
// required number are named errors (exit 2), not "the last one wins" or "got NaN".
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fpr from '../../wasm/cli/fpr.mjs';
import { cli, hasNodeBuild } from './helpers/common.mjs';

const skip = hasNodeBuild() ? false : 'the wasm build is missing; run `npm run build` first';

test('every example of `bloomcalc fpr --help` runs', { skip }, async () => {
  for (const example of fpr.examples) {
    const r = await cli(...example.split(' ').slice(1));
    assert.equal(r.code, 0, `${example}: ${r.stderr}`);
  }
});

test('an option given twice is refused', { skip }, async () => {
  const r = await cli('fpr', '--m', '1024', '--n', '100', '--k', '7', '--k', '8');
  assert.equal(r.code, 2);
  assert.match(r.stderr, /option --k is given more than once/);
});

test('an absent required number says "is required", never "got NaN"', { skip }, async () => {
  const r = await cli('rbf', '--m', '1024', '--k', '3', '--sigma', '');
  assert.equal(r.code, 2);
  assert.doesNotMatch(r.stderr, /NaN/);
});
