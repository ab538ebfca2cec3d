import type { Env } from '../inputs.js';

/** The GitHub web server of the run, without a trailing slash. */
export function githubServerUrl(env: Env): string {
  return (env.GITHUB_SERVER_URL || 'https://github.com').replace(/\/+$/, '');
}

/** The page of a GitHub Actions run, from the runner's variables; '' when they do not name one. */
export function githubRunUrl(env: Env): string {
  const { GITHUB_REPOSITORY: repository, GITHUB_RUN_ID: runId, GITHUB_RUN_ATTEMPT: attempt } = env;
  if (!repository || !runId) return '';
  const runUrl = `${githubServerUrl(env)}/${repository}/actions/runs/${runId}`;
  return attempt && attempt !== '1' ? `${runUrl}/attempts/${attempt}` : runUrl;
}
