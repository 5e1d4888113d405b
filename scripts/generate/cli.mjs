// wasm/cli/options.generated.mjs: each command's options (node:util parseArgs specs with the help's valueName and
// description), from schema/cli.mjs and the fields they set (schema/inputs.mjs).
import { COMMANDS, INPUTS, kebab } from '../../schema/index.mjs';

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
      const boolean = older && field.olderType?.[name] === 'boolean';
      const spec = { type: boolean ? 'boolean' : 'string' };
      if (shorts && name.length === 1) spec.short = name;
      if (value) spec.valueName = value;
      return [kebab(name), { ...spec, description: help }];
    }),
  );
}

export function cliOptions(header) {
  return [
    header('//'),
    '// Each command\'s options: node:util parseArgs specs with the help text (valueName, description), in help order.',
    'export const OPTIONS = {',
    ...Object.keys(COMMANDS).map((command) => `  ${command}: ${JSON.stringify(commandOptions(command))},`),
    '};',
    '',
  ].join('\n');
}
