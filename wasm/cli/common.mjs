// Shared pieces of the bloomcalc CLI: argument parsing (node:util parseArgs, strict), the error
// classes that decide the exit code, help rendering and number formatting.
//
// A command module exports command(name, code): the command's declaration in the schema (schema/cli.mjs, generated
// into options.generated.mjs: summary, usage, description, options, required, notes, examples, method) with its
// code: compute(calc, values) (by default the declared method on the input of the options given) or start(values),
// and render(data). `options` is a parseArgs option map extended with `valueName` and `description` for the help
// text; `compute` returns the JSON-ready result (printed as is with --json) and `render` turns it into the
// readable text. The driver (wasm/cli.mjs) adds --help/--json handling, loads the module and prints.
import { parseArgs } from 'node:util';
import { shown } from '../errors.mjs';
import { nearest } from '../nearest.mjs';
import { INPUT_FIELDS, METHOD_INPUTS } from '../inputs.generated.mjs';
import { COMMANDS, QUANTITY_HELP } from './options.generated.mjs';

export { QUANTITY_HELP };

/** The command `name`: its declaration in the schema and its code ({ compute?, start?, render, … }). */
export function command(name, code) {
  const declared = COMMANDS[name];
  const { method } = declared;
  const compute = method && !code.start ? (calc, values) => calc[method](inputFor(self, values, METHOD_INPUTS[method])) : undefined;
  const self = { name, ...declared, ...(compute ? { compute } : {}), ...code };
  return self;
}

/** Bad command line or bad input: exit code 2. */
export class UsageError extends Error {
  constructor(message, { command } = {}) {
    super(message);
    this.name = 'UsageError';
    this.command = command;
  }
}

// The exit statuses (docs/cli.md, "Errors and exit status"; `bloomcalc --help` lists them).
export const EXIT_OK = 0;
export const EXIT_INTERNAL = 1;
export const EXIT_USAGE = 2;
/** The command ran, but the result misses what was asked (size with all four given: the target p). */
export const EXIT_TARGET_MISSED = 3;
/** The output could not be written (a full disk: ENOSPC); sysexits.h's EX_IOERR. A closed pipe (EPIPE) is not an error. */
export const EXIT_OUTPUT = 74;
/** Stopped by Ctrl-C (SIGINT) during a long run: 128 + 2, as a shell reports a process killed by SIGINT. */
export const EXIT_INTERRUPTED = 130;

/** Options every command accepts. */
export const commonOptions = {
  json: { type: 'boolean', description: 'Print one JSON object instead of the table' },
  help: { type: 'boolean', short: 'h', description: 'Show this help' },
};

// "--m -5" would be rejected by parseArgs as ambiguous; a value that looks like a negative number
// (or -Infinity / -NaN) is glued to its option so the core can report the range instead.
const NEGATIVE_VALUE = /^-(?:\d|\.\d|inf|nan)/i;

function glueNegativeValues(args, options) {
  const byShort = new Map();
  for (const [long, spec] of Object.entries(options)) if (spec.short) byShort.set(spec.short, long);
  const out = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const next = args[i + 1];
    let long;
    if (arg.startsWith('--') && !arg.includes('=')) long = arg.slice(2);
    else if (/^-[^-]$/.test(arg)) long = byShort.get(arg[1]);
    if (long && options[long]?.type === 'string' && next !== undefined && NEGATIVE_VALUE.test(next)) {
      out.push(`--${long}=${next}`);
      i++;
    } else {
      out.push(arg);
    }
  }
  return out;
}

function optionLabel(name, spec) {
  return spec.short ? `-${spec.short}, --${name}` : `--${name}`;
}

/** Parses a command's arguments strictly; parseArgs errors become UsageErrors with plain wording. */
export function parseCommandArgs(command, args) {
  const options = { ...command.options, ...commonOptions };
  const parseOptions = {};
  for (const [name, spec] of Object.entries(options)) {
    parseOptions[name] = { type: spec.type };
    if (spec.short) parseOptions[name].short = spec.short;
  }
  let values;
  let positionals;
  let tokens;
  try {
    ({ values, positionals, tokens } = parseArgs({
      args: glueNegativeValues(args, options),
      options: parseOptions,
      strict: true,
      allowPositionals: true,
      tokens: true,
    }));
  } catch (err) {
    throw translateParseError(err, command, options);
  }
  // An option given twice is a mistake, not "the last one wins".
  const seen = new Set();
  for (const token of tokens) {
    if (token.kind !== 'option') continue;
    if (seen.has(token.name)) throw new UsageError(`option --${token.name} is given more than once`, { command });
    seen.add(token.name);
  }
  // A command may take one positional argument (`positional: { name, ... }`), stored as values[name].
  const allowed = command.positional ? 1 : 0;
  if (positionals.length > allowed) {
    throw new UsageError(`unexpected argument '${positionals[allowed]}' for '${command.name}'`, { command });
  }
  if (command.positional && positionals.length === 1) values[command.positional.name] = positionals[0];
  return values;
}

function translateParseError(err, command, options) {
  const name = command.name;
  const text = String(err.message);
  switch (err.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION': {
      const flag = /'([^']+)'/.exec(text)?.[1] ?? '?';
      // the API's suggestion rule (docs/decisions.md, "Strict inputs"): --hashin, --maxbytes, --N for nbounded's --N ...
      const near = flag.startsWith('--') ? nearest(flag.slice(2), Object.keys(options)) : undefined;
      return new UsageError(`unknown option '${flag}' for '${name}'${near ? `; did you mean --${near}?` : ''}`, { command });
    }
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE': {
      // "Option '-m, --m <value>' argument missing" or "Option '--json' does not take an argument".
      const long = /--([A-Za-z0-9-]+)/.exec(text)?.[1];
      const spec = long ? options[long] : undefined;
      if (spec && spec.type === 'boolean') return new UsageError(`option --${long} takes no value`, { command });
      if (spec) {
        return new UsageError(`option --${long} needs a value (${spec.valueName ?? 'value'}: ${oneLine(spec.description)})`, {
          command,
        });
      }
      return new UsageError(text.split('\n')[0], { command });
    }
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return new UsageError(text.split('\n')[0], { command });
    default:
      return err;
  }
}

