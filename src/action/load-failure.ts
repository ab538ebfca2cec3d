// @actions/github reads the run's context and its proxy when it loads: the event file, the API's
// address and the proxy variables. When it cannot load, the step stops before any request with the
// reason in the action's words, never with the package's own error.
import { ProxySettingError, ResolveError, type StepError } from '../core/errors.js';
import type { Settings } from '../core/inputs.js';
import { createTransport } from '../core/transport/transport.js';

/** The reason the package could not be loaded, as the step reports it. */
export function unloadable(error: unknown, settings: Settings): StepError {
  const apiUrl = process.env.GITHUB_API_URL || 'https://api.github.com';
  try {
    // The step's own proxy rules over the hosts it talks to: a variable it cannot read is named
    // here exactly as the step's transport would name it.
    void createTransport(process.env, [settings.baseUrl, apiUrl], settings.timeoutMs).destroy();
  } catch (proxyError) {
    if (proxyError instanceof ProxySettingError) return proxyError;
  }
  if (error instanceof SyntaxError) {
    return new ResolveError(
      'Event unreadable',
      'The event that started the run could not be read: the file GITHUB_EVENT_PATH names is ' +
        'not JSON. Re-run the workflow; nothing was sent.',
    );
  }
  if (!URL.canParse(apiUrl)) {
    return new ResolveError(
      'Invalid GITHUB_API_URL',
      'The environment variable GITHUB_API_URL is not a URL: set it to the REST API root of ' +
        'GitHub (https://api.github.com) or of GitHub Enterprise Server, or unset it. Nothing was sent.',
    );
  }
  const what = error instanceof Error ? error.name : 'an error';
  return new ResolveError(
    'GitHub package unavailable',
    `The action's GitHub package (@actions/github) could not be loaded (${what}), so the run's ` +
      'event could not be read. Nothing was sent.',
  );
}
