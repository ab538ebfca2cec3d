import type { Note, Problem } from './annotations.js';
import type { Answer, AttemptResult, Failure } from './attempt.js';
import { quote } from './guard/safe-text.js';
import { serverMessage } from './guard/server-message.js';
import type { Settings } from './inputs.js';
import type { Finding, ListingPlan, ListingsAnswer, Standing, Unread, WalkEnd } from './listing.js';
import type { Resolved } from './release/resolve.js';
import { listingsUrl } from './transport/exchange.js';
import {
  classifyFailure,
  hostPort,
  type ProxyInUse,
  proxyName,
  proxyTroubleText,
} from './transport/failure.js';
import { answerLost, isRetryable, isWebPage, type Outcome } from './transport/retry.js';
import type { Words } from './words.js';

export interface Target extends Pick<Settings, 'baseUrl' | 'timeoutMs' | 'words'> {
  // For the list (GET, `request: 'list'`), the listings it is checked for.
  readonly listingId: string;
  readonly request?: 'update' | 'list';
  readonly url: string;
  readonly proxy?: ProxyInUse | undefined;
}

export type Show = (text: string) => string;

function shownText(shown: string): string {
  return /^[0-9A-Za-z.+_-]{1,64}$/.test(shown) ? shown : quote(shown.slice(0, 64));
}

function said(answer: Answer): string {
  const message = answer.message ?? serverMessage(answer.body, answer.contentType);
  return message === '' ? '' : ` The marketplace said: ${JSON.stringify(message)}`;
}

function attemptsText(count: number): string {
  return count === 1 ? '1 attempt' : `${count} attempts`;
}

function waitSeconds(ms: number): string {
  return `${Math.ceil(ms / 1000)} s`;
}

function website(words: Words): string {
  return `Check ${words.name('base-url')}: it must be the address of the API, not of the website.`;
}

function redirectTarget({ location, locationHeld }: Answer, requestUrl: string): string {
  if (locationHeld !== undefined)
    return `an address not shown here, as it contained part of ${locationHeld}`;
  if (location === '') return 'no address (the Location header was missing)';
  const url = URL.parse(location, requestUrl);
  if (url === null) return JSON.stringify(location);
  url.username = '';
  url.password = '';
  return url.href;
}

// The sentences worded apart for the list (GET) and for an update, each written whole.
function requestSentences(last: Answer, target: Target) {
  const { words, url } = target;
  const http = `HTTP ${last.status}`;
  const id = JSON.stringify(target.listingId);
  const reason = said(last) || ' It gave no reason.';
  if (target.request === 'list') {
    return {
      webPage: `The marketplace's address answered GET ${url} with a web page (${http}), not with the API's list of listings. ${website(words)}${said(last)}`,
      refusedTitle: 'Listings request refused',
      refused: `The marketplace answered GET ${url} with ${http} but refused it ("success": false or "ok": false).${said(last)}`,
      notOwnerTitle: 'Key does not own the listings',
      notOwner: `The marketplace refused to list the listings of the key's account (${http}) at ${url}: the key does not belong to the account that owns ${target.listingId}. Only the original creator of the asset may update its listing: use a key created by that account.${said(last)}`,
      notFoundTitle: 'Listings not found',
      notFound: `Nothing was found at ${url} (${http}): the marketplace's list of listings should be there. Check ${words.name('base-url')}: it must be the API root.${said(last)}`,
      rejectedTitle: `Listings request rejected (${http})`,
      rejected: `The marketplace rejected GET ${url} (${http}).${reason} Check ${words.name('base-url')}.`,
    };
  }
  return {
    webPage: `The marketplace's address answered the update of listing ${id} with a web page (${http}), not with the API's answer, so whether it was applied cannot be told from it. ${website(words)}${said(last)}`,
    refusedTitle: 'Update refused',
    refused: `The marketplace answered the update of listing ${id} with ${http} but refused it ("success": false or "ok": false).${said(last)}`,
    notOwnerTitle: 'Key does not own the listing',
    notOwner: `The API key does not belong to the account that owns listing ${id} (${http}). Only the original creator of the asset may update its listing: use a key created by that account.${said(last)}`,
    notFoundTitle: 'Listing not found',
    notFound: `Listing ${id} was not found at ${target.baseUrl} (${http}). Check ${words.name('listing-id')} and ${words.name('base-url')}.${said(last)}`,
    rejectedTitle: `Update rejected (${http})`,
    rejected: `The marketplace rejected the update (${http}).${reason} Check the version and changelog that were sent (${words.sentShown}).`,
  };
}

