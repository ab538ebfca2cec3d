// The committed bundle on every official example payload of the events a release workflow runs on
// (`push`, every `release` activity, `workflow_dispatch`, as GitHub documents them), with and
// without `strip-tag-prefix: v`, the fake GitHub API answering with GitHub's own release example.
// SPEC 3, 7.1 and 7.7: what is sent (or that nothing is), the GitHub calls, the outputs, no secret.
import { beforeAll, describe, expect, it } from 'vitest';
import { Emulator, KEYS, type RecordedRequest } from '../support/emulator.js';
import { FAKE_TOKEN, GitHubApi, type GitHubRequest } from '../support/github-api.js';
import {
  officialRelease,
  releaseActivities,
  triggerOf,
  webhookExamples,
} from '../support/github-examples.js';
import { leakedFragments, type RunResult, runAction, type Trigger } from '../support/runner.js';

type Json = Record<string, unknown>;

/** What a run must do, written out per example (not derived from the action's rule). */
type Expected =
  | { kind: 'ignored'; what: string }
  | { kind: 'sent'; version: string; changelog: string; github: string[] }
  | { kind: 'no-version' };

interface Case {
  name: string;
  trigger: Trigger;
  /** Version and GitHub calls with `strip-tag-prefix` '' and 'v'. */
  expect: (prefix: string) => Expected;
}

const LISTINGS = ['asset-1', 'asset-2'];
const DEFAULT_SHA = '9fceb02d0ae598e95dc970b74767f19372d61af8';
const RELEASE = officialRelease();
const NOTES = String(RELEASE.body);

const sent =
  (version: string, changelog: string, github: string[] = []) =>
  (): Expected => ({ kind: 'sent', version, changelog, github });
const ignored = (what: string) => (): Expected => ({ kind: 'ignored', what });
/** `v1.0.0`, or `1.0.0` with the prefix stripped. */
const stripped = (tag: string, prefix: string) =>
  prefix !== '' && tag.startsWith(prefix) ? tag.slice(prefix.length) : tag;

const release = webhookExamples('release');
const push = webhookExamples('push');
const dispatch = webhookExamples('workflow_dispatch');

/** Every official example, each with what it must do. */
function officialCases(): Case[] {
  const cases: Case[] = [];
  release.forEach((payload, index) => {
    const action = String(payload.action);
    cases.push({
      name: `release ${action} #${index}`,
      trigger: triggerOf('release', payload),
      // The examples' release is 0.0.1 with empty or null notes: the generated text is sent.
      expect:
        action === 'deleted' ? ignored('Release 0.0.1 was deleted') : sent('0.0.1', 'generated'),
    });
  });
  push.forEach((payload, index) => {
    const ref = String(payload.ref);
    let expected: Case['expect'];
    if (payload.deleted === true) expected = ignored('Tag simple-tag was deleted');
    else if (ref === 'refs/heads/master') expected = () => ({ kind: 'no-version' });
    else {
      // A tag with no release on GitHub: one lookup, a 404, the generated text.
      const lookup = ['/repos/Codertocat/Hello-World/releases/tags/simple-tag'];
      expected = sent('simple-tag', 'generated', lookup);
    }
    cases.push({
      name: `push ${ref} deleted=${payload.deleted} #${index}`,
      trigger: triggerOf('push', payload),
      expect: expected,
    });
  });
  dispatch.forEach((payload, index) => {
    cases.push({
      name: `workflow_dispatch ${String(payload.ref)} #${index}`,
      trigger: triggerOf('workflow_dispatch', payload),
      // From a branch: the latest release, GitHub's example v1.0.0 and its notes.
      expect: (prefix) => ({
        kind: 'sent',
        version: stripped('v1.0.0', prefix),
        changelog: NOTES,
        github: ['/repos/octo-org/octo-repo/releases/latest'],
      }),
    });
  });
  return cases;
}

/**
 * Official examples changed in one field, for what the package has no example of: the
 * `unpublished` activity, a draft, notes, a `v` tag, a deleted branch.
 */
