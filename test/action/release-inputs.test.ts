import { describe, expect, it } from 'vitest';
import { ACTION_WORDS } from '../../src/action/words.js';
import { InputError } from '../../src/core/errors.js';
import { parseSettings } from '../../src/core/inputs.js';

function messageOf(attempt: () => unknown): string {
  try {
    attempt();
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  throw new Error('it did not throw');
}

const base = {
  'INPUT_LISTING-ID': 'asset-1',
  'INPUT_API-KEY': 'mk_test_key_123456',
  'INPUT_BASE-URL': 'https://api.example.com/v1',
};
/** The inputs by name, as the runner passes them in INPUT_<NAME> variables. */
const parse = (extra: Record<string, string>) =>
  parseSettings(
    Object.fromEntries(
      Object.entries({ ...base, ...extra }).map(([variable, value]) => [
        variable.slice('INPUT_'.length).toLowerCase(),
        value,
      ]),
    ),
    ACTION_WORDS,
  );

describe('inputs of phase 2: github-token, changelog-file, changelog-max-length', () => {
  it('defaults to no token, no file and no cap', () => {
    const settings = parse({});
    expect(settings.githubToken.reveal()).toBe('');
    expect(settings).toMatchObject({ changelogFile: '', changelogMaxLength: 0 });
  });

  it('keeps the token as a value that cannot print itself', () => {
    const settings = parse({ 'INPUT_GITHUB-TOKEN': ' ghs_abc ' });
    expect(settings.githubToken.reveal()).toBe('ghs_abc');
    expect(String(settings.githubToken)).toBe('***');
    expect(JSON.stringify(settings)).not.toContain('ghs_abc');
  });

  it('refuses changelog and changelog-file together, naming both', () => {
    expect(() => parse({ INPUT_CHANGELOG: 'x', 'INPUT_CHANGELOG-FILE': 'CHANGELOG.md' })).toThrow(
      InputError,
    );
    expect(messageOf(() => parse({ INPUT_CHANGELOG: 'x', 'INPUT_CHANGELOG-FILE': 'x.md' }))).toBe(
      'Input `changelog` and `changelog-file` are both set: set only one of them.',
    );
    expect(
      parse({ INPUT_CHANGELOG: '  ', 'INPUT_CHANGELOG-FILE': ' CHANGELOG.md ' }),
    ).toMatchObject({ changelogFile: 'CHANGELOG.md', changelog: '' });
  });

  it.each([
    ['0', 0],
    ['200', 200],
    [' 5000 ', 5000],
    ['125000', 125_000],
    ['000000200', 200],
    ['999999999', 999_999_999],
  ])('accepts changelog-max-length %j', (value, expected) => {
    expect(parse({ 'INPUT_CHANGELOG-MAX-LENGTH': value }).changelogMaxLength).toBe(expected);
  });

  it.each(['1', '199', '-5', '2.5', '1e3', 'ten', '1234567890', '0000000200'])(
    'refuses changelog-max-length %j, naming the input and not the value',
    (value) => {
      const attempt = () => parse({ 'INPUT_CHANGELOG-MAX-LENGTH': value });
      expect(attempt).toThrow(InputError);
      expect(messageOf(attempt)).toBe(
        'Input `changelog-max-length` must be 0 (no limit) or a whole number of characters from 200.',
      );
    },
  );
});
