// docs/measurements.md, written by `npm run bench` (scripts/bench.mjs) and by nothing else: each section is
// what that bench section printed (its tables, in Markdown for `sizes`), under the date, commit and machine it
// ran on. A run of some sections (--only) replaces those and keeps the others as they were, each with its own
// date; a section never run says so. The page is regenerated, never edited by hand.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The page's sections in order: the names `npm run bench -- --only` takes. */
export const SECTIONS = [
  {
    name: 'sizes',
    title: 'Sizes: the modules, an embed, the package',
    about:
      'What each calculator embedded alone downloads before its first result (gzip -9) against its budget (`scripts/embed-size.mjs`, held with 10 % ' +
      'headroom by `tests/js/size.test.mjs`), the WebAssembly modules, and the npm package (`npm pack --dry-run`).',
  },
  {
    name: 'exact-fpr',
    title: 'Exact FPR: the fast method and the table method',
    about: 'bench/bench_exact_fpr.cpp natively and in wasm: the two exact methods side by side, the fast one alone up to m = 2^40 (docs/exact-fpr.md).',
  },
  {
    name: 'rbf',
    title: 'Recycling filters',
    about: 'bench/bench_rbf.cpp natively and in wasm: the fills, recommendations by the exact and the large-M methods (docs/rbf.md).',
  },
  {
    name: 'recommend-pool',
    title: 'Recommendation: serial and pooled',
    about:
      'scripts/bench-pool.mjs: the recommendation serially and on kept worker-thread pools, wall and CPU time, and the prediction for 8 cores (docs/rbf.md).',
  },
  { name: 'simulation', title: 'Simulation throughput', about: 'bench/bench_simulation.cpp natively and in wasm: bit probes per second (docs/simulation.md).' },
  {
    name: 'simulation-instructions',
    title: 'Simulation: instructions per bit probe',
    about:
      "scripts/bench-instructions.mjs: the simulation section's rows at m = 2^16 counted by valgrind's callgrind, natively and in wasm " +
      '(V8\'s optimising compiler): the work each executes for the same counts, free of the machine\'s speed (docs/simulation.md, "Wasm against native").',
  },
  {
    name: 'layouts',
    title: 'Block layouts',
    about: 'bench/bench_layouts.cpp natively and in wasm: the exact FPR per layout and the slowest sizings (docs/layouts.md).',
  },
  {
    name: 'compare',
    title: 'Which filter? Every family compared',
    about:
      "bench/bench_compare.cpp natively and in wasm: the time to compare every family at n = 10^9 (model only; target ≤ 50 ms in wasm) and each family's " +
      'share, and every row at n = 10^7 with its overhead over log2(1/p) (docs/families.md#which-filter).',
  },
  {
    name: 'throughput',
    title: 'Real structures: build and lookup throughput',
    about:
      'bench/bench_families.cpp natively and in wasm: each real structure the simulations build (standard and RocksDB blocked Bloom, cuckoo, xor, ' +
      'binary fuse 3- and 4-wise, ribbon) at n = 10^6 keys sized for p = 1 % as "Which filter?" sizes it, keys per second built and looked up, ' +
      'with the same counts in both (docs/families.md#which-filter).',
  },
  {
    name: 'limits',
    title: 'Limits: the bounded calls at their worst corners',
    about:
      'scripts/bench-limits.mjs: every bounded synchronous call of the npm module (wasm under Node) at the worst corners of its accepted range, CPU ' +
      'time, beside the figure it is meant to stay within (docs/api.md, "Limits").',
  },
  {
    name: 'embed',
    title: 'The element in documentation sites',
    about:
      "scripts/bench-embed.mjs: in the VitePress fixture (tests/sites/, docs/embed.md's recipe) the bytes of bloomcalc before the first result and the " +
      'time to it (medians of cold loads) over localhost and two throttled networks. Reported, not asserted.',
  },
  {
    name: 'lighthouse',
    title: 'Layout shift and Lighthouse',
    about:
      "scripts/bench-embed.mjs: the layout shift on each fixture site's calculators page (tests/sites/cls.mjs, median of 3 loads); Lighthouse's " +
      'performance score, CLS, FCP, LCP, TBT and speed index (the five metrics the score weighs) on our own page (dist/web), desktop and mobile presets, ' +
      "and mobile again with two threads spinning beside the browser (a busier machine), with the machine's load average (a shared machine: the times, " +
      'and so the scores, move with it). Reported, not asserted; the layout shift is asserted by tests/e2e/layout-shift.test.mjs and ' +
      'tests/sites.',
  },
];

