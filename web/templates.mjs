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
import { OVERFLOW_FIELDS, SCALABLE_FIELDS, STATE_FIELDS, WINDOW_FIELDS } from './fields.generated.mjs';

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

// formulas and simulate: the sizing calculator's fields m, n, k, hashing, its formulas card and its simulate
// panel, cut out of web/calculators/sizing.html (one copy of each).
const field = (name) => cut(sizing, `<div class="field" data-field="${name}">`);
const inputsCard = (title) => `<section class="card inputs" aria-labelledby="inputs-title">
  <h2 id="inputs-title">${title}</h2>
  <form id="form" novalidate autocomplete="off" spellcheck="false">
    <div class="text-fields">${field('m')}${field('n')}${field('k')}</div>
    <div class="selects">${field('hashing')}</div>
  </form>
  <p class="general-error" id="general-error" data-testid="general-error" role="alert" hidden></p>
</section>`;

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

// Text fields generated from their schema entries (web/fields.generated.mjs: id px-<URL key>, the attribute as
// the input's name) rather than written out: one definition, and fewer bytes in the entry (the embed size
// budget). labels: attribute → [symbol, words, hint]; form-fields.mjs shows an error in px-<URL key>-error.
const textFields = (fields, labels) =>
  Object.entries(labels).map(([attr, [symbol, words, hint]]) => {
    const { id } = fields[attr];
    const hintLine = hint ? `<p class="hint" id="${id}-hint">${hint}</p>` : '';
    return `<div class="field" data-field="${fields[attr].url}"><label for="${id}">${symbol ? `${symbol} ` : ''}<span class="label-text">${words}</span></label>`
      + `<input id="${id}" name="${attr}" type="text" aria-describedby="${hint ? `${id}-hint ` : ''}${id}-error">${hintLine}`
      + `<p class="field-error" id="${id}-error" role="alert" hidden></p></div>`;
  }).join('');
const interval = '97,048 [96,901, 97,195]';

export const TEMPLATES = {
  sizing,
  formulas: `<div class="layout">${inputsCard('Filter')}${cut(sizing, '<section class="card formulas"')}</div>`,
  simulate: `<div class="layout">${inputsCard('Filter to simulate')}<section class="card sim-card" id="simulate-card" data-testid="simulate-card">
  <h2>Simulation against the exact mean</h2>
  <p class="help">The real filter in a worker, <var>epochs</var> independent runs; the exact mean FPR (001 eq 17) should lie in the interval.
    <button type="button" class="sim-button" id="sim-run" data-testid="sim-run" disabled>Simulate</button></p>
  ${cut(sizing, '<div class="sim" id="sim"').replace('<h3>Simulation: the real filter</h3>', '')}</section></div>`,
  paradox,
  cbf,
  layouts: withPlaceholders(layouts, {
    // web/layouts.mjs: what-if n, the libraries' approximations, one row per layout of the default choice
    'what-if': items(3, `0.5× n (500k items): ${fpr}`),
    approximations: items(4, `Boost.Bloom block (fpr_estimation): ${fpr} (−0.918 % vs exact)<span class="ref">Σ Pois(i; nB/m)·(1 − (1 − 1/B)<sup>ki</sup>)<sup>k</sup> (Boost.Bloom, Appendix A: FPR estimation)</span>`),
    rows: rows(6, ['Boost.Bloom multiblock&lt;uint64_t, K&gt;', '9,918,464 (1.182 MiB)', '6', '9.92', fpr, '3.4 %', 'putze-eq3 −1.33 %, boost-block −0.918 %']),
  }),
  recycling: withPlaceholders(recycling, {
    // web/rbf.mjs: a best choice per rule (5), a row per k = 1..kmax (32, the default)
    summary: items(5, `σ-bounded, two phases: k = 7, σ = 251, 50.44 messages per cycle, average FPR ${fpr} (−52.0 % vs worst case)`),
    rows: rows(32, Array(7).fill('1,000'), '<th class="num">32</th>'),
  }),
  libraries: withPlaceholders(libraries, {
    // web/libraries.mjs: a row per library (bc.libraries(): their labels set the columns' widths), the picked one's details
    rows: [
      'Guava BloomFilter.create', 'RedisBloom BF.RESERVE … NONSCALING', 'bloom-filters (npm) BloomFilter.create', 'Hive / ORC BloomFilter',
      'ClickHouse bloom_filter index', 'hur.st Bloom filter calculator', 'Parquet writer (parquet-java)', 'Parquet format spec table',
      'Arrow C++ (parquet) BlockSplitBloomFilter', 'RocksDB FastLocalBloom (format_version 5)', 'Boost.Bloom filter&lt;T, 1, block&lt;uint64_t, K&gt;&gt;',
      'Boost.Bloom filter&lt;T, 1, multiblock&lt;uint64_t, K&gt;&gt;',
    ].map((library) => rows(1, [library, '9,585,088', '7', '1.143 MiB', '9.585', fpr, 'missed (×1.004)', '—'])).join(''),
    details: `<span class="ph">${'Guava BloomFilter.create: m = 64·⌈(long)(−n ln p / ln²2) / 64⌉, k = max(1, round(−ln p / ln 2)). '.repeat(4)}</span>`,
  }),
  scalable: withPlaceholders(scalable, {
    // web/scalable.mjs
    fields: textFields(SCALABLE_FIELDS, {
      p: ['<var>p</var>', 'error bound'],
      capacity: ['<var>C</var>', "first link's capacity"],
      n: ['<var>n</var>', 'items in the chain'],
      ratio: ['<var>R</var>', 'tightening ratio'],
      growth: ['<var>S</var>', 'growth (EXPANSION)'],
    }),
  }),
  window: withPlaceholders(window, {
    // web/window.mjs
    fields: textFields(WINDOW_FIELDS, {
      w: ['<var>W</var>', 'window (messages)', '≤ 2^36'],
      p: ['<var>p</var>', 'target average FPR', 'e.g. 0.1%'],
      delta: ['<var>δ</var>', 'P(cycle &lt; <var>W</var>), σ rule', 'default 1e-6'],
    }),
  }),
  state: withPlaceholders(state, {
    // web/state.mjs
    fields: textFields(STATE_FIELDS, {
      m: ['<var>m</var>', 'bits'],
      k: ['<var>k</var>', 'hash functions'],
      'bits-set': ['<var>X</var>', 'bits set'],
      p: ['<var>p</var>', 'target FPR', 'optional'],
      'bits-set-b': ['<var>X</var><sub>B</sub>', 'set in B', 'optional'],
      union: ['<var>X</var><sub>A∪B</sub>', 'set in A OR B', 'optional'],
    }),
    n: ph(interval),
    union: ph(interval),
    intersection: ph(interval),
  }),
  overflow: withPlaceholders(overflow, {
    // web/overflow.mjs
    fields: textFields(OVERFLOW_FIELDS, {
      m: ['<var>m</var>', 'counters'],
      n: ['<var>n</var>', 'items'],
      k: ['<var>k</var>', 'hash functions'],
      bits: ['<var>b</var>', 'bits per counter'],
      target: ['', 'target P(overflow)', 'optional'],
    }),
    bounds: ph('[8.224 × 10⁻¹¹, 8.224 × 10⁻¹¹] (poisson)'),
    bits: ph('b = 5, P = 2.128 × 10⁻³⁵'),
  }),
};
