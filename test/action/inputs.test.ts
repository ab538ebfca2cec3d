// The action's inputs, read through @actions/core as the runner passes them (INPUT_<NAME>).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { actionInputs, readRunnerInput } from '../../src/action/main.js';
import { SETTING_NAMES } from '../../src/core/words.js';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('readRunnerInput', () => {
  it('reads INPUT_ names with hyphens kept and spaces as underscores', () => {
    vi.stubEnv('INPUT_LISTING-ID', 'x');
    vi.stubEnv('INPUT_MY_INPUT', 'y');
    vi.stubEnv('INPUT_LISTING_ID', 'not this one');
    expect(readRunnerInput('listing-id')).toBe('x');
    expect(readRunnerInput('my input')).toBe('y');
  });

  it('keeps the value as written, surrounding whitespace and line breaks included', () => {
    vi.stubEnv('INPUT_API-KEY', '  mk_test_0123456789abcdef\n');
    expect(readRunnerInput('api-key')).toBe('  mk_test_0123456789abcdef\n');
  });

  it('is empty for an input not given', () => {
    expect(readRunnerInput('no-such-input')).toBe('');
  });
});

describe('actionInputs', () => {
  it('gives every input of action.yml by name, and nothing else', () => {
    vi.stubEnv('INPUT_LISTING-ID', 'asset-1\nasset-2');
    vi.stubEnv('INPUT_RETRIES', ' 2 ');
    vi.stubEnv('INPUT_UNKNOWN', 'z');
    const inputs = actionInputs();
    expect(Object.keys(inputs).sort()).toEqual([...SETTING_NAMES].sort());
    expect(inputs['listing-id']).toBe('asset-1\nasset-2');
    expect(inputs.retries).toBe(' 2 ');
    expect(inputs.version).toBe('');
  });
});

describe('a default of action.yml left unexpanded (a run from source with @github/local-action)', () => {
  it.each([`\${{ github.token }}`, ` \${{ github.token }}\n`, `\${{\n  secrets.X }}`])(
    '%j counts as not given',
    (value) => {
      vi.stubEnv('INPUT_GITHUB-TOKEN', value);
      expect(readRunnerInput('github-token')).toBe('');
    },
  );

  it.each([`ghs_\${{ x }}`, `a \${{ github.token }}`, `\${{ a }} b`])('%j is a value', (value) => {
    vi.stubEnv('INPUT_CHANGELOG', value);
    expect(readRunnerInput('changelog')).toBe(value);
  });
});
