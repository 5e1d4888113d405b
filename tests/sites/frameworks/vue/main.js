// The test's driver (tests/sites/frameworks.test.mjs), as react/main.jsx: mount(n), mount(n) again updates n,
// unmount(). Results: window.results.
import { createApp, h, ref } from 'vue';
import BloomCalc from './BloomCalc.vue';

let app = null;
const n = ref('1M');
window.results = [];
const record = (calculator) => (result) => window.results.push({ calculator, n: result.n, m: result.m, k: result.k });

window.fixture = {
  mount(value) {
    n.value = value;
    if (app) return;
    app = createApp({
      render: () => [
        h(BloomCalc, { calculator: 'sizing', n: n.value, p: '1%', onResult: record('sizing') }),
        h(BloomCalc, { calculator: 'recycling', onResult: record('recycling') }),
      ],
    });
    app.mount('#app');
  },
  unmount() {
    app?.unmount();
    app = null;
  },
};
