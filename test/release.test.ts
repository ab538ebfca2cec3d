import { describe, expect, it } from 'vitest';
import type { RunContext } from '../src/context.js';
import { readRunContext } from '../src/context.js';
import { parseSettings } from '../src/inputs.js';
import { generatedChangelog, NoVersionError, resolveRelease, stripPrefix } from '../src/release.js';

function settings(inputs: Record<string, string> = {}) {
  const env: Record<string, string> = {
    'INPUT_LISTING-ID': 'asset-1',
    'INPUT_API-KEY': 'mk_test_key_123456',
    'INPUT_BASE-URL': 'https://api.example.com/v1',
  };
  for (const [name, value] of Object.entries(inputs)) env[`INPUT_${name.toUpperCase()}`] = value;
  return parseSettings(env);
}

const context = (over: Partial<RunContext>): RunContext => ({
  eventName: 'push',
  ref: 'refs/heads/main',
  sha: '9fceb02d0ae598e95dc970b74767f19372d61af8',
  repository: 'octo/asset',
  runUrl: 'https://github.com/octo/asset/actions/runs/7',
  payload: {},
  ...over,
});

const release = (tag: unknown, body: unknown = '') =>
  context({
    eventName: 'release',
    ref: `refs/tags/${String(tag)}`,
    payload: { release: { tag_name: tag, body } },
  });

describe('stripPrefix', () => {
  it.each([
    ['v1.2.3', 'v', '1.2.3'],
    ['1.2.3', 'v', '1.2.3'],
    ['release-v1', 'v', 'release-v1'],
    ['release-v1', 'release-', 'v1'],
    ['v', 'v', 'v'],
    ['V1.0', 'v', 'V1.0'],
    ['vv1', 'v', 'v1'],
    ['v1.2.3', '', 'v1.2.3'],
    ['v1.2.3', '.*', 'v1.2.3'],
  ])('%s without %j is %s (anchored, never the whole tag)', (tag, prefix, expected) => {
    expect(stripPrefix(tag, prefix)).toBe(expected);
  });
});

describe('resolveRelease: version', () => {
  it.each([
    [
      'explicit version wins over a tag',
      settings({ version: ' 9.9.9 ', 'strip-tag-prefix': 'v' }),
      context({ ref: 'refs/tags/v1.0.0' }),
      '9.9.9',
      'input',
      '',
    ],
    [
      'the prefix never applies to an explicit version',
      settings({ version: 'v9', 'strip-tag-prefix': 'v' }),
      context({}),
      'v9',
      'input',
      '',
    ],
    ['release event: tag_name', settings(), release('v2.0.0'), 'v2.0.0', 'release', 'v2.0.0'],
    [
      'release event: tag_name, prefix stripped',
      settings({ 'strip-tag-prefix': 'v' }),
      release('v2.0.0'),
      '2.0.0',
      'release',
      'v2.0.0',
    ],
    [
      'release event wins over the ref',
      settings(),
      context({
        eventName: 'release',
        ref: 'refs/tags/other',
        payload: { release: { tag_name: 'v3' } },
      }),
      'v3',
      'release',
      'v3',
    ],
    ['tag push', settings(), context({ ref: 'refs/tags/v1.2.3' }), 'v1.2.3', 'tag', 'v1.2.3'],
    [
      'tag push with slashes kept',
      settings(),
      context({ ref: 'refs/tags/pkg/v1.2.3' }),
      'pkg/v1.2.3',
      'tag',
      'pkg/v1.2.3',
    ],
    [
      'tag push, prefix stripped',
      settings({ 'strip-tag-prefix': 'pkg/v' }),
      context({ ref: 'refs/tags/pkg/v1.2.3' }),
      '1.2.3',
      'tag',
      'pkg/v1.2.3',
    ],
    [
      'workflow_dispatch from a tag',
      settings(),
      context({ eventName: 'workflow_dispatch', ref: 'refs/tags/v4.0.0' }),
      'v4.0.0',
      'tag',
      'v4.0.0',
    ],
    [
      'release payload without tag_name falls back to the ref',
      settings(),
      context({ eventName: 'release', ref: 'refs/tags/v5', payload: { release: {} } }),
      'v5',
      'tag',
      'v5',
    ],
    [
      'non-string tag_name is ignored',
      settings(),
      context({ eventName: 'release', ref: 'refs/tags/v6', payload: { release: { tag_name: 6 } } }),
      'v6',
      'tag',
      'v6',
    ],
  ])('%s', (_, s, c, version, versionSource, tag) => {
    expect(resolveRelease(s, c)).toMatchObject({ version, versionSource, tag });
  });

  it.each([
    ['a branch push', context({ ref: 'refs/heads/main' }), 'refs/heads/main'],
    [
      'workflow_dispatch from a branch',
      context({ eventName: 'workflow_dispatch', ref: 'refs/heads/dev' }),
      'refs/heads/dev',
    ],
    [
      'a pull request',
      context({ eventName: 'pull_request', ref: 'refs/pull/1/merge' }),
      'refs/pull/1/merge',
    ],
    ['an empty tag ref', context({ ref: 'refs/tags/' }), 'refs/tags/'],
    ['no ref at all', context({ ref: '' }), 'no ref'],
  ])('fails clearly on %s without a version', (_, c, where) => {
    expect(() => resolveRelease(settings(), c)).toThrow(NoVersionError);
    expect(() => resolveRelease(settings(), c)).toThrow(where);
    expect(() => resolveRelease(settings(), c)).toThrow('set the `version` input');
  });
});

