// GitHub's own examples, as octokit packages them: webhook payloads (`@octokit/webhooks-examples`,
// the examples of GitHub's "Webhook events and payloads" page) and the REST API's description
// (GitHub's OpenAPI document from `@octokit/openapi`, the excerpt of the release routes committed in
// test/fixtures, cut by scripts/github-openapi-excerpt.ts). Tests whose point is "what GitHub sends" use
// these instead of hand-written payloads. Erasable TypeScript, so that Node runs it directly.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { REPOSITORY } from './github-api.ts';
import type { Trigger } from './runner.ts';

const require = createRequire(import.meta.url);

type Json = Record<string, unknown>;

interface WebhookEvent {
  name: string;
  actions: string[];
  examples: Json[];
}

let webhooks: WebhookEvent[] | undefined;

/** The official example payloads of one webhook event, in the package's order. */
export function webhookExamples(event: 'push' | 'release' | 'workflow_dispatch'): Json[] {
  webhooks ??= require('@octokit/webhooks-examples') as WebhookEvent[];
  const found = webhooks.find((entry) => entry.name === event);
  if (found === undefined) throw new Error(`no official example of the ${event} event`);
  return structuredClone(found.examples);
}

/** The activities GitHub documents for the release event. */
export function releaseActivities(): string[] {
  webhookExamples('release');
  return [...(webhooks?.find((entry) => entry.name === 'release')?.actions ?? [])];
}

/**
 * The trigger the runner gives a step for an official payload: GITHUB_REF is the payload's ref
 * (push, workflow_dispatch) or the release's tag (release).
 */
export function triggerOf(eventName: string, payload: Json): Trigger {
  const release = payload.release as Json | undefined;
  const ref =
    eventName === 'release' ? `refs/tags/${String(release?.tag_name)}` : String(payload.ref ?? '');
  return { eventName, ref, payload };
}

/**
 * An official `release` payload of the activity, its release given this tag, notes and page (in
 * the runner's repository): what GitHub sends when the creator releases.
 */
export function releaseEvent(
  tag: string,
  body: string | null,
  action = 'published',
  over: Json = {},
): Trigger {
  const example = webhookExamples('release').find((payload) => payload.action === action) ?? {
    ...webhookExamples('release').find((payload) => payload.action === 'published'),
    action,
  };
  const html_url = `https://github.com/${REPOSITORY}/releases/tag/${tag}`;
  const release = { ...(example.release as Json), tag_name: tag, body, html_url, ...over };
  return triggerOf('release', { ...example, release });
}

/** The official `workflow_dispatch` payload, run from this ref. */
export function dispatchEvent(ref: string): Trigger {
  const [example = {}] = webhookExamples('workflow_dispatch');
  return triggerOf('workflow_dispatch', { ...example, ref });
}

export interface OpenApi {
  paths: Record<string, Record<string, { responses: Record<string, Json> }>>;
  components: {
    schemas: Record<string, Json>;
    responses: Record<string, Json>;
    examples: Record<string, { value: unknown }>;
  };
}

let openApi: OpenApi | undefined;

/**
 * GitHub's OpenAPI document of api.github.com, cut to the 200 and 404 answers of the release routes
 * and the components they reference (its source is recorded in the file, under `x-excerpt-of`).
 */
export function githubOpenApi(): OpenApi {
  const file = new URL('../fixtures/github-openapi-release-routes.json', import.meta.url);
  openApi ??= JSON.parse(readFileSync(file, 'utf8')) as OpenApi;
  return openApi;
}

/** The two routes the action reads. */
export const RELEASE_ROUTES = [
  '/repos/{owner}/{repo}/releases/latest',
  '/repos/{owner}/{repo}/releases/tags/{tag}',
] as const;

/** GitHub's own example answer of the release routes (`#/components/examples/release`). */
export function officialRelease(): Json {
  return structuredClone(githubOpenApi().components.examples.release?.value) as Json;
}
