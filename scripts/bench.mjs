// `npm run bench`: the benchmark natively and compiled to wasm (under Node), then the wasm/native ratios.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { build } from './build.mjs';
import { buildEnv, root } from './toolchain.mjs';

await build(['native', 'wasm']);

function run(label, command, args) {
  console.log(`\n=== ${label}`);
  const result = spawnSync(command, args, { cwd: root, env: buildEnv, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${label} failed: ${result.stderr}`);
  const lines = result.stdout.trimEnd().split('\n');
  const json = lines.pop();
  console.log(lines.join('\n'));
  return JSON.parse(json.replace(/^JSON /, ''));
}

const native = run('native', path.join(root, 'build/native/bloomcalc_bench'), []);
const wasm = run('wasm (Node)', process.execPath, [path.join(root, 'build/wasm/bloomcalc_bench.cjs')]);

console.log('\n=== wasm time / native time, fast exact method');
for (const [i, row] of native.sideBySide.entries())
  console.log(`m = ${String(row.m).padStart(14)}            ${(wasm.sideBySide[i].fastMs / row.fastMs).toFixed(2)}x`);
for (const [i, row] of native.fastOnly.entries())
  console.log(`m = ${String(row.m).padStart(14)} k = ${String(row.k).padStart(2)} ${row.hashing.padEnd(9)} ${(wasm.fastOnly[i].fastMs / row.fastMs).toFixed(2)}x`);

// Simulation throughput (bench/bench_simulation.cpp): bit probes per second, native and wasm, one run.
const simNative = run('simulation, native', path.join(root, 'build/native/bloomcalc_bench_sim'), []);
const simWasm = run('simulation, wasm (Node)', process.execPath, [path.join(root, 'build/wasm/bloomcalc_bench_sim.cjs')]);
if (simNative.checksum !== simWasm.checksum) throw new Error(`simulation counts differ: native ${simNative.checksum}, wasm ${simWasm.checksum}`);
console.log(`\n=== simulation: wasm throughput / native throughput (same counts: checksum ${simNative.checksum})`);
for (const [i, row] of simNative.simulation.entries()) {
  const w = simWasm.simulation[i];
  console.log(
    `${row.label.padEnd(26)} m = ${String(row.m).padStart(10)}  native ${(row.probesPerSecond / 1e6).toFixed(0).padStart(5)} M/s` +
      `  wasm ${(w.probesPerSecond / 1e6).toFixed(0).padStart(5)} M/s  ${(w.probesPerSecond / row.probesPerSecond).toFixed(2)}x`,
  );
}
