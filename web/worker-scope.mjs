// The workers one <bloom-calc> runs its long work in, stopped together when the element leaves the page and
// allowed again when it returns (web/element-base.mjs: disconnectedCallback, connectedCallback). A calculator
// hands its element's scope (ctx.scope) to every runner and simulation panel it makes; each registers how to
// stop itself and asks before starting a worker. So client-side navigation (a docs site swapping pages) leaves
// no worker behind, and work cut short is redone when the element comes back.

/**
 * A scope: `own(stop)` registers a stopper (terminates its workers and drops pending work; returns whether
 * work was in flight); `admits()` is asked before a worker starts (false while suspended: the work counts as
 * interrupted); `suspend()` stops everything; `resume()` allows workers again and says whether work was cut short.
 */
export function createWorkerScope() {
  const stoppers = new Set();
  let active = true;
  let interrupted = false;
  return {
    own(stop) {
      stoppers.add(stop);
    },
    admits() {
      if (!active) interrupted = true;
      return active;
    },
    suspend() {
      active = false;
      for (const stop of stoppers) if (stop()) interrupted = true;
    },
    resume() {
      active = true;
      const cutShort = interrupted;
      interrupted = false;
      return cutShort;
    },
    get active() {
      return active;
    },
  };
}
