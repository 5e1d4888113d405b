// The sliding-window calculator (<bloom-calc calculator="window">, issue 21; docs/window.md): W, p and δ → per rule
// (N-bounded, σ-bounded) the smallest total memory and its k, beside a plain filter for 2W items. The sizing
// searches a few hundred model evaluations (up to ~1 s in wasm), so it runs in the tools module's worker
// (web/tools-worker.mjs), a newer input cancelling an older one. All arithmetic is the core's (bc.window).
import { withTemplate } from './templates.mjs';
import { formatInt, formatMemory } from '../wasm/format.mjs';
import { clearErrors, setValue, showError, wireForm } from './form-fields.mjs';
import { shareWasm } from './wasm-share.mjs';
import { earlyWorker } from './early-worker.mjs';
import { createCaller } from '../wasm/worker-protocol.mjs';
import { WINDOW_FIELDS } from './fields.generated.mjs';

/** The fields (schema/calculators.mjs: real scale, W = 1M messages at p = 0.1 %): attribute → its URL key. */
const ID = Object.fromEntries(Object.entries(WINDOW_FIELDS).map(([field, { url }]) => [field, url]));
const memory = (m) => `${formatInt(m)} bits (${formatMemory(Math.ceil(m / 8))})`;

const windowWorker = earlyWorker(() => shareWasm(new Worker(new URL('./tools-worker.js', import.meta.url), { type: 'module', name: 'bloomcalc-tools' })));

function mount({ $, host, emit, fail, scope }) {
  const card = $('window-card');
  const status = $('window-status');
  const ids = Object.values(ID);
  const runner = createCaller(windowWorker.take, { scope });
  let generation = 0;

  async function compute() {
    clearErrors($, ids);
    const mine = ++generation;
    card.dataset.query = host.query;
    const input = {};
    for (const [key, { id }] of Object.entries(WINDOW_FIELDS)) {
      const value = $(id).value.trim();
      if (value !== '') input[key] = value;
    }
    if (runner.busy) runner.cancel();
    card.dataset.state = 'computing';
    status.textContent = 'Sizing…';
    let r;
    try {
      r = await runner.call('window', input);
    } catch (err) {
      if (mine !== generation || err?.cancelled) return; // cancelled: a newer input, or the element left the page (redone on return)
      showError($, err, (p) => ID[p], 'ww');
      card.dataset.state = 'stale';
      status.textContent = '';
      fail(err);
      return;
    }
    if (mine !== generation) return;
    const n = r.nBounded;
    const s = r.sigmaBounded;
    setValue($('window-n-m'), n.m, memory(n.m));
    setValue($('window-n-k'), n.k, `k = ${n.k}, N = ${formatInt(n.n)}`);
    setValue($('window-s-m'), s.m, memory(s.m));
    setValue($('window-s-k'), s.k, `k = ${s.k}, σ = ${formatInt(s.sigma)} of ${formatInt(s.m / 2)} bits`);
    setValue($('window-plain'), r.plain ? r.plain.m : 'none', r.plain ? `${memory(r.plain.m)}, k = ${r.plain.k}` : 'beyond 2^40 bits');
    status.textContent = '';
    card.dataset.state = 'ok';
    emit(r, { method: 'window', input });
  }

  wireForm($('window-form'), card, compute);
}

/** <bloom-calc calculator="window">: attributes w, p, delta (URL keys ww, wp, wdelta). */
export const calculator = withTemplate('window', { fields: WINDOW_FIELDS, start: windowWorker.start, mount });
