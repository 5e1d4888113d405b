// The recycling calculator's results (web/rbf.mjs): the recommender's per-k table and the best choice per rule, each
// number a link to its equation in docs/rbf.md.
import { formatInt, formatProbability, formatReal, kRuns } from '../wasm/format.mjs'; // kRuns: the same runs the CLI prints

/** Where the equations are explained; anchors are ids defined in that document. */
export const DOCS = 'docs/rbf.html';
export const ANCHORS = {
  onePhase: 'one-phase',
  twoPhase: 'two-phase',
  messages: 'expected-messages',
  nBounded: 'n-bounded',
  recommender: 'recommender',
};

export const RULES = [
  { key: 'onePhase', label: 'σ-bounded, one phase', unit: 'σ', anchor: ANCHORS.onePhase, color: '#0b5cad' },
  { key: 'twoPhase', label: 'σ-bounded, two phases', unit: 'σ', anchor: ANCHORS.twoPhase, color: '#7c3aed' },
  { key: 'worstCase', label: 'N-bounded, worst case (eq 1)', unit: 'N', anchor: ANCHORS.nBounded, color: '#c2410c' },
  { key: 'oracle', label: 'N-bounded, oracle (eq 2)', unit: 'N', anchor: ANCHORS.nBounded, color: '#16703a' },
  { key: 'lowerBound', label: 'N-bounded, lower bound (eq 3)', unit: 'N', anchor: ANCHORS.nBounded, color: '#4b5563' },
];

const href = (anchor) => `${DOCS}#${anchor}`;

export function numberLink(value, text, anchor, title) {
  const a = document.createElement('a');
  a.href = href(anchor);
  a.className = 'eq-link';
  a.title = title;
  a.textContent = text;
  a.dataset.value = String(value);
  // for the mouse: a keyboard reaches the same equations from the column headers, not through every number
  a.tabIndex = -1;
  return a;
}

function cell(row, rule, field, anchor, title, format) {
  const td = document.createElement('td');
  td.className = 'num';
  const choice = row[rule];
  const value = choice.feasible ? choice[field] : null;
  td.dataset.rule = rule;
  td.dataset.field = field;
  td.dataset.value = String(value);
  if (value === null) {
    td.textContent = '—';
    td.title = 'no threshold meets f*';
  } else {
    td.append(numberLink(value, format(value), anchor, title));
  }
  return td;
}

const integer = (x) => formatInt(x);
const capacity = (x) => formatReal(x, 1);

export function renderTable($, rec) {
  const tbody = $('rbf-tbody');
  tbody.replaceChildren();
  for (const row of rec.rows) {
    const tr = document.createElement('tr');
    tr.dataset.k = String(row.k);
    const th = document.createElement('th');
    th.scope = 'row';
    th.className = 'num';
    th.textContent = String(row.k);
    tr.append(
      th,
      cell(row, 'onePhase', 'threshold', ANCHORS.onePhase, 'largest σ with f¹_σ ≤ f* (000 eq 18)', integer),
      cell(row, 'onePhase', 'capacity', ANCHORS.messages, 'E[N₀] at that σ (000 eqs 20–23)', capacity),
      cell(row, 'twoPhase', 'threshold', ANCHORS.twoPhase, 'largest σ with f²_σ ≤ f* (000 eqs 24–26)', integer),
      cell(row, 'twoPhase', 'capacity', ANCHORS.messages, 'E[N₀] of the active filter (000 eqs 20–23)', capacity),
      cell(row, 'worstCase', 'threshold', ANCHORS.nBounded, 'largest N with f_w ≤ f* (000 eq 1)', integer),
      cell(row, 'oracle', 'threshold', ANCHORS.nBounded, 'largest N with f_o ≤ f* (000 eq 2)', integer),
      cell(row, 'lowerBound', 'threshold', ANCHORS.nBounded, 'largest N with f_a ≤ f* (000 eq 3)', integer),
    );
    const bestOf = RULES.filter(({ key }) => rec.best[key].feasible && rec.best[key].k === row.k).map(({ key }) => key);
    if (bestOf.length) {
      tr.dataset.best = bestOf.join(' ');
      for (const td of tr.querySelectorAll('td')) {
        if (!bestOf.includes(td.dataset.rule)) continue;
        td.classList.add('best');
        const mark = document.createElement('span');
        mark.className = 'visually-hidden';
        mark.textContent = ' (best k for this rule)';
        td.append(mark);
      }
    }
    tbody.append(tr);
  }
}

