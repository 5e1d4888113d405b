// The errors the API throws (the pattern: the top of wasm/api.mjs): the one a binding returns as a record, rebuilt
// here by call(), and a bad input's TypeError naming its field. Their classes: wasm/error-wire.mjs.

import { errorClass } from './error-wire.mjs';

const ERROR_KEY = '__bloomcalcError';
export const QUOTE = 40; // a bad input is quoted to at most this many characters

/** Throws the error a binding returned; otherwise returns its result. */
export function call(result) {
  if (result !== null && typeof result === 'object' && ERROR_KEY in result) throw errorOf(result[ERROR_KEY]);
  return result;
}

function errorOf({ name, message, parameter, validRange }) {
  const Ctor = errorClass(name);
  const error = captureStack ? unstacked(Ctor, message) : new Ctor(message);
  if (error.name !== name) error.name = name; // AbortError
  if (parameter) Object.assign(error, { parameter, validRange });
  Error.captureStackTrace?.(error, call);
  return error;
}

// V8 (Node, Chromium): the stack is captured once, from call()'s caller, not also at construction (half
// of an error's cost in JS: tests/js/errors.test.mjs throws millions).
const captureStack = typeof Error.captureStackTrace === 'function';
function unstacked(Ctor, message) {
  const limit = Error.stackTraceLimit;
  try {
    Error.stackTraceLimit = 0;
  } catch {
    return new Ctor(message); // a frozen Error (hardened JS): one stack capture more
  }
  const error = new Ctor(message);
  Error.stackTraceLimit = limit;
  return error;
}

/** A short description of a bad value for a message: its type, and a prefix of it when it is text. */
export function shown(value) {
  if (typeof value === 'string')
    return JSON.stringify(value.length > QUOTE ? `${value.slice(0, QUOTE)}…` : value) + (value.length > QUOTE ? ` (${value.length} characters)` : '');
  if (typeof value === 'number') return String(value);
  if (typeof value === 'bigint') return `the BigInt ${String(value).slice(0, QUOTE)}n`;
  if (typeof value === 'symbol') return 'a Symbol';
  if (typeof value === 'function') return 'a function';
  if (Array.isArray(value)) return 'an array';
  if (value instanceof Date) return 'a Date';
  if (value === null || value === undefined) return String(value);
  return `a ${typeof value}`;
}

export function typeError(parameter, expected, value) {
  const error = new TypeError(`${parameter} must be ${expected}; got ${shown(value)}`);
  return Object.assign(error, { parameter, validRange: expected });
}

export function object(input, what) {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) throw typeError(what, 'an object', input);
  return input;
}

/** An AbortSignal's reason, or an AbortError saying that `what` was cancelled (a signal aborted without a reason). */
export function abortError(signal, what) {
  if (signal?.reason !== undefined) return signal.reason;
  return Object.assign(new Error(`${what} was cancelled`), { name: 'AbortError' });
}

/** `aborted`: a promise rejecting with abortError(signal, what) when `signal` aborts (to race the work with); `stop()`
 * stops listening (in the work's finally). Without a signal it never settles. */
export function onAbort(signal, what) {
  let listener;
  const aborted = new Promise((_, reject) => {
    listener = () => reject(abortError(signal, what));
    signal?.addEventListener('abort', listener, { once: true });
  });
  return { aborted, stop: () => signal?.removeEventListener('abort', listener) };
}