function derivedCases(): Case[] {
  const published = release.find(
    (payload) => payload.action === 'published' && payload.release !== undefined,
  ) as Json;
  const created = release.find((payload) => payload.action === 'created') as Json;
  const edited = release.find((payload) => payload.action === 'edited') as Json;
  const withRelease = (payload: Json, over: Json, action = String(payload.action)) => ({
    ...payload,
    action,
    release: { ...(payload.release as Json), ...over },
  });
  const tagPush = push.find(
    (payload) => payload.deleted === false && String(payload.ref).startsWith('refs/tags/'),
  ) as Json;
  const tagDeleted = push.find((payload) => payload.deleted === true) as Json;
  return [
    {
      name: 'release unpublished (the published example, unpublished)',
      trigger: triggerOf('release', withRelease(published, {}, 'unpublished')),
      expect: ignored('Release 0.0.1 was unpublished'),
    },
    {
      name: 'release created as a draft',
      trigger: triggerOf('release', withRelease(created, { draft: true })),
      expect: ignored('Release 0.0.1 is a draft'),
    },
    {
      name: 'release edited, still a draft',
      trigger: triggerOf('release', withRelease(edited, { draft: true, body: 'Draft notes' })),
      expect: ignored('Release 0.0.1 is a draft'),
    },
    {
      name: 'release edited: the fixed notes are sent',
      trigger: triggerOf(
        'release',
        withRelease(edited, { tag_name: 'v2.0.1', body: 'Fixed notes.\n' }),
      ),
      expect: (prefix) => sent(stripped('v2.0.1', prefix), 'Fixed notes.\n')(),
    },
    {
      name: 'release published with a v tag and notes',
      trigger: triggerOf(
        'release',
        withRelease(published, { tag_name: 'v1.0.0', body: NOTES, name: null }),
      ),
      expect: (prefix) => sent(stripped('v1.0.0', prefix), NOTES)(),
    },
    {
      name: "push of the release's tag: its notes from GitHub",
      trigger: triggerOf('push', { ...tagPush, ref: 'refs/tags/v1.0.0', base_ref: null }),
      expect: (prefix) =>
        sent(stripped('v1.0.0', prefix), NOTES, [
          '/repos/Codertocat/Hello-World/releases/tags/v1.0.0',
        ])(),
    },
    {
      name: 'push deleting a branch',
      trigger: triggerOf('push', { ...tagDeleted, ref: 'refs/heads/feature/x' }),
      expect: ignored('Branch feature/x was deleted'),
    },
  ];
}

interface Run {
  result: RunResult;
  marketplace: RecordedRequest[];
  github: GitHubRequest[];
  sha: string;
  repository: string;
}

/** One run with its own marketplace and GitHub API, so that every request is its own. */
async function runCase(trigger: Trigger, prefix: string): Promise<Run> {
  const emulator = new Emulator();
  // Older than GitHub's example release (0.0.1), so the order check (SPEC 7.8) lets it through.
  for (const id of LISTINGS) {
    emulator.listings.set(id, { owner: 'creator', version: '0.0.0', changelog: '' });
  }
  const github = new GitHubApi([officialRelease() as { tag_name: string; body: string }]);
  const [base, githubApiUrl] = await Promise.all([emulator.start(), github.start()]);
  const payload = trigger.payload as Json;
  // What the runner sets from the event: the repository, and a push's commit.
  const repository = String((payload.repository as Json | undefined)?.full_name);
  const sha = trigger.eventName === 'push' ? String(payload.after) : DEFAULT_SHA;
  try {
    const result = await runAction({
      inputs: {
        'listing-id': LISTINGS.join('\n'),
        'api-key': KEYS.creator,
        'base-url': base,
        'strip-tag-prefix': prefix,
      },
      trigger,
      githubApiUrl,
      env: { GITHUB_REPOSITORY: repository, GITHUB_SHA: sha },
    });
    return {
      result,
      marketplace: [...emulator.requests],
      github: [...github.requests],
      sha,
      repository,
    };
  } finally {
    await Promise.all([emulator.stop(), github.stop()]);
  }
}

/** Runs every case in batches: each run is its own process, so two cores serve several at once. */
async function inBatches<T, R>(
  items: T[],
  size: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += size) {
    results.push(...(await Promise.all(items.slice(i, i + size).map(work))));
  }
  return results;
}

const CASES = [...officialCases(), ...derivedCases()];
const PREFIXES = ['', 'v'];
const TABLE = CASES.flatMap((c) => PREFIXES.map((prefix) => ({ ...c, prefix })));
const runs = new Map<string, Run>();
const key = (name: string, prefix: string) => `${name} / strip '${prefix}'`;