export function describeOutcome(outcome: Outcome, target: Target): Problem {
  const { last } = outcome;
  if (last.kind === 'failure') return describeFailure(last, outcome, target);
  const { words, url } = target;
  const { status } = last;
  const http = `HTTP ${status}`;
  const asked = requestSentences(last, target);
  if (last.refusal === 'web-page')
    return { title: 'A web page, not the API', message: asked.webPage };
  if (last.refusal === 'refused') return { title: asked.refusedTitle, message: asked.refused };
  if (status >= 300 && status < 400) {
    return {
      title: 'Redirect not followed',
      message: `The marketplace answered ${http} with a redirect to ${redirectTarget(last, url)}. It was not followed, so that the API key is never sent to another address. Set ${words.name('base-url')} to the final address of the API.`,
    };
  }
  if (status === 401) {
    return {
      title: 'API key refused',
      message: `The marketplace refused the API key (${http}): it is invalid or has been revoked. Create a key in Developer Settings on the marketplace and update ${words.keyHome}.${said(last)}`,
    };
  }
  if (status === 403) return { title: asked.notOwnerTitle, message: asked.notOwner };
  if (status === 404) return { title: asked.notFoundTitle, message: asked.notFound };
  if (outcome.tooLongMs !== undefined) {
    return {
      title: `Marketplace asked to wait (${http})`,
      message: `The marketplace answered ${http} and asked to wait ${waitSeconds(outcome.tooLongMs)} before retrying (Retry-After), more than the 60 s it waits at most; stopped after ${attemptsText(outcome.attempts)}. Try again later.${said(last)}`,
    };
  }
  if (isRetryable(last)) {
    return {
      title: status === 429 ? 'Rate limited (HTTP 429)' : `Marketplace unavailable (${http})`,
      message: `The marketplace answered ${http} after ${attemptsText(outcome.attempts)}. Try again later; raise ${words.name('retries')} if this happens often.${said(last)}`,
    };
  }
  if (status >= 500) {
    return {
      title: `Marketplace error (${http})`,
      message: `The marketplace failed with ${http}, which is not retried.${said(last)}`,
    };
  }
  return { title: asked.rejectedTitle, message: asked.rejected };
}

function describeFailure(failure: Failure, outcome: Outcome, target: Target): Problem {
  const { words, proxy } = target;
  const tried = attemptsText(outcome.attempts);
  const host = new URL(target.url).host;
  const trouble = classifyFailure(failure, proxy);
  const proxyText = proxy && proxyTroubleText(trouble, proxy, hostPort(target.url));
  if (proxyText !== undefined) {
    const message = `${proxyText.charAt(0).toUpperCase()}${proxyText.slice(1)}. Nothing was sent to the marketplace (${tried}).`;
    if (trouble.kind === 'proxy-refused')
      return { title: `Proxy refused the tunnel (HTTP ${trouble.status})`, message };
    if (trouble.kind === 'proxy-upstream') {
      return {
        title: `Proxy could not reach the marketplace (HTTP ${trouble.status})`,
        message: `${message} Try again later, or ask the proxy's administrators.`,
      };
    }
    return { title: 'Proxy unreachable', message };
  }
  if (trouble.kind === 'tls') {
    return {
      title: 'TLS certificate rejected',
      message: `The TLS certificate of ${host} was rejected (${failure.code}); nothing was sent. If the marketplace uses a private certificate authority, set the environment variable NODE_EXTRA_CA_CERTS ${words.envScope} to a PEM file holding its CA certificate.`,
    };
  }
  const via =
    proxy === undefined
      ? ''
      : ` The request went through ${proxyName(proxy)}; check that it is reachable, or exclude the host with NO_PROXY.`;
  const limit = `each attempt was limited to ${target.timeoutMs / 1000} s (${words.name('timeout-seconds')}).${via}`;
  const timedOut = trouble.kind === 'timeout';
  // "Could not reach" only for a request that never left: one that did may have been received.
  const [title, what] =
    failure.sent !== true
      ? [timedOut ? 'Marketplace timed out' : 'Marketplace unreachable', `Could not reach ${host}`]
      : timedOut
        ? ['Marketplace timed out', `Could not get an answer from ${host}`]
        : ['Connection lost', `The connection to ${host} closed before an answer came`];
  return { title, message: `${what} (${failure.code}) after ${tried}; ${limit}` };
}

