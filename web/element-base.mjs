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
//         ctx.scope   the element's workers (web/worker-scope.mjs): give it to every runner and simulation
//                     panel, so that they stop when the element leaves the page (a cut-short computation is
//                     redone when it returns: the element fires 'input' on the first field).
//       The calculator keeps reading its controls' values; it never touches location (the element does,
//       with the url-state attribute). Long work (> ~50 ms) goes to a worker, as the page always did.
//  3. Register it in web/element.mjs (CALCULATORS: its name and a literal `import('./<name>.mjs')`, so that
//     esbuild makes it a chunk of its own) and add it to docs/embed.md.
//
// Styles: web/element.css + uPlot's CSS, as constructable stylesheets shared by all elements (no <style>
// element, no style attribute: works under a CSP without 'unsafe-inline' in style-src). Theming: custom
// properties --bc-* on the element or any ancestor, ::part(calculator|card|toolbar|button), the `theme`
// attribute (light|dark; by default the host page's theme: web/theme.mjs).
import uplotCss from 'uplot/dist/uPlot.min.css';
import elementCss from './element.css';
import { attachChartExports, resultExports } from './exports.mjs';
import { nearest } from '../wasm/nearest.mjs';
import { loadOnPage } from './wasm-share.mjs';
import { pageTheme, unwatchTheme, watchTheme } from './theme.mjs';
import { createWorkerScope } from './worker-scope.mjs';

/**
 * The WebAssembly module a calculator needs — 'main' (bloomcalc.web.wasm), 'tools' (bloomcalc.tools.wasm, the library questions) or 'rbf' (bloomcalc.rbf.wasm, the
 * recycling filters; docs/decisions.md, "Two modules") — fetched and compiled once for the page
 * (web/wasm-share.mjs: the same compiled Module goes to every worker the page starts) and instantiated once
 * for every element of the page that needs it. Resolves to the JS API over that module alone.
 */
export function loadCalculator(module = 'main') {
  return loadOnPage(module);
}

/**
 * element.css's :host([theme="dark"]) block, also applied when the element resolved the page's theme to dark
 * (web/theme.mjs): the custom state :state(dark), or the attribute data-bc-dark where custom states are not
 * supported (two rules: a selector a browser does not know drops its whole rule).
 */
function withResolvedDark(css) {
  const block = css.match(/:host\(\[theme="?dark"?\]\)\s*(\{[^}]*\})/)?.[1];
  if (!block) throw new Error('bloomcalc: element.css has no :host([theme="dark"]) block');
  return `${css}\n:host(:state(dark)) ${block}\n:host([data-bc-dark]) ${block}\n`;
}

let sheets = null;
function styleSheets() {
  sheets ??= [uplotCss, withResolvedDark(elementCss)].map((text) => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(text);
    return sheet;
  });
  return sheets;
}

/**
 * The docs pages the calculators link to (href="docs/<file>"), shipped beside the bundle in dist/element/docs/.
 * Literal new URL(…, import.meta.url)s: bundlers (Vite, webpack, Rspack, Parcel) emit each page and rewrite the
 * URL, and unbundled they resolve beside bloom-calc.mjs, so a link works on any host site. Every href="docs/…"
 * of the calculators is one of these (tests/js/element-css.test.mjs checks it).
 */
export const DOCS = {
  'models.html': () => new URL('./docs/models.html', import.meta.url),
  'layouts.html': () => new URL('./docs/layouts.html', import.meta.url),
  'rbf.html': () => new URL('./docs/rbf.html', import.meta.url),
  'libraries.html': () => new URL('./docs/libraries.html', import.meta.url),
  'hash-width.html': () => new URL('./docs/hash-width.html', import.meta.url),
  'scalable.html': () => new URL('./docs/scalable.html', import.meta.url),
  'window.html': () => new URL('./docs/window.html', import.meta.url),
};

const registry = new Map(); // name → { load: () => Promise<definition>, module }

