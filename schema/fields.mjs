// The fields shared by several methods' inputs: one declaration per name and meaning (docs/vocabulary.md). A
// method's input (schema/inputs.mjs) lists them, overriding what differs there (`{ ...k, doc: '…' }`).
// A field: kind (how JS reads it: bits, count, probability, decimal, chance, choice, list, flag), type (its
// TypeScript type when not the kind's), required, default (JS fills it when absent: the core's own default),
// doc (one line, its range in words), older (older names still read), reader (a reader of wasm/api.mjs with a
// rule of its own), also (other current names the reader reads, with their doc line), and for the C++ reader
// (wasm/bindings/inputs.generated.hpp, of an input declaring `core`: the core's struct and header) member (the
// struct's member when not the name in snake case), wire (the name api.mjs hands the binding when not the field's),
// binding: false (api.mjs uses it, the binding never sees it), only ({ field: [values] }, null for absent: it applies
// only when that field has one of these values; given otherwise, api.mjs refuses it by name, and so does the core where
// it can tell a value given from a default (librarySize's k and maxBytes, layoutSize's maxBytes: Catch2 holds those);
// the CLI's size --library all passes it only where it applies). Plain data: scripts/generate.mjs writes every surface from it.

/** The named choice types: their values (the core names a bad one) and doc line. */
export const TYPES = {
  Hashing: { choices: ['colliding', 'distinct'], doc: 'How the k probes of one item are drawn: with replacement (colliding) or k different bits (distinct).' },
  Rounding: { choices: ['none', 'word64', 'pow2'], doc: 'How a solved m is rounded up: not at all, to a multiple of 64 bits, or to a power of two.' },
  SizingMethod: { choices: ['classic', 'exact'], doc: 'Which FPR the sizing solver holds to the target: the classic formula or the exact mean FPR.' },
  HashBits: { values: [32, 64], doc: "The width of the hash all of an item's probes come from (docs/hash-width.md)." },
  Recycling: { choices: ['nonretaining', 'retaining'], doc: 'Whether a recycle keeps the triggering message in the fresh filter (retaining) or not.' },
  RestartLaw: {
    choices: ['exact', 'eq10'],
    doc: "Retaining restart state with colliding hashes: the recycling message's own bits (`exact`) or 000 eq 10's fresh message.",
  },
  SwapPoint: {
    choices: ['after', 'before'],
    doc: "Two-phase swap: the frozen filter keeps the recycling message's bits (`after`) or not (`before`, 000 eq 24).",
  },
  RbfMethod: {
    choices: ['exact', 'asymptotic', 'auto'],
    doc:
      'How a recycling model is computed (docs/rbf.md#large-m): `exact`, the fill level by level (M ≤ 2^24 bits per filter); ' +
      '`asymptotic`, the large-M method (every σ-bounded variant; M ≤ 2^40, cost independent of M, with a relative error bound; ' +
      'k ≤ 32 only, k > 32 is a RangeError naming `k`); `auto` (default), exact up to 2^16 bits, large-M above (for k > 32: ' +
      'exact up to 2^24 bits, a RangeError naming `k` above; docs/rbf.md#large-m-limits).',
  },
  SimStructure: { choices: ['bloom', 'counting', 'sigma', 'two-phase', 'n-real', 'n-oracle'], doc: 'The real data structure to run.' },
  SimHashing: {
    choices: ['colliding', 'distinct', 'double', 'enhanced-double'],
    doc: 'Ideal hashing (colliding / distinct) or what libraries do: double hashing, enhanced double hashing.',
  },
  SimStream: { choices: ['fresh', 'pool', 'fading'], doc: 'Message stream of the recycling filters: all new, a finite pool, or fading popularity.' },
  SimBoundary: {
    choices: ['exceeds', 'reaches'],
    doc: "σ-bounded recycling: `exceeds` recycles when b > σ (the papers' rule, default), `reaches` when b ≥ σ.",
  },
  Layout: { choices: ['standard', 'blocked', 'split-block', 'partitioned'], doc: "Where an item's k bits go (docs/layouts.md)." },
  LayoutPreset: {
    choices: ['parquet', 'arrow', 'impala', 'kudu', 'rocksdb', 'fastlocalbloom', 'boost-block', 'boost-multiblock'],
    doc: 'Deployed filters by name (aliases: arrow, impala, kudu → parquet; fastlocalbloom → rocksdb).',
  },
  LayoutHashScheme: {
    choices: ['ideal', 'parquet', 'rocksdb', 'boost', 'guava', 'redisbloom', 'orc'],
    doc: "The layout simulation's hash schemes: ideal probes, the Parquet spec's, or a library's own (docs/libraries.md).",
  },
  OverflowMethod: {
    choices: ['auto', 'exact', 'poisson'],
    doc: 'Counter overflow: the exact sum (`exact`, small filters), 1 − e^{−m·p₁} with proven bounds (`poisson`), or `auto`.',
  },
  FilterFamily: {
    choices: ['all', 'bloom', 'blocked-bloom', 'cuckoo', 'xor', 'binary-fuse', 'ribbon', 'quotient', 'counting-quotient'],
    doc: 'The filter families compare() sizes (docs/families.md); `all`, every one.',
  },
  LibraryName: {
    choices: [
      'guava',
      'redisbloom',
      'bloom-filters',
      'hive',
      'clickhouse',
      'hurst',
      'parquet',
      'parquet-spec',
      'arrow',
      'rocksdb',
      'boost-block',
      'boost-multiblock',
    ],
    doc: 'The libraries whose sizing is modelled (docs/libraries.md).',
  },
};

