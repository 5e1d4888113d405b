// A dependency-free static file server for the page (node:http), bound to 127.0.0.1. Used by `npm start`,
// `npx bloomcalc serve` and the browser tests. Its behaviour for users: docs/cli.md, "`bloomcalc serve` and the
// static server"; why no library: docs/decisions.md, "The static server fixed in place, no library".
//   - traversal-proof: the raw request path is decoded once and must resolve inside a root (no `..`
//     escape, encoded or not; no backslash, no NUL); malformed targets get 400, never an exception; the
//     absolute form ("GET http://host/path", RFC 9112 §3.2.2) is read as its path;
//   - a trailing slash names a directory: "/index.html/" is a 404, "/docs" a 301 to "/docs/" (so the
//     index's relative links resolve), as nginx and Apache answer;
//   - compressed: brotli or gzip (node:zlib) by Accept-Encoding and its q-values, computed once per file
//     version, cached;
//   - revalidated: a strong ETag per file version and encoding, 304 on If-None-Match (else on
//     If-Modified-Since, RFC 9110 §13.1.3); `no-cache`, so a reload re-checks every file (the names carry no
//     hash) but downloads only what changed;
//   - ranges: one byte range of the file as stored (the identity encoding), 206 / 416, If-Range honoured;
//   - slow clients: a request's headers must arrive within headersTimeoutMs (default 10 s, Node's is 60 s).
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, relative, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};
// Worth compressing: text and wasm (about 4:1 for the module); images are compressed already.
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.wasm', '.json', '.map', '.md', '.svg', '.txt']);
const MIN_COMPRESS_BYTES = 1024;
const ENCODERS = {
  // Quality 5: ~60 ms for the 480 KiB module, within 15 % of quality 11 (which takes ~3 s).
  br: (buffer) =>
    promisify(brotliCompress)(buffer, {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: buffer.length },
    }),
  gzip: (buffer) => promisify(gzip)(buffer, { level: 6 }),
};

class BadRequest extends Error {}