function lostText(lost: AttemptResult, target: Target): string {
  if (isWebPage(lost))
    return `the marketplace's address answered with a web page (HTTP ${lost.status}), not with the API's answer, so whether the update was applied could not be confirmed from it`;
  if (lost.kind === 'answer') return `the marketplace answered HTTP ${lost.status}`;
  if (lost.code === 'ETIMEDOUT')
    return `no answer came within ${target.timeoutMs / 1000} s (${target.words.name('timeout-seconds')})`;
  return `the connection closed after the request was sent (${lost.code})`;
}

function lastText(last: AttemptResult, target: Target): string {
  if (last.kind === 'failure') return `, then an attempt could not connect (${last.code})`;
  const redirect =
    last.status >= 300 && last.status < 400
      ? ` with a redirect to ${redirectTarget(last, target.url)}, not followed`
      : '';
  return `, then an attempt was answered HTTP ${last.status}${redirect}`;
}

function unreadText(unread: Unread, listUrl: string): string {
  switch (unread.kind) {
    case 'failed':
      return `Reading it back with GET ${listUrl} failed too (${unread.problem.title})`;
    case 'rate-limited':
      return `Reading it back with GET ${listUrl} was refused for now: the marketplace limits this account's requests (HTTP 429)`;
    case 'not-listed':
      return `The list read back with GET ${listUrl} does not show it`;
    case 'no-version':
      return `The list read back with GET ${listUrl} shows no version for it`;
    case 'not-a-list':
      return `The answer of GET ${listUrl} is not a list of listings that can be read`;
    case 'version-only':
      return `The list read back with GET ${listUrl} shows version ${shownText(unread.version)}, the version sent, but no changelog, and the listing was not seen at another version before this update: the version alone cannot tell this update from what was there`;
    case 'asked-to-wait':
      return `It was not read back, as the marketplace asked to wait ${waitSeconds(unread.ms)} (Retry-After), more than the 60 s waited`;
  }
}

export function readBackSentences(
  finding: Finding,
  outcome: Outcome,
  target: Target,
  sentVersion: string,
): { readonly problem?: Problem; readonly note?: Note; readonly log?: string } {
  const name = JSON.stringify(target.listingId);
  const listUrl = listingsUrl(target.baseUrl);
  const { lost = outcome.last, last } = outcome;
  // The lost attempt is the last one whose answer was lost: when the last was, it is that one.
  const then = answerLost(last) ? '' : lastText(last, target);
  const web = isWebPage(lost) ? ` ${website(target.words)}` : '';
  const told = `The answer to the update of listing ${name} was lost: ${lostText(lost, target)}${then} (${attemptsText(outcome.attempts)}).${web}`;
  const readBack = `${told} Read back with GET ${listUrl}, the listing`;
  const lastSaid = last.kind === 'answer' ? said(last) : '';
  if (finding.kind === 'updated') {
    const { version, before } = finding;
    const proof =
      before === undefined
        ? 'and the changelog sent'
        : `and no changelog, and showed ${shownText(before)} before this update`;
    const what = before === undefined ? 'the version and changelog sent' : 'the version sent';
    return {
      note: {
        // An address that answers with a web page is worth a warning even when the update went through.
        level: isWebPage(lost) ? 'warning' : 'notice',
        title: 'Update read back',
        message: `${readBack} shows version ${shownText(version)} ${proof}: it was updated.`,
      },
      log: `Read back: listing ${name} shows ${quote(sentVersion)}, ${what}: it was updated, although its answer was lost.`,
    };
  }
  if (finding.kind === 'not updated') {
    const [other, still] = finding.otherChangelog
      ? [' with another changelog', 'still shows the version sent with another changelog']
      : ['', 'still shows another version'];
    return {
      problem: {
        title: 'Update not applied',
        message: `${readBack} still shows version ${shownText(finding.version)}${other}: the update was not applied. Running it again later is safe.${lastSaid}`,
      },
      log: `Read back: listing ${name} ${still}: the update was not applied.`,
    };
  }
  const problem = {
    title: 'Update may have been applied',
    message: `${told} ${unreadText(finding, listUrl)}. The update may have been applied: check the listing on the marketplace. Running it again is safe: the update is idempotent.${lastSaid}`,
  };
  // Nothing was read back when the marketplace asked to wait: the log claims no read-back.
  if (finding.kind === 'asked-to-wait') return { problem };
  const log =
    finding.kind === 'version-only'
      ? `Read back: listing ${name} shows the version sent but no changelog, and was not seen at another version before: the update may have been applied.`
      : `Read back: listing ${name} could not be read back; the update may have been applied.`;
  return { problem, log };
}

