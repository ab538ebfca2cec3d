// What the action says to the runner, in the forms GitHub documents ("Workflow commands for GitHub
// Actions"): lines on stdout, `::command properties::data` commands, and outputs appended to the
// `GITHUB_OUTPUT` file. These are the few that the action uses, written here rather than through
// @actions/core: its one entry point also loads its OIDC client, and with it all of undici and
// @actions/exec, on every run (twice the bundle, and start-up well above its floor; see
// CONTRIBUTING.md, "Dependencies"). test/action/workflow-commands.test.ts holds them to @actions/core's
// own output, byte for byte.
import { randomUUID } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import { EOL } from 'node:os';

/** A command's data: the runner reads one line, and decodes these three escapes. */
function escapeData(text: string): string {
  return text.replaceAll('%', '%25').replaceAll('\r', '%0D').replaceAll('\n', '%0A');
}

/** A property's value: a colon ends the properties and a comma the value, so both are escaped too. */
function escapeProperty(text: string): string {
  return escapeData(text).replaceAll(':', '%3A').replaceAll(',', '%2C');
}

/** `::name::data`, or `::name title=…::data` with a title (the only property the action sets). */
function command(name: string, data: string, title = ''): void {
  const properties = title === '' ? '' : ` title=${escapeProperty(title)}`;
  process.stdout.write(`::${name}${properties}::${escapeData(data)}${EOL}`);
}

/** A line of the log. */
export function info(text: string): void {
  process.stdout.write(`${text}${EOL}`);
}

/** Asks the runner to hide `secret` wherever it would print it from now on. */
export function mask(secret: string): void {
  command('add-mask', secret);
}

export type AnnotationLevel = 'error' | 'warning' | 'notice';

/** An annotation on the run, with its title (none when empty, as the runner reads an empty one). */
export function annotate(level: AnnotationLevel, message: string, title = ''): void {
  command(level, message, title);
}

/** Lines the log folds under `title`. */
export function group(title: string, lines: Iterable<string>): void {
  command('group', title);
  for (const line of lines) info(line);
  command('endgroup', '');
}

/**
 * Appends an output to the runner's `GITHUB_OUTPUT` file as a heredoc. Its delimiter is drawn at
 * random when the value is written, so no value (a server's answer included) can end it early.
 * Without the file (an old runner, a local run), the `set-output` command.
 */
export function setOutput(outputFile: string, name: string, value: string): void {
  if (outputFile === '') {
    process.stdout.write(EOL);
    process.stdout.write(`::set-output name=${escapeProperty(name)}::${escapeData(value)}${EOL}`);
    return;
  }
  const delimiter = `ghadelimiter_${randomUUID()}`;
  appendFileSync(outputFile, `${name}<<${delimiter}${EOL}${value}${EOL}${delimiter}${EOL}`);
}
