import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { listingsUrl, listingUrl, sendOnce } from './client.js';
import { confirmationOf, notConfirmed } from './confirm.js';
import { createTransport, type Transport } from './dispatcher.js';
import {
  describeOutcome,
  forListing,
  type Note,
  notInList,
  notOnFirstPage,
  notOwned,
  type Problem,
  unknownList,
} from './errors.js';
import { guardResult } from './guard.js';
import type { Connection, Env, Settings } from './inputs.js';
import { isCurrent, type ListingsAnswer, readListings, standingOf } from './listings.js';
import { checkOrder } from './order-check.js';
import type { Resolved } from './release.js';
import { attemptLine, type ListingRow, type RunReport } from './report.js';
import { type Outcome, type RetryClock, withRetries } from './retry.js';
import type { Redact } from './secret.js';
import { assignment } from './words.js';

export interface Step {
  readonly settings: Settings;
  readonly resolved: Resolved;
  readonly env: Env;
  /** Prints one log line (redacted and command-free by the caller). */
  readonly log: (line: string) => void;
  readonly redact: Redact;
  /**
   * The step's one transport, made before its first request (the GitHub lookups share it); when
   * absent, deployAll makes one for the marketplace and closes it.
   */
  readonly transport?: Transport | undefined;
  /** The clock between retries; the real one unless a test gives another. */
  readonly clock?: RetryClock | undefined;
}

const REAL_CLOCK: RetryClock = { now: Date.now, sleep: (ms) => sleep(ms), random: Math.random };

/** What sending needs: one listing or none (the command's `listings`). */
type Channel = Pick<Step, 'env' | 'log' | 'redact' | 'transport' | 'clock'> & {
  readonly settings: Connection;
};

type Sent = Pick<RunReport, 'list' | 'rows' | 'notes' | 'problem'>;

function row(listingId: string, over: Partial<ListingRow>): ListingRow {
  return {
    listingId,
    state: 'not-attempted',
    outcome: undefined,
    problem: undefined,
    why: '',
    previousVersion: null,
    elapsedMs: 0,
    ...over,
  };
}

/** With several listings, a note's title names its listing too. */
function named(note: Note, listingId: string, several: boolean): Note {
  return several ? { ...note, title: `Listing ${listingId}: ${note.title}` } : note;
}

/** The changelog the list is compared with; none when it is generated (it names the run). */
function comparedChangelog(resolved: Resolved): string | undefined {
  return resolved.changelogSource === 'generated' ? undefined : resolved.changelog;
}

/** Sends GET and PATCH requests through the step's transport and one retry policy. */
class Sender {
  constructor(
    private readonly step: Channel,
    private readonly transport: Transport,
  ) {}

  send(method: 'GET' | 'PATCH', url: string, body?: string): Promise<Outcome> {
    const { settings, redact, log } = this.step;
    const request = { method, url, apiKey: settings.apiKey, body, timeoutMs: settings.timeoutMs };
    const dispatcher = this.transport.dispatcherFor(url);
    const via = this.transport.proxyInUse(url)?.host;
    return withRetries(
      async () => guardResult(await sendOnce(request, dispatcher), redact),
      settings.retries,
      this.step.clock ?? REAL_CLOCK,
      (result, attempt, decision) =>
        log(attemptLine(method, url, result, attempt, settings.retries + 1, decision, via)),
    );
  }

  problem(outcome: Outcome, url: string, listingId: string, request: 'update' | 'list') {
    const { settings } = this.step;
    const proxy = this.transport.proxyInUse(url);
    return describeOutcome(outcome, {
      listingId,
      baseUrl: settings.baseUrl,
      request,
      url,
      timeoutMs: settings.timeoutMs,
      proxyVariable: proxy?.variable,
      proxyHost: proxy?.host,
    });
  }
}

