import type { Env } from '../inputs.js';

/**
 * The page of a GitHub Actions run, from the runner's variables; '' when they do not name one.
 * The action's context and the command's CI table both read it here.
 */
export function githubServerUrl(env: Env): string {
  return (env.GITHUB_SERVER_URL || 'https://github.com').replace(/\/+$/, '');
}

export function githubRunUrl(env: Env): string {
  const server = githubServerUrl(env);
  const repository = env.GITHUB_REPOSITORY ?? '';
  const runId = env.GITHUB_RUN_ID ?? '';
  const attempt = env.GITHUB_RUN_ATTEMPT ?? '';
  if (repository === '' || runId === '') return '';
  const runUrl = `${server}/${repository}/actions/runs/${runId}`;
  return attempt !== '' && attempt !== '1' ? `${runUrl}/attempts/${attempt}` : runUrl;
}