beforeAll(async () => {
  const done = await inBatches(TABLE, 6, (c) => runCase(c.trigger, c.prefix));
  for (const [i, c] of TABLE.entries()) runs.set(key(c.name, c.prefix), done[i] as Run);
}, 120_000);

describe('the official examples are what the table assumes', () => {
  it('every documented release activity but unpublished has an example; their release is 0.0.1 without notes', () => {
    const activities = new Set(release.map((payload) => payload.action));
    expect(releaseActivities().filter((action) => !activities.has(action))).toEqual([
      'unpublished',
    ]);
    for (const payload of release) {
      const r = payload.release as Json;
      expect(r.tag_name).toBe('0.0.1');
      expect(r.draft).toBe(false);
      expect(['', null]).toContain(r.body);
    }
    // Null fields, as GitHub sends them, are among the examples.
    expect(release.some((payload) => (payload.release as Json).body === null)).toBe(true);
    expect(release.some((payload) => (payload.release as Json).name === null)).toBe(true);
    expect(push.some((payload) => payload.head_commit === null)).toBe(true);
  });

  it('the push examples: a tag pushed, tags deleted, branch pushes', () => {
    expect(push.map((payload) => `${payload.ref} ${payload.deleted}`).sort()).toEqual([
      'refs/heads/master false',
      'refs/heads/master false',
      'refs/tags/simple-tag false',
      'refs/tags/simple-tag true',
      'refs/tags/simple-tag true',
      'refs/tags/simple-tag true',
      'refs/tags/simple-tag true',
    ]);
    expect(dispatch.map((payload) => payload.ref)).toEqual([
      'refs/heads/main',
      'refs/heads/master',
    ]);
    expect(RELEASE.tag_name).toBe('v1.0.0');
  });
});

const ANNOTATIONS = new Set(['error', 'warning', 'notice']);
const ALLOWED = new Set(['add-mask', 'group', 'endgroup', 'notice', 'error']);

describe.each(TABLE)('$name, strip-tag-prefix "$prefix"', (c) => {
  const get = () => runs.get(key(c.name, c.prefix)) as Run;
  const expected = c.expect(c.prefix);

  it('leaks no part of the key or the token, and writes only its own commands', () => {
    const { result } = get();
    expect(leakedFragments(result, KEYS.creator)).toEqual([]);
    expect(leakedFragments(result, FAKE_TOKEN)).toEqual([]);
    for (const command of result.commands) expect(ALLOWED).toContain(command.command);
    expect(result.stderr).toBe('');
  });

  if (expected.kind === 'ignored') {
    it(`sends nothing, calls no GitHub API, succeeds, and says why: ${expected.what}`, () => {
      const { result, marketplace, github } = get();
      const message = `${expected.what}: nothing was sent.`;
      expect(result.code).toBe(0);
      expect(marketplace).toEqual([]);
      expect(github).toEqual([]);
      expect(result.errors).toEqual([
        { command: 'notice', properties: { title: 'Nothing to deploy' }, data: message },
      ]);
      expect(result.stdout).toContain(`${message} Event: ${c.trigger.eventName}`);
      expect(result.summary).toContain(message);
      expect(result.summary).toContain('Nothing sent');
      expect(result.outputs).toMatchObject({
        version: '',
        changelog: '',
        status: '',
        attempts: '0',
        updated: 'false',
        skipped: LISTINGS.join('\n'),
        'listing-id': LISTINGS.join('\n'),
      });
      const results = JSON.parse(result.outputs.results ?? '') as Json[];
      expect(results.map((r) => r['listing-id'])).toEqual(LISTINGS);
      for (const entry of results) {
        expect(entry).toMatchObject({
          skipped: true,
          attempts: 0,
          status: null,
          error: null,
          updated: false,
        });
      }
    });
  } else if (expected.kind === 'no-version') {
    it('a branch push without `version`: fails before any request, as before', () => {
      const { result, marketplace, github } = get();
      expect(result.code).toBe(1);
      expect(marketplace).toEqual([]);
      expect(github).toEqual([]);
      expect(result.errors.map((e) => e.properties.title)).toEqual(['No version to deploy']);
      expect(result.outputs.updated).toBe('false');
    });
  } else {
    it(`sends version ${expected.version} and its changelog to every listing, with the GitHub calls expected`, () => {
      const { result, marketplace, github, sha, repository } = get();
      const changelog =
        expected.changelog === 'generated'
          ? `Automated deployment of version ${expected.version} of ${repository} at commit ` +
            `${sha.slice(0, 7)}.\nWorkflow run: https://github.com/${repository}/actions/runs/4242`
          : expected.changelog;
      expect(result.code).toBe(0);
      const patches = marketplace.filter((r) => r.method === 'PATCH');
      expect(patches.map((r) => r.path)).toEqual(LISTINGS.map((id) => `/v1/listings/${id}`));
      for (const patch of patches) {
        expect(JSON.parse(patch.body)).toEqual({ version: expected.version, changelog });
      }
      expect(github.map((r) => `${r.method} ${r.path}`)).toEqual(
        expected.github.map((path) => `GET ${path}`),
      );
      for (const request of github) expect(request.authorization).toBe(`token ${FAKE_TOKEN}`);
      expect(result.errors.filter((e) => ANNOTATIONS.has(e.command))).toEqual([]);
      expect(result.outputs).toMatchObject({
        version: expected.version,
        changelog,
        updated: 'true',
        skipped: '',
        status: '200',
      });
      const results = JSON.parse(result.outputs.results ?? '') as Json[];
      for (const entry of results) {
        expect(entry).toMatchObject({ updated: true, skipped: false, status: 200, error: null });
      }
    });
  }
});