/** The dry run: no PATCH; each listing checked against the list (SPEC 7.4). */
function dryRunRows(step: Step, answer: ListingsAnswer, listUrl: string) {
  const { listingIds } = step.settings;
  const several = listingIds.length > 1;
  const notes: Note[] = [];
  if (answer.kind === 'unknown') notes.push(unknownList(listUrl, 'ownership was not checked.'));
  const rows = listingIds.map((listingId) => {
    step.log(`Dry run: PATCH ${listingUrl(step.settings.baseUrl, listingId)} was not sent.`);
    const standing = standingOf(answer, listingId);
    if (standing.kind === 'unknown')
      return row(listingId, { state: 'dry-run', why: 'ownership not checked' });
    // Stryker disable next-line ConditionalExpression: only a missing listing has `more`
    if (standing.kind === 'missing' && standing.more) {
      notes.push(named(notOnFirstPage(listingId), listingId, several));
      return row(listingId, { state: 'dry-run', why: 'not on the first page of the list' });
    }
    if (standing.kind === 'missing') {
      const problem = notOwned(listingId, listUrl);
      return row(listingId, {
        state: 'dry-run',
        problem: several ? forListing(problem, listingId) : problem,
      });
    }
    const previousVersion = standing.listing.version ?? null;
    const current = isCurrent(
      standing.listing,
      step.resolved.version,
      comparedChangelog(step.resolved),
    );
    if (current && step.settings.skipUnchanged) {
      return row(listingId, {
        state: 'dry-run',
        why: `owned, would be skipped: already at ${step.resolved.version}`,
        previousVersion,
      });
    }
    const order = checkOrder(listingId, standing, step.resolved.version, step.settings);
    // Stryker disable next-line ConditionalExpression: only a send has `unchecked`
    if (order.kind === 'send' && order.unchecked !== undefined) step.log(order.unchecked);
    const would =
      order.kind === 'send'
        ? 'not updated'
        : order.kind === 'skip'
          ? `would be skipped: ${order.why}`
          : `would fail (${assignment('if-older', 'fail')}): ${order.why}`;
    return row(listingId, {
      state: 'dry-run',
      why: `owned, ${would}`,
      previousVersion,
    });
  });
  return { rows, notes };
}

/**
 * Updates each listing in order; skips current ones and, by `if-older`, older ones; a 401 stops
 * the rest (SPEC 7.3, 7.5, 7.8).
 */
async function updateRows(sender: Sender, step: Step, answer: ListingsAnswer | undefined) {
  const { settings, resolved } = step;
  const several = settings.listingIds.length > 1;
  const body = JSON.stringify({ version: resolved.version, changelog: resolved.changelog });
  const notes: Note[] = [];
  if (answer?.kind === 'unknown' && settings.skipUnchanged) {
    notes.push(unknownList(listingsUrl(settings.baseUrl), 'every listing is updated.'));
  }
  if (answer?.kind === 'unknown' && settings.ifOlder !== 'deploy') {
    step.log(
      `The order of versions was not checked: the answer of GET ${listingsUrl(settings.baseUrl)} ` +
        'is not a list of listings in a shape this tool knows; every listing is updated.',
    );
  }
  const rows: ListingRow[] = [];
  let stopped: string | undefined;
  for (const listingId of settings.listingIds) {
    if (stopped !== undefined) {
      rows.push(row(listingId, { why: stopped }));
      continue;
    }
    const standing = answer === undefined ? undefined : standingOf(answer, listingId);
    const previousVersion = standing?.kind === 'listed' ? (standing.listing.version ?? null) : null;
    if (standing?.kind === 'missing' && settings.skipUnchanged) {
      notes.push(named(notInList(listingId), listingId, several));
    }
    if (
      settings.skipUnchanged &&
      // Stryker disable next-line OptionalChaining: with skip-unchanged the list answered: a standing is known
      standing?.kind === 'listed' &&
      isCurrent(standing.listing, resolved.version, comparedChangelog(resolved))
    ) {
      step.log(
        `Listing ${JSON.stringify(listingId)} is already at ${JSON.stringify(resolved.version)}: skipped.`,
      );
      rows.push(
        row(listingId, {
          state: 'skipped',
          why: `already at ${resolved.version}`,
          previousVersion,
        }),
      );
      continue;
    }
    const order = checkOrder(listingId, standing, resolved.version, settings);
    if (order.kind === 'skip') {
      notes.push(order.note);
      rows.push(row(listingId, { state: 'skipped', why: order.why, previousVersion }));
      continue;
    }
    if (order.kind === 'refuse') {
      const { problem } = order;
      rows.push(
        row(listingId, {
          problem: several ? forListing(problem, listingId) : problem,
          why: order.why,
          previousVersion,
        }),
      );
      continue;
    }
    if (order.unchecked !== undefined) step.log(order.unchecked);
    const started = performance.now();
    const url = listingUrl(settings.baseUrl, listingId);
    const outcome = await sender.send('PATCH', url, body);
    // Stryker disable next-line StringLiteral: every request but the list's is worded as an update
    const problem = sender.problem(outcome, url, listingId, 'update');
    const { confirmed, shown } = confirmationOf(outcome, resolved.version);
    // Stryker disable next-line ConditionalExpression: an update is unconfirmed only by a version shown
    if (confirmed === false && shown !== undefined) {
      notes.push(notConfirmed(listingId, shown, resolved.version));
    }
    rows.push(
      row(listingId, {
        state: 'sent',
        outcome,
        problem: problem !== undefined && several ? forListing(problem, listingId) : problem,
        previousVersion,
        elapsedMs: performance.now() - started,
        // Stryker disable next-line ConditionalExpression: an answer with a problem is never confirmed either
        confirmed: problem === undefined ? confirmed : null,
        shownVersion: shown ?? null,
      }),
    );
    // Stryker disable next-line ConditionalExpression: a failure has no status
    if (outcome.last.kind === 'answer' && outcome.last.status === 401) {
      stopped = `the API key was refused (HTTP 401) for listing ${JSON.stringify(listingId)}`;
    }
  }
  return { rows, notes };
}

