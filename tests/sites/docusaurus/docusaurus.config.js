// A Docusaurus 3 site (the classic preset, docs only); docs/embed.md's lines replace the marker below.
export default {
  title: 'A Docusaurus site',
  url: 'http://127.0.0.1',
  baseUrl: '/',
  trailingSlash: true,
  onBrokenLinks: 'throw',
  presets: [['classic', { docs: { routeBasePath: '/' }, blog: false, pages: false }]],
  // <!-- config -->
};
