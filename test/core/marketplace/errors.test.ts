import { describe, expect, it } from 'vitest';
import { ACTION_WORDS } from '../../../src/action/words.js';
import type { Answer, AttemptResult } from '../../../src/core/attempt.js';
import { guardResult, makeGuard } from '../../../src/core/guard/guard.js';
import {
  describeOutcome,
  forListing,
  type Target,
  unknownList,
} from '../../../src/core/sentences.js';
import { type Outcome, succeeded } from '../../../src/core/transport/retry.js';

const target: Target = {
  listingId: 'asset-1',
  baseUrl: 'https://api.example.com/v1',
  url: 'https://api.example.com/v1/listings/asset-1',
  timeoutMs: 30_000,
  words: ACTION_WORDS,
};

const answer = (status: number, body = '', extra: Partial<Answer> = {}): Answer => ({
  kind: 'answer',
  status,
  location: '',
  retryAfter: '',
  contentType: 'application/json',
  link: '',
  body,
  cut: false,
  ms: 3,
  ...extra,
});

const outcome = (last: AttemptResult, attempts = 1, tooLongMs?: number): Outcome =>
  tooLongMs === undefined ? { last, attempts } : { last, attempts, tooLongMs };

const serverSays = JSON.stringify({ error: { message: 'server words' } });

