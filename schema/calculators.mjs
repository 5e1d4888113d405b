// The calculators of <bloom-calc> (web/<name>.mjs): each field's attribute (the API field's name in kebab case:
// maxBytes → max-bytes), its key in the page URL (url; default the attribute), its start value on the page
// (default; none: empty), older attribute names (older) and URL keys (urlOlder), and the id of its control in the
// calculator's template (`id`: a pattern of {attr} and {url}, per calculator or per field). The fields are those of
// the calculator's methods' inputs (schema/inputs.mjs), in the order the form shows them.
import { layoutFields, pagesOf } from './fields.mjs';
import { INPUTS } from './inputs.mjs';
import { METHODS } from './methods.mjs';

// The page (web/index.html, written by scripts/page-markup.mjs): a calculator declaring `page` is on it, in the
// navigation under its group (PAGE_GROUPS, in their order; then in the order declared here), its link the question a
// visitor brings and the title the line beneath; its element's id is `<name>-calc`, the link's fragment.
export const PAGE_GROUPS = { size: 'Sizing', stream: 'Streams', use: 'Filters in use', trust: 'Trusting a positive' };

export const CALCULATORS = {
  sizing: {
    page: { group: 'size', question: 'Size a filter', title: 'bits and hashes for n items at a rate p' },
    methods: ['size'],
    id: '{attr}',
    fields: {
      n: {}, p: {}, m: {}, k: {},
      rounding: { default: 'none' },
      method: { default: 'classic' },
      hashing: { default: 'colliding' },
      hashBits: { url: 'hash', default: 'none' },
    },
  },
  formulas: { methods: ['fpr'], id: '{attr}', fields: { m: {}, n: {}, k: {}, hashing: { default: 'colliding' } } },
  simulate: {
    methods: ['fpr', 'simulateLayout'],
    id: '{attr}',
    fields: {
      m: {}, n: {}, k: {},
      hashing: { default: 'colliding' },
      epochs: { id: 'sim-epochs', default: '20' },
      seed: { id: 'sim-seed', default: '1' },
      hashScheme: { id: 'sim-scheme', default: 'ideal', older: ['scheme'], urlOlder: ['scheme'] },
    },
  },
  layouts: {
    page: { group: 'size', question: 'Block layouts', title: 'blocked, split-block: RocksDB, Parquet, Boost' },
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
    methods: ['window'],
    id: 'px-{url}',
    // real scale: W = 1M messages at p = 0.1 %
    fields: { w: { url: 'ww', default: '1M' }, p: { url: 'wp', default: '0.1%' }, delta: { url: 'wdelta', default: '1e-6' } },
  },
  state: {
    page: { group: 'use', question: 'A filter in use', title: 'what its set bits say: items, rate, sets' },
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
    methods: ['paradox'],
    id: 'px-{attr}',
    fields: { prior: { default: '1e-6' }, alpha: { default: '1' }, bpe: { default: '10' }, fpr: {} },
  },
  cbf: {
    page: { group: 'trust', question: 'Counting filters', title: 'the paradox from the counter product' },
    methods: ['cbf'],
    id: 'px-{url}',
    // the page's URL carries the CBF's m, n, k, prior as cm, cn, ck, cprior
    fields: {
      counters: { default: '1,2,1,1,2,4' },
      m: { url: 'cm', default: '26624' },
      n: { url: 'cn', default: '3328' },
      k: { url: 'ck', default: '6' },
      prior: { url: 'cprior', default: '0.125' },
      alpha: { id: 'px-calpha', default: '1' },
    },
  },
  recycling: {
    page: { group: 'stream', question: 'Recycling filters', title: 'messages per cycle at a target rate' },
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
};

// A field declaring its page facts for a calculator (`pages` in its declaration) is a field of that calculator: where
// the calculator lists it (to place it), else after the calculator's fields.
for (const [name, def] of Object.entries(CALCULATORS))
  for (const method of def.methods)
    for (const [field, f] of Object.entries(INPUTS[METHODS[method].input].fields))
      if (f.pages?.[name] && !Object.hasOwn(def.fields, field)) def.fields[field] = f.pages[name];
