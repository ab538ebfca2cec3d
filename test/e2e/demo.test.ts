// `npm run demo`, the README's first command, run as a newcomer runs it: a child process from the
// checkout, its exit code and what it prints. A demo that crashes fails here, not on a newcomer.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { KEYS } from '../support/emulator.js';
import { ROOT } from '../support/runner.js';

async function demo(): Promise<{ code: number | null; output: string }> {
  // Without the variables of a job running the tests, as on a newcomer's machine.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(GITHUB|INPUT|RUNNER|ACTIONS)_/.test(name)),
  );
  const child = spawn('npm', ['run', '--silent', 'demo'], { cwd: ROOT, env });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk));
  const [code] = (await once(child, 'close')) as [number | null];
  return { code, output };
}

describe('npm run demo', () => {
  it('runs to the end: the update, what the marketplace received, and the refused key', async () => {
    const { code, output } = await demo();
    expect(output).not.toMatch(/SyntaxError|TypeError|Error: /);
    expect(code).toBe(0);
    expect(output).toContain('Listing asset-1 is now at version 1.2.3.');
    // The GET that checks the order (no body) and the PATCH with its JSON body.
    expect(output).toContain('"method": "GET"');
    expect(output).toContain('"version": "1.2.3"');
    expect(output).toContain('error "API key refused"');
    for (const key of Object.values(KEYS)) expect(output).not.toContain(key);
  }, 60_000);
});