// ---- a filter: m, n, k, hashing (001) ----
export const m = { kind: 'bits', required: true, doc: 'Filter size in bits, 1 ≤ m ≤ 2^40.' };
export const n = { kind: 'count', required: true, doc: 'Items inserted, 1 ≤ n ≤ 2^40.' };
export const k = { kind: 'count', required: true, doc: 'Hash functions, 1 ≤ k ≤ 64 (and k ≤ m for distinct hashing).' };
export const p = { kind: 'probability', required: true, doc: 'Target false-positive rate in (0, 1).' };
export const hashing = { kind: 'choice', type: 'Hashing', default: 'colliding', doc: "How an item's k probes are drawn." };
export const hashBits = { kind: 'count', type: 'HashBits', doc: '32 or 64: adds `hashFloor`, the FPR floor of an h-bit hash (docs/hash-width.md).' };

// ---- recycling filters (000) ----
export const recycling = {
  kind: 'choice',
  type: 'Recycling',
  default: 'nonretaining',
  older: ['retaining'],
  reader: 'recycling',
  doc: 'After a recycle, set the triggering message in the fresh filter (`retaining`) or not.',
  olderType: { retaining: 'boolean' },
  olderDoc: { retaining: "the older spelling of `recycling` (`true`: `'retaining'`), as in `simulate`; both given must agree." },
};
export const restart = { kind: 'choice', type: 'RestartLaw', default: 'exact', doc: 'The retaining restart law with colliding hashes.' };
export const swap = { kind: 'choice', type: 'SwapPoint', default: 'after', doc: 'Two phases: when the filters swap.' };
export const rbfMethod = { kind: 'choice', type: 'RbfMethod', default: 'auto', doc: 'The exact fill, the large-M method, or the one that fits.' };
export const phases = { kind: 'count', type: '1 | 2', default: 1, doc: '1 (default) or 2.' };
export const kmax = { kind: 'count', doc: 'Largest k tried.' };

// ---- costs and priors (004) ----
export const prior = { kind: 'chance', required: true, doc: 'A-priori membership probability Pr(x ∈ S), in [0, 1].' };
export const alpha = { kind: 'decimal', required: true, doc: 'W_FN / W_FP, > 0.' };
export const list = { kind: 'list', required: true, type: 'NumberList' };

// ---- layouts (docs/layouts.md) ----
export const maxBytes = { kind: 'count', doc: "Parquet writer's maximum bytes (default 1 MiB)." };

// ---- field groups: fields several inputs read together, in reading order. An input composes a group (`...layoutFields`)
// and the TypeScript types declare it once (GROUPS: an interface the inputs extend). A field declared in a group is
// declared only there: its CLI option (cli: [value name, help line], an option of every command composing the group)
// and examples (examples: each shown by the command it starts with), its vocabulary row (vocabulary: [meaning, older
// names in prose]), per calculator of <bloom-calc> its page facts (pages: { calculator: { url, default, older,
// urlOlder, id, label } }, schema/calculators.mjs; label: [symbol, words], its control's label), and how results
// echo it (echo: true, or { doc, nullable }: ECHOES below).

