// The fields several results of schema/results.mjs and its parts (results-*.mjs) share.

// the filter a result echoes (core: bloomcalc::Filter, the struct's member `filter`)
export const filter = {
  m: { type: 'number', unit: 'bits', doc: 'Bits of the filter.', from: 'r.filter.m' },
  n: { type: 'number', unit: 'items', doc: 'Items inserted.', from: 'r.filter.n' },
  k: { type: 'number', unit: 'hashes', doc: 'Hash functions.', from: 'r.filter.k' },
  hashing: { type: 'Hashing', doc: 'How the k probes were drawn.', from: 'r.filter.hashing' },
};
export const hashFloor = { type: 'HashFloor', optional: true, binding: false, doc: 'With `hashBits`: the floor of that hash width (docs/hash-width.md).' };
