// The page of a GitHub Actions run from the runner's variables, as the command reads it: every
// variable and its absence is checked.
import { describe, expect, it } from 'vitest';
import { ciOrigin } from '../../src/cli/ci.js';

const githubRunUrl = (env: Record<string, string>) => ciOrigin(env, '/work').runUrl;

const RUN = { GITHUB_REPOSITORY: 'octo/asset', GITHUB_RUN_ID: '42' };

describe('the server of the run', () => {
  it.each<[Record<string, string>, string]>([
    [{}, 'https://github.com'],
    [{ GITHUB_SERVER_URL: '' }, 'https://github.com'],
    [{ GITHUB_SERVER_URL: 'https://ghes.example.com' }, 'https://ghes.example.com'],
    [{ GITHUB_SERVER_URL: 'https://ghes.example.com/' }, 'https://ghes.example.com'],
    [{ GITHUB_SERVER_URL: 'https://ghes.example.com///' }, 'https://ghes.example.com'],
    [{ GITHUB_SERVER_URL: 'https://ghes.example.com/a/' }, 'https://ghes.example.com/a'],
  ])('%j: %s', (env, url) => {
    expect(githubRunUrl({ ...RUN, ...env })).toBe(`${url}/octo/asset/actions/runs/42`);
  });
});

describe('the page of the run', () => {
  it.each<[Record<string, string>, string]>([
    [{}, ''],
    [{ GITHUB_RUN_ID: '42' }, ''],
    [{ GITHUB_REPOSITORY: 'octo/asset' }, ''],
    [{ GITHUB_REPOSITORY: '', GITHUB_RUN_ID: '42' }, ''],
    [{ GITHUB_REPOSITORY: 'octo/asset', GITHUB_RUN_ID: '' }, ''],
    [{ GITHUB_RUN_ID: '42', GITHUB_RUN_ATTEMPT: '2' }, ''],
    [RUN, 'https://github.com/octo/asset/actions/runs/42'],
    [{ ...RUN, GITHUB_RUN_ATTEMPT: '' }, 'https://github.com/octo/asset/actions/runs/42'],
    [{ ...RUN, GITHUB_RUN_ATTEMPT: '1' }, 'https://github.com/octo/asset/actions/runs/42'],
    [
      { ...RUN, GITHUB_RUN_ATTEMPT: '3' },
      'https://github.com/octo/asset/actions/runs/42/attempts/3',
    ],
    [
      { ...RUN, GITHUB_SERVER_URL: 'https://x.test//' },
      'https://x.test/octo/asset/actions/runs/42',
    ],
  ])('%j: %j', (env, url) => {
    expect(githubRunUrl(env)).toBe(url);
  });
});