export function forListing<T extends Problem>(problem: T, listingId: string, several = true): T {
  if (!several) return problem;
  const named = JSON.stringify(listingId);
  return {
    ...problem,
    title: `Listing ${listingId}: ${problem.title}`,
    message: problem.message.includes(named)
      ? problem.message
      : `Listing ${named}: ${problem.message}`,
  };
}

export function unknownList(listUrl: string, dryRun: boolean): Note {
  const consequence = dryRun ? 'ownership was not checked.' : 'every listing is updated.';
  return {
    level: 'notice',
    title: 'List of listings not understood',
    message: `The answer of GET ${listUrl} is not a list of listings in a shape this tool knows (an array, or one under \`listings\`, \`data\`, \`items\` or \`results\`, entries with an \`id\`): ${consequence}`,
  };
}

// A 200 whose answer shows another version than the one sent: never a failure.
export function notConfirmed(listingId: string, shown: string, sent: string): Note {
  return {
    level: 'warning',
    title: 'Update not confirmed',
    message: `The marketplace answered 200 for ${listingId} but shows version ${shownText(shown)}, not ${sent}.`,
  };
}

function uncheckedWhy(plan: ListingPlan): string {
  if (plan.reason === 'unknown-list')
    return 'the answer of the list is not a list of listings in a shape this tool knows';
  if (plan.reason === 'unorderable')
    return `${quote(plan.unorderable ?? '')} does not read as a version (numbers separated by dots, then an optional -pre-release and +build)`;
  return plan.standing?.kind === 'missing' && plan.standing.more
    ? 'it is not on the pages of the list that were read (the log says why the others were not)'
    : 'it is not in the list of listings, read to its last page';
}

function planSaid(plan: ListingPlan, listingId: string, settings: Settings, resolved: Resolved) {
  const { words, dryRun } = settings;
  const name = JSON.stringify(listingId);
  const named = <T extends Problem>(problem: T) =>
    forListing(problem, listingId, settings.listingIds.length > 1);
  const { version } = resolved;
  const shown = plan.previousVersion ?? '';
  switch (plan.reason) {
    case 'ownership-unsure':
      return {
        note: named<Note>({
          level: 'warning',
          title: 'Ownership not confirmed',
          message: `Listing ${name} is not on the pages read of the listings this key's account owns, and the list has more pages (the log says why they were not read): its ownership was not confirmed.`,
        }),
      };
    case 'not-owned':
      return {
        problem: named({
          title: 'Listing not owned by the key',
          message: `Listing ${name} is not among the listings this key's account owns (GET ${listingsUrl(settings.baseUrl)}). Check ${words.name('listing-id')}, and use a key created by the account that owns the listing.`,
        }),
      };
    case 'current': {
      const log = `Listing ${name} is already at ${JSON.stringify(version)}: skipped.`;
      return { why: `already at ${version}`, log: dryRun ? undefined : log };
    }
    case 'older': {
      // Both read as versions, so both are made of digits, letters, dots, `-` and `+` only.
      const facts = `shows ${shown}, newer than ${version}`;
      if (plan.action === 'skip') {
        // A notice of its own, with the listing named in it.
        const message = `Listing ${listingId} ${facts}: not sent.`;
        const note: Note = { level: 'notice', title: 'Not sent: older than the listing', message };
        return { why: facts, note: dryRun ? undefined : note };
      }
      return {
        why: facts,
        problem: named({
          title: 'Older than the listing',
          message: `Listing ${name} ${facts}: nothing was sent, so that the listing does not move backwards. To roll it back on purpose, ${words.rollback}.`,
        }),
      };
    }
  }
  if (plan.action === 'fail') {
    const why = uncheckedWhy(plan);
    return {
      why: `order not checked: ${why}`,
      problem: named({
        title: 'Order of versions not checked',
        message: `Listing ${name} was not updated: the order of versions was not checked, as ${why}. With ${words.assign('if-older', 'fail')} a listing is updated only when its version is known not to move backwards; to update it anyway, ${words.rollback}.`,
      }),
    };
  }
  if (plan.reason === 'no-version')
    return { log: `Listing ${name} shows no version: the order of versions was not checked.` };
  if (plan.reason === 'unorderable') {
    return {
      log: `Listing ${name} shows ${quote(shown)}: the order of versions was not checked, as ${uncheckedWhy(plan)}.`,
    };
  }
  if (plan.reason !== 'not-listed') return {};
  const note = named<Note>({
    level: 'notice',
    title: 'Listing not in the list',
    message: `Listing ${name} is not in the list of listings this key's account owns, so whether it is current is not known: it is updated.`,
  });
  const log = `Listing ${name} is not in the list: the order of versions was not checked.`;
  return {
    log: settings.ifOlder === 'deploy' ? undefined : log,
    note: settings.skipUnchanged ? note : undefined,
  };
}

