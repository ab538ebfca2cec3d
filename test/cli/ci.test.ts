// What the command reads from the CI (SPEC 9.1's table) and where its paths lead.

import { describe, expect, it } from 'vitest';
import { ciLinks, ciOrigin, ciTag, NO_CI_LINKS, TAG_VARIABLES } from '../../src/cli/ci.js';
import { tagOfRef } from '../../src/core/release/resolve.js';

describe('ciTag', () => {
  it.each<[string, Record<string, string>, string]>([
    ['GitLab', { CI_COMMIT_TAG: 'v1.2.3' }, 'v1.2.3'],
    ['GitHub Actions', { GITHUB_REF: 'refs/tags/v1.2.3' }, 'v1.2.3'],
    ['GitHub Actions, a tag with slashes', { GITHUB_REF: 'refs/tags/rel/1.2' }, 'rel/1.2'],
    ['Bitbucket', { BITBUCKET_TAG: 'v2.0.0' }, 'v2.0.0'],
    ['CircleCI', { CIRCLE_TAG: '3.0.0' }, '3.0.0'],
    ['Azure Pipelines', { BUILD_SOURCEBRANCH: 'refs/tags/v4.0.0' }, 'v4.0.0'],
    ['Jenkins', { TAG_NAME: 'v5' }, 'v5'],
    ['Travis CI', { TRAVIS_TAG: 'v6.0.0' }, 'v6.0.0'],
    ['Buildkite', { BUILDKITE_TAG: 'v7.0.0' }, 'v7.0.0'],
    ['Drone', { DRONE_TAG: 'v8.0.0' }, 'v8.0.0'],
    ['Woodpecker', { CI_COMMIT_TAG: 'v9.0.0', CI: 'woodpecker' }, 'v9.0.0'],
    [
      'the first of the table when several are set',
      { TAG_NAME: 'jenkins', BITBUCKET_TAG: 'bitbucket', GITHUB_REF: 'refs/tags/github' },
      'github',
    ],
    [
      'a branch ref, which is skipped for the next variable',
      { GITHUB_REF: 'refs/heads/main', CIRCLE_TAG: 'v1.0.0' },
      'v1.0.0',
    ],
  ])('reads %s', (_, env, tag) => {
    expect(ciTag(env)).toBe(tag);
  });

  it.each<[string, Record<string, string>]>([
    ['no variable', {}],
    ['a branch build on GitHub', { GITHUB_REF: 'refs/heads/main' }],
    ['a branch build on Azure', { BUILD_SOURCEBRANCH: 'refs/heads/main' }],
    ['a pull request ref', { GITHUB_REF: 'refs/pull/1/merge' }],
    ['empty and blank values', { CI_COMMIT_TAG: '', BITBUCKET_TAG: '  ' }],
    ['a bare refs/tags/', { GITHUB_REF: 'refs/tags/' }],
  ])('finds no tag with %s', (_, env) => {
    expect(ciTag(env)).toBe('');
  });

  it('names every variable it reads, in order, for the error', () => {
    expect(TAG_VARIABLES).toBe(
      'CI_COMMIT_TAG (GitLab CI/CD, Woodpecker), GITHUB_REF (GitHub Actions, refs/tags/… only), ' +
        'BITBUCKET_TAG (Bitbucket Pipelines), CIRCLE_TAG (CircleCI), ' +
        'BUILD_SOURCEBRANCH (Azure Pipelines, refs/tags/… only), TAG_NAME (Jenkins), ' +
        'TRAVIS_TAG (Travis CI), BUILDKITE_TAG (Buildkite), DRONE_TAG (Drone)',
    );
  });
});

describe('tagOfRef (the core: the action and the command read refs alike)', () => {
  it.each<[string, string]>([
    ['refs/tags/v1.2.3', 'v1.2.3'],
    ['refs/tags/release/1.2', 'release/1.2'],
    ['refs/tags/', ''],
    ['refs/heads/main', ''],
    ['refs/pull/1/merge', ''],
    ['v1.2.3', ''],
    ['', ''],
  ])('%j holds the tag %j', (ref, tag) => {
    expect(tagOfRef(ref)).toBe(tag);
  });
});

