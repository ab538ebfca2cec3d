import { makeGuard } from '../core/guard/guard.js';
import type { Redact } from '../core/guard/secret.js';
import type { Env } from '../core/inputs.js';
import type { DebugLog } from '../core/transport/debug-lines.js';
import type { KeySource } from './args.js';
import { type KeyReaders, readKey } from './key.js';
import { KEY_VARIABLE } from './options.js';
import { colourFor, type Output, Terminal } from './terminal.js';

export interface Io {
  readonly stdout: Output;
  readonly stderr: Output;
  readonly keys: KeyReaders;
}

export const EXIT = { ok: 0, failed: 1, stopped: 2 } as const;

/** The guard and the terminal: first for the variable's key, then the key read. */
export class View {
  redact: Redact;
  out: Terminal;

  constructor(
    private readonly io: Io,
    private readonly env: Env,
  ) {
    // Until the key is read, the guard knows the variable's key: a usage error may quote it.
    [this.redact, this.out] = this.#make(env[KEY_VARIABLE] ?? '');
  }

  async readKey(source: KeySource): Promise<string> {
    const key = await readKey(source, this.env, this.io.keys);
    [this.redact, this.out] = this.#make(key);
    return key;
  }

  debugLog(verbose: boolean): DebugLog | undefined {
    return verbose ? (text) => this.out.line(`debug: ${text}`, 'dim') : undefined;
  }

  #make(key: string): [Redact, Terminal] {
    const redact = makeGuard([{ name: 'the API key', value: key.trim() }]);
    return [redact, new Terminal(this.io.stderr, redact, colourFor(this.io.stderr, this.env))];
  }
}
