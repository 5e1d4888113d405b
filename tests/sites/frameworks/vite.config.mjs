// One Vite build of the three apps (React 19, Vue 3, Svelte 5), each using docs/embed.md's component for its
// framework. Vite transforms React's JSX itself; Vue and Svelte need their plugins. The Vue plugin's options
// are docs/embed.md's (they replace the marker).
import { svelte } from '@sveltejs/vite-plugin-svelte';
import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [
    // <!-- vue -->
    svelte(),
  ],
  build: {
    rollupOptions: { input: { react: 'react/index.html', vue: 'vue/index.html', svelte: 'svelte/index.html' } },
  },
});
