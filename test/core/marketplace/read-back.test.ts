// Which listings are read back, and what the read-back makes of each: pure, table-driven.

import { describe, expect, it } from 'vitest';
import { ACTION_WORDS } from '../../../src/action/words.js';
import type { Note, Problem } from '../../../src/core/annotations.js';
import type { Answer, AttemptResult, Failure } from '../../../src/core/attempt.js';
import type { Finding, Unread } from '../../../src/core/listing.js';
import { needsReadBack, type ReadBack, readBackRow } from '../../../src/core/marketplace/deploy.js';
import { readListings } from '../../../src/core/marketplace/listings.js';
import { type ListingRow, results, rowCells } from '../../../src/core/report.js';
import { readBackSentences, type Target } from '../../../src/core/sentences.js';
import type { Outcome } from '../../../src/core/transport/retry.js';

// The result a row shows in the listings' table.
const rowResult = (row: ListingRow) => rowCells(row, (code) => code)[0];

const answer = (status: number, body = '', over: Partial<Answer> = {}): Answer => ({
  kind: 'answer',
  status,
  location: '',
  retryAfter: '',
  contentType: 'application/json',
  link: '',
  body,
  cut: false,
  ms: 3,
  ...over,
});
const reset: Failure = { kind: 'failure', code: 'ECONNRESET', sent: true, ms: 2 };
const refused: Failure = { kind: 'failure', code: 'ECONNREFUSED', ms: 2 };
const hang: Failure = { kind: 'failure', code: 'ETIMEDOUT', sent: true, ms: 2 };

const target: Target = {
  listingId: 'asset-1',
  baseUrl: 'https://api.example.com/v1',
  url: 'https://api.example.com/v1/listings/asset-1',
  timeoutMs: 30_000,
  words: ACTION_WORDS,
};
const LIST = 'https://api.example.com/v1/listings';

// What the read-back says of one finding, through the function that says it.
type LostUpdate = { readonly outcome: Outcome; readonly target: Target };
const said = (finding: Finding, { outcome, target }: LostUpdate) =>
  readBackSentences(finding, outcome, target, '2.0.0');
const readBackUpdated = (update: LostUpdate, version: string, before?: string) =>
  said({ kind: 'updated', version, before }, update).note as Note;
const readBackNotUpdated = (update: LostUpdate, version: string, otherChangelog = false) =>
  said({ kind: 'not updated', version, otherChangelog }, update).problem as Problem;
const mayHaveBeenApplied = (update: LostUpdate, unread: Unread) =>
  said(unread, update).problem as Problem;
const FAILED = { title: 'Update rejected (HTTP 409)', message: 'rejected' };

const lost = (last: AttemptResult, lostOne: AttemptResult | undefined, attempts = 2): Outcome =>
  lostOne === undefined ? { last, attempts } : { last, attempts, lost: lostOne };

const row = (over: Partial<ListingRow> = {}): ListingRow => ({
  listingId: 'asset-1',
  state: 'sent',
  outcome: lost(answer(409), reset),
  problem: FAILED,
  why: '',
  previousVersion: '0.9.0',
  elapsedMs: 10,
  confirmed: null,
  shownVersion: null,
  ...over,
});

/** The row of an update that failed after a reset whose answer was lost, then a 409. */
const failed = (): Parameters<typeof readBackRow>[0] => ({
  ...row(),
  outcome: lost(answer(409), reset),
});

describe('needsReadBack', () => {
  it.each<[string, Partial<ListingRow>, boolean]>([
    ['failed after a lost answer', {}, true],
    ['updated after a lost answer', { problem: undefined }, false],
    ['failed, no answer lost', { outcome: lost(answer(409), undefined) }, false],
    ['skipped', { state: 'skipped', outcome: undefined }, false],
    ['failed without a request', { state: 'not-attempted', outcome: undefined }, false],
    ['sent, yet no outcome', { outcome: undefined }, false],
    ['a dry run', { state: 'dry-run' }, false],
  ])('%s: %s', (_, over, expected) => {
    expect(needsReadBack(row(over))).toBe(expected);
  });
});

