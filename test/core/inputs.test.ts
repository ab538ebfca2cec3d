import { describe, expect, it } from 'vitest';
import { ACTION_WORDS } from '../../src/action/words.js';
import { InputError } from '../../src/core/errors.js';
import { isLoopbackHost, parseSettings } from '../../src/core/inputs.js';

const KEY = 'mk_test_0123456789abcdef';

function env(inputs: Record<string, string>) {
  const base: Record<string, string> = {
    'listing-id': 'asset-1',
    'api-key': KEY,
    'base-url': 'https://api.example.com/v1',
  };
  return { ...base, ...inputs };
}

function inputError(inputs: Record<string, string>): InputError {
  try {
    parseSettings(env(inputs), ACTION_WORDS);
  } catch (error) {
    if (error instanceof InputError) return error;
    throw error;
  }
  throw new Error('expected an InputError');
}

describe('parseSettings', () => {
  it('applies the defaults of action.yml when optional inputs are empty', () => {
    const settings = parseSettings(env({}), ACTION_WORDS);
    expect(settings).toMatchObject({
      listingIds: ['asset-1'],
      skipUnchanged: false,
      ifOlder: 'skip',
      baseUrl: 'https://api.example.com/v1',
      changelog: '',
      version: '',
      stripTagPrefix: '',
      dryRun: false,
      timeoutMs: 30_000,
      retries: 3,
    });
    expect(settings.apiKey.reveal()).toBe(KEY);
    expect(Object.isFrozen(settings)).toBe(true);
  });

  it.each([
    ['https://api.example.com/v1/', 'https://api.example.com/v1'],
    ['https://api.example.com/v1///', 'https://api.example.com/v1'],
    ['https://api.example.com', 'https://api.example.com'],
    ['  https://API.example.com:8443/v1  ', 'https://api.example.com:8443/v1'],
    ['http://localhost:8080/v1', 'http://localhost:8080/v1'],
    ['http://127.0.0.1:8080', 'http://127.0.0.1:8080'],
    ['http://127.5.6.7/v1', 'http://127.5.6.7/v1'],
    ['http://[::1]:9000/v1', 'http://[::1]:9000/v1'],
  ])('accepts base-url %s as %s', (input, expected) => {
    expect(parseSettings(env({ 'base-url': input }), ACTION_WORDS).baseUrl).toBe(expected);
  });

  it.each([
    ['', 'is required'],
    ['   ', 'is required'],
    ['api.example.com/v1', 'not an absolute URL'],
    ['ftp://api.example.com', 'must start with https://'],
    ['https://user:pass@api.example.com', 'must not contain credentials'],
    ['https://token@api.example.com', 'must not contain credentials'],
    ['https://api.example.com/v1?x=1', 'query'],
    ['https://api.example.com/v1?', 'query'],
    ['https://api.example.com/v1#frag', 'fragment'],
    ['http://api.example.com/v1', 'unencrypted'],
    ['http://10.0.0.1/v1', 'unencrypted'],
    ['http://localhost.example.com/v1', 'unencrypted'],
    ['http://128.0.0.1/v1', 'unencrypted'],
  ])('refuses base-url %j', (value, message) => {
    const error = inputError({ 'base-url': value });
    expect(error.title).toBe('Invalid input: base-url');
    expect(error.message).toContain(message);
  });

  it.each([
    ['', 'is required'],
    [' \t ', 'is required'],
    ['.', 'must not be `.` or `..`'],
    ['..', 'must not be `.` or `..`'],
    [' , \n ,', 'is required'],
    ['a,.', 'must not be `.` or `..`'],
    ['a\n..\nb', 'must not be `.` or `..`'],
    ['a,b,a', 'lists "a" more than once'],
    ['x\n y \r\nx', 'lists "x" more than once'],
  ])('refuses listing-id %j', (value, message) => {
    const error = inputError({ 'listing-id': value });
    expect(error.title).toBe('Invalid input: listing-id');
    expect(error.message).toContain(message);
  });

  it.each(['a/b', '../x', '%2e%2e', 'ünïcödé', 'x y', '...'])(
    'keeps listing-id %j as given',
    (id) => {
      expect(parseSettings(env({ 'listing-id': id }), ACTION_WORDS).listingIds).toEqual([id]);
    },
  );

  it('refuses an empty or whitespace key with the fork and secret hint', () => {
    for (const value of ['', '   ', '\n']) {
      const error = inputError({ 'api-key': value });
      expect(error.title).toBe('Invalid input: api-key');
      expect(error.message).toContain('forks');
      expect(error.message).toContain('secret');
    }
  });

  it.each(['abc\ndef', 'abc\rdef', 'abc\u0000def', 'abc\u007fdef', 'abc\tdef', 'clé-ünicode'])(
    'refuses a key that cannot be a header value (%j) without naming it',
    (value) => {
      const error = inputError({ 'api-key': value });
      expect(error.title).toBe('Invalid input: api-key');
      expect(error.message).toContain('not allowed in an HTTP header');
      expect(error.message).not.toContain('abc');
      expect(error.message).not.toContain('def');
    },
  );

  it('trims surrounding whitespace and line breaks from the key', () => {
    expect(parseSettings(env({ 'api-key': `  ${KEY}\n` }), ACTION_WORDS).apiKey.reveal()).toBe(KEY);
  });

  it.each([
    ['true', true],
    ['True', true],
    ['TRUE', true],
    ['false', false],
    ['False', false],
    ['FALSE', false],
    ['', false],
    [' true ', true],
  ])('reads dry-run %j as %s', (value, expected) => {
    expect(parseSettings(env({ 'dry-run': value }), ACTION_WORDS).dryRun).toBe(expected);
  });

  it.each(['yes', 'on', '1', 'tRUE', 'no'])('refuses dry-run %j', (value) => {
    const error = inputError({ 'dry-run': value });
    expect(error).toMatchObject({ title: 'Invalid input: dry-run' });
    expect(error.message).toContain('`true` or `false`');
  });

  it.each([
    ['timeout-seconds', '1', 1000],
    ['timeout-seconds', '600', 600_000],
    ['timeout-seconds', ' 45 ', 45_000],
    ['retries', '0', 0],
    ['retries', '10', 10],
    ['timeout-seconds', '0600', 600_000],
    ['retries', '0010', 10],
  ])('reads %s %j', (name, value, expected) => {
    const settings = parseSettings(env({ [name]: value }), ACTION_WORDS);
    expect(name === 'retries' ? settings.retries : settings.timeoutMs).toBe(expected);
  });

  it.each([
    ['timeout-seconds', '0', 'from 1 to 600'],
    ['timeout-seconds', '601', 'from 1 to 600'],
    ['timeout-seconds', '1.5', 'from 1 to 600'],
    ['timeout-seconds', '-1', 'from 1 to 600'],
    ['timeout-seconds', '30s', 'from 1 to 600'],
    ['timeout-seconds', '1e2', 'from 1 to 600'],
    ['retries', '11', 'from 0 to 10'],
    ['retries', 'three', 'from 0 to 10'],
    ['retries', '00000000003', 'from 0 to 10'],
    ['retries', '00003', 'from 0 to 10'],
    ['timeout-seconds', '00030', 'from 1 to 600'],
  ])('refuses %s %j, naming the input and not the value', (name, value, range) => {
    const error = inputError({ [name]: value });
    expect(error.title).toBe(`Invalid input: ${name}`);
    expect(error.message).toBe(`Input \`${name}\` must be a whole number ${range}.`);
  });

  it('keeps the changelog as given, and treats whitespace only as empty', () => {
    const notes = '  ## Changes\n\n- ünïcode ✓\n';
    expect(parseSettings(env({ changelog: notes }), ACTION_WORDS).changelog).toBe(notes);
    expect(parseSettings(env({ changelog: ' \n\t ' }), ACTION_WORDS).changelog).toBe('');
  });

  it('trims version and strip-tag-prefix', () => {
    const settings = parseSettings(
      env({ version: ' 2.0.0 ', 'strip-tag-prefix': ' v ' }),
      ACTION_WORDS,
    );
    expect(settings.version).toBe('2.0.0');
    expect(settings.stripTagPrefix).toBe('v');
  });

  it('never puts the key in an error message', () => {
    const error = inputError({ 'base-url': 'nope' });
    expect(error.message).not.toContain(KEY);
  });
});

