// The committed bundle, run as the runner runs it, with release data from a local fake of the
// GitHub REST API (GITHUB_API_URL) and its faults (SPEC 7.1, 7.2, 7.6).
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { undiciCopies } from '../support/bundle.js';
import { refusedBaseUrl } from '../support/closed-port.js';
import { KEYS } from '../support/emulator.js';
import { FAKE_TOKEN, GitHubApi, REPOSITORY } from '../support/github-api.js';
import { dispatchEvent as dispatch, releaseEvent } from '../support/github-examples.js';
import {
  everythingPrinted,
  leakedFragments,
  ROOT,
  type RunOptions,
  type RunResult,
  runAction,
  tagPush,
  unescapeData,
} from '../support/runner.js';
import { useEmulator } from '../support/use-emulator.js';

const local = useEmulator();
let github: GitHubApi;
let githubApiUrl: string;

beforeEach(async () => {
  github = new GitHubApi();
  githubApiUrl = await github.start();
});
afterEach(() => github.stop());

const inputs = (over: Record<string, string> = {}) => ({
  'listing-id': 'asset-1',
  'api-key': KEYS.creator,
  'base-url': local.base,
  ...over,
});

const ALLOWED = new Set(['add-mask', 'group', 'endgroup', 'error', 'warning']);

/** Both secrets masked first (key, then token), neither leaked, no stray command. */
function checkSafety(result: RunResult, token = FAKE_TOKEN, debugOn = false): void {
  const masks = result.stdout
    .split('\n')
    .slice(0, 2)
    .map((line) => unescapeData(line.replace(/^::add-mask::/, '')));
  expect(masks[0]).toBe(KEYS.creator);
  if (token.trim() !== '') expect(result.stdout).toContain(`::add-mask::${token.trim()}\n`);
  const kinds = result.commands.map((c) => c.command);
  const firstOther = kinds.findIndex((kind) => kind !== 'add-mask');
  if (firstOther >= 0) expect(kinds.slice(firstOther)).not.toContain('add-mask');
  // The debug log only when the runner's debug logging is on.
  for (const kind of kinds) expect(kind === 'debug' ? debugOn : ALLOWED.has(kind)).toBe(true);
  expect(leakedFragments(result, KEYS.creator)).toEqual([]);
  if (token.trim().length >= 8) expect(leakedFragments(result, token.trim())).toEqual([]);
}

async function run(options: Omit<RunOptions, 'githubApiUrl'>, entry?: string) {
  const result = await runAction({ githubApiUrl, ...options }, entry);
  checkSafety(result, options.githubToken, options.env?.RUNNER_DEBUG === '1');
  return result;
}

/** The update sent; by default the step reads the list of listings first (SPEC 7.8). */
const patches = () => local.emulator.requests.filter((r) => r.method === 'PATCH');
const sent = () => JSON.parse(patches()[0]?.body ?? 'null');
const warnings = (result: RunResult) => result.errors.filter((c) => c.command === 'warning');

const NOTES_WITH_COMMANDS = [
  '## What changed',
  '::warning::injected warning',
  '::set-output name=updated::false',
  '::add-mask::visible',
  '##[error]legacy injected',
  '  ::error title=x::indented',
  '::stop-commands::abc',
  '::error::after a fake stop',
  'abc',
].join('\n');