/** The walk's read of the list: its answer, and the problem of a later page that failed. */
const listed = (body: unknown, problem?: Problem, status = 409): ReadBack => ({
  outcome: { last: problem ? answer(status) : answer(200, JSON.stringify(body)), attempts: 1 },
  pages: problem ? 2 : 1,
  answer: readListings(JSON.stringify(body), ''),
  problem,
});
/** The walk's read when the first page failed. */
const unread = (status: number): ReadBack => ({
  outcome: { last: answer(status), attempts: 1 },
  pages: 1,
  answer: undefined,
  problem: FAILED,
});

const SENT = { version: '2.0.0', changelog: 'Fixed the shader.\nFaster loading.' };

type Verdict =
  | { readonly kind: 'updated'; readonly changelog: boolean }
  | { readonly kind: 'not updated'; readonly otherChangelog: boolean }
  | { readonly kind: 'unproven' };

/** What readBackRow makes of the listing read back, told by its row and its words. */
function verdictOf(listing: object, previousVersion: string | null): Verdict | ListingRow {
  const read = listed([{ id: 'asset-1', ...listing }]);
  const { row: after, note } = readBackRow({ ...failed(), previousVersion }, read, SENT, target);
  const told = `${after.problem?.message ?? ''}${note?.message ?? ''}`;
  if (after.readBack === 'updated') {
    return { kind: 'updated', changelog: told.includes(' and the changelog sent: it was updated') };
  }
  if (after.readBack === 'not updated') {
    return { kind: 'not updated', otherChangelog: told.includes(' with another changelog: ') };
  }
  return told.includes('the version alone cannot tell') ? { kind: 'unproven' } : after;
}

describe('readBackRow: what the listing read back proves', () => {
  it.each<[string, { version: string; changelog?: string }, string | null, Verdict]>([
    [
      'the version and changelog sent',
      { version: '2.0.0', changelog: SENT.changelog },
      null,
      { kind: 'updated', changelog: true },
    ],
    [
      'the changelog stored normalised (CRLF, white space around it)',
      { version: 'v2.0.0', changelog: '\n  Fixed the shader.\r\nFaster loading.\r\n ' },
      '2.0.0',
      { kind: 'updated', changelog: true },
    ],
    [
      'the version sent with other notes, already there before',
      { version: '2.0.0', changelog: 'Other notes' },
      null,
      { kind: 'not updated', otherChangelog: true },
    ],
    [
      'the version sent with other notes, another version before',
      { version: '2.0.0', changelog: 'Other notes' },
      '0.9.0',
      { kind: 'not updated', otherChangelog: true },
    ],
    [
      'the version sent with an empty changelog',
      { version: '2.0.0', changelog: '' },
      '0.9.0',
      { kind: 'not updated', otherChangelog: true },
    ],
    [
      'inner white space differs: another changelog',
      { version: '2.0.0', changelog: 'Fixed the shader.\n\nFaster loading.' },
      null,
      { kind: 'not updated', otherChangelog: true },
    ],
    [
      'another version, the changelog sent',
      { version: '0.9.0', changelog: SENT.changelog },
      '0.9.0',
      { kind: 'not updated', otherChangelog: false },
    ],
    [
      'another version, no changelog',
      { version: '1.9.9' },
      null,
      { kind: 'not updated', otherChangelog: false },
    ],
    [
      'the version sent, no changelog, another version before',
      { version: '2.0.0' },
      '0.9.0',
      { kind: 'updated', changelog: false },
    ],
    [
      'the version sent, no changelog, no earlier read',
      { version: '2.0.0' },
      null,
      { kind: 'unproven' },
    ],
    [
      'the version sent, no changelog, the same version before',
      { version: '2.0.0' },
      'v2.0.0',
      { kind: 'unproven' },
    ],
  ])('%s', (_, listing, before, verdict) => {
    expect(verdictOf(listing, before)).toEqual(verdict);
  });
});

