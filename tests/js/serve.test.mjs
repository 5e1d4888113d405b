// The static server (wasm/serve.mjs) behind `npm start` and `bloomcalc serve`: it survives malformed
// request targets sent raw over a socket, never serves a file outside its roots, negotiates brotli/gzip,
// and revalidates with ETag/304.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

import { byteRange, negotiateEncoding, serve, stop } from '../../wasm/serve.mjs';

const SECRET = 'top-secret-outside-the-root';

/** Sends `head` (request line and headers, CRLF-separated, without the final blank line) raw; resolves to { status, headers, body }. */
function raw(port, head) {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const all = Buffer.concat(chunks);
      const split = all.indexOf('\r\n\r\n');
      const [statusLine, ...lines] = all.subarray(0, split).toString('latin1').split('\r\n');
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: all.subarray(split + 4) });
    });
    socket.write(`${head}\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
  });
}

const get = (port, target, headers = []) => raw(port, [`GET ${target} HTTP/1.1`, ...headers].join('\r\n'));

describe('static server', () => {
  let dir;
  let server;
  let port;
  const wasm = Buffer.alloc(64 * 1024, 0);
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'bloomcalc-serve-'));
    mkdirSync(join(dir, 'public', 'sub'), { recursive: true });
    mkdirSync(join(dir, 'shared'));
    writeFileSync(join(dir, 'secret.txt'), SECRET);
    writeFileSync(join(dir, 'public', 'index.html'), `<!doctype html><title>t</title>${'<p>bloom</p>'.repeat(200)}`);
    writeFileSync(join(dir, 'public', 'sub', 'index.html'), '<p>sub</p>');
    for (let i = 0; i < wasm.length; i += 7) wasm[i] = i % 251;
    writeFileSync(join(dir, 'shared', 'module.wasm'), wasm);
    ({ server } = await serve({ root: [join(dir, 'public'), join(dir, 'shared')] }));
    port = server.address().port;
  });
  after(async () => {
    if (server) await stop(server);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('odd and malformed request targets get an answer (never a crash); malformed ones 400', async () => {
    // odd but well-formed paths: answered like any path ('//' is the root's index, '//[' a missing file)
    for (const target of ['//', '//[', '///index.html', '/[', '/%5B']) {
      const { status } = await get(port, target);
      assert.ok(status === 200 || status === 404, `${JSON.stringify(target)} → ${status}`);
    }
    for (const target of ['/\\', '//\\', '/%', '/%zz', '/%E0%A4%A', '*', 'http://[/', 'index.html', '/%00', '/a%00.html', '/%5c']) {
      const { status } = await get(port, target);
      assert.equal(status, 400, `${JSON.stringify(target)} → ${status}`);
    }
    const { status, body } = await get(port, '/');
    assert.equal(status, 200, 'still serving after the malformed requests');
    assert.match(body.toString(), /bloom/);
  });

  test('no request reaches a file outside the roots', async () => {
    const attempts = [
      '/../secret.txt',
      '/sub/../../secret.txt',
      '/..%2fsecret.txt',
      '/%2e%2e/secret.txt',
      '/%2E%2E%2Fsecret.txt',
      '/.%2e/secret.txt',
      '/%2e%2e%5csecret.txt',
      '/..\\secret.txt',
      '/sub/..%5c..%5csecret.txt',
      '/%252e%252e/secret.txt',
      '/../public/../secret.txt',
      '/secret.txt',
      '/%2e%2e%2f%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      '/../secret.txt%00.html',
      '/....//secret.txt',
      '/..;/secret.txt',
    ];
    for (const target of attempts) {
      const { status, body } = await get(port, target);
      assert.ok(status === 400 || status === 404, `${target} → ${status}`);
      assert.ok(!body.toString().includes(SECRET), `${target} leaked the file outside the root`);
    }
    // and the legitimate paths still work: a directory's index, a file found in the second root
    assert.equal((await get(port, '/sub/')).status, 200);
    assert.equal((await get(port, '/sub/./../sub/index.html')).status, 200);
    assert.equal((await get(port, '/module.wasm?v=1#x')).status, 200);
  });

  test('brotli or gzip by Accept-Encoding; the body decodes to the file', async () => {
    const br = await get(port, '/module.wasm', ['Accept-Encoding: gzip, deflate, br']);
    assert.equal(br.status, 200);
    assert.equal(br.headers['content-type'], 'application/wasm');
    assert.equal(br.headers['content-encoding'], 'br');
    assert.equal(br.headers.vary, 'Accept-Encoding');
    assert.ok(br.body.length < wasm.length / 4, `compressed ${br.body.length} of ${wasm.length} bytes`);
    assert.deepEqual(brotliDecompressSync(br.body), wasm);

    const gz = await get(port, '/module.wasm', ['Accept-Encoding: br;q=0, gzip']);
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.deepEqual(gunzipSync(gz.body), wasm);

    const plain = await get(port, '/module.wasm');
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(Number(plain.headers['content-length']), wasm.length);
    assert.deepEqual(plain.body, wasm);

    const html = await get(port, '/', ['Accept-Encoding: gzip']);
    assert.equal(html.headers['content-type'], 'text/html; charset=utf-8');
    assert.match(gunzipSync(html.body).toString(), /<title>t<\/title>/);
    // below 1 KiB nothing is gained: sent as is
    assert.equal((await get(port, '/sub/', ['Accept-Encoding: br'])).headers['content-encoding'], undefined);

    const head = await raw(port, 'HEAD /module.wasm HTTP/1.1\r\nAccept-Encoding: br');
    assert.equal(head.status, 200);
    assert.equal(head.body.length, 0);
    assert.equal(head.headers['content-length'], br.headers['content-length']);
  });

  test('negotiateEncoding follows q-values and wildcards', () => {
    assert.equal(negotiateEncoding('gzip, deflate, br, zstd'), 'br');
    assert.equal(negotiateEncoding('gzip;q=1.0, br;q=0'), 'gzip');
    assert.equal(negotiateEncoding('*'), 'br');
    assert.equal(negotiateEncoding('*;q=0'), 'identity');
    assert.equal(negotiateEncoding('identity'), 'identity');
    assert.equal(negotiateEncoding(undefined), 'identity');
    assert.equal(negotiateEncoding('GZIP;Q=0.5'), 'gzip');
    // the highest q wins (brotli only breaks ties); whitespace around ';' and '=' is allowed (RFC 9110 §5.6.6)
    assert.equal(negotiateEncoding('gzip;q=1.0, br;q=0.5'), 'gzip');
    assert.equal(negotiateEncoding('br;q=0.5, gzip;q=0.8'), 'gzip');
    assert.equal(negotiateEncoding('gzip;q=0.5, br;q=0.5'), 'br');
    assert.equal(negotiateEncoding('gzip ;q=1'), 'gzip');
    assert.equal(negotiateEncoding('br ; q = 0.7 , gzip ; q=0.2'), 'br');
    // q=0 never, in any spelling; a malformed q is not a yes
    for (const header of ['br;q=0', 'br;q=0.0, gzip;q=0', 'br;q=0.000', 'br ;q=0', 'br;q=abc', 'br;q=2'])
      assert.equal(negotiateEncoding(header), 'identity', header);
    assert.equal(negotiateEncoding('br;q=0, *'), 'gzip');
    // identity asked for above the codings
    assert.equal(negotiateEncoding('br;q=0.5, identity;q=0.9'), 'identity');
  });

  test('If-Modified-Since: 304 when the file is not newer; If-None-Match decides when both are sent', async () => {
    const first = await get(port, '/sub/');
    assert.equal(first.status, 200);
    const lastModified = first.headers['last-modified'];
    assert.ok(lastModified, 'Last-Modified is sent');
    const same = await get(port, '/sub/', [`If-Modified-Since: ${lastModified}`]);
    assert.equal(same.status, 304);
    assert.equal(same.body.length, 0);
    const later = new Date(Date.parse(lastModified) + 3600e3).toUTCString();
    assert.equal((await get(port, '/sub/', [`If-Modified-Since: ${later}`])).status, 304);
    const earlier = new Date(Date.parse(lastModified) - 1000).toUTCString();
    assert.equal((await get(port, '/sub/', [`If-Modified-Since: ${earlier}`])).status, 200);
    assert.equal((await get(port, '/sub/', ['If-Modified-Since: not a date'])).status, 200);
    // a stale If-None-Match wins over a current date (RFC 9110 §13.1.3)
    assert.equal((await get(port, '/sub/', ['If-None-Match: "other"', `If-Modified-Since: ${lastModified}`])).status, 200);
  });

  test('Range: 206 with Content-Range over the stored bytes, 416 when unsatisfiable, Accept-Ranges announced', async () => {
    const whole = await get(port, '/module.wasm');
    assert.equal(whole.headers['accept-ranges'], 'bytes');
    const stored = whole.body;
    const size = stored.length;
    for (const [header, start, end] of [
      ['bytes=0-99', 0, 99],
      ['bytes=100-', 100, size - 1],
      ['bytes=-10', size - 10, size - 1],
      [`bytes=${size - 5}-${size + 50}`, size - 5, size - 1],
    ]) {
      // a range is of the identity encoding, whatever Accept-Encoding says
      const part = await get(port, '/module.wasm', [`Range: ${header}`, 'Accept-Encoding: br, gzip']);
      assert.equal(part.status, 206, header);
      assert.equal(part.headers['content-range'], `bytes ${start}-${end}/${size}`, header);
      assert.equal(part.headers['content-encoding'], undefined, header);
      assert.equal(Number(part.headers['content-length']), end - start + 1, header);
      assert.deepEqual(part.body, stored.subarray(start, end + 1), header);
    }
    for (const header of [`bytes=${size}-`, 'bytes=-0']) {
      const refused = await get(port, '/module.wasm', [`Range: ${header}`]);
      assert.equal(refused.status, 416, header);
      assert.equal(refused.headers['content-range'], `bytes */${size}`, header);
    }
    // not a range this server honours (several, another unit, reversed): the whole file
    for (const header of ['bytes=0-1,5-6', 'items=0-1', 'bytes=9-2']) {
      const full = await get(port, '/module.wasm', [`Range: ${header}`]);
      assert.equal(full.status, 200, header);
      assert.equal(full.body.length, size, header);
    }
    // If-Range: the range only while the file is the version named
    assert.equal((await get(port, '/module.wasm', ['Range: bytes=0-9', `If-Range: ${whole.headers.etag}`])).status, 206);
    assert.equal((await get(port, '/module.wasm', ['Range: bytes=0-9', 'If-Range: "stale"'])).status, 200);
    const head = await raw(port, 'HEAD /module.wasm HTTP/1.1\r\nRange: bytes=0-9');
    assert.equal(head.status, 206);
    assert.equal(head.body.length, 0);
    assert.equal(byteRange('bytes=-5', 0), 'unsatisfiable', 'an empty file has no bytes to give');
  });

  test('absolute-form request targets are read as their path', async () => {
    for (const target of [`http://127.0.0.1:${port}/`, `http://127.0.0.1:${port}`, `HTTP://localhost/sub/?x=1`, `http://[::1]:${port}/module.wasm`]) {
      const { status } = await get(port, target);
      assert.equal(status, 200, `${target} → ${status}`);
    }
    assert.equal((await get(port, `http://127.0.0.1:${port}/../secret.txt`)).status, 404);
    assert.equal((await get(port, `http://127.0.0.1:${port}/%2e%2e/secret.txt`)).status, 404);
  });

  test('ETag per file version and encoding; If-None-Match gives 304 without a body', async () => {
    const first = await get(port, '/module.wasm', ['Accept-Encoding: br']);
    const etag = first.headers.etag;
    assert.match(etag, /^"[0-9a-f]+-[0-9a-f]+-br"$/);
    assert.equal(first.headers['cache-control'], 'no-cache');
    const again = await get(port, '/module.wasm', ['Accept-Encoding: br', `If-None-Match: ${etag}`]);
    assert.equal(again.status, 304);
    assert.equal(again.body.length, 0);
    assert.equal(again.headers.etag, etag);
    // weak form and lists match too; another encoding's tag does not
    assert.equal((await get(port, '/module.wasm', ['Accept-Encoding: br', `If-None-Match: "x", W/${etag}`])).status, 304);
    assert.equal((await get(port, '/module.wasm', ['Accept-Encoding: gzip', `If-None-Match: ${etag}`])).status, 200);
    // a changed file gets a new tag, and the cached compressed body is not reused
    const changed = Buffer.from(wasm);
    changed[1] = 42;
    writeFileSync(join(dir, 'shared', 'module.wasm'), changed);
    const later = new Date(Date.now() + 5000);
    utimesSync(join(dir, 'shared', 'module.wasm'), later, later);
    const fresh = await get(port, '/module.wasm', ['Accept-Encoding: br', `If-None-Match: ${etag}`]);
    assert.equal(fresh.status, 200);
    assert.notEqual(fresh.headers.etag, etag);
    assert.deepEqual(brotliDecompressSync(fresh.body), changed);
  });

  test('a trailing slash names a directory: a file with one is a 404, a directory without one a 301 to it', async () => {
    // a file followed by a slash, plain or percent-encoded, is not a directory (nginx and Apache: 404)
    for (const target of ['/index.html/', '/index.html%2F', '/sub/index.html/', '/module.wasm/', '/sub/x/', '/x/', '/index.html/./']) {
      const { status } = await get(port, target);
      assert.equal(status, 404, `${target} → ${status}`);
    }
    // a directory without its slash: its index's relative links need the slash, so redirect (query kept)
    for (const [target, location] of [
      ['/sub', '/sub/'],
      ['/sub?x=1#y', '/sub/?x=1'],
      ['//sub', '/sub/'],
      ['/%2Fsub', '/sub/'],
    ]) {
      const { status, headers } = await get(port, target);
      assert.equal(status, 301, `${target} → ${status}`);
      assert.equal(headers.location, location, `${target} → ${headers.location}`);
    }
    // dot segments are removed first (RFC 3986 §5.2.4): "/index.html/.." is "/", "/sub/." is "/sub/"
    for (const [target, text] of [
      ['/index.html/..', 'bloom'],
      ['/sub/.', 'sub'],
      ['/sub/x/../', 'sub'],
      ['/sub/x/..', 'sub'],
      ['/sub%2Findex.html', 'sub'],
    ]) {
      const { status, body } = await get(port, target);
      assert.equal(status, 200, `${target} → ${status}`);
      assert.match(body.toString(), new RegExp(text), target);
    }
  });

  test('only GET and HEAD', async () => {
    const { status, headers } = await raw(port, 'POST / HTTP/1.1\r\nContent-Length: 0');
    assert.equal(status, 405);
    assert.equal(headers.allow, 'GET, HEAD');
  });
});