describe('manual redeploy: workflow_dispatch from a branch (latest release)', () => {
  it('sends the latest release with its notes, whose commands stay text', async () => {
    github.releases.push(
      { tag_name: 'v2.0.0-rc.1', body: 'pre', prerelease: true },
      { tag_name: 'v1.4.0', body: NOTES_WITH_COMMANDS },
      { tag_name: 'v1.3.0', body: 'older' },
    );
    const result = await run({
      inputs: inputs({ 'strip-tag-prefix': 'v' }),
      trigger: dispatch('refs/heads/main'),
    });
    expect(result.code).toBe(0);
    expect(sent()).toEqual({ version: '1.4.0', changelog: NOTES_WITH_COMMANDS });
    expect(result.errors).toEqual([]);
    expect(result.stdout).toContain(
      'Version "1.4.0" from the latest release "v1.4.0" (GitHub API)',
    );
    expect(result.stdout).toContain(
      `Changelog: ${NOTES_WITH_COMMANDS.length} characters, release notes of "v1.4.0" (GitHub API)`,
    );
    expect(result.summary).toContain('the latest release <code>v1.4.0</code> (GitHub API)');
    expect(result.outputs.updated).toBe('true');
    expect(github.requests.map((r) => r.path)).toEqual([`/repos/${REPOSITORY}/releases/latest`]);
    expect(github.requests[0]?.authorization).toBe(`token ${FAKE_TOKEN}`);
  });

  it.each([
    ['no published release', () => {}, 'No version to deploy', 'no published release'],
    [
      'a bad token',
      () => (github.token = 'ghs_other'),
      'Latest release unavailable',
      'the token was refused (HTTP 401)',
    ],
    [
      'the rate limit',
      () => github.inject({ kind: 'rate-limit' }),
      'Latest release unavailable',
      'rate limit was reached (HTTP 403)',
    ],
    [
      'a 5xx, also when retried',
      () => github.inject({ kind: 'status', status: 502, times: 2 }),
      'Latest release unavailable',
      'failed (HTTP 502), also when retried',
    ],
  ])('stops before any request on %s, naming the cause', async (_, arrange, title, cause) => {
    github.releases.push({ tag_name: 'v1.4.0', body: 'notes' });
    if (title === 'No version to deploy') github.releases.length = 0;
    arrange();
    const result = await run({ inputs: inputs(), trigger: dispatch('refs/heads/main') });
    expect(result.code).toBe(1);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]?.properties.title).toBe(title);
    expect(result.errors[0]?.data).toContain(cause);
    expect(result.errors[0]?.data).toContain('set the `version` input');
    expect(local.emulator.requests).toHaveLength(0);
    expect(result.outputs).toMatchObject({ attempts: '0', updated: 'false' });
  });

  it('stops when GitHub is unreachable, naming it', async () => {
    githubApiUrl = (await refusedBaseUrl()).replace(/\/v1$/, '');
    const result = await run({ inputs: inputs(), trigger: dispatch('refs/heads/main') });
    expect(result.code).toBe(1);
    expect(result.errors[0]?.data).toContain('could not be reached (ECONNREFUSED)');
    expect(local.emulator.requests).toHaveLength(0);
  });

  it('stops without a token, before calling GitHub', async () => {
    const result = await run({
      inputs: inputs(),
      trigger: dispatch('refs/heads/main'),
      githubToken: '',
    });
    expect(result.code).toBe(1);
    expect(result.errors[0]?.data).toContain('`github-token` is empty');
    expect(github.requests).toEqual([]);
  });
});