function standingText(standing: Standing | undefined): string {
  if (standing === undefined) return 'the list was not read';
  if (standing.kind === 'unknown') return 'the list could not be read as listings';
  if (standing.kind === 'missing')
    return standing.more ? 'not on the pages of the list read' : 'not in the list';
  const { version } = standing.listing;
  return version === undefined ? 'listed, with no version' : `listed at ${JSON.stringify(version)}`;
}

export function planSentences(
  plan: ListingPlan,
  listingId: string,
  settings: Settings,
  resolved: Resolved,
) {
  const said = planSaid(plan, listingId, settings, resolved);
  const done = {
    send: 'sent',
    skip: `skipped (${said.why})`,
    fail: `failed (${said.why ?? said.problem?.title})`,
  }[plan.action];
  return {
    ...said,
    debug: `Listing ${JSON.stringify(listingId)}: ${standingText(plan.standing)}; ${done}.`,
  };
}

export function dryRunLine(url: string): string {
  return `Dry run: PATCH ${url} was not sent.`;
}

export function dryRunWhy(plan: ListingPlan, why: string | undefined, words: Words): string {
  const { standing } = plan;
  if (standing?.kind === 'unknown') return 'ownership not checked';
  if (standing?.kind === 'missing') return 'not on the pages of the list read';
  if (plan.action === 'send') return 'owned, would be updated';
  if (plan.action === 'skip') return `owned, would be skipped: ${why}`;
  return `owned, would fail (${words.assign('if-older', 'fail')}): ${why}`;
}

export function listDecisionLine(settings: Settings, sent: boolean): string {
  if (!sent)
    return 'The list of listings is not read: skip-unchanged is false and if-older is deploy.';
  const why = [
    settings.dryRun && 'the dry run checks the listings against it',
    settings.skipUnchanged && 'skip-unchanged compares each listing with it',
    settings.ifOlder !== 'deploy' &&
      `if-older is ${settings.ifOlder}: the order of versions is checked`,
  ].filter((reason) => reason !== false);
  return `The list of listings is read first: ${why.join('; ')}.`;
}

export function listAnswerLine(answer: ListingsAnswer): string {
  if (answer.kind === 'unknown') return 'The list read is not in a shape this tool knows.';
  const { size } = answer.listings;
  if (answer.more) return `The list read holds ${size} listing(s), and it says more pages exist.`;
  return `The list read holds ${size} listing(s).`;
}

export function readBackLine(listingIds: readonly string[], askedToWaitMs?: number): string {
  const which = listingIds.map((id) => JSON.stringify(id)).join(', ');
  if (askedToWaitMs === undefined)
    return `Read back ${which}: an answer to an update was lost, so it may have been applied; one GET of the list, with at most one retry.`;
  return `Read back ${which}: an answer to an update was lost, so it may have been applied; no GET: the marketplace asked to wait (Retry-After).`;
}

export function stoppedAfter({ tooLongMs }: Outcome, listingId: string): string {
  const name = JSON.stringify(listingId);
  if (tooLongMs === undefined) return `the API key was refused (HTTP 401) for listing ${name}`;
  return `the marketplace asked to wait ${waitSeconds(tooLongMs)} (Retry-After) after listing ${name}`;
}

