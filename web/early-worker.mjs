// A calculator's first-result worker, started early: its definition's start() (web/element-base.mjs) begins it when
// the element starts loading its module, so that it starts and instantiates the Module the page offers
// (web/wasm-worker.mjs, loadWhenOffered) while the page's own loads, off the first result's critical path
// (docs/decisions.md, "The first result"). The first element to mount takes it; any other gets a new one.

/** { start, take } over `spawn` (a literal new Worker(new URL(…)) given to shareWasm): take() is createCaller's spawn. */
export function earlyWorker(spawn) {
  let early = null;
  const take = () => {
    const worker = early ?? spawn();
    early = null;
    return worker;
  };
  return {
    start() {
      try {
        early ??= take();
      } catch {} // no worker here (a CSP without worker-src 'self'): the first computation says why
    },
    take,
  };
}
