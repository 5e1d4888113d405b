// What a user takes away from a calculator: each result as JSON and as a JS snippet that reproduces it
// through the npm module's API, the embed code (element or iframe) for the current inputs, and each chart
// as PNG / SVG / CSV / JSON. Downloads are blob: URLs (no request); copies go to the clipboard and are
// also shown in a read-only text box (the clipboard may be refused).

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

function download(name, blob) {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
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

function seriesLabel(s, i) {
  return typeof s.label === 'string' && s.label ? s.label : `series ${i}`;
}

/** The chart's data as columns: { columns: [label…], rows: [[x, y1, …]…] }. */
export function chartTable(plot) {
  const columns = plot.series.map(seriesLabel);
  const rows = plot.data[0].map((_, j) => plot.data.map((col) => col[j] ?? null));
  return { columns, rows };
}

function csvCell(v) {
  if (v === null || v === undefined) return '';
  const s = String(v);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function chartCsv(plot) {
  const { columns, rows } = chartTable(plot);
  return [columns, ...rows].map((row) => row.map(csvCell).join(',')).join('\n') + '\n';
}

function strokeOf(plot, s, i) {
  const stroke = typeof s.stroke === 'function' ? s.stroke(plot, i) : s.stroke;
  return typeof stroke === 'string' ? stroke : '#333';
}

const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A vector redraw of the chart: the plotted series as SVG polylines, the axes' ticks and labels, a legend. */
export function chartSvg(plot, title = '') {
  const px = devicePixelRatio || 1;
  const { left, top, width, height } = plot.bbox;
  const [L, T, W, H] = [left / px, top / px, width / px, height / px];
  const out = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${plot.width}" height="${plot.height + 24}" viewBox="0 0 ${plot.width} ${plot.height + 24}" ` +
      `font-family="system-ui, sans-serif" font-size="11">`,
  );
  if (title) out.push(`<title>${esc(title)}</title>`);
  out.push(`<rect width="100%" height="100%" fill="#fff"/>`);
  out.push(`<rect x="${L}" y="${T}" width="${W}" height="${H}" fill="none" stroke="#d1d5db"/>`);
  for (const axis of plot.axes) {
    const scale = axis.scale;
    const horizontal = axis.side === 0 || axis.side === 2;
    const splits = axis._splits ?? [];
    const values = axis._values ?? splits;
    splits.forEach((v, i) => {
      if (v == null) return;
      const p = plot.valToPos(v, scale);
      if (!Number.isFinite(p)) return;
      if (horizontal) {
        out.push(`<line x1="${L + p}" x2="${L + p}" y1="${T}" y2="${T + H}" stroke="#eef0f3"/>`);
        out.push(`<text x="${L + p}" y="${T + H + 14}" text-anchor="middle">${esc(values[i] ?? '')}</text>`);
      } else {
        const x = axis.side === 1 ? L + W + 4 : L - 4;
        out.push(`<line x1="${L}" x2="${L + W}" y1="${T + p}" y2="${T + p}" stroke="#eef0f3"/>`);
        out.push(`<text x="${x}" y="${T + p + 4}" text-anchor="${axis.side === 1 ? 'start' : 'end'}">${esc(values[i] ?? '')}</text>`);
      }
    });
    if (axis.label) {
      if (horizontal) out.push(`<text x="${L + W / 2}" y="${T + H + 30}" text-anchor="middle" font-weight="600">${esc(axis.label)}</text>`);
      else {
        const x = axis.side === 1 ? plot.width - 6 : 12;
        out.push(`<text transform="translate(${x} ${T + H / 2}) rotate(-90)" text-anchor="middle" font-weight="600">${esc(axis.label)}</text>`);
      }
    }
  }
  const xs = plot.data[0];
  let legendX = L;
  plot.series.forEach((s, i) => {
    if (i === 0 || s.show === false) return;
    const stroke = strokeOf(plot, s, i);
    const scale = s.scale ?? 'y';
    const parts = [];
    let path = '';
    xs.forEach((x, j) => {
      const y = plot.data[i][j];
      if (y == null || x == null) {
        if (path) parts.push(path);
        path = '';
        return;
      }
      const X = L + plot.valToPos(x, 'x');
      const Y = T + plot.valToPos(y, scale);
      if (!Number.isFinite(X) || !Number.isFinite(Y)) return;
      path += `${path ? ' L' : 'M'}${X.toFixed(2)} ${Y.toFixed(2)}`;
    });
    if (path) parts.push(path);
    const dash = Array.isArray(s.dash) && s.dash.length ? ` stroke-dasharray="${s.dash.join(' ')}"` : '';
    for (const d of parts) out.push(`<path d="${d}" fill="none" stroke="${esc(stroke)}" stroke-width="${s.width ?? 1.5}"${dash}/>`);
    out.push(`<line x1="${legendX}" x2="${legendX + 16}" y1="${plot.height + 14}" y2="${plot.height + 14}" stroke="${esc(stroke)}" stroke-width="2"${dash}/>`);
    const label = seriesLabel(s, i);
    out.push(`<text x="${legendX + 20}" y="${plot.height + 18}">${esc(label)}</text>`);
    legendX += 28 + label.length * 6.2;
  });
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}

/** Adds PNG/SVG/CSV/JSON buttons under a chart container (once); `plot` is its current uPlot. */
export function attachChartExports(host, container, plot) {
  plots.set(container, plot);
  if (container.nextElementSibling?.classList.contains('bc-chart-tools')) return;
  const name = `bloomcalc-${host.calculator}-${container.id || 'chart'}`;
  const title = container.getAttribute('aria-label') ?? '';
  const current = () => plots.get(container);
  const bar = document.createElement('div');
  bar.className = 'bc-chart-tools';
  bar.setAttribute('part', 'chart-toolbar');
  bar.append(
    button('PNG', 'Download the chart as a PNG image', () => {
      const p = current();
      p?.ctx.canvas.toBlob((blob) => blob && download(`${name}.png`, blob), 'image/png');
    }),
    button('SVG', 'Download the chart as an SVG image', () => {
      const p = current();
      if (p) download(`${name}.svg`, new Blob([chartSvg(p, title)], { type: 'image/svg+xml' }));
    }),
    button('CSV', "Download the chart's data as CSV", () => {
      const p = current();
      if (p) download(`${name}.csv`, new Blob([chartCsv(p)], { type: 'text/csv' }));
    }),
    button('JSON', "Download the chart's data as JSON", () => {
      const p = current();
      if (p) download(`${name}.json`, new Blob([`${JSON.stringify(chartTable(p), null, 1)}\n`], { type: 'application/json' }));
    }),
  );
  container.after(bar);
}
