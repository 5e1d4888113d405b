// Options shared by the recycling-Bloom-filter commands (rbf, recommend): the variant of the filter.
export const VARIANT_OPTIONS = {
  hashing: {
    type: 'string',
    valueName: 'colliding|distinct',
    description: 'Probes drawn with replacement (colliding, default) or k different bits',
  },
  recycling: {
    type: 'string',
    valueName: 'nonretaining|retaining',
    description: "On recycling, drop the recycling message (nonretaining, default) or keep its bits",
  },
  restart: {
    type: 'string',
    valueName: 'exact|eq10',
    description: "Retaining, colliding: the restart state from the message's own bits (exact, default) or 000 eq 10",
  },
  swap: {
    type: 'string',
    valueName: 'after|before',
    description: "Two phases: the frozen filter keeps the recycling message's bits (after, default) or not (before, eq 24)",
  },
};

/** How the recycling models are computed (docs/rbf.md#large-m). */
export const METHOD_OPTION = {
  method: {
    type: 'string',
    valueName: 'exact|asymptotic|auto',
    description: 'exact fill (M ≤ 2^24 bits per filter), the large-M method (M ≤ 2^40, with an error bound), or auto (default: exact up to 2^16 bits, large-M above)',
  },
};

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
 * "asymptotic (large-M), relative error ≤ 3.9e-13", "exact fill", or for a recommendation whose rows used both
 * "mixed: asymptotic (large-M) for k = 1–32, relative error ≤ 3.9e-13; exact fill for k = 33–40".
 */
export function describeMethod(r, formatBound) {
  if (r.method === 'mixed')
    return `mixed: asymptotic (large-M) for k = ${kRuns(r.rows, 'asymptotic')}, relative error ≤ ${formatBound(r.errorBound)}; ` +
      `exact fill for k = ${kRuns(r.rows, 'exact')}`;
  return r.method === 'asymptotic' ? `asymptotic (large-M), relative error ≤ ${formatBound(r.errorBound)}` : 'exact fill';
}

/** The variant fields of a parsed command line, unset ones left out (the API applies the defaults). */
export function variantOf(values) {
  const out = {};
  for (const key of Object.keys(VARIANT_OPTIONS)) if (values[key] !== undefined) out[key] = values[key];
  return out;
}

/** "colliding, nonretaining" plus the non-default advanced choices. */
export function describeVariant(v, { phases = 1 } = {}) {
  const parts = [`${v.hashing} hashing`, v.recycling];
  if (v.recycling === 'retaining' && v.hashing === 'colliding') parts.push(`restart ${v.restart}`);
  if (phases === 2) parts.push(`swap ${v.swap}`);
  return parts.join(', ');
}
