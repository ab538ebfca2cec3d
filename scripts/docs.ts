// `npm run docs`: writes the README's inputs and outputs tables from action.yml, between the
// <!-- inputs --> and <!-- outputs --> markers, and the command's options table in
// docs/command-line.md from the definitions its parser reads (<!-- cli-options -->). A test fails
// when either page has drifted.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { flagOf, OPTIONS, SETTINGS, variableOf } from '../src/cli/options.ts';

interface ActionMetadata {
  inputs: Record<string, { description: string; required?: boolean; default?: string }>;
  outputs: Record<string, { description: string }>;
}

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ').trim();

export function inputsTable(action: ActionMetadata): string {
  const rows = Object.entries(action.inputs).map(([name, input]) => {
    const fallback =
      input.default === undefined || input.default === '' ? '' : `\`${input.default}\``;
    return `| \`${name}\` | ${input.required ? 'yes' : 'no'} | ${fallback} | ${cell(input.description)} |`;
  });
  return ['| input | required | default | description |', '|---|---|---|---|', ...rows].join('\n');
}

export function outputsTable(action: ActionMetadata): string {
  const rows = Object.entries(action.outputs).map(
    ([name, output]) => `| \`${name}\` | ${cell(output.description)} |`,
  );
  return ['| output | description |', '|---|---|', ...rows].join('\n');
}

/** The command's options, from the definitions `parseArgs` and `--help` read. */
export function optionsTable(): string {
  const rows = Object.entries(OPTIONS).map(([name, option]) => {
    const variable = Object.hasOwn(SETTINGS, name) ? `\`${variableOf(name)}\`` : '';
    return (
      `| \`${cell(flagOf(name, option))}\` | ${variable} | ` +
      `${option.fallback === undefined ? '' : `\`${option.fallback}\``} | ${cell(option.description)} |`
    );
  });
  return ['| option | variable | default | description |', '|---|---|---|---|', ...rows].join('\n');
}

function between(text: string, marker: string, content: string): string {
  const start = `<!-- ${marker}:start -->`;
  const end = `<!-- ${marker}:end -->`;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`no ${start} … ${end} block`);
  return `${text.slice(0, from + start.length)}\n${content}\n${text.slice(to)}`;
}

export function renderReadme(readme: string, actionYaml: string): string {
  const action = parse(actionYaml) as ActionMetadata;
  return between(between(readme, 'inputs', inputsTable(action)), 'outputs', outputsTable(action));
}

export function renderCommandLine(page: string): string {
  return between(page, 'cli-options', optionsTable());
}

if (import.meta.main) {
  const root = fileURLToPath(new URL('../', import.meta.url));
  const readmePath = join(root, 'README.md');
  const commandLinePath = join(root, 'docs', 'command-line.md');
  const action = readFileSync(join(root, 'action.yml'), 'utf8');
  writeFileSync(readmePath, renderReadme(readFileSync(readmePath, 'utf8'), action));
  writeFileSync(commandLinePath, renderCommandLine(readFileSync(commandLinePath, 'utf8')));
  console.log(
    'README.md: inputs and outputs tables written from action.yml; ' +
      'docs/command-line.md: options from src/cli/options.ts.',
  );
}
