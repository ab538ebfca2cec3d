// What the common CI systems tell a job: the tag of a tag build, the project, the job's
// page and the commit. One table, read in its order: the first that answers wins.

import {
  bitbucketRoots,
  githubRoots,
  gitlabRoots,
  type LinkRoots,
} from '../core/changelog/link-base.js';
import type { LinkRoot } from '../core/changelog/read.js';
import type { Env } from '../core/inputs.js';
import { githubRunUrl, githubServerUrl } from '../core/release/github-run.js';
import { type Origin, TAG_REF, tagOfRef } from '../core/release/resolve.js';

export interface CiSystem {
  readonly name: string;
  /** The variable holding the tag on a tag build. */
  readonly tag: string;
  /** The variable holds a ref: only `refs/tags/<tag>` counts. */
  readonly tagIsRef?: true;
  readonly project: (env: Env) => string;
  readonly jobUrl: (env: Env) => string;
  readonly sha: (env: Env) => string;
  /** Where a changelog's relative links point, when the CI names the repository's pages. */
  readonly links?: {
    /** The variables read, as the log names them. */
    readonly read: string;
    /** The pages at a ref: the tag of a tag build, else the commit. */
    readonly roots: (env: Env, ref: string) => LinkRoots | undefined;
    /** The variable of the checkout's directory, where the file's place is read from. */
    readonly checkout: string;
  };
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
    links: {
      read: 'CI_PROJECT_URL with CI_COMMIT_TAG or CI_COMMIT_SHA (GitLab)',
      roots: (env, ref) => gitlabRoots(read('CI_PROJECT_URL')(env), ref),
      checkout: 'CI_PROJECT_DIR',
    },
  },
  {
    name: 'GitHub Actions',
    tag: 'GITHUB_REF',
    tagIsRef: true,
    project: read('GITHUB_REPOSITORY'),
    jobUrl: githubRunUrl,
    sha: read('GITHUB_SHA'),
    links: {
      read: 'GITHUB_REPOSITORY with GITHUB_REF or GITHUB_SHA (GitHub Actions)',
      roots: (env, ref) => githubRoots(githubServerUrl(env), read('GITHUB_REPOSITORY')(env), ref),
      checkout: 'GITHUB_WORKSPACE',
    },
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
    links: {
      read: 'BITBUCKET_GIT_HTTP_ORIGIN with BITBUCKET_TAG or BITBUCKET_COMMIT (Bitbucket)',
      roots: (env, ref) => bitbucketRoots(read('BITBUCKET_GIT_HTTP_ORIGIN')(env), ref),
      checkout: 'BITBUCKET_CLONE_DIR',
    },
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

/** The tag a system's variable holds on a tag build; '' on any other build. */
function tagOf(system: CiSystem, env: Env): string {
  const value = read(system.tag)(env);
  return system.tagIsRef ? tagOfRef(value) : value;
}

/** The tag of a tag build: the first variable of the table that holds one. */
export function ciTag(env: Env): CiTag | undefined {
  for (const system of CI_SYSTEMS) {
    const tag = tagOf(system, env);
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

/** Where the command runs, for the generated changelog; relative paths from `cwd`. */
export function ciOrigin(env: Env, cwd: string): Origin {
  return {
    repository: first(env, 'project'),
    sha: first(env, 'sha'),
    runUrl: first(env, 'jobUrl'),
    runLabel: 'CI job',
    workspace: cwd,
  };
}

/** The repository's pages for a changelog's relative links: the first CI of the table naming them. */
export function ciLinks(env: Env): LinkRoot | undefined {
  for (const system of CI_SYSTEMS) {
    const roots = system.links?.roots(env, tagOf(system, env) || system.sha(env));
    if (system.links === undefined || roots === undefined) continue;
    const dir = read(system.links.checkout)(env);
    return dir === '' ? roots : { ...roots, checkout: dir };
  }
  return undefined;
}

/** Why relative links stay as written when no CI names the pages, for the log. */
export function noCiLinks(): string {
  const read = CI_SYSTEMS.flatMap((system) => (system.links ? [system.links.read] : []));
  return `no CI variable names the repository's web address (read: ${read.join('; ')})`;
}
