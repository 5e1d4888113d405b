// Builds the native library, tests and benchmark (build/native), the wasm module and the wasm tests
// (build/wasm, copied to dist/; its benchmarks only for `npm run bench`), and the page (dist/web).
// Incremental: CMake rebuilds only what changed.
// Usage: node scripts/build.mjs [native] [wasm] [web] [asan]   (default: the first three; asan = the
// sanitizer build of the Catch2 suite and the fuzzer, build/asan, run by `npm test`)
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureAll, root, run } from './toolchain.mjs';

const jobs = ['-j', '2'];

export function buildNative() {
  const dir = path.join(root, 'build/native');
  if (!existsSync(path.join(dir, 'CMakeCache.txt'))) run('cmake', ['-S', root, '-B', dir, '-DCMAKE_BUILD_TYPE=Release']);
  run('cmake', ['--build', dir, ...jobs]);
}

// modulesOnly: just the two .wasm modules copied to dist/ (target dist), not the wasm Catch2 suite (`npm start`).
export function buildWasm({ modulesOnly = false } = {}) {
  const dir = path.join(root, 'build/wasm');
  if (!existsSync(path.join(dir, 'CMakeCache.txt')))
    // emcmake's default emulator is `node --experimental-wasm-threads`, which Node 20 rejects, so ctest would
    // silently find no wasm test: name /usr/bin/node (and `ctest --no-tests=error` catches a regression).
    run('emcmake', ['cmake', '-S', root, '-B', dir, '-DCMAKE_BUILD_TYPE=Release', '-DCMAKE_CROSSCOMPILING_EMULATOR=/usr/bin/node']);
  run('cmake', ['--build', dir, ...jobs, ...(modulesOnly ? ['--target', 'dist'] : [])]);
}

// The wasm benchmarks (not in the default build: `npm test` does not run them).
export function buildWasmBenchmarks() {
  buildWasm();
  run('cmake', ['--build', path.join(root, 'build/wasm'), ...jobs, '--target', 'wasm_benchmarks']);
}

// The native Catch2 suite and the libFuzzer target under AddressSanitizer + UndefinedBehaviorSanitizer
// (clang from apt), in their own build directory; only those two targets.
export const SANITIZE = '-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer';
export function buildAsan() {
  const dir = path.join(root, 'build/asan');
  if (!existsSync(path.join(dir, 'CMakeCache.txt')))
    run('cmake', [
      '-S',
      root,
      '-B',
      dir,
      '-DCMAKE_BUILD_TYPE=Debug',
      '-DCMAKE_CXX_COMPILER=clang++',
      '-DBLOOMCALC_FUZZ=ON',
      `-DCMAKE_CXX_FLAGS=${SANITIZE} -fsanitize=fuzzer-no-link -O1`,
      // file and line in a report's stack is all it needs: full -g made the build about a fifth slower
      '-DCMAKE_CXX_FLAGS_DEBUG=-gline-tables-only',
    ]);
  run('cmake', ['--build', dir, ...jobs, '--target', 'bloomcalc_tests', 'bloomcalc_fuzz_parsers']);
}

export async function buildPage() {
  const { buildWeb } = await import('./build-web.mjs');
  await buildWeb();
}

export async function build(targets = ['native', 'wasm', 'web'], { modulesOnly = false } = {}) {
  ensureAll();
  if (targets.includes('native')) buildNative();
  if (targets.includes('asan')) buildAsan();
  if (targets.includes('wasm') || targets.includes('web')) buildWasm({ modulesOnly });
  if (targets.includes('web')) await buildPage();
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const targets = process.argv.slice(2);
  build(targets.length ? targets : undefined).catch((error) => {
    console.error(`bloomcalc: build failed: ${error.message}`);
    process.exit(error.exitCode ?? 1);
  });
}
