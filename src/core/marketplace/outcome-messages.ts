import type { Note, Problem } from '../annotations.js';
import type { Answer, AttemptResult, Failure } from '../attempt.js';
import { quote } from '../guard/safe-text.js';
import { serverMessage } from '../guard/server-message.js';
import {
  classifyFailure,
  hostPort,
  type ProxyInUse,
  proxyName,
  proxyTroubleText,
} from '../transport/failure.js';
import { answerLost, isRetryable, isWebPage, type Outcome } from '../transport/retry.js';
import { setting, words } from '../words.js';

export interface Target {
  /** The listing updated, or for the list (`GET /listings`) the listings it is checked for. */
  readonly listingId: string;
  readonly baseUrl: string;
  /** The update of one listing (PATCH, the default) or the list of listings (GET). */
  readonly request?: 'update' | 'list';
  readonly url: string;
  readonly timeoutMs: number;
  /** The proxy in use, if any: its variable's name and its host:port, never its credentials. */
  readonly proxy?: ProxyInUse | undefined;
}

/** A version from the server as text to print: plain when it looks like one, else quoted and cut. */
export function shownText(shown: string): string {
  return /^[0-9A-Za-z.+_-]{1,64}$/.test(shown) ? shown : quote(shown.slice(0, 64));
}

function said(answer: Answer): string {
  // The guard's message (an error's body is kept only as far as the `response` output shows it).
  const message = answer.message ?? serverMessage(answer.body, answer.contentType);
  return message === '' ? '' : ` The marketplace said: ${JSON.stringify(message)}`;
}

function attemptsText(count: number): string {
  return count === 1 ? '1 attempt' : `${count} attempts`;
}

/** The guard's notice in place of a text that held part of a secret (guard.ts). */
const WITHHELD = /^\[withheld: this text contained part of (.+)\]$/;

/**
 * Where a redirect pointed, absolute and without credentials. A withheld address is named as
 * withheld: resolving the notice against the request's URL would make up an address.
 */
export function redirectTarget(location: string, requestUrl: string): string {
  if (location === '') return 'no address (the Location header was missing)';
  const withheld = WITHHELD.exec(location)?.[1];
  if (withheld !== undefined)
    return `an address not shown here, as it contained part of ${withheld}`;
  try {
    const url = new URL(location, requestUrl);
    url.username = '';
    url.password = '';
    return url.href;
  } catch {
    return JSON.stringify(location);
  }
}

function describeAnswer(answer: Answer, outcome: Outcome, target: Target): Problem {
  const { status } = answer;
  const http = `HTTP ${status}`;
  const list = target.request === 'list';
  const id = JSON.stringify(target.listingId);
  const creator =
    'Only the original creator of the asset may update its listing: use a key created by that account.';
  if (status >= 300 && status < 400) {
    return {
      title: 'Redirect not followed',
      message:
        `The marketplace answered ${http} with a redirect to ${redirectTarget(answer.location, target.url)}. ` +
        'It was not followed, so that the API key is never sent to another address. ' +
        `Set ${setting('base-url')} to the final address of the API.`,
    };
  }
  if (status === 401) {
    return {
      title: 'API key refused',
      message:
        `The marketplace refused the API key (${http}): it is invalid or has been revoked. ` +
        `Create a key in Developer Settings on the marketplace and update ${words().keyHome}.${said(answer)}`,
    };
  }
  if (status === 403 && list) {
    return {
      title: 'Key does not own the listings',
      message:
        `The marketplace refused to list the listings of the key's account (${http}) at ${target.url}: ` +
        `the key does not belong to the account that owns ${target.listingId}. ${creator}${said(answer)}`,
    };
  }
  if (status === 403) {
    return {
      title: 'Key does not own the listing',
      message: `The API key does not belong to the account that owns listing ${id} (${http}). ${creator}${said(answer)}`,
    };
  }
  if (status === 404 && list) {
    return {
      title: 'Listings not found',
      message:
        `Nothing was found at ${target.url} (${http}): the marketplace's list of listings should be there. ` +
        `Check ${setting('base-url')}: it must be the API root.${said(answer)}`,
    };
  }
  if (status === 404) {
    return {
      title: 'Listing not found',
      message:
        `Listing ${id} was not found at ${target.baseUrl} (${http}). ` +
        `Check ${setting('listing-id')} and ${setting('base-url')}.${said(answer)}`,
    };
  }
  if (outcome.tooLongMs !== undefined) {
    return {
      title: `Marketplace asked to wait (${http})`,
      message:
        `The marketplace answered ${http} and asked to wait ${Math.ceil(outcome.tooLongMs / 1000)} s ` +
        `before retrying (Retry-After), more than the 60 s it waits at most; stopped after ` +
        `${attemptsText(outcome.attempts)}. Try again later.${said(answer)}`,
    };
  }
  if (isRetryable(answer)) {
    return {
      title: status === 429 ? 'Rate limited (HTTP 429)' : `Marketplace unavailable (${http})`,
      message:
        `The marketplace answered ${http} after ${attemptsText(outcome.attempts)}. ` +
        `Try again later; raise ${setting('retries')} if this happens often.${said(answer)}`,
    };
  }
  if (status >= 500) {
    return {
      title: `Marketplace error (${http})`,
      message: `The marketplace failed with ${http}, which is not retried.${said(answer)}`,
    };
  }
  const reason = said(answer) || ' It gave no reason.';
  if (list) {
    return {
      title: `Listings request rejected (${http})`,
      message: `The marketplace rejected GET ${target.url} (${http}).${reason} Check ${setting('base-url')}.`,
    };
  }
  return {
    title: `Update rejected (${http})`,
    message:
      `The marketplace rejected the update (${http}).${reason} ` +
      `Check the version and changelog that were sent (${words().sentShown}).`,
  };
}

