// npm test's background work (scripts/test.mjs: the sanitizer build and suite) runs in a session of its own at
// nice 19; with Linux's autogroups that session is a scheduling group, which nice 19 alone does not rank: it took a
// core of two from the foreground stages. scripts/priority.mjs sets the group's own nice.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { setAutogroupNice } from '../../scripts/priority.mjs';

const skip = existsSync('/proc/self/autogroup') ? false : 'no autogroups on this system (nice alone ranks a session)';
const SPIN = ['-e', 'const end = Date.now() + 4000; while (Date.now() < end);'];
const cpuSeconds = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in clock ticks of 1/100 s
};

test('a detached nice-19 process with its autogroup at nice 19 takes almost nothing from two foreground ones', { skip }, async () => {
  const background = spawn('nice', ['-n', '19', process.execPath, ...SPIN], { detached: true, stdio: 'ignore' });
  const foreground = [spawn(process.execPath, SPIN, { stdio: 'ignore' }), spawn(process.execPath, SPIN, { stdio: 'ignore' })];
  try {
    assert.equal(setAutogroupNice(background.pid, 19), true);
    assert.match(readFileSync(`/proc/${background.pid}/autogroup`, 'utf8'), /nice 19/);
    // CPU from 1 s on: the processes' start (Node's own, a few hundredths of a second) is not what nice ranks
    const sample = () => [background, ...foreground].map((child) => cpuSeconds(child.pid));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const from = sample();
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const [bg, ...fg] = sample().map((seconds, i) => Number((seconds - from[i]).toFixed(2)));
    // without the autogroup's nice the background session gets as much as both foreground processes together
    assert.ok(bg < Math.min(...fg) / 4, `CPU seconds: background ${bg}, foreground ${fg.join(', ')}`);
  } finally {
    for (const child of [background, ...foreground]) child.kill();
  }
});
