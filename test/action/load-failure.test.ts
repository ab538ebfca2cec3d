// Why @actions/github could not be loaded, in the action's words: it reads the proxy, the API's
// address and the event file when it loads.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { unloadable } from '../../src/action/load-failure.js';
import { ProxySettingError } from '../../src/core/errors.js';
import { parseSettings } from '../../src/core/inputs.js';

const settings = parseSettings({
  'listing-id': 'asset-1',
  'api-key': 'mk_test_0123456789abcdef',
  'base-url': 'https://api.marketplace.example/v1',
});

afterEach(() => {
  vi.unstubAllEnvs();
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
    expect(error.message).toContain('GITHUB_EVENT_PATH');
    expect(error.message).not.toContain('Unexpected end');
  });

  it('an API address that is not a URL', () => {
    stub({ GITHUB_API_URL: 'not a url' });
    expect(unloadable(new TypeError('Invalid URL'), settings).title).toBe('Invalid GITHUB_API_URL');
  });

  it('anything else: the package could not be loaded, by the name of its error only', () => {
    stub({});
    const error = unloadable(new Error('Cannot find module ./413.index.js'), settings);
    expect(error.title).toBe('GitHub package unavailable');
    expect(error.message).toContain('(Error)');
    expect(error.message).not.toContain('413');
  });
});
