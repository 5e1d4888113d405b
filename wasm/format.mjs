// The one number formatter of the page and the CLI. Two registers, named apart:
//   * display (the page, and the CLI's prose): separators, "× 10⁻²", typographic minus; the raw values are
//     exposed beside the text (data-value attributes, --json), so display text need not round-trip;
//   * plain (`…Plain`): what a terminal user copies back into a command, "1.00000e-5", "-0.341%".

// made on first use, not on import: the first Intl object of a page initialises the browser's locale and number
// data, a long task the page does on its own (web/number-formats.mjs), not inside loading a calculator's code
let intFormat = null;

/** 9585088 → "9,585,088" */
export function formatInt(x) {
  return Number.isFinite(x) ? (intFormat ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })).format(x) : String(x);
}

/** A real number with a fixed count of decimals and thousands separators: 9585058.4 → "9,585,058.38". */
export function formatReal(x, decimals = 2) {
  if (!Number.isFinite(x)) return String(x);
  return new Intl.NumberFormat('en-US', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(x);
}

/** A number with `digits` significant digits, no exponent for ordinary magnitudes. */
export function formatSignificant(x, digits = 4) {
  if (!Number.isFinite(x)) return String(x);
  if (x === 0) return '0';
  const abs = Math.abs(x);
  if (abs >= 1e-4 && abs < 1e15) {
    const decimals = Math.max(0, digits - 1 - Math.floor(Math.log10(abs)));
    return formatReal(x, Math.min(decimals, 20));
  }
  return x.toExponential(digits - 1);
}

const SUPERSCRIPT = { '-': '⁻', '+': '', 0: '⁰', 1: '¹', 2: '²', 3: '³', 4: '⁴', 5: '⁵', 6: '⁶', 7: '⁷', 8: '⁸', 9: '⁹' };

/**
 * A probability in scientific notation with `digits` significant digits:
 * 0.0100000123 → "1.00000 × 10⁻²". Exact zero and one are written plainly.
 */
export function formatProbability(p, digits = 6) {
  if (!Number.isFinite(p)) return String(p);
  if (p === 0 || p === 1) return String(p);
  const [mantissa, exponent] = p.toExponential(digits - 1).split('e');
  const exp = String(Number(exponent));
  if (exp === '0') return mantissa;
  return `${mantissa} × 10${[...exp].map((c) => SUPERSCRIPT[c]).join('')}`;
}

/** Short axis label for a probability: 1e-3 → "1e-3", 0.5 → "0.5". */
export function formatProbabilityShort(p) {
  if (p == null || !Number.isFinite(p)) return '';
  if (p >= 0.01) return String(Number(p.toPrecision(2)));
  const [mantissa, exponent] = p.toExponential(1).split('e');
  const m = mantissa.replace(/\.0$/, '');
  return `${m === '1' ? '1' : m}e${Number(exponent)}`;
}

/** "1 in 100" for a probability in (0, 1); '' otherwise (the caller shows its own placeholder). */
export function formatOneIn(p) {
  if (!(p > 0 && p < 1)) return '';
  const inv = 1 / p;
  const text = inv < 1e6 ? formatInt(Number(inv.toPrecision(inv < 10 ? 2 : 4))) : formatCountShort(Number(inv.toPrecision(3)));
  return `1 in ${text}`;
}

/** A signed relative error as a percentage: −0.000512 → "−0.0512 %", 3e-9 → "+3.00 × 10⁻⁷ %". */
export function formatRelativeError(r) {
  if (!Number.isFinite(r)) return String(r);
  if (r === 0) return '0 %';
  const pct = r * 100;
  const sign = pct > 0 ? '+' : '−';
  const abs = Math.abs(pct);
  let body;
  if (abs >= 1e-3 && abs < 1e6) body = formatSignificant(abs, 3);
  else body = formatProbability(abs, 3);
  return `${sign}${body} %`;
}

const SI = [
  [1e15, 'P'],
  [1e12, 'T'],
  [1e9, 'G'],
  [1e6, 'M'],
  [1e3, 'k'],
];

/** Compact count for axes: 1250000 → "1.25M", 125000 → "125k". */
export function formatCountShort(x) {
  if (!Number.isFinite(x)) return '';
  for (const [scale, suffix] of SI) {
    if (Math.abs(x) >= scale) return `${Number((x / scale).toPrecision(3))}${suffix}`;
  }
  return String(Number(x.toPrecision(3)));
}

const UNITS = [
  ['GiB', 2 ** 30],
  ['MiB', 2 ** 20],
  ['KiB', 2 ** 10],
];

/** Bytes in the largest binary unit that keeps the number ≥ 1: 1198136 → "1.143 MiB", 512 → "512 B". */
export function formatMemory(bytes) {
  if (!Number.isFinite(bytes)) return String(bytes);
  for (const [unit, size] of UNITS) if (bytes >= size) return `${formatSignificant(bytes / size, 4)} ${unit}`;
  return `${formatInt(bytes)} B`;
}

/** Every unit: "1,198,136 B · 1,170.05 KiB · 1.1426 MiB · 0.001116 GiB". */
export function formatMemoryDetail(bytes) {
  return [
    `${formatInt(bytes)} B`,
    `${formatSignificant(bytes / 2 ** 10, 6)} KiB`,
    `${formatSignificant(bytes / 2 ** 20, 5)} MiB`,
    `${formatSignificant(bytes / 2 ** 30, 4)} GiB`,
  ].join(' · ');
}

/** Axis label for a percentage: 0 → "0", −0.00065 → "−6.5e-4", 1.25 → "1.25". */
export function formatPercentAxis(v) {
  if (v == null || !Number.isFinite(v)) return '';
  if (v === 0) return '0';
  const abs = Math.abs(v);
  const sign = v < 0 ? '−' : '';
  if (abs >= 0.01 && abs < 1e4) return sign + String(Number(abs.toPrecision(3)));
  const [mantissa, exponent] = abs.toExponential(1).split('e');
  return `${sign}${mantissa.replace(/\.0$/, '')}e${Number(exponent)}`;
}

/**
 * The cells of a layout's filter (docs/layouts.md): "16,384 blocks of B = 512 bits" (blocked, split-block),
 * "7 slices of 1,024 bits" (partitioned), '' (standard: one array). `filter` is a result's filter (LayoutFilter of
 * wasm/results.d.ts); `space` joins a number to its unit (the page: a no-break space, so a stat never
 * wraps inside a quantity).
 */
export function formatLayoutCells(filter, space = ' ') {
  const { layout, m, k } = filter;
  if (layout === 'partitioned') return `${k}${space}slices of ${formatInt(m / k)}${space}bits`;
  const block = filter.blockBits;
  if (layout === 'standard' || !block) return '';
  return `${formatInt(m / block)}${space}blocks of B${space}=${space}${formatInt(block)}${space}bits`;
}

/**
 * The h-bit hash floor beside a sizing result (bc's hashFloor; docs/hash-width.md, eqs H1 and H2): its line, and
 * a warning ('' when none) when the target p is below the floor. No floor (no hash width chosen): both ''.
 */
export function formatHashFloor(floor, target, n) {
  if (!floor) return { line: '', warning: '' };
  const h = `${floor.hashBits}-bit hash floor`;
  return {
    line: `${h}: c = ${formatProbability(floor.floor, 3)}; FPR with the floor: ${formatProbability(floor.fpr, 4)}`,
    warning: floor.targetBelowFloor
      ? `The target p = ${formatProbability(target, 4)} is below the ${h} ` +
        `${formatProbability(floor.floor, 4)} at n = ${formatInt(n)}: no m or k reaches it with this hash.`
      : '',
  };
}

// ---- plain text: the CLI's values, in the form its own parsers read back ----------------------------

/** 6 significant digits, exponent notation below 1e-4: 0.0100000, 1.00000e-5. */
export function formatProbabilityPlain(p) {
  if (!Number.isFinite(p)) return String(p);
  if (p === 0) return '0';
  return p >= 1e-4 ? p.toPrecision(6) : p.toExponential(5);
}

/** A signed relative error as a percentage: -0.0341%, +1.20e-7%; 'n/a' for NaN. */
export function formatRelativeErrorPlain(r) {
  if (Number.isNaN(r)) return 'n/a';
  if (r === 0) return '0';
  const pct = r * 100;
  const abs = Math.abs(pct);
  return (pct > 0 ? '+' : '-') + (abs >= 1e-3 ? abs.toPrecision(3) : abs.toExponential(2)) + '%';
}

/** Rows of cells in columns; `align` is 'l'/'r' per column; the first row is the header, then a rule. */
export function formatTable(rows, align = '') {
  const widths = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, String(cell).length)));
  const line = (row) =>
    row
      .map((cell, i) => {
        const text = String(cell);
        if (i === row.length - 1 && align[i] !== 'r') return text;
        return align[i] === 'r' ? text.padStart(widths[i]) : text.padEnd(widths[i]);
      })
      .join('  ')
      .trimEnd();
  const [header, ...body] = rows;
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}

