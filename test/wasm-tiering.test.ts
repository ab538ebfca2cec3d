// undici's WebAssembly parser stays on V8's baseline code (see src/core/wasm-tiering.ts); that the
// bundle does it for undici's parser is checked on the bundle (bundle.test.ts).
import { spawnSync } from 'node:child_process';
import { expect, it, vi } from 'vitest';

const setFlagsFromString = vi.hoisted(() => vi.fn());
vi.mock('node:v8', () => ({ setFlagsFromString }));

const { WebAssembly } = globalThis as unknown as {
  WebAssembly: {
    compile(bytes: Uint8Array): Promise<object>;
    Module: new (b: Uint8Array) => object;
  };
};

/** The smallest WebAssembly module: its magic number and version. */
const EMPTY_MODULE = new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);

it('creates the first module compiled with the budget out of reach, then sets it back', async () => {
  const original = WebAssembly.compile;
  const { BUDGET_DEFAULT, BUDGET_OUT_OF_REACH } = await import('../src/core/wasm-tiering.js');
  expect(setFlagsFromString).not.toHaveBeenCalled();
  expect(WebAssembly.compile).not.toBe(original);
  const module = await WebAssembly.compile(EMPTY_MODULE);
  expect(module).toBeInstanceOf(WebAssembly.Module);
  expect(setFlagsFromString.mock.calls).toEqual([[BUDGET_OUT_OF_REACH], [BUDGET_DEFAULT]]);
  // Only the first: later modules are compiled as V8 compiles them.
  expect(WebAssembly.compile).toBe(original);
});

it('sets the flag back even when the module is refused', async () => {
  vi.resetModules();
  setFlagsFromString.mockClear();
  const { BUDGET_DEFAULT } = await import('../src/core/wasm-tiering.js');
  await expect(WebAssembly.compile(new Uint8Array([1, 2, 3]))).rejects.toMatchObject({
    name: 'CompileError',
  });
  expect(setFlagsFromString.mock.calls.at(-1)).toEqual([BUDGET_DEFAULT]);
});

it("sets it back to this Node's own default, so that no built-in module loses its code cache", async () => {
  const { BUDGET_DEFAULT, BUDGET_OUT_OF_REACH } = await import('../src/core/wasm-tiering.js');
  const options = spawnSync(process.execPath, ['--v8-options'], { encoding: 'utf8' }).stdout;
  const entry = /--wasm-tiering-budget \([^)]*\)\s+type: int\s+default: (\S+)/.exec(options);
  expect(entry?.[1]).toBe(BUDGET_DEFAULT);
  expect(Number(BUDGET_OUT_OF_REACH.split('=')[1])).toBeGreaterThan(1000 * 1024 * 1024);
});
