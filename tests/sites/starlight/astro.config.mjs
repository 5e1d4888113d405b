// An Astro Starlight site; docs/embed.md's lines replace the marker below (the element's script in the head).
import starlight from '@astrojs/starlight';
import { defineConfig } from 'astro/config';

export default defineConfig({
  integrations: [
    starlight({
      title: 'A Starlight site',
      // <!-- head -->
    }),
  ],
});
