// Every calculator's markup, by calculator name, in the element's entry: <bloom-calc> puts its calculator's cards
// in its shadow root the moment it is defined — in the same task, before the calculator's code and WebAssembly
// module arrive —, so the element takes its settled size at once and the page below it never moves (issue 19,
// "No layout shift"; the result areas hold placeholders of their final shape, element.css). The calculators'
// modules take their `template` from here: one copy of each.
import cbf from './calculators/cbf.html';
import layouts from './calculators/layouts.html';
import libraries from './calculators/libraries.html';
import paradox from './calculators/paradox.html';
import recycling from './calculators/recycling.html';
import overflow from './calculators/overflow.html';
import scalable from './calculators/scalable.html';
import sizing from './calculators/sizing.html';
import state from './calculators/state.html';
import window from './calculators/window.html';
import {
  CBF_FIELDS,
  FORMULAS_FIELDS,
  LAYOUTS_FIELDS,
  LIBRARIES_FIELDS,
  OVERFLOW_FIELDS,
  PARADOX_FIELDS,
  RECYCLING_FIELDS,
  SCALABLE_FIELDS,
  SIMULATE_FIELDS,
  SIZING_FIELDS,
  STATE_FIELDS,
  WINDOW_FIELDS,
} from './fields.generated.mjs';

/** The element that starts at `start` in `html`, up to its matching close tag (nested tags of the same name counted). */
function cut(html, start) {
  const from = html.indexOf(start);
  if (from < 0) throw new Error(`template: ${start} not found`);
  const tag = start.match(/^<(\w+)/)[1];
  const re = new RegExp(`<${tag}[\\s>]|</${tag}>`, 'g');
  re.lastIndex = from + 1;
  let depth = 1;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    depth += m[0].startsWith('</') ? -1 : 1;
    if (depth === 0) return html.slice(from, m.index + m[0].length);
  }
  throw new Error(`template: ${start} is not closed`);
}

// Placeholders of a result's final shape (invisible: .ph), generated here rather than written out (the embed size
// budget): `n` table rows of representative cells, `n` list items of a representative line. The calculator's
// first result replaces them (its rows and items are of the same kind: the same cells, as long).
const rows = (n, cells, head = '') => `<tr class="ph">${head}${cells.map((c) => `<td>${c}</td>`).join('')}</tr>`.repeat(n);
const items = (n, text) => `<li class="ph">${text}</li>`.repeat(n);
const withPlaceholders = (html, marks) =>
  Object.entries(marks).reduce((out, [mark, text]) => {
    if (!out.includes(`<!-- placeholder ${mark} -->`)) throw new Error(`template: no placeholder ${mark}`);
    return out.replace(`<!-- placeholder ${mark} -->`, text);
  }, html);
const fpr = '9.998 × 10⁻³';
const ph = (text) => `<span class="ph">${text}</span>`;

// Every calculator's fields generated from their schema entries (web/fields.generated.mjs: id, URL key, choices)
// rather than written out: one definition, and fewer bytes in the entry (the embed size budget). rows: attribute →
// [label, hint (text field; '' an empty one) or [[value, text], …] (select: its options, each one of the field's
// choices), { attribute: value } of the control (error: false, no error line)]. form-fields.mjs shows an error in
// <id>-error.
const label = (symbol, words) => `${symbol ? `${symbol} ` : ''}<span class="label-text">${words}</span>`;
// The rows of the fields a schema group declares with their label ([symbol, words], schema/fields.mjs `pages`), placed
// where the calculator places the group (as schema/calculators.mjs does with pagesOf).
const groupRows = (fields) =>
  Object.fromEntries(
    Object.entries(fields)
      .filter(([, f]) => f.label)
      .map(
        ([
          attr,
          {
            label: [symbol, words],
          },
        ]) => [attr, [label(`<var>${symbol}</var>`, words)]],
      ),
  );
const attributes = (o) =>
  Object.entries(o)
    .map(([name, value]) => ` ${name}="${value}"`)
    .join('');
