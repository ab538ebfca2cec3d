// Which listings are read back, and what the read-back makes of each: the step against a scripted
// marketplace whose update loses its answer, then the words of each finding.

import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION_WORDS } from '../../../src/action/words.js';
import type { Note, Problem } from '../../../src/core/annotations.js';
import type { Answer, AttemptResult, Failure } from '../../../src/core/attempt.js';
import { makeGuard } from '../../../src/core/guard/guard.js';
import { parseSettings } from '../../../src/core/inputs.js';
import type { Finding, Unread } from '../../../src/core/listing.js';
import { deployAll } from '../../../src/core/marketplace/deploy.js';
import type { Resolved } from '../../../src/core/release/resolve.js';
import { type ListingRow, results, rowCells } from '../../../src/core/report.js';
import { readBackSentences, type Target } from '../../../src/core/sentences.js';
import type { Outcome } from '../../../src/core/transport/retry.js';
import { createTransport } from '../../../src/core/transport/transport.js';
import { KEYS } from '../../support/emulator.js';

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

/** What the scripted marketplace answers a request: in turn, per method and path. */
interface Reply {
  readonly status: number;
  readonly body?: unknown;
  readonly headers?: Record<string, string>;
}

let replies = new Map<string, Reply[]>();
const asked: string[] = [];
let base = '';
const server = http.createServer((request, response) => {
  request.resume().on('end', () => {
    const key = `${request.method} ${request.url}`;
    asked.push(key);
    const reply = replies.get(key)?.shift() ?? { status: 500 };
    const { body = '' } = reply;
    response.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
    response.end(typeof body === 'string' ? body : JSON.stringify(body));
  });
});
beforeAll(async () => {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => {
  server.close();
});

const SENT = { version: '2.0.0', changelog: 'Fixed the shader.\nFaster loading.' };
const LOST: Reply = { status: 502 };
/** The problem of a list's page answered 409, as the read-back names it. */
const REJECTED = { title: 'Listings request rejected (HTTP 409)', message: '' };

/**
 * One listing sent `SENT`: the list read first when `before` is given (the listing at that
 * version), the update answered `patch` (a lost 502 unless told), the list read back `readBack`.
 */
async function deploy(
  readBack: Reply[],
  {
    before = null as string | null,
    patch = [LOST],
    retries = '0',
    more = {} as Record<string, Reply[]>,
  } = {},
) {
  const list = before === null ? [] : [{ status: 200, body: [{ id: 'asset-1', version: before }] }];
  replies = new Map([
    ['GET /v1/listings', [...list, ...readBack]],
    ['PATCH /v1/listings/asset-1', patch],
    ...Object.entries(more),
  ]);
  asked.length = 0;
  const inputs = { 'listing-id': 'asset-1', 'api-key': KEYS.creator, 'base-url': base, retries };
  const settings = parseSettings(
    { ...inputs, 'if-older': before === null ? 'deploy' : 'skip' },
    ACTION_WORDS,
  );
  const resolved: Resolved = { ...SENT, versionSource: 'input', tag: '', changelogSource: 'input' };
  const lines: string[] = [];
  const transport = createTransport({}, [base], settings.timeoutMs);
  try {
    const done = await deployAll({
      settings,
      resolved,
      transport,
      log: (line) => lines.push(line),
      redact: makeGuard([{ name: 'the API key', value: KEYS.creator }]),
      clock: { now: Date.now, sleep: async () => {}, random: Math.random },
    });
    const row = done.rows[0] as ListingRow;
    const update: LostUpdate = {
      outcome: row.outcome as Outcome,
      target: { ...target, baseUrl: base, url: `${base}/listings/asset-1` },
    };
    const read = asked.filter((request) => request.startsWith('GET')).slice(list.length);
    return { done, row, update, note: done.notes.at(-1), log: lines.at(-1), read };
  } finally {
    await transport.destroy();
  }
}

const listed = (body: unknown): Reply[] => [{ status: 200, body }];

describe('which listings are read back', () => {
  it.each<[string, Reply[], string]>([
    ['failed after a lost answer', [LOST, { status: 409 }], 'read back'],
    ['updated after a lost answer', [LOST, { status: 200, body: SENT }], 'not read back'],
    ['failed, no answer lost', [{ status: 409 }], 'not read back'],
  ])('%s: %s', async (_, patch, expected) => {
    const { read } = await deploy(listed([{ id: 'asset-1', ...SENT }]), { patch, retries: '1' });
    expect(read.length > 0 ? 'read back' : 'not read back').toBe(expected);
  });

  it('a listing skipped as older than the list is neither sent nor read back', async () => {
    const { done, read } = await deploy(listed([]), { before: '99.0.0' });
    expect(done.rows[0]?.state).toBe('skipped');
    expect(asked).toEqual(['GET /v1/listings']);
    expect(read).toEqual([]);
  });
});

type Verdict =
  | { readonly kind: 'updated'; readonly changelog: boolean }
  | { readonly kind: 'not updated'; readonly otherChangelog: boolean }
  | { readonly kind: 'unproven' };

/** What the step makes of the listing read back, told by its row and its words. */
async function verdictOf(listing: object, before: string | null): Promise<Verdict | ListingRow> {
  const { row, note } = await deploy(listed([{ id: 'asset-1', ...listing }]), { before });
  const told = `${row.problem?.message ?? ''}${note?.message ?? ''}`;
  if (row.readBack === 'updated') {
    return { kind: 'updated', changelog: told.includes(' and the changelog sent: it was updated') };
  }
  if (row.readBack === 'not updated') {
    return { kind: 'not updated', otherChangelog: told.includes(' with another changelog: ') };
  }
  return told.includes('the version alone cannot tell') ? { kind: 'unproven' } : row;
}

describe('what the listing read back proves', () => {
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
  ])('%s', async (_, listing, before, verdict) => {
    expect(await verdictOf(listing, before)).toEqual(verdict);
  });
});

