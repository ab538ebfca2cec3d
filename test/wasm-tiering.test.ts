// undici's WebAssembly parser stays on V8's baseline code (see src/core/wasm-tiering.ts); that the
// bundle sets the flag before undici compiles its parser is checked on the bundle (bundle.test.ts).
import { expect, it, vi } from 'vitest';

const setFlagsFromString = vi.hoisted(() => vi.fn());
vi.mock('node:v8', () => ({ setFlagsFromString }));

it('sets a WebAssembly tiering budget out of reach when it loads', async () => {
  const { WASM_TIERING_FLAG } = await import('../src/core/wasm-tiering.js');
  expect(WASM_TIERING_FLAG).toBe('--wasm-tiering-budget=2000000000');
  expect(setFlagsFromString).toHaveBeenCalledExactlyOnceWith(WASM_TIERING_FLAG);
});
