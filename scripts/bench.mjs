// `npm run bench`: every benchmark natively and compiled to wasm (under Node), then the wasm/native ratios,
// and the sizes of what the package and an embed download; the figures go to docs/measurements.md
// (scripts/bench-report.mjs), section by section.
// `npm run bench -- --only recommend-pool` (or BENCH_ONLY=recommend-pool; a comma list of the SECTIONS of scripts/bench-report.mjs)
// runs only those sections and keeps the others' figures in the page: the pool's alone takes well under 2
// minutes; `limits` (the Limits table's corners, scripts/bench-limits.mjs) about a minute; `sizes` seconds.
// `--no-build` measures the build already in dist/ and build/ (the page says so) instead of building first.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { benchInstructions } from './bench-instructions.mjs';
import { benchLimits } from './bench-limits.mjs';
import { benchRecommendPool } from './bench-pool.mjs';
import { benchSimWorkers } from './bench-sim-workers.mjs';
import { SECTIONS, captured, runContext, writeMeasurements } from './bench-report.mjs';
import { build, buildWasmBenchmarks } from './build.mjs';
import { embedBuilt, embedSizes } from './embed-size.mjs';
import { buildEnv, root } from './toolchain.mjs';

const NAMES = SECTIONS.map(({ name }) => name);
const MODULE_ONLY = ['recommend-pool', 'limits']; // sections that need only the npm module (wasm)
const WEB = ['sizes', 'embed', 'lighthouse']; // sections that need the built page and element (dist/)
const onlyArg = process.argv.indexOf('--only');
const only = (onlyArg >= 0 ? process.argv[onlyArg + 1] : process.env.BENCH_ONLY)?.split(',').filter(Boolean);
for (const name of only ?? []) if (!NAMES.includes(name)) throw new Error(`--only: unknown section '${name}' (one of ${NAMES.join(', ')})`);
const wanted = (name) => !only || only.includes(name);
const noBuild = process.argv.includes('--no-build');

// The pool's and the limits' sections need only the wasm module, the sizes the element bundle; the others
// the native and wasm benchmark programs.
let built = 'built by this run';
if (noBuild) {
  const wasm = path.join(root, 'dist', 'bloomcalc.web.wasm');
  built = existsSync(wasm)
    ? `not built by this run: dist/ as built at ${statSync(wasm).mtime.toISOString().slice(0, 16).replace('T', ' ')} UTC`
    : 'not built by this run';
} else if (NAMES.some((name) => !MODULE_ONLY.includes(name) && !WEB.includes(name) && wanted(name))) {
  await build(['native', 'wasm', ...(WEB.some(wanted) ? ['web'] : [])]);
  buildWasmBenchmarks();
} else {
  await build(['wasm', ...(WEB.some(wanted) ? ['web'] : [])]);
}
const context = runContext(root, { built });
const ran = new Map();
const section = async (name, fn) => {
  if (wanted(name)) ran.set(name, await captured(fn));
};

