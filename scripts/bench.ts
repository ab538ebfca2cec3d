// `npm run bench`: the committed action (A) and the committed command (D) against two floors, bare
// Node scripts sending the same PATCH: (B) with the built-in fetch, (C) with node:http (the
// physical floor). Runs rotate A, B, C, D against the local marketplace. Wall time is measured here; CPU time and peak RSS come from the
// child's own process.resourceUsage() at exit.
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

async function measure(script: string, version: string): Promise<Sample> {
  const env = runnerEnv(
    {
      inputs: {
        'listing-id': 'asset-1',
        'api-key': KEYS.creator,
        'base-url': baseUrl,
        version,
        changelog: `Release ${version}`,
      },
      trigger: tagPush(`v${version}`),
    },
    dir,
  );
  const rusageFile = join(dir, 'rusage.json');
  env.BENCH_RUSAGE_FILE = rusageFile;
  // The command reads its key from the environment and the rest from its arguments, as in a CI job.
  env.MARKETPLACE_API_KEY = KEYS.creator;
  const args =
    script === command
      ? [
          '--listing-id',
          'asset-1',
          '--base-url',
          baseUrl,
          '--version',
          version,
          '--changelog',
          `Release ${version}`,
        ]
      : [];
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, ['--import', RUSAGE_HOOK, script, ...args], {
    env,
    stdio: 'ignore',
  });
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
  if (code !== 0) throw new Error(`${script} exited with ${code}`);
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
const command = join(ROOT, 'dist/cli/index.js');
const scripts = [
  action,
  join(ROOT, 'scripts/bench-floor.mjs'),
  join(ROOT, 'scripts/bench-floor-http.mjs'),
  command,
];
const samples: Sample[][] = scripts.map(() => []);
const started = loadavg()[0] ?? 0;
try {
  let version = 0;
  for (let i = 0; i < warmup; i++) {
    for (const script of scripts) await measure(script, `0.0.${version++}`);
  }
  for (let i = 0; i < runs; i++) {
    // Rotate which goes first, so drift in the machine's load falls on all alike.
    for (let k = 0; k < scripts.length; k++) {
      const index = (i + k) % scripts.length;
      samples[index]?.push(await measure(scripts[index] ?? '', `1.0.${version++}`));
    }
  }
} finally {
  await emulator.stop();
  rmSync(dir, { recursive: true, force: true });
}
const [a = [], b = [], c = [], d = []] = samples;

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
  '| measure | A: action, median (min–max) | D: command | B: fetch floor | C: node:http floor | A/B, median of pairs | D/B | A/C |',
);
console.log('|---|---|---|---|---|---|---|---|');
for (const [name, key, unit] of metrics) {
  const [av, bv, cv, dv] = [a, b, c, d].map((list) => list.map((sample) => sample[key])) as [
    number[],
    number[],
    number[],
    number[],
  ];
  console.log(
    `| ${name} | ${cell(av, unit)} | ${cell(dv, unit)} | ${cell(bv, unit)} | ${cell(cv, unit)} | ${ratio(av, bv)} | ${ratio(dv, bv)} | ${ratio(av, cv)} |`,
  );
}
const facts = bundleFacts(action);
const cli = bundleFacts(command);
console.log('');
console.log(
  `Bundles: dist/index.js is ${(facts.bytes / 1e3).toFixed(0)} KB, ${facts.undici} copy of undici in all of dist/*.js; ` +
    `dist/cli/index.js is ${(cli.bytes / 1e3).toFixed(0)} KB, ${cli.undici} copy of undici in dist/cli/.`,
);