describe('describeOutcome', () => {
  it.each([200, 201, 202, 204, 299])('HTTP %i is success', (status) => {
    expect(succeeded(outcome(answer(status)))).toBe(true);
  });

  it.each([
    ['HTTP 199', answer(199)],
    ['HTTP 300', answer(300)],
    ['a web page in a 200', answer(200, '<html>', { refusal: 'web-page' })],
    ['a refusal in a 200', answer(200, '{"ok":false}', { refusal: 'refused' })],
    ['no answer', { kind: 'failure', code: 'ECONNRESET', ms: 1 } as const],
  ])('%s is not success', (_, last) => {
    expect(succeeded(outcome(last))).toBe(false);
  });

  it('a 2xx that is a web page or a refusal is not an answer, to an update and to the list alike', () => {
    const page = outcome(answer(200, '<html>', { refusal: 'web-page' }));
    expect(describeOutcome(page, target)).toEqual({
      title: 'A web page, not the API',
      message:
        'The marketplace\'s address answered the update of listing "asset-1" with a web page (HTTP 200), ' +
        "not with the API's answer, so whether it was applied cannot be told from it. Check `base-url`: " +
        'it must be the address of the API, not of the website.',
    });
    const refused = outcome(answer(201, '', { refusal: 'refused', message: 'Frozen' }));
    expect(describeOutcome(refused, { ...target, request: 'update' })).toEqual({
      title: 'Update refused',
      message:
        'The marketplace answered the update of listing "asset-1" with HTTP 201 but refused it ' +
        '("success": false or "ok": false). The marketplace said: "Frozen"',
    });
    const list = {
      ...target,
      request: 'list' as const,
      url: 'https://api.example.com/v1/listings',
    };
    expect(describeOutcome(page, list)).toEqual({
      title: 'A web page, not the API',
      message:
        "The marketplace's address answered GET https://api.example.com/v1/listings with a web page " +
        "(HTTP 200), not with the API's list of listings. Check `base-url`: it must be the address " +
        'of the API, not of the website.',
    });
    expect(describeOutcome(refused, list)).toEqual({
      title: 'Listings request refused',
      message:
        'The marketplace answered GET https://api.example.com/v1/listings with HTTP 201 but refused it ' +
        '("success": false or "ok": false). The marketplace said: "Frozen"',
    });
  });

  it.each<[string, Outcome, string, string[]]>([
    [
      '401',
      outcome(answer(401, serverSays)),
      'API key refused',
      ['invalid or has been revoked', 'Developer Settings', 'update the secret', 'server words'],
    ],
    [
      '403',
      outcome(answer(403, serverSays)),
      'Key does not own the listing',
      [
        'does not belong to the account that owns listing "asset-1"',
        'original creator',
        'server words',
      ],
    ],
    [
      '404',
      outcome(answer(404, serverSays)),
      'Listing not found',
      ['Listing "asset-1" was not found at https://api.example.com/v1', 'server words'],
    ],
    [
      '400',
      outcome(answer(400, serverSays)),
      'Update rejected (HTTP 400)',
      ['rejected the update (HTTP 400)', 'server words'],
    ],
    [
      '409',
      outcome(answer(409, serverSays)),
      'Update rejected (HTTP 409)',
      ['rejected the update', 'server words'],
    ],
    ['413', outcome(answer(413, '')), 'Update rejected (HTTP 413)', ['It gave no reason']],
    ['415', outcome(answer(415, serverSays)), 'Update rejected (HTTP 415)', ['server words']],
    [
      '422',
      outcome(answer(422, '{"errors":[{"message":"version is taken"}]}')),
      'Update rejected (HTTP 422)',
      ['version is taken'],
    ],
    ['418', outcome(answer(418, 'teapot')), 'Update rejected (HTTP 418)', ['teapot']],
    [
      '429 after retries',
      outcome(answer(429, serverSays), 4),
      'Rate limited (HTTP 429)',
      ['HTTP 429 after 4 attempts', 'server words'],
    ],
    [
      '503 after retries',
      outcome(answer(503, 'down'), 4),
      'Marketplace unavailable (HTTP 503)',
      ['HTTP 503 after 4 attempts', '"down"'],
    ],
    [
      '500 once',
      outcome(answer(500), 1),
      'Marketplace unavailable (HTTP 500)',
      ['after 1 attempt.'],
    ],
    [
      '408 after retries',
      outcome(answer(408), 2),
      'Marketplace unavailable (HTTP 408)',
      ['after 2 attempts'],
    ],
    ['501', outcome(answer(501, 'nope')), 'Marketplace error (HTTP 501)', ['not retried', 'nope']],
    [
      'Retry-After too long',
      outcome(answer(429, serverSays, { retryAfter: '120' }), 1, 120_000),
      'Marketplace asked to wait (HTTP 429)',
      ['wait 120 s', 'more than the 60 s', 'server words'],
    ],
    [
      '301',
      outcome(answer(301, '', { location: 'https://new.example.com/v2/listings/asset-1' })),
      'Redirect not followed',
      [
        'redirect to https://new.example.com/v2/listings/asset-1',
        'not followed',
        'Set `base-url` to the final address',
      ],
    ],
    [
      '308 relative',
      outcome(answer(308, '', { location: '/v2/listings/asset-1' })),
      'Redirect not followed',
      ['https://api.example.com/v2/listings/asset-1'],
    ],
    [
      '302 without Location',
      outcome(answer(302)),
      'Redirect not followed',
      ['Location header was missing'],
    ],
    [
      'connection refused',
      outcome({ kind: 'failure', code: 'ECONNREFUSED', ms: 1 }, 4),
      'Marketplace unreachable',
      [
        'reach api.example.com (ECONNREFUSED) after 4 attempts',
        'limited to 30 s',
        'timeout-seconds',
      ],
    ],
    [
      'timeout before the request left',
      outcome({ kind: 'failure', code: 'ETIMEDOUT', ms: 1 }, 2),
      'Marketplace timed out',
      ['Could not reach api.example.com (ETIMEDOUT) after 2 attempts', '30 s'],
    ],
    [
      'timeout after the request was sent',
      outcome({ kind: 'failure', code: 'ETIMEDOUT', sent: true, ms: 1 }, 2),
      'Marketplace timed out',
      ['Could not get an answer from api.example.com (ETIMEDOUT) after 2 attempts', '30 s'],
    ],
    [
      'connection closed after the request was sent',
      outcome({ kind: 'failure', code: 'ECONNRESET', sent: true, ms: 1 }, 3),
      'Connection lost',
      ['The connection to api.example.com closed before an answer came (ECONNRESET) after 3'],
    ],
    [
      'certificate',
      outcome({ kind: 'failure', code: 'CERT_HAS_EXPIRED', ms: 1 }),
      'TLS certificate rejected',
      ['api.example.com', 'CERT_HAS_EXPIRED', 'NODE_EXTRA_CA_CERTS'],
    ],
  ])('%s', (_, o, title, parts) => {
    const problem = describeOutcome(o, target);
    expect(problem?.title).toBe(title);
    for (const part of parts) expect(problem?.message ?? '').toContain(part);
  });

  it('never says "could not reach" for a request that was sent', () => {
    for (const code of ['ECONNRESET', 'UND_ERR_SOCKET', 'ETIMEDOUT', 'EPIPE']) {
      const sent = describeOutcome(outcome({ kind: 'failure', code, sent: true, ms: 1 }), target);
      expect(sent?.message).not.toMatch(/could not reach/i);
      const unsent = describeOutcome(outcome({ kind: 'failure', code, ms: 1 }), target);
      expect(unsent?.message).toMatch(/^Could not reach /);
    }
  });

  it('names the proxy variable, never its value, for network errors through a proxy', () => {
    const problem = describeOutcome(outcome({ kind: 'failure', code: 'ECONNREFUSED', ms: 1 }), {
      ...target,
      proxy: { variable: 'HTTPS_PROXY' },
    });
    expect(problem?.message).toContain('proxy set in HTTPS_PROXY');
  });

  it('quotes the server message so it stays one line', () => {
    const problem = describeOutcome(
      outcome(answer(400, 'a\nb "c"', { contentType: 'text/plain' })),
      target,
    );
    expect(problem?.message).toContain('The marketplace said: "a b \\"c\\""');
  });
});

