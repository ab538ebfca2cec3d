// `npm run github-api [-- PORT]`: the local fake of the GitHub REST API as a process, for the
// self-test workflow and for trying the action by hand (point GITHUB_API_URL at it). It holds one
// published release, v1.4.0, and accepts any token given as GITHUB_API_TOKEN (else the fake one).
// Requests are read back at GET /__requests. Stops on SIGINT or SIGTERM.
import { GitHubApi } from '../test/support/github-api.ts';

const api = new GitHubApi([
  { tag_name: 'v1.4.0', body: '## 1.4.0\n\n- Released through the latest-release path.\n' },
  { tag_name: 'v1.3.0', body: '## 1.3.0\n\n- Older.\n' },
]);
if (process.env.GITHUB_API_TOKEN) api.token = process.env.GITHUB_API_TOKEN;
const url = await api.start(Number(process.argv[2] ?? 0));
console.log(`GitHub API fake at ${url} (latest release v1.4.0)`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void api.stop().then(() => process.exit(0)));
}
