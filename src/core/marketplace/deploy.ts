import { performance } from 'node:perf_hooks';
import type { Note, Problem } from '../annotations.js';
import type { Settings } from '../inputs.js';
import type { Resolved } from '../release/resolve.js';
import { type ListingRow, listingRow, type RunReport } from '../report.js';
import { listingsUrl, listingUrl } from '../transport/exchange.js';
import type { Outcome } from '../transport/retry.js';
import { createTransport } from '../transport/transport.js';
import { words } from '../words.js';
import {
  listAnswerLine,
  listDecisionLine,
  listingDecisionLine,
  readBackLine,
} from './debug-decisions.js';
import { decideListing, type ListingDecision } from './decide.js';
import { type ListRead, walkList } from './list-walk.js';
import { confirmationOf, type ListingsAnswer, type Standing, standingOf } from './listings.js';
import { describeOutcome, forListing, notConfirmed, unknownList } from './outcome-messages.js';
import { needsReadBack, type ReadBack, readBackRow } from './read-back.js';
import { type Channel, Sender } from './sender.js';

export interface Step extends Channel {
  readonly settings: Settings;
  readonly resolved: Resolved;
}

/** A dry run's row: the decision reported as what would happen. */
function dryRunRow(listingId: string, standing: Standing, decision: ListingDecision): ListingRow {
  if (decision.kind === 'fail' && !decision.older) {
    return listingRow(listingId, { state: 'dry-run', problem: decision.problem });
  }
  const would =
    decision.kind === 'send'
      ? 'would be updated'
      : decision.kind === 'skip'
        ? `would be skipped: ${decision.why}`
        : `would fail (${words().assign('if-older', 'fail')}): ${decision.why}`;
  const why =
    standing.kind === 'unknown'
      ? 'ownership not checked'
      : standing.kind === 'missing'
        ? 'not on the pages of the list read'
        : `owned, ${would}`;
  // Only a listed listing has a previous version.
  return listingRow(listingId, {
    state: 'dry-run',
    why,
    previousVersion: decision.previousVersion,
  });
}

/** Decides for one listing, and says so: its debug line, its log line and its note. */
function decided(step: Step, listingId: string, standing: Standing | undefined, notes: Note[]) {
  const decision = decideListing(listingId, standing, step.resolved, step.settings);
  step.debug?.(listingDecisionLine(listingId, standing, decision));
  if (decision.log !== undefined) step.log(decision.log);
  if (decision.note !== undefined) notes.push(decision.note);
  return decision;
}

/** The dry run: no PATCH; each listing checked against the list, as it would be updated. */
function dryRunRows(step: Step, answer: ListingsAnswer, notes: Note[]) {
  const { baseUrl } = step.settings;
  if (answer.kind === 'unknown') {
    notes.push(unknownList(listingsUrl(baseUrl), 'ownership was not checked.'));
  }
  return step.settings.listingIds.map((listingId) => {
    step.log(`Dry run: PATCH ${listingUrl(baseUrl, listingId)} was not sent.`);
    const standing = standingOf(answer, listingId);
    return dryRunRow(listingId, standing, decided(step, listingId, standing, notes));
  });
}

/** Why the listings after this outcome are not attempted, if they are not. */
function stopsTheRest(outcome: Outcome, listingId: string): string | undefined {
  const name = JSON.stringify(listingId);
  // Stryker disable next-line ConditionalExpression: a failure has no status
  if (outcome.last.kind === 'answer' && outcome.last.status === 401) {
    return `the API key was refused (HTTP 401) for listing ${name}`;
  }
  if (outcome.tooLongMs !== undefined) {
    return `the marketplace asked to wait ${Math.ceil(outcome.tooLongMs / 1000)} s (Retry-After) after listing ${name}`;
  }
  return undefined;
}

/**
 * Updates each listing in order, as decided from the list; a 401, or a wait asked for longer
 * than the step waits, stops the rest. Listings whose answers were lost are then read back.
 */
