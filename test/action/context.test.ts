// What the runner tells about the run: GITHUB_* variables and the event payload, read purely.
import { describe, expect, it } from 'vitest';
import { readRunContext } from '../../src/action/context.js';

const files: Record<string, string> = {
  'event.json': '{"release":{"tag_name":"v1.2.3"}}',
  'array.json': '[1, 2]',
  'null.json': 'null',
  'text.json': '"a string"',
  'broken.json': '{"release":',
};
const readFile = (path: string): string => {
  const text = files[path];
  if (text === undefined) throw new Error(`no file ${path}`);
  return text;
};
const read = (env: Record<string, string>) => readRunContext(env, readFile, '/work');

describe('readRunContext', () => {
  it('reads every value from its variable', () => {
    expect(
      read({
        GITHUB_EVENT_NAME: 'release',
        GITHUB_REF: 'refs/tags/v1.2.3',
        GITHUB_SHA: '9fceb02d0ae598e95dc970b74767f19372d61af8',
        GITHUB_REPOSITORY: 'octo/asset',
        GITHUB_SERVER_URL: 'https://ghes.example.com/',
        GITHUB_RUN_ID: '42',
        GITHUB_RUN_ATTEMPT: '1',
        GITHUB_EVENT_PATH: 'event.json',
        GITHUB_WORKSPACE: '/home/runner/work/asset',
        GITHUB_API_URL: 'https://ghes.example.com/api/v3//',
      }),
    ).toEqual({
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

  it('outside GitHub Actions: empty values, github.com, the working directory', () => {
    expect(read({})).toEqual({
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
    [{ GITHUB_RUN_ID: '42' }, ''],
    [{ GITHUB_REPOSITORY: 'octo/asset' }, ''],
    [
      { GITHUB_REPOSITORY: 'octo/asset', GITHUB_RUN_ID: '42' },
      'https://github.com/octo/asset/actions/runs/42',
    ],
    [
      { GITHUB_REPOSITORY: 'octo/asset', GITHUB_RUN_ID: '42', GITHUB_RUN_ATTEMPT: '3' },
      'https://github.com/octo/asset/actions/runs/42/attempts/3',
    ],
    [
      {
        GITHUB_REPOSITORY: 'octo/asset',
        GITHUB_RUN_ID: '42',
        GITHUB_SERVER_URL: 'https://x.test//',
      },
      'https://x.test/octo/asset/actions/runs/42',
    ],
  ])('the run URL of %j is %j', (env, url) => {
    expect(read(env).runUrl).toBe(url);
  });

  it.each(['array.json', 'null.json', 'text.json', 'broken.json', 'missing.json'])(
    'an event file that is not a JSON object (%s) gives an empty payload',
    (path) => {
      expect(read({ GITHUB_EVENT_PATH: path }).payload).toEqual({});
    },
  );

  it('reads no file when no event path is given', () => {
    const paths: string[] = [];
    const record = (path: string) => {
      paths.push(path);
      return '{"a":1}';
    };
    const context = readRunContext({}, record, '/work');
    expect(paths).toEqual([]);
    expect(context.payload).toEqual({});
  });

  it('an empty GITHUB_API_URL or GITHUB_WORKSPACE counts as not set', () => {
    const context = read({ GITHUB_API_URL: '', GITHUB_WORKSPACE: '' });
    expect(context.apiUrl).toBe('https://api.github.com');
    expect(context.workspace).toBe('/work');
  });
});
