// `npm start`: install what is missing, build the wasm module and the page, serve it on localhost.
import path from 'node:path';
import { build } from './build.mjs';
import { root } from './toolchain.mjs';

await build(['wasm', 'web'], { modulesOnly: true }); // the page needs the modules, not the wasm tests
const { serve } = await import('./serve.mjs');
const port = Number(process.env.PORT ?? 8080);
let served;
try {
  served = await serve({ root: path.join(root, 'dist/web'), port });
} catch (error) {
  if (error.code !== 'EADDRINUSE') throw error;
  served = await serve({ root: path.join(root, 'dist/web'), port: 0 });
}
console.log(`bloomcalc is being served at ${served.url}  (Ctrl-C to stop)`);
