// `bloomcalc serve`: the built page, shipped in the package (dist/web), on a local static server
// (wasm/serve.mjs: compressed, ETag/304). No toolchain needed. Runs until interrupted.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import { fileURLToPath } from 'node:url';

import { UsageError, command } from './common.mjs';
import { serve } from '../serve.mjs';

const PAGE = fileURLToPath(new URL('../../dist/web/', import.meta.url));
// The page runs on the element bundle; the package ships it once, with its workers and the .wasm, in
// dist/element/, served from there when dist/web has no copy of its own.
const SHARED = fileURLToPath(new URL('../../dist/element/', import.meta.url));
const DEFAULT_PORT = 8080;

/** Opens `url` in the desktop's browser, if there is one; failures are ignored (the URL is printed). */
function openBrowser(url) {
  const [command, args] =
    process.platform === 'darwin' ? ['open', [url]] : process.platform === 'win32' ? ['cmd', ['/c', 'start', '', url]] : ['xdg-open', [url]];
  try {
    const child = spawn(command, args, { stdio: 'ignore', detached: true });
    child.on('error', () => {});
    child.unref();
  } catch {
    // no browser launcher: the printed URL is enough
  }
}

const LOOPBACK = '127.0.0.1';

/** Whether `host` is this machine only: 127.0.0.0/8, ::1 (also IPv4-mapped), or the name localhost. */
export function isLoopback(host) {
  const h = host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (h === 'localhost' || h === '::1' || h === '0:0:0:0:0:0:0:1') return true;
  const v4 = h.startsWith('::ffff:') ? h.slice(7) : h;
  return isIP(v4) === 4 && v4.startsWith('127.');
}

/**
 * The address to bind for --host: loopback unless an address is given. An empty or blank value (a script's unset
 * $HOST) is not "every interface", which Node would make of it. `notice`: the stderr line saying that other
 * machines can reach the page, for an address that is not loopback; null otherwise.
 */
export function bindAddress(text) {
  const host = (text?.trim() ?? '').replace(/^\[(.*)\]$/, '$1'); // [::1] as in a URL: listen() takes ::1
  if (host === '') return { host: LOOPBACK, notice: null };
  if (isLoopback(host)) return { host, notice: null };
  const every = host === '0.0.0.0' || host === '::' ? ' (every interface)' : '';
  return { host, notice: `bloomcalc: listening on ${host}${every}: other machines can reach the page` };
}

function parsePort(text) {
  if (text === undefined) return undefined;
  const port = Number(text);
  if (!/^\d+$/.test(text) || !Number.isInteger(port) || port > 65535) {
    throw new UsageError(`--port must be an integer in [0, 65535] (0 picks a free port); got '${text}'`);
  }
  return port;
}

export default command('serve', {
  // Runs without the WebAssembly calculator: the page loads its own copy in the browser.
  async start(values) {
    if (!existsSync(`${PAGE}index.html`)) {
      throw new Error(`the built page is missing (${PAGE}index.html); in a source checkout run \`npm run build\``);
    }
    const port = parsePort(values.port);
    const { host, notice } = bindAddress(values.host);
    const root = [PAGE, SHARED];
    let served;
    try {
      served = await serve({ root, host, port: port ?? DEFAULT_PORT });
    } catch (error) {
      if (error.code !== 'EADDRINUSE' || port !== undefined) {
        throw new UsageError(`cannot listen on ${host}:${port ?? DEFAULT_PORT}: ${error.code ?? error.message}`);
      }
      served = await serve({ root, host, port: 0 });
    }
    if (notice) process.stderr.write(`${notice}\n`);
    if (values.open) openBrowser(served.url);
    return values.json
      ? `${JSON.stringify({ url: served.url })}\n`
      : `bloomcalc page: ${served.url}  (Ctrl-C to stop)\nDocumentation: ${served.url}docs/models.html\n`;
  },
});
