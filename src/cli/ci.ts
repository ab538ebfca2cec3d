// What the common CI systems tell a job: in each table, the first CI that answers wins.
import { bitbucketRoots, githubRoots, gitlabRoots } from '../core/changelog/link-base.js';
import type { LinkRoot } from '../core/changelog/read.js';
import type { Env } from '../core/inputs.js';
import { type Origin, runPageUrl, TAG_REF, tagOfRef } from '../core/release/resolve.js';

const TAGS = [
  ['CI_COMMIT_TAG', 'GitLab CI/CD, Woodpecker'],
  ['GITHUB_REF', 'GitHub Actions'],
  ['BITBUCKET_TAG', 'Bitbucket Pipelines'],
  ['CIRCLE_TAG', 'CircleCI'],
  ['BUILD_SOURCEBRANCH', 'Azure Pipelines'],
  ['TAG_NAME', 'Jenkins'],
  ['TRAVIS_TAG', 'Travis CI'],
  ['BUILDKITE_TAG', 'Buildkite'],
  ['DRONE_TAG', 'Drone'],
] as const;

/** These hold a ref: only `refs/tags/<tag>` counts. */
const REFS: readonly string[] = ['GITHUB_REF', 'BUILD_SOURCEBRANCH'];

function githubServerUrl(env: Env): string {
  return (env.GITHUB_SERVER_URL || 'https://github.com').replace(/\/+$/, '');
}

function githubRunUrl(env: Env): string {
  const { GITHUB_REPOSITORY = '', GITHUB_RUN_ID = '', GITHUB_RUN_ATTEMPT = '' } = env;
  return runPageUrl(githubServerUrl(env), GITHUB_REPOSITORY, GITHUB_RUN_ID, GITHUB_RUN_ATTEMPT);
}

/** A text whose `$VARIABLE`s are filled in, '' when any of them is empty; or what reads it. */
type Text = string | ((env: Env) => string);

/** Per CI: the repository, the commit and the job's page. */
const ORIGINS: readonly (readonly [Text, Text, Text])[] = [
  ['$CI_PROJECT_PATH', '$CI_COMMIT_SHA', '$CI_JOB_URL'],
  ['$CI_REPO', '', '$CI_PIPELINE_URL'],
  ['$GITHUB_REPOSITORY', '$GITHUB_SHA', githubRunUrl],
  [
    '$BITBUCKET_REPO_FULL_NAME',
    '$BITBUCKET_COMMIT',
    '$BITBUCKET_GIT_HTTP_ORIGIN/pipelines/results/$BITBUCKET_BUILD_NUMBER',
  ],
  ['$CIRCLE_PROJECT_USERNAME/$CIRCLE_PROJECT_REPONAME', '$CIRCLE_SHA1', '$CIRCLE_BUILD_URL'],
  [
    '$BUILD_REPOSITORY_NAME',
    '$BUILD_SOURCEVERSION',
    '$SYSTEM_COLLECTIONURI$SYSTEM_TEAMPROJECT/_build/results?buildId=$BUILD_BUILDID',
  ],
  ['$JOB_NAME', '$GIT_COMMIT', '$BUILD_URL'],
  ['$TRAVIS_REPO_SLUG', '$TRAVIS_COMMIT', '$TRAVIS_JOB_WEB_URL'],
  ['$BUILDKITE_PIPELINE_SLUG', '$BUILDKITE_COMMIT', '$BUILDKITE_BUILD_URL'],
  ['$DRONE_REPO', '$DRONE_COMMIT', '$DRONE_BUILD_LINK'],
];

function fill(text: Text, env: Env): string {
  if (typeof text === 'function') return text(env);
  const read = (variable: string) => env[variable.slice(1)]?.trim() ?? '';
  if (text.match(/\$\w+/g)?.some((variable) => read(variable) === '')) return '';
  return text.replace(/\$\w+/g, read);
}

function tagOf(variable: string, env: Env): string {
  const value = env[variable]?.trim() ?? '';
  return REFS.includes(variable) ? tagOfRef(value) : value;
}

export function ciTag(env: Env): string {
  return TAGS.map(([variable]) => tagOf(variable, env)).find((tag) => tag !== '') ?? '';
}

export const TAG_VARIABLES = TAGS.map(
  ([variable, ci]) => `${variable} (${ci}${REFS.includes(variable) ? `, ${TAG_REF}… only` : ''})`,
).join(', ');

export function ciOrigin(env: Env, cwd: string): Origin {
  const [repository = '', sha = '', runUrl = ''] = [0, 1, 2].map((column) =>
    ORIGINS.map((texts) => fill(texts[column] ?? '', env)).find((value) => value !== ''),
  );
  return { repository, sha, runUrl, runLabel: 'CI job', workspace: cwd };
}

export const NO_CI_LINKS =
  "no CI variable names the repository's web address (read: CI_PROJECT_URL with CI_COMMIT_TAG or CI_COMMIT_SHA (GitLab); GITHUB_REPOSITORY with GITHUB_REF or GITHUB_SHA (GitHub Actions); BITBUCKET_GIT_HTTP_ORIGIN with BITBUCKET_TAG or BITBUCKET_COMMIT (Bitbucket))";

export function ciLinks(env: Env): LinkRoot | undefined {
  const read = (name: string) => env[name]?.trim() ?? '';
  const ref = (tag: string, sha: string) => tagOf(tag, env) || read(sha);
  const forges: [LinkRoot | undefined, string][] = [
    [gitlabRoots(read('CI_PROJECT_URL'), ref('CI_COMMIT_TAG', 'CI_COMMIT_SHA')), 'CI_PROJECT_DIR'],
    [
      githubRoots(githubServerUrl(env), read('GITHUB_REPOSITORY'), ref('GITHUB_REF', 'GITHUB_SHA')),
      'GITHUB_WORKSPACE',
    ],
    [
      bitbucketRoots(read('BITBUCKET_GIT_HTTP_ORIGIN'), ref('BITBUCKET_TAG', 'BITBUCKET_COMMIT')),
      'BITBUCKET_CLONE_DIR',
    ],
  ];
  const [roots, checkout = ''] = forges.find(([roots]) => roots !== undefined) ?? [];
  return roots && (read(checkout) === '' ? roots : { ...roots, checkout: read(checkout) });
}
