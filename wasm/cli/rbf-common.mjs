// Shared by the recycling-Bloom-filter commands (rbf, recommend): the variant of the filter, how the method ran.
import { kRuns } from '../format.mjs';

/**
 * "asymptotic (large-M), relative error ≤ 3.9e-13", "exact fill", or for a recommendation whose rows used both
 * "mixed: asymptotic (large-M) for k = 1–32, relative error ≤ 3.9e-13; exact fill for k = 33–40".
 */
export function describeMethod(r, formatBound) {
  if (r.method === 'mixed')
    return (
      `mixed: asymptotic (large-M) for k = ${kRuns(r.rows, 'asymptotic')}, relative error ≤ ${formatBound(r.errorBound)}; ` +
      `exact fill for k = ${kRuns(r.rows, 'exact')}`
    );
  return r.method === 'asymptotic' ? `asymptotic (large-M), relative error ≤ ${formatBound(r.errorBound)}` : 'exact fill';
}

/** "colliding, nonretaining" plus the non-default advanced choices. */
export function describeVariant(v, { phases = 1 } = {}) {
  const parts = [`${v.hashing} hashing`, v.recycling];
  if (v.recycling === 'retaining' && v.hashing === 'colliding') parts.push(`restart ${v.restart}`);
  if (phases === 2) parts.push(`swap ${v.swap}`);
  return parts.join(', ');
}
