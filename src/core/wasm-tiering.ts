// undici parses HTTP/1.1 with llhttp compiled to WebAssembly. V8 starts it on its baseline
// compiler and, after a few answers (the third request of a step), compiles the parser again with
// its optimising compiler on a background thread. A step that ends soon after must wait for that
// compilation at exit: a fixed 30-90 ms, more than all its requests together. The parser's
// answers are small (at most 1 MiB is read), so the baseline code is fast enough: the budget that
// triggers the second compilation is set out of reach. Imported before undici, whose parser
// module is compiled when undici loads; V8 reads the budget when it compiles a module.
import { setFlagsFromString } from 'node:v8';

export const WASM_TIERING_FLAG = '--wasm-tiering-budget=2000000000';

setFlagsFromString(WASM_TIERING_FLAG);
