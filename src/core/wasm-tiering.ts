// undici parses HTTP/1.1 with llhttp compiled to WebAssembly. V8 starts it on its baseline
// compiler and, after a few answers (the third request of a step), compiles the parser again with
// its optimising compiler on a background thread. A step that ends soon after must wait for that
// compilation at exit: a fixed 30-90 ms, more than all its requests together, and on a busy
// machine the compilation also slows the requests in between. The answers parsed are small (at
// most 1 MiB is read), so the baseline code is fast enough: the budget that triggers the second
// compilation is set out of reach for undici's parser alone.
//
// V8 gives each module its budget when it creates the module, from a flag. A changed flag also
// makes Node reject the code cache of every built-in module loaded while it is changed (about
// 10 ms of compiling at start-up), so the flag is changed only around the creation of undici's
// parser module, created synchronously for that, and then set back to V8's default.
import { setFlagsFromString } from 'node:v8';

export const BUDGET_OUT_OF_REACH = '--wasm-tiering-budget=2000000000';
/** V8's default (`node --v8-options`); the test suite checks it is still the Node's default. */
export const BUDGET_DEFAULT = '--wasm-tiering-budget=13000000';

/** The part of the WebAssembly global used here (the project's types have no DOM library). */
interface Wasm {
  compile(bytes: Uint8Array): Promise<object>;
  readonly Module: new (bytes: Uint8Array) => object;
}

const wasm = (globalThis as unknown as { readonly WebAssembly: Wasm }).WebAssembly;
const compile = wasm.compile;

/** undici's first `WebAssembly.compile` (its parser, when it loads), with the budget out of reach. */
function compileParser(bytes: Uint8Array): Promise<object> {
  Object.defineProperty(wasm, 'compile', { value: compile });
  setFlagsFromString(BUDGET_OUT_OF_REACH);
  try {
    return Promise.resolve(new wasm.Module(bytes));
  } catch (error) {
    return Promise.reject(error);
  } finally {
    setFlagsFromString(BUDGET_DEFAULT);
  }
}

Object.defineProperty(wasm, 'compile', { value: compileParser });
