// The calculators of <bloom-calc>, each declared once: everything that registers a calculator is generated from
// this table or iterates it (web/calculators.generated.mjs: the element's registry, its WebAssembly module, the docs
// pages it links; the test lists covering every calculator). Per calculator:
//   title    what it answers, in a few words
//   methods  the API methods it computes with; its WebAssembly module is theirs (schema/methods.mjs `module`), or
//   module   where they differ, the one its page loads (its first-result worker's: the simulate calculator's, 'sim')
//   code     web/<file> and the name of its export ({ fields, mount, … }: web/element-base.mjs)
//   docs     the docs pages its markup links (href="docs/<page>", shipped beside the element)
//   markup   (optional) web/calculators/<markup>: its template, with its generated form at <!-- placeholder fields -->
//            (a calculator without it has its template built in web/templates.mjs)
//   prefix   its URL keys' prefix: a field's key is prefix + attribute unless it declares `url`; no key is another
//            calculator's or the page's (PAGE_KEYS) but where a calculator declares it shares one's keys (`shares`:
//            formulas and simulate show the sizing filter's m, n, k, hashing; cbf paradox's α) — tests/js/calculators.test.mjs
//   fields   each field's attribute (the API field's name in kebab case: maxBytes → max-bytes), its key in the page
//            URL (url), its start value on the page (default; none: empty), older attribute names (older) and URL
//            keys (urlOlder), and the id of its control in the calculator's template (`id`: a pattern of {attr} and
//            {url}, per calculator or per field). The fields are those of the calculator's methods' inputs
//            (schema/inputs.mjs), in the order the form shows them. A calculator whose form is generated (sizing;
//            web/templates.mjs formRows) declares each control: label ([symbol, words] for a text field, or markup),
//            hint (examples, or markup), placeholder, numeric (a numeric keyboard), options (a select's [value, text] in order),
//            error: false (no error line); a field of a calculator sharing another's keys shows that one's control.
import { layoutFields, pagesOf } from './fields.mjs';
import { INPUTS } from './inputs.mjs';
import { METHODS } from './methods.mjs';
import { kebab } from './names.mjs';

/** The page's own URL keys (web/app.mjs): no calculator's. */
export const PAGE_KEYS = ['embed'];

// The page (web/index.html, written by scripts/page-markup.mjs): a calculator declaring `page` is on it, in the
// navigation under its group (PAGE_GROUPS, in their order; then in the order declared here), its link the question a
// visitor brings and the title the line beneath; its element's id is `<name>-calc`, the link's fragment.
export const PAGE_GROUPS = { size: 'Sizing', stream: 'Streams', use: 'Filters in use', trust: 'Trusting a positive' };

