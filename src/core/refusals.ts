// What stops a step before any request, as the problem both front ends report.
import type { Problem } from './annotations.js';
import { ResolveError, StepError } from './errors.js';
import { holdsPartOfKey } from './guard/guard.js';
import type { Resolved } from './release/resolve.js';
import type { Words } from './words.js';

export function expectedProblem(error: unknown): Problem | undefined {
  return error instanceof StepError ? { title: error.title, message: error.message } : undefined;
}

export function unexpectedProblem(error: unknown): Problem {
  const what = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return { title: 'Unexpected error', message: `Stopped by an unexpected error: ${what}` };
}

// By the guard's own rule, on the uncut changelog too: every changelog that passes is then shown
// exactly as sent.
export function refuseKeyInChangelog(resolved: Resolved, words: Words, apiKey: string, token = '') {
  const written = [resolved.changelog, ...(resolved.uncut === undefined ? [] : [resolved.uncut])];
  // Also without its tags: a store that renders the changelog shows `Ab<em>Cd</em>` as `AbCd`.
  const texts = [...written, ...written.map((text) => text.replace(/<[^>]*>/g, ''))];
  if (holdsPartOfKey(texts, apiKey)) {
    throw new ResolveError(
      'Key in changelog',
      `The changelog to send contains the API key, or 8 characters or more of it in some form, so nothing was sent: the marketplace would publish the key. Remove the key from the changelog, and create a new key and update ${words.keyHome} if the changelog has been published anywhere.`,
    );
  }
  if (holdsPartOfKey(texts, token)) {
    throw new ResolveError(
      'Token in changelog',
      'The changelog to send contains the GitHub token, or 8 characters or more of it in some form, so nothing was sent: the marketplace would publish the token. Remove the token from the changelog, and revoke the token if the changelog has been published anywhere.',
    );
  }
}