/** Where an item's k bits go: the fields LayoutInput, LayoutSizingInput and LayoutSimulationInput share. */
export const layoutFields = {
  layout: {
    kind: 'choice',
    type: 'Layout',
    default: 'standard',
    doc: "Default 'standard'; with `preset` (which sets it), a RangeError naming `layout`.",
    echo: true,
    only: { preset: [null] },
    cli: ['standard|blocked|split-block|partitioned', "Where an item's k bits go (default standard); blocked and split-block need --block-bits"],
    vocabulary: ["where an item's k bits go (`standard`, `blocked`, `split-block`, `partitioned`); the layouts calculator's picker also offers the presets"],
  },
  blockBits: {
    kind: 'bits',
    doc:
      'Block size B in bits (blocked, split-block): divides m; a multiple of k for split-block. With `preset` (which sets it), a RangeError naming ' +
      '`blockBits`.',
    only: { preset: [null] },
    cli: ['B', 'Block size in bits for blocked / split-block (divides m; 512, 256)'],
    examples: ['bloomcalc fpr --layout split-block --block-bits 256 --m 8Mi --n 1M --k 8', 'bloomcalc size --n 1M --p 1% --layout blocked --block-bits 512'],
    vocabulary: ['B, the block size in bits of a blocked or split-block filter', "`block` (the layouts element's attribute and property)"],
    pages: { layouts: { url: 'lb', default: '512', older: ['block'], label: ['B', 'block bits'] } },
    echo: {
      doc:
        'B; m for the standard and partitioned layouts (one block); null where the type allows it and no block is named: a ' +
        'standard filter (librarySize), a preset whose B is K words.',
      nullable: true,
    },
  },
  preset: {
    kind: 'choice',
    type: 'LayoutPreset',
    doc: 'Sets the layout, B and k (Parquet: 8; RocksDB: its probe rule from m/n; Boost: k is K).',
    cli: ['name', 'A deployed filter: parquet (arrow, impala, kudu), rocksdb, boost-block, boost-multiblock'],
    vocabulary: ['a deployed filter (RocksDB, Parquet, Boost.Bloom), its layout, B and k rule'],
  },
  hashing: { ...hashing, doc: "Probes inside a block (standard, blocked). Default 'colliding'." },
};

/** A recycling filter's variant: how it hashes, recycles, restarts and swaps, and the method computing it. */
export const variantFields = { hashing, recycling, restart, swap, method: rbfMethod };

/** The groups as TypeScript interfaces (wasm/inputs.d.ts): an input holding every field of a group extends it. */
export const GROUPS = {
  LayoutFields: { doc: "Where an item's k bits go (docs/layouts.md): the fields every layout input reads.", fields: layoutFields },
  RecyclingVariant: { doc: "A recycling filter's variant (docs/rbf.md) and the method computing it.", fields: variantFields },
};

/**
 * The fields results echo as the core resolved them (wasm/inputs.d.ts; the results' types, wasm/results-*.d.ts, extend
 * them): a group's fields declaring `echo`, a choice as its type and a number as a number; a `nullable` one typed by
 * the interface's parameter `param` (`number | null` where a result may name none); the member's doc, `echo.doc`.
 */
export const ECHOES = {
  LayoutBlock: {
    doc:
      'A layout and its block B, what a preset fixes and every layout filter has. `Block`: null where no block is named (a ' +
      "preset whose B is K words; librarySize's standard filter).",
    param: 'Block',
    group: layoutFields,
  },
};

/** The CLI options of a group's fields that declare one, for the input `type`: [`type.name`, value name, help]. */
export const optionsOf = (type, group) =>
  Object.entries(group)
    .filter(([, f]) => f.cli)
    .map(([name, f]) => [`${type}.${name}`, ...f.cli]);
/** The vocabulary rows of a group's fields that declare one: [[name], meaning, older names]. */
export const rowsOf = (group) =>
  Object.entries(group)
    .filter(([, f]) => f.vocabulary)
    .map(([name, f]) => [[name], ...f.vocabulary]);
/** The page facts of a group's fields for `calculator`: { name: { url, default, … } }. */
export const pagesOf = (calculator, group) =>
  Object.fromEntries(
    Object.entries(group)
      .filter(([, f]) => f.pages?.[calculator])
      .map(([name, f]) => [name, f.pages[calculator]]),
  );

// ---- simulations ----
export const epochs = { kind: 'count', required: true, doc: 'Epochs (batches), 2 ≤ epochs ≤ 2^20.' };
export const queries = { kind: 'count', doc: 'Lookups per filter instance.' };
export const seed = {
  kind: 'count',
  doc: 'Seed of the hash functions and of the stream, 0 ≤ seed ≤ 2^53 (default 1). Same seed: same counts, native or wasm.',
};
export const confidence = { kind: 'probability', doc: 'Confidence of the intervals, in (0, 1) (default 0.99).' };
