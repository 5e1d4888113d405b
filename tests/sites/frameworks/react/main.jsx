// The test's driver (tests/sites/frameworks.test.mjs): window.fixture.mount(n) renders two BloomCalc
// components (docs/embed.md's) — sizing with that n, and recycling, which computes in a worker —, a second
// mount(n) re-renders with the new n (a property update), unmount() unmounts the app. Results: window.results.
import { createRoot } from 'react-dom/client';
import BloomCalc from './BloomCalc.jsx';

let root = null;
window.results = [];
const record = (calculator) => (result) => window.results.push({ calculator, n: result.n, m: result.m, k: result.k });

function App({ n }) {
  return (
    <>
      <BloomCalc calculator="sizing" n={n} p="1%" onResult={record('sizing')} />
      <BloomCalc calculator="recycling" onResult={record('recycling')} />
    </>
  );
}

window.fixture = {
  mount(n) {
    root ??= createRoot(document.getElementById('app'));
    root.render(<App n={n} />);
  },
  unmount() {
    root?.unmount();
    root = null;
  },
};