function describeFailure(failure: Failure, outcome: Outcome, target: Target): Problem {
  const tried = attemptsText(outcome.attempts);
  const host = new URL(target.url).host;
  const { proxy } = target;
  const trouble = classifyFailure(failure, proxy);
  const proxyText = proxy && proxyTroubleText(trouble, proxy, hostPort(target.url));
  if (proxyText !== undefined) {
    const said = `${proxyText.charAt(0).toUpperCase()}${proxyText.slice(1)}. Nothing was sent to the marketplace (${tried}).`;
    if (trouble.kind === 'proxy-refused') {
      return { title: `Proxy refused the tunnel (HTTP ${trouble.status})`, message: said };
    }
    if (trouble.kind === 'proxy-upstream') {
      return {
        title: `Proxy could not reach the marketplace (HTTP ${trouble.status})`,
        message: `${said} Try again later, or ask the proxy's administrators.`,
      };
    }
    return { title: 'Proxy unreachable', message: said };
  }
  if (trouble.kind === 'tls') {
    return {
      title: 'TLS certificate rejected',
      message:
        `The TLS certificate of ${host} was rejected (${failure.code}); nothing was sent. ` +
        'If the marketplace uses a private certificate authority, set the environment variable ' +
        `NODE_EXTRA_CA_CERTS ${words().envScope} to a PEM file holding its CA certificate.`,
    };
  }
  const via =
    proxy === undefined
      ? ''
      : ` The request went through ${proxyName(proxy)}; check that it is reachable, or exclude the host with NO_PROXY.`;
  const limit = `each attempt was limited to ${target.timeoutMs / 1000} s (${setting('timeout-seconds')}).${via}`;
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

/** Where an address that answers with a web page is to be mended. */
const WEBSITE = () =>
  `Check ${setting('base-url')}: it must be the address of the API, not of the website.`;

/**
 * The problem with an outcome, or undefined when it succeeded: a 2xx, unless it is not an answer
 * of the API: a web page, where `base-url` reaches a website, or the marketplace's own refusal in a
 * JSON body (`"success": false`, `"ok": false`). To the list's GET either is a failed GET; neither is
 * retried, as a 2xx never is.
 */
export function describeOutcome(outcome: Outcome, target: Target): Problem | undefined {
  const { last } = outcome;
  if (last.kind === 'failure') return describeFailure(last, outcome, target);
  if (last.status < 200 || last.status >= 300) return describeAnswer(last, outcome, target);
  if (last.refusal === undefined) return undefined;
  const http = `HTTP ${last.status}`;
  const list = target.request === 'list';
  if (last.refusal === 'web-page') {
    return {
      title: 'A web page, not the API',
      message: list
        ? `The marketplace's address answered GET ${target.url} with a web page (${http}), not with the API's list of listings. ${WEBSITE()}${said(last)}`
        : `The marketplace's address answered the update of listing ${JSON.stringify(target.listingId)} with a web page (${http}), not with the API's answer, so whether it was applied cannot be told from it. ${WEBSITE()}${said(last)}`,
    };
  }
  if (list) {
    return {
      title: 'Listings request refused',
      message: `The marketplace answered GET ${target.url} with ${http} but refused it ("success": false or "ok": false).${said(last)}`,
    };
  }
  return {
    title: 'Update refused',
    message: `The marketplace answered the update of listing ${JSON.stringify(target.listingId)} with ${http} but refused it ("success": false or "ok": false).${said(last)}`,
  };
}

/** What became of an attempt whose answer was lost (retry.ts, answerLost). */
function lostText(lost: AttemptResult, target: Target): string {
  if (isWebPage(lost)) {
    return `the marketplace's address answered with a web page (HTTP ${lost.status}), not with the API's answer, so whether the update was applied could not be confirmed from it`;
  }
  if (lost.kind === 'answer') return `the marketplace answered HTTP ${lost.status}`;
  if (lost.code === 'ETIMEDOUT') {
    return `no answer came within ${target.timeoutMs / 1000} s (${setting('timeout-seconds')})`;
  }
  return `the connection closed after the request was sent (${lost.code})`;
}

/** The last attempt, when it is not the one whose answer was lost. */
function lastText(last: AttemptResult, target: Target): string {
  if (last.kind === 'failure') return `, then an attempt could not connect (${last.code})`;
  const redirect =
    last.status >= 300 && last.status < 400
      ? ` with a redirect to ${redirectTarget(last.location, target.url)}, not followed`
      : '';
  return `, then an attempt was answered HTTP ${last.status}${redirect}`;
}

/** `The answer to the update of listing "x" was lost: … (2 attempts).` */
function answerLostText({ outcome, target }: LostUpdate): string {
  const { lost = outcome.last, last } = outcome;
  // The lost attempt is the last one whose answer was lost: when the last was, it is that one.
  const then = answerLost(last) ? '' : lastText(last, target);
  const website = isWebPage(lost) ? ` ${WEBSITE()}` : '';
  return (
    `The answer to the update of listing ${JSON.stringify(target.listingId)} was lost: ` +
    `${lostText(lost, target)}${then} (${attemptsText(outcome.attempts)}).${website}`
  );
}

/** The server's message of the last attempt, when it answered. */
function lastSaid(outcome: Outcome): string {
  return outcome.last.kind === 'answer' ? said(outcome.last) : '';
}

/** An update whose answer was lost, and the list it is read back from. */
export interface LostUpdate {
  readonly outcome: Outcome;
  readonly target: Target;
  readonly listUrl: string;
}

/**
 * An update whose answer was lost, read back: the listing shows the version sent and the
 * changelog sent, or (`before`) no changelog but another version before this update.
 */
export function readBackUpdated(lost: LostUpdate, version: string, before?: string): Note {
  const proof =
    before === undefined
      ? 'and the changelog sent'
      : `and no changelog, and showed ${shownText(before)} before this update`;
  // An address that answers with a web page is worth a warning even when the update went through.
  const { lost: answer = lost.outcome.last } = lost.outcome;
  return {
    level: isWebPage(answer) ? 'warning' : 'notice',
    title: 'Update read back',
    message:
      `${answerLostText(lost)} Read back with GET ${lost.listUrl}, the listing shows ` +
      `version ${shownText(version)} ${proof}: it was updated.`,
  };
}

/**
 * An update whose answer was lost, read back: the listing still shows another version, or the
 * version sent with another changelog.
 */
export function readBackNotUpdated(
  lost: LostUpdate,
  shown: string,
  otherChangelog = false,
): Problem {
  const other = otherChangelog ? ' with another changelog' : '';
  return {
    title: 'Update not applied',
    message:
      `${answerLostText(lost)} Read back with GET ${lost.listUrl}, the listing still ` +
      `shows version ${shownText(shown)}${other}: the update was not applied. Running it again later is safe.` +
      lastSaid(lost.outcome),
  };
}

/** Why an update whose answer was lost could not be read back. */
export type Unread =
  | { readonly kind: 'failed'; readonly problem: Problem }
  /** A 429, whatever `retries` and Retry-After made of it: one wording. */
  | { readonly kind: 'rate-limited' }
  | { readonly kind: 'asked-to-wait'; readonly ms: number }
  | { readonly kind: 'not-listed' | 'no-version' | 'not-a-list' }
  /** The version sent, no changelog, and no earlier read at another version. */
  | { readonly kind: 'version-only'; readonly version: string };

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
      return (
        `The list read back with GET ${listUrl} shows version ${shownText(unread.version)}, the ` +
        'version sent, but no changelog, and the listing was not seen at another version before ' +
        'this update: the version alone cannot tell this update from what was there'
      );
    case 'asked-to-wait':
      return (
        `It was not read back, as the marketplace asked to wait ${Math.ceil(unread.ms / 1000)} s ` +
        '(Retry-After), more than the 60 s waited'
      );
  }
}

/** An update whose answer was lost and that could not be read back. */
export function mayHaveBeenApplied(lost: LostUpdate, unread: Unread): Problem {
  return {
    title: 'Update may have been applied',
    message:
      `${answerLostText(lost)} ${unreadText(unread, lost.listUrl)}. The update may have ` +
      'been applied: check the listing on the marketplace. Running it again is safe: the update ' +
      'is idempotent.' +
      lastSaid(lost.outcome),
  };
}

/** With several listings, the title and message of a problem or a note name their listing. */
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

export function unknownList(listUrl: string, consequence: string): Note {
  return {
    level: 'notice',
    title: 'List of listings not understood',
    message:
      `The answer of GET ${listUrl} is not a list of listings in a shape this tool knows ` +
      `(an array, or one under \`listings\`, \`data\`, \`items\` or \`results\`, entries with an \`id\`): ${consequence}`,
  };
}

/** A 200 whose answer shows another version than the one sent: never a failure. */
export function notConfirmed(listingId: string, shown: string, sent: string): Note {
  return {
    level: 'warning',
    title: 'Update not confirmed',
    message: `The marketplace answered 200 for ${listingId} but shows version ${shownText(shown)}, not ${sent}.`,
  };
}
