// The simulation's instructions per bit probe, natively and in wasm (docs/simulation.md, "Wasm against native"):
// what the simulation section's wasm/native time ratios at m = 2^16 come from, counted rather than timed, so the
// figures hold on a machine whose speed moves from minute to minute. Valgrind's callgrind counts every instruction
// a run executes; the difference between a run of PROBES[1] and one of PROBES[0] bit probes leaves out the start-up
// (Node's, and V8's compilation). In wasm, V8's optimising compiler alone (--no-liftoff: the code a long run ends
// up in) and one thread (--single-threaded: no compilation or collection on other threads), so the count repeats.
import { execFileSync, spawn } from 'node:child_process';
import path from 'node:path';

const PROBES = [2e6, 6e6];
// bench/bench_simulation.cpp's cases at m = 2^16 (kCases 0–4) and its hashed limit loop at 2^16.
const CASES = ['0', '1', '2', '3', '4', 'hashed-limit'];

function valgrindMissing() {
  try {
    execFileSync('valgrind', ['--version'], { stdio: 'ignore' });
    return false;
  } catch {
    return true;
  }
}

// Instructions a run executes, and its COUNT line: the probes done, the checksum of its counts, the case's label.
function counted(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn('valgrind', ['--tool=callgrind', '--callgrind-out-file=/dev/null', '--smc-check=all', command, ...args]);
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('close', (code) => {
      const collected = /Collected : (\d+)/.exec(err);
      const line = /^COUNT (\S+) (\d+) (.+)$/m.exec(out);
      if (code !== 0 || !collected || !line) return reject(new Error(`${command} ${args.join(' ')} under callgrind failed (${code}): ${err.slice(-400)}`));
      resolve({ instructions: Number(collected[1]), probes: Number(line[1]), checksum: line[2], label: line[3] });
    });
  });
}

// Runs the jobs two at a time (each is one thread).
async function inPairs(jobs) {
  const results = new Array(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const i = next++;
      results[i] = await jobs[i]();
    }
  };
  await Promise.all([worker(), worker()]);
  return results;
}

export async function benchInstructions(root) {
  if (valgrindMissing()) throw new Error('simulation-instructions: valgrind is not installed (apt-get install valgrind)');
  const native = path.join(root, 'build/native/bloomcalc_bench_simulation');
  const wasm = [process.execPath, '--no-liftoff', '--single-threaded', path.join(root, 'build/wasm/bloomcalc_bench_simulation.cjs')];
  const jobs = [];
  for (const c of CASES)
    for (const probes of PROBES) {
      jobs.push(() => counted(native, ['--count', c, String(probes)]));
      jobs.push(() => counted(wasm[0], [...wasm.slice(1), '--count', c, String(probes)]));
    }
  const runs = await inPairs(jobs);
  console.log(
    `\n=== simulation instructions: per bit probe, native and wasm (V8's optimising compiler), m = 2^16, k = 7; callgrind's count of a run of ` +
      `${PROBES[1] / 1e6}M probes less one of ${PROBES[0] / 1e6}M; the same counts in both (checksums)`,
  );
  console.log(`${'case'.padEnd(26)} ${'native'.padStart(8)} ${'wasm'.padStart(8)}  native / wasm`);
  for (const [i, c] of CASES.entries()) {
    const [n0, w0, n1, w1] = runs.slice(4 * i, 4 * i + 4);
    for (const [a, b] of [
      [n0, w0],
      [n1, w1],
    ])
      if (a.checksum !== b.checksum || a.probes !== b.probes) throw new Error(`case ${c}: native and wasm did different work`);
    const perProbe = (r0, r1) => (r1.instructions - r0.instructions) / (r1.probes - r0.probes);
    const n = perProbe(n0, n1);
    const w = perProbe(w0, w1);
    console.log(`${n0.label.padEnd(26)} ${n.toFixed(1).padStart(8)} ${w.toFixed(1).padStart(8)}  ${(n / w).toFixed(2)}x`);
  }
}
