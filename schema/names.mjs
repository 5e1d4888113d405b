// A field's spellings on each surface, one rule each (docs/vocabulary.md).

/** A field's name in kebab case: its CLI option and element attribute (maxBytes → max-bytes). */
export const kebab = (name) => name.replace(/(?<=[a-z0-9])[A-Z]/g, (c) => `-${c.toLowerCase()}`);
/** A field's name in snake case: its member in the core's input struct (maxBytes → max_bytes). */
export const snake = (name) => name.replace(/(?<=[a-z0-9])[A-Z]/g, (c) => `_${c.toLowerCase()}`);
