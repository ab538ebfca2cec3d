// The action's inputs, read through @actions/core as the runner passes them (INPUT_<NAME>).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readRunnerInput, run } from '../../src/action/main.js';

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

describe('the step reads its inputs by name', () => {
  it('an invalid retries input stops it before any request, named', async () => {
    vi.stubEnv('INPUT_LISTING-ID', 'asset-1');
    vi.stubEnv('INPUT_API-KEY', 'mk_test_0123456789abcdef');
    vi.stubEnv('INPUT_BASE-URL', 'https://api.example.com/v1');
    vi.stubEnv('INPUT_RETRIES', 'many');
    vi.stubEnv('GITHUB_OUTPUT', '');
    vi.stubEnv('GITHUB_STEP_SUMMARY', '');
    const written: string[] = [];
    const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    try {
      await run();
    } finally {
      write.mockRestore();
    }
    expect(process.exitCode).toBe(1);
    process.exitCode = undefined;
    expect(written.join('')).toContain('::error title=Invalid input%3A retries::');
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
