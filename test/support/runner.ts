// Runs the committed dist/index.js the way the GitHub runner does: INPUT_* variables with hyphens
// kept and action.yml defaults applied, GITHUB_* context, an event payload file, output and
// summary files, and workflow commands read from stdout.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { secretOf } from '../../src/core/guard/secret.ts';
import { FAKE_TOKEN, GitHubApi } from './github-api.ts';

// fileURLToPath, not `.pathname`, which keeps `%20` for a space in the path.
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

interface ActionYaml {
  inputs: Record<string, { default?: string; required?: boolean }>;
  outputs: Record<string, { description: string }>;
  runs: { using: string; main: string };
}

export function actionYaml(): ActionYaml {
  return parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as ActionYaml;
}

export interface Trigger {
  eventName: string;
  ref: string;
  payload: Record<string, unknown>;
}

export const tagPush = (tag: string): Trigger => ({
  eventName: 'push',
  ref: `refs/tags/${tag}`,
  payload: { ref: `refs/tags/${tag}` },
});

export interface RunOptions {
  inputs: Record<string, string>;
  trigger?: Trigger;
  /** Extra environment, e.g. proxies, NODE_EXTRA_CA_CERTS, RUNNER_DEBUG. */
  env?: Record<string, string>;
  /**
   * The GitHub API the step talks to (GITHUB_API_URL). runAction starts a fake with no releases
   * when it is not given, so that no run ever reaches the real one.
   */
  githubApiUrl?: string;
  /** What `${{ github.token }}` gives; a recognisable fake token when not given. */
  githubToken?: string;
  /** Files written into the workspace before the run, by relative path. */
  files?: Record<string, string | Buffer>;
}

export interface WorkflowCommand {
  command: string;
  properties: Record<string, string>;
  data: string;
}

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  outputsFile: string;
  summary: string;
  /** Commands the runner would act on (stop-commands honoured). */
  commands: WorkflowCommand[];
  /** Annotations: error, warning and notice commands. */
  errors: WorkflowCommand[];
}

/** The environment the runner gives the step. */
export function runnerEnv(options: RunOptions, dir: string): Record<string, string> {
  const trigger = options.trigger ?? tagPush('v1.2.3');
  const eventPath = join(dir, 'event.json');
  writeFileSync(eventPath, JSON.stringify(trigger.payload));
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: dir,
    CI: 'true',
    GITHUB_ACTIONS: 'true',
    GITHUB_EVENT_NAME: trigger.eventName,
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_REF: trigger.ref,
    GITHUB_SHA: '9fceb02d0ae598e95dc970b74767f19372d61af8',
    GITHUB_REPOSITORY: 'octo-creator/shiny-asset',
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_RUN_ID: '4242',
    GITHUB_RUN_ATTEMPT: '1',
    GITHUB_WORKSPACE: dir,
    GITHUB_OUTPUT: join(dir, 'output'),
    GITHUB_STEP_SUMMARY: join(dir, 'summary'),
    RUNNER_TEMP: dir,
    RUNNER_OS: 'Linux',
    // Nothing listens on the discard port: a run without a fake API never reaches GitHub.
    GITHUB_API_URL: options.githubApiUrl ?? 'http://127.0.0.1:9',
  };
  writeFileSync(env.GITHUB_OUTPUT as string, '');
  writeFileSync(env.GITHUB_STEP_SUMMARY as string, '');
  for (const [name, input] of Object.entries(actionYaml().inputs)) {
    const fallback = (input.default ?? '').replace(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the expression the runner evaluates.
      '${{ github.token }}',
      options.githubToken ?? FAKE_TOKEN,
    );
    const value = options.inputs[name] ?? fallback;
    env[`INPUT_${name.replaceAll(' ', '_').toUpperCase()}`] = value;
  }
  return { ...env, ...options.env };
}

/** The runner's reading of GITHUB_OUTPUT: `name<<DELIMITER` blocks. */
export function parseOutputFile(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const match = /^([^<=]+)<<(.+)$/.exec(lines[i] ?? '');
    if (match === null) continue;
    const [, name, delimiter] = match as unknown as [string, string, string];
    const value: string[] = [];
    for (i++; i < lines.length && lines[i] !== delimiter; i++) value.push(lines[i] ?? '');
    outputs[name] = value.join('\n');
  }
  return outputs;
}

export function unescapeData(text: string): string {
  return text.replaceAll('%0D', '\r').replaceAll('%0A', '\n').replaceAll('%25', '%');
}

function unescapeProperty(text: string): string {
  return unescapeData(text).replaceAll('%3A', ':').replaceAll('%2C', ',');
}

// .NET's Trim: JavaScript's whitespace plus NEL (U+0085), which JavaScript does not count.
const TRIM = /^[\s\u0085]+|[\s\u0085]+$/g;

