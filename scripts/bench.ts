// `npm run bench [-- RUNS] [PART...]`: the committed action (A) and command (D) against floors
// sending the same requests: (P) the plain action built from the same packages (@actions/core and
// @actions/github as published, fetch; scripts/bench-floor-action.mjs, bundled here by ncc), and
// bare Node scripts: (B) with the built-in fetch, (C) with node:http (the physical floor). Seven
// parts, each a table with its targets next to its ratios:
//   paths      the default path (the one GET of the list, then the PATCH): A against P, D against B
//   deploy     `if-older: deploy` (the PATCH alone) against PATCH-only floors
//   listings   the action for 1, 10 and 100 listings against B sending the same GET and PATCHes,
//              and P sending them (what the packages cost before the action's own code)
//   changelog  `changelog-file`: two small files, the newest and oldest release of a
//              generated 10 MiB file, as ratios to B and to A (the same run without the file);
//              its bounds: the newest release of the 10 MiB file against the newest of a 10 KiB
//              one, and the oldest against micromark alone reading the whole file (M)
//   github     release notes from the GitHub API (a tag push with no changelog input) against P
//              doing the same with @actions/github's client, and a bare fetch script
//   errors     an update refused with a 1 MiB JSON body against one refused with a small body, in
//              one attempt (422) and in four (503, Retry-After: 0): what reading and guarding a
//              large error answer costs, per attempt (CPU, peak RSS)
//   format     `changelog-format`: the largest section of the changelog corpus (vite-prerelease.md's
//              6.0.0, 6.2 KB) sent as markdown, text and html, as ratios to markdown; and the
//              default path (A) against the plain action (P), which the converter must not change
//   latency    a local TLS marketplace behind a relay that delays each direction by 50 ms (a
//              100 ms round trip, as on a real network): the action for 1 and 10 listings against
//              B, which keeps its one connection; the connections each run opened are counted
// Without a part, all of them. Every case of the chosen parts runs once per round, in an order that
// rotates each round, against the local marketplace and a local fake of the GitHub API. Ratios are
// medians of the ratios of runs of the same round. Wall time is measured here; CPU time and peak
// RSS come from the child's own process.resourceUsage() at exit.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import net, { type AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { bigChangelog } from '../test/support/big-changelog.ts';
import { bundleFacts } from '../test/support/bundle.ts';
import { Emulator, KEYS } from '../test/support/emulator.ts';
import { GitHubApi } from '../test/support/github-api.ts';
import { ROOT, runnerEnv, tagPush } from '../test/support/runner.ts';
import { makeCertificate } from '../test/support/tls.ts';

const PARTS = [
  'paths',
  'deploy',
  'listings',
  'changelog',
  'github',
  'errors',
  'format',
  'latency',
] as const;
type Part = (typeof PARTS)[number];

const args = process.argv.slice(2);
const runs = Number(args.find((arg) => /^\d+$/.test(arg)) ?? process.env.BENCH_RUNS ?? 30);
const named = args.filter((arg) => !/^\d+$/.test(arg));
for (const name of named) {
  if (!(PARTS as readonly string[]).includes(name)) {
    console.error(`Unknown part "${name}": the parts are ${PARTS.join(', ')}.`);
    process.exit(2);
  }
}
const parts = new Set<Part>(named.length === 0 ? PARTS : (named as Part[]));
const warmup = 3;

// Loaded before the measured script on every side, so its small cost is the same on all.
const RUSAGE_HOOK = `data:text/javascript,${encodeURIComponent(
  'import{writeFileSync}from"node:fs";process.on("exit",()=>writeFileSync(process.env.BENCH_RUSAGE_FILE,JSON.stringify(process.resourceUsage())));',
)}`;

interface Sample {
  wallMs: number;
  cpuMs: number;
  rssMb: number;
  /** Connections the run opened through the relay (the latency part only). */
  connections: number;
}

