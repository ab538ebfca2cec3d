import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fileChunks } from '../../../src/core/changelog/lines.js';
import { ROOT } from '../../support/runner.js';

const openFiles = () => readdirSync('/proc/self/fd').length;

describe('fileChunks', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lad-lines-'));
  const path = join(dir, 'CHANGELOG.md');
  writeFileSync(path, Buffer.alloc(100 * 1024, 'a'));

  it('reads 64 KiB at a time by default', () => {
    expect([...fileChunks(path)].map((chunk) => chunk.length)).toEqual([64 * 1024, 36 * 1024]);
    expect([...fileChunks(path, 40 * 1024)].map((chunk) => chunk.length)).toEqual([
      40 * 1024,
      40 * 1024,
      20 * 1024,
    ]);
  });

  it.runIf(process.platform === 'linux')(
    'closes the file when read to the end or let go of',
    () => {
      const before = openFiles();
      for (const _ of fileChunks(path)) {
        // read to the end
      }
      expect(openFiles()).toBe(before);
      for (const _ of fileChunks(path, 1024)) break;
      expect(openFiles()).toBe(before);
    },
  );
});

/**
 * Runs `body` (a module's code) in a Node whose heap is capped at `heapMb`: the child fails when
 * what it reads does not fit. The project's TypeScript modules are imported as they are written.
 */
function runCapped(body: string, heapMb: number) {
  const hooks = `import{registerHooks}from"node:module";registerHooks({resolve(s,c,n){try{return n(s,c)}catch(e){if(s.endsWith(".js"))return n(s.slice(0,-3)+".ts",c);throw e}}});`;
  return spawnSync(
    process.execPath,
    [
      `--max-old-space-size=${heapMb}`,
      '--max-semi-space-size=1',
      `--import=data:text/javascript,${encodeURIComponent(hooks)}`,
      '--input-type=module',
      '-e',
      body,
    ],
    { encoding: 'utf8', cwd: ROOT },
  );
}

describe('linesOf over fileChunks: memory bounded by a chunk, not the file', () => {
  it('reads a 42 MB file in a Node whose heap holds 16 MB', { timeout: 60_000 }, () => {
    const dir = mkdtempSync(join(tmpdir(), 'lad-lines-'));
    const path = join(dir, 'BIG.md');
    const line = `${'x'.repeat(99)}\n`;
    const count = 420_000;
    writeFileSync(path, line.repeat(count));
    const lines = pathToFileURL(join(ROOT, 'src/core/changelog/lines.ts')).href;
    const read = `import{fileChunks,linesOf}from${JSON.stringify(lines)};let n=0,c=0;for(const l of linesOf(fileChunks(${JSON.stringify(path)})))n++,c+=l.length;console.log(n,c)`;
    const counted = runCapped(read, 16);
    expect(counted.stderr).toBe('');
    expect(counted.stdout.trim()).toBe(`${count} ${count * 99}`);
    // The same heap cannot hold the file read whole: the bound is one the test can see.
    const whole = `import{readFileSync}from"node:fs";console.log(readFileSync(${JSON.stringify(path)},"utf8").split("\\n").length)`;
    expect(runCapped(whole, 16).status).not.toBe(0);
  });
});