const BEGIN = (name) => `<!-- section ${name} -->`;
const END = '<!-- end of section -->';

/** Runs `fn` (sync or async), echoing and collecting every console.log line it prints. */
export async function captured(fn) {
  const lines = [];
  const log = console.log;
  console.log = (...args) => {
    log(...args);
    lines.push(args.join(' '));
  };
  try {
    const markdown = await fn();
    return { text: lines.join('\n').trim(), markdown };
  } finally {
    console.log = log;
  }
}

function commit(root) {
  try {
    const hash = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: root, encoding: 'utf8' }).trim();
    return dirty ? `${hash} with uncommitted changes` : hash;
  } catch {
    return 'unknown commit';
  }
}

// A run started under `chrt -f` (Linux's SCHED_FIFO or SCHED_RR, policy 1 or 2: field 41 of /proc/self/stat) runs ahead
// of every ordinary process, and one under `nice -n -N` (field 19) gets most of the cores beside them, so the load
// average beside it slows it down less or not at all; the report says so.
function realTime() {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    if (['1', '2'].includes(fields[41 - 3])) return ' (this run at real-time priority, ahead of it)';
    const nice = Number(fields[19 - 3]);
    return nice < 0 ? ` (this run at nice ${nice}, ahead of it)` : '';
  } catch {
    return '';
  }
}

/** Where and when this run measured: date, commit, cores and their model, load, Node. */
export function runContext(root, { built }) {
  const cpus = os.cpus();
  return (
    `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, commit ${commit(root)}; ${cpus.length} cores ` +
    `(${cpus[0]?.model.trim() ?? 'unknown CPU'}), load average ${os.loadavg()[0].toFixed(1)} at the start${realTime()}; ` +
    `Node ${process.version}; ${built}`
  );
}

/** The sections of an existing page: name → its Markdown (heading included). */
function previousSections(file) {
  if (!existsSync(file)) return new Map();
  const page = readFileSync(file, 'utf8');
  const found = new Map();
  for (const [, name, body] of page.matchAll(/<!-- section ([\w-]+) -->\n([\s\S]*?)<!-- end of section -->/g)) found.set(name, body);
  return found;
}

/**
 * Writes docs/measurements.md: `sections` is every section's name and title in order, `ran` a Map
 * name → { text, markdown } of this run, `context` where and when it ran.
 */
export function writeMeasurements(root, sections, ran, context) {
  const file = path.join(root, 'docs', 'measurements.md');
  const before = previousSections(file);
  const body = sections.map(({ name, title, about }) => {
    let section;
    if (ran.has(name)) {
      const { text, markdown } = ran.get(name);
      section = `## ${title}\n\n${about}\n\nMeasured ${context}.\n\n` + (markdown ? `${markdown}\n\n` : '') + (text ? `\`\`\`text\n${text}\n\`\`\`\n` : '');
    } else {
      section = before.get(name) ?? `## ${title}\n\n${about}\n\nNot run yet: \`npm run bench -- --only ${name}\`.\n`;
    }
    // the anchor other pages link to (docs/api.md → measurements.md#limits)
    const anchor = `<a id="${name}"></a>`;
    return `${BEGIN(name)}\n${section.startsWith(anchor) ? '' : `${anchor}\n`}${section.trimEnd()}\n${END}`;
  });
  const notRun = sections.filter(({ name }) => !ran.has(name)).map(({ name }) => name);
  const page =
    `# Measurements

<!-- generated by npm run bench (scripts/bench.mjs, scripts/bench-report.mjs) — do not edit -->

Generated by \`npm run bench\` — do not edit. The project's sizes and timings, each section as its bench
section printed it, with the date, commit and machine it was measured on. Times are CPU or wall time as each
section says; on a shared machine they vary from run to run. \`npm run bench -- --only NAME\` re-measures
one section (a comma list for several) and keeps the others.

The last run (${context.split(';')[0]}) measured: ${[...ran.keys()].join(', ') || 'nothing'}; ` +
    `${
      notRun.length
        ? `not run in it: ${notRun.join(', ')} (their figures below are from earlier runs, each with its ` + `date, or not measured yet)`
        : 'every section'
    }.

${body.join('\n\n')}
`;
  writeFileSync(file, page);
  return file;
}