export function listStopped(
  problem: Problem,
  read: { readonly pages: number; readonly outcome: Outcome },
  settings: Settings,
): Problem {
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
    ? `${settings.words.assign('skip-unchanged', 'true')} compares each listing with the list before it is sent`
    : `${settings.words.assign('if-older', 'fail')} updates a listing only when the list shows that it does not move backwards`;
  return {
    title: problem.title,
    message: `${request} ${answered}, so ${several}: ${why}. ${problem.message}`,
  };
}

export function listNotRead(problem: Problem, pages: number): { log: string; note: Note } {
  // The problem's own message says the cause (and names the proxy, when one was used).
  const [log, which] =
    pages === 1
      ? [
          `The order of versions was not checked: the list of listings could not be read (${problem.title}); every listing is updated.`,
          'The list of listings could not be read, so the order of versions was not checked and every listing is updated.',
        ]
      : [
          `The order of versions was not checked: page ${pages} of the list could not be read (${problem.title}); the listings not found are updated.`,
          `Page ${pages} of the list of listings could not be read, so the order of versions was not checked for the listings not found on the pages before it; they are updated.`,
        ];
  const message = `${which} ${problem.message}`;
  return { log, note: { level: 'warning', title: 'Order of versions not checked', message } };
}

export function unknownListLine(listUrl: string): string {
  return `The order of versions was not checked: the answer of GET ${listUrl} is not a list of listings in a shape this tool knows; every listing is updated.`;
}

export function pageTooLarge(url: string, page: number, maxBytes: number): Problem {
  return {
    title: 'List page too large',
    message: `Page ${page} of the list of listings (GET ${url}) is larger than ${maxBytes / 1024 / 1024} MiB, the most this tool reads of a page: it was not read, so the listings on it were not checked.`,
  };
}

export function walkEndLine(end: WalkEnd, page: number, baseUrl: string): string {
  switch (end.kind) {
    case 'failed':
      return `Page ${page} of the list of listings could not be read: the listings not found are not checked.`;
    case 'not-a-list':
      return `Page ${page} of the list of listings is not a list in a shape this tool knows: the listings not found are not checked.`;
    case 'all-found':
      return `Every listing looked for was found by page ${page} of the list: the next pages are not read.`;
    case 'unnamed':
      return `The list of listings has more pages, named by a cursor or a number rather than a URL: they are not read, and the listings not found are not checked.`;
    case 'refused':
      return `The next page of the list of listings is not requested, as ${end.why}: the API key is sent only under ${baseUrl}, and the listings not found are not checked.`;
    case 'loop':
      return `Page ${page} of the list of listings names a page already read as the next one: the walk ends, and the listings not found are not checked.`;
    case 'too-many':
      return `The list of listings has more than ${page} pages: stopped after ${page}, and the listings not found are not checked.`;
  }
}

export function nextPageLine(page: number, missing: number | undefined): string {
  if (missing === undefined) return `Page ${page} of the list is read next: every listing is read.`;
  return `Page ${page} of the list is read next: ${missing} listing(s) not found yet.`;
}

export function versionFrom(resolved: Resolved, words: Words, show: Show): string {
  const tag = show(resolved.tag);
  const source = {
    input: words.source('version'),
    release: `the release event, tag ${tag}`,
    tag: `the tag ${tag}`,
    'latest-release': `the latest release ${tag} (GitHub API)`,
  }[resolved.versionSource];
  return `${show(resolved.version)} from ${source}`;
}

export function versionLine(resolved: Resolved, words: Words): string {
  return `Version ${versionFrom(resolved, words, quote)}`;
}

export function changelogFacts(resolved: Resolved, words: Words, show: Show): string {
  const { length } = [...resolved.changelog];
  const source = {
    input: words.source('changelog'),
    file: `section ${show(resolved.changelogOf ?? resolved.version)} of ${show(resolved.changelogFile ?? '')}`,
    release: 'the release notes',
    github: `release notes of ${show(resolved.changelogOf ?? resolved.tag)} (GitHub API)`,
    generated: 'generated',
  }[resolved.changelogSource];
  const cut =
    resolved.cut === undefined
      ? ''
      : `, cut from ${resolved.cut.from} to ${resolved.cut.to} characters (${words.name('changelog-max-length')})`;
  return `${length} ${length === 1 ? 'character' : 'characters'}, ${source}${cut}`;
}

export function changelogLine(resolved: Resolved, words: Words): string {
  return `Changelog: ${changelogFacts(resolved, words, quote)}`;
}
