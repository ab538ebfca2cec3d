import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { actionPlan, type RunContext } from '../../src/action/context.js';
import type { GitHubPort } from '../../src/action/github.js';
import { ACTION_WORDS } from '../../src/action/words.js';
import { parseSettings, type Settings } from '../../src/core/inputs.js';
import {
  type ReleaseNotes,
  resolveRelease as resolveWith,
  type Step,
  stripPrefix,
} from '../../src/core/release/resolve.js';
import { createTransport } from '../../src/core/transport/transport.js';
import { webhookExamples } from '../support/github-examples.js';

// Lazy: it opens no connection, and none of these sources asks a server.
const idle = createTransport({}, [], 30_000);

function settings(inputs: Record<string, string> = {}) {
  return parseSettings(
    {
      'listing-id': 'asset-1',
      'api-key': 'mk_test_key_123456',
      'base-url': 'https://api.example.com/v1',
      ...inputs,
    },
    ACTION_WORDS,
  );
}

const context = (over: Partial<RunContext>): RunContext => ({
  eventName: 'push',
  ref: 'refs/heads/main',
  sha: '9fceb02d0ae598e95dc970b74767f19372d61af8',
  repository: 'octo/asset',
  runUrl: 'https://github.com/octo/asset/actions/runs/7',
  payload: {},
  workspace: '/repo',
  apiUrl: 'https://api.github.com',
  ...over,
});

type Lookup = ReleaseNotes | Error | undefined;

/** A GitHub that has no release at all, and records what was asked; an Error is thrown. */
class FakeGitHub implements GitHubPort {
  readonly calls: string[] = [];
  constructor(
    readonly latest: Lookup = undefined,
    readonly byTag: Record<string, Lookup> = {},
  ) {}
  async latestRelease(): Promise<ReleaseNotes | undefined> {
    this.calls.push('latest');
    if (this.latest instanceof Error) throw this.latest;
    return this.latest;
  }
  async releaseByTag(tag: string): Promise<ReleaseNotes | undefined> {
    this.calls.push(`tag ${tag}`);
    const lookup = this.byTag[tag];
    if (lookup instanceof Error) throw lookup;
    return lookup;
  }
}

/** Resolution with a GitHub that has no releases, for the phase-1 cases. */
async function resolveRelease(s: Settings, c: RunContext, github: GitHubPort = new FakeGitHub()) {
  return (
    await resolveWith(
      s,
      c,
      actionPlan(() => github),
      idle,
    )
  ).resolved;
}

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
  ])('%s', async (_, s, c, version, versionSource, tag) => {
    expect(await resolveRelease(s, c)).toMatchObject({ version, versionSource, tag });
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
  ])('fails clearly on %s without a version', async (_, c, where) => {
    const github = new FakeGitHub();
    const failure = resolveRelease(settings(), c, github);
    await expect(failure).rejects.toMatchObject({ title: 'No version to deploy' });
    await expect(failure).rejects.toThrow(where);
    await expect(failure).rejects.toThrow('set the `version` input');
  });
});

describe('resolveRelease: changelog', () => {
  it('sends the changelog input as given', async () => {
    const notes = '## 1.0\n\n- fixed ✓\n';
    expect(
      await resolveRelease(settings({ changelog: notes }), release('v1', 'ignored')),
    ).toMatchObject({
      changelog: notes,
      changelogSource: 'input',
    });
  });

  it('sends the release body on a release event', async () => {
    expect(await resolveRelease(settings(), release('v1', 'Release notes\r\n- a'))).toMatchObject({
      changelog: 'Release notes\r\n- a',
      changelogSource: 'release',
    });
  });

  it.each([
    ['an empty release body', release('v1', '')],
    ['a whitespace release body', release('v1', '  \n ')],
    ['a null release body', release('v1', null)],
    ['a tag push', context({ ref: 'refs/tags/v1' })],
  ])('generates the text on %s', async (_, c) => {
    const resolved = await resolveRelease(settings(), c);
    expect(resolved.changelogSource).toBe('generated');
    expect(resolved.changelog).toBe(
      'Automated deployment of version v1 of octo/asset at commit 9fceb02.\n' +
        'Workflow run: https://github.com/octo/asset/actions/runs/7',
    );
  });

  it('leaves out of the generated text what the run does not know', async () => {
    const c = context({ ref: 'refs/tags/1.2.3', repository: '', sha: '', runUrl: '' });
    expect((await resolveRelease(settings(), c)).changelog).toBe(
      'Automated deployment of version 1.2.3.',
    );
  });
});

