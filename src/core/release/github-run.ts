import type { Env } from '../inputs.js';

export function githubServerUrl(env: Env): string {
  return (env.GITHUB_SERVER_URL || 'https://github.com').replace(/\/+$/, '');
}

export function githubRunUrl(env: Env): string {
  const { GITHUB_REPOSITORY: repository, GITHUB_RUN_ID: runId, GITHUB_RUN_ATTEMPT: attempt } = env;
  if (!repository || !runId) return '';
  const runUrl = `${githubServerUrl(env)}/${repository}/actions/runs/${runId}`;
  return attempt && attempt !== '1' ? `${runUrl}/attempts/${attempt}` : runUrl;
}
