// Small helpers shared by the JS tests.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { MODULE_FILES } from '../../../wasm/api.mjs';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
// The WebAssembly builds (ES module glue + .wasm) that the Node and browser entries load, one per module
// (wasm/api.mjs MODULE_FILES; docs/decisions.md, "Modules along the calculators"): the main one's .wasm,
// the recycling filters' and the library questions'; every module's for hasNodeBuild().
export const NODE_BUILD = fileURLToPath(new URL('../../../dist/bloomcalc.web.wasm', import.meta.url));
export const RBF_BUILD = fileURLToPath(new URL('../../../dist/bloomcalc.rbf.wasm', import.meta.url));
export const TOOLS_BUILD = fileURLToPath(new URL('../../../dist/bloomcalc.tools.wasm', import.meta.url));
const BUILDS = Object.values(MODULE_FILES).flatMap((file) =>
  ['mjs', 'wasm'].map((ext) => fileURLToPath(new URL(`../../../dist/${file}.${ext}`, import.meta.url))),
);
export const CLI = fileURLToPath(new URL('../../../wasm/cli.mjs', import.meta.url));

export const hasNodeBuild = () => BUILDS.every((file) => existsSync(file));

/** |a − b| / |b|, with 0 when both are 0. */
export function relDiff(a, b) {
  if (a === b) return 0;
  return Math.abs(a - b) / Math.abs(b);
}

/** Asserts a ≈ b to `tol` relative, with the context in the message. */
export function assertClose(actual, expected, tol, context = '') {
  assert.ok(Number.isFinite(actual), `${context}: got non-finite ${actual}`);
  const d = relDiff(actual, expected);
  assert.ok(d <= tol, `${context}: got ${actual}, expected ${expected} (relative difference ${d.toExponential(3)} > ${tol})`);
}

/** Matches `name` as a whole word (so 'm' does not match inside 'must'). */
export function wordRegExp(name) {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^A-Za-z0-9_])${escaped}([^A-Za-z0-9_]|$)`);
}

/**
 * Asserts fn() throws the core's error for `parameter`: a RangeError (also for unparseable text,
 * `parse: true`: the message then says "cannot read") whose message names the parameter and contains
 * its valid range. Returns the error.
 */
export function assertParamError(fn, parameter, { parse = false, range } = {}) {
  let caught;
  try {
    fn();
  } catch (err) {
    caught = err;
  }
  assert.ok(caught !== undefined, `expected an error naming '${parameter}', nothing was thrown`);
  assert.ok(caught instanceof Error, `expected an Error, got ${String(caught)}`);
  assert.ok(caught instanceof RangeError, `expected a RangeError, got ${caught.name}: ${caught.message}`);
  if (parse) assert.match(caught.message, /cannot read/, 'an unparseable-text message');
  assert.equal(caught.parameter, parameter, `err.parameter for message "${caught.message}"`);
  assert.match(caught.message, wordRegExp(parameter), 'message names the parameter');
  assert.equal(typeof caught.validRange, 'string', 'err.validRange is a string');
  assert.ok(caught.validRange.length > 0, 'err.validRange is not empty');
  assert.ok(caught.message.includes(caught.validRange), `message "${caught.message}" contains the valid range "${caught.validRange}"`);
  if (range) assert.match(caught.validRange, range, `valid range of ${parameter}`);
  return caught;
}

/** Runs the CLI (node wasm/cli.mjs …) and resolves with { code, stdout, stderr, error }; never rejects. */
export function cli(...args) {
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, ...args], { cwd: ROOT, encoding: 'utf8' }, (error, stdout, stderr) => {
      resolve({ code: error ? error.code : 0, stdout, stderr, error });
    });
  });
}

/** Runs the CLI with --json; asserts exit 0 and a quiet stderr, returns the parsed output. */
export async function cliJson(...args) {
  const r = await cli(...args, '--json');
  assert.equal(r.code, 0, `bloomcalc ${args.join(' ')}: ${r.stderr}`);
  assert.equal(r.stderr, '', 'nothing on stderr (not a terminal: no progress)');
  return JSON.parse(r.stdout);
}

/** Runs the CLI and asserts the bad-input contract: exit 2, nothing on stdout, one message naming `parameter`. */
export async function cliFails(args, parameter) {
  const r = await cli(...args);
  const ctx = `bloomcalc ${args.join(' ')} → exit ${r.code}, stderr: ${r.stderr}`;
  assert.equal(r.code, 2, ctx);
  assert.equal(r.stdout, '', ctx);
  assert.match(r.stderr, /^bloomcalc: \S/, ctx);
  assert.match(r.stderr, wordRegExp(parameter), ctx);
  assert.doesNotMatch(r.stderr, /internal error/, ctx);
}
