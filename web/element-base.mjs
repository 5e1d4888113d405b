// <bloom-calc>: the custom element every calculator of the page and of an embed is built from.
//
// THE PATTERN (follow it to add a calculator, e.g. `calculator="layouts"`):
//  1. Markup: web/calculators/<name>.html — the calculator's cards, as on the page. Ids are unique within
//     the element (each element has its own shadow root), data-testid as the e2e tests expect. Listed in
//     web/templates.mjs (the element shows it as soon as it connects); every result area keeps the size it
//     will have with its result (a placeholder of the same shape; docs/embed.md, "No layout shift").
//  2. Logic: web/<name>.mjs exports `calculator = { name, template, fields, initial?, mount }` (template: TEMPLATES.<name>):
//       fields   { attribute: { id, url?, fallback?, aliases?, urlAliases? } }, declared in schema/calculators.mjs
//                and imported from web/fields.generated.mjs (npm run generate) — each input: the element
//                attribute (and property; kebab-case attributes have camelCase properties), the id of its <input>/<select> in the template, its key in the page
//                URL (default: the attribute name), its value when absent (default '') and its older names
//                (docs/decisions.md, "Vocabulary"): an alias attribute or property is read and rewritten
//                to the current name, an alias URL key is read when the current key is absent and, with
//                url-state, rewritten to the current key. Attributes are reflected both
//                ways: typing writes the attribute; setting the attribute fills the control and fires an
//                'input' event on it (and 'change' for a select) so the calculator recomputes as if typed.
//       initial  start values of fields the URL (url-state) or the attributes leave out, where they differ from
//                `fallback` (optional; sizing's n = 1M and p = 1%).
//       alternatives  [{ fields: [attr…], needs, exclusive? }] (optional): inputs that stand for each other, of
//                which the calculator needs `needs` (paradox: bpe or fpr; sizing: two of n, p, m). A field the
//                user gives replaces the defaults of the others: at the start a field left out takes its default
//                only while fewer than `needs` of the group are given, in the listed order. With `exclusive`
//                (more than `needs` is an error), a field given later also empties the others still holding
//                their default (no attribute), and emptying it brings their defaults back.
//       start()  (optional) runs when the element starts loading its module (connected, near the view): work that
//                can begin before mount, such as starting the calculator's worker (sizing: its first result's).
//       mount(ctx) runs once its WebAssembly module is loaded (one shared load per page and module), with
//         ctx.root    the shadow root;  ctx.$(id) = ctx.root.getElementById(id)
//         ctx.bc      the JS API (the same object createBloomCalc() gives, over the calculator's module)
//         ctx.host    the element;  ctx.initial  the starting field values
//         ctx.emit(result, call)   after each successful computation: sets element.result, fires 'result'
//                                  and feeds the export buttons; call = { method, input } reproduces it
//                                  through the API (bc[method](input)).
//         ctx.fail(error)          after a computation failed (the calculator shows it inline): sets
//                                  element.error, fires 'error' (detail: the Error with .parameter).
//         ctx.chart(container, plot)  registers a uPlot chart for the PNG/SVG/CSV/JSON export buttons.
//         ctx.near(part)  with loading="lazy", a promise settled when `part` (in the shadow root) nears the view
//                     (web/near-view.mjs: a part below the first screen, such as a chart, can wait); else null.
//         ctx.scope   the element's workers (web/worker-scope.mjs): give it to every runner and simulation
//                     panel, so that they stop when the element leaves the page (a cut-short computation is
//                     redone when it returns: the element fires 'input' on the first field).
//       The calculator keeps reading its controls' values; it never touches location (the element does,
//       with the url-state attribute). Long work (> ~50 ms) goes to a worker, as the page always did.
//  3. Declare it in schema/calculators.mjs (its title, methods, code, docs pages, URL key prefix, fields) and run
//     npm run generate: web/calculators.generated.mjs registers it (a literal import() of its code, a chunk of its
//     own); add it to docs/embed.md. `npm run new-calculator <name>` writes all of it (docs/embed.md, "Adding a calculator").
//
// Styles (web/element-styles.mjs): web/element.css + uPlot's CSS, as constructable stylesheets shared by all elements (no <style>
// element, no style attribute: works under a CSP without 'unsafe-inline' in style-src). Theming: custom
// properties --bc-* on the element or any ancestor, ::part(calculator|card|toolbar|button), the `theme`
// attribute (light|dark; by default the host page's theme: web/theme.mjs).
import { attachChartExports, resultExports } from './exports.mjs';
import { rebaseDocs } from './docs-links.mjs';
import {
  defineFieldProperties,
  fieldControl,
  fieldQuery,
  fieldValues,
  fillFields,
  reflectAttributes,
  reflectEdit,
  startValues,
  urlKeys,
} from './element-fields.mjs';
import { calculatorEntry, calculatorNames, loadCalculator } from './element-registry.mjs';
import { styleSheets } from './element-styles.mjs';
import { pageTheme, unwatchTheme, watchTheme } from './theme.mjs';
import { noticeMisspeltKeys, writeUrl } from './url-state.mjs';
import { createWorkerScope } from './worker-scope.mjs';
import { forget, nearView } from './near-view.mjs';
import { inTurn } from './in-turn.mjs';
import { prepareNumberFormats } from './number-formats.mjs';

