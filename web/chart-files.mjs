// A chart's files, made when a reader asks for one (a chunk of its own: web/exports.mjs imports it on a chart
// button's first click): its data as a table, CSV or JSON, a vector redraw as SVG, the canvas as PNG; saved as
// blob: URLs (no request).

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

/** Saves `plot` as a `kind` file (png, svg, csv or json) named `name`; `title` names the SVG. */
export function saveChart(plot, kind, name, title) {
  const save = (text, type) => download(name, new Blob([text], { type }));
  if (kind === 'png') plot.ctx.canvas.toBlob((blob) => blob && download(name, blob), 'image/png');
  else if (kind === 'svg') save(chartSvg(plot, title), 'image/svg+xml');
  else if (kind === 'csv') save(chartCsv(plot), 'text/csv');
  else save(`${JSON.stringify(chartTable(plot), null, 1)}\n`, 'application/json');
}
