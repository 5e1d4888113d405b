// An Astro Starlight site; the element comes in through docs/embed.md's component (src/components/BloomCalc.astro).
import starlight from '@astrojs/starlight';
import { defineConfig } from 'astro/config';

export default defineConfig({
  integrations: [starlight({ title: 'A Starlight site' })],
});
