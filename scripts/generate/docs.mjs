// The parameter tables of docs/api.md (every method's input), docs/cli.md (every command's options) and
// docs/vocabulary.md (every name, its meaning and surfaces: schema/vocabulary.mjs), written
// between markers into the hand-written pages: `<!-- generated: NAME … -->` and `<!-- end generated: NAME -->`.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

import { CALCULATORS, COMMANDS, INPUTS, KINDS, METHODS, VOCABULARY, kebab } from '../../schema/index.mjs';
import { commandNames, commandOptions, commandUsage } from './cli.mjs';
import { resultTables } from './results.mjs';

const cell = (text) =>
  String(text ?? '')
    .replace(/\n/g, ' ')
    .replace(/\|/g, '\\|');
const code = (value) => `\`${typeof value === 'string' ? `'${value}'` : JSON.stringify(value)}\``;

function inputTables() {
  const methodsOf = (type) =>
    Object.entries(METHODS)
      .filter(([, m]) => m.input === type)
      .map(([name]) => `\`${name}\``);
  const lines = [
    'Each input, as the schema declares it (`schema/inputs.mjs`, composing the field groups of `schema/fields.mjs`): a field',
    'absent gets its default (filled by JS before the core sees the input); an older name is still read. Kinds: ' +
      Object.entries(KINDS)
        .map(([kind, what]) => `**${kind}** ${what}`)
        .join('; ') +
      '.',
  ];
  for (const [type, { fields }] of Object.entries(INPUTS)) {
    lines.push(
      '',
      `### ${type}`,
      '',
      `Read by ${methodsOf(type).join(', ')}.`,
      '',
      '| field | kind | required | default | older names | meaning |',
      '|---|---|---|---|---|---|',
    );
    for (const [name, f] of Object.entries(fields)) {
      const kind = f.type ? `${f.kind} (\`${f.type}\`)` : f.kind;
      const others = [...(f.older ?? []), ...Object.keys(f.also ?? {})].map((x) => `\`${x}\``).join(', ');
      lines.push(
        `| \`${name}\` | ${cell(kind)} | ${f.required ? 'yes' : ''} | ${f.default === undefined ? '' : code(f.default)} | ${others} | ${cell(f.doc)} |`,
      );
    }
  }
  return lines;
}

function optionTables() {
  const lines = ["Each command's synopsis and options, as the schema declares them (`schema/cli.mjs`); every command also takes `--json` and `--help`."];
  for (const command of Object.keys(COMMANDS)) {
    lines.push('', `### \`bloomcalc ${command}\``, '', `${COMMANDS[command].summary}.`, '', '```', `Usage: ${commandUsage(command)}`, '```');
    lines.push('', '| option | value | meaning |', '|---|---|---|');
    for (const [flag, spec] of Object.entries(commandOptions(command))) {
      const name = spec.short ? `\`-${spec.short}\`, \`--${flag}\`` : `\`--${flag}\``;
      lines.push(`| ${name} | ${spec.valueName ? `\`${cell(spec.valueName)}\`` : ''} | ${cell(spec.description)} |`);
    }
  }
  return lines;
}

// Where each name is a current name: the input types, commands and calculators (with the URL key when it is not the name).
function surfacesOf(name) {
  const api = Object.entries(INPUTS)
    .filter(([, { fields }]) => Object.hasOwn(fields, name) || Object.values(fields).some((f) => Object.hasOwn(f.also ?? {}, name)))
    .map(([type]) => type);
  const cli = Object.keys(COMMANDS).filter((command) => commandNames(command).some((o) => o.name === name && !o.older));
  const element = Object.entries(CALCULATORS)
    .filter(([, { fields }]) => Object.hasOwn(fields, name))
    .map(([calc, { fields }]) => {
      const url = fields[name].url;
      return url && url !== name && url !== kebab(name) ? `${calc} (${url})` : calc;
    });
  return { api, cli, element };
}

function vocabularyTable() {
  const list = (items) => (items.length ? items.join(', ') : '—');
  const lines = [
    '| name | meaning | JS API (input type) | CLI (command) | element (calculator, URL key) | older names (aliases) |',
    '|---|---|---|---|---|---|',
  ];
  for (const [names, meaning, older] of VOCABULARY) {
    const on = names.map(surfacesOf);
    const union = (key) => [...new Set(on.flatMap((s) => s[key]))];
    const spelt =
      names.length === 1 && kebab(names[0]) !== names[0]
        ? ` (${[union('cli').length ? `\`--${kebab(names[0])}\`` : '', union('element').length ? `\`${kebab(names[0])}\`` : ''].filter(Boolean).join(', ')})`
        : '';
    const name = names.map((n) => `\`${n}\``).join(', ') + spelt;
    lines.push(`| ${name} | ${cell(meaning)} | ${list(union('api'))} | ${list(union('cli'))} | ${list(union('element'))} | ${older ? cell(older) : '—'} |`);
  }
  return lines;
}

/** `text` with the block between the markers of `name` replaced by `lines` (the markers must be there). */
function between(text, name, lines, path) {
  const start = `<!-- generated: ${name} (scripts/generate.mjs from schema/; npm run generate) -->`;
  const end = `<!-- end generated: ${name} -->`;
  const i = text.indexOf(start);
  const j = text.indexOf(end);
  if (i < 0 || j < i) throw new Error(`${path}: the markers of the generated ${name} are missing`);
  return `${text.slice(0, i + start.length)}\n${lines.join('\n')}\n${text.slice(j)}`;
}

export async function docsPages(root) {
  const api = await readFile(join(root, 'docs/api.md'), 'utf8');
  const cli = await readFile(join(root, 'docs/cli.md'), 'utf8');
  const vocabulary = await readFile(join(root, 'docs/vocabulary.md'), 'utf8');
  return {
    'docs/vocabulary.md': between(vocabulary, 'vocabulary', vocabularyTable(), 'docs/vocabulary.md'),
    'docs/api.md': between(between(api, 'inputs', inputTables(), 'docs/api.md'), 'results', resultTables(), 'docs/api.md'),
    'docs/cli.md': between(cli, 'options', optionTables(), 'docs/cli.md'),
  };
}