const action = join(ROOT, 'dist/index.js');
const command = join(ROOT, 'dist/cli/index.js');
const fetchFloor = join(ROOT, 'scripts/bench-floor.mjs');
const httpFloor = join(ROOT, 'scripts/bench-floor-http.mjs');
const githubFloor = join(ROOT, 'scripts/bench-floor-github.mjs');
const micromarkFloor = join(ROOT, 'scripts/bench-floor-micromark.mjs');

/** The plain action, bundled by ncc as the action is: its bundle is the floor P. */
function buildPlainAction(into: string): string {
  const ncc = createRequire(join(ROOT, 'package.json')).resolve('@vercel/ncc/dist/ncc/cli.js');
  const source = join(ROOT, 'scripts/bench-floor-action.mjs');
  const build = spawnSync(process.execPath, [ncc, 'build', source, '-o', into, '--quiet'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('ncc could not bundle scripts/bench-floor-action.mjs');
  return join(into, 'index.mjs');
}

const emulator = new Emulator();
const baseUrl = await emulator.start();
const github = new GitHubApi();
const githubApiUrl = await github.start();
const dir = mkdtempSync(join(tmpdir(), 'lad-bench-'));
const plainAction = buildPlainAction(join(dir, 'plain-action'));

/** Each direction of the relay waits this long before passing bytes on: twice this per round trip. */
const ONE_WAY_MS = 50;

/**
 * A TCP relay on 127.0.0.1 in front of `port` that holds every chunk ONE_WAY_MS in each direction,
 * as a network with a 2 × ONE_WAY_MS round trip would; it counts the connections made through it.
 */
class Relay {
  connections = 0;
  readonly #server: net.Server;

  constructor(port: number) {
    this.#server = net.createServer((client) => {
      this.connections++;
      const upstream = net.connect(port, '127.0.0.1');
      const later = (action: () => void) => setTimeout(action, ONE_WAY_MS);
      // The same delay for every chunk keeps their order; an end follows the last chunk.
      const pass = (from: net.Socket, to: net.Socket) => {
        from.on('data', (chunk) => later(() => to.writable && to.write(chunk)));
        from.on('end', () => later(() => to.end()));
        from.on('error', () => later(() => to.destroy()));
        from.on('close', () => later(() => to.destroy()));
      };
      pass(client, upstream);
      pass(upstream, client);
    });
  }

  async start(): Promise<number> {
    this.#server.listen(0, '127.0.0.1');
    await new Promise((resolve) => this.#server.once('listening', resolve));
    return (this.#server.address() as AddressInfo).port;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }
}

// The marketplace over TLS behind the relay: its certificate names 127.0.0.1, and the runs trust it
// through NODE_EXTRA_CA_CERTS, as a private CA is trusted.
const certificate = makeCertificate();
const farMarket = new Emulator({ tls: certificate });
const farPort = Number(new URL(await farMarket.start()).port);
const relay = new Relay(farPort);
const farBaseUrl = `https://127.0.0.1:${await relay.start()}/v1`;

// Error answers: a JSON body of 1 MiB, and a small one; the message is the same. The large one
// echoes what servers echo, each line its own: words, markup, HTML entities, a URL with
// percent-encoding, non-ASCII as JSON escapes (as Python's json module writes it), a hex id and a
// base64 token, so that every decoding of the key guard has work to do.
function echoLine(i: number): string {
  const id = createHash('sha256').update(String(i)).digest();
  return `Line ${i}: the changelog "Fixed élève's <b>bug</b> &amp; more" for https://x.example/a%20b?c=${i}&d=%C3%A9 (request ${id.toString('hex')}, token ${id.toString('base64')}) is invalid.\n`;
}
/** Text as inside a JSON string, non-ASCII escaped. */
const escaped = (text: string) =>
  JSON.stringify(text)
    .slice(1, -1)
    .replace(/[^ -~\n]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
let detail = '';
// Lines are shorter than 300 characters: the body stays under 1 MiB, read whole.
for (let i = 0; detail.length + 300 < 1024 * 1024 - 80; i++) detail += escaped(echoLine(i));
const bigError = `{"error":{"message":"The update was refused."},"detail":"${detail}"}`;
const smallError = JSON.stringify({ error: { message: 'The update was refused.' } });

// Listings for the per-listing cost, owned by the other account, so that the creator's list (the
// GET of the other cases) keeps its usual size.
const MANY = Array.from({ length: 100 }, (_, i) => `bench-${i + 1}`);

// A small Keep a Changelog file with references and relative links (the section's links are read),
// a 10 KiB conventional-changelog file (absolute links only: the blocks alone), and the largest
// file `changelog-file` reads, made the same way.
const SMALL = Array.from(
  { length: 12 },
  (_, i) =>
    `## [1.${12 - i}.0] - 2026-11-01\n\n### Added\n\n- A feature ([#${100 + i}])\n- See [the guide](docs/guide.md)\n\n### Fixed\n\n- A fix\n`,
).join('\n');
writeFileSync(
  join(dir, 'CHANGELOG.md'),
  `# Changelog\n\n${SMALL}\n[#100]: https://example.com/100\n`,
);
const conventional = bigChangelog(10 * 1024);
writeFileSync(join(dir, 'CONVENTIONAL.md'), conventional.text);
const big = bigChangelog(10 * 1024 * 1024);
writeFileSync(join(dir, 'BIG.md'), big.text);
// The largest section of the changelog corpus, for changelog-format.
writeFileSync(
  join(dir, 'LARGEST.md'),
  readFileSync(join(ROOT, 'test/fixtures/changelogs/vite-prerelease.md')),
);
const largest = { version: '6.0.0', file: 'LARGEST.md' };

interface Case {
  readonly name: string;
  readonly script: string;
  readonly inputs?: Record<string, string>;
  /** The version sent, fixed by a changelog file; else a new one each run. */
  readonly version?: string;
  /** `changelog-file`, relative to the workspace. */
  readonly file?: string;
  /** Release notes from the GitHub API: a tag push with no `version` or `changelog` input. */
  readonly fromGitHub?: boolean;
  /** The marketplace the run talks to (its `base-url` is in `inputs`); the local one when not given. */
  readonly market?: Emulator;
  /** Extra environment for the run. */
  readonly env?: Record<string, string>;
  /** What the marketplace answers to this run's updates, set before it starts. */
  readonly answers?: () => void;
  /** The updates the run sends: one per listing when not given (retries add more). */
  readonly patches?: number;
  /** The exit code the run ends with: 0 unless given (a refused update fails the step). */
  readonly code?: number;
}

/** The command's arguments for the same run (its key comes from MARKETPLACE_API_KEY). */
const commandArgs = (version: string) => [
  '--listing-id',
  'asset-1',
  '--base-url',
  baseUrl,
  '--release-version',
  version,
  '--changelog',
  `Release ${version}`,
];

async function measure(c: Case, fresh: string): Promise<Sample> {
  const version = c.version ?? fresh;
  const source: Record<string, string> = c.fromGitHub
    ? { 'strip-tag-prefix': 'v' }
    : c.file !== undefined
      ? { version, 'changelog-file': c.file }
      : { version, changelog: `Release ${version}` };
  if (c.fromGitHub) github.releases.splice(0, Infinity, { tag_name: `v${version}`, body: SMALL });
  const env = runnerEnv(
    {
      inputs: {
        'listing-id': 'asset-1',
        'api-key': KEYS.creator,
        'base-url': baseUrl,
        ...source,
        ...c.inputs,
      },
      trigger: tagPush(`v${version}`),
      githubApiUrl,
    },
    dir,
  );
  Object.assign(env, c.env);
  env.MARKETPLACE_API_KEY = KEYS.creator;
  const rusageFile = join(dir, 'rusage.json');
  env.BENCH_RUSAGE_FILE = rusageFile;
  // Every run finds its listings older than what it sends, so each sends the same requests.
  const market = c.market ?? emulator;
  market.listings.set('asset-1', { owner: 'creator', version: '0.0.0-0', changelog: '' });
  for (const id of MANY)
    market.listings.set(id, { owner: 'other', version: '0.0.0-0', changelog: '' });
  market.requests.length = 0;
  market.faults.length = 0;
  c.answers?.();
  github.requests.length = 0;
  relay.connections = 0;
  const argv = ['--import', RUSAGE_HOOK, c.script];
  if (c.script === command) argv.push(...commandArgs(version));
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, argv, { env, cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  // Read as the runner reads it; kept only to explain a failed run.
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
  if (code !== (c.code ?? 0))
    throw new Error(`${c.name} exited with ${code}:\n${out.slice(-2000)}`);
  // A run that sent fewer requests than its floor would not be measuring the same work.
  const patches = market.requests.filter((r) => r.method === 'PATCH').length;
  const expected = c.patches ?? (c.inputs?.['listing-id'] ?? 'asset-1').split('\n').length;
  if (patches !== expected) throw new Error(`${c.name} sent ${patches} PATCH, not ${expected}`);
  if (c.fromGitHub && github.requests.length !== 1)
    throw new Error(`${c.name} sent ${github.requests.length} requests to the GitHub API, not 1`);
  const usage = JSON.parse(readFileSync(rusageFile, 'utf8')) as NodeJS.ResourceUsage;
  return {
    wallMs,
    cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000,
    rssMb: usage.maxRSS / 1024,
    connections: relay.connections,
  };
}

const deploy = { 'if-older': 'deploy' };
const ids = (count: number) => ({
  'listing-id': MANY.slice(0, count).join('\n'),
  'api-key': KEYS.other,
});
/** An update refused `attempts` times with `body`: a 422 once, or a 503 each time, retried at once. */
const refused = (name: string, body: string, attempts: number): Case => ({
  name,
  script: action,
  inputs: { ...deploy, retries: String(attempts - 1) },
  patches: attempts,
  code: 1,
  answers: () =>
    emulator.inject({
      kind: 'status',
      status: attempts === 1 ? 422 : 503,
      body,
      retryAfter: '0',
      times: attempts,
    }),
});
const far = (inputs: Record<string, string>) => ({
  market: farMarket,
  inputs: { 'base-url': farBaseUrl, ...inputs },
  env: { NODE_EXTRA_CA_CERTS: certificate.certFile },
});
const CASES: Record<Part, Case[]> = {
  paths: [
    { name: 'A', script: action },
    { name: 'P', script: plainAction },
    { name: 'D', script: command },
    { name: 'B', script: fetchFloor },
    { name: 'C', script: httpFloor },
  ],
  deploy: [
    { name: 'A deploy', script: action, inputs: deploy },
    { name: 'B deploy', script: fetchFloor, inputs: deploy },
    { name: 'C deploy', script: httpFloor, inputs: deploy },
  ],
  listings: [1, 10, 100].flatMap((count) => [
    { name: `${count} listings A`, script: action, inputs: ids(count) },
    { name: `${count} listings P`, script: plainAction, inputs: ids(count) },
    { name: `${count} listings B`, script: fetchFloor, inputs: ids(count) },
  ]),
  changelog: [
    { name: 'A', script: action },
    { name: 'B', script: fetchFloor },
    { name: 'S1', script: action, version: conventional.newest, file: 'CONVENTIONAL.md' },
    { name: 'S2', script: action, version: '1.12.0', file: 'CHANGELOG.md' },
    { name: 'E', script: action, version: big.newest, file: 'BIG.md' },
    { name: 'F', script: action, version: big.oldest, file: 'BIG.md' },
    { name: 'M', script: micromarkFloor, env: { BENCH_MARKDOWN: 'BIG.md' }, patches: 0 },
  ],
  github: [
    { name: 'G', script: action, fromGitHub: true },
    { name: 'G plain', script: plainAction, fromGitHub: true },
    { name: 'G floor', script: githubFloor, fromGitHub: true },
  ],
  errors: [
    refused('small error', smallError, 1),
    refused('1 MiB error', bigError, 1),
    refused('small error ×4', smallError, 4),
    refused('1 MiB error ×4', bigError, 4),
  ],
  format: [
    { name: 'A', script: action },
    { name: 'P', script: plainAction },
    { name: 'L markdown', script: action, ...largest },
    { name: 'L text', script: action, ...largest, inputs: { 'changelog-format': 'text' } },
    { name: 'L html', script: action, ...largest, inputs: { 'changelog-format': 'html' } },
  ],
  latency: [
    { name: 'far 1', script: action, ...far(ids(1)) },
    { name: 'far 1 B', script: fetchFloor, ...far(ids(1)) },
    { name: 'far 10', script: action, ...far(ids(10)) },
    { name: 'far 10 B', script: fetchFloor, ...far(ids(10)) },
  ],
};
// Each case once, even when two parts share it (A and B).
const cases = [
  ...new Map(
    PARTS.filter((part) => parts.has(part))
      .flatMap((part) => CASES[part])
      .map((c) => [c.name, c]),
  ).values(),
];
const samples = new Map<string, Sample[]>(cases.map((c) => [c.name, []]));
const loadStart = loadavg()[0] ?? 0;
const clock = Date.now();
try {
  let version = 0;
  for (let i = 0; i < warmup; i++) {
    for (const c of cases) await measure(c, `0.0.${version++}`);
  }
  for (let i = 0; i < runs; i++) {
    // Rotate which goes first, so drift in the machine's load falls on all alike.
    for (let k = 0; k < cases.length; k++) {
      const c = cases[(i + k) % cases.length] as Case;
      samples.get(c.name)?.push(await measure(c, `1.0.${version++}`));
    }
  }
} finally {
  await emulator.stop();
  await farMarket.stop();
  await relay.stop();
  await github.stop();
  rmSync(dir, { recursive: true, force: true });
}
const of = (name: string) => samples.get(name) ?? [];
const values = (name: string, key: keyof Sample) => of(name).map((sample) => sample[key]);

const median = (list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};
const metrics: [string, keyof Sample, string][] = [
  ['wall time', 'wallMs', 'ms'],
  ['CPU (user+sys)', 'cpuMs', 'ms'],
  ['peak RSS', 'rssMb', 'MB'],
];
const fmt = (n: number) => n.toFixed(1);
const cell = (list: number[], unit: string) =>
  `${fmt(median(list))} ${unit} (${fmt(Math.min(...list))}–${fmt(Math.max(...list))})`;
/** The median of the ratios of runs made in the same round of the rotation. */
const ratioOf = (x: number[], y: number[]) => median(x.map((value, i) => value / (y[i] ?? value)));
/** A ratio and its target: `1.02 (≤ 1.05 ✓)`. */
const against = (ratio: number, target?: number) =>
  target === undefined
    ? ratio.toFixed(2)
    : `${ratio.toFixed(2)} (≤ ${target.toFixed(2)} ${ratio <= target ? '✓' : '✗'})`;
const table = (header: string[], rows: string[][]) => {
  console.log('');
  console.log(`| ${header.join(' | ')} |`);
  console.log(`|${header.map(() => '---').join('|')}|`);
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
};
/**
 * The product's target: time and peak memory within 1.05x of the floor (the plain action for the
 * action, the fetch script for the command). The target for time is set on CPU
 * time too: on a loaded machine it is the steadier measure, and on the default path the fetch floor
 * waits at exit for V8's recompilation of undici's parser (the action keeps it on baseline code),
 * which flatters the action's wall time.
 */
const FLOOR_TARGET: Partial<Record<keyof Sample, number>> = {
  wallMs: 1.05,
  cpuMs: 1.05,
  rssMb: 1.05,
};

console.log(
  `Node ${process.versions.node}, ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}; ${runs} runs of each case after ${warmup} warm-up runs, rotating; parts: ${[...parts].join(', ')}; load average ${loadStart.toFixed(2)} at the start, ${(loadavg()[0] ?? 0).toFixed(2)} at the end; ${((Date.now() - clock) / 1000).toFixed(0)} s.`,
);
console.log(
  'Cells: median (min–max). Ratios: median of the ratios of runs side by side, with the target.',
);

if (parts.has('format')) {
  console.log('');
  console.log(
    "(h) changelog-format: the largest section of the changelog corpus (vite-prerelease.md's 6.0.0, read with `changelog-file`) sent as markdown (L markdown), text and html; what the converter costs is their ratio to L markdown. A, the default path (markdown, which loads no converter), against P, the plain action.",
  );
  table(
    [
      'measure',
      'A',
      'P',
      'L markdown',
      'L text',
      'L html',
      'A/P',
      'text/markdown',
      'html/markdown',
    ],
    metrics.map(([title, key, unit]) => {
      const [a, p, m, t, h] = ['A', 'P', 'L markdown', 'L text', 'L html'].map((name) =>
        values(name, key),
      ) as [number[], number[], number[], number[], number[]];
      return [
        title,
        cell(a, unit),
        cell(p, unit),
        cell(m, unit),
        cell(t, unit),
        cell(h, unit),
        against(ratioOf(a, p), FLOOR_TARGET[key]),
        against(ratioOf(t, m)),
        against(ratioOf(h, m)),
      ];
    }),
  );
}

if (parts.has('paths')) {
  console.log('');
  console.log(
    '(a) Default path (`if-older: skip`): the one GET of the list, then the PATCH. A the action, against P, the plain action built from the same packages (@actions/core and @actions/github as published, fetch, bundled by ncc); D the command (`dist/cli/index.js`), against B, the bare fetch script; C the node:http floor. B reads the list with the undici built into Node and waits at exit for V8 to recompile its parser (the command keeps it on baseline code), so D/B in wall time flatters the command: CPU and D/C are the fair measures there.',
  );
  table(
    [
      'measure',
      'A: action',
      'P: plain action',
      'D: command',
      'B: fetch floor',
      'C: node:http floor',
      'A/P',
      'D/B',
      'A/B',
      'D/C',
    ],
    metrics.map(([title, key, unit]) => {
      const [a, p, d, b, c] = ['A', 'P', 'D', 'B', 'C'].map((name) => values(name, key)) as [
        number[],
        number[],
        number[],
        number[],
        number[],
      ];
      return [
        title,
        cell(a, unit),
        cell(p, unit),
        cell(d, unit),
        cell(b, unit),
        cell(c, unit),
        against(ratioOf(a, p), FLOOR_TARGET[key]),
        against(ratioOf(d, b), FLOOR_TARGET[key]),
        against(ratioOf(a, b)),
        against(ratioOf(d, c)),
      ];
    }),
  );
}

if (parts.has('deploy')) {
  console.log('');
  console.log('(b) `if-older: deploy`: the PATCH alone, against floors that send the PATCH alone.');
  table(
    ['measure', 'A: action', 'B: fetch floor', 'C: node:http floor', 'A/B', 'A/C'],
    metrics.map(([title, key, unit]) => {
      const [a, b, c] = ['A', 'B', 'C'].map((name) => values(`${name} deploy`, key)) as [
        number[],
        number[],
        number[],
      ];
      return [
        title,
        cell(a, unit),
        cell(b, unit),
        cell(c, unit),
        against(ratioOf(a, b), FLOOR_TARGET[key]),
        against(ratioOf(a, c)),
      ];
    }),
  );
}

if (parts.has('listings')) {
  console.log('');
  console.log(
    "(c) Each listing at its floor: the action on the default path (the one GET of the list, then a PATCH per listing) for 1, 10 and 100 listings, against B, the bare fetch script sending the same GET and PATCHes, and P, the plain action sending them (the design's packages as published, fetch). Target: A within 1.05x of B in wall time and peak RSS. All parse answers with llhttp compiled to WebAssembly, which V8 recompiles with its optimising compiler once it has parsed enough headers (the action from its third answer, B from its second): about 70 ms of CPU on a background thread that Node waits for at exit, and 20 MiB. P/B is what the packages cost before the action's own code: @actions/core loads undici's whole index (through @actions/http-client) and @actions/github's context loads its client.",
  );
  const measures = [
    ['wall time', 'wallMs', 'ms', 1.05],
    ['peak RSS', 'rssMb', 'MB', 1.05],
    ['CPU', 'cpuMs', 'ms', undefined],
  ] as const;
  table(
    ['listings', 'measure', 'A: action', 'P: plain action', 'B: fetch', 'A/B', 'P/B', 'A/P'],
    [1, 10, 100].flatMap((count) =>
      measures.map(([label, key, unit, target]) => {
        const runs = (name: string) => values(`${count} listings ${name}`, key);
        const [a, p, b] = [runs('A'), runs('P'), runs('B')];
        return [
          String(count),
          label,
          cell(a, unit),
          cell(p, unit),
          cell(b, unit),
          against(ratioOf(a, b), target),
          against(ratioOf(p, b)),
          against(ratioOf(a, p)),
        ];
      }),
    ),
  );
}

if (parts.has('changelog')) {
  console.log('');
  console.log(
    `(d) \`changelog-file\`, to B (the fetch floor) and to A (the same run without changelog-file). S1 the newest release of a 10 KiB conventional-changelog file (absolute links: the blocks alone), S2 a small Keep a Changelog file with references and relative links (the section's links read too), E and F the newest and oldest release of a 10 MiB file made the same way (${big.releases} releases), M micromark alone reading that whole file with every construct it can switch off switched off (no request). Targets: a small file within 1.10x of B in time. Time targets are shown on CPU too: B's wall time includes its wait at exit (see (a)).`,
  );
  const targets: Record<string, Partial<Record<keyof Sample, number>>> = {
    S1: { wallMs: 1.1, cpuMs: 1.1 },
    S2: { wallMs: 1.1, cpuMs: 1.1 },
  };
  table(
    ['run', 'wall time', 'CPU', 'peak RSS', 'wall/B', 'CPU/B', 'RSS/B', 'wall/A', 'CPU/A', 'RSS/A'],
    ['S1', 'S2', 'E', 'F', 'M'].map((name) => {
      const cells = metrics.map(([, key, unit]) => `${fmt(median(values(name, key)))} ${unit}`);
      const toB = metrics.map(([, key]) =>
        against(ratioOf(values(name, key), values('B', key)), targets[name]?.[key]),
      );
      const toA = metrics.map(([, key]) => against(ratioOf(values(name, key), values('A', key))));
      return [name, ...cells, ...toB, ...toA];
    }),
  );
  console.log('');
  console.log(
    "The bounds: what reading grows with is how far into the file the section ends, not the file's size. The newest release of the 10 MiB file (E) costs what the newest of the 10 KiB file (S1) costs, and the oldest (F) what micromark alone takes to read the whole file (M): each within 1.10x in time and peak RSS.",
  );
  const BOUND = 1.1;
  table(
    ['bound', 'wall time', 'CPU', 'peak RSS'],
    (
      [
        ['E/S1: the top of 10 MiB to the top of 10 KiB', 'E', 'S1'],
        ['F/M: the end of 10 MiB to micromark alone', 'F', 'M'],
      ] as const
    ).map(([label, run, floor]) => [
      label,
      ...metrics.map(([, key]) => against(ratioOf(values(run, key), values(floor, key)), BOUND)),
    ]),
  );
}

if (parts.has('github')) {
  console.log('');
  console.log(
    "(e) Release notes from the GitHub API: a tag push with no `version` or `changelog` input (G, the action: the GET of the release by tag, the GET of the list, the PATCH) against P, the plain action built from the same packages sending the same three requests (the GitHub GET with @actions/github's client), and against a bare script that sends them with fetch.",
  );
  table(
    ['measure', 'G: action', 'P: plain action', 'floor (fetch)', 'G/P', 'G/floor'],
    metrics.map(([title, key, unit]) => {
      const g = values('G', key);
      const plain = values('G plain', key);
      const floor = values('G floor', key);
      return [
        title,
        cell(g, unit),
        cell(plain, unit),
        cell(floor, unit),
        against(ratioOf(g, plain), FLOOR_TARGET[key]),
        against(ratioOf(g, floor)),
      ];
    }),
  );
}

if (parts.has('errors')) {
  console.log('');
  console.log(
    '(f) An update refused with a 1 MiB JSON body against the same refused with a small body (`if-older: deploy`): once (HTTP 422), and four times (HTTP 503 with Retry-After: 0, `retries: 3`). Only the message shown and the `response` output (64 KiB) are guarded, and no attempt keeps its body: targets: at most 50 ms more CPU per attempt, and at most 16 MiB more peak RSS for one attempt as for four (no attempt keeps its body). The large body echoes words, markup, entities, percent-encoding, JSON escapes, hex and base64 on every line.',
  );
  const difference = (big: string, small: string, key: keyof Sample) =>
    median(values(big, key).map((value, i) => value - (values(small, key)[i] ?? value)));
  const within = (value: number, limit: number, unit: string) =>
    `${value >= 0 ? '+' : ''}${fmt(value)} ${unit} (≤ ${limit} ${value <= limit ? '✓' : '✗'})`;
  table(
    [
      'attempts',
      'CPU, small body',
      'CPU, 1 MiB body',
      'CPU, difference',
      'peak RSS, small body',
      'peak RSS, 1 MiB body',
      'peak RSS, difference',
    ],
    (
      [
        ['1', 'small error', '1 MiB error', 1],
        ['4', 'small error ×4', '1 MiB error ×4', 4],
      ] as const
    ).map(([label, small, big, attempts]) => [
      label,
      cell(values(small, 'cpuMs'), 'ms'),
      cell(values(big, 'cpuMs'), 'ms'),
      within(difference(big, small, 'cpuMs'), 50 * attempts, 'ms'),
      cell(values(small, 'rssMb'), 'MB'),
      cell(values(big, 'rssMb'), 'MB'),
      within(difference(big, small, 'rssMb'), 16, 'MB'),
    ]),
  );
}

if (parts.has('latency')) {
  console.log('');
  console.log(
    `(g) A marketplace ${2 * ONE_WAY_MS} ms of round trip away (a relay on 127.0.0.1 holds each direction ${ONE_WAY_MS} ms), over TLS: the default path (the GET of the list, then a PATCH per listing) for 1 and 10 listings, the action against B (fetch, keeping its one connection). Each new connection costs a TCP and a TLS handshake, two round trips. Target: within 1.05x of B in wall time.`,
  );
  table(
    ['listings', 'A: wall time', 'B: wall time', 'A/B', 'A: connections', 'B: connections'],
    (
      [
        ['1', 'far 1', 'far 1 B'],
        ['10', 'far 10', 'far 10 B'],
      ] as const
    ).map(([label, a, b]) => [
      label,
      cell(values(a, 'wallMs'), 'ms'),
      cell(values(b, 'wallMs'), 'ms'),
      against(ratioOf(values(a, 'wallMs'), values(b, 'wallMs')), 1.05),
      fmt(median(values(a, 'connections'))),
      fmt(median(values(b, 'connections'))),
    ]),
  );
}

const facts = bundleFacts(action);
const cli = bundleFacts(command);
console.log('');
console.log(
  `Bundles: dist/index.js ${(facts.bytes / 1e3).toFixed(0)} KB (${facts.undici} copy of undici in all of dist/*.js); dist/cli/index.js ${(cli.bytes / 1e3).toFixed(0)} KB (${cli.undici} in dist/cli/).`,
);
