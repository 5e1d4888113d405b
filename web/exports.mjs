// What a user takes away from a calculator: each result as JSON and as a JS snippet that reproduces it
// through the npm module's API, the embed code (element or iframe) for the current inputs, and each chart
// as PNG / SVG / CSV / JSON (the buttons here, the files web/chart-files.mjs makes). Copies go to the clipboard
// and are also shown in a read-only text box (the clipboard may be refused).

// The URLs an embed code names are the running page's, found when the code is copied: never import.meta.url,
// which webpack and Rspack replace at build time with the build machine's file:// path.
const ENTRY = /\/bloom-calc\.mjs(?:[?#]|$)/;

/**
 * The element bundle's URL on this page: the script (or module preload) that names bloom-calc.mjs, else a
 * module that imported it (the page's resource timing). null when the element was bundled into the site's own
 * code, where no file of its own exists to point at.
 */
export function bundleUrl() {
  for (const script of document.querySelectorAll('script[src]')) if (ENTRY.test(script.src)) return script.src;
  for (const link of document.querySelectorAll('link[rel="modulepreload"][href]')) if (ENTRY.test(link.href)) return link.href;
  for (const entry of globalThis.performance?.getEntriesByType?.('resource') ?? []) if (ENTRY.test(entry.name)) return entry.name;
  return null;
}

/** The bloomcalc page an iframe embed code points at: the element's page-url attribute (against the document), else null. */
export function pageUrl(host) {
  const page = host.getAttribute('page-url');
  return page === null ? null : new URL(page, document.baseURI);
}

// a button's data-export: its label in kebab case ('Copy embed code' → copy-embed-code)
const exportKey = (label) =>
  label
    .toLowerCase()
    .replace(/[^a-z]+/g, '-')
    .replace(/^-|-$/g, '');

function button(label, title, onClick) {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = label;
  b.title = title;
  b.setAttribute('part', 'button');
  b.dataset.export = exportKey(label);
  b.addEventListener('click', onClick);
  return b;
}

const escapeAttr = (s) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The markup embedding `host`'s calculator with its current inputs: `kind` 'element' or 'iframe' (only with a
 * page-url: a host site has no bloomcalc page to frame). Without a bundle file to name (the element bundled into
 * the site's code), the element code says how to load the element instead of naming a script that is not there.
 */
export function embedCode(host, kind = 'element') {
  const name = host.calculator;
  const page = pageUrl(host);
  if (kind === 'iframe' && page) {
    page.search = `embed=${encodeURIComponent(name)}${host.query ? `&${host.query}` : ''}`;
    page.hash = '';
    return (
      `<iframe src="${escapeAttr(page.href)}" title="bloomcalc: ${name}" width="100%" height="640" ` +
      `loading="lazy" data-bloomcalc></iframe>\n` +
      '<script>addEventListener("message", (e) => { if (e.data?.type !== "bloomcalc:resize") return;\n' +
      '  for (const f of document.querySelectorAll("iframe[data-bloomcalc]")) if (f.contentWindow === e.source) f.height = e.data.height; });</script>'
    );
  }
  const attrs = Object.entries(host.state)
    .filter(([, value]) => value.trim() !== '')
    .map(([attr, value]) => ` ${attr}="${escapeAttr(value)}"`)
    .join('');
  const src = bundleUrl();
  const loader = src
    ? `<script type="module" src="${escapeAttr(src)}"></script>`
    : "<!-- needs bloomcalc's element on the page: import 'bloomcalc/element', or a module script of its dist/element/bloom-calc.mjs -->";
  return `${loader}\n<bloom-calc calculator="${name}"${attrs}></bloom-calc>`;
}

/** A JS snippet reproducing `call` ({ method, input }) through the npm module. */
export function apiSnippet(call) {
  const input = JSON.stringify(call.input, null, 2)
    .replace(/\n/g, '\n  ')
    .replace(/\n  \}$/, '\n}');
  const result = `const result = ${call.async ? 'await ' : ''}bc.${call.method}(${input});`;
  return `import { createBloomCalc } from 'bloomcalc';\n\nconst bc = await createBloomCalc();\n${result}\nconsole.log(result);\n`;
}

// The toolbar's buttons: [label, title]
const TOOLBAR = [
  ['Copy JSON', 'The result as JSON (the object the JS API returns)'],
  ['Copy JS', 'A JavaScript snippet that reproduces this result with the npm module'],
  ['Copy embed code', 'Markup that embeds this calculator with these inputs'],
];

/**
 * The toolbar's markup, not yet wired: `iframe` when the embed codes may offer an iframe (the element has a
 * page-url). resultExports builds the toolbar from it, and the page's build writes it into the calculators it
 * renders ahead (scripts/build-web.mjs), so the live toolbar that replaces it has its size.
 */
export function toolbarMarkup(iframe) {
  const buttons = TOOLBAR.map(
    ([label, title]) => `<button type="button" title="${title}" part="button" data-export="${exportKey(label)}">${label}</button>`,
  ).join('');
  // an iframe of the bloomcalc page only where there is one (page-url); a host site gets the element code alone
  const kinds = [['element', 'as &lt;bloom-calc&gt;'], ...(iframe ? [['iframe', 'as iframe']] : [])];
  const options = kinds.map(([value, label]) => `<option value="${value}">${label}</option>`).join('');
  return (
    `<div class="bc-toolbar" part="toolbar">${buttons}<select aria-label="Embed as" class="bc-embed-kind"${iframe ? '' : ' hidden'}>${options}</select>` +
    '<span class="bc-copy-status" role="status"></span><textarea class="bc-copy-out" readonly rows="6" hidden aria-label="Copied text" ' +
    'data-testid="copy-out"></textarea></div>'
  );
}

/**
 * The toolbar under a calculator: Copy JSON, Copy JS, Copy embed code (element | iframe). `ahead`, a toolbar
 * rendered ahead (scripts/build-web.mjs): it becomes the live one where it has the same markup (nothing then
 * changes on screen: no style, layout or paint), else a new one is returned to take its place.
 */
export function resultExports(host, current, ahead = null) {
  const template = document.createElement('template');
  template.innerHTML = toolbarMarkup(pageUrl(host) !== null);
  const bar = ahead?.isEqualNode(template.content.firstElementChild) ? ahead : template.content.firstElementChild;
  bar.dataset.live = ''; // its buttons work (the tests see each element's toolbar come alive)
  const [json, js, embed] = bar.querySelectorAll('button');
  const kind = bar.querySelector('select');
  const status = bar.querySelector('.bc-copy-status');
  const out = bar.querySelector('textarea');

  async function copy(what, text) {
    out.value = text;
    out.hidden = false;
    out.dataset.kind = what;
    try {
      await navigator.clipboard.writeText(text);
      status.textContent = `${what} copied.`;
    } catch {
      out.select();
      status.textContent = `${what}: select and copy the text below.`;
    }
  }
  function needResult() {
    const { result, call } = current();
    if (!result) {
      status.textContent = 'No result yet: fix the inputs first.';
      return null;
    }
    return { result, call };
  }
  json.addEventListener('click', () => {
    const r = needResult();
    if (r) copy('JSON', `${JSON.stringify(r.result, null, 2)}\n`);
  });
  js.addEventListener('click', () => {
    const r = needResult();
    if (r && r.call) copy('JS snippet', apiSnippet(r.call));
    else if (r) status.textContent = 'This result has no API call to show.';
  });
  embed.addEventListener('click', () => copy('Embed code', embedCode(host, kind.value)));
  return bar;
}

// ------------------------------------------------------------ charts

const plots = new WeakMap(); // chart container → its current uPlot

// What each chart button downloads (web/chart-files.mjs, fetched on the first click: after the first result, and
// only by a reader who asks): [label, title, extension]
const CHART_FILES = [
  ['PNG', 'Download the chart as a PNG image', 'png'],
  ['SVG', 'Download the chart as an SVG image', 'svg'],
  ['CSV', "Download the chart's data as CSV", 'csv'],
  ['JSON', "Download the chart's data as JSON", 'json'],
];

/** Adds PNG/SVG/CSV/JSON buttons under a chart container (once); `plot` is its current uPlot. */
export function attachChartExports(host, container, plot) {
  plots.set(container, plot);
  if (container.nextElementSibling?.classList.contains('bc-chart-tools')) return;
  const name = `bloomcalc-${host.calculator}-${container.id || 'chart'}`;
  const title = container.getAttribute('aria-label') ?? '';
  const bar = document.createElement('div');
  bar.className = 'bc-chart-tools';
  bar.setAttribute('part', 'chart-toolbar');
  bar.append(
    ...CHART_FILES.map(([label, hint, kind]) =>
      button(label, hint, async () => {
        const p = plots.get(container);
        if (p) (await import('./chart-files.mjs')).saveChart(p, kind, `${name}.${kind}`, title);
      }),
    ),
  );
  container.after(bar);
}
