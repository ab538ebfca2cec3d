// The action's GitHub client as made here, against a local fake of the REST API (real HTTP on
// 127.0.0.1): its base address, whatever slashes end it.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOctokit } from '../../src/action/octokit.js';
import { createTransport } from '../../src/core/transport/transport.js';
import { FAKE_TOKEN, GitHubApi, REPOSITORY } from '../support/github-api.js';

let api: GitHubApi;
let url: string;
beforeEach(async () => {
  api = new GitHubApi([{ tag_name: 'v1.4.0', body: 'Notes' }]);
  url = await api.start();
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
});