/**
 * Makes a calculator available to <bloom-calc calculator="name">: `load` returns (a promise of) its definition,
 * so each calculator's code can be a chunk of its own, downloaded when the first element naming it connects;
 * `module` is the WebAssembly module it computes with ('main', 'rbf' or 'tools', see loadCalculator), downloaded
 * side by side with that chunk; `template`, its markup (the definition's), shown as soon as the element connects.
 */
export function registerCalculator(name, load, module = 'main', template = undefined) {
  registry.set(name, { load, module, template });
}

export function calculatorNames() {
  return [...registry.keys()];
}

/**
 * The URL key of `params` that is `key` in another case (`N` for `n`, `Hashing` for `hashing`), or undefined. Every
 * key of every calculator is lower case, so such a key is a misspelling of this one, never another calculator's: it
 * is read as `key` and, with url-state, rewritten to it (docs/decisions.md, "Strict inputs").
 */
function caseVariant(params, key) {
  const lower = key.toLowerCase();
  for (const name of params.keys()) if (name !== key && name.toLowerCase() === lower) return name;
  return undefined;
}

/** The current URL's query with `keys` (in any case) replaced by `query`'s (other calculators' keys kept); no history entry. */
function writeUrl(keys, query) {
  const url = new URL(window.location.href);
  const owned = new Set(keys.map((key) => key.toLowerCase()));
  for (const key of [...url.searchParams.keys()]) if (owned.has(key.toLowerCase())) url.searchParams.delete(key);
  for (const [key, value] of new URLSearchParams(query)) url.searchParams.set(key, value);
  if (url.href !== window.location.href) window.history.replaceState(null, '', url);
}

/**
 * A table's scroll box (role="region") is a Tab stop only while it scrolls: keyboard users can then scroll it
 * (axe's scrollable-region-focusable), and a wide screen has no stop with nothing to do.
 */
