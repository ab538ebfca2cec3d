// A world of its own for the real-proxy suite (test/e2e/squid.test.ts), run inside a network
// namespace that has only loopback (`unshare -n`): Debian's squid on loopback with its own config
// (and tinyproxy, when LAD_TINYPROXY is 1: two of them, see startTinyproxy),
// the marketplace emulator and the fake GitHub API over https, and the committed bundle run as the
// runner runs it. The names `marketplace.test`, `github.test` and `dead.test` look non-loopback
// to the action (so it proxies them) and resolve to 127.0.0.1 only in squid's `hosts_file`:
// a request that does not go through squid cannot even look them up.
//
// Protocol, one JSON object per line: the world prints `{"ready": World}`, then for each line
// `{"id", "options": RunOptions}` it reads, runs the bundle and prints `{"id", "run": Ran}`. It stops
// squid and exits when its input ends.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { Emulator, initialListings } from './emulator.ts';
import { GitHubApi } from './github-api.ts';
import { type RunOptions, runAction } from './runner.ts';
import { NAMES, PROXY_PASSWORD, PROXY_USER, type Ran, type World } from './squid.ts';
import { makeCertificate } from './tls.ts';

const OPEN_PORT = 3128;
const AUTH_PORT = 3129;
// A fresh namespace: nothing else listens on these.
const DEAD_PROXY_PORT = 3130;
const STRICT_PORT = 3131;
const DEAD_UPSTREAM_PORT = 9;
// tinyproxy: one open, one asking for credentials that tunnels to port 443 only.
const TINY_OPEN_PORT = 8888;
const TINY_GUARDED_PORT = 8889;

function tinyproxyConfig(dir: string, name: string, port: number, guarded: boolean): string {
  return [
    `Port ${port}`,
    'Listen 127.0.0.1',
    'Timeout 10',
    'MaxClients 20',
    // One line per request, CONNECT host:port among them.
    'LogLevel Connect',
    `LogFile "${join(dir, `${name}.log`)}"`,
    ...(guarded ? [`BasicAuth ${PROXY_USER} ${PROXY_PASSWORD}`, 'ConnectPort 443'] : []),
    '',
  ].join('\n');
}

/**
 * tinyproxy resolves names as the system does, with no hosts file of its own: it runs in a mount
 * namespace of its own where /etc/hosts is the world's. Undefined where tinyproxy is missing.
 */
async function startTinyproxy(dir: string, name: string, port: number, guarded: boolean) {
  writeFileSync(join(dir, `${name}.conf`), tinyproxyConfig(dir, name, port, guarded), {
    mode: 0o644,
  });
  writeFileSync(join(dir, `${name}.log`), '', { mode: 0o666 });
  const tinyproxy = spawn(
    'unshare',
    [
      '-m',
      'sh',
      '-c',
      'mount --bind "$0" /etc/hosts && exec tinyproxy -d -c "$1"',
      join(dir, 'hosts'),
      join(dir, `${name}.conf`),
    ],
    { stdio: 'ignore' },
  );
  await Promise.race([
    listening(port, Date.now() + 15_000),
    once(tinyproxy, 'exit').then(() => {
      throw new Error(`tinyproxy exited: ${readFileSync(join(dir, `${name}.log`), 'utf8')}`);
    }),
  ]);
  return tinyproxy;
}

function squidConfig(dir: string): string {
  return [
    `http_port 127.0.0.1:${OPEN_PORT} name=open`,
    `http_port 127.0.0.1:${AUTH_PORT} name=auth`,
    'pid_filename none',
    'pinger_enable off',
    'cache deny all',
    'cache_mem 4 MB',
    // Method, URL (host:port for CONNECT) and the status squid answered.
    'logformat lad %rm %ru %>Hs',
    `access_log stdio:${join(dir, 'access.log')} lad`,
    `cache_log ${join(dir, 'cache.log')}`,
    'cache_store_log none',
    'logfile_rotate 0',
    `hosts_file ${join(dir, 'hosts')}`,
    // No name server exists in the namespace: every name squid knows is in hosts_file.
    'dns_nameservers 127.0.0.1',
    'dns_timeout 2 seconds',
    'connect_timeout 5 seconds',
    'shutdown_lifetime 0 seconds',
    `coredump_dir ${dir}`,
    `auth_param basic program /usr/lib/squid/basic_ncsa_auth ${join(dir, 'passwd')}`,
    'auth_param basic children 1 startup=1 idle=1',
    'auth_param basic realm listing-auto-deploy test',
    `http_port 127.0.0.1:${STRICT_PORT} name=strict`,
    'acl authport myportname auth',
    'acl authed proxy_auth REQUIRED',
    'http_access deny authport !authed',
    // The strict port tunnels to port 443 only, as many a company's proxy does.
    'acl strictport myportname strict',
    'acl SSL_ports port 443',
    'http_access deny strictport CONNECT !SSL_ports',
    'http_access allow all',
    '',
  ].join('\n');
}

async function listening(port: number, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    const socket = net.connect(port, '127.0.0.1');
    try {
      await once(socket, 'connect');
      socket.destroy();
      return;
    } catch {
      socket.destroy();
      await sleep(50);
    }
  }
  throw new Error(`nothing listens on ${port}`);
}

