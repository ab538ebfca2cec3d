// `npm run bench`: the committed action (A) against the floor (B), a bare Node script sending the
// same PATCH with fetch, alternating runs against the local marketplace. Wall time is measured
// here; CPU time and peak RSS come from the child's own process.resourceUsage() at exit.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
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
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, ['--import', RUSAGE_HOOK, script], {
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
const floor = join(ROOT, 'scripts/bench-floor.mjs');
const a: Sample[] = [];
const b: Sample[] = [];
try {
  let version = 0;
  for (let i = 0; i < warmup; i++) {
    await measure(action, `0.0.${version++}`);
    await measure(floor, `0.0.${version++}`);
  }
  for (let i = 0; i < runs; i++) {
    // Alternate which goes first, so drift in the machine's load falls on both alike.
    const pair = i % 2 === 0 ? [action, floor] : [floor, action];
    for (const script of pair)
      (script === action ? a : b).push(await measure(script, `1.0.${version++}`));
  }
} finally {
  await emulator.stop();
  rmSync(dir, { recursive: true, force: true });
}

const metrics: [string, keyof Sample, string][] = [
  ['wall time', 'wallMs', 'ms'],
  ['CPU (user+sys)', 'cpuMs', 'ms'],
  ['peak RSS', 'rssMb', 'MB'],
];
const fmt = (n: number) => n.toFixed(1);
console.log(
  `Node ${process.versions.node}, ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}; ${runs} runs each after ${warmup} warm-up runs, alternating.`,
);
console.log('');
console.log(
  '| measure | A: action, median (min–max) | B: floor, median (min–max) | A/B, median of pairs |',
);
console.log('|---|---|---|---|');
for (const [name, key, unit] of metrics) {
  const av = a.map((s) => s[key]);
  const bv = b.map((s) => s[key]);
  const ratios = av.map((value, i) => value / (bv[i] ?? value));
  console.log(
    `| ${name} | ${fmt(median(av))} ${unit} (${fmt(Math.min(...av))}–${fmt(Math.max(...av))}) | ` +
      `${fmt(median(bv))} ${unit} (${fmt(Math.min(...bv))}–${fmt(Math.max(...bv))}) | ${median(ratios).toFixed(2)} |`,
  );
}
const facts = bundleFacts(action);
console.log('');
console.log(
  `Bundle: dist/index.js is ${(facts.bytes / 1e6).toFixed(2)} MB with ${facts.undici} copy of undici.`,
);
