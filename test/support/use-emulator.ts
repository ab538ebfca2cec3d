// A fresh local marketplace for each test of a file.
import { afterEach, beforeEach } from 'vitest';
import { Emulator } from './emulator.js';

export interface LocalMarketplace {
  emulator: Emulator;
  /** Its API root, e.g. http://127.0.0.1:PORT/v1. */
  base: string;
}

export function useEmulator(): LocalMarketplace {
  const local = {} as LocalMarketplace;
  beforeEach(async () => {
    local.emulator = new Emulator();
    local.base = await local.emulator.start();
  });
  afterEach(async () => {
    await local.emulator.stop();
  });
  return local;
}
