// Why @actions/github could not be loaded, in the action's words: it reads the proxy, the API's
// address and the event file when it loads.

import { afterEach, describe, expect, it, vi } from 'vitest';
import { unloadable } from '../../src/action/context.js';
import { ACTION_WORDS } from '../../src/action/words.js';
import { ProxySettingError } from '../../src/core/errors.js';
import { parseSettings } from '../../src/core/inputs.js';

// The step's transport as it is, unless a test makes it throw something other than a proxy error.
const broken = vi.hoisted(() => ({ error: undefined as unknown }));
vi.mock(import('../../src/core/transport/transport.js'), async (original) => {
  const real = await original();
  return {
    ...real,
    createTransport: (...args: Parameters<typeof real.createTransport>) => {
      if (broken.error !== undefined) throw broken.error;
      return real.createTransport(...args);
    },
  };
});

const settings = parseSettings(
  {
    'listing-id': 'asset-1',
    'api-key': 'mk_test_0123456789abcdef',
    'base-url': 'https://api.marketplace.example/v1',
  },
  ACTION_WORDS,
);

afterEach(() => {
  vi.unstubAllEnvs();
  broken.error = undefined;
});

function stub(env: Record<string, string | undefined>): void {
  for (const name of [
    'HTTPS_PROXY',
    'https_proxy',
    'HTTP_PROXY',
    'http_proxy',
    'NO_PROXY',
    'no_proxy',
  ]) {
    vi.stubEnv(name, undefined);
  }
  vi.stubEnv('GITHUB_API_URL', undefined);
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
}

describe('unloadable', () => {
  it.each([
    [{ HTTPS_PROXY: '[bad' }, 'Invalid proxy setting: HTTPS_PROXY'],
    [{ https_proxy: 'bad host:3128' }, 'Invalid proxy setting: https_proxy'],
    // The API's own proxy variable, as the step's transport reads it for an http API.
    [
      { GITHUB_API_URL: 'http://ghe.example.com/api/v3', HTTP_PROXY: '[bad' },
      'Invalid proxy setting: HTTP_PROXY',
    ],
  ])('%j: the proxy variable, named as the step names it', (env, title) => {
    stub(env);
    const error = unloadable(new TypeError('Invalid URL'), settings);
    expect(error).toBeInstanceOf(ProxySettingError);
    expect(error.title).toBe(title);
    expect(error.message).not.toContain('bad');
  });

  it('an event file that is not JSON', () => {
    stub({});
    const error = unloadable(new SyntaxError('Unexpected end of JSON input'), settings);
    expect(error.title).toBe('Event unreadable');
    expect(error.message).toBe(
      'The event that started the run could not be read: the file GITHUB_EVENT_PATH names is ' +
        'not JSON. Re-run the workflow; nothing was sent.',
    );
    expect(error.message).not.toContain('Unexpected end');
  });

  it('an API address that is not a URL', () => {
    stub({ GITHUB_API_URL: 'not a url' });
    const error = unloadable(new TypeError('Invalid URL'), settings);
    expect(error.title).toBe('Invalid GITHUB_API_URL');
    expect(error.message).toBe(
      'The environment variable GITHUB_API_URL is not a URL: set it to the REST API root of ' +
        'GitHub (https://api.github.com) or of GitHub Enterprise Server, or unset it. Nothing was sent.',
    );
  });

  it('anything else: the package could not be loaded, by the name of its error only', () => {
    stub({});
    const error = unloadable(new Error('Cannot find module ./413.index.js'), settings);
    expect(error.title).toBe('GitHub package unavailable');
    expect(error.message).toBe(
      "The action's GitHub package (@actions/github) could not be loaded (Error), so the run's " +
        'event could not be read. Nothing was sent.',
    );
  });

  it.each<[unknown, string]>([
    [new TypeError('x'), 'TypeError'],
    ['Cannot find module ./413.index.js', 'an error'],
    [undefined, 'an error'],
  ])('thrown %j: named %j, never by its text', (thrown, what) => {
    stub({});
    const error = unloadable(thrown, settings);
    expect(error.title).toBe('GitHub package unavailable');
    expect(error.message).toContain(`could not be loaded (${what}), so`);
    expect(error.message).not.toContain('413');
    expect(error.message).not.toContain('mk_test_');
  });

  it('a transport that fails for another reason than a proxy: that error is not the reason', () => {
    stub({});
    broken.error = new RangeError('Cannot find module ./413.index.js');
    const error = unloadable(new Error('Cannot find module'), settings);
    expect(error).not.toBe(broken.error);
    expect(error.title).toBe('GitHub package unavailable');
  });
});