describe('isLoopbackHost', () => {
  it.each([
    ['localhost', true],
    ['127.0.0.1', true],
    ['127.255.0.9', true],
    ['[::1]', true],
    ['localhostx', false],
    ['127.0.0.1.nip.io', false],
    ['10.0.0.1', false],
    ['::1', false],
  ])('%s → %s', (host, expected) => {
    expect(isLoopbackHost(host)).toBe(expected);
  });
});

const parseListingIds = (text: string) =>
  parseSettings(env({ 'listing-id': text }), ACTION_WORDS).listingIds;

describe('listing-id', () => {
  it.each([
    ['asset-1', ['asset-1']],
    ['a,b,c', ['a', 'b', 'c']],
    ['a\nb\r\nc\rd', ['a', 'b', 'c', 'd']],
    ['  a , b\n\n  c  \n', ['a', 'b', 'c']],
    [',a,,b,\n,', ['a', 'b']],
    ['a\n b,c', ['a', 'b', 'c']],
    ['x y, 1001', ['x y', '1001']],
    ['A,a', ['A', 'a']],
  ])('%j → %j', (text, ids) => {
    expect(parseListingIds(text)).toEqual(ids);
  });

  it('says how to give several ids when none is given', () => {
    expect(() => parseListingIds(' ,\n, ')).toThrow(
      'is required and was empty. Set it to the id of the listing to update (several: one per line or comma-separated).',
    );
  });

  it('checks every id before returning, whatever its position', () => {
    expect(() => parseListingIds('a,b,c,..')).toThrow('must not be `.` or `..`');
    expect(() => parseListingIds('a,b,c,b')).toThrow('lists "b" more than once');
  });

  it('names a repeated id even when spelled with other whitespace', () => {
    expect(() => parseListingIds(' a\n\ta ')).toThrow('lists "a" more than once');
  });

  it('makes the settings hold the ids, frozen', () => {
    const settings = parseSettings(
      env({ 'listing-id': 'a\nb', 'skip-unchanged': 'true' }),
      ACTION_WORDS,
    );
    expect(settings.listingIds).toEqual(['a', 'b']);
    expect(Object.isFrozen(settings.listingIds)).toBe(true);
    expect(settings.skipUnchanged).toBe(true);
    expect(inputError({ 'skip-unchanged': 'yes' }).title).toBe('Invalid input: skip-unchanged');
  });
});

describe('if-older (SPEC 7.8)', () => {
  it.each([
    ['skip', 'skip'],
    ['fail', 'fail'],
    ['deploy', 'deploy'],
    [' deploy\n', 'deploy'],
    ['', 'skip'],
    ['   ', 'skip'],
  ])('reads %j as %s', (value, ifOlder) => {
    expect(parseSettings(env({ 'if-older': value }), ACTION_WORDS).ifOlder).toBe(ifOlder);
  });

  it.each(['Skip', 'DEPLOY', 'true', 'ignore', 'skip,fail'])(
    'refuses %j, naming the input and its values',
    (value) => {
      const error = inputError({ 'if-older': value });
      expect(error.title).toBe('Invalid input: if-older');
      expect(error.message).toBe('Input `if-older` must be `skip`, `fail` or `deploy`.');
    },
  );
});
