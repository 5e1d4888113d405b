// Serves the built page (dist/web) on localhost with the package's static server (wasm/serve.mjs).
// Usage: node scripts/serve.mjs [port]   — prints the URL.
import { stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { serve } from '../wasm/serve.mjs';

export { serve, stop } from '../wasm/serve.mjs';

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