async function updateRows(sender: Sender, step: Step, list: ListRead | undefined, notes: Note[]) {
  const answer = list?.answer;
  const { settings, resolved } = step;
  const several = settings.listingIds.length > 1;
  const body = JSON.stringify({ version: resolved.version, changelog: resolved.changelog });
  if (answer?.kind === 'unknown' && settings.skipUnchanged) {
    notes.push(unknownList(listingsUrl(settings.baseUrl), 'every listing is updated.'));
  }
  if (answer?.kind === 'unknown' && settings.ifOlder === 'skip') {
    step.log(
      `The order of versions was not checked: the answer of GET ${listingsUrl(settings.baseUrl)} ` +
        'is not a list of listings in a shape this tool knows; every listing is updated.',
    );
  }
  const rows: ListingRow[] = [];
  let stopped: string | undefined;
  // A wait asked of the list's GET holds for every later GET of the step: no read-back is sent.
  let askedToWaitMs = list?.outcome.tooLongMs;
  for (const listingId of settings.listingIds) {
    if (stopped !== undefined) {
      rows.push(listingRow(listingId, { why: stopped }));
      continue;
    }
    const standing = answer === undefined ? undefined : standingOf(answer, listingId);
    const decision = decided(step, listingId, standing, notes);
    const { previousVersion } = decision;
    if (decision.kind !== 'send') {
      const { why } = decision;
      const skipped = decision.kind === 'skip';
      const over = skipped ? { state: 'skipped' as const } : { problem: decision.problem };
      rows.push(listingRow(listingId, { ...over, why, previousVersion }));
      continue;
    }
    const started = performance.now();
    const url = listingUrl(settings.baseUrl, listingId);
    const outcome = await sender.send('PATCH', url, body);
    // Stryker disable next-line StringLiteral: every request but the list's is worded as an update
    const problem = describeOutcome(outcome, sender.target(url, listingId, 'update'));
    const { confirmed, shown } = confirmationOf(outcome, resolved.version);
    // Stryker disable next-line ConditionalExpression: an update is unconfirmed only by a version shown
    if (confirmed === false && shown !== undefined) {
      notes.push(notConfirmed(listingId, shown, resolved.version));
    }
    rows.push(
      listingRow(listingId, {
        state: 'sent',
        outcome,
        problem: problem && forListing(problem, listingId, several),
        previousVersion,
        elapsedMs: performance.now() - started,
        // Stryker disable next-line ConditionalExpression: an answer with a problem is never confirmed either
        confirmed: problem === undefined ? confirmed : null,
        shownVersion: shown ?? null,
      }),
    );
    stopped = stopsTheRest(outcome, listingId);
    askedToWaitMs = outcome.tooLongMs ?? askedToWaitMs;
  }
  return readBack(sender, step, rows, askedToWaitMs, notes);
}

/**
 * Reads back the listings whose update failed after an answer was lost (it may have been
 * applied): one `GET /listings` for all of them, at the end, with at most one retry. None when
 * the marketplace asked this account to wait.
 */
async function readBack(
  sender: Sender,
  step: Step,
  rows: ListingRow[],
  askedToWaitMs: number | undefined,
  notes: Note[],
) {
  const { settings, resolved } = step;
  const wanted = rows.filter(needsReadBack).map((row) => row.listingId);
  if (wanted.length === 0) return { rows, readBack: undefined };
  step.debug?.(readBackLine(wanted, askedToWaitMs));
  const read: ReadBack =
    askedToWaitMs === undefined
      ? await walkList(sender, {
          wanted,
          // Stryker disable next-line StringLiteral: only the title of the read-back's problem is shown
          which: 'the listings read back',
          retries: Math.min(settings.retries, 1),
        })
      : { kind: 'asked-to-wait', ms: askedToWaitMs };
  const several = settings.listingIds.length > 1;
  const done = rows.map((before) => {
    if (!needsReadBack(before)) return before;
    const target = sender.target(listingUrl(settings.baseUrl, before.listingId), before.listingId);
    const after = readBackRow(before, read, resolved, target);
    if (after.log !== undefined) step.log(after.log);
    if (after.note !== undefined) notes.push(forListing(after.note, before.listingId, several));
    const { problem } = after.row;
    return { ...after.row, problem: problem && forListing(problem, before.listingId, several) };
  });
  return { rows: done, readBack: 'outcome' in read ? read.outcome : undefined };
}

/**
 * Whether the step sends the one `GET /listings`: the dry run, `skip-unchanged` and the order of
 * versions all read it; only `skip-unchanged: false` with `if-older: deploy` sends none.
 */
export function sendsList(settings: Settings): boolean {
  return settings.dryRun || settings.skipUnchanged || settings.ifOlder !== 'deploy';
}

/**
 * A list that could not be read stops the step when a check the user turned on needs it: the
 * message names the request that failed and the setting that made the step stop.
 */
function listStopped(problem: Problem, read: ListRead, settings: Settings): Problem {
  const { last } = read.outcome;
  const url = listingsUrl(settings.baseUrl);
  const request = read.pages === 1 ? `GET ${url}` : `Page ${read.pages} of GET ${url}`;
  const answered =
    last.kind === 'failure'
      ? `got no answer (${last.code})`
      : last.status < 300
        ? `could not be read (${problem.title})`
        : `answered HTTP ${last.status}`;
  const several =
    settings.listingIds.length > 1 ? 'no listing was updated' : 'the listing was not updated';
  const why = settings.skipUnchanged
    ? `${words().assign('skip-unchanged', 'true')} compares each listing with the list before it is sent`
    : `${words().assign('if-older', 'fail')} updates a listing only when the list shows that it does not move backwards`;
  return {
    title: problem.title,
    message: `${request} ${answered}, so ${several}: ${why}. ${problem.message}`,
  };
}

