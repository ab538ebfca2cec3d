// After `stryker run`: the mutation score of each module, and a failure when a module that guards
// secrets or untrusted text scores below GUARD_MINIMUM. Reads Stryker's JSON report.
import { readFileSync } from 'node:fs';

const REPORT = 'reports/mutation/mutation.json';
const GUARD_MINIMUM = 95;
const GUARDS = [
  'src/core/secret.ts',
  'src/core/guard.ts',
  'src/core/views.ts',
  'src/core/safe-text.ts',
  'src/core/server-message.ts',
];

interface Report {
  files: Record<string, { mutants: { status: string }[] }>;
}

const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);

const report = JSON.parse(readFileSync(REPORT, 'utf8')) as Report;
let failed = false;
for (const [path, { mutants }] of Object.entries(report.files).sort()) {
  const detected = mutants.filter((m) => DETECTED.has(m.status)).length;
  const valid = detected + mutants.filter((m) => UNDETECTED.has(m.status)).length;
  const score = valid === 0 ? 100 : (100 * detected) / valid;
  const guard = GUARDS.some((name) => path.endsWith(name));
  const low = guard && score < GUARD_MINIMUM;
  failed ||= low;
  const mark = low ? `  below ${GUARD_MINIMUM}%` : '';
  console.log(`${score.toFixed(2).padStart(6)}%  ${detected}/${valid}  ${path}${mark}`);
}
if (failed) {
  console.log(`A module that guards secrets or untrusted text scores below ${GUARD_MINIMUM}%.`);
  process.exit(1);
}