function properties(text: string, separator: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const pair of text.split(separator).filter(Boolean)) {
    const at = pair.indexOf('=');
    found[pair.slice(0, at).trim()] = unescapeProperty(pair.slice(at + 1));
  }
  return found;
}

/** `::name props::data` once the line is trimmed. */
function modernCommand(line: string): WorkflowCommand | undefined {
  if (!line.startsWith('::')) return undefined;
  const end = line.indexOf('::', 2);
  if (end < 0) return undefined;
  const info = line.slice(2, end);
  const space = info.indexOf(' ');
  const name = space < 0 ? info : info.slice(0, space);
  if (name === '') return undefined;
  return {
    command: name.toLowerCase(),
    properties: space < 0 ? {} : properties(info.slice(space + 1).trim(), ','),
    data: unescapeData(line.slice(end + 2)),
  };
}

/** `##[name props]data` anywhere in the line. */
function legacyCommand(line: string): WorkflowCommand | undefined {
  const start = line.indexOf('##[');
  const end = start < 0 ? -1 : line.indexOf(']', start + 3);
  if (end < 0) return undefined;
  const info = line.slice(start + 3, end);
  const space = info.indexOf(' ');
  const name = space < 0 ? info : info.slice(0, space);
  if (name === '') return undefined;
  return {
    command: name.toLowerCase(),
    properties: space < 0 ? {} : properties(info.slice(space + 1), ';'),
    data: unescapeData(line.slice(end + 1)),
  };
}

/**
 * Workflow commands as the runner reads them, or more strictly: lines split on `\r\n`, `\r` and
 * `\n` and trimmed (NEL included, as .NET trims); `::name props::data` at the start of the line;
 * the legacy `##[name props]data` anywhere in it; names in any case (reported in lower case), any
 * name counting; and while `::stop-commands::TOKEN` is in force, only the resume token (any case).
 */
export function parseCommands(output: string): WorkflowCommand[] {
  const commands: WorkflowCommand[] = [];
  let stopToken: string | undefined;
  for (const raw of output.split(/\r\n|\r|\n/)) {
    const line = raw.replace(TRIM, '');
    const command = modernCommand(line) ?? legacyCommand(line);
    if (command === undefined) continue;
    if (stopToken !== undefined) {
      if (command.command === stopToken) stopToken = undefined;
      continue;
    }
    if (command.command === 'stop-commands') {
      stopToken = command.data.toLowerCase();
      continue;
    }
    commands.push(command);
  }
  return commands;
}

export async function runAction(
  options: RunOptions,
  entry = join(ROOT, 'dist/index.js'),
): Promise<RunResult> {
  const dir = mkdtempSync(join(tmpdir(), 'lad-run-'));
  for (const [name, content] of Object.entries(options.files ?? {})) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), content);
  }
  const github = options.githubApiUrl === undefined ? new GitHubApi() : undefined;
  const githubApiUrl = github === undefined ? options.githubApiUrl : await github.start();
  const env = runnerEnv({ ...options, githubApiUrl }, dir);
  const child = spawn(process.execPath, [entry], {
    env,
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  await github?.stop();
  const outputsFile = readFileSync(env.GITHUB_OUTPUT as string, 'utf8');
  const commands = [...parseCommands(stdout), ...parseCommands(stderr)];
  return {
    code,
    stdout,
    stderr,
    outputs: parseOutputFile(outputsFile),
    outputsFile,
    summary: readFileSync(env.GITHUB_STEP_SUMMARY as string, 'utf8'),
    commands,
    errors: commands.filter((c) => ['error', 'warning', 'notice'].includes(c.command)),
  };
}

/**
 * Fragments of the key that must never appear anywhere: every 8-character piece of its secret (the
 * key less its public prefix, SPEC 6.2) and its encodings.
 */
export function keyFragments(key: string): string[] {
  if (key.trim() === '') return [];
  const pieces = new Set<string>();
  const secret = secretOf(key);
  for (let i = 0; i + 8 <= secret.length; i++) pieces.add(secret.slice(i, i + 8));
  pieces.add(JSON.stringify(key));
  pieces.add(encodeURIComponent(key));
  for (const text of [key, `user:${key}`]) {
    const base64 = Buffer.from(text).toString('base64');
    pieces.add(base64.slice(8, 24));
    pieces.add(base64.replaceAll('+', '-').replaceAll('/', '_').slice(8, 24));
  }
  return [...pieces];
}

/**
 * Every place the step leaves text, minus the `::add-mask::` lines, which the runner consumes
 * without printing.
 */
export function everythingPrinted(result: RunResult): string {
  const log = `${result.stdout}\n${result.stderr}`
    .split(/\r\n|\r|\n/)
    .filter((line) => !line.startsWith('::add-mask::'))
    .join('\n');
  return [log, result.outputsFile, result.summary].join('\n');
}

export function leakedFragments(result: RunResult, key: string): string[] {
  const text = everythingPrinted(result);
  return keyFragments(key).filter((piece) => text.includes(piece));
}