function scrollStops(root) {
  const boxes = [...root.querySelectorAll('[role="region"][tabindex]')];
  if (boxes.length === 0 || typeof ResizeObserver !== 'function') return;
  const update = () => {
    for (const box of boxes) box.tabIndex = box.scrollWidth > box.clientWidth + 1 ? 0 : -1;
  };
  const observer = new ResizeObserver(update);
  for (const box of boxes) {
    observer.observe(box);
    for (const child of box.children) observer.observe(child); // the table grows with its numbers
  }
}

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
  #internals = null;
  #theme = () => this.#applyTheme();

  static observedAttributes = ['theme'];

  constructor() {
    super();
    this.attachShadow({ mode: 'open' });
    this.shadowRoot.adoptedStyleSheets = styleSheets();
    this.#internals = this.attachInternals?.() ?? null;
  }

  attributeChangedCallback(name) {
    if (name === 'theme' && this.isConnected) this.#applyTheme();
  }

  /** Dark when theme="dark", or without theme="light" when the page around is dark (web/theme.mjs). */
  #applyTheme() {
    const forced = this.getAttribute('theme');
    const dark = forced === 'dark' || (forced !== 'light' && pageTheme(this) === 'dark');
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
    return Object.fromEntries(Object.keys(this.#def.fields).map((attr) => [attr, this.#value(attr)]));
  }

  /**
   * The query string (no "?") of the inputs, in the page URL's keys, defaults left out: a field equal to its
   * fallback is left out unless reading the query back (#withDefaults) would give it another value.
   */
  get query() {
    if (!this.#def) return '';
    const values = Object.fromEntries(Object.keys(this.#def.fields).map((attr) => [attr, this.#value(attr).trim()]));
    const kept = Object.fromEntries(Object.entries(values).filter(([attr, value]) => value !== this.#fallbackOf(attr, values)));
    for (let changed = true; changed; ) {
      changed = false;
      const read = this.#withDefaults(kept);
      for (const [attr, value] of Object.entries(values)) {
        if (Object.hasOwn(kept, attr) || read[attr] === value) continue;
        kept[attr] = value;
        changed = true;
      }
    }
    const params = new URLSearchParams();
    for (const [attr, field] of Object.entries(this.#def.fields)) if (Object.hasOwn(kept, attr)) params.set(field.url ?? attr, kept[attr]);
    return params.toString();
  }

  connectedCallback() {
    // back in the same task (moved: removed and appended): nothing stopped, nothing to redo
    clearTimeout(this.#leaving);
    watchTheme(this.#theme);
    if (!this.#scope.active && this.#scope.resume()) this.#recompute();
    // the calculator's chunk and the WebAssembly module download side by side
    if (registry.has(this.calculator)) this.#loaded ??= loadCalculator(registry.get(this.calculator).module);
    this.#rendering ??= this.#render();
    this.#rendering.then(() => {
      if (this.#def && !this.#mounted && this.isConnected) this.#mount();
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
      this.#scope.suspend();
      unwatchTheme(this.#theme);
    }, 0);
  }

  /** Recomputes as if the first field were typed (the calculator's own input handling). */
  #recompute() {
    if (!this.#mounted) return;
    const first = Object.keys(this.#def.fields)[0];
    this.#control(first)?.dispatchEvent(new Event('input', { bubbles: true }));
  }

  /** Shows why the calculator cannot run, inline (the element's only content) and as an 'error' event. */
  #renderFailure(text, error, parameter) {
    this.shadowRoot.innerHTML = '<p class="general-error" part="error" role="alert"></p>';
    this.shadowRoot.firstChild.textContent = text;
    this.#setError(error, parameter);
  }

  /**
   * The calculator's markup goes in at once, in the task the element connects in (before its code and first
   * result: it takes its settled size then, so nothing around it moves later); the fields, filled from the
   * attributes or the URL, when its code has loaded.
   */
  #render() {
    const entry = registry.get(this.calculator);
    if (!entry) {
      const known = calculatorNames().join(', ');
      this.#renderFailure(`bloom-calc: unknown calculator "${this.calculator}" (one of: ${known}).`, new RangeError(`calculator must be one of ${known}; got "${this.calculator}"`), 'calculator');
      return Promise.resolve();
    }
    if (entry.template !== undefined) this.#show(this.calculator, entry.template);
    return this.#define(entry.load);
  }

  /** The calculator's cards, with the export toolbar below them. */
  #show(name, template) {
    this.shadowRoot.innerHTML = `<div class="bc bc-${name}" part="calculator">${template}</div>`;
    this.#rebaseDocs();
    for (const card of this.shadowRoot.querySelectorAll('.card')) card.setAttribute('part', 'card');
    scrollStops(this.shadowRoot);
    this.shadowRoot.firstChild.append(resultExports(this, () => ({ result: this.#result, call: this.#lastCall })));
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
    this.#defineProperties();
    this.#start = this.#startValues();
    this.#fill(this.#start);
    this.shadowRoot.addEventListener('input', (event) => this.#onEdit(event));
    this.shadowRoot.addEventListener('change', (event) => this.#onEdit(event));
    new MutationObserver((records) => this.#onAttributes(records)).observe(this, { attributes: true });
    if (this.hasAttribute('url-state')) {
      writeUrl(this.#urlKeys(), this.query);
      this.#noticeMisspeltKeys();
    }
  }

  /**
   * A URL key no calculator reads that is, by the API's suggestion rule, a misspelling of one of this calculator's
   * keys (`?hashin=` for `?hashing=`) is named in a notice above the calculator: the page computed without it. The
   * page's own keys are often near misses of each other (`hashing`, `rhashing`), so a key is named only once
   * every registered calculator's keys are known (their modules are loaded then: on the page, they are anyway).
   */
  async #noticeMisspeltKeys() {
    const own = this.#urlKeys();
    const sameAs = (key) => (k) => k.toLowerCase() === key.toLowerCase(); // read as the key (caseVariant)
    const near = [...new Set(new URLSearchParams(window.location.search).keys())]
      .filter((key) => !own.some(sameAs(key)))
      .map((key) => [key, nearest(key, own)])
      .filter(([, meant]) => meant !== undefined);
    if (near.length === 0) return;
    const known = new Set(['embed']); // web/app.mjs's key
    try {
      for (const { load } of registry.values())
        for (const [attr, field] of Object.entries((await load()).fields)) for (const key of [field.url ?? attr, ...(field.urlAliases ?? [])]) known.add(key);
    } catch {
      return; // a calculator that cannot load: no notice rather than a wrong one
    }
    // named by the calculator whose key is the nearest of all (`hashin`: sizing's hashing, not the recycling rhashing)
    const misspelt = near.filter(([key]) => ![...known].some(sameAs(key)) && own.includes(nearest(key, [...known])));
    if (misspelt.length === 0 || !this.shadowRoot.firstChild) return;
    const note = document.createElement('p');
    note.className = 'help small url-notice';
    note.setAttribute('role', 'status');
    note.setAttribute('part', 'notice');
    note.dataset.testid = 'url-notice';
    const shown = (key) => (key.length > 40 ? `${key.slice(0, 40)}…` : key);
    note.textContent = `This link's ${misspelt.map(([key, meant]) => `"${shown(key)}" was not read (did you mean "${meant}"?)`).join('; ')}.`;
    this.shadowRoot.firstChild.prepend(note);
  }

  async #mount() {
    let bc;
    try {
      this.#loaded ??= loadCalculator(registry.get(this.calculator).module);
      bc = await this.#loaded;
    } catch (err) {
      const el = document.createElement('p');
      el.className = 'general-error';
      el.setAttribute('role', 'alert');
      el.textContent = `Could not load the calculator (WebAssembly): ${err instanceof Error ? err.message : String(err)}`;
      this.shadowRoot.firstChild.prepend(el);
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
        this.#rebaseDocs();
        this.dispatchEvent(new CustomEvent('result', { detail: result, bubbles: true, composed: true }));
      },
      fail: (error) => this.#setError(error),
      chart: (container, plot) => attachChartExports(this, container, plot),
      scope: this.#scope,
    };
    this.#def.mount(ctx);
  }

  /**
   * The links to the docs (href="docs/…", in the markup and in rendered results) point at docs-base when it is
   * set, else at the docs shipped beside the bundle (dist/element/docs/, emitted by bundlers: DOCS).
   */
  #rebaseDocs() {
    const docsBase = this.getAttribute('docs-base');
    const base = docsBase ? new URL(docsBase, document.baseURI) : null;
    for (const a of this.shadowRoot.querySelectorAll('a[href^="docs/"]')) {
      const [file, fragment = ''] = a.getAttribute('href').slice(5).split('#');
      const url = base ? new URL(file, base) : DOCS[file]?.();
      if (url) a.href = `${url.href.split('#')[0]}${fragment ? `#${fragment}` : ''}`;
    }
  }

  #setError(error, parameter) {
    const err = error instanceof Error ? error : new Error(String(error?.message ?? error));
    if (parameter && err.parameter === undefined) err.parameter = parameter;
    if (error && !(error instanceof Error) && error.parameter) err.parameter = error.parameter;
    this.#error = err;
    this.#result = null;
    this.dispatchEvent(new CustomEvent('error', { detail: err, bubbles: true, composed: true }));
  }

  // ------------------------------------------------------------ fields <-> attributes <-> URL

  #control(attr) {
    return this.shadowRoot.getElementById(this.#def.fields[attr].id);
  }

  #value(attr) {
    const control = this.#control(attr);
    return control ? control.value : (this.getAttribute(attr) ?? '');
  }

  /** Every URL key the fields own: the current ones and their aliases (all replaced when the URL is written). */
  #urlKeys() {
    return Object.entries(this.#def.fields).flatMap(([attr, field]) => [field.url ?? attr, ...(field.urlAliases ?? [])]);
  }

  /**
   * Start values: the fields the URL gives (url-state) when it names any, else those the attributes give (aliases
   * read too), each left-out field completed by #withDefaults.
   */
  #startValues() {
    const fields = Object.entries(this.#def.fields);
    const fromUrl = this.hasAttribute('url-state') ? new URLSearchParams(window.location.search) : null;
    const urlKey = ([attr, f]) =>
      [f.url ?? attr, ...(f.urlAliases ?? [])].find((key) => fromUrl.has(key)) ?? caseVariant(fromUrl, f.url ?? attr);
    const attrName = ([attr, f]) => [attr, ...(f.aliases ?? [])].find((name) => this.hasAttribute(name));
    const given = {};
    if (fromUrl && fields.some((entry) => urlKey(entry) !== undefined)) {
      for (const entry of fields) if (urlKey(entry) !== undefined) given[entry[0]] = fromUrl.get(urlKey(entry));
    } else {
      for (const entry of fields) if (attrName(entry) !== undefined) given[entry[0]] = this.getAttribute(attrName(entry));
    }
    this.#renameAliasAttributes();
    return this.#withDefaults(given);
  }

  /** A field's start value when nothing gives it: `initial`, else its fallback. */
  #defaultOf(attr) {
    return this.#def.initial?.[attr] ?? this.#def.fields[attr].fallback ?? '';
  }

  /**
   * Every field's value from the `given` ones: a field left out takes its default, except in a group of
   * alternatives that the given fields (and the defaults taken before it, in the group's order) already fill.
   */
  #withDefaults(given) {
    const values = {};
    const filled = (attr) => (values[attr] ?? given[attr] ?? '').trim() !== '';
    for (const { fields, needs } of this.#def.alternatives ?? []) {
      let count = fields.filter(filled).length;
      for (const attr of fields) {
        if (Object.hasOwn(given, attr)) continue;
        values[attr] = count < needs ? this.#defaultOf(attr) : '';
        if (filled(attr)) count++;
      }
    }
    return Object.fromEntries(Object.keys(this.#def.fields).map((attr) => [attr, Object.hasOwn(given, attr) ? given[attr] : (values[attr] ?? this.#defaultOf(attr))]));
  }

  /** The value of a field whose attribute is removed: its fallback, or '' when an exclusive alternative of it has a value. */
  #fallbackOf(attr, values) {
    const taken = (this.#def.alternatives ?? []).some(
      (group) => group.exclusive && group.fields.includes(attr) && group.fields.some((other) => other !== attr && (values[other] ?? '').trim() !== ''),
    );
    return taken ? '' : (this.#def.fields[attr].fallback ?? '');
  }

  /**
   * After `attr` changed (typed or set from outside), in its exclusive groups: a value empties the other fields
   * still holding their default (no attribute: the user never gave them); an empty one brings their defaults
   * back. Controls only, no events: the change of `attr` already recomputes. Returns whether a control changed.
   */
  #settleAlternatives(attr) {
    let changed = false;
    const blank = (field) => this.#value(field).trim() === '';
    for (const { fields, needs, exclusive } of this.#def.alternatives ?? []) {
      if (!exclusive || !fields.includes(attr)) continue;
      let count = fields.filter((field) => !blank(field)).length;
      for (const field of fields) {
        if (field === attr || this.hasAttribute(field)) continue;
        const fallback = this.#defaultOf(field);
        if (!blank(attr) && count > needs && !blank(field) && this.#value(field) === fallback) changed = this.#setControl(field, '') || changed;
        else if (blank(attr) && count < needs && blank(field) && fallback.trim() !== '') changed = this.#setControl(field, fallback) || changed;
        else continue;
        count = fields.filter((f) => !blank(f)).length;
      }
    }
    return changed;
  }

  /** The current attribute name of an alias attribute (e.g. recycling's fpr → p), or undefined. */
  #primaryOf(alias) {
    for (const [attr, field] of Object.entries(this.#def.fields)) if (field.aliases?.includes(alias)) return attr;
    return undefined;
  }

  /** Alias attributes become the current ones (the current name wins when both are set). */
  #renameAliasAttributes() {
    for (const [attr, field] of Object.entries(this.#def.fields)) {
      for (const alias of field.aliases ?? []) {
        if (!this.hasAttribute(alias)) continue;
        const value = this.getAttribute(alias);
        this.removeAttribute(alias);
        if (!this.hasAttribute(attr)) this.setAttribute(attr, value);
      }
    }
  }

  #fill(values) {
    for (const [attr, value] of Object.entries(values)) this.#setControl(attr, value);
  }

  /** Sets a control; a select keeps its value when `value` is not one of its options. */
  #setControl(attr, value) {
    const control = this.#control(attr);
    if (!control) return false;
    if (control instanceof HTMLSelectElement) {
      const fallback = this.#def.fields[attr].fallback ?? '';
      const wanted = [...control.options].some((o) => o.value === value) ? value : fallback;
      if (![...control.options].some((o) => o.value === wanted)) return false;
      if (control.value === wanted) return false;
      control.value = wanted;
      return true;
    }
    if (control.value === value) return false;
    control.value = value;
    return true;
  }

  #attrOf(control) {
    for (const [attr, field] of Object.entries(this.#def.fields)) if (field.id === control.id) return attr;
    return null;
  }

  /** Typing (or a select change) writes the attribute and, with url-state, the URL. */
  #onEdit(event) {
    const control = event.composedPath()[0];
    if (!(control instanceof HTMLElement) || !control.id) return;
    const attr = this.#attrOf(control);
    if (!attr) return;
    if (this.getAttribute(attr) !== control.value) this.setAttribute(attr, control.value);
    if (this.hasAttribute('url-state')) writeUrl(this.#urlKeys(), this.query);
  }

  /** An attribute set from outside fills its control and recomputes as if typed (own reflections: no-ops). */
  #onAttributes(records) {
    let changed = false;
    for (const { attributeName: attr } of records) {
      const primary = this.#primaryOf(attr);
      if (primary !== undefined && this.hasAttribute(attr)) {
        // an older name set from outside: it becomes the current attribute (observed in the next records)
        const value = this.getAttribute(attr);
        this.removeAttribute(attr);
        this.setAttribute(primary, value);
        continue;
      }
      if (!Object.hasOwn(this.#def.fields, attr)) continue;
      const value = this.getAttribute(attr) ?? this.#fallbackOf(attr, this.state);
      const set = this.#setControl(attr, value);
      if (this.#settleAlternatives(attr)) changed = true; // also after typing (the attribute reflects the field)
      if (!set) continue;
      changed = true;
      const control = this.#control(attr);
      control.dispatchEvent(new Event('input', { bubbles: true }));
      if (control instanceof HTMLSelectElement) control.dispatchEvent(new Event('change', { bubbles: true }));
    }
    if (changed && this.hasAttribute('url-state')) writeUrl(this.#urlKeys(), this.query);
  }

  /**
   * element.n = '2M' sets the attribute; element.n reads the control. A kebab-case attribute has a camelCase
   * property (block-bits: element.blockBits), as the JS API names it; an alias property sets its current attribute.
   */
  #defineProperties() {
    const camel = (name) => name.replace(/-([a-z])/g, (_, c) => c.toUpperCase());
    const names = Object.entries(this.#def.fields).flatMap(([attr, field]) => [[camel(attr), attr], ...(field.aliases ?? []).map((alias) => [camel(alias), attr])]);
    for (const [name, attr] of names) {
      let early; // a property set before the element was defined
      if (Object.hasOwn(this, name)) {
        early = this[name];
        delete this[name];
      }
      if (name in this) continue;
      Object.defineProperty(this, name, {
        configurable: true,
        enumerable: name === camel(attr),
        get: () => this.#value(attr),
        set: (value) => (value == null ? this.removeAttribute(attr) : this.setAttribute(attr, String(value))),
      });
      if (early !== undefined) this[name] = early;
    }
  }
}