const formFields = (fields, rows) =>
  Object.entries(rows)
    .map(([attr, [text, more, { error = true, ...own } = {}]]) => {
      const { id, url = attr, choices } = fields[attr];
      const select = Array.isArray(more);
      const hint = !select && more !== undefined;
      const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
      const control = attributes({ id, name: attr, ...(select ? {} : { type: 'text' }), ...(described ? { 'aria-describedby': described } : {}), ...own });
      const options =
        select &&
        more
          .map(([value, words]) => {
            if (!choices.includes(value)) throw new Error(`template: ${id} offers ${value}, not one of ${choices}`);
            return `<option value="${value}">${words}</option>`;
          })
          .join('');
      return (
        `<div class="field" data-field="${url}"><label for="${id}">${text}</label>` +
        (select ? `<select${control}>${options}</select>` : `<input${control}>`) +
        (hint ? `<p class="hint" id="${id}-hint">${more}</p>` : '') +
        (error ? `<p class="field-error" id="${id}-error" role="alert" hidden></p>` : '') +
        '</div>'
      );
    })
    .join('');
// The rows of a form generated from its fields' declarations (schema/calculators.mjs: label, hint, placeholder, numeric,
// options, error), those `pick` takes: a text field's label [symbol, words] and hint (examples, or markup); a select's
// label (markup) and options ([value, text]; undeclared: the choices). A new field of a generated form needs no edit here.
const formRows = (fields, pick = () => true) =>
  Object.fromEntries(
    Object.entries(fields)
      .filter(([, f]) => f.label && pick(f))
      .map(([attr, f]) => {
        const { label: text, hint, placeholder, numeric, options, choices, error } = f;
        const own = error === false ? { error } : {};
        if (choices) return [attr, [text, options ?? choices.map((c) => [c, c]), own]];
        const more = { inputmode: numeric ? 'numeric' : 'text', ...(placeholder ? { 'data-placeholder': placeholder } : {}), ...own };
        return [
          attr,
          [
            Array.isArray(text) ? label(`<var>${text[0]}</var>`, text[1]) : text,
            Array.isArray(hint) ? hint.map((h) => `<code>${h}</code>`).join(' ') : hint,
            more,
          ],
        ];
      }),
  );
const texts = (f) => !f.choices;
const selects = (f) => f.choices;
const hashing = [
  'Hashing',
  [
    ['colliding', 'colliding (with replacement)'],
    ['distinct', 'distinct (k different bits)'],
  ],
];
const alphaLabel = label('<var>α</var>', 'W<sub>FN</sub> / W<sub>FP</sub>');
const hashWidth = [
  ['none', 'none'],
  ['32', '32 bits'],
  ['64', '64 bits'],
];
// formulas and simulate show the sizing filter's m, n, k and hashing (schema/calculators.mjs `shares`): sizing's rows
const sizingRows = (fields, pick) => {
  const rows = formRows(SIZING_FIELDS, pick);
  return Object.fromEntries(
    Object.keys(fields)
      .filter((attr) => rows[attr])
      .map((attr) => [attr, rows[attr]]),
  );
};
const inputsCard = (title, fields) => `<section class="card inputs" part="card" aria-labelledby="inputs-title">
  <h2 id="inputs-title">${title}</h2>
  <form id="form" novalidate autocomplete="off" spellcheck="false">
    <div class="text-fields">${formFields(fields, sizingRows(fields, texts))}</div>
    <div class="selects">${formFields(fields, sizingRows(fields, selects))}</div>
  </form>
  <p class="general-error" id="general-error" data-testid="general-error" role="alert" hidden></p>
</section>`;
// A Simulate panel's run controls (web/sim-panel.mjs): text inputs P-<name> ([name, label, start value, numeric:
// a whole number's keyboard]), each described by its error line (P-<name>-error, or the panel's one: `error`),
// then the run and cancel buttons.
const simControls = (prefix, inputs, error) =>
  inputs
    .map(([name, words, value, numeric]) => {
      const id = `${prefix}-${name}`;
      const attributes = `type="text"${numeric ? ' inputmode="numeric"' : ''} value="${value}" aria-describedby="${error ?? `${id}-error`}"`;
      return `<label>${words} <input id="${id}" data-testid="${id}" ${attributes}></label>`;
    })
    .join('') +
  `<button type="button" class="sim-button" id="${prefix}-run" data-testid="${prefix}-run" disabled>Simulate</button>` +
  `<button type="button" id="${prefix}-cancel" data-testid="${prefix}-cancel" hidden>Cancel</button>`;
const interval = '97,048 [96,901, 97,195]';