export const CALCULATORS = {
  sizing: {
    page: { group: 'size', question: 'Size a filter', title: 'bits and hashes for n items at a rate p' },
    title: 'Size a filter',
    code: ['sizing.mjs', 'calculator'],
    docs: ['models.html'],
    prefix: '',
    methods: ['size'],
    id: '{attr}',
    // its form, generated from the labels (web/templates.mjs, formRows): the text fields, then the selects
    fields: {
      n: { label: ['n', 'items'], hint: ['1M', '1Mi', '2^20', '1e6'], placeholder: 'items, e.g. 1M' },
      p: { label: ['p', 'false-positive rate'], hint: ['1%', '1e-3', '1 in 1000'], placeholder: 'target, e.g. 1%' },
      m: { label: ['m', 'bits'], hint: ['8192', '64KiB', '2Gb'], placeholder: 'size, e.g. 64KiB' },
      k: { label: ['k', 'hash functions'], hint: '1–64; empty: optimal', placeholder: 'e.g. 7', numeric: true },
      rounding: {
        default: 'none',
        label: 'Round <var>m</var>',
        options: [
          ['none', 'no rounding'],
          ['word64', 'up to a multiple of 64 bits'],
          ['pow2', 'up to a power of two'],
        ],
      },
      method: {
        default: 'classic',
        label: 'Size by',
        options: [
          ['classic', 'classic formula'],
          ['exact', 'exact mean FPR'],
        ],
      },
      hashing: {
        default: 'colliding',
        label: 'Hashing',
        options: [
          ['colliding', 'colliding (with replacement)'],
          ['distinct', 'distinct (k different bits)'],
        ],
      },
      hashBits: {
        url: 'hash',
        default: 'none',
        label: 'Hash width',
        options: [
          ['none', 'none'],
          ['32', '32 bits'],
          ['64', '64 bits'],
        ],
        error: false,
      },
    },
  },
  formulas: {
    title: 'The FPR of a filter, formula by formula',
    code: ['formulas.mjs', 'formulas'],
    docs: ['models.html'],
    prefix: '',
    shares: 'sizing',
    methods: ['fpr'],
    id: '{attr}',
    fields: { m: {}, n: {}, k: {}, hashing: { default: 'colliding' } },
  },
  simulate: {
    title: 'Simulate a filter against the exact mean',
    code: ['formulas.mjs', 'simulate'],
    docs: ['models.html'],
    prefix: '',
    shares: 'sizing',
    methods: ['fpr', 'simulateLayout'],
    module: 'sim', // fpr on the page and the simulation in its worker, both in bloomcalc.sim.wasm
    id: '{attr}',
    fields: {
      m: {},
      n: {},
      k: {},
      hashing: { default: 'colliding' },
      epochs: { id: 'sim-epochs', default: '20' },
      seed: { id: 'sim-seed', default: '1' },
      hashScheme: { id: 'sim-scheme', default: 'ideal', older: ['scheme'], urlOlder: ['scheme'] },
    },
  },
  layouts: {
    page: { group: 'size', question: 'Block layouts', title: 'blocked, split-block: RocksDB, Parquet, Boost' },
    title: 'Block layouts: the filters people deploy',
    code: ['layouts.mjs', 'calculator'],
    docs: ['layouts.html'],
    prefix: 'l',
    methods: ['layoutSize'],
    id: 'px-{url}',
    fields: {
      n: { url: 'ln', default: '1M' },
      p: { url: 'lp', default: '1%' },
      layout: { url: 'lc', default: 'rocksdb' },
      ...pagesOf('layouts', layoutFields),
      k: { url: 'lk' },
      hashBits: { url: 'lhash', default: 'none' },
    },
  },
  libraries: {
    page: { group: 'size', question: "A library's sizing", title: 'what each allocates, the rate it really gives' },
    title: 'What each library really allocates',
    code: ['libraries.mjs', 'calculator'],
    docs: ['libraries.html', 'hash-width.html'],
    prefix: 'lib',
    methods: ['librarySize'],
    id: 'px-{url}',
    fields: {
      n: { url: 'libn', default: '1M' },
      p: { url: 'libp', default: '1%' },
      hashBits: { url: 'libhash', default: '64' },
      library: { url: 'liblib', default: 'guava' },
    },
  },
  scalable: {
    page: { group: 'size', question: 'A filter that grows', title: 'scalable filters: what the chain delivers' },
    title: 'Scalable filters: what the chain delivers',
    code: ['scalable.mjs', 'calculator'],
    docs: ['scalable.html'],
    prefix: 's',
    methods: ['scalable'],
    id: 'px-{url}',
    // RedisBloom's defaults (R = 0.5, S = 2) at a real scale
    fields: {
      p: { url: 'sp', default: '1%' },
      capacity: { url: 'scap', default: '100k' },
      n: { url: 'sn', default: '1M' },
      ratio: { url: 'sr', default: '0.5' },
      growth: { url: 'sg', default: '2' },
      library: { url: 'slib', default: 'redisbloom' },
    },
  },
  window: {
    page: { group: 'stream', question: 'A sliding window', title: 'the last W messages at a rate p' },
    title: 'A sliding window',
    code: ['window.mjs', 'calculator'],
    docs: ['window.html'],
    prefix: 'w',
    methods: ['window'],
    id: 'px-{url}',
    // real scale: W = 1M messages at p = 0.1 %
    fields: { w: { url: 'ww', default: '1M' }, p: { url: 'wp', default: '0.1%' }, delta: { url: 'wdelta', default: '1e-6' } },
  },
  state: {
    page: { group: 'use', question: 'A filter in use', title: 'what its set bits say: items, rate, sets' },
    title: 'A filter in use: what its set bits say',
    code: ['state.mjs', 'calculator'],
    docs: ['state.html'],
    prefix: 'st',
    methods: ['state'],
    id: 'px-{url}',
    fields: {
      m: { url: 'stm', default: '1Mi' },
      k: { url: 'stk', default: '7' },
      bitsSet: { url: 'stx', default: '400000' },
      p: { url: 'stp', default: '1%' },
      bitsSetB: { url: 'stxb' },
      union: { url: 'stxu' },
      hashing: { url: 'sthashing', default: 'colliding' },
    },
  },
  overflow: {
    page: { group: 'use', question: 'Counter overflow', title: "will a counting filter's counters overflow?" },
    title: 'Counting filters: counter overflow',
    code: ['overflow.mjs', 'calculator'],
    docs: ['paradox.html'],
    prefix: 'o',
    methods: ['overflow'],
    id: 'px-{url}',
    fields: {
      m: { url: 'om', default: '1M' },
      n: { url: 'on', default: '100k' },
      k: { url: 'ok', default: '7' },
      bits: { url: 'ob', default: '4' },
      target: { url: 'otarget', default: '1e-12' },
    },
  },
  paradox: {
    page: { group: 'trust', question: 'The Bloom paradox', title: 'should a positive answer be trusted?' },
    title: 'The Bloom paradox',
    code: ['paradox.mjs', 'calculator'],
    docs: ['paradox.html'],
    prefix: '',
    methods: ['paradox'],
    id: 'px-{attr}',
    fields: { prior: { default: '1e-6' }, alpha: { default: '1' }, bpe: { default: '10' }, fpr: {} },
  },
  cbf: {
    page: { group: 'trust', question: 'Counting filters', title: 'the paradox from the counter product' },
    title: "A counting filter's answer",
    code: ['cbf.mjs', 'calculator'],
    docs: ['paradox.html'],
    prefix: 'c',
    shares: 'paradox',
    methods: ['cbf'],
    id: 'px-{url}',
    // the page's URL carries the CBF's m, n, k, prior as cm, cn, ck, cprior
    fields: {
      counters: { url: 'counters', default: '1,2,1,1,2,4' },
      m: { url: 'cm', default: '26624' },
      n: { url: 'cn', default: '3328' },
      k: { url: 'ck', default: '6' },
      prior: { url: 'cprior', default: '0.125' },
      alpha: { url: 'alpha', id: 'px-calpha', default: '1' }, // paradox's α, which our page copies into this one (web/app.mjs)
    },
  },
  recycling: {
    page: { group: 'stream', question: 'Recycling filters', title: 'messages per cycle at a target rate' },
    title: 'Recycling filters: messages per cycle',
    code: ['rbf.mjs', 'calculator'],
    docs: ['rbf.html'],
    prefix: 'r',
    methods: ['recommend', 'rbf'],
    id: 'rbf-{attr}',
    fields: {
      m: { url: 'rm', default: '1000' },
      p: { url: 'rp', default: '1%', older: ['fpr'], urlOlder: ['rfpr'] },
      kmax: { url: 'rkmax', default: '32' },
      hashing: { url: 'rhashing', default: 'colliding' },
      recycling: { url: 'rrecycling', default: 'nonretaining' },
      restart: { url: 'rrestart', default: 'exact' },
      swap: { url: 'rswap', default: 'after' },
      k: { url: 'rk' },
      sigma: { url: 'rsigma' },
    },
  },
  compare: {
    page: { group: 'size', question: 'Which filter should I use?', title: 'Bloom, cuckoo, xor, binary fuse, ribbon, quotient: bytes for n keys at p' },
    title: 'Which filter?',
    code: ['compare.mjs', 'calculator'],
    docs: ['families.html'],
    markup: 'compare.html',
    prefix: 'cmp',
    methods: ['compare'],
    id: 'compare-{attr}',
    fields: {
      n: { default: '10M', label: ['n', 'keys'] },
      p: { default: '0.1%', label: ['p', 'false-positive rate'] },
      deletes: {
        url: 'cmpdel',
        default: 'false',
        label: 'Deletes',
        options: [
          ['false', 'no deletes'],
          ['true', 'keys are deleted'],
        ],
      },
      static: {
        default: 'false',
        label: 'The set',
        options: [
          ['false', 'grows after the build'],
          ['true', 'known at build time (static)'],
        ],
      },
      maxBytes: { url: 'cmpbytes', label: ['bytes', 'at most (optional)'] },
    },
  },
};

// A field declaring its page facts for a calculator (`pages` in its declaration) is a field of that calculator: where
// the calculator lists it (to place it), else after the calculator's fields.
for (const [name, def] of Object.entries(CALCULATORS))
  for (const method of def.methods)
    for (const [field, f] of Object.entries(INPUTS[METHODS[method].input].fields))
      if (f.pages?.[name] && !Object.hasOwn(def.fields, field)) def.fields[field] = f.pages[name];

// A field without a key of its own takes its calculator's prefix and its attribute (cbf: counters → ccounters).
for (const { prefix, fields } of Object.values(CALCULATORS)) for (const [field, f] of Object.entries(fields)) f.url ??= `${prefix}${kebab(field)}`;