describe('ciOrigin', () => {
  it.each<
    [
      string,
      Record<string, string>,
      {
        repository: string;
        sha: string;
        runUrl: string;
      },
    ]
  >([
    [
      'GitLab',
      {
        CI_PROJECT_PATH: 'group/asset',
        CI_COMMIT_SHA: 'abcdef0123456789',
        CI_JOB_URL: 'https://gitlab.example/group/asset/-/jobs/7',
      },
      {
        repository: 'group/asset',
        sha: 'abcdef0123456789',
        runUrl: 'https://gitlab.example/group/asset/-/jobs/7',
      },
    ],
    [
      'GitHub Actions',
      {
        GITHUB_REPOSITORY: 'octo/asset',
        GITHUB_SHA: '9fceb02d0ae5',
        GITHUB_SERVER_URL: 'https://github.com',
        GITHUB_WORKSPACE: '/home/runner/work/asset',
        GITHUB_RUN_ID: '42',
        GITHUB_RUN_ATTEMPT: '2',
      },
      {
        repository: 'octo/asset',
        sha: '9fceb02d0ae5',
        runUrl: 'https://github.com/octo/asset/actions/runs/42/attempts/2',
      },
    ],
    [
      'Bitbucket',
      {
        BITBUCKET_REPO_FULL_NAME: 'team/asset',
        BITBUCKET_COMMIT: 'cafe1234',
        BITBUCKET_GIT_HTTP_ORIGIN: 'http://bitbucket.org/team/asset',
        BITBUCKET_BUILD_NUMBER: '12',
      },
      {
        repository: 'team/asset',
        sha: 'cafe1234',
        runUrl: 'http://bitbucket.org/team/asset/pipelines/results/12',
      },
    ],
    [
      'CircleCI',
      {
        CIRCLE_PROJECT_USERNAME: 'me',
        CIRCLE_PROJECT_REPONAME: 'asset',
        CIRCLE_SHA1: 'beef',
        CIRCLE_BUILD_URL: 'https://circleci.com/gh/me/asset/3',
      },
      { repository: 'me/asset', sha: 'beef', runUrl: 'https://circleci.com/gh/me/asset/3' },
    ],
    [
      'Azure Pipelines',
      {
        BUILD_REPOSITORY_NAME: 'asset',
        BUILD_SOURCEVERSION: 'f00d',
        SYSTEM_COLLECTIONURI: 'https://dev.azure.com/org/',
        SYSTEM_TEAMPROJECT: 'proj',
        BUILD_BUILDID: '99',
      },
      {
        repository: 'asset',
        sha: 'f00d',
        runUrl: 'https://dev.azure.com/org/proj/_build/results?buildId=99',
      },
    ],
    [
      'Jenkins',
      { JOB_NAME: 'asset-release', GIT_COMMIT: 'abc', BUILD_URL: 'https://ci.example/job/1/' },
      { repository: 'asset-release', sha: 'abc', runUrl: 'https://ci.example/job/1/' },
    ],
    [
      'a Bitbucket build number without the origin: no page',
      { BITBUCKET_BUILD_NUMBER: '12' },
      { repository: '', sha: '', runUrl: '' },
    ],
    [
      "GitLab with GitHub's server variable set: no web server, GitLab's pages are not GitHub's",
      { CI_PROJECT_PATH: 'group/asset', GITHUB_SERVER_URL: 'https://github.com' },
      { repository: 'group/asset', sha: '', runUrl: '' },
    ],
    ['a terminal', {}, { repository: '', sha: '', runUrl: '' }],
  ])('reads %s', (_, env, expected) => {
    expect(ciOrigin(env, '/work')).toEqual({
      ...expected,
      runLabel: 'CI job',
      workspace: '/work',
    });
  });
});