describe('release notes for the tag (best effort)', () => {
  it('sends the notes of the release for the pushed tag', async () => {
    github.releases.push({ tag_name: 'v1.2.3', body: 'Fixed the crash.' });
    const result = await run({ inputs: inputs(), trigger: tagPush('v1.2.3') });
    expect(result.code).toBe(0);
    expect(sent()).toEqual({ version: 'v1.2.3', changelog: 'Fixed the crash.' });
    expect(result.stdout).toContain('release notes of "v1.2.3" (GitHub API)');
    expect(result.errors).toEqual([]);
  });

  it('with an explicit version, tries the prefixed tag, then the version', async () => {
    github.releases.push({ tag_name: '2.0.0', body: 'Unprefixed tag notes' });
    const result = await run({
      inputs: inputs({ version: '2.0.0', 'strip-tag-prefix': 'v' }),
      trigger: dispatch('refs/heads/main'),
    });
    expect(sent()).toEqual({ version: '2.0.0', changelog: 'Unprefixed tag notes' });
    expect(github.requests.map((r) => r.path.split('/').at(-1))).toEqual(['v2.0.0', '2.0.0']);
    expect(result.code).toBe(0);
  });

  it('404 is one info line; the generated text is sent', async () => {
    const result = await run({ inputs: inputs(), trigger: tagPush('v1.2.3') });
    expect(result.code).toBe(0);
    expect(result.errors).toEqual([]);
    expect(result.stdout).toContain(
      'No GitHub release for tag v1.2.3 yet: the changelog is generated.',
    );
    expect(sent().changelog).toMatch(/^Automated deployment of version v1\.2\.3/);
  });

  it.each([
    ['a bad token (401)', () => (github.token = 'ghs_other'), 'the token was refused (HTTP 401)'],
    ['the rate limit (403)', () => github.inject({ kind: 'rate-limit' }), 'rate limit'],
    [
      'a 5xx twice',
      () => github.inject({ kind: 'status', status: 500, times: 2 }),
      'failed (HTTP 500), also when retried',
    ],
  ])('%s is one warning naming the cause; the deploy goes on', async (_, arrange, cause) => {
    github.releases.push({ tag_name: 'v1.2.3', body: 'unread' });
    arrange();
    const result = await run({ inputs: inputs(), trigger: tagPush('v1.2.3') });
    expect(result.code).toBe(0);
    expect(warnings(result)).toHaveLength(1);
    expect(warnings(result)[0]?.data).toContain('Could not read the release notes of v1.2.3');
    expect(warnings(result)[0]?.data).toContain(cause);
    expect(sent().changelog).toMatch(/^Automated deployment/);
    expect(result.outputs.updated).toBe('true');
  });

  it('no token is one warning, without a call; the deploy goes on', async () => {
    const result = await run({ inputs: inputs(), trigger: tagPush('v1.2.3'), githubToken: '' });
    expect(result.code).toBe(0);
    expect(warnings(result)).toHaveLength(1);
    expect(warnings(result)[0]?.data).toContain('`github-token` is empty');
    expect(github.requests).toEqual([]);
    expect(result.outputs.updated).toBe('true');
  });

  it('a refused connection is one warning; the deploy goes on', async () => {
    githubApiUrl = (await refusedBaseUrl()).replace(/\/v1$/, '');
    const result = await run({ inputs: inputs(), trigger: tagPush('v1.2.3') });
    expect(result.code).toBe(0);
    expect(warnings(result)[0]?.data).toContain('could not be reached (ECONNREFUSED)');
    expect(patches()).toHaveLength(1);
  });

  it('a release event never calls GitHub, even with an empty body', async () => {
    github.releases.push({ tag_name: 'v3.0.0', body: 'from the API' });
    const result = await run({ inputs: inputs(), trigger: releaseEvent('v3.0.0', '') });
    expect(result.code).toBe(0);
    expect(github.requests).toEqual([]);
    expect(sent().changelog).toMatch(/^Automated deployment of version v3\.0\.0/);
  });

  it('leaks neither the token nor the key with RUNNER_DEBUG=1', async () => {
    github.releases.push({ tag_name: 'v1.2.3', body: `notes` });
    github.inject({ kind: 'status', status: 500, body: `{"message":"${FAKE_TOKEN}"}` });
    const result = await run({
      inputs: inputs(),
      trigger: tagPush('v1.2.3'),
      env: { RUNNER_DEBUG: '1', ACTIONS_STEP_DEBUG: 'true' },
    });
    expect(result.code).toBe(0);
    expect(everythingPrinted(result)).not.toContain(FAKE_TOKEN.slice(4, 20));
    // The debug log shows both GitHub exchanges and the retry between them, the token named only.
    const debug = result.commands.filter((c) => c.command === 'debug').map((c) => c.data);
    const tagUrl = /^Request: GET http:\/\/127\.0\.0\.1:\d+\/repos\/.+\/releases\/tags\/v1\.2\.3$/;
    expect(debug.filter((line) => tagUrl.test(line))).toHaveLength(2);
    expect(debug).toContain('  > authorization: (set, not shown)');
    expect(debug).toContain('  < body: [withheld: this text contained part of the GitHub token]');
    // The first retry's backoff of every request: 2 to 4 s.
    expect(debug).toContainEqual(
      expect.stringMatching(
        /^GitHub: the release for tag "v1\.2\.3" could not be read \(HTTP 500\): retried once in [23]\d{3} ms$/,
      ),
    );
  });
});

describe('changelog-file', () => {
  const CHANGELOG = [
    '\uFEFF# Changelog',
    '',
    '## [Unreleased]',
    '',
    '## [1.2.3] - 2026-11-01',
    '### Fixed',
    '- the crash',
    '```',
    '## 0.0.0 inside a fence',
    '```',
    '',
    '## [1.2.2] - 2026-10-01',
    '- older',
    '',
    '[1.2.3]: https://github.com/o/r/compare/v1.2.2...v1.2.3',
  ].join('\r\n');

  it('sends the section for the version, and calls no GitHub', async () => {
    const result = await run({
      inputs: inputs({ 'changelog-file': 'docs/CHANGELOG.md', 'strip-tag-prefix': 'v' }),
      trigger: tagPush('v1.2.3'),
      files: { 'docs/CHANGELOG.md': CHANGELOG },
    });
    expect(result.code).toBe(0);
    expect(sent()).toEqual({
      version: '1.2.3',
      changelog: '### Fixed\n- the crash\n```\n## 0.0.0 inside a fence\n```',
    });
    expect(result.stdout).toContain('section "1.2.3" of "docs/CHANGELOG.md"');
    expect(result.summary).toContain('section 1.2.3 of docs/CHANGELOG.md');
    expect(github.requests).toEqual([]);
  });

  it.each([
    [
      'no section',
      'v9.9.9',
      { 'CHANGELOG.md': CHANGELOG },
      'No section for v9.9.9 in CHANGELOG.md',
      ['The versions it has: 1.2.3, 1.2.2.'],
    ],
    [
      'a missing file',
      'v1.2.3',
      {},
      'Invalid input: changelog-file',
      ['/CHANGELOG.md', 'does not exist'],
    ],
    [
      'an empty section',
      'v1.2.3',
      { 'CHANGELOG.md': '## 1.2.3\n\n## 1.2.2\n- x' },
      'Empty section for v1.2.3 in CHANGELOG.md',
      ['is empty'],
    ],
  ])('stops before any request on %s', async (_, tag, files, title, parts) => {
    const result = await run({
      inputs: inputs({ 'changelog-file': 'CHANGELOG.md' }),
      trigger: tagPush(tag),
      files,
    });
    expect(result.code).toBe(1);
    expect(result.errors[0]?.properties.title).toBe(title);
    for (const part of parts) expect(result.errors[0]?.data).toContain(part);
    expect(local.emulator.requests).toHaveLength(0);
  });

  it('refuses changelog and changelog-file together', async () => {
    const result = await run({
      inputs: inputs({ 'changelog-file': 'CHANGELOG.md', changelog: 'x' }),
      trigger: tagPush('v1.2.3'),
    });
    expect(result.code).toBe(1);
    expect(result.errors[0]?.data).toContain('both set');
  });
});

