import { describe, expect, it } from 'vitest';
import { ProxySettingError } from '../../../src/core/errors.js';
import { bypassesProxy, createTransport, proxyFor } from '../../../src/core/transport/transport.js';
import { Agent, ProxyAgent } from '../../../src/core/transport/undici.js';

const https = new URL('https://api.example.com/v1');
// Not loopback: loopback hosts never go through a proxy.
const http = new URL('http://marketplace.test:8080/v1');

describe('proxyFor', () => {
  it.each([
    [
      'https uses HTTPS_PROXY',
      https,
      { HTTPS_PROXY: 'http://p:1' },
      { variable: 'HTTPS_PROXY', url: new URL('http://p:1') },
    ],
    [
      'lowercase wins',
      https,
      { HTTPS_PROXY: 'http://upper:1', https_proxy: 'http://lower:1' },
      { variable: 'https_proxy', url: new URL('http://lower:1') },
    ],
    [
      'an empty lowercase counts as unset: the uppercase applies',
      https,
      { HTTPS_PROXY: 'http://upper:1', https_proxy: '' },
      { variable: 'HTTPS_PROXY', url: new URL('http://upper:1') },
    ],
    ['both empty: direct', https, { HTTPS_PROXY: '', https_proxy: '' }, undefined],
    [
      'an empty no_proxy leaves NO_PROXY in force',
      https,
      { HTTPS_PROXY: 'http://upper:1', no_proxy: '', NO_PROXY: 'example.com' },
      undefined,
    ],
    ['https ignores HTTP_PROXY', https, { HTTP_PROXY: 'http://p:1' }, undefined],
    [
      'http uses HTTP_PROXY',
      http,
      { HTTP_PROXY: 'http://p:2' },
      { variable: 'HTTP_PROXY', url: new URL('http://p:2') },
    ],
    ['http ignores HTTPS_PROXY', http, { HTTPS_PROXY: 'http://p:1' }, undefined],
    [
      'http uses http_proxy',
      http,
      { http_proxy: 'http://p:3' },
      { variable: 'http_proxy', url: new URL('http://p:3') },
    ],
    ['nothing set', https, {}, undefined],
    [
      'NO_PROXY exempts the host',
      https,
      { HTTPS_PROXY: 'http://p:1', NO_PROXY: 'example.com' },
      undefined,
    ],
    [
      'lowercase no_proxy wins',
      https,
      { HTTPS_PROXY: 'http://p:1', no_proxy: 'other.org', NO_PROXY: 'example.com' },
      { variable: 'HTTPS_PROXY', url: new URL('http://p:1') },
    ],
  ])('%s', (_, url, env, expected) => {
    expect(proxyFor(url, env)).toEqual(expected);
  });

  it.each([
    'http://localhost:8080/v1',
    'http://LOCALHOST/v1',
    'http://127.0.0.1:8080/v1',
    'http://127.8.9.10/v1',
    'https://[::1]:8443/v1',
    'https://[0:0:0:0:0:0:0:1]/v1',
  ])('never proxies the loopback host of %s', (address) => {
    const env = { HTTP_PROXY: 'http://p:1', HTTPS_PROXY: 'http://p:1', NO_PROXY: '' };
    expect(proxyFor(new URL(address), env)).toBeUndefined();
  });

  it.each([
    ['no scheme', 'proxy.corp:3128'],
    ['an IP without scheme', '10.0.0.1:3128'],
    ['no host', 'http://:3128'],
    ['another scheme', 'socks5://proxy.corp:1080'],
    ['a scheme that only ends like http', 'xhttp://proxy.corp:3128'],
    ['a bad escape in the user', 'http://50%zz:pw@proxy.corp:3128'],
    ['words', 'use the corporate proxy'],
    ['a bad escape in the password', 'http://user:50%zz@proxy.corp:3128'],
  ])('refuses a proxy value with %s, naming the variable and not the value', (_, value) => {
    let error: unknown;
    try {
      proxyFor(https, { https_proxy: value });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ProxySettingError);
    expect((error as ProxySettingError).variable).toBe('https_proxy');
    expect((error as ProxySettingError).title).toBe('Invalid proxy setting: https_proxy');
    expect((error as Error).message).toBe(
      'The environment variable https_proxy is not a proxy URL. Set it to http://host:port ' +
        '(or https://), with user:password@ before the host when the proxy needs credentials, ' +
        'or unset it.',
    );
    expect((error as Error).message).not.toContain(value);
  });

  it('ignores a bad value that does not apply: loopback, the other scheme, NO_PROXY', () => {
    const bad = 'proxy.corp:3128';
    expect(proxyFor(new URL('http://localhost/v1'), { HTTP_PROXY: bad })).toBeUndefined();
    expect(proxyFor(https, { HTTP_PROXY: bad })).toBeUndefined();
    expect(proxyFor(https, { HTTPS_PROXY: bad, NO_PROXY: '*' })).toBeUndefined();
  });

  it('accepts surrounding whitespace and https proxies', () => {
    expect(proxyFor(https, { HTTPS_PROXY: '\u00a0 https://p:1 \u00a0' })).toEqual({
      variable: 'HTTPS_PROXY',
      url: new URL('https://p:1'),
    });
  });
});