function run(label, command, args) {
  console.log(`\n=== ${label}`);
  const result = spawnSync(command, args, { cwd: root, env: buildEnv, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${label} failed: ${result.stderr}`);
  const lines = result.stdout.trimEnd().split('\n');
  const json = lines.pop();
  console.log(lines.join('\n'));
  return JSON.parse(json.replace(/^JSON /, ''));
}

const both = (name) => ({
  native: run(`${name}, native`, path.join(root, `build/native/bloomcalc_bench_${name}`), []),
  wasm: run(`${name}, wasm (Node)`, process.execPath, [path.join(root, `build/wasm/bloomcalc_bench_${name}.cjs`)]),
});
const ratio = (w, n) => `${(w / n).toFixed(2)}x`;

const kb = (bytes) => (bytes / 1000).toFixed(1);
const kib = (bytes) => (bytes / 1024).toFixed(0);
const files = (n) => `${n} file${n === 1 ? '' : 's'}`;

// The sizes (scripts/embed-size.mjs, as tests/js/size.test.mjs computes them) and the package's.
await section('sizes', () => {
  if (!embedBuilt(root)) throw new Error('sizes: dist/element is not built (node scripts/build.mjs web)');
  const { modules, rows, onDemand } = embedSizes(root);
  const pack = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root, encoding: 'utf8' });
  if (pack.status !== 0) throw new Error(`npm pack --dry-run failed: ${pack.stderr}`);
  const [tarball] = JSON.parse(pack.stdout);
  console.log(
    `\n=== sizes: ${rows.length} calculators, ${rows.map((r) => `${r.name} ${r.total} of ${r.budget}`).join(', ')} B gzip; package ${tarball.size} B tarball`,
  );
  return [
    '| module | bytes | gzip -9 | brotli 11 |',
    '|---|---|---|---|',
    ...Object.values(modules).map((m) => `| \`${m.file}\` | ${kib(m.bytes)} KiB | ${kb(m.gzip)} KB | ${kb(m.brotli)} KB |`),
    '',
    '| calculator | entry | its chunks | worker | .wasm | total (gzip -9) | budget | margin to the budget |',
    '|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${kb(r.entryBytes)} KB | ${kb(r.chunks)} KB (${files(r.chunkFiles)}) | ` +
        `${r.worker ? `${r.worker} ${kb(r.workerBytes)} KB (${files(r.workerFiles)})` : '—'} | ${r.wasmName} ` +
        `${kb(r.wasm)} KB | **${kb(r.total)} KB** | ${kb(r.budget)} KB | ${kb(r.budget - r.total)} KB |`,
    ),
    '',
    `Loaded after the first result (or by no calculator before it): ` +
      `${onDemand.map((o) => `${o.name} ${kb(o.gzip)} KB`).join(', ')} (a worker also runs the runtime ` +
      `chunk it shares with the entry, already loaded).`,
    '',
    `The npm package: ${kb(tarball.size)} KB tarball, ${(tarball.unpackedSize / 1e6).toFixed(2)} MB unpacked, ${tarball.entryCount} files.`,
  ].join('\n');
});

await section('exact-fpr', () => {
  const exact = both('exact_fpr');
  console.log('\n=== wasm time / native time, fast exact FPR');
  for (const [i, row] of exact.native.sideBySide.entries())
    console.log(`m = ${String(row.m).padStart(14)}            ${ratio(exact.wasm.sideBySide[i].fastMs, row.fastMs)}`);
  for (const [i, row] of exact.native.fastOnly.entries())
    console.log(
      `m = ${String(row.m).padStart(14)} k = ${String(row.k).padStart(2)} ${row.hashing.padEnd(9)} ${ratio(exact.wasm.fastOnly[i].fastMs, row.fastMs)}`,
    );
});

await section('rbf', () => {
  const rbf = both('rbf');
  console.log('\n=== wasm time / native time, recycling filters');
  for (const [i, row] of rbf.native.allSigma.entries())
    console.log(`f1 for all sigma, M = ${String(row.M).padStart(8)}: ${ratio(rbf.wasm.allSigma[i].fillMs, row.fillMs)}`);
  for (const [i, row] of rbf.native.recommend.entries()) {
    const w = rbf.wasm.recommend[i];
    console.log(
      `recommendation,   M = ${String(row.M).padStart(8)}: exact ${ratio(w.ms, row.ms)}, large-M ${ratio(w.largeMs, row.largeMs)} ` +
        `(wasm CPU: exact ${w.ms.toFixed(0)} ms, its reference path ${w.refMs.toFixed(0)} ms = ${(w.refMs / w.ms).toFixed(2)}x; ` +
        `large-M ${w.largeMs.toFixed(0)} ms)`,
    );
  }
  for (const [i, row] of rbf.native.large.entries())
    console.log(
      `large-M only,     M = 2^${Math.log2(row.M)}, f* = ${row.fpr}: ${ratio(rbf.wasm.large[i].ms, row.ms)} (wasm ${rbf.wasm.large[i].ms.toFixed(0)} ms)`,
    );
  for (const [i, row] of rbf.native.distinct.entries())
    console.log(
      `distinct large-M, M = 2^${Math.log2(row.M)}, ${row.recycling}, f* = ${row.fpr}: ${ratio(rbf.wasm.distinct[i].largeMs, row.largeMs)} ` +
        `(wasm ${rbf.wasm.distinct[i].largeMs.toFixed(0)} ms)`,
    );
  for (const [i, row] of rbf.native.exactLaw.entries())
    console.log(
      `exact-law large-M, M = 2^${Math.log2(row.M)}, f* = ${row.fpr}: ${ratio(rbf.wasm.exactLaw[i].largeMs, row.largeMs)} ` +
        `(wasm ${rbf.wasm.exactLaw[i].largeMs.toFixed(0)} ms)`,
    );
  for (const [i, row] of rbf.native.eq10After.entries())
    console.log(
      `eq10 + swap after large-M, M = 2^${Math.log2(row.M)}, f* = ${row.fpr}: ${ratio(rbf.wasm.eq10After[i].largeMs, row.largeMs)} ` +
        `(wasm ${rbf.wasm.eq10After[i].largeMs.toFixed(0)} ms)`,
    );
});

