// What stops a step before any request, as the problem both front ends report.

import type { Problem } from './annotations.js';
import { ResolveError, StepError } from './errors.js';
import { containsSecret } from './guard/guard.js';
import type { Resolved } from './release/resolve.js';
import { words } from './words.js';

/** The problem of an error the step expects (a bad input, no version…); undefined for a bug. */
export function expectedProblem(error: unknown): Problem | undefined {
  return error instanceof StepError ? { title: error.title, message: error.message } : undefined;
}

/** A bug: the one text both front ends show for it. */
export function unexpectedProblem(error: unknown): Problem {
  const what = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return { title: 'Unexpected error', message: `Stopped by an unexpected error: ${what}` };
}

/**
 * The marketplace would publish the key. Checked on the whole changelog, before any cut to
 * `changelog-max-length`; thrown before the changelog is reported, so it is neither sent nor shown.
 */
export function refuseKeyInChangelog(resolved: Resolved, apiKey: string): void {
  if (!containsSecret(resolved.uncut ?? resolved.changelog, apiKey)) return;
  throw new ResolveError(
    'Key in changelog',
    'The changelog to send contains the API key, so nothing was sent: ' +
      'the marketplace would publish the key. Remove the key from the changelog, and create a ' +
      `new key and update ${words().keyHome} if the changelog has been published anywhere.`,
  );
}
