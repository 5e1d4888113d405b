// One Vite build of the three apps (React 19, Vue 3, Svelte 5), each using docs/embed.md's component for its
// framework. Vite transforms React's JSX itself; Vue and Svelte need their plugins. The Vue plugin's options
// are docs/embed.md's (they replace the marker).
// The three pages are one (index.html), written into each app's folder of the fixture's copy here.
import { readFileSync, writeFileSync } from 'node:fs';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vite';

/** Each app's folder and its entry module. */
const APPS = { react: 'main.jsx', vue: 'main.js', svelte: 'main.svelte.js' };
const page = readFileSync(new URL('index.html', import.meta.url), 'utf8').replace(/^<!--.*-->\n/, '');
for (const [app, entry] of Object.entries(APPS))
  writeFileSync(new URL(`${app}/index.html`, import.meta.url), page.replace('%APP%', app).replace('%ENTRY%', entry));

export default defineConfig({
  plugins: [
    // <!-- vue -->
    svelte(),
  ],
  build: {
    rollupOptions: { input: Object.fromEntries(Object.keys(APPS).map((app) => [app, `${app}/index.html`])) },
  },
});