describe('changelog-max-length', () => {
  it('cuts long notes at a line break, links the release, and says so', async () => {
    const notes = Array.from({ length: 200 }, (_, i) => `- change ${i} 🚀`).join('\n');
    github.releases.push({ tag_name: 'v1.2.3', body: notes });
    const result = await run({
      inputs: inputs({ 'changelog-max-length': '500' }),
      trigger: tagPush('v1.2.3'),
    });
    expect(result.code).toBe(0);
    const changelog: string = sent().changelog;
    expect([...changelog].length).toBeLessThanOrEqual(500);
    expect(changelog.split('\n').at(-1)).toBe(
      `(Truncated to fit the length limit. Full notes: https://github.com/${REPOSITORY}/releases/tag/v1.2.3)`,
    );
    const to = [...changelog].length;
    expect(result.stdout).toContain(`cut from ${[...notes].length} to ${to} characters`);
    expect(result.summary).toContain(`cut from ${[...notes].length} to ${to} characters`);
    // The run's log holds the whole notes, as the cut note's link to the run promises.
    expect(result.stdout).toContain('::group::Changelog before the cut');
    expect(result.stdout).toContain('- change 199 🚀');
  });

  it('refuses a cap under 200', async () => {
    const result = await run({ inputs: inputs({ 'changelog-max-length': '100' }) });
    expect(result.code).toBe(1);
    expect(result.errors[0]?.properties.title).toBe('Invalid input: changelog-max-length');
  });
});

describe('lazy GitHub client (a separate chunk)', () => {
  /** A copy of dist/ without the GitHub chunk(s): only index.js and non-JS files remain. */
  function distWithoutChunks(): string {
    const copy = join(mkdtempSync(join(tmpdir(), 'lad-nochunk-')), 'dist');
    cpSync(join(ROOT, 'dist'), copy, { recursive: true });
    const chunks = readdirSync(copy).filter((name) => /^\d+\.index\.js$/.test(name));
    expect(chunks.length).toBeGreaterThan(0);
    for (const chunk of chunks) rmSync(join(copy, chunk));
    return join(copy, 'index.js');
  }

  it('keeps Octokit out of index.js, and one undici in all of dist/*.js', () => {
    const dist = join(ROOT, 'dist');
    const scripts = readdirSync(dist).filter((name) => name.endsWith('.js'));
    const source = (name: string) => readFileSync(join(dist, name), 'utf8');
    expect(scripts.reduce((sum, name) => sum + undiciCopies(source(name)), 0)).toBe(1);
    expect(source('index.js')).not.toContain('octokit-core.js');
    const chunks = scripts.filter((name) => name !== 'index.js');
    expect(chunks.some((name) => source(name).includes('octokit-core.js'))).toBe(true);
  });

  it('a run whose inputs are refused never loads the chunk', async () => {
    const result = await run(
      { inputs: inputs({ retries: 'many' }), trigger: tagPush('v1.2.3') },
      distWithoutChunks(),
    );
    expect(result.code).toBe(1);
    expect(result.errors[0]?.properties.title).toBe('Invalid input: retries');
  });

  // @actions/github is the run's event: without its chunk the step cannot tell what to deploy.
  it("a missing chunk stops the step before any request, in the action's words", async () => {
    const result = await run({ inputs: inputs(), trigger: tagPush('v1.2.3') }, distWithoutChunks());
    expect(result.code).toBe(1);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]?.properties.title).toBe('GitHub package unavailable');
    expect(result.errors[0]?.data).toContain('@actions/github) could not be loaded (Error)');
    expect(result.stderr).toBe('');
    expect(local.emulator.requests).toEqual([]);
  });
});
