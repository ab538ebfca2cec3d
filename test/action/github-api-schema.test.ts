// The fake GitHub API of the tests answers as GitHub does: its 200 and 404 answers of the two
// release routes are checked against GitHub's own OpenAPI document (the committed excerpt of it),
// so the fake cannot drift.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { excerpt } from '../../scripts/github-openapi-excerpt.ts';
import { FAKE_TOKEN, GitHubApi, REPOSITORY } from '../support/github-api.js';
import { githubOpenApi, officialRelease, RELEASE_ROUTES } from '../support/github-examples.js';
import { answerSchema, schemaProblems } from '../support/openapi-schema.js';

const spec = githubOpenApi();

/** The official example, as tests spoil it. */
interface Example extends Record<string, unknown> {
  author: Record<string, unknown>;
  assets: [Record<string, unknown>];
}

const api = new GitHubApi([
  { tag_name: 'v1.2.3', body: 'Fixed the shader.' },
  { tag_name: 'v1.3.0-rc.1', body: null, prerelease: true },
  { tag_name: 'feature/x', body: '' },
]);
let base: string;

beforeAll(async () => {
  base = await api.start();
});
afterAll(() => api.stop());

async function get(path: string): Promise<{ status: number; type: string; json: unknown }> {
  const answer = await fetch(`${base}/repos/${REPOSITORY}${path}`, {
    headers: { authorization: `token ${FAKE_TOKEN}` },
  });
  return {
    status: answer.status,
    type: answer.headers.get('content-type') ?? '',
    json: await answer.json(),
  };
}

describe("the excerpt of GitHub's OpenAPI document", () => {
  const { 'x-excerpt-of': source, ...cut } = spec as unknown as Record<string, unknown>;

  it('records where it was cut from and how', () => {
    expect(source).toEqual({
      package: '@octokit/openapi',
      version: expect.stringMatching(/^\d+\.\d+\.\d+$/),
      file: 'generated/api.github.com.json',
      cut: expect.stringContaining('responses 200 and 404'),
      script: 'scripts/github-openapi-excerpt.ts',
    });
  });

  it('holds the two routes and every component they reference: cutting it again changes nothing', () => {
    expect(Object.keys(spec.paths)).toEqual([...RELEASE_ROUTES]);
    expect(excerpt(cut as Parameters<typeof excerpt>[0])).toEqual(cut);
  });

  it('refuses a reference to a component the document lacks', () => {
    const paths = {
      [RELEASE_ROUTES[0]]: {
        get: { responses: { '200': { $ref: '#/components/responses/gone' } } },
      },
    };
    expect(() => excerpt({ paths, components: {} })).toThrow(
      'unknown $ref #/components/responses/gone',
    );
  });

  // Only where someone installed the whole document on purpose (see the script).
  const whole = (() => {
    try {
      return createRequire(import.meta.url).resolve(
        '@octokit/openapi/generated/api.github.com.json',
      );
    } catch {
      return undefined;
    }
  })();
  it.runIf(whole !== undefined)('is what the script cuts from the installed package', () => {
    expect(excerpt(JSON.parse(readFileSync(whole ?? '', 'utf8')))).toEqual(cut);
  });
});

describe('the schema check itself', () => {
  const release = answerSchema(spec, RELEASE_ROUTES[0], '200');

  it("passes GitHub's own example of the release routes", () => {
    expect(schemaProblems(officialRelease(), release, spec)).toEqual([]);
  });

  type Spoil = (release: Example) => void;
  it.each<[string, Spoil, string]>([
    ['a required field missing', (r) => delete r.tag_name, '$.tag_name'],
    ['a string of the wrong type', (r) => (r.tag_name = 1), '$.tag_name'],
    ['null where not nullable', (r) => (r.draft = null), '$.draft'],
    ['a nested field', (r) => (r.author.id = '1'), '$.author.id'],
    ['an array item', (r) => (r.assets[0].size = 'big'), '$.assets[0].size'],
    ['an enum value', (r) => (r.assets[0].state = 'lost'), '$.assets[0].state'],
  ])('finds %s', (_name, spoil, path) => {
    const example = officialRelease() as Example;
    spoil(example);
    const problems = schemaProblems(example, release, spec);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^${path.replace(/[$.[\]]/g, '\\$&')}: `));
  });

  it('refuses a schema keyword it does not check, rather than passing it', () => {
    expect(() => schemaProblems({}, { type: 'object', oneOf: [] }, spec)).toThrow(/oneOf/);
  });
});

describe.each(RELEASE_ROUTES)('the fake answers %s as GitHub describes it', (route) => {
  const paths = (tag: string) =>
    route.endsWith('latest') ? '/releases/latest' : `/releases/tags/${encodeURIComponent(tag)}`;

  const tags = route.endsWith('latest') ? ['v1.2.3'] : ['v1.2.3', 'feature/x'];
  it.each(tags)('200 for a release (%s): every required field, typed', async (tag) => {
    const answer = await get(paths(tag));
    expect(answer.status).toBe(200);
    expect(answer.type).toMatch(/^application\/json/);
    expect(schemaProblems(answer.json, answerSchema(spec, route, '200'), spec)).toEqual([]);
    // Every field GitHub's example has, the fake has too, with the same type.
    const example = officialRelease();
    const json = answer.json as Record<string, unknown>;
    for (const [name, value] of Object.entries(example)) {
      if (
        ['body_html', 'body_text', 'mentions_count', 'discussion_url', 'reactions'].includes(name)
      ) {
        continue; // Sent only when asked for (media types, reactions): never by the action.
      }
      expect(typeof json[name], name).toBe(typeof value);
    }
  });

  it('a release with null notes is still valid (body is nullable)', async () => {
    const answer = await get(`/releases/tags/${encodeURIComponent('v1.3.0-rc.1')}`);
    expect((answer.json as { body: unknown }).body).toBeNull();
    expect(schemaProblems(answer.json, answerSchema(spec, route, '200'), spec)).toEqual([]);
  });

  it('404 when there is none: a basic-error', async () => {
    const empty = new GitHubApi();
    const url = await empty.start();
    try {
      const path = route.endsWith('latest') ? '/releases/latest' : '/releases/tags/v9';
      const answer = await fetch(`${url}/repos/${REPOSITORY}${path}`, {
        headers: { authorization: `token ${FAKE_TOKEN}` },
      });
      expect(answer.status).toBe(404);
      const json = await answer.json();
      expect(schemaProblems(json, answerSchema(spec, route, '404'), spec)).toEqual([]);
      expect(json).toMatchObject({ message: 'Not Found' });
    } finally {
      await empty.stop();
    }
  });
});

it("the fake answers GitHub's own example with every field as given", async () => {
  const official = officialRelease();
  const fake = new GitHubApi([official as { tag_name: string; body: string }]);
  const url = await fake.start();
  try {
    const answer = await fetch(`${url}/repos/${REPOSITORY}/releases/latest`, {
      headers: { authorization: `token ${FAKE_TOKEN}` },
    });
    expect(await answer.json()).toMatchObject(official);
  } finally {
    await fake.stop();
  }
});
