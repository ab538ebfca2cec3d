// `npm run bench`: the committed action (A) against two floors, bare Node scripts sending the same
// requests: (B) with the built-in fetch, (C) with node:http (the physical floor). Two paths: the
// default one (the one GET of the list, then the PATCH: SPEC 7.8) and `if-older: deploy` (the PATCH
// alone); and the action's cost per listing: 10 and 100 listings as ratios to one. Runs rotate over
// every case against the local marketplace. Wall time is measured here; CPU time and peak RSS come
// from the child's own process.resourceUsage() at exit.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
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

// Listings for the per-listing cost, owned by the other account, so that the creator's list (the
// GET of the other cases) keeps its usual size.
const MANY = Array.from({ length: 100 }, (_, i) => `bench-${i + 1}`);
for (const id of MANY)
  emulator.listings.set(id, { owner: 'other', version: '0.0.0', changelog: '' });

interface Case {
  readonly name: string;
  readonly script: string;
  readonly inputs: Record<string, string>;
}

async function measure({ script, inputs }: Case, version: string): Promise<Sample> {
  const env = runnerEnv(
    {
      inputs: {
        'listing-id': 'asset-1',
        'api-key': KEYS.creator,
        'base-url': baseUrl,
        version,
        changelog: `Release ${version}`,
        ...inputs,
      },
      trigger: tagPush(`v${version}`),
    },
    dir,
  );
  const rusageFile = join(dir, 'rusage.json');
  env.BENCH_RUSAGE_FILE = rusageFile;
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, ['--import', RUSAGE_HOOK, script], {
    env,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  // Read as the runner reads it; kept only to explain a failed run.
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
  if (code !== 0) throw new Error(`${script} exited with ${code}:\n${out.slice(-2000)}`);
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
const fetchFloor = join(ROOT, 'scripts/bench-floor.mjs');
const httpFloor = join(ROOT, 'scripts/bench-floor-http.mjs');
const deploy = { 'if-older': 'deploy' };
const ids = (count: number) => ({
  'listing-id': MANY.slice(0, count).join('\n'),
  'api-key': KEYS.other,
});
const cases: Case[] = [
  { name: 'A', script: action, inputs: {} },
  { name: 'B', script: fetchFloor, inputs: {} },
  { name: 'C', script: httpFloor, inputs: {} },
  { name: 'A deploy', script: action, inputs: deploy },
  { name: 'B deploy', script: fetchFloor, inputs: deploy },
  { name: 'C deploy', script: httpFloor, inputs: deploy },
  { name: '1 listing', script: action, inputs: ids(1) },
  { name: '10 listings', script: action, inputs: ids(10) },
  { name: '100 listings', script: action, inputs: ids(100) },
  { name: '100 listings C', script: httpFloor, inputs: ids(100) },
];
const samples = new Map<string, Sample[]>(cases.map((c) => [c.name, []]));
const started = loadavg()[0] ?? 0;
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
  rmSync(dir, { recursive: true, force: true });
}
const of = (name: string) => samples.get(name) ?? [];

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
for (const [title, suffix] of [
  ['Default (`if-older: skip`): the one GET of the list, then the PATCH', ''],
  ['`if-older: deploy`: the PATCH alone', ' deploy'],
] as const) {
  console.log('');
  console.log(title);
  console.log('');
  console.log(
    '| measure | A: action, median (min–max) | B: fetch floor | C: node:http floor | A/B, median of pairs | A/C, median of pairs |',
  );
  console.log('|---|---|---|---|---|---|');
  const [a, b, c] = ['A', 'B', 'C'].map((name) => of(`${name}${suffix}`)) as [
    Sample[],
    Sample[],
    Sample[],
  ];
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
}
console.log('');
console.log('Cost per listing (the action, default path), wall time:');
console.log('');
console.log('| listings | median (min–max) | ratio to 1, median of pairs |');
console.log('|---|---|---|');
const one = of('1 listing').map((sample) => sample.wallMs);
for (const name of ['1 listing', '10 listings', '100 listings']) {
  const wall = of(name).map((sample) => sample.wallMs);
  console.log(`| ${name.split(' ')[0]} | ${cell(wall, 'ms')} | ${ratio(wall, one)} |`);
}
// What 100 round trips cost on this machine: the same requests with bare node:http, against its
// own run for one listing (C, the default path), so that the action's ratio has its physical floor.
const floor = of('100 listings C').map((sample) => sample.wallMs);
const floorOne = of('C').map((sample) => sample.wallMs);
console.log(
  `| 100, bare node:http (C) | ${cell(floor, 'ms')} | ${ratio(floor, floorOne)} (to C for 1) |`,
);
console.log('');
const facts = bundleFacts(action);
console.log('');
console.log(
  `Bundle: dist/index.js is ${(facts.bytes / 1e3).toFixed(0)} KB; ${facts.undici} copy of undici in all of dist/*.js.`,
);