const found = (tag: string, body: string, url = `https://github.com/o/r/releases/tag/${tag}`) =>
  ({ tag, body, url }) satisfies ReleaseNotes;
const failed = (status: number) => new Error(`the token was refused (HTTP ${status})`);

const dispatchFromBranch = context({ eventName: 'workflow_dispatch', ref: 'refs/heads/main' });

async function resolution(s: Settings, c: RunContext, github: GitHubPort) {
  return resolveWith(
    s,
    c,
    actionPlan(() => github),
    idle,
  );
}

describe('resolveRelease: the latest release (workflow_dispatch from a branch)', () => {
  it('asks GitHub through what the step holds: its settings, its run and its transport', async () => {
    const steps: Step<RunContext>[] = [];
    const given = settings({ 'github-token': 'ghs_token' });
    await resolveWith(
      given,
      dispatchFromBranch,
      actionPlan((step) => {
        steps.push(step);
        return new FakeGitHub(found('v1.4.0', '## Notes'));
      }),
      idle,
    );
    expect(steps).toHaveLength(1);
    expect(steps[0]?.transport).toBe(idle);
    expect(steps[0]?.settings).toBe(given);
    expect(steps[0]?.context).toBe(dispatchFromBranch);
  });

  it('sends its tag, prefix stripped, and its notes, in one call', async () => {
    const github = new FakeGitHub(found('v1.4.0', '## Notes\n- a'));
    const { resolved, notes } = await resolution(
      settings({ 'strip-tag-prefix': 'v' }),
      dispatchFromBranch,
      github,
    );
    expect(resolved).toMatchObject({
      version: '1.4.0',
      versionSource: 'latest-release',
      tag: 'v1.4.0',
      changelog: '## Notes\n- a',
      changelogSource: 'github',
      changelogOf: 'v1.4.0',
    });
    expect(github.calls).toEqual(['latest']);
    expect(notes).toEqual([]);
  });

  it('generates the changelog when the latest release has no notes, and says so', async () => {
    const github = new FakeGitHub(found('v1.4.0', '  '));
    const { resolved, notes } = await resolution(settings(), dispatchFromBranch, github);
    expect(resolved.changelogSource).toBe('generated');
    expect(github.calls).toEqual(['latest']);
    expect(notes).toEqual([{ level: 'info', text: expect.stringContaining('has no notes') }]);
  });

  it('takes the changelog input over its notes', async () => {
    const github = new FakeGitHub(found('v1.4.0', 'notes'));
    const { resolved } = await resolution(
      settings({ changelog: 'mine' }),
      dispatchFromBranch,
      github,
    );
    expect(resolved).toMatchObject({
      version: 'v1.4.0',
      changelog: 'mine',
      changelogSource: 'input',
    });
  });

  it('is not asked when the version is given, nor on a push to a branch', async () => {
    const github = new FakeGitHub(found('v1.4.0', 'notes'));
    await resolution(settings({ version: '2.0.0' }), dispatchFromBranch, github);
    await expect(resolveRelease(settings(), context({}), github)).rejects.toMatchObject({
      title: 'No version to deploy',
    });
    expect(github.calls).not.toContain('latest');
  });

  it('stops with a clear error when there is no published release', async () => {
    const failure = resolution(settings(), dispatchFromBranch, new FakeGitHub(undefined));
    await expect(failure).rejects.toMatchObject({ title: 'No version to deploy' });
    await expect(failure).rejects.toThrow('no published release');
    await expect(failure).rejects.toThrow('set the `version` input');
  });

  it.each([
    'the token was refused (HTTP 401): it is invalid or expired',
    'the GitHub API at api.github.com could not be reached (ECONNREFUSED), also when retried',
    'no token was given (input `github-token` is empty)',
  ])('stops naming the cause when GitHub fails: %s', async (reason) => {
    const github = new FakeGitHub(new Error(reason));
    const error = resolution(settings(), dispatchFromBranch, github);
    await expect(error).rejects.toMatchObject({ title: 'Latest release unavailable' });
    await expect(error).rejects.toThrow(
      `which is not a tag, and the latest release could not be read from GitHub: ${reason}. Run it`,
    );
    await expect(error).rejects.toThrow('run it on a tag'.replace('run it', 'Run it'));
    await expect(error).rejects.toThrow('set the `version` input');
  });
});

