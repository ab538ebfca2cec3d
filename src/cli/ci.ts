// What the common CI systems tell a job (SPEC 9.1): the tag of a tag build, the project, the job's
// page and the commit. One table, read in its order: the first that answers wins.
import { githubRunUrl } from '../core/github-run.js';
import type { Env } from '../core/inputs.js';
import { type Origin, TAG_REF, tagOfRef } from '../core/release.js';

export interface CiSystem {
  readonly name: string;
  /** The variable holding the tag on a tag build. */
  readonly tag: string;
  /** The variable holds a ref: only `refs/tags/<tag>` counts. */
  readonly tagIsRef?: true;
  readonly project: (env: Env) => string;
  readonly jobUrl: (env: Env) => string;
  readonly sha: (env: Env) => string;
  /** The web server of the project, when its pages are laid out as GitHub's (`/blob/<ref>/…`). */
  readonly serverUrl?: (env: Env) => string;
  /** Where the repository is checked out, so a file's path in it is known from any folder. */
  readonly root?: (env: Env) => string;
}

const read =
  (name: string) =>
  (env: Env): string =>
    env[name]?.trim() ?? '';

/** Joins parts, or '' when any of them is empty. */
const all =
  (...parts: ((env: Env) => string)[]) =>
  (env: Env): string => {
    const values = parts.map((part) => part(env));
    return values.some((value) => value === '') ? '' : values.join('');
  };

const text = (value: string) => () => value;

export const CI_SYSTEMS: readonly CiSystem[] = [
  {
    name: 'GitLab CI/CD, Woodpecker',
    tag: 'CI_COMMIT_TAG',
    project: (env) => read('CI_PROJECT_PATH')(env) || read('CI_REPO')(env),
    jobUrl: (env) => read('CI_JOB_URL')(env) || read('CI_PIPELINE_URL')(env),
    sha: read('CI_COMMIT_SHA'),
  },
  {
    name: 'GitHub Actions',
    tag: 'GITHUB_REF',
    tagIsRef: true,
    project: read('GITHUB_REPOSITORY'),
    jobUrl: githubRunUrl,
    sha: read('GITHUB_SHA'),
    serverUrl: read('GITHUB_SERVER_URL'),
    root: read('GITHUB_WORKSPACE'),
  },
  {
    name: 'Bitbucket Pipelines',
    tag: 'BITBUCKET_TAG',
    project: read('BITBUCKET_REPO_FULL_NAME'),
    jobUrl: all(
      read('BITBUCKET_GIT_HTTP_ORIGIN'),
      text('/pipelines/results/'),
      read('BITBUCKET_BUILD_NUMBER'),
    ),
    sha: read('BITBUCKET_COMMIT'),
  },
  {
    name: 'CircleCI',
    tag: 'CIRCLE_TAG',
    project: all(read('CIRCLE_PROJECT_USERNAME'), text('/'), read('CIRCLE_PROJECT_REPONAME')),
    jobUrl: read('CIRCLE_BUILD_URL'),
    sha: read('CIRCLE_SHA1'),
  },
  {
    name: 'Azure Pipelines',
    tag: 'BUILD_SOURCEBRANCH',
    tagIsRef: true,
    project: read('BUILD_REPOSITORY_NAME'),
    jobUrl: all(
      read('SYSTEM_COLLECTIONURI'),
      read('SYSTEM_TEAMPROJECT'),
      text('/_build/results?buildId='),
      read('BUILD_BUILDID'),
    ),
    sha: read('BUILD_SOURCEVERSION'),
  },
  {
    name: 'Jenkins',
    tag: 'TAG_NAME',
    project: read('JOB_NAME'),
    jobUrl: read('BUILD_URL'),
    sha: read('GIT_COMMIT'),
  },
  {
    name: 'Travis CI',
    tag: 'TRAVIS_TAG',
    project: read('TRAVIS_REPO_SLUG'),
    jobUrl: read('TRAVIS_JOB_WEB_URL'),
    sha: read('TRAVIS_COMMIT'),
  },
  {
    name: 'Buildkite',
    tag: 'BUILDKITE_TAG',
    project: read('BUILDKITE_PIPELINE_SLUG'),
    jobUrl: read('BUILDKITE_BUILD_URL'),
    sha: read('BUILDKITE_COMMIT'),
  },
  {
    name: 'Drone',
    tag: 'DRONE_TAG',
    project: read('DRONE_REPO'),
    jobUrl: read('DRONE_BUILD_LINK'),
    sha: read('DRONE_COMMIT'),
  },
];

export interface CiTag {
  readonly tag: string;
  readonly variable: string;
}

/** The tag of a tag build: the first variable of the table that holds one. */
export function ciTag(env: Env): CiTag | undefined {
  for (const system of CI_SYSTEMS) {
    const value = read(system.tag)(env);
    const tag = system.tagIsRef ? tagOfRef(value) : value;
    if (tag !== '') return { tag, variable: system.tag };
  }
  return undefined;
}

/** The tag variables read, as a message names them. */
export function tagVariables(): string {
  return CI_SYSTEMS.map(
    (system) => `${system.tag} (${system.name}${system.tagIsRef ? `, ${TAG_REF}… only` : ''})`,
  ).join(', ');
}

function first(env: Env, field: 'project' | 'jobUrl' | 'sha'): string {
  for (const system of CI_SYSTEMS) {
    const value = system[field](env);
    if (value !== '') return value;
  }
  return '';
}

/**
 * Where the command runs, for the generated changelog and a changelog's relative links; relative
 * paths from `cwd`. Links are resolved only for a project on a CI that lays its pages out as
 * GitHub does (GitLab's `/-/blob/` and Bitbucket's `/src/` are not yet).
 */
export function ciOrigin(env: Env, cwd: string): Origin {
  const system = CI_SYSTEMS.find((candidate) => candidate.project(env) !== '');
  const serverUrl = system?.serverUrl?.(env);
  const repositoryRoot = system?.root?.(env);
  return {
    repository: first(env, 'project'),
    sha: first(env, 'sha'),
    runUrl: first(env, 'jobUrl'),
    runLabel: 'CI job',
    workspace: cwd,
    // Both, or links are left as written: a path from `cwd` is not the path in the repository.
    ...(serverUrl && repositoryRoot ? { serverUrl, repositoryRoot } : {}),
  };
}
