import type { Env } from '../inputs.js';

export function githubServerUrl(env: Env): string {
  return (env.GITHUB_SERVER_URL || 'https://github.com').replace(/\/+$/, '');
}

/** The page of a GitHub Actions run; '' without its repository or its id. */
export function runPageUrl(server: string, repository: string, runId: string, attempt: string) {
  if (!repository || !runId) return '';
  const url = `${server}/${repository}/actions/runs/${runId}`;
  return attempt && attempt !== '1' ? `${url}/attempts/${attempt}` : url;
}

/** The page of the run from the runner's variables; '' when they do not name one. */
export function githubRunUrl(env: Env): string {
  const { GITHUB_REPOSITORY: repository = '', GITHUB_RUN_ID: runId = '' } = env;
  return runPageUrl(githubServerUrl(env), repository, runId, env.GITHUB_RUN_ATTEMPT ?? '');
}