describe('the row and words of a listing read back', () => {
  it('the version sent, no changelog, another version before: updated and confirmed', async () => {
    const { row, update, note, log, done } = await deploy(
      listed([{ id: 'asset-1', version: 'v2.0.0' }]),
      { before: '0.9.0' },
    );
    expect(row).toMatchObject({
      problem: undefined,
      confirmed: true,
      shownVersion: 'v2.0.0',
      readBack: 'updated',
      outcome: { last: { status: 502 }, attempts: 1 },
    });
    expect(note).toEqual(readBackUpdated(update, 'v2.0.0', '0.9.0'));
    expect(note?.message).toContain(
      'the listing shows version v2.0.0 and no changelog, and showed 0.9.0 before this update: it was updated.',
    );
    expect(log).toBe(
      'Read back: listing "asset-1" shows "2.0.0", the version sent: it was updated, although its answer was lost.',
    );
    expect(rowResult(row)).toBe('✅ Updated: the answer was lost, the update was read back');
    expect(results({ ...REPORT, rows: [row] })[0]).toMatchObject({
      updated: true,
      confirmed: true,
      'read-back': 'updated',
      error: null,
    });
    expect(done.readBack).toMatchObject({ attempts: 1, last: { status: 200 } });
  });

  it('the version and changelog sent: updated, whatever was there before', async () => {
    const { row, update, note, log } = await deploy(
      listed([{ id: 'asset-1', version: '2.0.0', changelog: SENT.changelog }]),
    );
    expect(row).toMatchObject({ problem: undefined, confirmed: true, readBack: 'updated' });
    expect(note).toEqual(readBackUpdated(update, '2.0.0'));
    expect(note?.message).toContain(
      'the listing shows version 2.0.0 and the changelog sent: it was updated.',
    );
    expect(log).toBe(
      'Read back: listing "asset-1" shows "2.0.0", the version and changelog sent: it was updated, although its answer was lost.',
    );
  });

  it('the version sent with another changelog: not updated, never a success', async () => {
    const { row, update, done, log } = await deploy(
      listed([{ id: 'asset-1', version: '2.0.0', changelog: 'Older notes' }]),
    );
    expect(row.problem).toEqual(readBackNotUpdated(update, '2.0.0', true));
    expect(row.problem?.message).toContain(
      'the listing still shows version 2.0.0 with another changelog: the update was not applied.',
    );
    expect(row).toMatchObject({ readBack: 'not updated', confirmed: null });
    expect(rowResult(row)).toBe('❌ Failed: Update not applied');
    expect(done.notes).toEqual([]);
    expect(log).toBe(
      'Read back: listing "asset-1" still shows the version sent with another changelog: the update was not applied.',
    );
  });

  it('the version sent, no changelog, never seen at another version: may have been applied', async () => {
    const { row, update, done, log } = await deploy(listed([{ id: 'asset-1', version: '2.0.0' }]));
    const unread = { kind: 'version-only', version: '2.0.0' } as const;
    expect(row.problem).toEqual(mayHaveBeenApplied(update, unread));
    expect(row.problem?.message).toContain(
      `The list read back with GET ${base}/listings shows version 2.0.0, the version sent, but no changelog, and the listing was not seen at another version before this update: the version alone cannot tell this update from what was there. The update may have been applied`,
    );
    expect(row.readBack).toBe('unknown');
    expect(done.notes).toEqual([]);
    expect(log).toBe(
      'Read back: listing "asset-1" shows the version sent but no changelog, and was not seen at another version before: the update may have been applied.',
    );
  });

  it('another version: not updated, and the listing still shows it', async () => {
    const { row, update, done, log } = await deploy(
      listed({ listings: [{ id: 'asset-1', version: '0.9.0' }] }),
      { before: '0.9.0' },
    );
    expect(row.problem).toEqual(readBackNotUpdated(update, '0.9.0'));
    expect(row).toMatchObject({ readBack: 'not updated', confirmed: null });
    expect(done.notes).toEqual([]);
    expect(log).toBe(
      'Read back: listing "asset-1" still shows another version: the update was not applied.',
    );
  });

  const elsewhere = { listings: [{ id: 'asset-2', version: '2.0.0' }], next: '?page=2' };
  const page2 = (status: number) => ({ 'GET /v1/listings?page=2': [{ status }] });
  it.each<[string, Reply[], Record<string, Reply[]>, Unread]>([
    ['the read-back failed', [{ status: 409 }], {}, { kind: 'failed', problem: REJECTED }],
    ['the read-back was answered 429', [{ status: 429 }], {}, { kind: 'rate-limited' }],
    ['not in the list', listed([elsewhere.listings[0]]), {}, { kind: 'not-listed' }],
    [
      'not on the pages read, a later page failed',
      listed(elsewhere),
      page2(409),
      { kind: 'failed', problem: REJECTED },
    ],
    [
      'not on the pages read, a later page answered 429',
      listed(elsewhere),
      page2(429),
      { kind: 'rate-limited' },
    ],
    ['no version', listed([{ id: 'asset-1' }]), {}, { kind: 'no-version' }],
    ['not a list', listed({ count: 1 }), {}, { kind: 'not-a-list' }],
  ])('%s: may have been applied', async (_, readBack, more, unread) => {
    const { row, update, done, log } = await deploy(readBack, { more });
    expect(row.problem).toEqual(mayHaveBeenApplied(update, unread));
    expect(row.readBack).toBe('unknown');
    expect(done.notes).toEqual([]);
    expect(log).toBe(
      'Read back: listing "asset-1" could not be read back; the update may have been applied.',
    );
  });

  it('asked to wait: no read-back is sent, may have been applied, and the log claims none', async () => {
    const wait = { status: 503, headers: { 'retry-after': '90' } };
    const { row, update, log, read, done } = await deploy([], { patch: [wait], retries: '1' });
    expect(read).toEqual([]);
    expect(row.problem).toEqual(mayHaveBeenApplied(update, { kind: 'asked-to-wait', ms: 90_000 }));
    expect(row.readBack).toBe('unknown');
    expect(done.readBack).toBeUndefined();
    expect(log).not.toMatch(/^Read back/);
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
