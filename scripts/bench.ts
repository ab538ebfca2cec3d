// `npm run bench`: the committed action (A) against two floors, bare Node scripts sending the same
// PATCH: (B) with the built-in fetch, (C) with node:http (the physical floor); then the action with
// `changelog-file` (SPEC 7.2): (D) a small CHANGELOG.md, (E) the newest and (F) the oldest release
// of a generated 10 MiB conventional-changelog file. Runs rotate all six against the local
// marketplace. Wall time is measured here; CPU time and peak RSS come from the child's own
// process.resourceUsage() at exit.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { bigChangelog } from '../test/support/big-changelog.ts';
import { bundleFacts } from '../test/support/bundle.ts';
import { Emulator, KEYS } from '../test/support/emulator.ts';
import { ROOT, runnerEnv, tagPush } from '../test/support/runner.ts';

const runs = Number(process.argv[2] ?? process.env.BENCH_RUNS ?? 20);
const warmup = 3;

// Loaded before the measured script in both A and B, so its small cost is the same on both sides.
const RUSAGE_HOOK = `data:text/javascript,${encodeURIComponent(
  'import{writeFileSync}from"node:fs";process.on("exit",()=>writeFileSync(process.env.BENCH_RUSAGE_FILE,JSON.stringify(process.resourceUsage())));',
)}`;

interface Sample {
  wallMs: number;
  cpuMs: number;
  rssMb: number;
}

const emulator = new Emulator();
const baseUrl = await emulator.start();
const dir = mkdtempSync(join(tmpdir(), 'lad-bench-'));

// A small changelog as most repositories have, and the largest file `changelog-file` reads.
const SMALL = Array.from(
  { length: 12 },
  (_, i) =>
    `## [1.${12 - i}.0] - 2026-11-01\n\n### Added\n\n- A feature ([#${100 + i}])\n- See [the guide](docs/guide.md)\n\n### Fixed\n\n- A fix\n`,
).join('\n');
writeFileSync(
  join(dir, 'CHANGELOG.md'),
  `# Changelog\n\n${SMALL}\n[#100]: https://example.com/100\n`,
);
// The top of a conventional-changelog file: absolute links only, so the link parser is not loaded.
writeFileSync(join(dir, 'CONVENTIONAL.md'), bigChangelog(16 * 1024).text);
const big = bigChangelog(10 * 1024 * 1024);
writeFileSync(join(dir, 'BIG.md'), big.text);

/** Where the version and changelog of a run come from. */
interface Source {
  /** The version sent: fixed by the changelog file, else a new one each run. */
  readonly version?: string;
  readonly file?: string;
}