const LAZY_CONNECT_MS = 10_000;

/**
 * A table's scroll box (role="region") is a Tab stop only while it scrolls (either way): keyboard users can then scroll it
 * (axe's scrollable-region-focusable), and a wide screen has no stop with nothing to do.
 */
function scrollStops(root) {
  const boxes = [...root.querySelectorAll('[role="region"][tabindex]')];
  if (boxes.length === 0 || typeof ResizeObserver !== 'function') return;
  const update = () => {
    for (const box of boxes) {
      const stop = box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1 ? 0 : -1;
      if (box.tabIndex !== stop) box.tabIndex = stop; // an unchanged attribute: no style to recompute
    }
  };
  const observer = new ResizeObserver(update);
  for (const box of boxes) {
    observer.observe(box);
    for (const child of box.children) observer.observe(child); // the table grows with its numbers
  }
}

/** The calculator's markup in a shadow root: its first element but a root rendered ahead's <link> to its styles. */
export const calculatorOf = (root) => [...root.children].find((child) => child.localName !== 'link') ?? null;

/**
 * A calculator's markup in the element's shadow root: its cards (`template`) and, when given, its toolbar's
 * markup (web/exports.mjs, toolbarMarkup). The page's build renders its calculators ahead with it.
 */
export const calculatorMarkup = (name, template, toolbar = '') => `<div class="bc bc-${name}" part="calculator">${template}${toolbar}</div>`;

// Where there is no DOM (server-side rendering, a worker) the class extends a plain class: importing this module
// touches no DOM, and web/element.mjs defines the element only where customElements exists.
export class BloomCalcElement extends (globalThis.HTMLElement ?? class {}) {
  #def = null;
  #result = null;
  #error = null;
  #lastCall = null;
  #mounted = false;
  #loaded = null;
  #rendering = null;
  #start = {};
  #scope = createWorkerScope();
  #leaving = 0; // the timer of a pending disconnect
  #near = null; // loading="lazy": settles when the element nears the viewport (web/near-view.mjs)
  #internals = null;
  #theme = (page) => this.#applyTheme(page);
  #ahead = false; // its shadow root was rendered ahead and it has not connected since
  #waiting = false; // its connection waits its turn (web/in-turn.mjs), or the view (#connectNear)
  #cancelNear = null; // stops #connectNear's wait

  static observedAttributes = ['theme'];

