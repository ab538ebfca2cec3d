import { describe, expect, it } from 'vitest';
import { ACTION_WORDS } from '../../src/action/words.js';
import { type Answer, MAX_RESPONSE_OUTPUT_BYTES } from '../../src/core/attempt.js';
import type { Resolved } from '../../src/core/release/resolve.js';
import {
  emptyReport,
  ignoredEventReport,
  type ListingRow,
  outputs,
  type RunReport,
  results,
} from '../../src/core/report.js';
import { changelogLine, versionLine } from '../../src/core/sentences.js';
import { attemptLines } from '../../src/core/transport/debug-lines.js';
import type { Outcome } from '../../src/core/transport/retry.js';
import { summaryHtml } from '../support/summary.js';

const resolved: Resolved = {
  version: '1.2.3',
  versionSource: 'tag',
  tag: 'v1.2.3',
  changelog: 'Fixed <b>bold</b> | things ✓',
  changelogSource: 'release',
};

const ok: Answer = {
  kind: 'answer',
  status: 200,
  location: '',
  retryAfter: '',
  contentType: 'application/json; charset=utf-8',
  link: '',
  body: '{"id":"asset-1"}',
  cut: false,
  ms: 12,
};

const row = (over: Partial<ListingRow> = {}): ListingRow => ({
  listingId: 'asset-1',
  state: 'sent',
  outcome: { last: ok, attempts: 1 },
  problem: undefined,
  why: '',
  previousVersion: null,
  elapsedMs: 1234,
  ...over,
});

/** A one-listing report; `outcome` and `problem` are those of its row. */
const report = (
  over: Partial<RunReport> & {
    outcome?: Outcome | undefined;
    rowProblem?: ListingRow['problem'];
  } = {},
): RunReport => {
  const { outcome: given, rowProblem, ...rest } = over;
  const outcome = 'outcome' in over ? given : { last: ok, attempts: 1 };
  const listingIds = rest.listingIds ?? ['asset-1'];
  return {
    listingIds,
    resolved,
    dryRun: false,
    list: undefined,
    rows: listingIds.map((listingId) =>
      row({ listingId, outcome, problem: rowProblem, state: outcome ? 'sent' : 'dry-run' }),
    ),
    notes: [],
    problem: undefined,
    elapsedMs: 1234,
    ...rest,
  };
};

describe('log lines', () => {
  it('says where the version and changelog came from', () => {
    expect(versionLine(resolved, ACTION_WORDS)).toBe('Version "1.2.3" from the tag "v1.2.3"');
    expect(versionLine({ ...resolved, versionSource: 'input', tag: '' }, ACTION_WORDS)).toBe(
      'Version "1.2.3" from the `version` input',
    );
    expect(versionLine({ ...resolved, versionSource: 'release' }, ACTION_WORDS)).toBe(
      'Version "1.2.3" from the release event, tag "v1.2.3"',
    );
    expect(changelogLine(resolved, ACTION_WORDS)).toBe(
      'Changelog: 28 characters, the release notes',
    );
    expect(changelogLine({ ...resolved, changelog: '😀' }, ACTION_WORDS)).toBe(
      'Changelog: 1 character, the release notes',
    );
    expect(changelogLine({ ...resolved, changelog: '' }, ACTION_WORDS)).toBe(
      'Changelog: 0 characters, the release notes',
    );
  });

  it.each([
    [ok, { kind: 'stop' } as const, 'PATCH u: HTTP 200 in 12 ms (attempt 1 of 4)'],
    [
      { ...ok, status: 503 },
      { kind: 'wait', ms: 1500, retryAfter: false } as const,
      'PATCH u: HTTP 503 in 12 ms (attempt 1 of 4); retrying in 1.5 s',
    ],
    [
      { ...ok, status: 429 },
      { kind: 'wait', ms: 2000, retryAfter: true } as const,
      'PATCH u: HTTP 429 in 12 ms (attempt 1 of 4); retrying in 2.0 s (Retry-After)',
    ],
    [
      { ...ok, status: 429 },
      { kind: 'too-long', ms: 90_000 } as const,
      'PATCH u: HTTP 429 in 12 ms (attempt 1 of 4); Retry-After asks for 90.0 s, more than 60 s: not retrying',
    ],
    [
      { kind: 'failure', code: 'ECONNRESET', ms: 4 } as const,
      { kind: 'wait', ms: 800, retryAfter: false } as const,
      'PATCH u: ECONNRESET after 4 ms (attempt 1 of 4); retrying in 0.8 s',
    ],
  ])('attempt line %#', (result, decision, expected) => {
    expect(attemptLines('PATCH u', result, 1, 4, decision)[0]).toBe(expected);
  });
});

