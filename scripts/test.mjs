// `npm test`: every test of the project, on both builds.
//   1. Catch2 suite, native (ctest)        2. the same Catch2 suite compiled to wasm, under Node (ctest)
//   3. JS module + CLI + npm pack tests    4. the .d.ts type check (tsc)
//   5. browser end-to-end tests (Playwright + Debian chromium)
//   5b. the element in documentation sites and framework apps (tests/sites/: VitePress, Docusaurus, Starlight,
//      MkDocs, Sphinx, React/Vue/Svelte; built from the packed package one after the other, npm installs kept
//      in build/sites/ while each fixture's lockfile is unchanged)
//   6. the Catch2 suite again, native under AddressSanitizer + UndefinedBehaviorSanitizer (build/asan)
//   7. libFuzzer on the parsers and parameter validation, BLOOMCALC_FUZZ_SECONDS (default 60) from the
//      checked-in corpus tests/fuzz/corpus (new inputs go to build/asan/fuzz-corpus, not the repository)
// Prints each runner's own output, then one closing line "tests: N passed, N failed".
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { build } from './build.mjs';
import { buildEnv, root } from './toolchain.mjs';

function runCapture(command, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: { ...buildEnv, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    for (const stream of [child.stdout, child.stderr])
      stream.on('data', (chunk) => {
        output += chunk;
        (stream === child.stdout ? process.stdout : process.stderr).write(chunk);
      });
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

// Test counts from a runner's output: Catch2 ("All tests passed (A assertions in N test cases)" or
// "test cases: N | P passed | F failed"), node:test ("# pass N", "# fail N").
function counts(output, code) {
  const allPassed = [...output.matchAll(/All tests passed \(\d+ assertions? in (\d+) test cases?\)/g)];
  const mixed = [...output.matchAll(/test cases:\s+(\d+) \|\s+(\d+) passed \|\s+(\d+) failed/g)];
  const onlyFailed = [...output.matchAll(/test cases:\s+(\d+) \|\s+(\d+) failed/g)];
  const nodePass = [...output.matchAll(/^# pass (\d+)/gm)];
  const nodeFail = [...output.matchAll(/^# fail (\d+)/gm)];
  let passed = 0, failed = 0;
  for (const m of allPassed) passed += Number(m[1]);
  for (const m of mixed) passed += Number(m[2]), failed += Number(m[3]);
  for (const m of onlyFailed) failed += Number(m[2]);
  for (const m of nodePass) passed += Number(m[1]);
  for (const m of nodeFail) failed += Number(m[1]);
  if (passed + failed === 0) return code === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 };
  if (code !== 0 && failed === 0) failed = 1;  // the runner failed outside any test
  return { passed, failed };
}

// Any sanitizer report fails the run (-fno-sanitize-recover=all); leaks too.
const FUZZ_WORK = path.join(root, 'build/asan/fuzz-corpus');
const SANITIZER_ENV = { ASAN_OPTIONS: 'detect_leaks=1:abort_on_error=1', UBSAN_OPTIONS: 'print_stacktrace=1:halt_on_error=1' };

const stages = [
  ['Catch2 (native)', 'ctest', ['--test-dir', 'build/native', '--no-tests=error', '-V']],
  ['Catch2 (wasm under Node)', 'ctest', ['--test-dir', 'build/wasm', '--no-tests=error', '-V']],
  ['JS module, CLI and package', process.execPath, ['--test', 'tests/js/']],
  ['type check of index.d.ts', process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tests/types']],
  ['browser end-to-end', process.execPath, ['--test', 'tests/e2e/']],
  ['documentation sites and framework apps', process.execPath, ['--test', '--test-concurrency=1', 'tests/sites/']],
  ['Catch2 (native, ASan + UBSan)', 'build/asan/bloomcalc_tests', ['--use-colour', 'no'], SANITIZER_ENV],
  ['libFuzzer: parsers and validation', 'build/asan/bloomcalc_fuzz_parsers', [
    '-seed=1', `-max_total_time=${process.env.BLOOMCALC_FUZZ_SECONDS ?? 60}`, '-print_final_stats=1',
    FUZZ_WORK, 'tests/fuzz/corpus',
  ], SANITIZER_ENV],
];

await build(['native', 'wasm', 'web', 'asan']);
mkdirSync(FUZZ_WORK, { recursive: true });
let passed = 0, failed = 0;
const summary = [];
for (const [name, command, args, env] of stages) {
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const { code, output } = await runCapture(command, args, env);
  const c = counts(output, code);
  passed += c.passed;
  failed += c.failed;
  summary.push(`${code === 0 ? 'ok  ' : 'FAIL'} ${name}: ${c.passed} passed, ${c.failed} failed`);
}
console.log(`\n${summary.join('\n')}`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
