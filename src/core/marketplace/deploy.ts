import { performance } from 'node:perf_hooks';
import type { Note } from '../annotations.js';
import type { Settings } from '../inputs.js';
import type { ListingsAnswer } from '../listing.js';
import type { Resolved } from '../release/resolve.js';
import { type ListingRow, listingRow, type RunReport } from '../report.js';
import {
  describeOutcome,
  dryRunWhy,
  forListing,
  listAnswerLine,
  listDecisionLine,
  listNotRead,
  listStopped,
  notConfirmed,
  planSentences,
  readBackLine,
  stopsTheRest,
  unknownList,
  unknownListLine,
} from '../sentences.js';
import { listingsUrl, listingUrl } from '../transport/exchange.js';
import { type ListRead, walkList } from './list-walk.js';
import { confirmationOf, standingOf } from './listings.js';
import { planListing } from './plan.js';
import { needsReadBack, type ReadBack, readBackRow } from './read-back.js';
import { type Channel, Sender } from './sender.js';

export interface Step extends Channel {
  readonly settings: Settings;
  readonly resolved: Resolved;
}

function planned(step: Step, listingId: string, answer: ListingsAnswer | undefined, notes: Note[]) {
  const plan = planListing(standingOf(answer, listingId), step.resolved, step.settings);
  const said = planSentences(plan, listingId, step.settings, step.resolved);
  step.debug?.(said.debug);
  if (said.log !== undefined) step.log(said.log);
  if (said.note !== undefined) notes.push(said.note);
  return { plan, said };
}

function dryRunRows(step: Step, answer: ListingsAnswer | undefined, notes: Note[]) {
  const { baseUrl } = step.settings;
  if (answer?.kind === 'unknown') {
    notes.push(unknownList(listingsUrl(baseUrl), 'ownership was not checked.'));
  }
  return step.settings.listingIds.map((listingId) => {
    step.log(`Dry run: PATCH ${listingUrl(baseUrl, listingId)} was not sent.`);
    const { plan, said } = planned(step, listingId, answer, notes);
    if (plan.reason === 'not-owned') {
      return listingRow(listingId, { state: 'dry-run', problem: said.problem });
    }
    const why = dryRunWhy(plan, said, step.settings.words);
    return listingRow(listingId, { state: 'dry-run', why, previousVersion: plan.previousVersion });
  });
}

async function updateRows(sender: Sender, step: Step, list: ListRead | undefined, notes: Note[]) {
  const answer = list?.answer;
  const { settings, resolved } = step;
  const several = settings.listingIds.length > 1;
  const body = JSON.stringify({ version: resolved.version, changelog: resolved.changelog });
  if (answer?.kind === 'unknown' && settings.skipUnchanged) {
    notes.push(unknownList(listingsUrl(settings.baseUrl), 'every listing is updated.'));
  }
  if (answer?.kind === 'unknown' && settings.ifOlder === 'skip') {
    step.log(unknownListLine(listingsUrl(settings.baseUrl)));
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
    const { plan, said } = planned(step, listingId, answer, notes);
    const { previousVersion } = plan;
    if (plan.action !== 'send') {
      const over =
        plan.action === 'skip' ? { state: 'skipped' as const } : { problem: said.problem };
      rows.push(listingRow(listingId, { ...over, why: said.why, previousVersion }));
      continue;
    }
    const started = performance.now();
    const url = listingUrl(settings.baseUrl, listingId);
    const outcome = await sender.send('PATCH', url, body);
    const problem = describeOutcome(outcome, sender.target(url, listingId));
    const { confirmed, shown } = confirmationOf(outcome, resolved.version);
    if (confirmed === false) notes.push(notConfirmed(listingId, shown, resolved.version));
    rows.push(
      listingRow(listingId, {
        state: 'sent',
        outcome,
        problem: problem && forListing(problem, listingId, several),
        previousVersion,
        elapsedMs: performance.now() - started,
        confirmed: problem === undefined ? confirmed : null,
        shownVersion: shown ?? null,
      }),
    );
    stopped = stopsTheRest(outcome, listingId);
    askedToWaitMs = outcome.tooLongMs ?? askedToWaitMs;
  }
  return readBack(sender, step, rows, askedToWaitMs, notes);
}

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
      ? await walkList(sender, { wanted, retries: Math.min(settings.retries, 1) })
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

// A list that cannot be read stops the step only on a 401 or when a check needs it: list
// endpoints are often limited harder than updates.
async function readList(sender: Sender, step: Step, notes: Note[]) {
  const { settings } = step;
  const ids = settings.listingIds.map((id) => JSON.stringify(id)).join(', ');
  const read = await walkList(sender, { wanted: settings.listingIds, which: `listing ${ids}` });
  const { problem, outcome, pages } = read;
  if (problem === undefined) return { read };
  if (outcome.last.status === 401 || settings.dryRun) return { read, stop: problem };
  if (settings.skipUnchanged || settings.ifOlder === 'fail') {
    return { read, stop: listStopped(problem, read, settings) };
  }
  const notRead = listNotRead(problem, pages);
  step.log(notRead.log);
  notes.push(notRead.note);
  return { read };
}

export async function deployAll(
  step: Step,
): Promise<Pick<RunReport, 'list' | 'rows' | 'notes' | 'problem' | 'readBack'>> {
  const sender = new Sender(step);
  const { settings } = step;
  const notes: Note[] = [];
  const sendsList = settings.dryRun || settings.skipUnchanged || settings.ifOlder !== 'deploy';
  step.debug?.(listDecisionLine(settings, sendsList));
  const read = sendsList ? await readList(sender, step, notes) : undefined;
  const list = read?.read.outcome;
  if (read?.stop !== undefined) {
    const why = `the list of listings could not be read: ${read.stop.title}`;
    const rows = settings.listingIds.map((listingId) => listingRow(listingId, { why }));
    return { list, rows, notes, problem: read.stop };
  }
  const answer = read?.read.answer;
  if (answer !== undefined) step.debug?.(listAnswerLine(answer));
  if (settings.dryRun) {
    return { list, problem: undefined, rows: dryRunRows(step, answer, notes), notes };
  }
  const updated = await updateRows(sender, step, read?.read, notes);
  return { list, problem: undefined, ...updated, notes };
}

export async function readAllListings(channel: Channel) {
  const read = await walkList(new Sender(channel), {});
  return { list: read.outcome, problem: read.problem, answer: read.answer };
}
