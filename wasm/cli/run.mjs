// The bloomcalc command line's driver (wasm/cli.mjs runs it): each command lives in wasm/cli/<name>.mjs (see
// common.mjs for the shape); add a new one to COMMANDS below.
//
// Output: the result on stdout (a table, or one JSON object with --json). Errors: one message on
// stderr prefixed "bloomcalc: ", nothing on stdout; exit 2 for usage errors and bad input (the
// core's RangeError/Error naming the parameter), 1 for anything unexpected, 74 when the output cannot be
// written, 130 when Ctrl-C stops a long run (docs/cli.md, "Errors and exit status").
import { readFileSync } from 'node:fs';

import {
  EXIT_INTERNAL,
  EXIT_INTERRUPTED,
  EXIT_OK,
  EXIT_OUTPUT,
  EXIT_TARGET_MISSED,
  EXIT_USAGE,
  QUANTITY_HELP,
  UsageError,
  inOptionTerms,
  oneLine,
  parseCommandArgs,
  renderCommandHelp,
  requireOptions,
} from './common.mjs';
import cbf from './cbf.mjs';
import fpr from './fpr.mjs';
import nbounded from './nbounded.mjs';
import order from './order.mjs';
import overflow from './overflow.mjs';
import paradox from './paradox.mjs';
import rbf from './rbf.mjs';
import recommend from './recommend.mjs';
import scalable from './scalable.mjs';
import serve from './serve.mjs';
import simulate from './simulate.mjs';
import size from './size.mjs';
import state from './state.mjs';
import window from './window.mjs';

import compare from './compare.mjs';
const COMMANDS = new Map(
  [compare, fpr, size, paradox, cbf, order, rbf, nbounded, recommend, simulate, scalable, serve, window, state, overflow].map((command) => [
    command.name,
    command,
  ]),
);

function version() {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
  return pkg.version;
}

function mainHelp() {
  const width = Math.max(...[...COMMANDS.keys()].map((name) => name.length));
  const lines = [
    'bloomcalc — Bloom-filter calculator: exact false-positive rates, sizing, recycling filters and the Bloom paradox',
    '',
    'Usage: bloomcalc <command> [options]',
    '       bloomcalc help <command>',
    '',
    'Commands:',
    ...[...COMMANDS.values()].map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'Options:',
    '  -h, --help     Show help (bloomcalc <command> --help for a command)',
    '  -v, --version  Print the version',
    '',
    ...QUANTITY_HELP,
    '',
    `Exit status: ${EXIT_OK} success, ${EXIT_USAGE} bad usage or input, ${EXIT_TARGET_MISSED} size misses its target p,`,
    `             ${EXIT_OUTPUT} the output could not be written, ${EXIT_INTERRUPTED} stopped by Ctrl-C, ${EXIT_INTERNAL} internal error.`,
    '',
    'Documentation: README.md and docs/*.md in the package (node_modules/bloomcalc/docs/), or',
    "'bloomcalc serve' and open /docs/models.html; API types: node_modules/bloomcalc/wasm/index.d.ts.",
  ];
  return lines.join('\n') + '\n';
}

function lookup(name) {
  const command = COMMANDS.get(name);
  if (!command) {
    const known = [...COMMANDS.keys()].join(', ');
    throw new UsageError(`unknown command '${name}' (commands: ${known}; see 'bloomcalc --help')`);
  }
  return command;
}

async function loadCalculator() {
  try {
    const { createBloomCalc } = await import('../index.mjs');
    return await createBloomCalc();
  } catch (err) {
    if (err?.code === 'ENOENT' || err?.code === 'ERR_MODULE_NOT_FOUND') {
      throw new Error('the WebAssembly build (dist/bloomcalc.{web,rbf}.mjs, dist/bloomcalc.{web,rbf}.wasm) is missing (run `npm run build`)');
    }
    throw err;
  }
}