describe('resolveRelease: changelog', () => {
  it('sends the changelog input as given', () => {
    const notes = '## 1.0\n\n- fixed ✓\n';
    expect(resolveRelease(settings({ changelog: notes }), release('v1', 'ignored'))).toMatchObject({
      changelog: notes,
      changelogSource: 'input',
    });
  });

  it('sends the release body on a release event', () => {
    expect(resolveRelease(settings(), release('v1', 'Release notes\r\n- a'))).toMatchObject({
      changelog: 'Release notes\r\n- a',
      changelogSource: 'release',
    });
  });

  it.each([
    ['an empty release body', release('v1', '')],
    ['a whitespace release body', release('v1', '  \n ')],
    ['a null release body', release('v1', null)],
    ['a tag push', context({ ref: 'refs/tags/v1' })],
  ])('generates the text on %s', (_, c) => {
    const resolved = resolveRelease(settings(), c);
    expect(resolved.changelogSource).toBe('generated');
    expect(resolved.changelog).toBe(generatedChangelog('v1', c));
  });

  it('generates a text naming version, repository, short SHA and run URL', () => {
    expect(generatedChangelog('1.2.3', context({}))).toBe(
      'Automated deployment of version 1.2.3 of octo/asset at commit 9fceb02.\n' +
        'Workflow run: https://github.com/octo/asset/actions/runs/7',
    );
  });

  it('leaves out what the run does not know', () => {
    expect(generatedChangelog('1.2.3', context({ repository: '', sha: '', runUrl: '' }))).toBe(
      'Automated deployment of version 1.2.3.',
    );
  });
});

describe('readRunContext', () => {
  const files: Record<string, string> = {
    '/event.json': JSON.stringify({ release: { tag_name: 'v1' } }),
    '/broken.json': '{',
    '/array.json': '[]',
  };
  const read = (path: string) => {
    const text = files[path];
    if (text === undefined) throw new Error('ENOENT');
    return text;
  };

  it('reads the GITHUB_* variables and the payload', () => {
    const c = readRunContext(
      {
        GITHUB_EVENT_NAME: 'release',
        GITHUB_REF: 'refs/tags/v1',
        GITHUB_SHA: 'abc',
        GITHUB_REPOSITORY: 'o/r',
        GITHUB_SERVER_URL: 'https://ghe.example.com/',
        GITHUB_RUN_ID: '12',
        GITHUB_RUN_ATTEMPT: '1',
        GITHUB_EVENT_PATH: '/event.json',
      },
      read,
    );
    expect(c).toEqual({
      eventName: 'release',
      ref: 'refs/tags/v1',
      sha: 'abc',
      repository: 'o/r',
      runUrl: 'https://ghe.example.com/o/r/actions/runs/12',
      payload: { release: { tag_name: 'v1' } },
    });
  });

  it('links a re-run attempt', () => {
    const c = readRunContext(
      { GITHUB_REPOSITORY: 'o/r', GITHUB_RUN_ID: '12', GITHUB_RUN_ATTEMPT: '3' },
      read,
    );
    expect(c.runUrl).toBe('https://github.com/o/r/actions/runs/12/attempts/3');
  });

  it.each([
    ['missing', '/missing.json'],
    ['not JSON', '/broken.json'],
    ['not an object', '/array.json'],
    ['not set', ''],
  ])('uses an empty payload when the event file is %s', (_, path) => {
    expect(readRunContext({ GITHUB_EVENT_PATH: path }, read).payload).toEqual({});
  });

  it('has no run URL outside a run', () => {
    expect(readRunContext({}, read)).toMatchObject({ runUrl: '', eventName: '', ref: '' });
  });
});