/** Key/value lines with aligned keys. */
export function formatPairs(pairs) {
  const width = Math.max(...pairs.map(([key]) => key.length));
  return pairs.map(([key, value]) => `  ${key.padEnd(width)}  ${value}`).join('\n');
}

/** The k of the rows computed by `method`, as runs: "1–32", "1–3, 7". */
export function kRuns(rows, method) {
  const runs = [];
  for (const { k } of rows.filter((row) => row.method === method)) {
    const last = runs.at(-1);
    if (last && last[1] === k - 1) last[1] = k;
    else runs.push([k, k]);
  }
  return runs.map(([a, b]) => (a === b ? `${a}` : `${a}–${b}`)).join(', ');
}

/**
 * The formats a result field's CLI row may declare (schema/results.mjs `cli: [label, format]`), each value → its
 * plain text: `probability` (`chance`: closer) with its "1 in N", `plain` a probability alone, `real1`/`real3` with that
 * many decimals, `list` a list's items.
 */
export const SHOWN = {
  text: (x) => String(x),
  int: formatInt,
  real1: (x) => formatReal(x, 1),
  real3: (x) => formatReal(x, 3),
  probability: (p) => `${formatProbabilityPlain(p)}   (${formatOneIn(p) || '—'})`,
  chance: (p) => `${formatProbabilityPlain(p)} (${formatOneIn(p) || '—'})`,
  plain: formatProbabilityPlain,
  flag: (x) => (x ? 'yes' : 'no'),
  list: (xs) => xs.join(', '),
};
