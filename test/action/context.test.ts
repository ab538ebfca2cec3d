// The run as the action reads it from @actions/github's `context`: the package's own, loaded from
// the runner's variables and event file, and fakes for what the package leaves unset.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type GitHubContext, runContextOf } from '../../src/action/context.js';

afterEach(() => {
  vi.unstubAllEnvs();
});

/**
 * The package's `context`, loaded with `env` as the runner's variables. Node caches the package
 * once loaded: one test of this file loads it.
 */
async function packageContext(env: Record<string, string>): Promise<GitHubContext> {
  for (const name of Object.keys(process.env)) {
    if (name.startsWith('GITHUB_')) vi.stubEnv(name, undefined);
  }
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  return (await import('@actions/github')).context;
}

/** Fields as the package leaves them at run time: undefined where the runner set nothing. */
type Fields = { [K in Exclude<keyof GitHubContext, 'repo'>]: unknown } & {
  readonly repository?: string;
};

/** A context as the package makes it outside a run (nothing set), with `over` set. */
function fake(over: Partial<Fields> = {}): GitHubContext {
  const { repository, ...fields } = over;
  const context = {
    eventName: undefined,
    ref: undefined,
    sha: undefined,
    payload: {},
    runId: Number.NaN,
    runAttempt: Number.NaN,
    apiUrl: 'https://api.github.com',
    serverUrl: 'https://github.com',
    ...fields,
    // As the package: the repository from GITHUB_REPOSITORY, split at its slash; else it throws.
    get repo() {
      if (repository === undefined) throw new Error('context.repo requires GITHUB_REPOSITORY');
      const [owner = '', repo] = repository.split('/');
      return { owner, repo: repo as string };
    },
  };
  return context as GitHubContext;
}

describe('runContextOf', () => {
  it("reads every value from the package's context of a run", async () => {
    const event = join(mkdtempSync(join(tmpdir(), 'lad-context-')), 'event.json');
    writeFileSync(event, '{"release":{"tag_name":"v1.2.3"}}');
    const context = await packageContext({
      GITHUB_EVENT_NAME: 'release',
      GITHUB_REF: 'refs/tags/v1.2.3',
      GITHUB_SHA: '9fceb02d0ae598e95dc970b74767f19372d61af8',
      GITHUB_REPOSITORY: 'octo/asset',
      GITHUB_SERVER_URL: 'https://ghes.example.com/',
      GITHUB_RUN_ID: '42',
      GITHUB_RUN_ATTEMPT: '1',
      GITHUB_EVENT_PATH: event,
      GITHUB_API_URL: 'https://ghes.example.com/api/v3//',
    });
    expect(runContextOf(context, '/home/runner/work/asset')).toEqual({
      eventName: 'release',
      ref: 'refs/tags/v1.2.3',
      sha: '9fceb02d0ae598e95dc970b74767f19372d61af8',
      repository: 'octo/asset',
      runUrl: 'https://ghes.example.com/octo/asset/actions/runs/42',
      payload: { release: { tag_name: 'v1.2.3' } },
      workspace: '/home/runner/work/asset',
      apiUrl: 'https://ghes.example.com/api/v3',
      serverUrl: 'https://ghes.example.com',
    });
  });

  it('outside GitHub Actions (nothing set): empty values, github.com', () => {
    expect(runContextOf(fake(), '/work')).toEqual({
      eventName: '',
      ref: '',
      sha: '',
      repository: '',
      runUrl: '',
      payload: {},
      workspace: '/work',
      apiUrl: 'https://api.github.com',
      serverUrl: 'https://github.com',
    });
  });

  it.each([
    [{ runId: 42 }, ''],
    [{ repository: 'octo/asset' }, ''],
    [{ repository: 'octo/asset', runId: 42 }, 'https://github.com/octo/asset/actions/runs/42'],
    [
      { repository: 'octo/asset', runId: 42, runAttempt: 1 },
      'https://github.com/octo/asset/actions/runs/42',
    ],
    [
      { repository: 'octo/asset', runId: 42, runAttempt: 0 },
      'https://github.com/octo/asset/actions/runs/42',
    ],
    [
      { repository: 'octo/asset', runId: 42, runAttempt: 3 },
      'https://github.com/octo/asset/actions/runs/42/attempts/3',
    ],
    [
      { repository: 'octo/asset', runId: 42, serverUrl: 'https://x.test//' },
      'https://x.test/octo/asset/actions/runs/42',
    ],
  ])('the run URL of %j is %j', (over, url) => {
    expect(runContextOf(fake(over), '/work').runUrl).toBe(url);
  });

  it.each([[[1, 2]], [null], ['a string'], [undefined]])(
    'a payload that is not a JSON object (%j) counts as empty',
    (payload) => {
      expect(runContextOf(fake({ payload }), '/work').payload).toEqual({});
    },
  );

  it('a repository without its owner or name counts as unknown', () => {
    expect(runContextOf(fake({ repository: 'octo' }), '/work').repository).toBe('');
    expect(runContextOf(fake({ repository: '/asset' }), '/work').repository).toBe('');
  });

  it('an empty GITHUB_API_URL or GITHUB_SERVER_URL counts as not set', () => {
    const context = runContextOf(fake({ apiUrl: '', serverUrl: '' }), '/work');
    expect(context.apiUrl).toBe('https://api.github.com');
    expect(context.serverUrl).toBe('https://github.com');
  });
});
