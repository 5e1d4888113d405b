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
import scalable from './calculators/scalable.html';
import sizing from './calculators/sizing.html';
import window from './calculators/window.html';

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
  scalable,
  window,
};