describe('outputs', () => {
  it('reports a success', () => {
    expect(outputs(report())).toEqual({
      version: '1.2.3',
      changelog: resolved.changelog,
      'listing-id': 'asset-1',
      status: '200',
      response: '{"id":"asset-1"}',
      attempts: '1',
      updated: 'true',
      results: JSON.stringify([
        {
          'listing-id': 'asset-1',
          updated: true,
          status: 200,
          attempts: 1,
          error: null,
          skipped: false,
          'previous-version': null,
          confirmed: null,
          'read-back': null,
        },
      ]),
      skipped: '',
    });
  });

  it('reports a dry run: nothing sent', () => {
    expect(outputs(report({ dryRun: true, outcome: undefined }))).toMatchObject({
      version: '1.2.3',
      status: '',
      response: '',
      attempts: '0',
      updated: 'false',
    });
  });

  it('reports a failure with the last status and JSON body', () => {
    const last = { ...ok, status: 503, body: '{"error":"down"}' };
    expect(
      outputs(report({ outcome: { last, attempts: 4 }, rowProblem: { title: 't', message: 'm' } })),
    ).toMatchObject({
      status: '503',
      response: '{"error":"down"}',
      attempts: '4',
      updated: 'false',
    });
  });

  it('has no status after a network failure, and no response for a non-JSON body', () => {
    expect(
      outputs(
        report({
          outcome: { last: { kind: 'failure', code: 'ECONNREFUSED', ms: 1 }, attempts: 2 },
        }),
      ),
    ).toMatchObject({ status: '', response: '', attempts: '2' });
    expect(
      outputs(
        report({
          outcome: { last: { ...ok, contentType: 'text/html', body: '<html>' }, attempts: 1 },
        }),
      ).response,
    ).toBe('');
  });

  it('has no response for a body of white space alone, even one known to be JSON', () => {
    const last = { ...ok, body: ' \n', json: true } as const;
    expect(outputs(report({ outcome: { last, attempts: 1 } })).response).toBe('');
  });

  it('keeps a JSON body sent as text/plain, and cuts a long one to 64 KiB', () => {
    const body = JSON.stringify({ data: 'é'.repeat(100_000) });
    const response =
      outputs(
        report({ outcome: { last: { ...ok, contentType: 'text/plain', body }, attempts: 1 } }),
      ).response ?? '';
    expect(Buffer.byteLength(response)).toBeLessThanOrEqual(MAX_RESPONSE_OUTPUT_BYTES);
    expect(response.length).toBeGreaterThan(30_000);
  });

  it('is empty but defined when inputs were bad', () => {
    const values = outputs(
      report({
        listingIds: [],
        resolved: undefined,
        outcome: undefined,
        problem: { title: 't', message: 'm' },
      }),
    );
    expect(values).toEqual({
      version: '',
      changelog: '',
      'listing-id': '',
      status: '',
      response: '',
      attempts: '0',
      updated: 'false',
      results: '[]',
      skipped: '',
    });
  });
});

