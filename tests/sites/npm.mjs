// npm for the fixtures (tests/sites/README.md): commands run without the settings of an enclosing `npm test`,
// and `npm ci` from a fixture's lockfile, kept while the lockfile is unchanged. No other dependency, so
// install.mjs can run it before anything is built.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const execFileP = promisify(execFile);
export const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

// npm without the settings of an enclosing `npm run`/`npm test`, quiet.
export function npmEnv() {
  const env = {};
  for (const [key, value] of Object.entries(process.env)) if (!/^npm_/i.test(key)) env[key] = value;
  return { ...env, npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false', ASTRO_TELEMETRY_DISABLED: '1' };
}

/** Runs a command to completion; throws with its output when it fails. */
export async function run(command, args, { cwd, env = npmEnv(), timeout = 600_000 } = {}) {
  try {
    return await execFileP(command, args, { cwd, env, timeout, maxBuffer: 64 << 20 });
  } catch (error) {
    throw new Error(`${command} ${args.join(' ')} (in ${cwd}) failed: ${error.message}\n${error.stdout ?? ''}\n${error.stderr ?? ''}`);
  }
}

/**
 * `npm ci` in `dir` (from its package-lock.json, if it has one) unless its node_modules was installed from the
 * same lockfile already; timings.install: the milliseconds it took (0 when kept).
 */
export async function installLocked(dir, timings = {}) {
  const lock = join(dir, 'package-lock.json');
  if (!existsSync(lock)) return;
  const hash = createHash('sha256').update(readFileSync(lock)).digest('hex');
  const stamp = join(dir, 'node_modules', '.bloomcalc-lock-sha256');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) {
    timings.install = 0;
    return;
  }
  const start = Date.now();
  rmSync(join(dir, 'node_modules'), { recursive: true, force: true });
  await run(NPM, ['ci', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: dir });
  writeFileSync(stamp, hash);
  timings.install = Date.now() - start;
}