/** The option of an API field: its name in kebab case (maxBytes → max-bytes; N stays N), as schema/cli.mjs declares. */
export const flagOf = (field) => field.replace(/(?<=[a-z0-9])[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * The input of type `type` (wasm/inputs.generated.mjs) from the options given: each field (or older name) whose option
 * was given. An option given an empty value (`--hash-bits ''`) is refused: the API reads "" as absent, so it was ignored.
 */
export function inputOf(values, type) {
  const input = {};
  for (const [name, , , others = []] of INPUT_FIELDS[type])
    for (const field of [name, ...others]) {
      const value = values[flagOf(field)];
      if (value === undefined) continue;
      if (typeof value === 'string' && value.trim() === '')
        throw new UsageError(`option --${flagOf(field)} is given an empty value: give one, or leave the option out`);
      input[field] = value;
    }
  return input;
}

/**
 * inputOf, refusing every option given that the input of type `type` does not read: an option of another variant of
 * the command (`size --library guava --m 1000`: --m is SizingInput's, not LibrarySizeInput's) was silently ignored.
 * What applies is the type's fields (schema/inputs.mjs) and `own`, the command's options without a field that this
 * variant reads (fpr's --table); `variant` names the variant in the message ("size --library").
 */
export function inputFor(command, values, type, { own = [], variant = command.name } = {}) {
  const reads = new Set([...INPUT_FIELDS[type].flatMap(([name, , , others = []]) => [name, ...others]).map(flagOf), ...own]);
  for (const flag of Object.keys(values)) {
    if (values[flag] === undefined || reads.has(flag) || Object.hasOwn(commonOptions, flag) || flag === command.positional?.name) continue;
    const applies = Object.keys(command.options)
      .filter((option) => reads.has(option))
      .map((option) => `--${option}`);
    throw new UsageError(`option --${flag} does not apply to ${variant} (it reads ${applies.join(', ')})`, { command });
  }
  return inputOf(values, type);
}

/** A help text or message on one line (the CLI's errors are one line on stderr). */
export const oneLine = (text) => String(text).replace(/\s*\n\s*/g, ' ');

/** Throws a UsageError naming the first required option that is missing. */
export function requireOptions(command, values) {
  if (command.positional && values[command.positional.name] === undefined) {
    throw new UsageError(`missing ${command.positional.valueName}: ${command.positional.description}`, { command });
  }
  for (const name of command.required ?? []) {
    if (values[name] === undefined) {
      const spec = command.options[name];
      throw new UsageError(`missing required option --${name} <${spec.valueName ?? 'value'}>: ${oneLine(spec.description)}`, { command });
    }
  }
}

/**
 * An error of the API (`.parameter`) in the command line's terms: it also names the option the user typed when
 * its spelling differs from the parameter (`specialCost` → "(option --special-cost)"), and quotes what was typed
 * when the message shows the value otherwise ("got 524288" for `--m 64KiB`). Other errors pass unchanged.
 */
export function inOptionTerms(err, command, values) {
  if (!(err instanceof Error) || typeof err.parameter !== 'string' || err.parameter === '') return err;
  const flag = Object.keys(command.options ?? {}).find((name) => name.replace(/-([a-z])/g, (_, c) => c.toUpperCase()) === err.parameter);
  if (flag === undefined) return err;
  if (flag !== err.parameter) err.message += ` (option --${flag})`;
  const typed = values[flag];
  // quoted already when the message shows the text (the core and the API quote text as JSON does, cut to 40 characters)
  const quotedAlready = typeof typed === 'string' && (err.message.includes(typed) || err.message.includes(JSON.stringify(typed.slice(0, 20)).slice(0, -1)));
  if (typeof typed === 'string' && !quotedAlready) err.message += ` (from --${flag} ${shown(typed)})`;
  return err;
}

/**
 * Runs `work()` (a promise), showing the seconds it has run on stderr when stderr is a terminal (as simulate shows
 * its progress), cleared when it ends.
 */
export async function withElapsed(label, work) {
  if (!process.stderr.isTTY) return work();
  const start = Date.now();
  const show = () => process.stderr.write(`\r  ${label}… ${((Date.now() - start) / 1000).toFixed(1)} s  (Ctrl-C to stop)`);
  const timer = setInterval(show, 200);
  try {
    return await work();
  } finally {
    clearInterval(timer);
    process.stderr.write('\r\x1b[K');
  }
}

// ---- help -----------------------------------------------------------------------------------

export function renderCommandHelp(command) {
  const options = { ...command.options, ...commonOptions };
  const labels = Object.entries(options).map(([name, spec]) => [
    optionLabel(name, spec) + (spec.type === 'string' ? ` <${spec.valueName ?? 'value'}>` : ''),
    spec.description,
  ]);
  const width = Math.max(...labels.map(([l]) => l.length));
  const lines = [`Usage: ${command.usage}`, '', command.description, '', 'Options:'];
  for (const [label, description] of labels) lines.push(`  ${label.padEnd(width)}  ${description}`);
  if (command.notes) lines.push('', ...command.notes);
  if (command.examples?.length) {
    lines.push('', 'Examples:');
    for (const example of command.examples) lines.push(`  ${example}`);
  }
  return lines.join('\n') + '\n';
}