async function startSquid(dir: string): Promise<ChildProcess> {
  // squid drops to its own user: it must read the config and write its logs.
  chmodSync(dir, 0o755);
  const hash = spawn('openssl', ['passwd', '-apr1', PROXY_PASSWORD], { stdio: 'pipe' });
  let hashed = '';
  hash.stdout?.setEncoding('utf8').on('data', (chunk: string) => (hashed += chunk));
  await once(hash, 'close');
  writeFileSync(join(dir, 'passwd'), `${PROXY_USER}:${hashed.trim()}\n`, { mode: 0o644 });
  writeFileSync(join(dir, 'hosts'), `127.0.0.1 ${NAMES.join(' ')}\n`, { mode: 0o644 });
  writeFileSync(join(dir, 'squid.conf'), squidConfig(dir), { mode: 0o644 });
  for (const log of ['access.log', 'cache.log']) writeFileSync(join(dir, log), '', { mode: 0o666 });
  chmodSync(join(dir, 'access.log'), 0o666);
  chmodSync(join(dir, 'cache.log'), 0o666);
  const squid = spawn('squid', ['-N', '-f', join(dir, 'squid.conf')], { stdio: 'ignore' });
  const deadline = Date.now() + 15_000;
  await Promise.race([
    Promise.all([listening(OPEN_PORT, deadline), listening(AUTH_PORT, deadline)]),
    once(squid, 'exit').then(() => {
      throw new Error(`squid exited: ${readFileSync(join(dir, 'cache.log'), 'utf8').slice(-2000)}`);
    }),
  ]);
  return squid;
}

async function stopProxy(proxy: ChildProcess): Promise<void> {
  if (proxy.exitCode !== null) return;
  const exited = once(proxy, 'exit');
  proxy.kill('SIGTERM');
  const killer = setTimeout(() => proxy.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(killer);
}

/** The CONNECT requests tinyproxy logged: `CONNECT host:port`. */
function tunnels(log: string): string[] {
  return [...log.matchAll(/: Request \(file descriptor \d+\): (CONNECT \S+)/g)].map(
    (match) => match[1] ?? '',
  );
}

function print(message: unknown): void {
  process.stdout.write(`${JSON.stringify(message)}\n`);
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'lad-squid-'));
  const cert = makeCertificate(2, [...NAMES]);
  const marketplace = new Emulator({ tls: cert });
  const github = new GitHubApi([{ tag_name: 'v1.4.0', body: 'Notes read through squid.' }], cert);
  const marketPort = new URL(await marketplace.start()).port;
  const githubPort = new URL(await github.start()).port;
  const squid = await startSquid(dir);
  const withTinyproxy = process.env.LAD_TINYPROXY === '1';
  const tiny = withTinyproxy
    ? [
        await startTinyproxy(dir, 'tiny-open', TINY_OPEN_PORT, false),
        await startTinyproxy(dir, 'tiny-guarded', TINY_GUARDED_PORT, true),
      ]
    : [];
  const world: World = {
    marketplace: `https://marketplace.test:${marketPort}/v1`,
    github: `https://github.test:${githubPort}`,
    deadUpstream: `https://dead.test:${DEAD_UPSTREAM_PORT}/v1`,
    openProxy: `127.0.0.1:${OPEN_PORT}`,
    authProxy: `127.0.0.1:${AUTH_PORT}`,
    deadProxy: `127.0.0.1:${DEAD_PROXY_PORT}`,
    strictProxy: `127.0.0.1:${STRICT_PORT}`,
    ...(withTinyproxy && {
      tinyproxy: {
        open: `127.0.0.1:${TINY_OPEN_PORT}`,
        guarded: `127.0.0.1:${TINY_GUARDED_PORT}`,
      },
    }),
    caFile: cert.certFile,
  };
  print({ ready: world });
  let logged = 0;
  const tinyLogs = ['tiny-open.log', 'tiny-guarded.log'].map((name) => join(dir, name));
  let tinyLogged = tinyLogs.map(() => 0);
  for await (const line of createInterface({ input: process.stdin })) {
    if (line.trim() === '') continue;
    const { id, options } = JSON.parse(line) as { id: number; options: RunOptions };
    // Each run starts from the same listings: the same release may be sent by several cases.
    marketplace.listings.clear();
    for (const [listingId, listing] of initialListings())
      marketplace.listings.set(listingId, listing);
    const result = await runAction(options);
    const log = readFileSync(join(dir, 'access.log'), 'utf8');
    const squidLines = log.slice(logged).split('\n').filter(Boolean);
    logged = log.length;
    const tinyText = withTinyproxy ? tinyLogs.map((file) => readFileSync(file, 'utf8')) : [];
    const tinyproxy = tinyText.flatMap((text, i) => tunnels(text.slice(tinyLogged[i])));
    tinyLogged = tinyText.map((text) => text.length);
    const ran: Ran = {
      result,
      marketplace: marketplace.requests.map((request) => request.path),
      github: github.requests.map((request) => request.path),
      squid: squidLines,
      tinyproxy,
    };
    marketplace.requests.length = 0;
    github.requests.length = 0;
    print({ id, run: ran });
  }
  await stopProxy(squid);
  for (const proxy of tiny) await stopProxy(proxy);
  await marketplace.stop();
  await github.stop();
  rmSync(dir, { recursive: true, force: true });
}

await main();
