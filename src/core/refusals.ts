// What stops a step before any request, as the problem both front ends report.
import { ProxySettingError } from './dispatcher.js';
import type { Problem } from './errors.js';
import { containsSecret } from './guard.js';
import { InputError } from './inputs.js';
import type { Resolved } from './release.js';
import { ResolveError } from './resolve-error.js';

/** The problem of an error the step expects (a bad input, no version…); undefined for a bug. */
export function expectedProblem(error: unknown): Problem | undefined {
  if (error instanceof InputError)
    return { title: `Invalid input: ${error.input}`, message: error.message };
  if (error instanceof ResolveError) return { title: error.title, message: error.message };
  if (error instanceof ProxySettingError)
    return { title: `Invalid proxy setting: ${error.variable}`, message: error.message };
  return undefined;
}

/**
 * SPEC 6.2: the action never publishes the key. Checked on the whole changelog, before any cut to
 * `changelog-max-length`; thrown before the changelog is reported, so it is neither sent nor shown.
 */
export function refuseKeyInChangelog(resolved: Resolved, apiKey: string): void {
  if (!containsSecret(resolved.uncut ?? resolved.changelog, apiKey)) return;
  throw new ResolveError(
    'Key in changelog',
    'The changelog to send contains the API key, so nothing was sent: ' +
      'the marketplace would publish the key. Remove the key from the changelog, and create a ' +
      'new key and update the secret if the changelog has been published anywhere.',
  );
}
