// A dependency-free static file server for the page (node:http), bound to 127.0.0.1.
// Usage: node scripts/serve.mjs [port]   — serves dist/web and prints the URL.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { dirname, extname, join, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

/** Resolves a request path inside root; null when it escapes root or is malformed. */
function resolveInside(root, urlPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const path = resolve(root, `.${decoded.startsWith('/') ? '' : '/'}${decoded}`);
  return path === root || path.startsWith(root + sep) ? path : null;
}

async function fileFor(path) {
  try {
    const info = await stat(path);
    if (info.isFile()) return { path, size: info.size };
    if (info.isDirectory()) {
      const index = join(path, 'index.html');
      const indexInfo = await stat(index);
      if (indexInfo.isFile()) return { path: index, size: indexInfo.size };
    }
  } catch {
    // missing: 404 below
  }
  return null;
}

function plain(res, status, text, extra = {}) {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...extra });
  res.end(`${text}\n`);
}

/**
 * Serves the files under `root` on 127.0.0.1:`port` (0 picks a free port).
 * Resolves to { server, url } with url like "http://127.0.0.1:43117/".
 */
export function serve({ root, port = 0 } = {}) {
  if (!root) throw new TypeError('serve: root is required');
  const base = resolve(root);
  const server = createServer(async (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      plain(res, 405, 'Method Not Allowed', { Allow: 'GET, HEAD' });
      return;
    }
    const { pathname } = new URL(req.url ?? '/', 'http://127.0.0.1');
    const path = resolveInside(base, pathname);
    const file = path && (await fileFor(path));
    if (!file) {
      plain(res, 404, 'Not Found');
      return;
    }
    res.writeHead(200, {
      'Content-Type': MIME[extname(file.path).toLowerCase()] ?? 'application/octet-stream',
      'Content-Length': file.size,
      'Cache-Control': 'no-cache',
      'X-Content-Type-Options': 'nosniff',
    });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    const stream = createReadStream(file.path);
    stream.on('error', () => res.destroy());
    stream.pipe(res);
  });
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      const { port: actual } = server.address();
      resolvePromise({ server, url: `http://127.0.0.1:${actual}/` });
    });
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'web');
  const port = Number(process.argv[2] ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`serve: bad port ${process.argv[2]}`);
    process.exit(2);
  }
  try {
    await stat(join(root, 'index.html'));
  } catch {
    console.error('serve: dist/web/index.html is missing; run `node scripts/build-web.mjs` first.');
    process.exit(1);
  }
  const { url } = await serve({ root, port });
  console.log(`bloomcalc page: ${url}  (Ctrl-C to stop)`);
}