describe('where a redirect pointed, as guarded', () => {
  const KEY = 'mk_live_9f8e7d6c5b4a39281706';
  const guard = makeGuard([
    { name: 'the API key', value: KEY },
    { name: 'the GitHub token', value: 'ghs_16C7e42F292c6912E7710c838347Ae178B4a' },
  ]);
  it.each([
    ['https://u:p@other.example.com/x', 'https://other.example.com/x'],
    ['/v2', 'https://api.example.com/v2'],
    ['', 'no address (the Location header was missing)'],
    ['http://[bad', '"http://[bad"'],
    [
      `https://other.example.com/?k=${KEY.slice(8, 20)}`,
      'an address not shown here, as it contained part of the API key',
    ],
    [
      '/login?token=ghs_16C7e42F292c6912E7710c838347Ae178B4a',
      'an address not shown here, as it contained part of the GitHub token',
    ],
    // An address shaped like the guard's notice is an address: only the guard withholds one.
    [
      '[withheld: this text contained part of the API key]',
      'https://api.example.com/v1/listings/[withheld:%20this%20text%20contained%20part%20of%20the%20API%20key]',
    ],
  ])('%j → %j', (location, expected) => {
    const last = guardResult(answer(301, '', { location }), guard);
    const problem = describeOutcome(outcome(last), target);
    expect(problem?.message).toContain(`with a redirect to ${expected}. It was not followed`);
  });
});

describe('the list of listings (GET /listings)', () => {
  const list: Target = {
    ...target,
    listingId: 'listing "asset-1", "asset-2"',
    request: 'list',
    url: 'https://api.example.com/v1/listings',
  };

  it.each([
    [
      404,
      'Listings not found',
      ['Nothing was found at https://api.example.com/v1/listings', 'Check `base-url`'],
    ],
    [
      403,
      'Key does not own the listings',
      ['owns listing "asset-1", "asset-2"', 'original creator'],
    ],
    [
      400,
      'Listings request rejected (HTTP 400)',
      ['rejected GET https://api.example.com/v1/listings', 'server words'],
    ],
    [401, 'API key refused', ['invalid or has been revoked', 'Developer Settings']],
    [503, 'Marketplace unavailable (HTTP 503)', ['after 1 attempt']],
  ])('HTTP %i', (status, title, parts) => {
    const problem = describeOutcome(outcome(answer(status, serverSays)), list);
    expect(problem?.title).toBe(title);
    for (const part of parts) expect(problem?.message ?? '').toContain(part);
  });

  it('a 4xx without a message says so', () => {
    expect(describeOutcome(outcome(answer(400)), list)?.message ?? '').toBe(
      'The marketplace rejected GET https://api.example.com/v1/listings (HTTP 400). It gave no reason. Check `base-url`.',
    );
  });

  it('a redirect of the list names its target', () => {
    const problem = describeOutcome(
      outcome(answer(308, '', { location: 'https://new.example.com/v2/listings' })),
      list,
    );
    expect(problem?.message).toContain('https://new.example.com/v2/listings');
  });
});

describe('messages naming a listing', () => {
  it('forListing names the listing in the title, and in the message unless it does already', () => {
    expect(
      forListing({ title: 'Marketplace timed out', message: 'Could not.' }, 'asset-2'),
    ).toEqual({
      title: 'Listing asset-2: Marketplace timed out',
      message: 'Listing "asset-2": Could not.',
    });
    expect(
      forListing({ title: 'T', message: 'Listing "asset-2" was not found.' }, 'asset-2').message,
    ).toBe('Listing "asset-2" was not found.');
  });

  it('says the list of listings was not understood', () => {
    expect(unknownList('https://x/v1/listings', true)).toEqual({
      level: 'notice',
      title: 'List of listings not understood',
      message:
        'The answer of GET https://x/v1/listings is not a list of listings in a shape this tool knows ' +
        '(an array, or one under `listings`, `data`, `items` or `results`, entries with an `id`): ownership was not checked.',
    });
  });
});