export const TEMPLATES = {
  sizing: withPlaceholders(sizing, {
    fields: formFields(SIZING_FIELDS, formRows(SIZING_FIELDS, texts)),
    selects: formFields(SIZING_FIELDS, formRows(SIZING_FIELDS, selects)),
  }),
  formulas: `<div class="layout">${inputsCard('Filter', FORMULAS_FIELDS)}${cut(sizing, '<section class="card formulas"')}</div>`,
  simulate: `<div class="layout">${inputsCard('Filter to simulate', SIMULATE_FIELDS)}<section class="card sim-card" part="card"
  id="simulate-card" data-testid="simulate-card">
  <h2>Simulation against the exact mean</h2>
  <p class="help">The real filter in a worker, <var>epochs</var> independent runs; the exact mean FPR (001 eq 17) should lie in the interval.
    <button type="button" class="sim-button" id="sim-run" data-testid="sim-run" disabled>Simulate</button></p>
  ${cut(sizing, '<div class="sim" id="sim"').replace('<h3>Simulation: the real filter</h3>', '')}</section></div>`,
  paradox: withPlaceholders(paradox, {
    // web/paradox.mjs
    fields: formFields(PARADOX_FIELDS, {
      prior: [label('<var>P</var>', 'prior Pr(x ∈ S)'), '<code>1e-6</code> <code>1 in 1000</code> <code>0.1%</code>'],
      alpha: [alphaLabel, 'cost of a false negative / false positive'],
      bpe: [label('<var>m</var>/<var>n</var>', 'bits per element'), 'F = (1/2)<sup>ln2·m/n</sup>; or give F'],
      fpr: [label('<var>F</var>', 'filter FPR'), 'instead of bits per element', { placeholder: 'e.g. 1e-3' }],
    }),
    // web/paradox-sim.mjs
    controls: simControls(
      'pxsim',
      [
        ['n', '<var>n</var> members', '8', true],
        ['epochs', 'epochs', '2000', true],
        ['queries', 'queries per epoch', '1000'],
        ['seed', 'seed', '1', true],
      ],
      'pxsim-error',
    ),
  }),
  cbf: withPlaceholders(cbf, {
    // web/cbf.mjs
    fields: formFields(CBF_FIELDS, {
      counters: ['<span class="label-text">counters</span> <var>c</var><sub>1</sub>,…,<var>c</var><sub>k</sub>', 'comma-separated'],
      m: [label('<var>m</var>', 'counters in the CBF'), ''],
      n: [label('<var>n</var>', 'elements'), ''],
      k: [label('<var>k</var>', 'hash functions'), ''],
      prior: [label('<var>P</var>', 'prior'), ''],
      alpha: [alphaLabel, ''],
    }),
  }),
  layouts: withPlaceholders(layouts, {
    // web/layouts.mjs
    fields: formFields(LAYOUTS_FIELDS, {
      n: [label('<var>n</var>', 'items')],
      p: [label('<var>p</var>', 'target FPR')],
      layout: [
        'Layout',
        [
          ['rocksdb', 'RocksDB FastLocalBloom (B = 512)'],
          ['parquet', 'Parquet / Arrow / Impala / Kudu split block'],
          ['boost-block', 'Boost.Bloom block&lt;uint64_t, K&gt;'],
          ['boost-multiblock', 'Boost.Bloom multiblock&lt;uint64_t, K&gt;'],
          ['blocked', 'Blocked, block of B bits'],
          ['split-block', 'Split block, block of B bits'],
          ['partitioned', 'Partitioned (k slices)'],
          ['standard', 'Standard (textbook)'],
        ],
        { 'data-testid': 'ly-choice' },
      ],
      ...groupRows(LAYOUTS_FIELDS),
      k: [label('<var>k</var>', 'hash functions'), undefined, { inputmode: 'numeric', placeholder: 'best' }],
      'hash-bits': ['Hash width', hashWidth],
    }),
    // web/layouts.mjs: what-if n, the libraries' approximations, one row per layout of the default choice
    'what-if': items(3, `0.5× n (500k items): ${fpr}`),
    approximations: items(
      4,
      `Boost.Bloom block (fpr_estimation): ${fpr} (−0.918 % vs exact)<span class="ref">Σ Pois(i; nB/m)·(1 − (1 − 1/B)<sup>ki</sup>)<sup>k</sup> ` +
        `(Boost.Bloom, Appendix A: FPR estimation)</span>`,
    ),
    rows: rows(6, ['Boost.Bloom multiblock&lt;uint64_t, K&gt;', '9,918,464 (1.182 MiB)', '6', '9.92', fpr, '3.4 %', 'putze-eq3 −1.33 %, boost-block −0.918 %']),
  }),
  recycling: withPlaceholders(recycling, {
    // web/rbf.mjs (its curve's k is a select of its own, filled with 1..kmax)
    fields: formFields(RECYCLING_FIELDS, {
      m: [label('<var>M</var>', 'memory, bits'), '<code>1000</code> <code>8Kib</code> <code>64KiB</code>; ≤ 2<sup id="rbf-m-max">24</sup>'],
      p: [label('<var>f</var>*', 'target average FPR'), '<code>1%</code> <code>1e-3</code> <code>1 in 1000</code>'],
      kmax: [label('<var>k</var><sub>max</sub>', 'largest k tried'), '1–64; ≤ 32 above 2<sup>24</sup> bits', { inputmode: 'numeric' }],
      hashing,
      recycling: [
        'Recycling',
        [
          ['nonretaining', 'non-retaining (drop the recycling message)'],
          ['retaining', 'retaining (keep its bits)'],
        ],
      ],
    }),
    advanced: formFields(RECYCLING_FIELDS, {
      restart: [
        label('Restart law', '(retaining, colliding)'),
        [
          ['exact', "exact (the message's own bits)"],
          ['eq10', 'eq 10 (a fresh message)'],
        ],
      ],
      swap: [
        label('Swap point', '(two phases)'),
        [
          ['after', 'after (frozen keeps the recycling message)'],
          ['before', 'before (eq 24)'],
        ],
      ],
    }),
    // web/rbf.mjs's simulate panel (web/simulate.mjs)
    controls: simControls('rsim', [
      ['epochs', 'epochs', '20', true],
      ['arrivals', 'arrivals per epoch', '1M'],
      ['seed', 'seed', '1', true],
    ]),
    sigma: formFields(RECYCLING_FIELDS, {
      sigma: [label('Check a threshold <var>σ</var>', 'bits, at the plotted k, one phase'), '0 ≤ σ &lt; M (σ ≥ k when retaining)', { inputmode: 'numeric' }],
    }),
    // web/rbf.mjs: a best choice per rule (5), a row per k = 1..kmax (32, the default)
    summary: items(5, `σ-bounded, two phases: k = 7, σ = 251, 50.44 messages per cycle, average FPR ${fpr} (−52.0 % vs worst case)`),
    rows: rows(32, Array(7).fill('1,000'), '<th class="num">32</th>'),
  }),
  libraries: withPlaceholders(libraries, {
    fields: formFields(LIBRARIES_FIELDS, {
      n: [label('<var>n</var>', 'items')],
      p: [label('<var>p</var>', 'target FPR')],
      'hash-bits': [
        'Hash width',
        [
          ['64', "64 bits (the libraries' own)"],
          ['32', '32 bits'],
        ],
      ],
      library: [
        'Details for',
        [
          ['guava', 'Guava'],
          ['redisbloom', 'RedisBloom BF.RESERVE'],
          ['bloom-filters', 'bloom-filters (npm)'],
          ['hive', 'Hive / ORC'],
          ['clickhouse', 'ClickHouse bloom_filter'],
          ['hurst', 'hur.st calculator'],
          ['parquet', 'Parquet writer (parquet-java)'],
          ['parquet-spec', 'Parquet spec table'],
          ['arrow', 'Arrow C++'],
          ['rocksdb', 'RocksDB'],
          ['boost-block', 'Boost.Bloom block'],
          ['boost-multiblock', 'Boost.Bloom multiblock'],
        ],
      ],
    }),
    // web/libraries.mjs: a row per library (bc.libraries(): their labels set the columns' widths), the picked one's details
    rows: [
      'Guava BloomFilter.create',
      'RedisBloom BF.RESERVE … NONSCALING',
      'bloom-filters (npm) BloomFilter.create',
      'Hive / ORC BloomFilter',
      'ClickHouse bloom_filter index',
      'hur.st Bloom filter calculator',
      'Parquet writer (parquet-java)',
      'Parquet format spec table',
      'Arrow C++ (parquet) BlockSplitBloomFilter',
      'RocksDB FastLocalBloom (format_version 5)',
      'Boost.Bloom filter&lt;T, 1, block&lt;uint64_t, K&gt;&gt;',
      'Boost.Bloom filter&lt;T, 1, multiblock&lt;uint64_t, K&gt;&gt;',
    ]
      .map((library) => rows(1, [library, '9,585,088', '7', '1.143 MiB', '9.585', fpr, 'missed (×1.004)', '—']))
      .join(''),
    details: `<span class="ph">${'Guava BloomFilter.create: m = 64·⌈(long)(−n ln p / ln²2) / 64⌉, k = max(1, round(−ln p / ln 2)). '.repeat(4)}</span>`,
  }),
  scalable: withPlaceholders(scalable, {
    // web/scalable.mjs
    fields: formFields(SCALABLE_FIELDS, {
      p: [label('<var>p</var>', 'error bound')],
      capacity: [label('<var>C</var>', "first link's capacity")],
      n: [label('<var>n</var>', 'items in the chain')],
      ratio: [label('<var>R</var>', 'tightening ratio')],
      growth: [label('<var>S</var>', 'growth (EXPANSION)')],
      library: [
        'Links sized by',
        [
          ['redisbloom', 'RedisBloom'],
          ['guava', 'Guava'],
          ['bloom-filters', 'bloom-filters (npm)'],
          ['hive', 'Hive / ORC'],
          ['hurst', 'hur.st'],
          ['arrow', 'Arrow C++'],
          ['rocksdb', 'RocksDB'],
          ['boost-multiblock', 'Boost.Bloom multiblock'],
        ],
      ],
    }),
  }),
  window: withPlaceholders(window, {
    // web/window.mjs
    fields: formFields(WINDOW_FIELDS, {
      w: [label('<var>W</var>', 'window (messages)'), '≤ 2^36'],
      p: [label('<var>p</var>', 'target average FPR'), 'e.g. 0.1%'],
      delta: [label('<var>δ</var>', 'P(cycle &lt; <var>W</var>), σ rule'), 'default 1e-6'],
    }),
  }),
  state: withPlaceholders(state, {
    // web/state.mjs
    fields: formFields(STATE_FIELDS, {
      m: [label('<var>m</var>', 'bits')],
      k: [label('<var>k</var>', 'hash functions')],
      'bits-set': [label('<var>X</var>', 'bits set')],
      p: [label('<var>p</var>', 'target FPR'), 'optional'],
      'bits-set-b': [label('<var>X</var><sub>B</sub>', 'set in B'), 'optional'],
      union: [label('<var>X</var><sub>A∪B</sub>', 'set in A OR B'), 'optional'],
    }),
    selects: formFields(STATE_FIELDS, { hashing }),
    n: ph(interval),
    union: ph(interval),
    intersection: ph(interval),
  }),
  overflow: withPlaceholders(overflow, {
    // web/overflow.mjs
    fields: formFields(OVERFLOW_FIELDS, {
      m: [label('<var>m</var>', 'counters')],
      n: [label('<var>n</var>', 'items')],
      k: [label('<var>k</var>', 'hash functions')],
      bits: [label('<var>b</var>', 'bits per counter')],
      target: [label('', 'target P(overflow)'), 'optional'],
    }),
    bounds: ph('[8.224 × 10⁻¹¹, 8.224 × 10⁻¹¹] (poisson)'),
    bits: ph('b = 5, P = 2.128 × 10⁻³⁵'),
  }),
};

/** The template of a calculator declaring its `markup` (schema/calculators.mjs; npm run new-calculator's): it, with its form
 * generated, and each `<!-- placeholder rows N: cell|cell|… -->` as N invisible rows of those cells (its result's shape). */
export const markupTemplate = (html, fields) =>
  withPlaceholders(html, { fields: formFields(fields, formRows(fields)) }).replace(/<!-- placeholder rows (\d+): (.*?) -->/g, (_, n, cells) =>
    rows(Number(n), cells.split('|')),
  );

/** A calculator of <bloom-calc> (web/element-base.mjs): its name, its template above, and its fields, mount, …. */
export const withTemplate = (name, def) => ({ name, template: TEMPLATES[name], ...def });