describe('bypassesProxy (NO_PROXY, as the runner reads it)', () => {
  const url = (address: string) => new URL(address);
  it.each([
    ['a bare domain covers itself', 'https://example.com/v1', 'example.com', true],
    ['a bare domain covers subdomains', 'https://api.example.com/v1', 'example.com', true],
    ['and deeper ones', 'https://a.b.example.com/v1', 'example.com', true],
    ['but not a longer name', 'https://notexample.com/v1', 'example.com', false],
    ['nor a parent', 'https://example.com/v1', 'api.example.com', false],
    ['a leading dot covers subdomains', 'https://api.example.com/v1', '.example.com', true],
    ['a leading dot not the domain itself', 'https://example.com/v1', '.example.com', false],
    ['*. as a leading dot', 'https://api.example.com/v1', '*.example.com', true],
    ['* covers everything', 'https://api.example.com/v1', '*', true],
    ['* among others', 'https://api.example.com/v1', 'a.org, *', true],
    ['any case', 'https://API.Example.COM/v1', 'EXAMPLE.com', true],
    ['entries trimmed', 'https://api.example.com/v1', ' other.org ,  example.com  ', true],
    ['empty entries skipped', 'https://api.example.com/v1', ',,', false],
    [
      'an empty entry covers no name ending in a dot',
      'https://api.example.com./v1',
      'a.org,',
      false,
    ],
    ['empty', 'https://api.example.com/v1', '', false],
    ['a port must match', 'https://api.example.com:8443/v1', 'example.com:8443', true],
    ['another port does not', 'https://api.example.com:8443/v1', 'example.com:443', false],
    ['the default https port', 'https://api.example.com/v1', 'example.com:443', true],
    ['an empty port as none', 'https://api.example.com:8443/v1', 'example.com:', true],
    ['the default http port', 'http://api.example.com/v1', 'example.com:80', true],
    ['not the other default', 'https://api.example.com/v1', 'example.com:80', false],
    ['an IP address, exactly', 'https://10.1.2.3/v1', '10.1.2.3', true],
    ['not another IP address', 'https://10.1.2.3/v1', '10.1.2.4', false],
    ['an IPv6 address in brackets', 'https://[2001:db8::1]/v1', '[2001:db8::1]', true],
    ['an IPv6 address with a port', 'https://[2001:db8::1]:8443/v1', '[2001:db8::1]:8443', true],
    ['an IPv6 address without brackets', 'https://[2001:db8::1]/v1', '2001:db8::1', true],
  ])('%s', (_, address, noProxy, expected) => {
    expect(bypassesProxy(url(address), noProxy)).toBe(expected);
  });
});

describe('the proxy in use', () => {
  it.each([
    ['http://user:secret@proxy.corp:3128', 'proxy.corp:3128'],
    ['http://proxy.corp', 'proxy.corp:80'],
    ['https://proxy.corp/', 'proxy.corp:443'],
    ['http://[::1]:3128', '[::1]:3128'],
  ])('%s is %s, without credentials', (address, expected) => {
    const transport = createTransport({ HTTPS_PROXY: address }, [], 1000);
    expect(transport.proxyInUse(https.href)).toEqual({ variable: 'HTTPS_PROXY', host: expected });
  });
});

describe('createTransport (one transport for the step)', () => {
  const market = 'https://market.example.com/v1';
  const github = 'https://api.github.com';

  it('decides the proxy of every host before any request: a malformed one fails at once', () => {
    // The marketplace is exempt: only the GitHub API would use the proxy, and that is enough.
    const env = { HTTPS_PROXY: 'ops:s3cr3tW0rd@proxy.corp:3128', NO_PROXY: 'example.com' };
    expect(() => createTransport(env, [market], 1000)).not.toThrow();
    const error = (() => {
      try {
        createTransport(env, [market, github], 1000);
      } catch (thrown) {
        return thrown;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(ProxySettingError);
    expect((error as ProxySettingError).variable).toBe('HTTPS_PROXY');
    expect((error as Error).message).not.toMatch(/s3cr3t|proxy.corp/);
  });

  it('gives each host its route, by the same rules, and names the proxy without credentials', async () => {
    const transport = createTransport(
      { https_proxy: 'http://user:secret@proxy.corp:3128', NO_PROXY: 'github.com' },
      [market, github],
      1000,
    );
    expect(transport.proxyInUse(`${market}/listings/a`)).toEqual({
      variable: 'https_proxy',
      host: 'proxy.corp:3128',
    });
    expect(transport.proxyInUse(`${github}/repos/o/r/releases/latest`)).toBeUndefined();
    expect(transport.dispatcherFor(market)).toBeInstanceOf(ProxyAgent);
    expect(transport.dispatcherFor(github)).toBeInstanceOf(Agent);
    expect(transport.dispatcherFor(`${market}/listings`)).toBe(transport.dispatcherFor(market));
    await transport.destroy();
  });

  it('both hosts through one proxy share one dispatcher', async () => {
    const transport = createTransport(
      { HTTPS_PROXY: 'http://proxy.corp:3128' },
      [market, github],
      1000,
    );
    expect(transport.dispatcherFor(market)).toBe(transport.dispatcherFor(github));
    await transport.destroy();
  });

  it('gives each proxy its own dispatcher, and closes them all when destroyed', async () => {
    const transport = createTransport(
      { HTTPS_PROXY: 'http://one.corp:3128', HTTP_PROXY: 'http://two.corp:3128' },
      [market, 'http://market.example.com/v1'],
      1000,
    );
    const first = transport.dispatcherFor(market);
    const second = transport.dispatcherFor('http://market.example.com/v1') as InstanceType<
      typeof ProxyAgent
    >;
    expect(first).not.toBe(second);
    await transport.destroy();
    // undici's dispatchers all say whether they were destroyed; its type names it on Agent only.
    const destroyed = (dispatcher: object) => (dispatcher as { destroyed?: boolean }).destroyed;
    expect([destroyed(first), destroyed(second)]).toEqual([true, true]);
  });

  it('leaves an address that is not a URL to fail on its own request', () => {
    expect(() => createTransport({}, ['not a url', market], 1000)).not.toThrow();
  });
});
