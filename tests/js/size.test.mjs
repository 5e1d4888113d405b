// The size budget of an embed: the browser code a page loads plus the .wasm, gzip-compressed (level 9, what
// static hosts and CDNs typically serve), must stay within 200 KB. The browser code is the element bundle
// (dist/element/bloom-calc.mjs) when it is built, else the module's browser entry bundled and minified.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { gzipSync } from 'node:zlib';

import { ROOT, hasNodeBuild } from './helpers/common.mjs';

const BUDGET = 200 * 1000; // bytes, gzip
const WASM = join(ROOT, 'dist', 'bloomcalc.web.wasm');
const ELEMENT = join(ROOT, 'dist', 'element', 'bloom-calc.mjs');

const gzipped = (bytes) => gzipSync(bytes, { level: 9 }).length;

test('embed size budget: browser code + .wasm ≤ 200 KB gzip', { skip: !hasNodeBuild() && 'the WebAssembly build is missing' }, async (t) => {
  let code;
  let what;
  if (existsSync(ELEMENT)) {
    code = readFileSync(ELEMENT);
    what = 'dist/element/bloom-calc.mjs';
  } else {
    const { build } = await import('esbuild');
    const result = await build({
      entryPoints: [join(ROOT, 'wasm', 'browser.mjs')], bundle: true, format: 'esm', minify: true, write: false, logLevel: 'error',
    });
    code = Buffer.from(result.outputFiles[0].contents);
    what = 'wasm/browser.mjs bundled';
  }
  const wasm = gzipped(readFileSync(WASM));
  const js = gzipped(code);
  t.diagnostic(`${what}: ${js} B gzip (${code.length} B); .wasm: ${wasm} B gzip; total ${js + wasm} B of ${BUDGET}`);
  assert.ok(js + wasm <= BUDGET, `${what} (${js} B) + .wasm (${wasm} B) = ${js + wasm} B gzip, over the ${BUDGET} B budget`);
});
