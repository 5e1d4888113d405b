// wasm/cli/options.generated.mjs: each command's declaration (schema/cli.mjs) with its options as node:util parseArgs
// specs (the help's valueName and description), its synopsis written from them, and its examples.
import { COMMANDS, INPUTS, QUANTITIES, kebab } from '../../schema/index.mjs';

/** The field `ref` ('Input.name') names, or the field reading it as an older or other name: { field, name }. */
export function fieldOf(ref) {
  const [type, name] = ref.split('.');
  const fields = INPUTS[type]?.fields ?? {};
  if (Object.hasOwn(fields, name)) return { field: fields[name], name };
  const owner = Object.values(fields).find((f) => f.older?.includes(name) || Object.hasOwn(f.also ?? {}, name));
  if (!owner) throw new Error(`schema/cli.mjs: ${ref} is no field of ${type}`);
  return { field: owner, name, older: owner.older?.includes(name) };
}

/** A command's options as names: { flag, name (the API field or the flag), older (an older name of a field) }. */
export function commandNames(command) {
  return COMMANDS[command].options.map((option) => {
    if (!Array.isArray(option)) return { flag: option.flag, name: option.flag, older: false };
    const { name, older = false } = fieldOf(option[0]);
    return { flag: kebab(name), name, older };
  });
}

export function commandOptions(command) {
  const { options, shorts = true } = COMMANDS[command];
  return Object.fromEntries(
    options.map((option) => {
      if (!Array.isArray(option)) {
        const spec = { type: option.type };
        if (option.short) spec.short = option.short;
        if (option.value) spec.valueName = option.value;
        return [option.flag, { ...spec, description: option.help }];
      }
      const [ref, value, help] = option;
      const { field, name, older } = fieldOf(ref);
      const boolean = field.kind === 'flag' || (older && field.olderType?.[name] === 'boolean');
      const spec = { type: boolean ? 'boolean' : 'string' };
      if (shorts && name.length === 1) spec.short = name;
      if (value) spec.valueName = value;
      return [kebab(name), { ...spec, description: help }];
    }),
  );
}

const WIDTH = 116;

/**
 * The synopsis after `Usage: `: the required options, the alternatives (`(--a A | --b B)`, optional ones in
 * brackets) where their first option stands, the others in brackets, in help order; older names left out.
 */
export function commandUsage(command) {
  const { positional, required = [], alternatives = [] } = COMMANDS[command];
  const specs = commandOptions(command);
  const older = new Set(
    commandNames(command)
      .filter((o) => o.older)
      .map((o) => o.flag),
  );
  const word = (flag) => (specs[flag].type === 'boolean' ? `--${flag}` : `--${flag} ${specs[flag].valueName ?? 'value'}`);
  const words = [];
  for (const flag of Object.keys(specs)) {
    if (older.has(flag)) continue;
    const group = alternatives.find((a) => a.flags.includes(flag));
    if (group) {
      const shown = group.flags.filter((f) => !older.has(f));
      if (shown[0] !== flag) continue;
      const text = shown.map(word).join(' | ');
      words.push(group.optional ? `[${text}]` : shown.length > 1 ? `(${text})` : text);
    } else words.push(required.includes(flag) ? word(flag) : `[${word(flag)}]`);
  }
  words.push('[--json]');
  const head = `Usage: bloomcalc ${command}${positional ? ` ${positional.valueName}` : ''}`;
  const indent = ' '.repeat(head.length + 1);
  const lines = [head];
  for (const w of words) {
    if (lines.at(-1).length + 1 + w.length > WIDTH) lines.push(`${indent}${w}`);
    else lines[lines.length - 1] += ` ${w}`;
  }
  return lines.join('\n').slice('Usage: '.length);
}

/** The command's examples, then those of its options' fields that run it. */
export function commandExamples(command) {
  const own = COMMANDS[command].examples ?? [];
  const fields = COMMANDS[command].options.filter(Array.isArray).map(([ref]) => fieldOf(ref).field);
  const theirs = fields.flatMap((f) => f.examples ?? []).filter((e) => e.startsWith(`bloomcalc ${command} `));
  return [...own, ...new Set(theirs)];
}

export function commandDeclaration(command) {
  const { options: _options, examples: _examples, shorts: _shorts, alternatives: _alternatives, ...rest } = COMMANDS[command];
  return { ...rest, usage: commandUsage(command), options: commandOptions(command), examples: commandExamples(command) };
}

export function cliOptions(header) {
  return [
    header('//'),
    "// Each command's declaration: its help (summary, usage, description, notes, examples), required options, the method",
    '// it computes (when its module has no compute of its own) and its options, node:util parseArgs specs with the help',
    '// text (valueName, description), in help order.',
    `export const QUANTITY_HELP = ${JSON.stringify(QUANTITIES)};`,
    'export const COMMANDS = {',
    ...Object.keys(COMMANDS).map((command) => `  ${command}: ${JSON.stringify(commandDeclaration(command))},`),
    '};',
    '',
  ].join('\n');
}
