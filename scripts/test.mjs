// `npm test`: every test of the project, on both builds.
//   1. Catch2 suite, native (ctest)        2. the same Catch2 suite compiled to wasm, under Node (ctest)
//   3. JS module + CLI + npm pack tests    4. the .d.ts type check (tsc)
//   5. browser end-to-end tests (Playwright + Debian chromium)
//   5b. the element in documentation sites and framework apps (tests/sites/: VitePress, Docusaurus, Starlight,
//      MkDocs, Sphinx, React/Vue/Svelte; built from the packed package one after the other, npm installs kept
//      in build/sites/ while each fixture's lockfile is unchanged)
//   6. the Catch2 suite again, native under AddressSanitizer + UndefinedBehaviorSanitizer (build/asan), a process
//      per test case (names must differ in more than case: Catch2 matches them regardless of case)
//   7. libFuzzer on the parsers and parameter validation, BLOOMCALC_FUZZ_RUNS inputs (default 900 000, about a
//      minute of one core) from the checked-in corpus tests/fuzz/corpus (new inputs go to build/asan/fuzz-corpus,
//      not the repository)
// Stages 1 and 2 run side by side (each keeps about one core busy; their output is printed when each ends), and
// stages 3 and 5 run two test files at a time; the fixtures' npm installs (tests/sites/install.mjs) download while
// the C++ compiles; the sanitizer build and then stages 6 and 7 side by side run at nice 19 from the start, on the
// cores the builds and stages 1-5 leave idle (the browser stages wait more than they compute), and get the usual
// priority back once those are done; the package is packed once for every fixture (BLOOMCALC_SITES_TARBALL). Prints
// each runner's own output, then a summary line per build step and stage (its wall-clock seconds, and the CPU seconds
// of its processes) and one closing line "tests: N passed, N failed".
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { setAutogroupNice, setGroupPriority } from './priority.mjs';
import { buildEnv, ensureAll, root } from './toolchain.mjs';

// Runs a command (in `sh`, whose `times` gives the CPU seconds of every process the command waited for);
// echoes its output as it comes, or, with `buffered`, once it ends (runners side by side). `log`: a file
// taking its output instead. Resolves with { code, output, seconds, cpu }.
function runTimed(command, args, { env = {}, buffered = false, log, detached = false, onSpawn } = {}) {
  const start = Date.now();
  return new Promise((resolve) => {
    const out = log ? openSync(log, 'w') : 'pipe';
    const child = spawn('sh', ['-c', '"$@" 3>&-; status=$?; times >&3; exit $status', 'sh', command, ...args], {
      cwd: root,
      env: { ...buildEnv, ...env },
      stdio: ['ignore', out, out, 'pipe'],
      detached,
    });
    onSpawn?.(child);
    let output = '';
    let times = '';
    child.stdio[3].on('data', (chunk) => (times += chunk));
    for (const stream of [child.stdout, child.stderr].filter(Boolean))
      stream.on('data', (chunk) => {
        output += chunk;
        if (!buffered) (stream === child.stdout ? process.stdout : process.stderr).write(chunk);
      });
    child.on('close', (code) => {
      // `times`: the shell's own user and system time, then its children's
      const [user = 0, system = 0] = [...(times.split('\n')[1] ?? '').matchAll(/(\d+)m([\d.]+)s/g)].map(([, m, sec]) => 60 * Number(m) + Number(sec));
      resolve({ code: code ?? 1, output: log ? readFileSync(log, 'utf8') : output, seconds: (Date.now() - start) / 1000, cpu: user + system });
    });
  });
}

const took = ({ seconds, cpu }) => `${seconds.toFixed(0)} s, CPU ${cpu.toFixed(0)} s`;

