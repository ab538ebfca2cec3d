import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileChunks } from '../src/core/changelog-lines.js';

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