  constructor() {
    super();
    // a shadow root rendered ahead (declarative shadow DOM: our page's build, scripts/build-web.mjs) is kept with
    // its linked styles, the same as the adopted ones (adopting them too would restyle what is shown for nothing)
    this.#ahead = this.shadowRoot !== null;
    if (!this.#ahead) this.attachShadow({ mode: 'open' });
    if (!this.#ahead) this.shadowRoot.adoptedStyleSheets = styleSheets();
    this.#internals = this.attachInternals?.() ?? null;
  }

  attributeChangedCallback(name) {
    if (name === 'theme' && this.isConnected) this.#applyTheme();
  }

  /** Dark when theme="dark", or without theme="light" when the page around is dark (web/theme.mjs). */
  #applyTheme(page = pageTheme(this)) {
    const forced = this.getAttribute('theme');
    const dark = forced === 'dark' || (forced !== 'light' && page === 'dark');
    try {
      if (dark) this.#internals.states.add('dark');
      else this.#internals.states.delete('dark');
    } catch {
      this.toggleAttribute('data-bc-dark', dark); // no custom states (older browsers)
    }
  }

  /** The calculator's name (the `calculator` attribute). */
  get calculator() {
    return this.getAttribute('calculator') ?? '';
  }

  set calculator(value) {
    this.setAttribute('calculator', value);
  }

  /** The latest result: the object the JS API returned for the current inputs (null before the first). */
  get result() {
    return this.#result;
  }

  /** The latest error (an Error with .parameter), null after a successful computation. */
  get error() {
    return this.#error;
  }

  /** The inputs as { attribute: value } (the URL-state strings, as typed). */
  get state() {
    if (!this.#def) return {};
    return fieldValues(this, this.#def);
  }

  /**
   * The query string (no "?") of the inputs, in the page URL's keys, defaults left out (web/element-fields.mjs).
   */
  get query() {
    if (!this.#def) return '';
    return fieldQuery(this, this.#def);
  }

  connectedCallback() {
    // back in the same task (moved: removed and appended): nothing stopped, nothing to redo
    clearTimeout(this.#leaving);
    watchTheme(this, this.#theme);
    if (!this.#scope.active && this.#scope.resume()) this.#recompute();
    if (this.#waiting) return;
    if (this.#ahead) {
      // its markup is shown already: the rest in a task of its own (defining the elements of a page rendered
      // ahead upgrades them all in one task)
      this.#waiting = true;
      const connect = () =>
        inTurn(() => {
          this.#waiting = false;
          if (this.isConnected) this.#connect();
        });
      if (this.getAttribute('loading') === 'lazy') this.#connectNear(connect);
      else connect();
      return;
    }
    this.#connect();
  }

  /**
   * loading="lazy", rendered ahead: connecting (its code, its fields) waits until it nears the view too, so that a
   * page of many calculators does at load only the work of those on screen; at the latest after LAZY_CONNECT_MS,
   * should the browser not say (it tells in a frame: a page that renders none), so its properties then answer.
   */
  #connectNear(connect) {
    let queued = false;
    const once = () => {
      if (queued) return;
      queued = true;
      clearTimeout(latest);
      this.#cancelNear = null;
      connect();
    };
    const latest = setTimeout(once, LAZY_CONNECT_MS);
    this.#cancelNear = () => {
      queued = true;
      clearTimeout(latest);
      this.#waiting = false;
      this.#cancelNear = null;
    };
    (this.#near ??= nearView(this)).then(once);
  }

  #connect() {
    this.#ahead = false;
    this.#rendering ??= this.#render();
    // loading="lazy": the markup and the fields now, the module and the first result near the viewport
    if (this.getAttribute('loading') === 'lazy' && !this.#mounted) (this.#near ??= nearView(this)).then(() => this.#begin());
    else this.#begin();
  }

  #begin() {
    prepareNumberFormats();
    // the calculator's chunk and the WebAssembly module download side by side
    const entry = calculatorEntry(this.calculator);
    if (entry) this.#loaded ??= loadCalculator(entry.module);
    this.#rendering.then(() => {
      if (!this.#def || this.#mounted || !this.isConnected) return;
      this.#def.start?.();
      this.#mount();
    });
  }

  /**
   * Out of the page (client-side navigation, a framework unmounting it): its workers stop and pending work is
   * dropped — a task later, so that moving the element (removed and appended at once) stops nothing.
   */
  disconnectedCallback() {
    clearTimeout(this.#leaving);
    this.#leaving = setTimeout(() => {
      if (this.isConnected) return;
      if (!this.#mounted) {
        forget(this);
        this.#near = null;
        this.#cancelNear?.(); // connecting anew when it returns
      }
      this.#scope.suspend();
      unwatchTheme(this);
    }, 0);
  }

  /** Recomputes as if the first field were typed (the calculator's own input handling). */
  #recompute() {
    if (!this.#mounted) return;
    const first = Object.keys(this.#def.fields)[0];
    fieldControl(this, this.#def, first)?.dispatchEvent(new Event('input', { bubbles: true }));
  }

  /** Shows why the calculator cannot run, inline (the element's only content) and as an 'error' event. */
  #renderFailure(text, error, parameter) {
    this.#replaceContent('<p class="general-error" part="error" role="alert"></p>');
    this.shadowRoot.firstChild.textContent = text;
    this.#setError(error, parameter);
  }

  /**
   * The calculator's markup goes in at once, in the task the element connects in (before its code and first
   * result: it takes its settled size then, so nothing around it moves later); the fields, filled from the
   * attributes or the URL, when its code has loaded.
   */
  #render() {
    const entry = calculatorEntry(this.calculator);
    if (!entry) {
      const known = calculatorNames().join(', ');
      this.#renderFailure(
        `bloom-calc: unknown calculator "${this.calculator}" (one of: ${known}).`,
        new RangeError(`calculator must be one of ${known}; got "${this.calculator}"`),
        'calculator',
      );
      return Promise.resolve();
    }
    if (entry.template !== undefined) this.#show(this.calculator, entry.template);
    return this.#define(entry.load);
  }

  /**
   * The calculator's cards, with the export toolbar below them. Markup rendered ahead (a declarative shadow root
   * of calculatorMarkup, after a <link> to the same styles as the adopted sheets) is kept as it is, with its linked
   * styles and its toolbar, which comes alive (web/exports.mjs): connecting then changes nothing on screen.
   */
  #show(name, template) {
    const root = this.shadowRoot;
    if (![...root.children].some((child) => child.classList.contains(`bc-${name}`))) this.#replaceContent(calculatorMarkup(name, template));
    rebaseDocs(root, this.getAttribute('docs-base'));
    // ::part(card) reaches every card: the templates write the part (nothing to restyle on connecting), this
    // names any card a template left without it
    for (const card of root.querySelectorAll('.card:not([part~="card"])')) card.setAttribute('part', 'card');
    scrollStops(root);
    const calc = calculatorOf(root);
    const ahead = [...calc.children].find((child) => child.classList.contains('bc-toolbar')) ?? null;
    const bar = resultExports(this, () => ({ result: this.#result, call: this.#lastCall }), ahead);
    if (!ahead) calc.append(bar);
    else if (bar !== ahead) ahead.replaceWith(bar);
  }

  /** The shadow root's content replaced (a root rendered ahead loses its linked styles: the adopted ones then). */
  #replaceContent(html) {
    this.shadowRoot.innerHTML = html;
    if (this.shadowRoot.adoptedStyleSheets.length === 0) this.shadowRoot.adoptedStyleSheets = styleSheets();
  }

  async #define(load) {
    let def;
    try {
      def = await load();
    } catch (err) {
      this.#renderFailure(`Could not load the calculator "${this.calculator}": ${err instanceof Error ? err.message : String(err)}`, err);
      return;
    }
    this.#def = def;
    if (!this.shadowRoot.querySelector(`.bc-${def.name}`)) this.#show(def.name, def.template);
    defineFieldProperties(this, def);
    this.#start = startValues(this, def);
    fillFields(this, def, this.#start);
    this.shadowRoot.addEventListener('input', (event) => reflectEdit(this, def, event));
    this.shadowRoot.addEventListener('change', (event) => reflectEdit(this, def, event));
    new MutationObserver((records) => reflectAttributes(this, def, records)).observe(this, { attributes: true });
    if (this.hasAttribute('url-state')) {
      writeUrl(urlKeys(def), this.query);
      noticeMisspeltKeys(this.shadowRoot, urlKeys(def));
    }
  }

  async #mount() {
    let bc;
    try {
      this.#loaded ??= loadCalculator(calculatorEntry(this.calculator).module);
      bc = await this.#loaded;
      // a task of its own for the calculator's start (its first computation): instantiating the module (its
      // runtime's start) is one task already
      await new Promise((resolve) => inTurn(resolve));
    } catch (err) {
      const el = document.createElement('p');
      el.className = 'general-error';
      el.setAttribute('role', 'alert');
      el.textContent = `Could not load the calculator (WebAssembly): ${err instanceof Error ? err.message : String(err)}`;
      calculatorOf(this.shadowRoot).prepend(el);
      this.#setError(err);
      return;
    }
    if (this.#mounted || !this.isConnected) return; // mounted on the next connect
    this.#mounted = true;
    this.dataset.ready = 'true';
    const ctx = {
      root: this.shadowRoot,
      $: (id) => this.shadowRoot.getElementById(id),
      bc,
      host: this,
      initial: { ...this.#start },
      emit: (result, call = null) => {
        this.#result = result;
        this.#error = null;
        this.#lastCall = call;
        rebaseDocs(this.shadowRoot, this.getAttribute('docs-base'));
        this.dispatchEvent(new CustomEvent('result', { detail: result, bubbles: true, composed: true }));
      },
      fail: (error) => this.#setError(error),
      chart: (container, plot) => attachChartExports(this, container, plot),
      scope: this.#scope,
      near: (part) => (this.getAttribute('loading') === 'lazy' ? nearView(part) : null),
    };
    this.#def.mount(ctx);
  }

  #setError(error, parameter) {
    const err = error instanceof Error ? error : new Error(String(error?.message ?? error));
    if (parameter && err.parameter === undefined) err.parameter = parameter;
    if (error && !(error instanceof Error) && error.parameter) err.parameter = error.parameter;
    this.#error = err;
    this.#result = null;
    this.dispatchEvent(new CustomEvent('error', { detail: err, bubbles: true, composed: true }));
  }
}
