// loading="lazy" on <bloom-calc> (as on <img> and <iframe>): the element shows its markup at once, but fetches its
// WebAssembly module and computes only when it comes near the viewport — a page of several calculators does at
// load only the work of those a reader sees (docs/embed.md, "Other attributes"). One IntersectionObserver serves
// every element of the page.
const MARGIN = '25% 0px'; // starts a quarter of a viewport before it scrolls in, so its first result is there first

let observer = null;
const waiting = new Map(); // element → resolve

function observe(element) {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const { target, isIntersecting } of entries) {
        if (!isIntersecting || !waiting.has(target)) continue;
        observer.unobserve(target);
        const resolve = waiting.get(target);
        waiting.delete(target);
        resolve();
      }
    },
    { rootMargin: MARGIN },
  );
  observer.observe(element);
}

/**
 * Resolves when `element` is within MARGIN of the viewport — at once without IntersectionObserver. `forget(element)`
 * stops watching one that left the page (its promise then stays pending; a new call after it returns watches anew).
 */
export function nearView(element) {
  if (typeof IntersectionObserver !== 'function') return Promise.resolve();
  return new Promise((resolve) => {
    waiting.set(element, resolve);
    observe(element);
  });
}

export function forget(element) {
  if (!waiting.delete(element)) return;
  observer.unobserve(element);
}
