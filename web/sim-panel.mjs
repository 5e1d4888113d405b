// The lifecycle every "Simulate" panel shares (web/simulate.mjs, web/paradox-sim.mjs): a target to run, the run
// in the simulation worker (web/sim-worker.mjs) with progress and cancel, its result or error, and the panel's
// state in data-state (idle, running, done, error, cancelled). A module of its own: the paradox panel takes it
// without the simulate panel's chart (the embed size budget). Ids, with prefix P: P, P-run, P-cancel,
// P-progress, P-status, P-result; P-eta, the expected run time (lazyExpectedTime).
import { shareWasm } from './wasm-share.mjs';
import { createCaller } from '../wasm/worker-protocol.mjs';

/**
 * - $: id → element, in the calculator's shadow root; prefix: the panel's id prefix; method: the worker's.
 * - read(target): the simulation input (may throw an error with `parameter`); clear(): hides the last errors;
 *   begin(): a run starts (its input is valid).
 * - onProgress(stage, ...values), showResult(result, seconds: the run's wall time), showError(error): the panel's own
 *   rendering.
 * - onResult(result, input), onError(error): after a run (the element's result / error events).
 * - scope: the element's (web/worker-scope.mjs): out of the page, a run is cancelled and the worker stopped;
 *   resumes: say whether one was (the calculator runs it again on return).
 */
export function createRunPanel({
  $,
  prefix,
  method,
  read,
  clear,
  begin = () => {},
  onProgress,
  showResult,
  showError,
  onResult = () => {},
  onError = () => {},
  scope = null,
  resumes = false,
}) {
  const id = (suffix) => $(`${prefix}-${suffix}`);
  const panel = $(prefix);
  const runButton = id('run');
  const cancelButton = id('cancel');
  const bar = id('progress');
  const status = id('status');
  let jobId = 0;
  let target = null;
  // the panel's worker, started on the first run and reused; the scope is the panel's own (below)
  const runner = createCaller(() => shareWasm(new Worker(new URL('./sim-worker.js', import.meta.url), { type: 'module', name: 'bloomcalc-sim' })), {
    onProgress,
  });

  function setState(state) {
    panel.dataset.state = state;
    runButton.disabled = state === 'running' || !target;
    cancelButton.hidden = state !== 'running';
    bar.hidden = state !== 'running';
  }

  function fail(error) {
    panel.dataset.errorParameter = error.parameter ?? '';
    showError(error);
    setState('error');
    onError(error);
  }

  function start() {
    if (!target) return;
    clear();
    delete panel.dataset.errorParameter;
    id('result').hidden = true;
    let input;
    try {
      input = read(target);
    } catch (err) {
      fail(err);
      return;
    }
    panel.dataset.input = JSON.stringify(input);
    jobId += 1;
    begin();
    bar.value = 0;
    panel.dataset.progress = '0';
    if (scope && !scope.admits()) return;
    status.textContent = 'Starting…';
    setState('running');
    const job = jobId;
    const started = performance.now();
    runner.replace(method, input, {
      current: () => job === jobId, // not an older run's
      done(result) {
        showResult(result, (performance.now() - started) / 1000);
        setState('done');
        onResult(result, JSON.parse(panel.dataset.input));
      },
      failed: fail,
    });
  }

  /**
   * Stops a run at once: the worker is terminated (the next run starts a fresh one), since it may be inside
   * one long synchronous call and would see a 'cancel' message only after it.
   */
  function cancel() {
    if (panel.dataset.state !== 'running') return;
    runner.cancel();
    jobId += 1;
    status.textContent = 'Cancelled.';
    setState('cancelled');
  }

  runButton.addEventListener('click', start);
  cancelButton.addEventListener('click', cancel);
  setState('idle');
  scope?.own(() => {
    const running = panel.dataset.state === 'running';
    cancel(); // the panel says "Cancelled."
    runner.cancel(); // an idle worker too: nothing of the element's stays behind
    return resumes && running;
  });

  return {
    /** What to simulate (key: its identity): a new one cancels a running simulation and clears the panel. */
    setTarget(t, key, idle) {
      if (key === panel.dataset.target) return;
      panel.dataset.target = key;
      target = t;
      cancel();
      jobId += 1; // ignore what the old run still sends
      clear();
      id('result').hidden = true;
      status.textContent = idle;
      setState('idle');
    },
    get target() {
      return target;
    },
    /** The worker's `method` on `input` between runs (a run started meanwhile cancels it); null while one runs. */
    ask(method, input) {
      if (panel.dataset.state === 'running' || (scope && !scope.admits())) return null;
      return runner.call(method, input);
    },
  };
}

/**
 * The expected run time in `eta` (web/sim-eta.mjs, docs/simulation.md "Expected run time"), loaded once the reader
 * turns to the panel (a pointer over it, the focus in it) or runs it: only then do the simulation worker start and the
 * simulations' module load. `method`: the worker's estimate of the panel's kind of run. { changed(), done(input,
 * result, seconds, workers), workers(plan): a promise of the status lines' " on N workers …" }.
 */
export function lazyExpectedTime(run, panel, eta, read, method) {
  let loaded = null;
  const load = () => (loaded ??= import('./sim-eta.mjs').then((m) => m.expectedTime(run, panel, eta, read, method)));
  for (const type of ['pointerenter', 'focusin']) panel.addEventListener(type, load, { once: true });
  return {
    changed: () => loaded?.then((e) => e.changed()),
    done: (...args) => load().then((e) => e.done(...args)),
    workers: (plan) => load().then((e) => e.workers(plan)),
  };
}
