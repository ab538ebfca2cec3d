/** The code of an attempt its caller abandoned (its `signal`): not a timeout, never retried. */
export const ABORTED = 'ABORTED';

/** The code (`ECONNREFUSED`, `UND_ERR_…`) of an error or of its causes, a few levels deep. */
export function errorCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && code !== '') return code;
    current = current.cause;
  }
  return undefined;
}