// Serial vs pooled recommendation through the npm module (wasm in Node): scripts/bench-pool.mjs.
await section('recommend-pool', async () => benchRecommendPool(await import('../wasm/index.mjs')));

// Every bounded synchronous call at the corners of its accepted range (docs/api.md, "Limits").
await section('limits', async () => {
  await benchLimits(await import('../wasm/index.mjs'));
});

// Simulation throughput (bench/bench_simulation.cpp): bit probes per second, native and wasm, one run.
await section('simulation', async () => {
  const simNative = run('simulation, native', path.join(root, 'build/native/bloomcalc_bench_simulation'), []);
  const simWasm = run('simulation, wasm (Node)', process.execPath, [path.join(root, 'build/wasm/bloomcalc_bench_simulation.cjs')]);
  if (simNative.checksum !== simWasm.checksum) throw new Error(`simulation counts differ: native ${simNative.checksum}, wasm ${simWasm.checksum}`);
  if (simNative.limitChecksum !== simWasm.limitChecksum)
    throw new Error(`limit loops differ: native ${simNative.limitChecksum}, wasm ${simWasm.limitChecksum}`);
  console.log(
    `\n=== simulation: wasm throughput / native throughput (same counts: checksum ${simNative.checksum});` +
      ' beside the ideal colliding rows, the limit for the same probe pattern (a batched prefetching loop, this run, by turns with the' +
      " simulation) and simulation / limit, then the limit with the simulator's hashing (hashed) and simulation / hashed limit",
  );
  const mps = (x) => (x / 1e6).toFixed(0).padStart(5);
  for (const [i, row] of simNative.simulation.entries()) {
    const w = simWasm.simulation[i];
    const limit =
      row.limitProbesPerSecond > 0
        ? `  limit native ${mps(row.limitProbesPerSecond)} M/s (${(row.probesPerSecond / row.limitProbesPerSecond).toFixed(2)}x)` +
          `  wasm ${mps(w.limitProbesPerSecond)} M/s (${(w.probesPerSecond / w.limitProbesPerSecond).toFixed(2)}x)` +
          `  hashed native ${mps(row.hashedLimitProbesPerSecond)} M/s (${(row.probesPerSecond / row.hashedLimitProbesPerSecond).toFixed(2)}x)` +
          `  wasm ${mps(w.hashedLimitProbesPerSecond)} M/s (${(w.probesPerSecond / w.hashedLimitProbesPerSecond).toFixed(2)}x)`
        : '';
    console.log(
      `${row.label.padEnd(26)} m = ${String(row.m).padStart(10)}  native ${mps(row.probesPerSecond)} M/s` +
        `  wasm ${mps(w.probesPerSecond)} M/s  ${(w.probesPerSecond / row.probesPerSecond).toFixed(2)}x${limit}`,
    );
  }
  return benchSimWorkers(await import('../wasm/index.mjs')); // the speed-up with 1, 2, … worker threads
});

