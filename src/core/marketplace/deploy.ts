import type { Note, Problem } from '../annotations.js';
import type { Settings } from '../inputs.js';
import type { Finding } from '../listing.js';
import type { Resolved } from '../release/resolve.js';
import { type ListingRow, listingRow } from '../report.js';
import * as say from '../sentences.js';
import { listingsUrl, listingUrl } from '../transport/exchange.js';
import { type Outcome, succeeded } from '../transport/retry.js';
import { confirmationOf, type ListRead, standingOf, walkList } from './listings.js';
import { planListing } from './plan.js';
import { type Channel, Sender } from './sender.js';
import { sameVersionText } from './version-order.js';

export type Step = Channel & { readonly settings: Settings; readonly resolved: Resolved };

export async function deployAll(step: Step) {
  const sender = new Sender(step);
  const { settings, resolved } = step;
  const { baseUrl, dryRun, listingIds } = settings;
  const readsList = dryRun || settings.skipUnchanged || settings.ifOlder !== 'deploy';
  step.debug?.(say.listDecisionLine(settings, readsList));
  const which = `listing ${listingIds.map((id) => JSON.stringify(id)).join(', ')}`;
  const list = readsList ? await walkList(sender, { wanted: listingIds, which }) : undefined;
  const answer = list?.answer;
  const notes: Note[] = [];
  const stop = list?.problem && listStop(list, list.problem, step, notes);
  if (stop === undefined && answer !== undefined) step.debug?.(say.listAnswerLine(answer));
  const several = listingIds.length > 1;
  const body = JSON.stringify({ version: resolved.version, changelog: resolved.changelog });
  if (answer?.kind === 'unknown') {
    const listUrl = listingsUrl(baseUrl);
    // Under `if-older: fail` each listing fails instead, saying why: no notice that it is updated.
    const updates = settings.skipUnchanged && settings.ifOlder !== 'fail';
    if (dryRun || updates) notes.push(say.unknownList(listUrl, dryRun));
    if (!dryRun && settings.ifOlder === 'skip') step.log(say.unknownListLine(listUrl));
  }
  const rows: ListingRow[] = [];
  let stopped = stop && `the list of listings could not be read: ${stop.title}`;
  // A wait asked of the list's GET holds for every later GET of the step: no read-back is sent.
  let askedToWaitMs = list?.outcome.tooLongMs;
  for (const listingId of listingIds) {
    if (stopped !== undefined) {
      rows.push(listingRow(listingId, { why: stopped }));
      continue;
    }
    const url = listingUrl(baseUrl, listingId);
    if (dryRun) step.log(say.dryRunLine(url));
    const plan = planListing(standingOf(answer, listingId), resolved, settings);
    const said = say.planSentences(plan, listingId, settings, resolved);
    step.debug?.(said.debug);
    if (said.log !== undefined) step.log(said.log);
    if (said.note !== undefined) notes.push(said.note);
    const { previousVersion } = plan;
    if (dryRun || plan.action !== 'send') {
      const problem = !dryRun || plan.reason === 'not-owned' ? said.problem : undefined;
      const state = dryRun ? 'dry-run' : plan.action === 'skip' ? 'skipped' : 'not-attempted';
      const why = !dryRun ? said.why : problem ? '' : say.dryRunWhy(plan, said.why, settings.words);
      rows.push(listingRow(listingId, { state, why, problem, previousVersion }));
      continue;
    }
    const started = performance.now();
    const outcome = await sender.send('PATCH', url, body);
    const problem = succeeded(outcome)
      ? undefined
      : say.describeOutcome(outcome, sender.target(url, listingId));
    const { confirmed, shown } = confirmationOf(outcome, resolved.version);
    if (problem === undefined && confirmed === false)
      notes.push(say.notConfirmed(listingId, shown, resolved.version));
    rows.push(
      listingRow(listingId, {
        state: 'sent',
        outcome,
        problem: problem && say.forListing(problem, listingId, several),
        previousVersion,
        elapsedMs: performance.now() - started,
        confirmed: problem === undefined ? confirmed : null,
        shownVersion: shown ?? null,
      }),
    );
    // A refused key, or a wait asked of an update longer than is waited, stops the listings after it.
    if (outcome.last.status === 401 || outcome.tooLongMs !== undefined)
      stopped = say.stoppedAfter(outcome, listingId);
    askedToWaitMs = outcome.tooLongMs ?? askedToWaitMs;
  }
  // An update can be applied while its answer is lost (a reset, a deadline, a gateway's 5xx): such
  // a listing is read back from the list, and what the marketplace shows decides.
  const lost = rows.filter((row) => row.problem !== undefined && row.outcome?.lost !== undefined);
  const wanted = lost.map((row) => row.listingId);
  let read: ListRead | undefined;
  if (lost.length > 0) step.debug?.(say.readBackLine(wanted, askedToWaitMs));
  if (lost.length > 0 && askedToWaitMs === undefined)
    read = await walkList(sender, { wanted, retries: Math.min(settings.retries, 1) });
  for (const row of lost) {
    const { listingId } = row;
    const finding: Finding = read
      ? readBackFinding(row, read, resolved)
      : { kind: 'asked-to-wait', ms: askedToWaitMs as number };
    const target = sender.target(listingUrl(baseUrl, listingId), listingId);
    const said = say.readBackSentences(finding, row.outcome as Outcome, target, resolved.version);
    if (said.log !== undefined) step.log(said.log);
    if (said.note !== undefined) notes.push(say.forListing(said.note, listingId, several));
    const problem = said.problem && say.forListing(said.problem, listingId, several);
    rows[rows.indexOf(row)] =
      finding.kind === 'updated'
        ? { ...row, problem, readBack: 'updated', confirmed: true, shownVersion: finding.version }
        : { ...row, problem, readBack: finding.kind === 'not updated' ? finding.kind : 'unknown' };
  }
  return { list: list?.outcome, rows, notes, problem: stop, readBack: read?.outcome };
}

