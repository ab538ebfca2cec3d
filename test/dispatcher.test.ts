import { Agent, EnvHttpProxyAgent } from 'undici';
import { describe, expect, it } from 'vitest';
import { createDispatcher, proxyFor } from '../src/dispatcher.js';

const https = new URL('https://api.example.com/v1');
const http = new URL('http://127.0.0.1:8080/v1');

describe('proxyFor', () => {
  it.each([
    [
      'https uses HTTPS_PROXY',
      https,
      { HTTPS_PROXY: 'http://p:1' },
      { variable: 'HTTPS_PROXY', address: 'http://p:1' },
    ],
    [
      'lowercase wins',
      https,
      { HTTPS_PROXY: 'http://upper:1', https_proxy: 'http://lower:1' },
      { variable: 'https_proxy', address: 'http://lower:1' },
    ],
    [
      'an empty lowercase turns it off',
      https,
      { HTTPS_PROXY: 'http://upper:1', https_proxy: '' },
      undefined,
    ],
    ['https ignores HTTP_PROXY', https, { HTTP_PROXY: 'http://p:1' }, undefined],
    [
      'http uses HTTP_PROXY',
      http,
      { HTTP_PROXY: 'http://p:2' },
      { variable: 'HTTP_PROXY', address: 'http://p:2' },
    ],
    ['http ignores HTTPS_PROXY', http, { HTTPS_PROXY: 'http://p:1' }, undefined],
    ['nothing set', https, {}, undefined],
  ])('%s', (_, url, env, expected) => {
    expect(proxyFor(url, env)).toEqual(expected);
  });
});

describe('createDispatcher', () => {
  it('is a plain agent without a proxy, and a proxy agent with one', async () => {
    const direct = createDispatcher(undefined, {}, 1000);
    const proxied = createDispatcher(
      { variable: 'HTTPS_PROXY', address: 'http://127.0.0.1:9' },
      {},
      1000,
    );
    expect(direct).toBeInstanceOf(Agent);
    expect(proxied).toBeInstanceOf(EnvHttpProxyAgent);
    await Promise.all([direct.close(), proxied.close()]);
  });
});
