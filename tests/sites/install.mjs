// `node tests/sites/install.mjs`: the npm installs of the fixtures the tests build (`npm ci` from each one's
// package-lock.json into build/sites/<name>/node_modules, kept while the lockfile is unchanged), ahead of the
// tests, which then find them done (harness.mjs, prepareSite). scripts/test.mjs runs it while it compiles:
// the downloads need the network, the compiler the cores.
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { installLocked } from './npm.mjs';
import { SITES } from './sites.mjs';

const FIXTURES = fileURLToPath(new URL('./', import.meta.url));
const SITES_BUILD = fileURLToPath(new URL('../../build/sites/', import.meta.url));

/** The fixtures with npm dependencies that `node --test tests/sites/` builds. */
export const NPM_FIXTURES = [...Object.keys(SITES), 'frameworks'].filter((name) => existsSync(join(FIXTURES, name, 'package-lock.json')));

/** All at once: on a cold npm cache they wait on the network far more than on the cores. */
export async function installFixtures(names = NPM_FIXTURES) {
  const settled = await Promise.allSettled(
    names.map(async (name) => {
      const dir = join(SITES_BUILD, name);
      mkdirSync(dir, { recursive: true });
      for (const file of ['package.json', 'package-lock.json']) copyFileSync(join(FIXTURES, name, file), join(dir, file));
      const timings = {};
      await installLocked(dir, timings);
      console.log(`${name}: ${timings.install ? `npm ci ${(timings.install / 1000).toFixed(0)} s` : 'installed already (same lockfile)'}`);
    }),
  );
  const failures = settled.filter((s) => s.status === 'rejected').map((s) => s.reason);
  if (failures.length) throw new AggregateError(failures, failures.map((e) => e.message).join('\n'));
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await installFixtures();