describe('readBackRow', () => {
  it('the version sent, no changelog, another version before: updated and confirmed', () => {
    const read = listed([{ id: 'asset-1', version: 'v2.0.0' }]);
    const { row: after, note, log } = readBackRow(failed(), read, SENT, target);
    expect(after).toMatchObject({
      problem: undefined,
      confirmed: true,
      shownVersion: 'v2.0.0',
      readBack: 'updated',
      outcome: failed().outcome,
    });
    expect(note).toEqual(readBackUpdated({ outcome: failed().outcome, target }, 'v2.0.0', '0.9.0'));
    expect(note?.message).toContain(
      'the listing shows version v2.0.0 and no changelog, and showed 0.9.0 before this update: it was updated.',
    );
    expect(log).toBe(
      'Read back: listing "asset-1" shows "2.0.0", the version sent: it was updated, although its answer was lost.',
    );
    expect(rowResult(after)).toBe('✅ Updated: the answer was lost, the update was read back');
    expect(results({ ...REPORT, rows: [after] })[0]).toMatchObject({
      updated: true,
      confirmed: true,
      'read-back': 'updated',
      error: null,
    });
  });

  it('the version and changelog sent: updated, whatever was there before', () => {
    const read = listed([{ id: 'asset-1', version: '2.0.0', changelog: SENT.changelog }]);
    const before = { ...failed(), previousVersion: null };
    const { row: after, note, log } = readBackRow(before, read, SENT, target);
    expect(after).toMatchObject({ problem: undefined, confirmed: true, readBack: 'updated' });
    expect(note).toEqual(readBackUpdated({ outcome: before.outcome, target }, '2.0.0'));
    expect(note?.message).toContain(
      'the listing shows version 2.0.0 and the changelog sent: it was updated.',
    );
    expect(log).toBe(
      'Read back: listing "asset-1" shows "2.0.0", the version and changelog sent: it was updated, although its answer was lost.',
    );
  });

  it('the version sent with another changelog: not updated, never a success', () => {
    const read = listed([{ id: 'asset-1', version: '2.0.0', changelog: 'Older notes' }]);
    const before = { ...failed(), previousVersion: null };
    const { row: after, note, log } = readBackRow(before, read, SENT, target);
    expect(after.problem).toEqual(
      readBackNotUpdated({ outcome: before.outcome, target }, '2.0.0', true),
    );
    expect(after.problem?.message).toContain(
      'the listing still shows version 2.0.0 with another changelog: the update was not applied.',
    );
    expect(after).toMatchObject({ readBack: 'not updated', confirmed: null });
    expect(rowResult(after)).toBe('❌ Failed: Update not applied');
    expect(note).toBeUndefined();
    expect(log).toBe(
      'Read back: listing "asset-1" still shows the version sent with another changelog: the update was not applied.',
    );
  });

  it('the version sent, no changelog, never seen at another version: may have been applied', () => {
    const read = listed([{ id: 'asset-1', version: '2.0.0' }]);
    const before = { ...failed(), previousVersion: null };
    const { row: after, note, log } = readBackRow(before, read, SENT, target);
    const unread = { kind: 'version-only', version: '2.0.0' } as const;
    expect(after.problem).toEqual(mayHaveBeenApplied({ outcome: before.outcome, target }, unread));
    expect(after.problem?.message).toContain(
      `The list read back with GET ${LIST} shows version 2.0.0, the version sent, but no changelog, and the listing was not seen at another version before this update: the version alone cannot tell this update from what was there. The update may have been applied`,
    );
    expect(after.readBack).toBe('unknown');
    expect(note).toBeUndefined();
    expect(log).toBe(
      'Read back: listing "asset-1" shows the version sent but no changelog, and was not seen at another version before: the update may have been applied.',
    );
  });

  it('another version: not updated, and the listing still shows it', () => {
    const read = listed({ listings: [{ id: 'asset-1', version: '0.9.0' }] });
    const { row: after, note, log } = readBackRow(failed(), read, SENT, target);
    expect(after.problem).toEqual(
      readBackNotUpdated({ outcome: failed().outcome, target }, '0.9.0'),
    );
    expect(after).toMatchObject({ readBack: 'not updated', confirmed: null });
    expect(note).toBeUndefined();
    expect(log).toBe(
      'Read back: listing "asset-1" still shows another version: the update was not applied.',
    );
  });

  it.each<[string, ReadBack, Parameters<typeof mayHaveBeenApplied>[1]]>([
    ['the read-back failed', unread(409), { kind: 'failed', problem: FAILED }],
    ['the read-back was answered 429', unread(429), { kind: 'rate-limited' }],
    ['not in the list', listed([{ id: 'asset-2', version: '2.0.0' }]), { kind: 'not-listed' }],
    [
      'not on the pages read, a later page failed',
      listed([{ id: 'asset-2', version: '2.0.0' }], FAILED),
      { kind: 'failed', problem: FAILED },
    ],
    [
      'not on the pages read, a later page answered 429',
      listed([{ id: 'asset-2', version: '2.0.0' }], FAILED, 429),
      { kind: 'rate-limited' },
    ],
    ['no version', listed([{ id: 'asset-1' }]), { kind: 'no-version' }],
    ['not a list', listed({ count: 1 }), { kind: 'not-a-list' }],
  ])('%s: may have been applied', (_, read, unread) => {
    const { row: after, note, log } = readBackRow(failed(), read, SENT, target);
    expect(after.problem).toEqual(
      mayHaveBeenApplied({ outcome: failed().outcome, target }, unread),
    );
    expect(after.readBack).toBe('unknown');
    expect(note).toBeUndefined();
    expect(log).toBe(
      'Read back: listing "asset-1" could not be read back; the update may have been applied.',
    );
  });

  it('asked to wait: may have been applied, and the log claims no read-back', () => {
    const read: ReadBack = { kind: 'asked-to-wait', ms: 90_000 };
    const { row: after, log } = readBackRow(failed(), read, SENT, target);
    expect(after.problem).toEqual(mayHaveBeenApplied({ outcome: failed().outcome, target }, read));
    expect(after.readBack).toBe('unknown');
    expect(log).toBeUndefined();
  });
});

