// What stops a step before any request, the same problem for both front ends.

import { describe, expect, it } from 'vitest';
import { ACTION_WORDS } from '../../src/action/words.js';
import { InputError, ProxySettingError, ResolveError } from '../../src/core/errors.js';
import { expectedProblem, refuseKeyInChangelog } from '../../src/core/refusals.js';
import type { Resolved } from '../../src/core/release/resolve.js';

const KEY = 'mk_test_EXAMPLEKEYcreatorNOTREAL';

const resolved = (changelog: string, uncut?: string): Resolved => ({
  version: '1.2.3',
  versionSource: 'input',
  tag: '',
  changelog,
  changelogSource: 'input',
  ...(uncut === undefined ? {} : { uncut }),
});

describe('expectedProblem', () => {
  it.each<[string, unknown, { title: string; message: string } | undefined]>([
    [
      'an input error, titled with its input',
      new InputError(ACTION_WORDS, 'base-url', 'Input `base-url` is bad.'),
      { title: ACTION_WORDS.invalid('base-url'), message: 'Input `base-url` is bad.' },
    ],
    [
      'a resolution error, with its own title',
      new ResolveError('No version to deploy', 'No version.'),
      { title: 'No version to deploy', message: 'No version.' },
    ],
    ['a bug', new TypeError('x is undefined'), undefined],
    ['a thrown string', 'boom', undefined],
  ])('reads %s', (_, error, problem) => {
    expect(expectedProblem(error)).toEqual(problem);
  });

  it('names the proxy variable of a proxy setting that cannot be read', () => {
    const error = new ProxySettingError('HTTPS_PROXY');
    expect(expectedProblem(error)).toEqual({
      title: 'Invalid proxy setting: HTTPS_PROXY',
      message: error.message,
    });
  });
});

describe('refuseKeyInChangelog', () => {
  it.each([
    ['the key as written', `Notes ${KEY}`],
    ['the key percent-encoded', `Notes ${encodeURIComponent(KEY).replaceAll('_', '%5F')}`],
    ['the key in base64', `Notes ${Buffer.from(KEY).toString('base64')}`],
  ])('refuses %s', (_, changelog) => {
    expect(() => refuseKeyInChangelog(resolved(changelog), ACTION_WORDS, KEY)).toThrow(
      ResolveError,
    );
    expect(() => refuseKeyInChangelog(resolved(changelog), ACTION_WORDS, KEY)).toThrow(
      'The changelog to send contains the API key',
    );
  });

  const SECRET = KEY.slice('mk_test_'.length);
  const between = (mark: string) => [...SECRET].join(mark);
  it.each([
    ['tags between its characters (as html shows it)', `<p>${between('<em></em>')}</p>`],
    ['emphasis inside it', `<p>key ${SECRET.slice(0, 5)}<em>${SECRET.slice(5, 9)}</em>x</p>`],
    [
      'HTML references with leading zeros',
      [...SECRET].map((c) => `&#x00000000${c.charCodeAt(0).toString(16)};`).join(''),
    ],
    [
      'decimal references with leading zeros',
      [...SECRET].map((c) => `&#00000000${c.charCodeAt(0)};`).join(''),
    ],
    ['Mongolian variation selectors between its characters', between('\u180b')],
    ['musical formatting marks between its characters', between('\u{1d173}')],
    ['shorthand format controls between its characters', between('\u{1bca0}')],
    ['Egyptian format controls between its characters', between('\u{13430}')],
    ['Arabic and Syriac marks between its characters', between('\u06dd\u070f\u0890\u08e2')],
  ])('refuses the key with %s', (_, changelog) => {
    expect(() => refuseKeyInChangelog(resolved(changelog), ACTION_WORDS, KEY)).toThrow(
      'contains the API key',
    );
  });

  it('checks the whole changelog before the cut, not only what is sent', () => {
    expect(() =>
      refuseKeyInChangelog(resolved('Notes', `Notes\n${KEY}`), ACTION_WORDS, KEY),
    ).toThrow(ResolveError);
  });

  const TOKEN = 'ghs_16C7e42F292c6912E7710c838347Ae178B4a';

  it.each([
    ['the token as written', `Notes ${TOKEN}`],
    ['8 characters of the token', `Notes ${TOKEN.slice(10, 18)}`],
    ['the token in base64', `Notes ${Buffer.from(TOKEN).toString('base64')}`],
  ])('refuses %s, naming the GitHub token', (_, changelog) => {
    const refusal = () => refuseKeyInChangelog(resolved(changelog), ACTION_WORDS, KEY, TOKEN);
    expect(refusal).toThrow(ResolveError);
    expect(refusal).toThrow(
      'The changelog to send contains the GitHub token, or 8 characters or more of it in some form',
    );
    expect(() =>
      refuseKeyInChangelog(resolved('Notes', changelog), ACTION_WORDS, KEY, TOKEN),
    ).toThrow('contains the GitHub token');
  });

  it('names the API key when the changelog holds both', () => {
    expect(() =>
      refuseKeyInChangelog(resolved(`${KEY} ${TOKEN}`), ACTION_WORDS, KEY, TOKEN),
    ).toThrow('contains the API key');
  });

  it('lets a changelog through that holds no part of the token, or no token is set', () => {
    expect(() =>
      refuseKeyInChangelog(resolved(`Notes ${TOKEN.slice(0, 7)}`), ACTION_WORDS, KEY, TOKEN),
    ).not.toThrow();
    expect(() => refuseKeyInChangelog(resolved('Notes'), ACTION_WORDS, KEY, '')).not.toThrow();
  });

  it('lets a changelog through that holds only a part of the key', () => {
    expect(() =>
      refuseKeyInChangelog(resolved(`Notes ${KEY.slice(0, 12)}`), ACTION_WORDS, KEY),
    ).not.toThrow();
  });
});
