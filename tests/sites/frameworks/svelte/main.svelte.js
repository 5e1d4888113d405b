// The test's driver (tests/sites/frameworks.test.mjs), as react/main.jsx: mount(n), mount(n) again updates n,
// unmount(). Results: window.results.
import { mount, unmount } from 'svelte';
import App from './App.svelte';

let app = null;
const props = $state({ n: '1M', record: (calculator) => (result) => window.results.push({ calculator, n: result.n, m: result.m, k: result.k }) });
window.results = [];

window.fixture = {
  mount(n) {
    props.n = n;
    app ??= mount(App, { target: document.getElementById('app'), props });
  },
  unmount() {
    if (app) unmount(app);
    app = null;
  },
};