describe('an event that deploys nothing, whatever the inputs', () => {
  const deleted = triggerOf(
    'release',
    release.find((payload) => payload.action === 'deleted') as Json,
  );

  it('sends nothing with `version`, `changelog`, `dry-run` and `skip-unchanged` given', async () => {
    const emulator = new Emulator();
    const base = await emulator.start();
    try {
      const result = await runAction({
        inputs: {
          'listing-id': 'asset-1',
          'api-key': KEYS.creator,
          'base-url': base,
          version: '9.9.9',
          changelog: 'Notes',
          'dry-run': 'true',
          'skip-unchanged': 'true',
        },
        trigger: deleted,
      });
      expect(result.code).toBe(0);
      expect(emulator.requests).toEqual([]);
      expect(result.errors.map((e) => e.data)).toEqual([
        'Release 0.0.1 was deleted: nothing was sent.',
      ]);
      expect(result.outputs).toMatchObject({ version: '', updated: 'false', skipped: 'asset-1' });
      expect(leakedFragments(result, KEYS.creator)).toEqual([]);
    } finally {
      await emulator.stop();
    }
  });

  it('still checks the inputs: a broken set-up fails before the event is read', async () => {
    const result = await runAction({
      inputs: { 'listing-id': 'asset-1', 'api-key': KEYS.creator, 'base-url': 'ftp://example.com' },
      trigger: deleted,
    });
    expect(result.code).toBe(1);
    expect(result.errors.map((e) => e.properties.title)).toEqual(['Invalid input: base-url']);
    expect(leakedFragments(result, KEYS.creator)).toEqual([]);
  });
});

describe('a plain `on: release` (README)', () => {
  it('publishing one release fires created, published and released: with `skip-unchanged`, only the first sends', async () => {
    const emulator = new Emulator();
    const base = await emulator.start();
    try {
      const activities = ['created', 'published', 'released'];
      const results: RunResult[] = [];
      for (const action of activities) {
        const payload = release.find((p) => p.action === action) as Json;
        const notes = { ...(payload.release as Json), tag_name: 'v1.4.0', body: 'New shaders.' };
        results.push(
          await runAction({
            inputs: {
              'listing-id': 'asset-1',
              'api-key': KEYS.creator,
              'base-url': base,
              'strip-tag-prefix': 'v',
              'skip-unchanged': 'true',
            },
            trigger: triggerOf('release', { ...payload, release: notes }),
          }),
        );
      }
      expect(results.map((r) => r.code)).toEqual([0, 0, 0]);
      expect(emulator.requests.map((r) => r.method)).toEqual(['GET', 'PATCH', 'GET', 'GET']);
      expect(results.map((r) => r.outputs.skipped)).toEqual(['', 'asset-1', 'asset-1']);
      expect(emulator.listings.get('asset-1')).toMatchObject({
        version: '1.4.0',
        changelog: 'New shaders.',
      });
      for (const r of results) expect(leakedFragments(r, KEYS.creator)).toEqual([]);
    } finally {
      await emulator.stop();
    }
  });
});