describe('resolveRelease: the notes of the release for the tag (GitHub API)', () => {
  it('sends the notes of the tag on a tag push', async () => {
    const github = new FakeGitHub(undefined, { 'v1.2.3': found('v1.2.3', 'Fixed it.') });
    const { resolved, notes } = await resolution(
      settings({ 'strip-tag-prefix': 'v' }),
      context({ ref: 'refs/tags/v1.2.3' }),
      github,
    );
    expect(resolved).toMatchObject({
      version: '1.2.3',
      changelog: 'Fixed it.',
      changelogSource: 'github',
      changelogOf: 'v1.2.3',
    });
    expect(github.calls).toEqual(['tag v1.2.3']);
    expect(notes).toEqual([]);
  });

  it.each([
    [
      'prefix then version',
      { version: '1.2.3', 'strip-tag-prefix': 'v' },
      ['tag v1.2.3', 'tag 1.2.3'],
    ],
    ['the version once without a prefix', { version: '1.2.3' }, ['tag 1.2.3']],
  ])('with an explicit version tries %s', async (_, inputs, calls) => {
    const github = new FakeGitHub();
    const { resolved, notes } = await resolution(settings(inputs), dispatchFromBranch, github);
    expect(github.calls).toEqual(calls);
    expect(resolved.changelogSource).toBe('generated');
    expect(notes).toEqual([
      { level: 'info', text: expect.stringMatching(/^No GitHub release for tag .* yet/) },
    ]);
  });

  it('finds the unprefixed tag when the prefixed one has no release', async () => {
    const github = new FakeGitHub(undefined, { '1.2.3': found('1.2.3', 'Plain tag notes') });
    const { resolved } = await resolution(
      settings({ version: '1.2.3', 'strip-tag-prefix': 'v' }),
      dispatchFromBranch,
      github,
    );
    expect(resolved).toMatchObject({ changelog: 'Plain tag notes', changelogOf: '1.2.3' });
  });

  it('warns once and stops asking when GitHub fails; the deploy goes on', async () => {
    const github = new FakeGitHub(undefined, { 'v1.2.3': failed(401) });
    const { resolved, notes } = await resolution(
      settings({ version: '1.2.3', 'strip-tag-prefix': 'v' }),
      dispatchFromBranch,
      github,
    );
    expect(github.calls).toEqual(['tag v1.2.3']);
    expect(resolved.changelogSource).toBe('generated');
    expect(notes).toEqual([
      {
        level: 'warning',
        text:
          'Could not read the release notes of v1.2.3 from GitHub: the token was refused ' +
          '(HTTP 401). The generated changelog is sent instead.',
      },
    ]);
  });

  it('never asks GitHub on a release event, even with an empty body', async () => {
    const github = new FakeGitHub(found('v9', 'x'), { v1: found('v1', 'x') });
    const { resolved } = await resolution(settings(), release('v1', ''), github);
    expect(resolved.changelogSource).toBe('generated');
    expect(github.calls).toEqual([]);
  });

  it('is not asked when an earlier source answers', async () => {
    const github = new FakeGitHub();
    await resolution(settings({ changelog: 'x' }), context({ ref: 'refs/tags/v1' }), github);
    expect(github.calls).toEqual([]);
  });
});

