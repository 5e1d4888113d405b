// An error across a worker boundary (postMessage), one definition for every worker of the package and the
// page (web/*-worker.mjs, wasm/rbf-pool-worker.mjs) and for what receives their messages. A structured clone
// of an Error keeps its message but drops the fields the API sets (`parameter`, `validRange`, …), so a
// worker posts toWire(error) and the receiver rebuilds it with fromWire: the same class (RangeError,
// TypeError, …), name, message and fields as the API threw (docs/embed.md: `.error.parameter`).

const CLASSES = { Error, TypeError, RangeError, SyntaxError, ReferenceError, EvalError, URIError };

/** The constructor for an error's `name`: a standard class, else Error (e.g. 'AbortError', whose name is kept). */
export function errorClass(name) {
  return Object.hasOwn(CLASSES, name) ? CLASSES[name] : Error;
}

const plain = (value) => value === null || ['string', 'number', 'boolean'].includes(typeof value);

/**
 * A cloneable plain object { name, message, ...fields } for `error`: its name and message and every own
 * enumerable field holding text, a number, a boolean or null (`parameter`, `validRange`, `cancelled`). Anything
 * thrown that is not an Error becomes { name: 'Error', message: String(thrown) }.
 */
export function toWire(error) {
  const isError = error instanceof Error || (error !== null && typeof error === 'object' && typeof error.message === 'string');
  if (!isError) return { name: 'Error', message: String(error) };
  const wire = {};
  for (const [key, value] of Object.entries(error)) if (plain(value)) wire[key] = value;
  wire.name = typeof error.name === 'string' ? error.name : 'Error';
  wire.message = error.message;
  return wire;
}

/** The Error toWire described: its class from the name (RangeError, TypeError, …), the same name, message and fields. */
export function fromWire(wire) {
  if (wire instanceof Error) return wire;
  const { name = 'Error', message = String(wire?.message ?? wire), ...fields } = wire !== null && typeof wire === 'object' ? wire : { message: String(wire) };
  const error = new (errorClass(name))(message);
  if (error.name !== name) error.name = name;
  return Object.assign(error, fields);
}