/** The status line's method note: every row's, or per k when the rows used both (`mixed`, docs/rbf.md). */
export function describeMethod(rec) {
  const bound = () => `relative error ≤ ${rec.errorBound.toExponential(1)}`;
  if (rec.method === 'mixed') return ` (large-M method for k = ${kRuns(rec.rows, 'asymptotic')}, ${bound()}; exact fill for k = ${kRuns(rec.rows, 'exact')})`;
  return rec.method === 'asymptotic' ? ` (large-M method, ${bound()})` : '';
}

function percent(x) {
  return `${x >= 0 ? '+' : '−'}${formatReal(Math.abs(100 * x), 1)}\u00a0%`; // never "+48.5" / "%"
}

export function renderSummary($, rec) {
  const list = $('rbf-summary');
  list.replaceChildren();
  for (const rule of RULES) {
    const b = rec.best[rule.key];
    const li = document.createElement('li');
    li.dataset.rule = rule.key;
    li.dataset.feasible = String(b.feasible);
    const name = document.createElement('a');
    name.href = href(rule.anchor);
    name.textContent = rule.label;
    li.append(name, ': ');
    if (!b.feasible) {
      const span = document.createElement('strong');
      span.className = 'infeasible';
      span.textContent = `infeasible — no k ≤ ${rec.rows.length} and no threshold reach f* = ${formatProbability(rec.p, 3)}`;
      li.append(span);
    } else {
      const put = (text, value, anchor, title) => li.append(numberLink(value, text, anchor, title));
      li.append('k = ');
      put(String(b.k), b.k, ANCHORS.recommender, 'best k for this rule (§V)');
      li.append(`, ${rule.unit} = `);
      put(formatInt(b.threshold), b.threshold, rule.anchor, 'largest threshold meeting f*');
      li.append(', ');
      put(formatReal(b.capacity, 2), b.capacity, rule.key.endsWith('Phase') ? ANCHORS.messages : ANCHORS.nBounded, 'expected messages per cycle');
      li.append(' messages per cycle, average FPR ');
      put(formatProbability(b.fpr, 4), b.fpr, rule.anchor, "the rule's average FPR at that threshold");
      if (rule.key !== 'worstCase') {
        li.append(' (');
        put(percent(b.gainOverWorstCase), b.gainOverWorstCase, ANCHORS.recommender, 'capacity / worst-case capacity − 1');
        li.append(' vs worst case)');
      }
    }
    list.append(li);
  }
  const one = rec.best.onePhase;
  const worst = rec.best.worstCase;
  const sentence = $('rbf-sentence');
  if (one.feasible && worst.feasible) {
    const loss = 1 - worst.capacity / one.capacity;
    sentence.dataset.value = String(loss);
    sentence.textContent =
      `Sizing by the worst case (eq 1) holds ${formatReal(100 * loss, 1)}\u00a0% fewer messages per cycle than recycling at σ ` +
      `(${formatReal(worst.capacity, 1)} vs ${formatReal(one.capacity, 1)}); the paper reports about 30\u00a0%. ` +
      `Equivalently, the σ-bounded filter stores ${formatReal(Math.abs(100 * one.gainOverWorstCase), 1)}\u00a0% ` +
      `${one.gainOverWorstCase >= 0 ? 'more' : 'fewer'}.`; // not "+48.5 % more"
  } else {
    sentence.dataset.value = 'null';
    sentence.textContent = 'No comparison with the worst-case rule: one of the two rules cannot meet f*.';
  }
}
