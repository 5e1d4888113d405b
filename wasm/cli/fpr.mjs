// `bloomcalc fpr`: every false-positive-rate formula side by side for one filter (m, n, k).
import { command, inputFor, inputOf } from './common.mjs';
import { formatInt, formatMemory, formatOneIn, formatPairs, formatProbabilityPlain, formatReal, formatRelativeErrorPlain, formatTable } from '../format.mjs';
import { layoutInput, renderLayoutFpr, renderLayoutSimulation, requireK, wantsLayout } from './layouts.mjs';
import { hashFloorPairs } from './libraries.mjs';
import { formulaRows, shownPairs } from './shown.mjs';

const REFERENCES = {
  exact: { colliding: '001 eqs 8, 17, 18', distinct: '000 eq 17 (k distinct probes)' },
  table: { colliding: '001 Fig. 1 + eq 17', distinct: 'set-bit chain, hypergeometric steps' },
};

export default command('fpr', {
  // Each variant reads its input's options and refuses the others by name (inputFor).
  compute(calc, values) {
    requireK(this, values);
    if (wantsLayout(values)) {
      if (!values.simulate) return calc.layoutFpr(inputFor(this, values, 'LayoutInput', { variant: 'fpr with a layout (without --simulate)' }));
      const input = inputFor(this, values, 'LayoutSimulationInput', { own: ['simulate'], variant: 'fpr --simulate' });
      return { ...calc.layoutFpr(layoutInput(values)), simulation: calc.simulateLayout(input) };
    }
    const report = calc.fpr(inputFor(this, values, 'FprInput', { own: ['table'], variant: 'fpr without a layout' }));
    if (!values.table) return report;
    return { ...report, exactTable: calc.exactFprTable(inputOf(values, 'FilterInput')) };
  },

  render(r) {
    if (r.layout !== undefined) return renderLayoutFpr(r) + (r.simulation ? renderLayoutSimulation(r.simulation) : '');
    const { hashing } = r;
    // one row per formula: its FPR, as "1 in N", its relative error against the exact mean and its source
    const row = (label, fpr, error, reference) => [
      label,
      formatProbabilityPlain(fpr),
      formatOneIn(fpr) || '—',
      error === undefined ? '—' : formatRelativeErrorPlain(error),
      reference,
    ];
    const rows = [['formula', 'FPR', '', 'rel. error vs exact', 'reference']];
    // the formula rows schema/results.mjs declares (FprReport's `cli.formula`), the table method's after the exact mean
    for (const [field, label, reference] of formulaRows('FprReport', r)) {
      if (field !== 'exact') rows.push(row(label, r[field], r.relativeError[field], reference));
      else rows.push(row(label, r.exact, undefined, reference ?? REFERENCES.exact[hashing]));
      if (field === 'exact' && r.exactTable !== undefined)
        rows.push(row('exact, table method', r.exactTable, (r.exactTable - r.exact) / r.exact, REFERENCES.table[hashing]));
    }
    const header =
      `m = ${formatInt(r.m)} bits (${formatMemory(Math.ceil(r.m / 8))}), n = ${formatInt(r.n)} items, ` +
      `k = ${r.k} hashes, ${hashing} hashing, ${formatReal(r.bitsPerElement, 3)} bits/element`;
    const pairs = [...shownPairs('FprReport', r), ...hashFloorPairs(r.hashFloor)];
    return `${header}\n\n${formatTable(rows, 'lrlrl')}\n${pairs.length ? `\n${formatPairs(pairs)}\n` : ''}`;
  },
});
