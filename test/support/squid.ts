// Starts test/support/squid-world.ts in a network namespace with only loopback, and runs the bundle
// there on request. `squidSkipReason()` says why it cannot run here (no squid, no unshare, not
// allowed to make a namespace), so the suite is skipped saying so; `tinyproxySkipReason()` the same
// for the tinyproxy cases.
import { type ChildProcessWithoutNullStreams, execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { ROOT, type RunOptions, type RunResult } from './runner.ts';

export const NAMES = ['marketplace.test', 'github.test', 'dead.test'] as const;
export const PROXY_USER = 'ops';
/** Recognisable, so the suite can look for any part of it in everything printed. */
export const PROXY_PASSWORD = 'Sq1d-Pw-7rQx92Lm';

export interface World {
  /** https://marketplace.test:PORT/v1 */
  readonly marketplace: string;
  /** https://github.test:PORT */
  readonly github: string;
  /** An https address squid resolves but where nothing listens. */
  readonly deadUpstream: string;
  /** host:port of squid without authentication. */
  readonly openProxy: string;
  /** host:port of squid asking for basic authentication. */
  readonly authProxy: string;
  /** host:port where no proxy listens. */
  readonly deadProxy: string;
  /** host:port of squid tunnelling to port 443 only (403 for any other port). */
  readonly strictProxy: string;
  /**
   * tinyproxy, when installed: `open` without authentication, `guarded` asking for basic
   * authentication (401 for wrong credentials) and tunnelling to port 443 only (403 otherwise).
   */
  readonly tinyproxy?: { readonly open: string; readonly guarded: string };
  /** For NODE_EXTRA_CA_CERTS. */
  readonly caFile: string;
}

export interface Ran {
  readonly result: RunResult;
  /** Paths the marketplace received. */
  readonly marketplace: string[];
  /** Paths the GitHub API received. */
  readonly github: string[];
  /** squid's access log lines of this run: `METHOD URL STATUS`. */
  readonly squid: string[];
  /** tinyproxy's tunnels of this run: `CONNECT host:port`. */
  readonly tinyproxy: string[];
}

function onPath(command: string): boolean {
  const dirs = (process.env.PATH ?? '').split(':').concat(['/usr/sbin', '/sbin']);
  return dirs.some((dir) => dir !== '' && existsSync(join(dir, command)));
}

/** Why the real-proxy suite cannot run on this machine, or undefined when it can. */
export function squidSkipReason(): string | undefined {
  if (!onPath('squid')) return 'squid is not installed (apt-get install -y squid)';
  if (!existsSync('/usr/lib/squid/basic_ncsa_auth')) return "squid's basic_ncsa_auth is missing";
  if (!onPath('unshare') || !onPath('ip')) return 'unshare or ip (util-linux, iproute2) is missing';
  if (!onPath('openssl')) return 'openssl is missing';
  try {
    execFileSync('unshare', ['-n', 'ip', 'link', 'set', 'lo', 'up'], { stdio: 'ignore' });
  } catch {
    return 'a network namespace cannot be made here (unshare -n needs root)';
  }
  return undefined;
}

/** Why the tinyproxy cases cannot run here, or undefined when they can (with the squid world). */
export function tinyproxySkipReason(): string | undefined {
  if (!onPath('tinyproxy')) return 'tinyproxy is not installed (apt-get install -y tinyproxy)';
  try {
    execFileSync('unshare', ['-m', 'true'], { stdio: 'ignore' });
  } catch {
    return 'a mount namespace cannot be made here (unshare -m needs root)';
  }
  return undefined;
}

export class SquidWorld {
  readonly #child: ChildProcessWithoutNullStreams;
  readonly #waiting = new Map<number, (ran: Ran) => void>();
  #next = 1;
  #stderr = '';
  world!: World;

  private constructor() {
    // Only loopback exists in the namespace, brought up before anything starts.
    this.#child = spawn(
      'unshare',
      [
        '-n',
        'sh',
        '-c',
        'ip link set lo up && exec "$0" "$@"',
        process.execPath,
        join(ROOT, 'test/support/squid-world.ts'),
      ],
      {
        cwd: ROOT,
        stdio: 'pipe',
        env: {
          ...process.env,
          NODE_OPTIONS: '',
          LAD_TINYPROXY: tinyproxySkipReason() === undefined ? '1' : '',
        },
      },
    );
    this.#child.stderr.setEncoding('utf8').on('data', (chunk: string) => (this.#stderr += chunk));
  }

  static async start(): Promise<SquidWorld> {
    const world = new SquidWorld();
    const lines = createInterface({ input: world.#child.stdout });
    world.world = await new Promise<World>((resolve, reject) => {
      world.#child.on('exit', (code) =>
        reject(new Error(`the squid world exited (${code}): ${world.#stderr.slice(-3000)}`)),
      );
      lines.on('line', (line) => {
        const message = JSON.parse(line) as { ready?: World; id?: number; run?: Ran };
        if (message.ready) resolve(message.ready);
        if (message.id !== undefined && message.run) world.#waiting.get(message.id)?.(message.run);
      });
    });
    return world;
  }

  /** Runs the committed bundle inside the namespace. */
  run(options: RunOptions): Promise<Ran> {
    const id = this.#next++;
    return new Promise((resolve) => {
      this.#waiting.set(id, resolve);
      this.#child.stdin.write(`${JSON.stringify({ id, options })}\n`);
    });
  }

  /** Ends the world: squid is stopped, the servers closed, the namespace goes with them. */
  async stop(): Promise<void> {
    if (this.#child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.#child.on('exit', resolve));
    this.#child.stdin.end();
    await exited;
  }
}