describe('summaryHtml', () => {
  it('has listing, version, result, status, attempts and time, and the changelog collapsed and escaped', () => {
    const html = summaryHtml(report());
    for (const part of [
      '<code>asset-1</code>',
      '<code>1.2.3</code> from the tag <code>v1.2.3</code>',
      '✅ Updated',
      '<td>200</td>',
      '<td>1</td>',
      '1234 ms',
      '<details>',
      'Fixed &lt;b&gt;bold&lt;/b&gt; &#124; things ✓',
    ]) {
      expect(html).toContain(part);
    }
    expect(html).not.toContain('<b>bold</b>');
  });

  it('shows a failure and its message', () => {
    const html = summaryHtml(
      report({ rowProblem: { title: 'API key refused', message: 'Create a <key>' } }),
    );
    expect(html).toContain('❌ Failed: API key refused');
    expect(html).toContain('Create a &lt;key&gt;');
  });

  it('shows a dry run', () => {
    expect(summaryHtml(report({ dryRun: true, outcome: undefined }))).toContain('Dry run');
  });

  it('stays far below the runner’s 1 MiB cap with a huge changelog', () => {
    const html = summaryHtml(
      report({ resolved: { ...resolved, changelog: '<&>'.repeat(200_000) } }),
    );
    expect(Buffer.byteLength(html)).toBeLessThan(512 * 1024);
    expect(html).toContain('cut to 64 KiB');
  });

  it('escapes a hostile listing id and version', () => {
    const html = summaryHtml(
      report({
        listingIds: ['<img src=x>'],
        resolved: { ...resolved, version: '</code><script>' },
      }),
    );
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<script>');
  });

  it('redacts before escaping, so a key with characters that escaping changes is caught', () => {
    const key = `k"<'|&>y0123`;
    const redact = (text: string) => text.replaceAll(key, '***');
    const html = summaryHtml(
      report({ listingIds: [key], resolved: { ...resolved, changelog: `a ${key} b` } }),
      redact,
    );
    expect(html).toContain('<code>***</code>');
    expect(html).toContain('<pre>a *** b</pre>');
    expect(html).not.toContain('y0123');
  });

  it.each([
    [0, '0 ms'],
    [9_999.4, '9999 ms'],
    [10_000, '10.0 s'],
    [61_500, '61.5 s'],
  ])('shows %d ms as %s: milliseconds below 10 s, then seconds', (ms, shown) => {
    expect(summaryHtml(report({ elapsedMs: ms }))).toContain(`Time</th><td>${shown}</td>`);
  });
});