describe('resolveRelease: changelog-file', () => {
  const workspace = mkdtempSync(join(tmpdir(), 'release-'));
  writeFileSync(
    join(workspace, 'CHANGELOG.md'),
    '# Changelog\n\n## [1.2.3] - 2026-11-01\n\n- new\n\n## [1.2.2]\n\n- old\n',
  );

  it('sends the section for the version, before the release notes', async () => {
    const github = new FakeGitHub(undefined, { 'v1.2.3': found('v1.2.3', 'api notes') });
    const { resolved } = await resolution(
      settings({ 'changelog-file': 'CHANGELOG.md', 'strip-tag-prefix': 'v' }),
      context({ ref: 'refs/tags/v1.2.3', workspace }),
      github,
    );
    expect(resolved).toMatchObject({
      changelog: '- new',
      changelogSource: 'file',
      changelogFile: 'CHANGELOG.md',
      changelogOf: '1.2.3',
    });
    expect(github.calls).toEqual([]);
  });

  it('comes before the release body of a release event', async () => {
    const { resolved } = await resolution(
      settings({ 'changelog-file': 'CHANGELOG.md' }),
      { ...release('v1.2.2', 'event body'), workspace },
      new FakeGitHub(),
    );
    expect(resolved).toMatchObject({ changelog: '- old', changelogOf: 'v1.2.2'.slice(1) });
  });

  it('stops with the versions the file has when the section is missing', async () => {
    const failure = resolution(
      settings({ 'changelog-file': 'CHANGELOG.md' }),
      context({ ref: 'refs/tags/v2.0.0', workspace }),
      new FakeGitHub(),
    );
    await expect(failure).rejects.toMatchObject({ title: 'No section for v2.0.0 in CHANGELOG.md' });
    await expect(failure).rejects.toThrow('The versions it has: 1.2.3, 1.2.2.');
  });
});

describe('resolveRelease: changelog-max-length', () => {
  const long = `${'- a line of notes\n'.repeat(40)}`;

  it('cuts a long changelog and links the release page', async () => {
    const github = new FakeGitHub(undefined, {
      v1: found('v1', long, 'https://github.com/o/r/releases/tag/v1'),
    });
    const { resolved } = await resolution(
      settings({ 'changelog-max-length': '200' }),
      context({ ref: 'refs/tags/v1' }),
      github,
    );
    expect([...resolved.changelog].length).toBeLessThanOrEqual(200);
    expect(resolved.changelog).toMatch(
      /Full notes: https:\/\/github\.com\/o\/r\/releases\/tag\/v1\)$/,
    );
    expect(resolved.cut).toEqual({ from: [...long].length, to: [...resolved.changelog].length });
    expect(resolved.uncut).toBe(long);
  });

  it('links the workflow run when the release page is not known', async () => {
    const { resolved } = await resolution(
      settings({ 'changelog-max-length': '200', changelog: long }),
      context({ ref: 'refs/tags/v1' }),
      new FakeGitHub(),
    );
    expect(resolved.changelog).toContain(
      'Full notes: https://github.com/octo/asset/actions/runs/7)',
    );
  });

  it('leaves a changelog within the cap alone', async () => {
    const { resolved } = await resolution(
      settings({ 'changelog-max-length': '2000', changelog: long }),
      context({ ref: 'refs/tags/v1' }),
      new FakeGitHub(),
    );
    expect(resolved.changelog).toBe(long);
    expect(resolved.cut).toBeUndefined();
  });
});

describe("GitHub's own release payloads (null notes and name count as empty)", () => {
  it.each(webhookExamples('release').map((payload) => [payload.action, payload] as const))(
    'release %s: the tag, and the generated text for empty or null notes',
    async (_action, payload) => {
      const github = new FakeGitHub();
      const resolved = await resolveRelease(
        settings(),
        context({ eventName: 'release', ref: 'refs/tags/0.0.1', payload }),
        github,
      );
      expect(resolved).toMatchObject({
        version: '0.0.1',
        versionSource: 'release',
        changelogSource: 'generated',
      });
      expect(github.calls).toEqual([]);
    },
  );

  it('a push whose head_commit is null: the tag, and its notes looked up on GitHub', async () => {
    const payload = webhookExamples('push').find((p) => p.head_commit === null) ?? {};
    const github = new FakeGitHub();
    const resolved = await resolveRelease(
      settings(),
      context({
        eventName: 'push',
        ref: String(payload.ref),
        payload: { ...payload, deleted: false },
      }),
      github,
    );
    expect(resolved).toMatchObject({ version: 'simple-tag', changelogSource: 'generated' });
    expect(github.calls).toEqual(['tag simple-tag']);
  });
});