// The same rows at m = 2^16 counted in instructions per bit probe, native and wasm (scripts/bench-instructions.mjs).
await section('simulation-instructions', () => benchInstructions(root));

// Block layouts (bench/bench_layouts.cpp): exact FPR time per layout, native and wasm, same values.
await section('layouts', () => {
  const layouts = both('layouts');
  if (layouts.native.checksum !== layouts.wasm.checksum)
    throw new Error(`layout simulation counts differ: native ${layouts.native.checksum}, wasm ${layouts.wasm.checksum}`);
  console.log(`\n=== layouts: wasm time / native time, exact FPR (simulation counts identical: checksum ${layouts.native.checksum})`);
  for (const [i, row] of layouts.native.fpr.entries()) {
    const w = layouts.wasm.fpr[i];
    if (Math.abs(w.exact - row.exact) > 1e-14 * row.exact) throw new Error(`${row.label}: wasm ${w.exact} vs native ${row.exact}`);
    console.log(`${row.label.padEnd(24)} native ${row.exactMs.toFixed(3)} ms  wasm ${w.exactMs.toFixed(3)} ms  ${ratio(w.exactMs, row.exactMs)}`);
  }
  console.log('\n=== layouts: sizing worst cases, fast search vs reference search (same filter required), native and wasm');
  for (const [i, row] of layouts.native.sizingWorst.entries()) {
    const w = layouts.wasm.sizingWorst[i];
    if (!row.same || !w.same) throw new Error(`${row.label}: the fast and reference searches differ`);
    console.log(
      `${row.label.padEnd(34)} native ${row.fastMs.toFixed(2)} ms vs ${row.referenceMs.toFixed(0)} ms (${(row.referenceMs / row.fastMs).toFixed(0)}x)` +
        `  wasm ${w.fastMs.toFixed(2)} ms vs ${w.referenceMs.toFixed(0)} ms (${(w.referenceMs / w.fastMs).toFixed(0)}x)`,
    );
  }
});

// Which filter? (bench/bench_compare.cpp): compare() at n = 10^9 per family, native and wasm; the rows at n = 10^7.
await section('compare', () => {
  const cmp = both('compare');
  console.log('\n=== compare: every family at n = 10^9 (model only; target ≤ 50 ms in wasm), wasm beside native');
  const lines = ['| p | family | native | wasm | wasm / native |', '|---|---|---|---|---|'];
  for (const [i, row] of cmp.native.timing.entries()) {
    const w = cmp.wasm.timing[i];
    console.log(`p = ${row.p}: every family native ${row.ms.toFixed(2)} ms  wasm ${w.ms.toFixed(2)} ms  ${ratio(w.ms, row.ms)}`);
    lines.push(`| ${row.p} | **every family** | ${row.ms.toFixed(2)} ms | ${w.ms.toFixed(2)} ms | ${ratio(w.ms, row.ms)} |`);
    for (const [j, f] of row.families.entries())
      lines.push(`| ${row.p} | ${f.family} | ${f.ms.toFixed(3)} ms | ${w.families[j].ms.toFixed(3)} ms | ${ratio(w.families[j].ms, f.ms)} |`);
  }
  for (const [i, row] of cmp.native.figures.entries()) {
    const w = cmp.wasm.figures[i];
    if (w.bytes !== row.bytes || Math.abs(w.fpr - row.fpr) > 1e-12 * row.fpr)
      throw new Error(`${row.variant}: wasm ${w.bytes} B ${w.fpr} vs native ${row.bytes} B ${row.fpr}`);
  }
  lines.push(
    '',
    'Every row at n = 10^7 (`bloomcalc compare --n 10M --p P --static`; the same in wasm), its overhead over log2(1/p) bits per key:',
    '',
    '| p | family | variant | bytes | bits per key | FPR | meets p | over log2(1/p) |',
    '|---|---|---|---|---|---|---|---|',
  );
  for (const row of cmp.native.figures)
    lines.push(
      `| ${row.p} | ${row.family} | ${row.variant} | ${row.bytes} | ${row.bitsPerKey.toFixed(3)} | ${row.fpr.toPrecision(4)} | ` +
        `${row.meets ? 'yes' : 'no'} | ${((row.bitsPerKey / Math.log2(1 / row.p) - 1) * 100).toFixed(1)} % |`,
    );
  return lines.join('\n');
});