describe('several listings', () => {
  const failed503 = { last: { ...ok, status: 503, body: '{"error":"busy"}' }, attempts: 4 };
  const several = (): RunReport =>
    report({
      listingIds: ['a', 'b', 'c', 'd'],
      rows: [
        row({ listingId: 'a', previousVersion: '1.0.0' }),
        row({
          listingId: 'b',
          state: 'skipped',
          outcome: undefined,
          why: 'already at 1.2.3',
          previousVersion: '1.2.3',
        }),
        row({
          listingId: 'c',
          outcome: failed503,
          problem: { title: 'Listing c: down', message: 'Listing "c": down' },
        }),
      ],
    });

  it('gives one results entry per listing, in order; a listing without a row was not attempted', () => {
    expect(results(several())).toEqual([
      {
        'listing-id': 'a',
        updated: true,
        status: 200,
        attempts: 1,
        error: null,
        skipped: false,
        'previous-version': '1.0.0',
        confirmed: null,
        'read-back': null,
      },
      {
        'listing-id': 'b',
        updated: false,
        status: null,
        attempts: 0,
        error: null,
        skipped: true,
        'previous-version': '1.2.3',
        confirmed: null,
        'read-back': null,
      },
      {
        'listing-id': 'c',
        updated: false,
        status: 503,
        attempts: 4,
        error: 'Listing "c": down',
        skipped: false,
        'previous-version': null,
        confirmed: null,
        'read-back': null,
      },
      {
        'listing-id': 'd',
        updated: false,
        status: null,
        attempts: 0,
        error: 'not attempted: the run stopped before it',
        skipped: false,
        'previous-version': null,
        confirmed: null,
        'read-back': null,
      },
    ]);
  });

  it('describes the last listing attempted; updated only when every listing was', () => {
    expect(outputs(several())).toMatchObject({
      'listing-id': 'a\nb\nc\nd',
      status: '503',
      response: '{"error":"busy"}',
      attempts: '4',
      updated: 'false',
      skipped: 'b',
    });
    const allDone = report({ listingIds: ['a', 'b'] });
    expect(outputs(allDone).updated).toBe('true');
    const oneSkipped = report({
      listingIds: ['a', 'b'],
      rows: [
        row({ listingId: 'a' }),
        row({ listingId: 'b', state: 'skipped', outcome: undefined }),
      ],
    });
    expect(outputs(oneSkipped)).toMatchObject({ updated: 'false', skipped: 'b', status: '200' });
  });

  it('describes the list (GET) when no PATCH was sent', () => {
    const list = { last: { ...ok, body: '{"listings":[]}' }, attempts: 2 };
    const dry = report({ dryRun: true, outcome: undefined, list });
    expect(outputs(dry)).toMatchObject({
      status: '200',
      response: '{"listings":[]}',
      attempts: '2',
      updated: 'false',
    });
  });

  it('names the step problem for listings refused before any request', () => {
    const refused = report({
      listingIds: ['a', 'b'],
      rows: [],
      problem: { title: 'No version to deploy', message: 'm' },
    });
    expect(results(refused).map((entry) => (entry as { error: string }).error)).toEqual([
      'not attempted: No version to deploy',
      'not attempted: No version to deploy',
    ]);
  });

  it('has a summary row per listing and every message', () => {
    const html = summaryHtml({
      ...several(),
      notes: [{ level: 'notice', title: 'n', message: 'a <note>' }],
    });
    expect(html).toContain('❌ Failed: 1 of 4 listings');
    expect(html.match(/<tr><td><code>/g)).toHaveLength(4);
    for (const part of [
      '<tr><td><code>a</code></td><td>✅ Updated</td><td>200</td><td>1</td><td>1234 ms</td></tr>',
      '<td><code>b</code></td><td>⏭️ Skipped: already at 1.2.3</td><td>—</td><td>0</td><td>—</td></tr>',
      '<td><code>c</code></td><td>❌ Failed: Listing c: down</td><td>503</td><td>4</td>',
      '<td><code>d</code></td><td>⏸️ Not attempted: the run stopped before it</td>',
      '<p>Listing &quot;c&quot;: down</p>',
      '<p>a &lt;note&gt;</p>',
    ]) {
      expect(html).toContain(part);
    }
  });

  it('sums up a run without failures', () => {
    const oneSkipped = report({
      listingIds: ['a', 'b'],
      rows: [
        row({ listingId: 'a' }),
        row({ listingId: 'b', state: 'skipped', outcome: undefined }),
      ],
    });
    expect(summaryHtml(oneSkipped)).toContain('✅ Updated 1, skipped 1');
    expect(
      summaryHtml(report({ listingIds: ['a', 'b'], dryRun: true, outcome: undefined })),
    ).toContain('🔍 Dry run: no update was sent');
  });

  it.each<[string, ListingRow['state'][], string]>([
    ['two updated', ['sent', 'sent'], '✅ Updated 2'],
    ['one updated, one skipped', ['sent', 'skipped'], '✅ Updated 1, skipped 1'],
    ['one skipped, then one updated', ['skipped', 'sent'], '✅ Updated 1, skipped 1'],
    ['every listing skipped', ['skipped', 'skipped'], '⏭️ Skipped 2'],
    ['three skipped', ['skipped', 'skipped', 'skipped'], '⏭️ Skipped 3'],
    ['two updated, one skipped', ['sent', 'skipped', 'sent'], '✅ Updated 2, skipped 1'],
  ])('heads the summary of %s with what happened only', (_, states, headline) => {
    const listingIds = states.map((_, index) => `asset-${index + 1}`);
    const rows = states.map((state, index) =>
      row({ listingId: listingIds[index], state, ...(state !== 'sent' && { outcome: undefined }) }),
    );
    const html = summaryHtml(report({ listingIds, rows }));
    expect(html).toContain(`<th align="left">Result</th><td>${headline}</td>`);
    expect(html).not.toMatch(/(Updated|Skipped) 0/i);
  });

  it('heads the summary of a run without listings with nothing sent, never a count of 0', () => {
    const html = summaryHtml(report({ listingIds: [], rows: [] }));
    expect(html).toContain('<th align="left">Result</th><td>⏭️ Nothing sent</td>');
  });

  it('is not updated when the step failed, or when there was no listing', () => {
    expect(outputs(report({ problem: { title: 't', message: 'm' } })).updated).toBe('false');
    expect(outputs(report({ listingIds: [] })).updated).toBe('false');
  });

  it('lists every skipped id, one per line, and counts them', () => {
    const skippedRow = (listingId: string) =>
      row({ listingId, state: 'skipped', outcome: undefined });
    const mixed = report({
      listingIds: ['a', 'b', 'c'],
      rows: [skippedRow('a'), row({ listingId: 'b' }), row({ listingId: 'c' })],
    });
    expect(summaryHtml(mixed)).toContain('✅ Updated 2, skipped 1');
    const two = report({ listingIds: ['a', 'b'], rows: [skippedRow('a'), skippedRow('b')] });
    expect(outputs(two).skipped).toBe('a\nb');
    expect(summaryHtml(report({ listingIds: ['a', 'b'] }))).toContain('<td>✅ Updated 2</td>');
  });

  it('shows the step problem as the result, and a single listing as its row', () => {
    const stopped = report({
      listingIds: ['a', 'b'],
      rows: [],
      problem: { title: 'T', message: 'M' },
    });
    expect(summaryHtml(stopped)).toContain('<th align="left">Result</th><td>❌ Failed: T</td>');
    const skippedOne = report({
      rows: [row({ state: 'skipped', outcome: undefined, why: 'already at 1' })],
    });
    expect(summaryHtml(skippedOne)).toContain(
      '<th align="left">Result</th><td>⏭️ Skipped: already at 1</td>',
    );
  });

  it('shows the list request (GET) and a step without listings', () => {
    const list = { last: { kind: 'failure', code: 'ECONNRESET', ms: 1 } as const, attempts: 3 };
    expect(summaryHtml(report({ list }))).toContain(
      '<th align="left">List of listings</th><td>GET: HTTP status ECONNRESET, attempts 3</td>',
    );
    expect(summaryHtml(report({ listingIds: [], resolved: undefined }))).toContain(
      '<td colspan="5">(no listing)</td>',
    );
  });
});