describe('static server: slow clients', () => {
  test('a client that dribbles its headers is answered 408 and closed at headersTimeoutMs, not after 60 s', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bloomcalc-serve-slow-'));
    writeFileSync(join(dir, 'index.html'), '<p>x</p>');
    const { server } = await serve({ root: dir, headersTimeoutMs: 400 });
    const started = Date.now();
    try {
      const closed = await new Promise((resolve, reject) => {
        const socket = connect(server.address().port, '127.0.0.1');
        const chunks = [];
        let timer;
        socket.on('connect', () => {
          socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n');
          timer = setInterval(() => socket.write('X-Slow: 1\r\n'), 50); // never the blank line
        });
        socket.on('data', (chunk) => chunks.push(chunk));
        socket.on('error', () => {});
        socket.on('close', () => {
          clearInterval(timer);
          resolve(Buffer.concat(chunks).toString('latin1'));
        });
        setTimeout(() => reject(new Error('the slow client was still connected after 5 s')), 5000).unref();
      });
      const elapsed = Date.now() - started;
      assert.match(closed, /^HTTP\/1\.1 408/, 'answered Request Timeout');
      assert.ok(elapsed >= 350 && elapsed < 3000, `closed after ${elapsed} ms (headersTimeoutMs 400)`);
    } finally {
      await stop(server);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('serve() with an empty host binds loopback, not every interface', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bloomcalc-serve-host-'));
    const { server, url } = await serve({ root: dir, host: '' });
    try {
      assert.equal(server.address().address, '127.0.0.1');
      assert.match(url, /^http:\/\/127\.0\.0\.1:\d+\/$/);
    } finally {
      await stop(server);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
