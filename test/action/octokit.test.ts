// The action's GitHub client as made here, against a local fake of the REST API (real HTTP on
// 127.0.0.1): its base address, and text the server sends that Octokit would print.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTransport } from '../../src/core/transport/transport.js';
import { FAKE_TOKEN, GitHubApi, REPOSITORY, releaseAnswer } from '../support/github-api.js';

// Octokit binds console.warn when it loads: watched from before any import of this file.
const warn = vi.hoisted(() => vi.spyOn(console, 'warn').mockImplementation(() => {}));
const { createOctokit } = await import('../../src/action/octokit.js');

let api: GitHubApi;
let url: string;
beforeEach(async () => {
  api = new GitHubApi([{ tag_name: 'v1.4.0', body: 'Notes' }]);
  url = await api.start();
  warn.mockClear();
});
afterEach(() => api.stop());

async function latest(apiUrl: string) {
  const transport = createTransport({}, [apiUrl], 5000);
  try {
    const client = createOctokit(FAKE_TOKEN, apiUrl, transport, 5000);
    const [owner = '', repo = ''] = REPOSITORY.split('/');
    return await client.rest.repos.getLatestRelease({ owner, repo });
  } finally {
    await transport.destroy();
  }
}

describe('createOctokit', () => {
  it.each(['', '/', '//', '///'])(
    'an API address ending in %j: requests under its root',
    async (end) => {
      const answer = await latest(`${url}${end}`);
      expect(answer.data.tag_name).toBe('v1.4.0');
      expect(api.requests.map((request) => request.path)).toEqual([
        `/repos/${REPOSITORY}/releases/latest`,
      ]);
    },
  );

  it('a deprecation the server announces is not printed (its text is the server’s)', async () => {
    const [owner = '', repo = ''] = REPOSITORY.split('/');
    api.inject({
      kind: 'status',
      status: 200,
      body: JSON.stringify(releaseAnswer(owner, repo, { tag_name: 'v1.4.0', body: 'Notes' })),
      headers: {
        deprecation: 'true',
        sunset: '::error::from the server',
        link: '<https://evil.example/x>; rel="deprecation"',
      },
    });
    expect((await latest(url)).data.tag_name).toBe('v1.4.0');
    expect(warn).not.toHaveBeenCalled();
  });
});