describe('an event that deploys nothing (SPEC 7.7)', () => {
  const ignored = (listingIds: string[]): RunReport => ({
    listingIds,
    resolved: undefined,
    dryRun: false,
    list: undefined,
    problem: undefined,
    elapsedMs: 3,
    ...ignoredEventReport(listingIds, 'Release v1.2.3 was deleted'),
  });

  it('skips every listing with no request, and is not updated', () => {
    const out = outputs(ignored(['asset-1', 'asset-2']));
    expect(out).toMatchObject({
      version: '',
      changelog: '',
      'listing-id': 'asset-1\nasset-2',
      status: '',
      response: '',
      attempts: '0',
      updated: 'false',
      skipped: 'asset-1\nasset-2',
    });
    expect(JSON.parse(out.results ?? '')).toEqual(
      ['asset-1', 'asset-2'].map((id) => ({
        'listing-id': id,
        updated: false,
        status: null,
        attempts: 0,
        error: null,
        skipped: true,
        'previous-version': null,
        confirmed: null,
        'read-back': null,
      })),
    );
  });

  it('has one notice saying why', () => {
    expect(ignored(['asset-1']).notes).toEqual([
      {
        level: 'notice',
        title: 'Nothing to deploy',
        message: 'Release v1.2.3 was deleted: nothing was sent.',
      },
    ]);
  });

  it.each([[['asset-1']], [['asset-1', 'asset-2']]])('the summary says it, for %j', (ids) => {
    const html = summaryHtml(ignored(ids));
    expect(html).toContain('⏭️ Nothing sent: Release v1.2.3 was deleted');
    expect(html).toContain('(nothing to deploy on this event)');
    expect(html).toContain('<p>Release v1.2.3 was deleted: nothing was sent.</p>');
    for (const id of ids) {
      expect(html).toContain(
        `<td><code>${id}</code></td><td>⏭️ Skipped: Release v1.2.3 was deleted</td>`,
      );
    }
    expect(html).not.toContain('<details>');
  });

  it('a step problem still wins over the event', () => {
    const html = summaryHtml({ ...ignored(['a']), problem: { title: 'Boom', message: 'm' } });
    expect(html).toContain('❌ Failed: Boom');
  });
});

describe('the confirmation in results and the summary (SPEC 7.8)', () => {
  it.each([
    [true, '1.2.3', '✅ Updated, confirmed'],
    [false, '1.2.2', '⚠️ Updated, but the answer shows version 1.2.2'],
    [null, null, '✅ Updated (not confirmed: the answer shows no version)'],
  ])('confirmed %s', (confirmed, shownVersion, text) => {
    const one = report({ rows: [row({ confirmed, shownVersion })] });
    expect(results(one)[0]).toMatchObject({ updated: true, confirmed });
    expect(summaryHtml(one)).toContain(`<td>${text}</td>`);
  });

  it('escapes the version an answer shows', () => {
    const one = report({ rows: [row({ confirmed: false, shownVersion: '<b>1</b>' })] });
    expect(summaryHtml(one)).toContain('shows version &lt;b&gt;1&lt;/b&gt;');
  });
});

describe('the report before anything is known', () => {
  it('says nothing was sent or updated, and lists no listing', () => {
    const empty = emptyReport();
    expect(results(empty)).toEqual([]);
    expect(outputs(empty)).toMatchObject({
      version: '',
      changelog: '',
      'listing-id': '',
      status: '',
      attempts: '0',
      updated: 'false',
      skipped: '',
    });
    expect(summaryHtml(empty)).toContain('(not resolved)');
  });
});