export function readAllListings(channel: Channel): Promise<ListRead> {
  return walkList(new Sender(channel), {});
}

// A list that cannot be read stops the step only on a 401 or when a check needs it: list
// endpoints are often limited harder than updates.
function listStop(read: ListRead, problem: Problem, { settings, log }: Step, notes: Note[]) {
  if (read.outcome.last.status === 401 || settings.dryRun) return problem;
  if (settings.skipUnchanged || settings.ifOlder === 'fail')
    return say.listStopped(problem, read, settings);
  const notRead = say.listNotRead(problem, read.pages);
  log(notRead.log);
  notes.push(notRead.note);
  return undefined;
}

function readBackFinding(row: ListingRow, read: ListRead, sent: Resolved): Finding {
  if (read.answer?.kind === 'unknown') return { kind: 'not-a-list' };
  const listing = read.answer?.listings.get(row.listingId);
  if (listing === undefined) {
    if (read.problem === undefined) return { kind: 'not-listed' };
    // A 429 is worded one way, whether it was retried or asked for a longer wait than is waited.
    if (read.outcome.last.status === 429) return { kind: 'rate-limited' };
    return { kind: 'failed', problem: read.problem };
  }
  const { version, changelog } = listing;
  if (version === undefined) return { kind: 'no-version' };
  // The version alone cannot tell this update from what was there: only a changelog shown, or an
  // earlier read at another version, can.
  const sameVersion = sameVersionText(version, sent.version);
  // A marketplace may store the changelog normalised: line endings and surrounding white space aside.
  const plain = (text: string) => text.replace(/\r\n?/g, '\n').trim();
  const otherChangelog =
    sameVersion && changelog !== undefined && plain(changelog) !== plain(sent.changelog);
  if (!sameVersion || otherChangelog) return { kind: 'not updated', version, otherChangelog };
  if (changelog !== undefined) return { kind: 'updated', version };
  const before = row.previousVersion ?? sent.version;
  if (sameVersionText(before, sent.version)) return { kind: 'version-only', version };
  return { kind: 'updated', version, before };
}
