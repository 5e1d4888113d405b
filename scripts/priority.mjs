// The priority of npm test's background work (scripts/test.mjs): a process group of its own (a new session, so
// that it can be stopped and reniced as one) at nice 19.
// Linux's autogroups (kernel.sched_autogroup_enabled, on by default): each session is a scheduling group, and the
// scheduler shares the cores between groups before nice values count inside a group. Nice 19 alone then leaves a
// new session its group's full share (one core of two against the foreground); the group's own nice,
// /proc/PID/autogroup (sched(7), "The autogroup feature"), ranks the whole group.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';

/** Sets the nice value of the autogroup of `pid` (the session it leads); false where there are no autogroups. */
export function setAutogroupNice(pid, nice) {
  try {
    writeFileSync(`/proc/${pid}/autogroup`, String(nice));
    return true;
  } catch {
    return false; // no autogroups, or not allowed to lower it (only root may)
  }
}

/** Sets the nice value of every process of process group `group` (led by `group`) and of its autogroup. */
export function setGroupPriority(group, nice) {
  spawnSync('renice', ['-n', String(nice), '-g', String(group)], { stdio: 'ignore' });
  setAutogroupNice(group, nice);
}
