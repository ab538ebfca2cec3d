// Facts about the committed bundle, shared by the tests and the benchmark.
import { readFileSync, statSync } from 'node:fs';

/** Copies of undici in a bundle: a line of undici's own source that each copy carries once. */
export function undiciCopies(source: string): number {
  return source.split("this.code = 'UND_ERR_CONNECT_TIMEOUT'").length - 1;
}

export function bundleFacts(file: string): { bytes: number; undici: number } {
  return { bytes: statSync(file).size, undici: undiciCopies(readFileSync(file, 'utf8')) };
}
