// `npm run docs`: writes the inputs and outputs tables from action.yml, between the
// <!-- inputs --> and <!-- outputs --> markers, and the command's options table from the
// definitions its parser reads (<!-- cli-options -->), in the README or the page under docs/
// that holds each marker. A test fails when a table has drifted.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { flagOf, OPTIONS, variableOf } from '../src/cli/options.ts';

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

/** The command's options (SPEC 9.1), from the definitions `parseArgs` and `--help` read. */
export function optionsTable(): string {
  const rows = OPTIONS.map((option) => {
    const variable = variableOf(option);
    return (
      `| \`${cell(flagOf(option))}\` | ${variable === undefined ? '' : `\`${variable}\``} | ` +
      `${option.fallback === undefined ? '' : `\`${option.fallback}\``} | ${cell(option.description)} |`
    );
  });
  return ['| option | variable | default | description |', '|---|---|---|---|', ...rows].join('\n');
}

const MARKERS = ['inputs', 'outputs', 'cli-options'] as const;
type Marker = (typeof MARKERS)[number];

/** The blocks between `<!-- name:start -->` and `<!-- name:end -->` that `text` holds. */
export function markersIn(text: string): Marker[] {
  return MARKERS.filter((marker) => {
    const from = text.indexOf(`<!-- ${marker}:start -->`);
    return from >= 0 && text.indexOf(`<!-- ${marker}:end -->`) > from;
  });
}

function between(text: string, marker: string, content: string): string {
  const start = `<!-- ${marker}:start -->`;
  const end = `<!-- ${marker}:end -->`;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) return text;
  return `${text.slice(0, from + start.length)}\n${content}\n${text.slice(to)}`;
}

/** Every generated table a document holds, written again; a document without one is unchanged. */
export function renderReadme(readme: string, actionYaml: string): string {
  const action = parse(actionYaml) as ActionMetadata;
  const tables: Record<Marker, () => string> = {
    inputs: () => inputsTable(action),
    outputs: () => outputsTable(action),
    'cli-options': optionsTable,
  };
  return markersIn(readme).reduce(
    (text, marker) => between(text, marker, tables[marker]()),
    readme,
  );
}

if (import.meta.main) {
  const root = fileURLToPath(new URL('../', import.meta.url));
  const docs = join(root, 'docs');
  // The tables may live in the README or in a page under docs/: wherever their markers are.
  const paths = [
    join(root, 'README.md'),
    ...(existsSync(docs)
      ? readdirSync(docs)
          .filter((name) => name.endsWith('.md'))
          .map((name) => join(docs, name))
      : []),
  ];
  const actionYaml = readFileSync(join(root, 'action.yml'), 'utf8');
  const found = new Set<Marker>();
  for (const path of paths) {
    const text = readFileSync(path, 'utf8');
    for (const marker of markersIn(text)) found.add(marker);
    const updated = renderReadme(text, actionYaml);
    if (updated !== text) writeFileSync(path, updated);
  }
  const missing = MARKERS.filter((marker) => !found.has(marker));
  if (missing.length > 0) {
    throw new Error(`No document has the ${missing.join(', ')} block (<!-- name:start -->).`);
  }
  console.log(
    'Inputs and outputs tables written from action.yml, options from src/cli/options.ts.',
  );
}