/**
 * Whether the step sends the one `GET /listings` (SPEC 7.5): the dry run, `skip-unchanged` and the
 * order of versions all read it; only `skip-unchanged: false` with `if-older: deploy` sends none.
 */
export function sendsList(settings: Settings): boolean {
  return settings.dryRun || settings.skipUnchanged || settings.ifOlder !== 'deploy';
}

/**
 * Whether a failed GET fails the step. The order check alone never makes a good deploy fail
 * (SPEC 7.8), except with `if-older: fail`; a 401 always stops the step, as it would every PATCH.
 */
function listMustAnswer(settings: Settings, list: Outcome): boolean {
  // Stryker disable next-line ConditionalExpression: a failure has no status
  const refused = list.last.kind === 'answer' && list.last.status === 401;
  return refused || settings.dryRun || settings.skipUnchanged || settings.ifOlder === 'fail';
}

function orderNotChecked(problem: Problem): Note {
  return {
    level: 'warning',
    title: 'Order of versions not checked',
    message:
      `The list of listings could not be read (${problem.title}), so the order of versions was ` +
      `not checked and every listing is updated. ${problem.message}`,
  };
}

/**
 * Sends what the step needs: the one `GET /listings` when the dry run, `skip-unchanged` or
 * `if-older` asks for it, then a PATCH per listing (none on a dry run).
 */
export async function deployAll(step: Step): Promise<Sent> {
  const { settings, env } = step;
  // Stryker disable next-line ArrayDeclaration: the transport routes an address on first use as well
  const transport = step.transport ?? createTransport(env, [settings.baseUrl], settings.timeoutMs);
  const sender = new Sender(step, transport);
  try {
    let answer: ListingsAnswer | undefined;
    let list: Outcome | undefined;
    const notes: Note[] = [];
    if (sendsList(settings)) {
      const url = listingsUrl(settings.baseUrl);
      list = await sender.send('GET', url);
      const ids = settings.listingIds.map((id) => JSON.stringify(id)).join(', ');
      const problem: Problem | undefined = sender.problem(list, url, `listing ${ids}`, 'list');
      if (problem !== undefined && listMustAnswer(settings, list)) {
        const why = `the list of listings could not be read: ${problem.title}`;
        const rows = settings.listingIds.map((listingId) => row(listingId, { why }));
        return { list, rows, notes: [], problem };
      }
      if (problem !== undefined) {
        step.log(
          `The order of versions was not checked: the list of listings could not be read (${problem.title}); every listing is updated.`,
        );
        notes.push(orderNotChecked(problem));
      } else {
        // Stryker disable next-line ConditionalExpression: a list without a problem was answered
        if (list.last.kind === 'answer') answer = readListings(list.last.body, list.last.link);
      }
    }
    const sent = settings.dryRun
      ? // Stryker disable next-line ObjectLiteral,StringLiteral: a dry run has read the list or stopped above
        dryRunRows(step, answer ?? { kind: 'unknown' }, listingsUrl(settings.baseUrl))
      : await updateRows(sender, step, answer);
    return { list, problem: undefined, rows: sent.rows, notes: [...notes, ...sent.notes] };
  } finally {
    // A transport the caller made is the caller's to close (it may still serve GitHub calls).
    if (step.transport === undefined) await transport.destroy();
  }
}

/** What the one `GET {base-url}/listings` told: for the command's `listings` (SPEC 9.2). */
export interface ListingsRead {
  readonly list: Outcome;
  /** Its failure (SPEC 5's messages); undefined on a 2xx. */
  readonly problem: Problem | undefined;
  /** The answer read; undefined when the request failed. */
  readonly answer: ListingsAnswer | undefined;
}

/** Sends the one `GET {base-url}/listings` with the step's headers, retries and messages. */
export async function readAllListings(channel: Channel): Promise<ListingsRead> {
  const { settings, env } = channel;
  const transport =
    // Stryker disable next-line ArrayDeclaration: the transport routes an address on first use as well
    channel.transport ?? createTransport(env, [settings.baseUrl], settings.timeoutMs);
  try {
    const sender = new Sender(channel, transport);
    const url = listingsUrl(settings.baseUrl);
    const list = await sender.send('GET', url);
    const problem = sender.problem(list, url, 'the listings', 'list');
    const answer =
      // Stryker disable next-line ConditionalExpression: a list without a problem was answered
      problem === undefined && list.last.kind === 'answer'
        ? readListings(list.last.body, list.last.link)
        : undefined;
    return { list, problem, answer };
  } finally {
    if (channel.transport === undefined) await transport.destroy();
  }
}
