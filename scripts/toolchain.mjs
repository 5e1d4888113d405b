// Makes sure the machine has what the build needs: the Debian toolchain (apt) and the npm packages.
// On a fresh Debian machine as root it installs them; otherwise it says in one line what to run.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// clang + libclang-rt-14-dev: the sanitizer build and the libFuzzer target (build/asan).
// mkdocs, mkdocs-material, python3-sphinx, furo, hugo: the MkDocs, Sphinx and Hugo fixture sites (tests/sites/).
// clang-format: the C++ style check (tests/js/style.test.mjs).
const APT_PACKAGES = [
  'emscripten',
  'catch2',
  'chromium',
  'cmake',
  'g++',
  'clang',
  'libclang-rt-14-dev',
  'mkdocs',
  'mkdocs-material',
  'python3-sphinx',
  'furo',
  'hugo',
  'clang-format',
];
const REQUIRED = [
  ['/usr/bin/em++', 'emscripten'],
  ['/usr/bin/cmake', 'cmake'],
  ['/usr/bin/g++', 'g++'],
  ['/usr/include/catch2/catch.hpp', 'catch2'],
  ['/usr/bin/chromium', 'chromium'],
  ['/usr/bin/clang++', 'clang'],
  ['/usr/lib/llvm-14/lib/clang/14.0.6/lib/linux/libclang_rt.fuzzer-x86_64.a', 'libclang-rt-14-dev'],
  ['/usr/bin/mkdocs', 'mkdocs'],
  ['/usr/share/mkdocs/themes/material/__init__.py', 'mkdocs-material'],
  ['/usr/bin/sphinx-build', 'python3-sphinx'],
  ['/usr/lib/python3/dist-packages/furo/__init__.py', 'furo'],
  ['/usr/bin/hugo', 'hugo'],
  ['/usr/bin/clang-format', 'clang-format'],
];
const APT_LINE = `apt-get update && apt-get install -y --no-install-recommends ${APT_PACKAGES.join(' ')}`;

// Emscripten 3.1.6 needs acorn from Debian's node modules at -O2 and above ("Cannot find module 'acorn'";
// `emcc --check` does not notice it).
export const buildEnv = {
  ...process.env,
  NODE_PATH: [process.env.NODE_PATH, '/usr/share/nodejs'].filter(Boolean).join(':'),
};

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, env: buildEnv, ...options });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    const error = new Error(`${command} ${args.join(' ')} exited with ${result.status}`);
    error.exitCode = result.status ?? 1;
    throw error;
  }
}

export function ensureAptToolchain() {
  const missing = REQUIRED.filter(([file]) => !existsSync(file)).map(([, pkg]) => pkg);
  if (missing.length === 0) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !existsSync('/usr/bin/apt-get')) {
    console.error(`bloomcalc: missing ${missing.join(', ')}; run as root: ${APT_LINE}`);
    process.exit(1);
  }
  console.log(`bloomcalc: installing the toolchain (${missing.join(', ')}) with apt-get, a few minutes on a fresh machine`);
  run('apt-get', ['update']);
  run('apt-get', ['install', '-y', '--no-install-recommends', ...APT_PACKAGES], {
    env: { ...buildEnv, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

export function ensureNodeModules() {
  const needed = ['playwright-core', 'esbuild', 'typescript', 'uplot'];
  if (needed.every((name) => existsSync(path.join(root, 'node_modules', name, 'package.json')))) return;
  console.log('bloomcalc: installing npm packages (npm ci)');
  run('npm', ['ci', '--no-audit', '--no-fund']);
}

export function ensureAll() {
  ensureAptToolchain();
  ensureNodeModules();
}

export function commandExists(name) {
  try {
    execFileSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