// The absolute form of a request target: scheme and authority (a host name, IPv4 or [IPv6], optional port),
// then the path, which may be empty ("http://host" is "/"). The authority is not checked against ours: one site.
const ABSOLUTE_FORM = /^https?:\/\/(?:\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::\d*)?(?=[/?#]|$)/i;

/**
 * The path part of a request target ("/a/b?x" → "/a/b", "http://host/a?x" → "/a"), percent-decoded; throws
 * BadRequest when it is neither an origin-form path nor an absolute URL, or does not decode. No URL parsing:
 * `//`, `//[` or `/\` are paths like others.
 */
export function requestPath(target) {
  let text = String(target ?? '');
  const authority = ABSOLUTE_FORM.exec(text);
  if (authority) text = text.slice(authority[0].length).replace(/^(?=[?#]|$)/, '/');
  const raw = text.split(/[?#]/, 1)[0];
  if (!raw.startsWith('/')) throw new BadRequest('the request target must be a path starting with /');
  let decoded;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    throw new BadRequest('the request path is not valid percent-encoding');
  }
  if (decoded.includes('\0')) throw new BadRequest('the request path contains NUL');
  if (decoded.includes('\\')) throw new BadRequest('the request path contains a backslash');
  return decoded;
}

/** The file system path of a decoded request path inside root; null when it would escape root. */
export function resolveInside(root, decodedPath) {
  const path = resolve(root, `.${decodedPath}`);
  return path === root || path.startsWith(root + sep) ? path : null;
}

/**
 * What a decoded path names under one root: a file ({ path, size, mtimeMs }), a directory asked for without
 * its trailing slash ({ redirect: true }: its page's relative links need the slash), or null (missing; a file
 * asked for with a trailing slash, "/index.html/", is missing too, as on any file system).
 */
async function fileAt(path, trailingSlash) {
  try {
    let info = await stat(path);
    if (info.isDirectory()) {
      if (!trailingSlash) return { redirect: true };
      path = join(path, 'index.html');
      info = await stat(path);
    } else if (trailingSlash) {
      return null;
    }
    if (info.isFile()) return { path, size: info.size, mtimeMs: info.mtimeMs };
  } catch {
    // missing: try the next root, then 404
  }
  return null;
}

/** The redirect target for a directory: its path inside `base`, re-encoded, with one leading slash (never "//host"). */
function directoryLocation(base, path, target) {
  const segments = relative(base, path).split(sep).filter(Boolean).map(encodeURIComponent);
  const query = String(target).match(/\?[^#]*/)?.[0] ?? '';
  return `/${segments.map((s) => `${s}/`).join('')}${query}`;
}

/**
 * The encoding to send: 'br', 'gzip' or 'identity', from an Accept-Encoding header (RFC 9110 §12.5.3): the coding
 * with the highest q-value (brotli before gzip at equal q), q=0 refusing it; identity when neither is acceptable,
 * or when it is asked for with a higher q. A malformed q-value counts as 0.
 */
export function negotiateEncoding(header) {
  const accepted = new Map();
  for (const part of String(header ?? '').split(',')) {
    const [name, ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    if (!name) continue;
    const q = params.find((p) => /^q\s*=/.test(p));
    const value = q === undefined ? '1' : q.slice(q.indexOf('=') + 1).trim();
    const weight = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/.test(value) ? Number(value) : 0;
    accepted.set(name, weight);
  }
  const weight = (name) => accepted.get(name) ?? accepted.get('*') ?? 0;
  const best = ['br', 'gzip'].reduce((a, b) => (weight(b) > weight(a) ? b : a));
  if (weight(best) === 0) return 'identity';
  return accepted.has('identity') && accepted.get('identity') > weight(best) ? 'identity' : best;
}

/**
 * The byte range a Range header asks of a file of `size` bytes (RFC 9110 §14.1.2): { start, end } (inclusive),
 * 'unsatisfiable' (416), or null when there is none to honour — absent, not "bytes=", malformed, or several ranges
 * (a server may answer those with the whole file, which this one does).
 */
export function byteRange(header, size) {
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(String(header ?? ''));
  if (!match || (match[1] === '' && match[2] === '')) return null;
  const [first, last] = [match[1], match[2]].map((d) => (d === '' ? undefined : Number(d)));
  if (first === undefined) {
    // the last `last` bytes
    if (last === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - last), end: size - 1 };
  }
  if (last !== undefined && last < first) return null; // invalid: ignored
  if (first >= size) return 'unsatisfiable';
  return { start: first, end: Math.min(last ?? size - 1, size - 1) };
}

/** Starts a response; headers go through setHeader so observers (tests, logs) can read them back. */
function head(res, status, headers) {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.writeHead(status);
}

function plain(res, status, text, extra = {}) {
  head(res, status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...extra });
  res.end(`${text}\n`);
}

/** Whether an If-Modified-Since date is at or after the file's Last-Modified (whole seconds, as HTTP dates are). */
function notModifiedSince(header, mtimeMs) {
  const since = Date.parse(header ?? '');
  return Number.isFinite(since) && Math.floor(mtimeMs / 1000) * 1000 <= since;
}

/** Whether an If-None-Match header lists `etag` (weak comparison, as RFC 9110 §13.1.2 asks). */
function etagMatches(header, etag) {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = (tag) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => bare(tag) === etag);
}

/**
 * Serves the files under `root` (a directory, or a list searched in order) on `host` (default, and when empty,
 * 127.0.0.1) port `port` (0 picks a free port), adding `headers` (e.g. a Content-Security-Policy) to every file
 * response. A client whose request headers take longer than `headersTimeoutMs` is answered 408 and closed.
 * Resolves to { server, url } with url like "http://127.0.0.1:43117/".
 */
export function serve({ root, port = 0, host, headers: extraHeaders = {}, headersTimeoutMs = 10000 } = {}) {
  host ||= '127.0.0.1';
  if (!root || (Array.isArray(root) && root.length === 0)) throw new TypeError('serve: root is required');
  const roots = (Array.isArray(root) ? root : [root]).map((r) => resolve(r));
  // Compressed bodies by "path\0encoding", valid while the file's size and mtime are unchanged.
  const compressed = new Map();

  async function encodedBody(file, encoding) {
    const key = `${file.path}\0${encoding}`;
    const cached = compressed.get(key);
    if (cached && cached.size === file.size && cached.mtimeMs === file.mtimeMs) return cached.body;
    const body = readFile(file.path).then((buffer) => ENCODERS[encoding](buffer));
    compressed.set(key, { size: file.size, mtimeMs: file.mtimeMs, body });
    body.catch(() => compressed.delete(key));
    return body;
  }

  async function handle(req, res) {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      plain(res, 405, 'Method Not Allowed', { Allow: 'GET, HEAD' });
      return;
    }
    let decoded;
    try {
      decoded = requestPath(req.url);
    } catch (error) {
      if (!(error instanceof BadRequest)) throw error;
      plain(res, 400, `Bad Request: ${error.message}`);
      return;
    }
    // "/a/" names a directory; "/a/.." and "/a/." end in one too (RFC 3986 §5.2.4 removes the dot segments)
    const trailingSlash = /(^|\/)(\.\.?)?$/.test(decoded);
    let file = null;
    let base;
    let path;
    for (base of roots) {
      path = resolveInside(base, decoded);
      if (path && (file = await fileAt(path, trailingSlash))) break;
    }
    if (!file) {
      plain(res, 404, 'Not Found');
      return;
    }
    if (file.redirect) {
      plain(res, 301, 'Moved Permanently', { Location: directoryLocation(base, path, req.url) });
      return;
    }
    const ext = extname(file.path).toLowerCase();
    const compressible = COMPRESSIBLE.has(ext) && file.size >= MIN_COMPRESS_BYTES;
    const version = `${file.size.toString(16)}-${Math.round(file.mtimeMs).toString(16)}`;
    const lastModified = new Date(file.mtimeMs).toUTCString();
    // A range is of the file as stored (the identity encoding), if If-Range still names this version.
    const ifRange = req.headers['if-range'];
    const rangeApplies = req.headers.range !== undefined && (ifRange === undefined || ifRange === `"${version}"` || ifRange === lastModified);
    const range = rangeApplies ? byteRange(req.headers.range, file.size) : null;
    const encoding = compressible && range === null ? negotiateEncoding(req.headers['accept-encoding']) : 'identity';
    const etag = `"${version}${encoding === 'identity' ? '' : `-${encoding}`}"`;
    const headers = {
      'Content-Type': MIME[ext] ?? 'application/octet-stream',
      'Cache-Control': 'no-cache',
      ETag: etag,
      'Last-Modified': lastModified,
      'Accept-Ranges': 'bytes',
      'X-Content-Type-Options': 'nosniff',
      ...(compressible ? { Vary: 'Accept-Encoding' } : {}),
      ...extraHeaders,
    };
    // If-None-Match decides when present; If-Modified-Since only without it (RFC 9110 §13.2.2)
    const ifNoneMatch = req.headers['if-none-match'];
    if (ifNoneMatch !== undefined ? etagMatches(ifNoneMatch, etag) : notModifiedSince(req.headers['if-modified-since'], file.mtimeMs)) {
      head(res, 304, headers);
      res.end();
      return;
    }
    if (range === 'unsatisfiable') {
      plain(res, 416, 'Range Not Satisfiable', { 'Content-Range': `bytes */${file.size}`, 'Accept-Ranges': 'bytes' });
      return;
    }
    if (range) {
      head(res, 206, { ...headers, 'Content-Range': `bytes ${range.start}-${range.end}/${file.size}`, 'Content-Length': range.end - range.start + 1 });
      if (req.method === 'HEAD') {
        res.end();
        return;
      }
      const stream = createReadStream(file.path, range);
      stream.on('error', () => res.destroy());
      stream.pipe(res);
      return;
    }
    if (encoding !== 'identity') {
      const body = await encodedBody(file, encoding);
      head(res, 200, { ...headers, 'Content-Encoding': encoding, 'Content-Length': body.length });
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    head(res, 200, { ...headers, 'Content-Length': file.size });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    const stream = createReadStream(file.path);
    stream.on('error', () => res.destroy());
    stream.pipe(res);
  }

  // Node checks the timeouts every connectionsCheckingInterval (30 s by default): often enough to close a slow
  // header sender near headersTimeoutMs. requestTimeout must not be below headersTimeout.
  const timeouts = {
    headersTimeout: headersTimeoutMs,
    requestTimeout: 2 * headersTimeoutMs,
    connectionsCheckingInterval: Math.max(50, Math.min(1000, headersTimeoutMs / 4)),
  };
  const server = createServer(timeouts, (req, res) => {
    handle(req, res).catch(() => {
      // an unexpected failure (a file vanishing mid-request): answer 500 if we still can, never crash
      if (!res.headersSent) plain(res, 500, 'Internal Server Error');
      else res.destroy();
    });
  });
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const { port: actual } = server.address();
      resolvePromise({ server, url: `http://${host.includes(':') ? `[${host}]` : host}:${actual}/` });
    });
  });
}

/** Stops a server from serve(): closes idle and open connections, resolves when closed. */
export function stop(server) {
  server.closeAllConnections();
  return new Promise((resolvePromise) => server.close(() => resolvePromise()));
}