// Test counts from a runner's output: Catch2 ("All tests passed (A assertions in N test cases)" or
// "test cases: N | P passed | F failed"), node:test ("# pass N", "# fail N").
function counts(output, code) {
  const allPassed = [...output.matchAll(/All tests passed \(\d+ assertions? in (\d+) test cases?\)/g)];
  const mixed = [...output.matchAll(/test cases:\s+(\d+) \|\s+(\d+) passed \|\s+(\d+) failed/g)];
  const onlyFailed = [...output.matchAll(/test cases:\s+(\d+) \|\s+(\d+) failed/g)];
  const nodePass = [...output.matchAll(/^# pass (\d+)/gm)];
  const nodeFail = [...output.matchAll(/^# fail (\d+)/gm)];
  let passed = 0,
    failed = 0;
  for (const m of allPassed) passed += Number(m[1]);
  for (const m of mixed) ((passed += Number(m[2])), (failed += Number(m[3])));
  for (const m of onlyFailed) failed += Number(m[2]);
  for (const m of nodePass) passed += Number(m[1]);
  for (const m of nodeFail) failed += Number(m[1]);
  if (passed + failed === 0) return code === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 };
  if (code !== 0 && failed === 0) failed = 1; // the runner failed outside any test
  return { passed, failed };
}

// Any sanitizer report fails the run (-fno-sanitize-recover=all); leaks too.
const FUZZ_WORK = path.join(root, 'build/asan/fuzz-corpus');
const SANITIZER_ENV = { ASAN_OPTIONS: 'detect_leaks=1:abort_on_error=1', UBSAN_OPTIONS: 'print_stacktrace=1:halt_on_error=1' };

// Each group's stages run side by side (each keeps about one core busy); the groups one after the other.
// node:test runs one file at a time on two cores (availableParallelism() - 1): the JS files, independent (each
// its own temporary folders), run two at a time; so do the browser files (each its own browser and server on a
// free port; their bounds on the page's main thread are CPU time, harness.mjs mainThreadTasks), which wait more
// than they compute.
const groups = [
  [
    ['Catch2 (native)', 'ctest', ['--test-dir', 'build/native', '--no-tests=error', '-V']],
    ['Catch2 (wasm under Node)', 'ctest', ['--test-dir', 'build/wasm', '--no-tests=error', '-V']],
  ],
  [['JS module, CLI and package', process.execPath, ['--test', `--test-concurrency=${Math.max(2, availableParallelism() - 1)}`, 'tests/js/']]],
  [['type check of index.d.ts', process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tests/types']]],
  // One after the other: side by side (tried, docs/decisions.md "CI time, third step") the browser files took as
  // long as both stages in turn, and the sanitizer stage, left no idle core, ended last.
  [['browser end-to-end', process.execPath, ['--test', '--test-concurrency=2', 'tests/e2e/']]],
  [['documentation sites and framework apps', process.execPath, ['--test', '--test-concurrency=1', 'tests/sites/']]],
];
// Stages 6 and 7 in the background at nice 19 once the sanitizer build is done, side by side. Stage 7 runs a
// number of inputs, not a time: at nice 19 a time would buy fewer inputs the busier the machine.
const SANITIZER_SUITE = ['Catch2 (native, ASan + UBSan)', 'build/asan/bloomcalc_tests', ['--use-colour', 'no']];
// Every case but the seeded sweeps and grids ([sweep]: the same code, called thousands of times, ~80 % of the suite's
// time, ten times slower under the sanitizers); each function they call is also called by a case that runs here,
// and the sweeps run in stages 1 and 2 (docs/decisions.md, "CI time").
const SANITIZER_CASES = '~[sweep]';
const FUZZER = [
  'libFuzzer: parsers and validation',
  'build/asan/bloomcalc_fuzz_parsers',
  ['-seed=1', `-runs=${process.env.BLOOMCALC_FUZZ_RUNS ?? 900000}`, '-print_final_stats=1', FUZZ_WORK, 'tests/fuzz/corpus'],
];

// The browser stage under a loaded CI machine has failed a test now and then that passes alone (a wait for an
// element to be still, docs/decisions.md): its failed files run once more, alone; a test failing twice fails the
// run, and one passing the second time is named in the summary as flaky, never hidden.
const RETRIED = 'browser end-to-end';
async function rerunFailedFiles(output) {
  const files = [...new Set([...output.matchAll(/^\s*location: '([^']*\/tests\/e2e\/[^'/]+\.test\.mjs):\d+:\d+'/gm)].map((m) => m[1]))];
  const flaky = [...output.matchAll(/^not ok \d+ - (.*)$/gm)].map((m) => m[1]);
  if (files.length === 0) return null;
  console.log(`\n=== ${RETRIED}, the failed files again, alone: ${files.join(' ')}`);
  const again = await runTimed(process.execPath, ['--test', '--test-concurrency=1', ...files]);
  return { ...again, flaky };
}

const summary = [];
const fail = (line) => {
  console.error(line);
  console.log(`\n${summary.join('\n')}`);
  process.exit(1);
};

ensureAll();
// The fixtures' npm installs, while the C++ compiles (network and disk more than cores); awaited before the sites.
const SITES_BUILD = path.join(root, 'build', 'sites');
mkdirSync(SITES_BUILD, { recursive: true });
const installs = runTimed(process.execPath, ['tests/sites/install.mjs'], { log: path.join(SITES_BUILD, 'install.log') });
// The sanitizer build, then stage 6, at the lowest priority (nice 19) from the start, while the builds and stages
// 1-5 run: they take only the cores those leave idle. Each in its own process group, so that once the rest is done
// they get back the usual priority (root may renice; elsewhere they stay at 19), and so that an interrupted run
// stops them too; its
// session's autogroup at nice 19 too (scripts/priority.mjs), or the group would take a core of two.
mkdirSync(FUZZ_WORK, { recursive: true });
const background = new Map(); // process group → done
let foreground = false; // set once stages 1-5 are done: what starts then starts at the usual priority
const lowPriority = (command, args, options = {}) => {
  let group;
  const nice = foreground ? 0 : 19;
  const run = runTimed('nice', ['-n', String(nice), command, ...args], {
    ...options,
    detached: true,
    onSpawn: (child) => {
      background.set((group = child.pid), false);
      setAutogroupNice(group, nice); // its own session: without this, nice 19 still takes a core of two
    },
  });
  return run.finally(() => background.set(group, true));
};
const stopBackground = () => {
  for (const [group, done] of background) {
    try {
      if (!done) process.kill(-group, 'SIGTERM');
    } catch {}
  }
};
process.on('exit', stopBackground);
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
])
  process.on(signal, () => process.exit(code));
const asanBuild = lowPriority(process.execPath, ['scripts/build.mjs', 'asan'], { log: path.join(root, 'build', 'asan-build.log') });
const [suiteName, suiteCommand, suiteArgs] = SANITIZER_SUITE;
const sanitizerSuite = asanBuild.then((built) => built.code === 0 && caseByCase(suiteCommand, suiteArgs, { env: SANITIZER_ENV }));

// Stage 6 runs each test case in a process of its own, from a queue, as many at a time as there are cores: its cases
// take from milliseconds to a minute under the sanitizers, so a split made in advance would leave a core idle for
// minutes at the end of the run, where this stage is on its own. Resolves like runTimed, with `counts`.
const catch2Name = (name) => name.replace(/[\\,[\]*"~]/g, (c) => `\\${c}`); // a name as a Catch2 test spec, matched literally
async function caseByCase(command, args, { env }) {
  const start = Date.now();
  // Catch2 2's exit status after a listing is the number of names listed
  const names = spawnSync(command, ['--list-test-names-only', SANITIZER_CASES], { cwd: root, env: { ...buildEnv, ...env }, encoding: 'utf8' })
    .stdout.split('\n')
    .filter((line) => line.trim() !== '');
  const queue = [...names];
  const failures = [];
  let cpu = 0,
    assertions = 0,
    passed = 0;
  const worker = async () => {
    for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
      const run = await lowPriority(command, [...args, catch2Name(name)], { env, buffered: true });
      cpu += run.cpu;
      const ok = run.output.match(/All tests passed \((\d+) assertions? in 1 test case\)/);
      if (run.code === 0 && ok) {
        passed += 1;
        assertions += Number(ok[1]);
      } else failures.push(`--- ${name}: exit ${run.code}${ok ? '' : ', not exactly one test case passed'}\n${run.output}`);
    }
  };
  await Promise.all(Array.from({ length: availableParallelism() }, worker));
  const output =
    `${failures.map((failure) => `${failure}\n`).join('')}${names.length} test cases, each in a process of its own (${availableParallelism()} at a time): ` +
    `${passed} passed (${assertions} assertions), ${failures.length} failed\n`;
  const code = failures.length === 0 && names.length > 0 ? 0 : 1;
  return { code, output, seconds: (Date.now() - start) / 1000, cpu, counts: { passed, failed: failures.length + (names.length === 0 ? 1 : 0) } };
}
const [fuzzName, fuzzCommand, fuzzArgs] = FUZZER;
const fuzz = asanBuild.then((built) => built.code === 0 && lowPriority(fuzzCommand, fuzzArgs, { env: SANITIZER_ENV, buffered: true }));
for (const targets of [['native'], ['wasm', 'web']]) {
  console.log(`\n=== build: node scripts/build.mjs ${targets.join(' ')}`);
  const step = await runTimed(process.execPath, ['scripts/build.mjs', ...targets]);
  summary.push(`${step.code === 0 ? 'ok  ' : 'FAIL'} build ${targets.join(' + ')} (${took(step)})`);
  if (step.code !== 0) fail(`bloomcalc: build ${targets.join(' ')} failed`);
}
// One package for every fixture (tests/sites/harness.mjs, packTarball), as published.
const PACK = path.join(SITES_BUILD, 'pack', 'test');
rmSync(PACK, { recursive: true, force: true });
mkdirSync(PACK, { recursive: true });
const packStart = Date.now();
const packed = JSON.parse(
  execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', PACK], { cwd: root, env: buildEnv, encoding: 'utf8' }),
);
const tarball = path.join(PACK, packed[0].filename);
summary.push(`ok   npm pack, for the sites (${((Date.now() - packStart) / 1000).toFixed(0)} s)`);

let passed = 0,
  failed = 0;
for (const group of groups) {
  if (group.some(([name]) => name.startsWith('documentation sites'))) {
    const installed = await installs;
    console.log(`\n=== the fixtures' npm installs (tests/sites/install.mjs, during the build)\n${installed.output}`);
    summary.push(`${installed.code === 0 ? 'ok  ' : 'FAIL'} the fixtures' npm installs, during the build (${took(installed)})`);
  }
  const side = group.length > 1;
  await Promise.all(
    group.map(async ([name, command, args, env]) => {
      const header = `\n=== ${name}: ${command} ${args.join(' ')}`;
      if (!side) console.log(header);
      const run = await runTimed(command, args, { env: { ...env, BLOOMCALC_SITES_TARBALL: tarball }, buffered: side });
      if (side)
        console.log(
          `${header} (side by side with ${group
            .filter(([n]) => n !== name)
            .map(([n]) => n)
            .join(', ')})\n${run.output}`,
        );
      const c = counts(run.output, run.code);
      const again = name === RETRIED && run.code !== 0 ? await rerunFailedFiles(run.output) : null;
      if (again?.code === 0) {
        passed += c.passed + c.failed;
        summary.push(
          `ok   ${name}: ${c.passed + c.failed} passed, 0 failed (${took(run)}); FLAKY: ${again.flaky.join('; ')} failed, then passed with its file run ` +
            `again alone (${took(again)})`,
        );
        return;
      }
      passed += c.passed;
      failed += c.failed;
      summary.push(`${run.code === 0 ? 'ok  ' : 'FAIL'} ${name}: ${c.passed} passed, ${c.failed} failed (${took(run)})`);
    }),
  );
}
// What is left of stages 6 and 7 at the usual priority.
foreground = true;
for (const [group, done] of background) if (!done) setGroupPriority(group, 0);
const built = await asanBuild;
console.log(`\n=== build: nice -n 19 node scripts/build.mjs asan (beside the builds and stages 1-5)\n${built.output}`);
summary.push(`${built.code === 0 ? 'ok  ' : 'FAIL'} build asan, beside the builds and stages 1-5 (${took(built)})`);
if (built.code !== 0) failed += 2;
else {
  for (const [name, command, args, run, when] of [
    [suiteName, suiteCommand, suiteArgs, await sanitizerSuite, 'from the end of its build, nice 19 during stages 1-5, a case at a time on each core'],
    [fuzzName, fuzzCommand, fuzzArgs, await fuzz, 'from the end of the sanitizer build, nice 19 during stages 1-5'],
  ]) {
    console.log(`\n=== ${name}: ${command} ${args.join(' ')} (${when})\n${run.output}`);
    const c = run.counts ?? counts(run.output, run.code);
    passed += c.passed;
    failed += c.failed;
    summary.push(`${run.code === 0 ? 'ok  ' : 'FAIL'} ${name}: ${c.passed} passed, ${c.failed} failed, ${when} (${took(run)})`);
  }
}
console.log(`\n${summary.join('\n')}`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
