// What the common CI systems tell a job, in one table read in its order: the first that answers wins.
import { bitbucketRoots, githubRoots, gitlabRoots } from '../core/changelog/link-base.js';
import type { LinkRoot } from '../core/changelog/read.js';
import type { Env } from '../core/inputs.js';
import { githubRunUrl, githubServerUrl } from '../core/release/github-run.js';
import { type Origin, TAG_REF, tagOfRef } from '../core/release/resolve.js';

/** A text whose `$VARIABLE`s are filled in, '' when any of them is empty; or what reads it. */
type Text = string | ((env: Env) => string);

interface CiSystem {
  readonly name: string;
  readonly tag: string;
  /** Only `refs/tags/<tag>` counts. */
  readonly tagIsRef?: true;
  readonly project: Text;
  readonly jobUrl: Text;
  readonly sha: Text;
  /** Where a changelog's relative links point. */
  readonly links?: {
    /** The variables read, as the log names them. */
    readonly read: string;
    readonly roots: (env: Env, ref: string) => LinkRoot | undefined;
    /** The checkout's directory. */
    readonly checkout: string;
  };
}

function fill(text: Text, env: Env): string {
  if (typeof text === 'function') return text(env);
  let whole = true;
  const filled = text.replace(/\$(\w+)/g, (_, name: string) => {
    const value = env[name]?.trim() ?? '';
    whole &&= value !== '';
    return value;
  });
  return whole ? filled : '';
}

const CI_SYSTEMS: readonly CiSystem[] = [
  {
    name: 'GitLab CI/CD, Woodpecker',
    tag: 'CI_COMMIT_TAG',
    project: (env) => fill('$CI_PROJECT_PATH', env) || fill('$CI_REPO', env),
    jobUrl: (env) => fill('$CI_JOB_URL', env) || fill('$CI_PIPELINE_URL', env),
    sha: '$CI_COMMIT_SHA',
    links: {
      read: 'CI_PROJECT_URL with CI_COMMIT_TAG or CI_COMMIT_SHA (GitLab)',
      roots: (env, ref) => gitlabRoots(fill('$CI_PROJECT_URL', env), ref),
      checkout: 'CI_PROJECT_DIR',
    },
  },
  {
    name: 'GitHub Actions',
    tag: 'GITHUB_REF',
    tagIsRef: true,
    project: '$GITHUB_REPOSITORY',
    jobUrl: githubRunUrl,
    sha: '$GITHUB_SHA',
    links: {
      read: 'GITHUB_REPOSITORY with GITHUB_REF or GITHUB_SHA (GitHub Actions)',
      roots: (env, ref) => githubRoots(githubServerUrl(env), fill('$GITHUB_REPOSITORY', env), ref),
      checkout: 'GITHUB_WORKSPACE',
    },
  },
  {
    name: 'Bitbucket Pipelines',
    tag: 'BITBUCKET_TAG',
    project: '$BITBUCKET_REPO_FULL_NAME',
    jobUrl: '$BITBUCKET_GIT_HTTP_ORIGIN/pipelines/results/$BITBUCKET_BUILD_NUMBER',
    sha: '$BITBUCKET_COMMIT',
    links: {
      read: 'BITBUCKET_GIT_HTTP_ORIGIN with BITBUCKET_TAG or BITBUCKET_COMMIT (Bitbucket)',
      roots: (env, ref) => bitbucketRoots(fill('$BITBUCKET_GIT_HTTP_ORIGIN', env), ref),
      checkout: 'BITBUCKET_CLONE_DIR',
    },
  },
  {
    name: 'CircleCI',
    tag: 'CIRCLE_TAG',
    project: '$CIRCLE_PROJECT_USERNAME/$CIRCLE_PROJECT_REPONAME',
    jobUrl: '$CIRCLE_BUILD_URL',
    sha: '$CIRCLE_SHA1',
  },
  {
    name: 'Azure Pipelines',
    tag: 'BUILD_SOURCEBRANCH',
    tagIsRef: true,
    project: '$BUILD_REPOSITORY_NAME',
    jobUrl: '$SYSTEM_COLLECTIONURI$SYSTEM_TEAMPROJECT/_build/results?buildId=$BUILD_BUILDID',
    sha: '$BUILD_SOURCEVERSION',
  },
  {
    name: 'Jenkins',
    tag: 'TAG_NAME',
    project: '$JOB_NAME',
    jobUrl: '$BUILD_URL',
    sha: '$GIT_COMMIT',
  },
  {
    name: 'Travis CI',
    tag: 'TRAVIS_TAG',
    project: '$TRAVIS_REPO_SLUG',
    jobUrl: '$TRAVIS_JOB_WEB_URL',
    sha: '$TRAVIS_COMMIT',
  },
  {
    name: 'Buildkite',
    tag: 'BUILDKITE_TAG',
    project: '$BUILDKITE_PIPELINE_SLUG',
    jobUrl: '$BUILDKITE_BUILD_URL',
    sha: '$BUILDKITE_COMMIT',
  },
  {
    name: 'Drone',
    tag: 'DRONE_TAG',
    project: '$DRONE_REPO',
    jobUrl: '$DRONE_BUILD_LINK',
    sha: '$DRONE_COMMIT',
  },
];

function tagOf(system: CiSystem, env: Env): string {
  const value = env[system.tag]?.trim() ?? '';
  return system.tagIsRef ? tagOfRef(value) : value;
}

export function ciTag(env: Env): string {
  return CI_SYSTEMS.map((system) => tagOf(system, env)).find((tag) => tag !== '') ?? '';
}

export function tagVariables(): string {
  return CI_SYSTEMS.map(
    (system) => `${system.tag} (${system.name}${system.tagIsRef ? `, ${TAG_REF}… only` : ''})`,
  ).join(', ');
}

export function ciOrigin(env: Env, cwd: string): Origin {
  const first = (field: 'project' | 'jobUrl' | 'sha') =>
    CI_SYSTEMS.map((system) => fill(system[field], env)).find((value) => value !== '') ?? '';
  return {
    repository: first('project'),
    sha: first('sha'),
    runUrl: first('jobUrl'),
    runLabel: 'CI job',
    workspace: cwd,
  };
}

export function ciLinks(env: Env): LinkRoot | undefined {
  for (const system of CI_SYSTEMS) {
    const { links } = system;
    const roots = links?.roots(env, tagOf(system, env) || fill(system.sha, env));
    if (links === undefined || roots === undefined) continue;
    const dir = env[links.checkout]?.trim() ?? '';
    return dir === '' ? roots : { ...roots, checkout: dir };
  }
  return undefined;
}

export function noCiLinks(): string {
  const read = CI_SYSTEMS.flatMap((system) => (system.links ? [system.links.read] : []));
  return `no CI variable names the repository's web address (read: ${read.join('; ')})`;
}
