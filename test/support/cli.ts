// Runs the committed dist/cli/index.js as a CI job or a person runs it: a child process with the
// environment given (nothing of the test's own), arguments, optional standard input, in a folder.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { keyFragments, ROOT } from './runner.ts';

export const CLI = join(ROOT, 'dist/cli/index.js');

export interface CliRun {
  args: string[];
  env?: Record<string, string>;
  stdin?: string;
  /** Files written into the working folder first, by relative path. */
  files?: Record<string, string>;
  /** Another entry, e.g. the installed bin of a packed tarball. */
  entry?: string;
  /** Run `entry` itself, as a shell runs a linked bin (its `#!` line), not through node. */
  direct?: boolean;
  /** The working folder; a fresh one when not given. */
  cwd?: string;
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
  cwd: string;
}

export async function runCli(run: CliRun): Promise<CliResult> {
  const cwd = run.cwd ?? mkdtempSync(join(tmpdir(), 'lad-cli-'));
  for (const [name, content] of Object.entries(run.files ?? {})) {
    mkdirSync(dirname(join(cwd, name)), { recursive: true });
    writeFileSync(join(cwd, name), content);
  }
  const entry = run.entry ?? CLI;
  const [command, args] = run.direct ? [entry, run.args] : [process.execPath, [entry, ...run.args]];
  const child = spawn(command, args, {
    cwd,
    // SystemRoot: Node on Windows needs it to start its networking.
    env: {
      PATH: process.env.PATH ?? '',
      HOME: cwd,
      ...(process.env.SystemRoot === undefined ? {} : { SystemRoot: process.env.SystemRoot }),
      ...run.env,
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  // A command that exits without reading its input (most runs) may close the pipe before the input
  // reaches it: EPIPE on this end then says nothing about the run, whose exit code does. Any other
  // error of the pipe fails the run.
  let stdinError: NodeJS.ErrnoException | undefined;
  child.stdin.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') stdinError = error;
  });
  if (run.stdin === undefined) child.stdin.end();
  else child.stdin.end(run.stdin);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (stdinError !== undefined) throw stdinError;
  return { code, stdout, stderr, cwd };
}

/** The pieces of `key` found in anything the command printed. */
export function cliLeaks(result: { stdout: string; stderr: string }, key: string): string[] {
  const printed = `${result.stdout}\n${result.stderr}`;
  return keyFragments(key).filter((piece) => printed.includes(piece));
}
