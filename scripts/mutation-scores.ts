// After `stryker run`: the mutation score of each module, and a failure when a module that guards
// secrets or untrusted text scores below GUARD_MINIMUM. Reads Stryker's JSON report. The guard
// modules are known by file name wherever they live under src/, so that moving them into a folder
// keeps their bound; a guard module missing from the report fails the run rather than escaping it.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

const REPORT = 'reports/mutation/mutation.json';
export const GUARD_MINIMUM = 95;
export const GUARD_FILES = [
  'secret.ts',
  'guard.ts',
  'decoded-views.ts',
  'safe-text.ts',
  'server-message.ts',
];

export interface Report {
  files: Record<string, { mutants: { status: string }[] }>;
}

const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);

/** Whether a module of the report (a path under src/, either separator) guards secrets. */
export function isGuard(path: string): boolean {
  const normal = path.replaceAll('\\', '/');
  return /(^|\/)src\//.test(normal) && GUARD_FILES.includes(basename(normal));
}

/** One line per module, and whether the run fails. */
export function scores(report: Report): { lines: string[]; failed: boolean } {
  const lines: string[] = [];
  let failed = false;
  for (const [path, { mutants }] of Object.entries(report.files).sort()) {
    const detected = mutants.filter((m) => DETECTED.has(m.status)).length;
    const valid = detected + mutants.filter((m) => UNDETECTED.has(m.status)).length;
    const score = valid === 0 ? 100 : (100 * detected) / valid;
    const low = isGuard(path) && score < GUARD_MINIMUM;
    failed ||= low;
    const mark = low ? `  below ${GUARD_MINIMUM}%` : '';
    lines.push(`${score.toFixed(2).padStart(6)}%  ${detected}/${valid}  ${path}${mark}`);
  }
  if (failed) {
    lines.push(`A module that guards secrets or untrusted text scores below ${GUARD_MINIMUM}%.`);
  }
  const found = Object.keys(report.files)
    .filter(isGuard)
    .map((path) => basename(path));
  const missing = GUARD_FILES.filter((name) => !found.includes(name));
  if (missing.length > 0) {
    failed = true;
    lines.push(
      `Guard modules missing from the report (renamed, or not mutated?): ${missing.join(', ')}.`,
    );
  }
  return { lines, failed };
}

if (import.meta.main) {
  const { lines, failed } = scores(JSON.parse(readFileSync(REPORT, 'utf8')) as Report);
  for (const line of lines) console.log(line);
  if (failed) process.exit(1);
}
