// SPEC 6.2: a key shorter than a "part" is refused before any request.

import { describe, expect, it } from 'vitest';
import { ACTION_WORDS } from '../../src/action/words.js';
import { InputError } from '../../src/core/errors.js';
import { parseSettings } from '../../src/core/inputs.js';

const env = (key: string) => ({
  'listing-id': 'asset-1',
  'api-key': key,
  'base-url': 'https://api.example.com/v1',
});

describe('api-key length', () => {
  it.each(['true', '200', 'a', 'abcdefg', ' abcdefg '])('refuses %j, saying why', (key) => {
    expect(() => parseSettings(env(key), ACTION_WORDS)).toThrow(InputError);
    expect(() => parseSettings(env(key), ACTION_WORDS)).toThrow(
      /shorter than 8 characters.*cannot be masked in the log without masking ordinary words/,
    );
  });

  it('accepts 8 characters', () => {
    expect(parseSettings(env('abcdefgh'), ACTION_WORDS).apiKey.reveal()).toBe('abcdefgh');
  });

  it('names the header problem first for a short key with a line break', () => {
    expect(() => parseSettings(env('ab\ncd'), ACTION_WORDS)).toThrow(
      /not allowed in an HTTP header/,
    );
  });
});