/**
 * The step's one read of the list: its answer, or why the step stops. The order check alone never
 * makes a good deploy fail, except with `if-older: fail`: only a 401 stops the step, as it would
 * every PATCH. A wait asked for longer than the step waits does not (list endpoints are often
 * limited harder than updates): the order is not checked, with a warning, and the PATCH is sent.
 */
async function readList(sender: Sender, step: Step, notes: Note[]) {
  const { settings } = step;
  const ids = settings.listingIds.map((id) => JSON.stringify(id)).join(', ');
  const read = await walkList(sender, { wanted: settings.listingIds, which: `listing ${ids}` });
  const { problem, outcome, pages } = read;
  if (problem === undefined) return { read };
  // Stryker disable next-line ConditionalExpression: a failure has no status
  const refused = outcome.last.kind === 'answer' && outcome.last.status === 401;
  if (refused || settings.dryRun) return { read, stop: problem };
  if (settings.skipUnchanged || settings.ifOlder === 'fail') {
    return { read, stop: listStopped(problem, read, settings) };
  }
  const where = pages === 1 ? 'the list of listings' : `page ${pages} of the list`;
  step.log(
    `The order of versions was not checked: ${where} could not be read (${problem.title}); ` +
      `${pages === 1 ? 'every listing is' : 'the listings not found are'} updated.`,
  );
  // The problem's own message says the cause (and names the proxy, when one was used).
  const which =
    pages === 1
      ? 'The list of listings could not be read, so the order of versions was not checked and every listing is updated.'
      : `Page ${pages} of the list of listings could not be read, so the order of versions was not checked for the listings not found on the pages before it; they are updated.`;
  const message = `${which} ${problem.message}`;
  notes.push({ level: 'warning', title: 'Order of versions not checked', message });
  return { read };
}

/** Sends through the channel's transport, or through one made for the marketplace and closed after. */
async function withSender<T>(channel: Channel, work: (sender: Sender) => Promise<T>): Promise<T> {
  const { settings, env } = channel;
  const transport =
    // Stryker disable next-line ArrayDeclaration: the transport routes an address on first use as well
    channel.transport ?? createTransport(env, [settings.baseUrl], settings.timeoutMs);
  try {
    return await work(new Sender(channel, transport));
  } finally {
    // A transport the caller made is the caller's to close (it may still serve GitHub calls).
    if (channel.transport === undefined) await transport.destroy();
  }
}

/**
 * Sends what the step needs: the one `GET /listings` when the dry run, `skip-unchanged` or
 * `if-older` asks for it, then a PATCH per listing (none on a dry run).
 */
export function deployAll(
  step: Step,
): Promise<Pick<RunReport, 'list' | 'rows' | 'notes' | 'problem' | 'readBack'>> {
  return withSender(step, async (sender) => {
    const { settings } = step;
    const notes: Note[] = [];
    step.debug?.(listDecisionLine(settings, sendsList(settings)));
    const read = sendsList(settings) ? await readList(sender, step, notes) : undefined;
    const list = read?.read.outcome;
    if (read?.stop !== undefined) {
      const why = `the list of listings could not be read: ${read.stop.title}`;
      const rows = settings.listingIds.map((listingId) => listingRow(listingId, { why }));
      return { list, rows, notes, problem: read.stop };
    }
    const answer = read?.read.answer;
    if (answer !== undefined) step.debug?.(listAnswerLine(answer));
    if (settings.dryRun) {
      // Stryker disable next-line ObjectLiteral: a dry run has read the list or stopped above
      const rows = dryRunRows(step, answer ?? { kind: 'unknown' }, notes);
      return { list, problem: undefined, rows, notes };
    }
    return {
      list,
      problem: undefined,
      ...(await updateRows(sender, step, read?.read, notes)),
      notes,
    };
  });
}

/** Reads every page of `GET {base-url}/listings` with the step's headers, retries and messages. */
export function readAllListings(channel: Channel) {
  return withSender(channel, async (sender) => {
    const read = await walkList(sender, { which: 'the listings' });
    // The pages' GETs as one (attempts summed, the last page's answer), and why a page was not read.
    return { list: read.outcome, problem: read.problem, answer: read.answer };
  });
}