const REPORT = {
  listingIds: ['asset-1'],
  resolved: undefined,
  dryRun: false,
  list: undefined,
  rows: [],
  notes: [],
  problem: undefined,
  elapsedMs: 0,
};

describe('the words of a lost answer', () => {
  it.each<[string, Outcome, string]>([
    [
      'a reset, then a 409',
      lost(answer(409), reset),
      'the connection closed after the request was sent (ECONNRESET), then an attempt was answered HTTP 409 (2 attempts).',
    ],
    [
      'a 502 alone',
      lost(answer(502), answer(502), 1),
      'the marketplace answered HTTP 502 (1 attempt).',
    ],
    [
      'a deadline, then a refused connection',
      lost(refused, hang, 3),
      'no answer came within 30 s (`timeout-seconds`), then an attempt could not connect (ECONNREFUSED) (3 attempts).',
    ],
    [
      'a 503, then a redirect',
      lost(answer(302, '', { location: 'https://u:p@other.example/x' }), answer(503)),
      'the marketplace answered HTTP 503, then an attempt was answered HTTP 302 with a redirect to https://other.example/x, not followed (2 attempts).',
    ],
    [
      'a 500, then a 400: no redirect',
      lost(answer(400, '', { location: '/elsewhere' }), answer(500)),
      'the marketplace answered HTTP 500, then an attempt was answered HTTP 400 (2 attempts).',
    ],
    [
      'a 503, then a 299: no redirect',
      lost(answer(299, '', { location: '/elsewhere' }), answer(503)),
      'then an attempt was answered HTTP 299 (2 attempts).',
    ],
    [
      'a 502, then a 300',
      lost(answer(300, '', { location: '/v2' }), answer(502)),
      'then an attempt was answered HTTP 300 with a redirect to https://api.example.com/v2, not followed',
    ],
    [
      'a 504, then a 301 without Location',
      lost(answer(301), answer(504)),
      'HTTP 301 with a redirect to no address (the Location header was missing), not followed',
    ],
  ])('%s', (_, outcome, words) => {
    const problem = mayHaveBeenApplied({ outcome: outcome, target }, { kind: 'not-listed' });
    expect(problem.message).toMatch(
      /^The answer to the update of listing "asset-1" was lost: (the|no) /,
    );
    expect(problem.message).toContain(words);
    expect(problem.message).not.toMatch(/could not reach|re-run|job|workflow|step/i);
  });

  it('says the server’s last message, and only when it answered', () => {
    const said = lost(
      answer(409, '{"error":{"message":"Version 2.0.0 is already published"}}'),
      reset,
    );
    expect(readBackNotUpdated({ outcome: said, target }, '0.9.0').message).toMatch(
      / Running it again later is safe\. The marketplace said: "Version 2\.0\.0 is already published"$/,
    );
    expect(
      mayHaveBeenApplied({ outcome: lost(hang, hang, 1), target }, { kind: 'no-version' }).message,
    ).toMatch(
      /The list read back with GET https:\S+ shows no version for it\. The update may have been applied: check the listing on the marketplace\. Running it again is safe: the update is idempotent\.$/,
    );
  });

  it.each<[Parameters<typeof mayHaveBeenApplied>[1], string]>([
    [
      { kind: 'failed', problem: FAILED },
      `Reading it back with GET ${LIST} failed too (Update rejected (HTTP 409)).`,
    ],
    [
      { kind: 'rate-limited' },
      `Reading it back with GET ${LIST} was refused for now: the marketplace limits this account's requests (HTTP 429).`,
    ],
    [{ kind: 'not-listed' }, `The list read back with GET ${LIST} does not show it.`],
    [{ kind: 'no-version' }, `The list read back with GET ${LIST} shows no version for it.`],
    [
      { kind: 'not-a-list' },
      `The answer of GET ${LIST} is not a list of listings that can be read.`,
    ],
    [
      { kind: 'asked-to-wait', ms: 120_500 },
      'It was not read back, as the marketplace asked to wait 121 s (Retry-After), more than the 60 s waited.',
    ],
  ])('why it could not be read back: %j', (unread, words) => {
    const problem = mayHaveBeenApplied(
      { outcome: lost(answer(502), answer(502), 1), target },
      unread,
    );
    expect(problem.title).toBe('Update may have been applied');
    expect(problem.message).toContain(` (1 attempt). ${words} The update may have been applied`);
  });

  it('prints a version from the server plain, or quoted and cut', () => {
    const outcome = lost(answer(502), answer(502), 1);
    expect(readBackUpdated({ outcome: outcome, target }, '2.0.0')).toEqual({
      level: 'notice',
      title: 'Update read back',
      message:
        'The answer to the update of listing "asset-1" was lost: the marketplace answered HTTP 502 (1 attempt). ' +
        `Read back with GET ${LIST}, the listing shows version 2.0.0 and the changelog sent: it was updated.`,
    });
    expect(
      readBackUpdated({ outcome: outcome, target }, '2.0.0', '::warning::x').message,
    ).toContain(
      'shows version 2.0.0 and no changelog, and showed "::warning::x" before this update',
    );
    expect(readBackNotUpdated({ outcome: outcome, target }, '::error::x y').message).toContain(
      'still shows version "::error::x y": the update was not applied.',
    );
  });
});