/** Runs the CLI on `args` (without node and script); returns { code, stdout, stderr }. `calc`: a calculator to use (tests). */
export async function run(args, { calc: given } = {}) {
  const [first, ...rest] = args;
  if (first === undefined) return { code: EXIT_USAGE, stdout: '', stderr: `bloomcalc: missing command\n\n${mainHelp()}` };
  if (first === '--help' || first === '-h') return { code: EXIT_OK, stdout: mainHelp(), stderr: '' };
  if (first === '--version' || first === '-v') return { code: EXIT_OK, stdout: `${version()}\n`, stderr: '' };
  if (first === 'help') {
    if (rest.length === 0) return { code: EXIT_OK, stdout: mainHelp(), stderr: '' };
    if (rest.length > 1) throw new UsageError(`'help' takes one command name, got ${rest.length}`);
    return { code: EXIT_OK, stdout: renderCommandHelp(lookup(rest[0])), stderr: '' };
  }
  if (first.startsWith('-')) throw new UsageError(`unknown option '${first}' (expected a command; see 'bloomcalc --help')`);

  const command = lookup(first);
  const values = parseCommandArgs(command, rest);
  if (values.help) return { code: EXIT_OK, stdout: renderCommandHelp(command), stderr: '' };
  requireOptions(command, values);
  // A command that needs no calculator (serve) runs on its own and may keep the process alive.
  if (command.start) return { code: EXIT_OK, stdout: await command.start(values), stderr: '' };

  const calc = given ?? (await loadCalculator());
  let data;
  try {
    const pending = command.compute(calc, values, { signal: interrupt.signal });
    stoppable = command.stopsOnSignal === true && pending instanceof Promise;
    data = await pending;
  } catch (err) {
    throw inOptionTerms(err, command, values);
  }
  const stdout = values.json ? `${JSON.stringify(data, null, 2)}\n` : command.render(data, values);
  // A command may report a result that is not what was asked for (size: a missed target) by its own exit code.
  const verdict = command.verdict?.(data);
  if (verdict) return { code: verdict.code, stdout, stderr: `bloomcalc: ${verdict.message}\n` };
  return { code: EXIT_OK, stdout, stderr: '' };
}

/**
 * Ctrl-C (SIGINT): a long run of a command that stops on `interrupt.signal` (`stopsOnSignal`: rbf --method exact,
 * simulate) stops cleanly, its worker terminated, and is reported as an AbortError (exit 130); at any other moment,
 * or at a second Ctrl-C, the process ends at once with the same line and status. (During a synchronous command,
 * bounded to about a second, it is handled when the command returns.)
 */
const interrupt = new AbortController();
let stoppable = false;
function onInterrupt() {
  if (stoppable && !interrupt.signal.aborted) {
    interrupt.abort();
    return;
  }
  process.stderr.write('bloomcalc: interrupted\n');
  process.exit(EXIT_INTERRUPTED);
}

/** Maps a thrown value to the exit code and the stderr text. */
export function describeError(err) {
  if (err?.name === 'AbortError') return { code: EXIT_INTERRUPTED, stderr: 'bloomcalc: interrupted\n' };
  if (err instanceof UsageError) {
    const hint = err.command ? ` (see 'bloomcalc help ${err.command.name}')` : '';
    return { code: EXIT_USAGE, stderr: `bloomcalc: ${oneLine(err.message)}${hint}\n` };
  }
  // The core's errors: RangeError (out of range, infeasible) or Error (unparseable text), both
  // carrying the parameter at fault; their message already names it and its valid range.
  if (err instanceof Error && typeof err.parameter === 'string' && err.parameter !== '') {
    return { code: EXIT_USAGE, stderr: `bloomcalc: ${oneLine(err.message)}\n` };
  }
  const detail = err instanceof Error ? (process.env.BLOOMCALC_DEBUG ? err.stack : err.message) : String(err);
  return { code: EXIT_INTERNAL, stderr: `bloomcalc: internal error: ${detail}\n` };
}

/**
 * A failed write of the output: a full disk (ENOSPC, `> /dev/full`) or another I/O error is one line on stderr
 * and exit 74; a reader that went away (EPIPE: `| head`) ends the process quietly with the command's status.
 */
function onOutputError(err) {
  if (err?.code === 'EPIPE') process.exit();
  try {
    process.stderr.write(`bloomcalc: cannot write the output: ${String(err?.message ?? err).replace(/\s+/g, ' ')}\n`);
  } catch {
    // stderr is gone too: the status alone tells
  }
  process.exit(EXIT_OUTPUT);
}

/** The process: runs the command line, writes its output, sets the exit status. */
export async function main() {
  process.on('SIGINT', onInterrupt);
  process.stdout.on('error', onOutputError);
  process.stderr.on('error', () => process.exit(process.exitCode ?? EXIT_OUTPUT));
  let result;
  try {
    result = await run(process.argv.slice(2));
  } catch (err) {
    result = { stdout: '', ...describeError(err) };
  }
  process.exitCode = result.code;
  if (result.stdout) process.stdout.write(result.stdout);
  if (result.stderr) process.stderr.write(result.stderr);
}