// The real structures (bench/bench_families.cpp): build and lookup throughput per structure, native and wasm; the
// counts (false positives, members found, seeds tried) must be the same, as the simulations' are.
await section('throughput', () => {
  const thr = both('families');
  const counts = ['attempts', 'failed', 'positives', 'members'];
  for (const [i, row] of thr.native.structures.entries()) {
    const w = thr.wasm.structures[i];
    const differ = counts.filter((c) => w?.[c] !== row[c]);
    if (w?.label !== row.label || differ.length)
      throw new Error(`${row.label}: wasm ${differ.map((c) => `${c} ${w?.[c]}`).join(', ')} vs native ${differ.map((c) => `${c} ${row[c]}`).join(', ')}`);
  }
  if (thr.native.checksum !== thr.wasm.checksum) throw new Error(`structure counts differ: native ${thr.native.checksum}, wasm ${thr.wasm.checksum}`);
  const { n, p, lookups, runs } = thr.native;
  console.log(
    `\n=== throughput: n = ${n} keys at p = ${p}, Mkeys/s native and wasm, wasm / native (same counts: checksum ${thr.native.checksum}; ` +
      `medians of ${runs} runs)`,
  );
  const mk = (x) => (x / 1e6).toFixed(2);
  const cell = (row, w, key) => [mk(row[key]), mk(w[key]), ratio(w[key], row[key])];
  const lines = [
    `n = ${n} keys sized for p = ${p} (each family's row of \`compare\`), Mkeys/s; build: allocated and every key inserted (static filters: ` +
      `constructed); lookup: ${lookups} keys never inserted; members: the n keys; medians of ${runs} runs.`,
    '',
    '| structure | variant | bits per key | measured FPR | build native | build wasm | wasm / native | lookup native | lookup wasm | wasm / native | ' +
      'members native | members wasm | wasm / native |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const [i, row] of thr.native.structures.entries()) {
    const w = thr.wasm.structures[i];
    const [bn, bw, br] = cell(row, w, 'buildKeysPerSecond');
    const [ln, lw, lr] = cell(row, w, 'lookupKeysPerSecond');
    const [mn, mw, mr] = cell(row, w, 'memberKeysPerSecond');
    const pair = (a, b, r) => `${a.padStart(7)} / ${b.padStart(7)} ${r}`;
    console.log(`${row.label.padEnd(24)} build ${pair(bn, bw, br)}  lookup ${pair(ln, lw, lr)}  members ${pair(mn, mw, mr)}`);
    const fpr = (row.positives / lookups).toPrecision(3);
    lines.push(
      `| ${row.label} | ${row.variant} | ${row.bitsPerKey.toFixed(2)} | ${fpr} (model ${row.fpr.toPrecision(3)}) | ` +
        `${bn} | ${bw} | ${br} | ${ln} | ${lw} | ${lr} | ${mn} | ${mw} | ${mr} |`,
    );
  }
  return lines.join('\n');
});

// The element in the documentation-site fixtures; their layout shift and Lighthouse on our page (scripts/bench-embed.mjs).
// bench-embed.mjs is imported when needed: its harness imports the npm module, which a fresh clone has not built yet.
const benchEmbed = async (options) => (await import('./bench-embed.mjs')).benchEmbed(root, options);
await section('embed', () => benchEmbed({ only: ['first-result'] }));
await section('lighthouse', () => benchEmbed({ only: ['cls', 'lighthouse'] }));

console.log(`\nwrote ${path.relative(root, writeMeasurements(root, SECTIONS, ran, context))}`);