describe("ciLinks: the repository's pages for a changelog's relative links (SPEC 7.2)", () => {
  const SHA = '9fceb02d0ae598e95dc970b74767f19372d61af8';
  const GL = 'https://gitlab.example.com/creators/asset';
  const BB = 'https://bitbucket.org/team/asset';
  const GH = 'https://github.com/octo/asset';
  it.each<[string, Record<string, string>, Record<string, string> | undefined]>([
    [
      'GitLab, a tag build',
      {
        CI_PROJECT_URL: GL,
        CI_COMMIT_TAG: 'v1.2.3',
        CI_COMMIT_SHA: SHA,
        CI_PROJECT_DIR: '/builds/c/asset',
      },
      {
        home: GL,
        ref: 'v1.2.3',
        blob: `${GL}/-/blob/v1.2.3`,
        raw: `${GL}/-/raw/v1.2.3`,
        checkout: '/builds/c/asset',
      },
    ],
    [
      'GitLab, a branch build: the commit',
      { CI_PROJECT_URL: `${GL}/`, CI_COMMIT_SHA: SHA },
      { home: GL, ref: SHA, blob: `${GL}/-/blob/${SHA}`, raw: `${GL}/-/raw/${SHA}` },
    ],
    [
      'Bitbucket, a tag build, the clone folder',
      {
        BITBUCKET_GIT_HTTP_ORIGIN: 'http://bitbucket.org/team/asset',
        BITBUCKET_TAG: 'v2.0.0',
        BITBUCKET_COMMIT: 'cafe1234',
        BITBUCKET_CLONE_DIR: '/opt/atlassian/pipelines/agent/build',
      },
      {
        home: BB,
        ref: 'v2.0.0',
        blob: `${BB}/src/v2.0.0`,
        raw: `${BB}/raw/v2.0.0`,
        checkout: '/opt/atlassian/pipelines/agent/build',
      },
    ],
    [
      'Bitbucket, a commit, an origin with credentials and .git',
      {
        BITBUCKET_GIT_HTTP_ORIGIN:
          'https://x-token-auth:abcdefgh12345678@bitbucket.org/team/asset.git',
        BITBUCKET_COMMIT: 'cafe1234',
      },
      { home: BB, ref: 'cafe1234', blob: `${BB}/src/cafe1234`, raw: `${BB}/raw/cafe1234` },
    ],
    [
      'GitHub Actions, a tag ref with a slash',
      {
        GITHUB_REPOSITORY: 'octo/asset',
        GITHUB_REF: 'refs/tags/rel/1.2',
        GITHUB_SHA: SHA,
        GITHUB_WORKSPACE: '/w',
      },
      {
        home: GH,
        ref: 'rel/1.2',
        blob: `${GH}/blob/rel%2F1.2`,
        raw: `${GH}/raw/rel%2F1.2`,
        checkout: '/w',
      },
    ],
    [
      'GitHub Actions, a branch: the commit, on its server',
      {
        GITHUB_SERVER_URL: 'https://ghe.example.com',
        GITHUB_REPOSITORY: 'octo/asset',
        GITHUB_REF: 'refs/heads/main',
        GITHUB_SHA: SHA,
      },
      {
        home: 'https://ghe.example.com/octo/asset',
        ref: SHA,
        blob: `https://ghe.example.com/octo/asset/blob/${SHA}`,
        raw: `https://ghe.example.com/octo/asset/raw/${SHA}`,
      },
    ],
    [
      'GitLab without a project URL (Woodpecker)',
      { CI_COMMIT_TAG: 'v1', CI_COMMIT_SHA: SHA, CI_REPO: 'a/b' },
      undefined,
    ],
    ['GitLab with no tag and no commit', { CI_PROJECT_URL: GL }, undefined],
    ['Jenkins', { TAG_NAME: 'v1', GIT_COMMIT: SHA, JOB_NAME: 'asset' }, undefined],
    ['a terminal', {}, undefined],
  ])('%s', (_, env, expected) => {
    expect(ciLinks(env)).toEqual(expected);
  });

  it('names the variables it reads, for the log', () => {
    expect(NO_CI_LINKS).toBe(
      "no CI variable names the repository's web address (read: " +
        'CI_PROJECT_URL with CI_COMMIT_TAG or CI_COMMIT_SHA (GitLab); ' +
        'GITHUB_REPOSITORY with GITHUB_REF or GITHUB_SHA (GitHub Actions); ' +
        'BITBUCKET_GIT_HTTP_ORIGIN with BITBUCKET_TAG or BITBUCKET_COMMIT (Bitbucket))',
    );
  });
});