async function measure(script: string, fresh: string, source: Source = {}): Promise<Sample> {
  const version = source.version ?? fresh;
  const env = runnerEnv(
    {
      inputs: {
        'listing-id': 'asset-1',
        'api-key': KEYS.creator,
        'base-url': baseUrl,
        version,
        ...(source.file === undefined
          ? { changelog: `Release ${version}` }
          : { 'changelog-file': source.file }),
      },
      trigger: tagPush(`v${version}`),
    },
    dir,
  );
  // Every run finds the listing older than what it sends, so each sends the same requests.
  emulator.listings.set('asset-1', { owner: 'creator', version: '0.0.0-0', changelog: '' });
  const rusageFile = join(dir, 'rusage.json');
  env.BENCH_RUSAGE_FILE = rusageFile;
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, ['--import', RUSAGE_HOOK, script], {
    env,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
  if (code !== 0) throw new Error(`${script} exited with ${code}:\n${output}`);
  const usage = JSON.parse(readFileSync(rusageFile, 'utf8')) as NodeJS.ResourceUsage;
  return {
    wallMs,
    cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000,
    rssMb: usage.maxRSS / 1024,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

const action = join(ROOT, 'dist/index.js');
const sources: [string, Source][] = [
  [action, {}],
  [join(ROOT, 'scripts/bench-floor.mjs'), {}],
  [join(ROOT, 'scripts/bench-floor-http.mjs'), {}],
  [action, { version: bigChangelog(16 * 1024).newest, file: 'CONVENTIONAL.md' }],
  [action, { version: '1.12.0', file: 'CHANGELOG.md' }],
  [action, { version: big.newest, file: 'BIG.md' }],
  [action, { version: big.oldest, file: 'BIG.md' }],
];
const scripts = sources.map(([script]) => script);
const samples: Sample[][] = scripts.map(() => []);
const started = loadavg()[0] ?? 0;
try {
  let version = 0;
  for (let i = 0; i < warmup; i++) {
    for (const [script, source] of sources) await measure(script, `0.0.${version++}`, source);
  }
  for (let i = 0; i < runs; i++) {
    // Rotate which goes first, so drift in the machine's load falls on all alike.
    for (let k = 0; k < scripts.length; k++) {
      const index = (i + k) % scripts.length;
      const [script = action, source = {}] = sources[index] ?? [];
      samples[index]?.push(await measure(script, `1.0.${version++}`, source));
    }
  }
} finally {
  await emulator.stop();
  rmSync(dir, { recursive: true, force: true });
}
const [a = [], b = [], c = [], ...withFile] = samples;

const metrics: [string, keyof Sample, string][] = [
  ['wall time', 'wallMs', 'ms'],
  ['CPU (user+sys)', 'cpuMs', 'ms'],
  ['peak RSS', 'rssMb', 'MB'],
];
const fmt = (n: number) => n.toFixed(1);
const cell = (values: number[], unit: string) =>
  `${fmt(median(values))} ${unit} (${fmt(Math.min(...values))}–${fmt(Math.max(...values))})`;
/** The median of the ratios of runs made side by side (same round of the rotation). */
const ratio = (x: number[], y: number[]) =>
  median(x.map((value, i) => value / (y[i] ?? value))).toFixed(2);
console.log(
  `Node ${process.versions.node}, ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}; ${runs} runs each after ${warmup} warm-up runs, rotating; load average ${started.toFixed(2)} at the start, ${(loadavg()[0] ?? 0).toFixed(2)} at the end.`,
);
console.log('');
console.log(
  '| measure | A: action, median (min–max) | B: fetch floor | C: node:http floor | A/B, median of pairs | A/C, median of pairs |',
);
console.log('|---|---|---|---|---|---|');
for (const [name, key, unit] of metrics) {
  const [av, bv, cv] = [a, b, c].map((list) => list.map((sample) => sample[key])) as [
    number[],
    number[],
    number[],
  ];
  console.log(
    `| ${name} | ${cell(av, unit)} | ${cell(bv, unit)} | ${cell(cv, unit)} | ${ratio(av, bv)} | ${ratio(av, cv)} |`,
  );
}
console.log('');
console.log(
  `changelog-file (SPEC 7.2), medians and the medians of the ratios of runs side by side, to B (the fetch floor) and to A (the same run without changelog-file). The 10 MiB file holds ${big.releases} releases.`,
);
console.log('');
console.log(
  '| run | wall time | CPU | peak RSS | wall/B | CPU/B | RSS/B | wall/A | CPU/A | RSS/A |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|');
const names = [
  'D1: small file, absolute links (block parser)',
  'D2: small file, references and relative links (both parsers)',
  'E: 10 MiB, newest release',
  'F: 10 MiB, oldest release',
];
withFile.forEach((runs, index) => {
  const values = (list: Sample[], key: keyof Sample) => list.map((sample) => sample[key]);
  const cells = metrics.map(([, key, unit]) => `${fmt(median(values(runs, key)))} ${unit}`);
  const toB = metrics.map(([, key]) => ratio(values(runs, key), values(b, key)));
  const toA = metrics.map(([, key]) => ratio(values(runs, key), values(a, key)));
  console.log(`| ${names[index]} | ${[...cells, ...toB, ...toA].join(' | ')} |`);
});
const facts = bundleFacts(action);
console.log('');
console.log(
  `Bundle: dist/index.js is ${(facts.bytes / 1e3).toFixed(0)} KB; ${facts.undici} copy of undici in all of dist/*.js.`,
);
