// Text for a person on standard error: guarded, one line per line, colour only on a terminal.
import { type Guard, makeGuard } from '../core/guard/guard.js';
import { breakLegacyCommands, commandFree } from '../core/guard/safe-text.js';
import type { Env } from '../core/inputs.js';
import { annotationsOf, type RunReport, rowCells, rowsOf, TABLE_HEAD } from '../core/report.js';
import { KEY_VARIABLE } from './options.js';

const SGR = { error: '31', warning: '33', ok: '32', dim: '2' };
type Style = keyof typeof SGR;

/** The command also runs in GitHub jobs: no line may act as a workflow command, nor drive a terminal. */
export function printable(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are what is replaced.
  return commandFree(text).replace(/[\u0000-\u001f\u007f-\u009f]/g, '\uFFFD');
}

/** As printable(): JSON leaves `##[`, C1 controls and U+2028/2029 as they are; here, `\u` escapes. */
export function printableJson(value: unknown, redact: (text: string) => string): string {
  // Every string guarded on its own, so that one bad message hides only itself.
  const guarded = (_: string, field: unknown) =>
    typeof field === 'string' ? redact(field) : field;
  const json = JSON.stringify(value, guarded, 2).replace(
    /[\u007f-\u009f\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return `${breakLegacyCommands(json)}\n`;
}

const guardOf = (key: string) => makeGuard([{ name: 'the API key', value: key.trim() }]);

export class Terminal {
  readonly #colour: boolean;
  /** The key read last, else the variable's: a usage error may quote it. */
  #guard: Guard;
  readonly redact: Guard = Object.assign((text: string, cut?: boolean) => this.#guard(text, cut), {
    secretIn: (text: string, cut?: boolean) => this.#guard.secretIn(text, cut),
  });

  constructor(
    private readonly output: { write(text: string): unknown; readonly isTTY?: boolean },
    env: Env,
  ) {
    // no-color.org: NO_COLOR set to anything.
    this.#colour = output.isTTY === true && (env.NO_COLOR ?? '') === '';
    this.#guard = guardOf(env[KEY_VARIABLE] ?? '');
  }

  guard(key: string): string {
    this.#guard = guardOf(key);
    return key;
  }

  debug(verbose: boolean) {
    return verbose ? (text: string) => this.line(`debug: ${text}`, 'dim') : undefined;
  }

  line(text: string, style?: Style): void {
    this.#write(printable(this.redact(text)), style);
  }

  #write(text: string, style: Style | undefined): void {
    const painted = style !== undefined && this.#colour;
    this.output.write(`${painted ? `\u001b[${SGR[style]}m${text}\u001b[0m` : text}\n`);
  }

  problem({ level, title, message }: ReturnType<typeof annotationsOf>[number]): void {
    this.line(`${level}: ${title}`, level === 'notice' ? undefined : level);
    this.line(`  ${message}`);
  }

  finish(report: RunReport): void {
    for (const annotation of annotationsOf(report)) this.problem(annotation);
    const rows = rowsOf(report);
    if (rows.length === 0) return;
    const table = [
      TABLE_HEAD,
      ...rows.map((row) => {
        const [result = '', ...cells] = rowCells(row, () => '—');
        // The summary's words without its emoji, whose width terminals disagree on.
        return [row.listingId, result.replace(/^[^\p{L}]+/u, ''), ...cells];
      }),
    ].map((cells) => cells.map((cell) => printable(this.redact(cell))));
    const width = (column: number) =>
      Math.max(...table.map((cells) => [...(cells[column] ?? '')].length));
    this.output.write('\n');
    table.forEach((cells, index) => {
      const text = cells.map((cell, column) => cell + ' '.repeat(width(column) - [...cell].length));
      const row = rows[index - 1];
      const style = !row ? 'dim' : row.problem ? 'error' : row.state === 'sent' ? 'ok' : undefined;
      this.#write(text.join('  ').trimEnd(), style);
    });
  }
}
